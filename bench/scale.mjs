// Benchmark: a synthetic monorepo of 2,500 paper dirs × 4 audits (10,000 artifacts), verified
// in one run, then as 4 shards (each run alone, as each matrix job has its own runner) and merged.
// Target: the slowest shard plus the merge under 35% of the unsharded wall time.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, bestOf, report, requireBuiltCli } from './measure.mjs';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 2500);
const SHARDS = Number(process.env.BENCH_SHARDS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const AUDITS = [
  ['PROOF_AUDIT.json', 'proof-checker'],
  ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
  ['CITATION_AUDIT.json', 'citation-audit'],
  ['KILL_ARGUMENT.json', 'kill-argument'],
];
const sha = (s) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

/** Deterministic content: the same repository on every run. */
function writePaper(dir, i) {
  const inputs = {
    'main.tex': `\\documentclass{article}\\begin{document}Paper ${i}.\\end{document}\n`,
    'sections/body.tex': `Section of paper ${i}. `.repeat(40 + (i % 17) * 20),
    'refs.bib': `@article{ref${i}, title={Title ${i}}, year={2026}}\n`,
    'results/metrics.json': JSON.stringify({ paper: i, accuracy: (i % 100) / 100 }),
  };
  for (const [rel, text] of Object.entries(inputs)) {
    fs.mkdirSync(path.join(dir, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  const hashes = Object.fromEntries(Object.entries(inputs).map(([rel, t]) => [rel, sha(t)]));
  fs.mkdirSync(path.join(dir, '.aris'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.aris/assurance.txt'), 'submission\n');
  for (const [file, skill] of AUDITS) {
    const trace = `.aris/traces/${skill}/run1/`;
    fs.mkdirSync(path.join(dir, trace), { recursive: true });
    fs.writeFileSync(path.join(dir, trace, 'response.md'), `${skill} reviewed paper ${i}.\n`);
    const artifact = {
      audit_skill: skill,
      verdict: 'PASS',
      reason_code: 'all_checks_passed',
      summary: 'ok',
      audited_input_hashes: hashes,
      trace_path: trace,
      thread_id: `t-${i}-${skill}`,
      reviewer_model: 'gpt-5.5',
      reviewer_reasoning: 'high',
      generated_at: '2026-04-21T14:23:01Z',
      review_independence: 'cross-family',
      acceptance_status: 'accepted',
      executor_model: 'claude-opus-4',
      executor_family: 'anthropic',
      reviewer_family: 'openai',
    };
    fs.writeFileSync(path.join(dir, file), JSON.stringify(artifact, null, 2));
  }
}

requireBuiltCli();
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-bench-scale-'));
try {
  const root = path.join(base, 'repo');
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n'); // an empty repository
  for (let i = 0; i < PAPERS; i++)
    writePaper(
      path.join(root, 'teams', `team-${i % 25}`, `paper-${String(i).padStart(5, '0')}`),
      i,
    );

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
