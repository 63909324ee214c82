import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language, Parser } from 'web-tree-sitter';

/**
 * The parsers' runtime files: web-tree-sitter's CommonJS build and WebAssembly, and the Rust and
 * C grammars (C: tree-sitter-c 0.23, the version the SDK's C front-end pins). They sit beside each bundle (dist/ and dist/cli/, copied there by
 * scripts/copy-wasm.mjs) and are loaded from there at run time, not bundled: ncc breaks the ESM
 * build's dynamic import of Node's `module` ("createRequire is not a function"). From sources
 * they are found in node_modules above this file.
 */
export const RUNTIME_FILES = {
  js: { file: 'web-tree-sitter.cjs', pkg: 'web-tree-sitter' },
  runtime: { file: 'web-tree-sitter.wasm', pkg: 'web-tree-sitter' },
  rust: { file: 'tree-sitter-rust.wasm', pkg: 'tree-sitter-rust' },
  c: { file: 'tree-sitter-c.wasm', pkg: 'tree-sitter-c' },
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

let initialised: Promise<void> | undefined;
const languages = new Map<'rust' | 'c', Promise<Language>>();

/** Loads the runtime once, and a grammar once per process (a few tens of milliseconds each). */
function language(which: 'rust' | 'c'): Promise<Language> {
  let loading = languages.get(which);
  if (!loading) {
    loading = (async () => {
      const { Parser, Language } = runtime();
      initialised ??= Parser.init({ wasmBinary: fs.readFileSync(locate('runtime')) });
      await initialised;
      return Language.load(fs.readFileSync(locate(which)));
    })();
    languages.set(which, loading);
  }
  return loading;
}

/** A parser for `which`; call `delete()` when done with it. */
async function parserFor(which: 'rust' | 'c'): Promise<Parser> {
  const lang = await language(which);
  const parser = new (runtime().Parser)();
  parser.setLanguage(lang);
  return parser;
}

/** A parser for Rust; call `delete()` when done with it. */
export const rustParser = (): Promise<Parser> => parserFor('rust');

/** A parser for C (the SDK's C front-end's grammar); call `delete()` when done with it. */
export const cParser = (): Promise<Parser> => parserFor('c');
