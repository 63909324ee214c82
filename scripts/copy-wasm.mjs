// Copies the files the aristo pack's Rust parser loads at run time (web-tree-sitter's CommonJS
// build and WebAssembly runtime, tree-sitter's Rust and C grammars) beside a bundle, so dist/index.js and dist/cli/index.js run
// with no node_modules (src/packs/aristo/grammar.ts looks beside itself first).
//
// Usage: node scripts/copy-wasm.mjs <bundle-dir>...
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');
const FILES = [
  'web-tree-sitter/web-tree-sitter.cjs',
  'web-tree-sitter/web-tree-sitter.wasm',
  'tree-sitter-rust/tree-sitter-rust.wasm',
  'tree-sitter-c/tree-sitter-c.wasm',
];

for (const dir of process.argv.slice(2)) {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of FILES) {
    fs.copyFileSync(path.join(modules, f), path.join(dir, path.basename(f)));
  }
}
