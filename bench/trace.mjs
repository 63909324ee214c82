// Benchmark, two parts (timings are printed, never asserted):
// 1. synthetic: `audit-gate trace` on RUNS runs, each with ~200 events and 20 evidence files
//    (realistic runs from scripts/build-trace-fixtures.mjs), against `openssl dgst -sha256` over
//    the same files in the same run: the wall-time ratio (target ≤ 2.5×) and peak RSS (< 300 MB);
// 2. real runs: REAL_RUNS copies of the real producer's runs committed as clean fixtures
//    (conformance/trace/real-*), timed per run; when BIJUX_CANON_REASON names the producer's
//    package directory (and python3 with pydantic 2 is there), the producer's own verifier on the
//    same runs in one Python process, as a ratio (target: audit-gate at least 4× faster). Both
//    sides are also timed on one run, which is mostly start-up (Node and the bundle; Python and
//    the producer's imports), so the per-run cost without start-up is printed for each side too.
// In both parts the floor (bench/trace-floor.mjs: Node reading and hashing the same files and
// parsing every trace line on as many threads as audit-gate uses, checking nothing) is timed in
// the same run; on the real runs also on one thread, and the producer ÷ the faster floor is the
// most a Node verifier that reads every file could reach on this machine. Where
// NODE_EXTRA_CA_CERTS is set (Node pays for it at every start; GitHub's runners do not set it),
// audit-gate and the floor on the real runs are timed without it too.
// The machine's load average is printed: on a shared machine, compare ratios from the same run.
// The sides of each part (audit-gate, openssl and the floor; audit-gate, the floors and the
// producer) are run in turn, so a change in load hits them alike.
// Where /proc gives children's CPU times (Linux), each side's CPU time (user + system, all its
// threads) is printed too: a loaded machine stretches wall times far more than CPU times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanModel, writeRun } from '../scripts/build-trace-fixtures.mjs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI, bestOf, mib, opensslMs, peakRss, report, requireBuiltCli } from './measure.mjs';

const RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 1000);
const REAL_RUNS = Number(process.env.BENCH_TRACE_REAL_RUNS ?? 200);
const REPEAT = Number(process.env.BENCH_RUNS ?? 3);
const EVIDENCE = 20; // 6 retrieved chunks + 14 appendix chunks
const EVENTS = 200;

requireBuiltCli();
const FLOOR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'trace-floor.mjs');
const FLOOR_ROW = 'floor: read, hash, JSON.parse only';
const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU ms (user + system) of the child processes waited for so far (Linux /proc), or undefined. */
function childCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] is field 3 (state)
    return ((Number(f[13]) + Number(f[14])) * 1000) / TICKS; // cutime + cstime
  } catch {
    return undefined;
  }
}

/**
 * Best wall time and best CPU time of `runs` calls of each of `sides` (each runs child processes),
 * alternated: the first side, the second, …, then again, so a change in the machine's load hits
 * every side alike.
 */
