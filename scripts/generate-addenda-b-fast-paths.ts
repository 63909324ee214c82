// Writes src/packs/addenda-b/schema/fast-paths.generated.ts (see scripts/lib/addenda-b-fast-paths.ts).
// Usage: npx tsx scripts/generate-addenda-b-fast-paths.ts   (then commit the generated file)
import fs from 'node:fs';
import path from 'node:path';
import { FAST_PATHS_FILE, renderFastPaths } from './lib/addenda-b-fast-paths.js';

fs.writeFileSync(path.resolve(import.meta.dirname, '..', FAST_PATHS_FILE), renderFastPaths());
console.log(`${FAST_PATHS_FILE} regenerated`);
