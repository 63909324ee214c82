// The one-paper benchmark's floor: what any verifier on Node pays to hash a paper's files, with
// nothing else (no parsing, no rules, no report). Every regular file under the directory is read
// and hashed with sha256, scheduled as audit-gate's Hasher (src/io/hashing.ts) schedules them:
// files of 8 MiB and more go to workers (one fewer than its threads, at most four in all; none
// when there is no such file), largest first; this thread hashes the small ones in one call each,
// then takes large ones too. One atomic counter hands out the large files, so no message round
// trip delays a thread. A CommonJS script, as audit-gate's loader is (Node starts it sooner).
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');

const LARGE = 8 * 1024 * 1024;
const CHUNK = 1024 * 1024;

/** Hashes large[next++] in 1 MiB reads until none is left; the bytes hashed. */
function drainLarge(large, next) {
  const buf = Buffer.allocUnsafe(CHUNK);
  let bytes = 0;
  for (let i = Atomics.add(next, 0, 1); i < large.length; i = Atomics.add(next, 0, 1)) {
    const fd = fs.openSync(large[i], 'r');
    try {
      const h = crypto.createHash('sha256');
      for (let n; (n = fs.readSync(fd, buf, 0, CHUNK, null)) > 0; bytes += n)
        h.update(buf.subarray(0, n));
      h.digest('hex');
    } finally {
      fs.closeSync(fd);
    }
  }
  return bytes;
}

async function main(root) {
  const small = [];
  const sized = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const size = fs.statSync(p).size;
        if (size >= LARGE) sized.push({ p, size });
        else small.push(p);
      }
    }
  };
  walk(root);
  const large = sized.sort((a, b) => b.size - a.size).map((f) => f.p);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const threads = Math.max(1, Math.min(4, os.availableParallelism()));
  const workers = Array.from(
    { length: large.length === 0 ? 0 : Math.min(threads - 1, large.length) },
    () => new Worker(__filename, { workerData: { large, next } }),
  );
  const replies = workers.map(
    (w) =>
      new Promise((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      }),
  );
  let bytes = 0;
  for (const p of small) {
    const b = fs.readFileSync(p);
    crypto.hash('sha256', b, 'hex');
    bytes += b.length;
  }
  bytes += drainLarge(large, next);
  for (const b of await Promise.all(replies)) bytes += b;
  if (bytes === 0) {
    console.error(`${root}: no bytes to hash under it (${small.length + large.length} files)`);
    process.exitCode = 1;
  }
}

if (isMainThread) {
  const root = process.argv[2];
  if (!root) throw new Error('usage: node bench/hash-floor.cjs <directory>');
  main(root).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
} else {
  parentPort.postMessage(drainLarge(workerData.large, workerData.next));
}
