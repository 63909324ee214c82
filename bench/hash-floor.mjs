// The one-paper benchmark's floor: what any verifier on Node pays to hash a paper's files, with
// nothing else (no parsing, no rules, no report). Every regular file under the directory is read
// and hashed with sha256 on as many threads as audit-gate's Hasher uses (this one and workers, up
// to four in all), scheduled as audit-gate schedules them: one list, largest files first; the
// workers take from its large end and this thread from its small end (it hashes the small files
// while the workers start), through one atomic word, so no message round trip delays a thread.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const CHUNK = 1024 * 1024;

/**
 * The next index to hash, or -1 when none is left. `state` packs the untaken range [start, end):
 * start in the high 32 bits, end in the low 32, so both ends move in one compare-and-swap.
 */
function take(state, fromStart) {
  for (;;) {
    const cur = Atomics.load(state, 0);
    const start = cur >> 32n;
    const end = cur & 0xffffffffn;
    if (start >= end) return -1;
    const next = fromStart ? ((start + 1n) << 32n) | end : (start << 32n) | (end - 1n);
    if (Atomics.compareExchange(state, 0, cur, next) === cur)
      return Number(fromStart ? start : end - 1n);
  }
}

/** Hashes files until none is left, from the start or the end of the list; the bytes hashed. */
function drain(files, state, fromStart) {
  const buf = Buffer.allocUnsafe(CHUNK);
  let bytes = 0;
  for (let i = take(state, fromStart); i >= 0; i = take(state, fromStart)) {
    const fd = fs.openSync(files[i], 'r');
    try {
      const h = createHash('sha256');
      for (let n; (n = fs.readSync(fd, buf, 0, CHUNK, null)) > 0; bytes += n)
        h.update(buf.subarray(0, n));
      h.digest('hex');
    } finally {
      fs.closeSync(fd);
    }
  }
  return bytes;
}

if (isMainThread) {
  const root = process.argv[2];
  if (!root) throw new Error('usage: node bench/hash-floor.mjs <directory>');
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) files.push({ p, size: fs.statSync(p).size });
    }
  };
  walk(root);
  const list = files.sort((a, b) => b.size - a.size).map((f) => f.p);
  const state = new BigInt64Array(new SharedArrayBuffer(8));
  state[0] = BigInt(list.length); // [0, length)
  // As src/io/hashing.ts sizes its Hasher: this thread is one of the hashers.
  const threads = Math.max(1, Math.min(4, os.availableParallelism()));
  const workers = Array.from(
    { length: threads - 1 },
    () => new Worker(fileURLToPath(import.meta.url), { workerData: { list, state } }),
  );
  const replies = workers.map(
    (w) =>
      new Promise((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      }),
  );
  const bytes =
    drain(list, state, workers.length === 0) +
    (await Promise.all(replies)).reduce((a, b) => a + b, 0);
  if (bytes === 0) {
    console.error(`${root}: no bytes to hash under it (${list.length} files)`);
    process.exit(1);
  }
} else {
  parentPort.postMessage(drain(workerData.list, workerData.state, true));
}
