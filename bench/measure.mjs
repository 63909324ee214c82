// Shared by the benchmarks: wall time of a command (best of N), peak memory of our CLI, and
// the openssl reference over the same bytes, measured in the same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_CLI names another build's index.js (for example one checked out from an earlier commit),
// so two builds can be measured against the same reference in one spell.
export const CLI = process.env.BENCH_CLI
  ? path.resolve(process.env.BENCH_CLI)
  : path.resolve(here, '../dist/cli/index.js');

export function requireBuiltCli() {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:cli first`);
}

function timeOnce(cmd, args, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { ms, status: r.status, stderr: r.stderr?.toString() ?? '' };
}

/** Best wall time of `runs` runs (the least disturbed by the machine). */
export function bestOf(runs, cmd, args, env = {}, okStatuses = [0]) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const r = timeOnce(cmd, args, env);
    if (!okStatuses.includes(r.status))
      throw new Error(
        `${cmd} ${args.slice(0, 3).join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`,
      );
    best = Math.min(best, r.ms);
  }
  return best;
}

/** Runs the built CLI once under the RSS probe and returns its peak RSS in bytes. */
export function peakRss(args, okStatuses) {
  const file = path.join(os.tmpdir(), `audit-gate-rss-${process.pid}`);
  const r = spawnSync(
    process.execPath,
    ['--import', path.join(here, 'rss-probe.mjs'), CLI, ...args],
    {
      env: { ...process.env, AUDIT_GATE_RSS_FILE: file },
      stdio: 'ignore',
    },
  );
  if (!okStatuses.includes(r.status)) throw new Error(`CLI exited ${r.status}`);
  const bytes = Number(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  return bytes;
}

/** openssl over the given files, in batches that fit the argument limit. */
export function opensslMs(runs, files) {
  const batches = [];
  for (let i = 0; i < files.length; i += 2000) batches.push(files.slice(i, i + 2000));
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    let total = 0;
    for (const b of batches) total += bestOf(1, 'openssl', ['dgst', '-sha256', ...b]);
    best = Math.min(best, total);
  }
  return best;
}

/**
 * Rows on start-up, for a benchmark's report: the same command without the CLI's compile cache
 * (a first run), and Node's own start-up (`node -e 0`), which no tool running on Node goes below.
 * Where NODE_EXTRA_CA_CERTS is set, Node parses those certificates at every start, before any
 * code runs (this machine sets it; GitHub's runners do not): Node's start-up without it too.
 */
export function startupRows(runs, args, okStatuses = [0]) {
  const cold = bestOf(
    runs,
    process.execPath,
    [CLI, ...args],
    { AUDIT_GATE_COMPILE_CACHE: 'off' },
    okStatuses,
  );
  const node = bestOf(runs * 3, process.execPath, ['-e', '0']);
  const rows = [
    ['the same, no compile cache (1st run)', `${cold.toFixed(0)} ms`],
    ['Node start-up alone (node -e 0)', `${node.toFixed(0)} ms`],
  ];
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const bare = bestOf(runs * 3, process.execPath, ['-e', '0'], { NODE_EXTRA_CA_CERTS: '' });
    rows.push([
      '  of which NODE_EXTRA_CA_CERTS',
      `${(node - bare).toFixed(0)} ms (set on this machine)`,
    ]);
  }
  return rows;
}

export const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);

export function report(title, rows) {
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(34)} ${v}`);
}

/** A report with what differs between two runs of the same check (timestamps) taken out. */
const comparable = (file) =>
  JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')), (k, v) =>
    k === 'generated_at' ? undefined : v,
  );

/**
 * Runs the CLI twice with `args(reportFile)`: as measured, and as the reference run
 * (AUDIT_GATE_REFERENCE=1: one thread, no caches), and throws unless the reports are equal.
 */
export function sameAsReference(args, okStatuses = [0, 1]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-reference-'));
  try {
    const run = (name, env) => {
      const file = path.join(dir, name);
      const r = spawnSync(process.execPath, [CLI, ...args(file)], {
        env: { ...process.env, AUDIT_GATE_REFERENCE: '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      if (!okStatuses.includes(r.status))
        throw new Error(`CLI exited ${r.status}: ${r.stderr.toString().slice(0, 500)}`);
      return comparable(file);
    };
    const fast = run('fast.json', {});
    const reference = run('reference.json', { AUDIT_GATE_REFERENCE: '1' });
    if (fast !== reference)
      throw new Error('the report differs from the reference run’s (one thread, no caches)');
    return true;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
