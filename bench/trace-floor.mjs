// The trace benchmark's floor: what any verifier on Node pays before checking anything. Every
// file of each run directory is read and hashed with sha256, and every line of every trace.jsonl is
// JSON.parsed, with nothing else: no rules, no report. It uses as many threads as audit-gate does
// (this one and up to seven workers, one fewer than the cores), each taking every n-th run;
// `--threads 1` uses this one alone (on a few small runs, a worker's start costs more than it saves).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

function visit(files) {
  let lines = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(f);
    createHash('sha256').update(bytes).digest('hex');
    if (!f.endsWith('trace.jsonl')) continue;
    for (const line of bytes.toString('utf8').split('\n')) {
      if (line === '') continue;
      JSON.parse(line);
      lines++;
    }
  }
  return lines;
}

if (isMainThread) {
  const [root, ...rest] = process.argv.slice(2);
  const usage = (why) => {
    console.error(`${why}\nusage: node bench/trace-floor.mjs <directory of runs> [--threads N]`);
    process.exit(2);
  };
  if (root === undefined) usage('no directory of runs given');
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory())
    usage(`${root}: not a directory`);
  const threads = rest.length === 0 ? undefined : Number(rest[1]);
  if (rest.length !== 0 && (rest.length !== 2 || rest[0] !== '--threads'))
    usage(`unexpected arguments: ${rest.join(' ')}`);
  // audit-gate uses at most 8 threads: one per core, up to 8.
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= 8))
    usage(`--threads takes a whole number from 1 to 8, not ${rest[1]}`);
  // As src/pipeline/parallel.ts sizes its verify workers, unless told. (audit-gate starts them only for 8
  // runs or more; the floor always does, so on a few runs --threads 1 is the lower one.)
  const helpers =
    threads === undefined ? Math.max(0, Math.min(7, os.availableParallelism() - 1)) : threads - 1;
  const workers = Array.from({ length: helpers }, () => new Worker(fileURLToPath(import.meta.url)));
  const runs = [];
  const walk = (d, into) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p, into);
      else if (e.isFile()) into.push(p);
    }
  };
  // A run is a directory holding trace.jsonl; its files are everything under it.
  const findRuns = (d) => {
    if (fs.existsSync(path.join(d, 'trace.jsonl'))) return void runs.push(d);
    for (const e of fs.readdirSync(d, { withFileTypes: true }))
      if (e.isDirectory()) findRuns(path.join(d, e.name));
  };
  findRuns(root);
  const shares = Array.from({ length: helpers + 1 }, () => []);
  runs.forEach((r, i) => walk(r, shares[i % shares.length]));
  const replies = workers.map(
    (w, i) =>
      new Promise((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
        w.postMessage(shares[i + 1]);
      }),
  );
  const lines = visit(shares[0]) + (await Promise.all(replies)).reduce((a, b) => a + b, 0);
  await Promise.all(workers.map((w) => w.terminate()));
  if (lines === 0) {
    console.error(`${root}: no trace.jsonl line found under it (${runs.length} runs)`);
    process.exit(1);
  }
} else {
  parentPort.once('message', (files) => parentPort.postMessage(visit(files)));
}
