// The trace benchmark's floor: what any verifier on Node pays before checking anything. Every
// file of each run directory is read and hashed with sha256, and every line of every trace.jsonl is
// JSON.parsed, on two threads (this one and one worker, each taking every other run directory),
// with nothing else: no rules, no report.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
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
  const root = process.argv[2];
  const worker = new Worker(fileURLToPath(import.meta.url));
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
  const mine = [];
  const theirs = [];
  runs.forEach((r, i) => walk(r, i % 2 ? theirs : mine));
  worker.postMessage(theirs);
  const lines = visit(mine);
  const other = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (runs.length === 0 || lines + other === 0) process.exit(1);
} else {
  parentPort.once('message', (files) => parentPort.postMessage(visit(files)));
}
