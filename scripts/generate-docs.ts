// Writes schemas/*.json and docs/codes.md from the zod schemas and the code registry.
import fs from 'node:fs';
import path from 'node:path';
import { codesMarkdown, schemaFiles } from '../src/docs.js';
import { addendaBMarkdown } from '../src/packs/addenda-b/docs.js';

const root = path.resolve(import.meta.dirname, '..');
fs.mkdirSync(path.join(root, 'schemas'), { recursive: true });
for (const f of fs.readdirSync(path.join(root, 'schemas')))
  if (f.endsWith('.schema.json')) fs.rmSync(path.join(root, 'schemas', f));
for (const [name, text] of Object.entries(schemaFiles()))
  fs.writeFileSync(path.join(root, 'schemas', name), text);
fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
fs.writeFileSync(path.join(root, 'docs/codes.md'), codesMarkdown());
fs.writeFileSync(path.join(root, 'docs/addenda-b.md'), addendaBMarkdown());
console.log('schemas/, docs/codes.md and docs/addenda-b.md regenerated');
