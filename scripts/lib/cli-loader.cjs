#!/usr/bin/env node
// audit-gate's command line. The program is app.js beside this file (the bundle, as a function);
// this loader compiles it with a V8 code cache when one was left by an earlier run of the same
// bundle on the same Node, so a run does not parse and compile it again (docs/performance.md).
// The cache lives beside app.js (see cacheFileFor), never in the workspace: nothing a checkout
// holds is read or written by it. AUDIT_GATE_COMPILE_CACHE=off turns it off.
// A CommonJS script, not an ES module: Node starts one ≈ 6 ms sooner (no module loader), in
// the main thread and in every verify worker, which starts from this file too.
'use strict';
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const v8 = require('node:v8');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

// `trace` and `addenda-b` run the same few hundred functions over thousands of runs or records,
// each hot for a short while: under V8's default tier-up budget many are optimised early, some
// twice, and the optimising compiler was a fifth of their instructions. Three times the budget
// costs less (Addenda B −12% CPU, 200 real trace runs −5% wall). `aris` mostly hashes, and ran
// ≈ 10 ms slower with it (docs/performance.md). Set before app.js is compiled, so the code cache
// sees the flags it was written under; a budget given to Node itself (execArgv, NODE_OPTIONS) wins.
// Only on Node 20 (V8 11.3): later V8s have no such flag (setting it prints an error) and tier
// up through Maglev, where none of their tiering flags paid on Node 24.
const RECORD_HEAVY = ['trace', 'addenda-b'];
if (
  isMainThread &&
  process.versions.node.startsWith('20.') &&
  RECORD_HEAVY.includes(process.argv[2]) &&
  // V8 spells a flag with - or _; --interrupt-budget-for-… are other flags.
  !/--interrupt[-_]budget(?:[=\s]|$)/.test(
    `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`,
  )
)
  v8.setFlagsFromString('--interrupt-budget=200000');

const KIND = 'AUDIT_GATE_COMPILE_CACHE_KIND';
/** The CLI's commands (src/cli/help.ts; a test keeps the two lists equal). */
const COMMANDS = ['verify', 'merge', 'fixtures', 'aris', 'trace', 'aristo', 'addenda-b'];
// The real loader: started through a link kept as it is (--preserve-symlinks-main), app.js, the
// assets and the verify workers' entry are still found beside it.
const selfPath = fs.realpathSync(__filename);
const self = pathToFileURL(selfPath).href;
const appFile = path.join(path.dirname(selfPath), 'app.js');
const bytes = fs.readFileSync(appFile);
const source = bytes.toString('utf8');
const cacheFile = cacheFileFor(bytes);
const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
const script = new vm.Script(source, { filename: appFile, cachedData });
if (
  cacheFile !== undefined &&
  isMainThread &&
  (cachedData === undefined || script.cachedDataRejected)
)
  // At exit, so the cache holds every function this run compiled, not just the top level.
  process.once('exit', () => writeCache(cacheFile, script));
script.runInThisContext()(createRequire(self), self);

/**
 * The cache file for this bundle on this Node and this command (each command compiles other
 * functions), or undefined when caching is off. It lies beside app.js, in .v8cache/: whoever can
 * write there can replace app.js itself, so the cache is exactly as trusted as the code (as
 * Python's __pycache__ beside its sources). A read-only install simply runs without one.
 */
function cacheFileFor(app) {
  const setting = process.env.AUDIT_GATE_COMPILE_CACHE;
  if (setting === 'off' || setting === '0') return undefined;
  // V8 checks a cache against the source's length only: the name carries the source's hash.
  const key = createHash('sha256')
    .update(`${process.version} ${process.arch} ${process.execArgv.join(' ')}\n`)
    .update(app)
    .digest('hex')
    .slice(0, 32);
  // A verify worker runs the code its command's run compiled: it reads that command's cache.
  const command = isMainThread ? process.argv[2] : process.env[KIND];
  // Only real commands get a cache of their own: a typo would write another ≈ 700 KB file.
  const kind = COMMANDS.includes(command) ? command : 'other';
  if (isMainThread) process.env[KIND] = kind;
  return path.join(path.dirname(appFile), '.v8cache', `${key}-${kind}.v8cache`);
}

function readCache(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically, and removes the caches of other bundles or Node versions. */
function writeCache(file, compiled) {
  const dir = path.dirname(file);
  // A name no one else holds, created exclusively: a run with the same pid in another container
  // sharing this install, or a link left at a guessable name, is never written into.
  const tmp = `${file}.${process.pid}-${randomBytes(8).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(tmp, compiled.createCachedData(), { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, file);
    const bundle = path.basename(file).slice(0, 32);
    for (const name of fs.readdirSync(dir))
      if (!name.startsWith(bundle) && name.endsWith('.v8cache'))
        fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // A cache is an optimisation: a read-only home, a full disk or a race loses nothing.
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing was left, or nothing can be removed there
    }
  }
}
