// Benchmark: `audit-gate addenda-b` on one bundle of RECORDS records (realistic entities from
// scripts/build-addenda-b-fixtures.mjs: findings, projections, chains, formula receipts that are
// recomputed, metrics, ...), against a node process that reads the same records.jsonl and
// JSON.parses every line, in the same run, the two alternated. Prints the wall-time ratio of the
// best runs (target ≤ 3×), the median ratio of the pairs, and the CLI's peak RSS (target < 300 MB).
// Timings are printed, never asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleModel, writeBundle } from '../scripts/build-addenda-b-fixtures.mjs';
import { CLI, bestOf, mib, peakRss, report, requireBuiltCli, startupRows } from './measure.mjs';

const RECORDS = Number(process.env.BENCH_ADDENDA_B_RECORDS ?? 100000);
const REPEAT = Number(process.env.BENCH_RUNS ?? 3);

requireBuiltCli();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-bench-addenda-b-'));
try {
  fs.mkdirSync(path.join(root, '.git'));
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
  // Whole entities (a cut one would leave dangling references): at least RECORDS records. A
  // bundle is a few shared records plus a fixed number per entity.
  const one = bundleModel({ entities: 1 }).records.length;
  const perEntity = bundleModel({ entities: 2 }).records.length - one;
  const entities = 1 + Math.max(0, Math.ceil((RECORDS - one) / perEntity));
  const model = bundleModel({ entities });
  const dir = path.join(root, 'bundle');
  writeBundle(dir, model);
  const jsonl = path.join(dir, 'records.jsonl');
  console.log(
    `generated ${model.records.length} records (${mib(fs.statSync(jsonl).size)} MiB of records.jsonl)`,
  );

  const parse = `const t=require('fs').readFileSync(${JSON.stringify(jsonl)},'utf8');let n=0;for(const l of t.split('\\n'))if(l)n+=Object.keys(JSON.parse(l)).length;if(!n)process.exit(1)`;
  const args = ['addenda-b', dir, '--root', root, '--format', 'json'];
  bestOf(1, process.execPath, [CLI, ...args]); // warm the page cache
  // Alternated, so a change in a shared machine's speed hits both sides alike; each pair's
  // ratio is kept too, since the best of each side may come from different moments.
  let ours = Infinity;
  let ref = Infinity;
  const pairs = [];
  for (let i = 0; i < REPEAT; i++) {
    const r = bestOf(1, process.execPath, ['-e', parse]);
    const o = bestOf(1, process.execPath, [CLI, ...args]);
    ref = Math.min(ref, r);
    ours = Math.min(ours, o);
    pairs.push(o / r);
  }
  const median = pairs.sort((x, y) => x - y)[pairs.length >> 1];
  const rss = peakRss(args, [0]);
  report(
    `audit-gate addenda-b: one bundle of ${model.records.length} records (best of ${REPEAT})`,
    [
      ['node: read + JSON.parse every line', `${ref.toFixed(0)} ms`],
      ['audit-gate addenda-b', `${ours.toFixed(0)} ms`],
      ['ratio (target ≤ 3×)', `${(ours / ref).toFixed(2)}×`],
      ['median ratio of the alternated pairs', `${median.toFixed(2)}×`],
      ['peak RSS (target < 300 MB)', `${mib(rss)} MiB`],
      ...startupRows(REPEAT, args),
    ],
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
