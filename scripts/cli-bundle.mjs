// Turns the CLI bundle ncc wrote (dist/cli/index.js, an ES module) into app.js, the same program
// as a function the loader (scripts/lib/cli-loader.cjs, copied to index.js) compiles with a V8
// code cache: Node 20 caches the code of scripts, not of ES modules. app.js is ASCII only
// (scripts/lib/ascii-source.mjs says why). Fails the build when the bundle uses module syntax
// the rewrite does not cover, or a form the ASCII rewrite would change.
//
// Usage: node scripts/cli-bundle.mjs <bundle-dir>
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { asciiOnly } from './lib/ascii-source.mjs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/cli-bundle.mjs <bundle-dir>');
const entry = path.join(dir, 'index.js');
const IMPORT = 'import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";';

let text = fs.readFileSync(entry, 'utf8').replace(/^#!.*\n/, '');
if (text.split(IMPORT).length !== 2) throw new Error(`${entry}: expected one line ${IMPORT}`);
text = text.replace(
  IMPORT,
  'const { createRequire: __WEBPACK_EXTERNAL_createRequire } = __require("module");',
);
const left = text.match(/^\s*(import|export)\b.*$|\bimport\s*\(|\bimport\.meta(?!\.url)\b/m);
if (left) throw new Error(`${entry}: module syntax the loader cannot run: ${left[0].slice(0, 80)}`);
// Every base the bundle derives from its own URL (createRequire, assets, the worker entry) is the
// loader's: it sits in the same directory, and a verify worker must start from it.
text = text.replaceAll('import.meta.url', '__loaderUrl');
try {
  text = asciiOnly(text);
} catch (err) {
  throw new Error(`${entry}: ${err.message}`, { cause: err });
}
const app = `(function (__require, __loaderUrl) {\n"use strict";\n${text}\n})`;
new vm.Script(app, { filename: 'app.js' }); // a syntax error fails the build, not a user's run
fs.writeFileSync(path.join(dir, 'app.js'), app);
const loader = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'cli-loader.cjs');
fs.copyFileSync(loader, entry);
fs.chmodSync(entry, 0o755);
// ncc marked the directory as ES modules; the loader is a CommonJS script (it says why).
fs.writeFileSync(path.join(dir, 'package.json'), '{\n  "type": "commonjs"\n}\n');
// The loader's caches (.v8cache/, beside app.js) are never packed.
fs.writeFileSync(path.join(dir, '.npmignore'), '.v8cache/\n');
