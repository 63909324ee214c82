// Benchmark: `audit-gate trace` on a synthetic artifacts root of RUNS runs, each with ~200 events
// and 20 evidence files (realistic runs from scripts/build-trace-fixtures.mjs), against
// `openssl dgst -sha256` over the same files in the same run. Prints the wall-time ratio (target
// ≤ 1.5×) and the CLI's peak RSS (target < 300 MB). Timings are printed, never asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanModel, writeRun } from '../scripts/build-trace-fixtures.mjs';
import { CLI, bestOf, mib, opensslMs, peakRss, report, requireBuiltCli } from './measure.mjs';

const RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 1000);
const REPEAT = Number(process.env.BENCH_RUNS ?? 3);
const EVIDENCE = 20; // 6 retrieved chunks + 14 appendix chunks
const EVENTS = 200;

requireBuiltCli();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-bench-trace-'));
try {
  fs.mkdirSync(path.join(root, '.git'));
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n'); // an empty repository
  const t0 = Date.now();
  let events = 0;
  for (let i = 0; i < RUNS; i++) {
    // 28 base events + 14 extra evidence registrations; follow-up searches fill up to ~200.
    const m = cleanModel({
      seed: 1000 + i,
      extraEvidence: EVIDENCE - 6,
      extraCalls: Math.floor((EVENTS - 42) / 2),
    });
    events += m.events.length;
    writeRun(root, m);
  }
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) files.push(p);
    }
  };
  walk(path.join(root, 'artifacts'));
  const totalBytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  console.log(
    `generated ${RUNS} runs (${(events / RUNS).toFixed(0)} events, ${EVIDENCE} evidence files each; ${files.length} files, ${mib(totalBytes)} MiB) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const args = ['trace', path.join(root, 'artifacts'), '--root', root, '--format', 'json'];
  bestOf(1, process.execPath, [CLI, ...args]); // warm the page cache for both tools
  const ours = bestOf(REPEAT, process.execPath, [CLI, ...args]);
  const ref = opensslMs(REPEAT, files);
  const rss = peakRss(args, [0]);
  report(
    `audit-gate trace: ${RUNS} runs × ~${EVENTS} events × ${EVIDENCE} evidence files (best of ${REPEAT})`,
    [
      ['openssl dgst -sha256 (same files)', `${ref.toFixed(0)} ms`],
      ['audit-gate trace', `${ours.toFixed(0)} ms`],
      ['ratio (target ≤ 1.5×)', `${(ours / ref).toFixed(2)}×`],
      ['per run', `${(ours / RUNS).toFixed(2)} ms`],
      ['peak RSS (target < 300 MB)', `${mib(rss)} MiB`],
    ],
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
