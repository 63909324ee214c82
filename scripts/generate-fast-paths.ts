// Writes the fast paths generated ahead of time (scripts/lib/fast-paths.ts lists them), from the
// packs' zod schemas. Usage: npm run fast-paths   (then commit the generated files)
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_FAST_PATHS } from './lib/fast-paths.js';

for (const { file, render } of GENERATED_FAST_PATHS) {
  fs.writeFileSync(path.resolve(import.meta.dirname, '..', file), render());
  console.log(`${file} regenerated`);
}
