import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language, Parser } from 'web-tree-sitter';

/**
 * The parser's runtime files: web-tree-sitter's CommonJS build and WebAssembly, and the Rust
 * grammar. They sit beside each bundle (dist/ and dist/cli/, copied there by
 * scripts/copy-wasm.mjs) and are loaded from there at run time, not bundled: ncc breaks the ESM
 * build's dynamic import of Node's `module` ("createRequire is not a function"). From sources
 * they are found in node_modules above this file.
 */
export const RUNTIME_FILES = {
  js: { file: 'web-tree-sitter.cjs', pkg: 'web-tree-sitter' },
  runtime: { file: 'web-tree-sitter.wasm', pkg: 'web-tree-sitter' },
  rust: { file: 'tree-sitter-rust.wasm', pkg: 'tree-sitter-rust' },
} as const;

type TreeSitter = typeof import('web-tree-sitter');
let treeSitter: TreeSitter | undefined;

function runtime(): TreeSitter {
  treeSitter ??= createRequire(import.meta.url)(locate('js')) as TreeSitter;
  return treeSitter;
}

/** Where a runtime file is: beside the running bundle, else in a node_modules above it. */
export function locate(which: keyof typeof RUNTIME_FILES, from = here()): string {
  const { file, pkg } = RUNTIME_FILES[which];
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
    const { Parser, Language } = runtime();
    await Parser.init({ wasmBinary: fs.readFileSync(locate('runtime')) });
    return Language.load(fs.readFileSync(locate('rust')));
  })();
  return loading;
}

/** A parser for Rust; call `delete()` when done with it. */
export async function rustParser(): Promise<Parser> {
  const language = await rustLanguage();
  const parser = new (runtime().Parser)();
  parser.setLanguage(language);
  return parser;
}
