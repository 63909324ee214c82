import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';

/**
 * The Rust parser: tree-sitter's Rust grammar run as WebAssembly through web-tree-sitter, so the
 * bundles need no native module and no install. The two .wasm files sit beside each bundle
 * (dist/ and dist/cli/, copied by scripts/copy-wasm.mjs); from sources they are found in
 * node_modules above this file.
 */
export const WASM_FILES = {
  runtime: { file: 'web-tree-sitter.wasm', pkg: 'web-tree-sitter' },
  rust: { file: 'tree-sitter-rust.wasm', pkg: 'tree-sitter-rust' },
} as const;

/** Where a .wasm file is: beside the running bundle, else in a node_modules above it. */
export function locateWasm(which: keyof typeof WASM_FILES, from = here()): string {
  const { file, pkg } = WASM_FILES[which];
  const beside = path.join(from, file);
  if (fs.existsSync(beside)) return beside;
  for (let d = from; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', pkg, file);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(d) === d) break;
  }
  throw new Error(`${file} not found beside ${from} or in a node_modules above it`);
}

function here(): string {
  return path.dirname(fileURLToPath(import.meta.url));
}

let loading: Promise<Language> | undefined;

/** Loads the runtime and the grammar once per process (a few tens of milliseconds). */
export function rustLanguage(): Promise<Language> {
  loading ??= (async () => {
    await Parser.init({ wasmBinary: fs.readFileSync(locateWasm('runtime')) });
    return Language.load(fs.readFileSync(locateWasm('rust')));
  })();
  return loading;
}

/** A parser for Rust; call `delete()` when done with it. */
export async function rustParser(): Promise<Parser> {
  const language = await rustLanguage();
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
