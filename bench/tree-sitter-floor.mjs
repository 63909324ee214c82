// The benchmark's floor: a bare tree-sitter parse of every .rs file under a directory, with the
// same runtime and grammar the CLI bundle loads (dist/cli/), and nothing else.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [dist, root] = process.argv.slice(2);
const { Parser, Language } = createRequire(import.meta.url)(path.join(dist, 'web-tree-sitter.cjs'));
await Parser.init({ wasmBinary: fs.readFileSync(path.join(dist, 'web-tree-sitter.wasm')) });
const parser = new Parser();
parser.setLanguage(await Language.load(fs.readFileSync(path.join(dist, 'tree-sitter-rust.wasm'))));
let nodes = 0;
for (const f of fs.readdirSync(root, { recursive: true })) {
  if (!String(f).endsWith('.rs')) continue;
  const tree = parser.parse(fs.readFileSync(path.join(root, String(f)), 'utf8'));
  nodes += tree.rootNode.childCount;
  tree.delete();
}
if (nodes === 0) process.exit(1);
