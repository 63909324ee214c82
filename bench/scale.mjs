// Benchmark: a synthetic monorepo of 2,500 paper dirs × 4 audits (10,000 artifacts), verified
// committed to git, in one run, then as 4 shards (each run alone, as each matrix job has its own runner) and merged.
// Target: the slowest shard plus the merge under 35% of the unsharded wall time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, bestOf, report, requireBuiltCli } from './measure.mjs';
import { commitAll, writeMonorepo } from './papers.mjs';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 2500);
const SHARDS = Number(process.env.BENCH_SHARDS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
requireBuiltCli();
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-bench-scale-'));
try {
  const root = path.join(base, 'repo');
  writeMonorepo(root, PAPERS);
  commitAll(root); // each matrix job verifies a checkout: discovery and the cut read its index

  const out = (name) => path.join(base, name);
  const verify = (extra, file) => [CLI, 'verify', '--root', root, '--out', out(file), ...extra];
  bestOf(1, process.execPath, verify([], 'warm.json')); // warm the page cache
  const full = bestOf(RUNS, process.execPath, verify([], 'full.json'));
  const shards = [];
  for (let k = 1; k <= SHARDS; k++)
    shards.push(
      bestOf(RUNS, process.execPath, verify(['--shard', `${k}/${SHARDS}`], `s${k}.json`)),
    );
  const files = shards.map((_, i) => out(`s${i + 1}.json`));
  const merge = bestOf(RUNS, process.execPath, [
    CLI,
    'merge',
    ...files,
    '--out',
    out('merged.json'),
  ]);

  const single = JSON.parse(fs.readFileSync(out('full.json'), 'utf8'));
  const merged = JSON.parse(fs.readFileSync(out('merged.json'), 'utf8'));
  if (single.conclusion !== 'success' || single.counts.subjects !== PAPERS * 4)
    throw new Error(
      `the synthetic monorepo did not verify clean: ${JSON.stringify(single.counts)}`,
    );
  if (JSON.stringify(merged.counts) !== JSON.stringify(single.counts))
    throw new Error('the merged report differs from the unsharded one');
  const slowest = Math.max(...shards);
  const ratio = (slowest + merge) / full;
  report(
    `audit-gate verify: ${PAPERS} paper dirs × 4 audits (${PAPERS * 4} artifacts), ${SHARDS} shards, best of ${RUNS}`,
    [
      ['unsharded', `${full.toFixed(0)} ms`],
      ...shards.map((ms, i) => [`shard ${i + 1}/${SHARDS}`, `${ms.toFixed(0)} ms`]),
      ['slowest shard', `${slowest.toFixed(0)} ms`],
      ['merge', `${merge.toFixed(0)} ms`],
      [
        '(slowest + merge) / unsharded (target < 0.35)',
        `${ratio.toFixed(2)} ${ratio < 0.35 ? 'OK' : 'OVER TARGET'}`,
      ],
    ],
  );
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
