// Writes src/packs/trace/fast-paths.generated.ts (see scripts/lib/trace-fast-paths.ts).
// Usage: npx tsx scripts/generate-trace-fast-paths.ts   (then commit the generated file)
import fs from 'node:fs';
import path from 'node:path';
import { TRACE_FAST_PATHS_FILE, renderTraceFastPaths } from './lib/trace-fast-paths.js';

fs.writeFileSync(
  path.resolve(import.meta.dirname, '..', TRACE_FAST_PATHS_FILE),
  renderTraceFastPaths(),
);
console.log(`${TRACE_FAST_PATHS_FILE} regenerated`);
