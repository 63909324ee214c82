// Benchmark: `audit-gate aris` on a synthetic paper whose 4 audits cite the same 2,000 small
// inputs plus four 128 MiB files, against `openssl dgst -sha256` over the same distinct files.
// Targets: at most 1.3x the reference wall time; peak memory under 200 MB.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, bestOf, mib, opensslMs, peakRss, report, requireBuiltCli } from './measure.mjs';

const SMALL = Number(process.env.BENCH_SMALL ?? 2000);
const LARGE = Number(process.env.BENCH_LARGE ?? 4);
const LARGE_MIB = Number(process.env.BENCH_LARGE_MIB ?? 128);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

requireBuiltCli();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-bench-'));
try {
  fs.mkdirSync(path.join(root, '.git'));
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n'); // an empty repository
  const paper = path.join(root, 'paper');
  const files = [];
  const hashes = {};
  const add = (rel, bytes) => {
    const p = path.join(paper, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, bytes);
    files.push(p);
    hashes[rel] = 'sha256:' + createHash('sha256').update(bytes).digest('hex');
  };
  for (let i = 0; i < SMALL; i++)
    add(`inputs/part-${String(i).padStart(5, '0')}.tex`, randomBytes(2048 + (i % 7) * 512));
  for (let i = 0; i < LARGE; i++)
    add(`results/large-${i}.bin`, randomBytes(LARGE_MIB * 1024 * 1024));
  fs.mkdirSync(path.join(paper, '.aris/trace'), { recursive: true });
  fs.writeFileSync(path.join(paper, '.aris/trace/prompt.md'), 'prompt\n');
  const skills = [
    ['PROOF_AUDIT.json', 'proof-checker'],
    ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
    ['CITATION_AUDIT.json', 'citation-audit'],
    ['KILL_ARGUMENT.json', 'kill-argument'],
  ];
  for (const [file, skill] of skills) {
    const artifact = {
      audit_skill: skill,
      verdict: 'PASS',
      reason_code: 'ok',
      summary: 'ok',
      audited_input_hashes: hashes,
      trace_path: '.aris/trace',
      thread_id: 't',
      reviewer_model: 'gpt-5.5',
      reviewer_reasoning: 'xhigh',
      generated_at: '2026-04-21T14:23:01Z',
    };
    fs.writeFileSync(path.join(paper, file), JSON.stringify(artifact, null, 2));
  }
  const totalBytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  const args = [
    'aris',
    paper,
    '--assurance',
    'submission',
    '--json-out',
    path.join(root, 'report.json'),
  ];

  // Warm the page cache so both sides read from memory.
  opensslMs(1, files);
  const ref = opensslMs(RUNS, files);
  const ours = bestOf(RUNS, process.execPath, [CLI, ...args]);
  const rss = peakRss(args, [0]);
  const result = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8'));
  if (result.audits.some((a) => a.status !== 'OK'))
    throw new Error('the synthetic paper did not verify clean');

  const ratio = ours / ref;
  report(
    `audit-gate aris: ${SMALL} small + ${LARGE}×${LARGE_MIB} MiB inputs cited by 4 audits (${mib(totalBytes)} MiB distinct, best of ${RUNS})`,
    [
      ['openssl dgst -sha256 (reference)', `${ref.toFixed(0)} ms`],
      ['audit-gate aris', `${ours.toFixed(0)} ms`],
      ['ratio (target ≤ 1.30)', `${ratio.toFixed(2)}× ${ratio <= 1.3 ? 'OK' : 'OVER TARGET'}`],
      [
        'peak RSS (target < 200 MB)',
        `${mib(rss)} MiB ${rss < 200 * 1024 * 1024 ? 'OK' : 'OVER TARGET'}`,
      ],
    ],
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
