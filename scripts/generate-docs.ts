// Writes schemas/*.json, docs/codes.md and the packs' generated docs pages from the registry.
import fs from 'node:fs';
import path from 'node:path';
import { codesMarkdown, packDocs, schemaFiles } from '../src/docs.js';

const root = path.resolve(import.meta.dirname, '..');
fs.mkdirSync(path.join(root, 'schemas'), { recursive: true });
for (const f of fs.readdirSync(path.join(root, 'schemas')))
  if (f.endsWith('.schema.json')) fs.rmSync(path.join(root, 'schemas', f));
for (const [name, text] of Object.entries(schemaFiles()))
  fs.writeFileSync(path.join(root, 'schemas', name), text);
fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
fs.writeFileSync(path.join(root, 'docs/codes.md'), codesMarkdown());
for (const [name, text] of Object.entries(packDocs()))
  fs.writeFileSync(path.join(root, 'docs', name), text);
console.log("schemas/, docs/codes.md and the packs' docs pages regenerated");