function timedEach(runs, sides) {
  const best = sides.map(() => ({ wall: Infinity, cpu: Infinity }));
  for (let i = 0; i < runs; i++)
    sides.forEach((once, k) => {
      const c0 = childCpuMs();
      best[k].wall = Math.min(best[k].wall, once());
      const c1 = childCpuMs();
      if (c0 !== undefined && c1 !== undefined) best[k].cpu = Math.min(best[k].cpu, c1 - c0);
    });
  return best.map(({ wall, cpu }) => ({ wall, cpu: Number.isFinite(cpu) ? cpu : undefined }));
}
const cpuText = (t) => (t.cpu === undefined ? 'n/a' : `${t.cpu.toFixed(0)} ms`);
const cpuRatio = (a, b) =>
  a.cpu === undefined || b.cpu === undefined || b.cpu === 0
    ? 'n/a'
    : `${(a.cpu / b.cpu).toFixed(2)}×`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`${os.availableParallelism()} cores, load average ${load()} (1, 5, 15 min)`);
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
  const floorArgs = [FLOOR, path.join(root, 'artifacts')];
  const [oursT, refT, floorT] = timedEach(REPEAT, [
    () => bestOf(1, process.execPath, [CLI, ...args]),
    () => opensslMs(1, files),
    () => bestOf(1, process.execPath, floorArgs),
  ]);
  const [ours, ref, floor] = [oursT.wall, refT.wall, floorT.wall];
  const rss = peakRss(args, [0]);
  report(
    `audit-gate trace: ${RUNS} runs × ~${EVENTS} events × ${EVIDENCE} evidence files (best of ${REPEAT})`,
    [
      ['openssl dgst -sha256 (same files)', `${ref.toFixed(0)} ms`],
      ['audit-gate trace', `${ours.toFixed(0)} ms`],
      ['ratio (target ≤ 2.5×)', `${(ours / ref).toFixed(2)}×`],
      ['per run', `${(ours / RUNS).toFixed(2)} ms`],
      ['peak RSS (target < 300 MB)', `${mib(rss)} MiB`],
      ['CPU time: openssl', cpuText(refT)],
      ['CPU time: audit-gate (all threads)', cpuText(oursT)],
      ['CPU ratio', cpuRatio(oursT, refT)],
      [FLOOR_ROW, `${floor.toFixed(0)} ms (${(floor / ref).toFixed(2)}× openssl)`],
      ['audit-gate ÷ floor', `${(ours / floor).toFixed(2)}×`],
      ['CPU time: floor (all threads)', cpuText(floorT)],
    ],
  );
  console.log(
    [
      '  floor: bench/trace-floor.mjs, a bare Node process on as many threads as audit-gate uses',
      '  (one per core, up to 8) that reads and hashes every file and JSON.parses every trace line,',
      '  and checks nothing: no verifier on Node with those threads goes below it.',
    ].join('\n'),
  );
  if (REAL_RUNS > 0) realRuns(root);
  console.log(`\nload average at the end ${load()}`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

/** Copies of the committed real runs (clean ones), each under its own parent so ids stay valid. */
function realRuns(root) {
  const fixtures = path.resolve('conformance/trace');
  const clean = fs
    .readdirSync(fixtures)
    .filter((n) => n.startsWith('real-'))
    .map((n) => ({ n, fx: JSON.parse(fs.readFileSync(path.join(fixtures, n, 'fixture.json'))) }))
    .filter(({ fx }) => fx.expected_validation_codes.length === 0);
  const base = path.join(root, 'real');
  const dirs = [];
  for (let i = 0; i < REAL_RUNS; i++) {
    const { n, fx } = clean[i % clean.length];
    const dest = path.join(base, String(i));
    fs.cpSync(path.join(fixtures, n, 'input'), dest, { recursive: true });
    dirs.push(path.join(dest, ...fx.target.split('/')));
  }
  const ourRun = (dir) => {
    const args = ['trace', dir, '--root', root, '--format', 'json'];
    return () => bestOf(1, process.execPath, [CLI, ...args]);
  };
  const [all, one] = [ourRun(base), ourRun(path.join(base, '0'))];
  all(); // warm the page cache and the compile cache
  const floorOn = (threads, env) => () =>
    bestOf(1, process.execPath, [FLOOR, base, ...(threads ? ['--threads', threads] : [])], env);
  // Node parses NODE_EXTRA_CA_CERTS at every start (≈ 35 ms here); GitHub's runners do not set
  // it, so where it is set audit-gate and the floor are timed without it too.
  const noCerts = process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: '' } : undefined;
  const producer = Boolean(process.env.BIJUX_CANON_REASON);
  // Every side in turn: audit-gate on all runs and on one, the floor on audit-gate's threads and
  // on one, the same without the certificates, the producer on all runs and on one.
  const sides = {
    ours: all,
    ours1: one,
    floor: floorOn(),
    floor1: floorOn('1'),
    ...(noCerts && {
      oursBare: () =>
        bestOf(
          1,
          process.execPath,
          [CLI, 'trace', base, '--root', root, '--format', 'json'],
          noCerts,
        ),
      floorBare: floorOn(undefined, noCerts),
      floor1Bare: floorOn('1', noCerts),
    }),
    ...(producer && { prod: () => producerMs(dirs), prod1: () => producerMs(dirs.slice(0, 1)) }),
  };
  const t = Object.fromEntries(
    timedEach(REPEAT, Object.values(sides)).map((v, i) => [Object.keys(sides)[i], v]),
  );
  /** Per run without start-up: (time for all runs − time for one) ÷ (runs − 1). */
  const marginal = (all, one) => (all - one) / Math.max(1, REAL_RUNS - 1);
  const ms = (x) => `${x.toFixed(0)} ms`;
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  // A limit: any verifier may run on either thread count, so the faster floor bounds them all.
  const best = (a, b) => (a.wall <= b.wall ? { ...a, on: '2 threads' } : { ...b, on: '1 thread' });
  const floor = best(t.floor, t.floor1);
  const rows = [
    [`audit-gate trace (${REAL_RUNS} runs, 1 process)`, ms(t.ours.wall)],
    ['audit-gate per run', `${(t.ours.wall / REAL_RUNS).toFixed(2)} ms`],
    ['audit-gate on 1 run (start-up)', ms(t.ours1.wall)],
    ['audit-gate per run, without it', `${marginal(t.ours.wall, t.ours1.wall).toFixed(2)} ms`],
  ];
  if (producer)
    rows.push(
      [`producer’s verifier (${REAL_RUNS} runs, 1 process)`, ms(t.prod.wall)],
      ['producer per run', `${(t.prod.wall / REAL_RUNS).toFixed(2)} ms`],
      ['producer on 1 run (start-up)', ms(t.prod1.wall)],
      ['producer per run, without it', `${marginal(t.prod.wall, t.prod1.wall).toFixed(2)} ms`],
    );
  else
    rows.push(['producer’s verifier', 'not run (set BIJUX_CANON_REASON to its package directory)']);
  rows.push(
    [FLOOR_ROW, `${ms(t.floor.wall)} on audit-gate’s threads, ${ms(t.floor1.wall)} on one`],
    ['CPU time: audit-gate (all threads)', cpuText(t.ours)],
    ...(producer ? [[`CPU time: producer`, cpuText(t.prod)]] : []),
    ['CPU time: floor (all threads)', cpuText(t.floor)],
    ['audit-gate ÷ floor (same threads)', ratio(t.ours.wall, t.floor.wall)],
  );
  if (producer)
    rows.push(
      ['producer ÷ audit-gate (target ≥ 4×)', ratio(t.prod.wall, t.ours.wall)],
      [
        'the same, start-up excluded',
        ratio(marginal(t.prod.wall, t.prod1.wall), marginal(t.ours.wall, t.ours1.wall)),
      ],
      ['CPU: producer ÷ audit-gate', cpuRatio(t.prod, t.ours)],
      [`producer ÷ floor (on ${floor.on})`, ratio(t.prod.wall, floor.wall)],
    );
  if (noCerts) {
    const floorBare = best(t.floorBare, t.floor1Bare);
    rows.push(
      ['without NODE_EXTRA_CA_CERTS:', ''],
      ['  audit-gate', ms(t.oursBare.wall)],
      [
        '  floor',
        `${ms(t.floorBare.wall)} on audit-gate’s threads, ${ms(t.floor1Bare.wall)} on one`,
      ],
      ...(producer
        ? [
            ['  producer ÷ audit-gate (target ≥ 4×)', ratio(t.prod.wall, t.oursBare.wall)],
            [`  producer ÷ floor (on ${floorBare.on})`, ratio(t.prod.wall, floorBare.wall)],
          ]
        : []),
    );
  }
  report(
    `real producer runs: ${clean.length} distinct clean runs copied to ${REAL_RUNS} (best of ${REPEAT})`,
    rows,
  );
  console.log(
    [
      '  audit-gate: one `audit-gate trace` process (Node start-up, bundle load, discovery, a worker',
      '  thread on a second core); it reads and hashes every file of each run (trace, evidence,',
      '  chunks, plan, spec, run_meta, manifest, fingerprint, verify reports, provenance).',
      '  floor: bench/trace-floor.mjs on the same runs, Node start-up included: it reads and hashes',
      '  every file audit-gate reads and JSON.parses the trace lines, and checks nothing. producer ÷',
      '  floor (the faster thread count) is the most a Node verifier reading every file could reach.',
      ...(producer
        ? [
            '  producer: one python3 process (interpreter start-up, its imports), then read_trace_jsonl,',
            '  Plan.model_validate and verify_trace per run, on one core; it reads trace.jsonl, plan.json,',
            '  chunks.jsonl and the evidence files, and is not affected by NODE_EXTRA_CA_CERTS.',
          ]
        : []),
    ].join('\n'),
  );
}

/** Wall time of the producer's verify_trace over `dirs` in one Python process (start-up included). */
function producerMs(dirs) {
  const pkg = process.env.BIJUX_CANON_REASON;
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(pkg, 'src'))})
from pathlib import Path
from bijux_canon_reason.interfaces.serialization.trace_jsonl import read_trace_jsonl
from bijux_canon_reason.core.types import Plan
from bijux_canon_reason.verification.verifier import verify_trace
bad = 0
for d in map(Path, json.load(sys.stdin)):
    r = verify_trace(trace=read_trace_jsonl(d / "trace.jsonl"), plan=Plan.model_validate(json.loads((d / "plan.json").read_text())), artifacts_dir=d)
    bad += bool(r.failures)
sys.exit(1 if bad else 0)
`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync('python3', ['-c', script], {
    input: JSON.stringify(dirs),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  if (r.status !== 0)
    throw new Error(`the producer's verifier failed: ${r.stderr.toString().slice(0, 500)}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
