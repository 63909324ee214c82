// Benchmark: a monorepo of 2,500 paper dirs × 4 audits (10,000 artifacts, 32,500 small files),
// committed to git so discovery reads a real index, verified in one run.
// Targets: under 6 s and 250 MB peak; the time per artifact, and where the CPU time goes.
// The report must equal the reference run's (one thread, no caches) on a small instance.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, bestOf, mib, peakRss, report, requireBuiltCli, sameAsReference } from './measure.mjs';
import { AUDITS, FILES_PER_PAPER, commitAll, writeMonorepo } from './papers.mjs';
import { phases } from './phases.mjs';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 2500);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 6000;
const TARGET_BYTES = 250 * 1024 * 1024;

/**
 * A small monorepo whose papers fail in the ways the rules look for, so the reference run has
 * something to disagree about: a tampered input, a missing and a broken artifact, a trace that is
 * an artifact, an input that is a symlink out of the workspace, a draft paper.
 */
function writeSmallInstance(root) {
  writeMonorepo(root, 24);
  const paper = (i) =>
    path.join(root, 'teams', `team-${i % 25}`, `paper-${String(i).padStart(5, '0')}`);
  fs.appendFileSync(path.join(paper(1), 'main.tex'), '% edited after the audit\n');
  fs.rmSync(path.join(paper(2), AUDITS[1][0]));
  fs.writeFileSync(path.join(paper(3), AUDITS[2][0]), '{"audit_skill": "citation-audit",');
  const killArg = path.join(paper(4), AUDITS[3][0]);
  const artifact = JSON.parse(fs.readFileSync(killArg, 'utf8'));
  fs.writeFileSync(killArg, JSON.stringify({ ...artifact, trace_path: AUDITS[0][0] }));
  fs.rmSync(path.join(paper(5), 'refs.bib'));
  fs.symlinkSync('/etc/hostname', path.join(paper(5), 'refs.bib'));
  fs.writeFileSync(path.join(paper(6), '.aris/assurance.txt'), 'draft\n');
}

requireBuiltCli();
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-bench-monorepo-'));
try {
  const small = path.join(base, 'small');
  writeSmallInstance(small);
  commitAll(small);
  sameAsReference((out) => ['verify', '--root', small, '--out', out]);

  const root = path.join(base, 'repo');
  writeMonorepo(root, PAPERS);
  commitAll(root);
  const args = ['verify', '--root', root, '--out', path.join(base, 'report.json')];
  bestOf(1, process.execPath, [CLI, ...args]); // warm the page cache
  const ms = bestOf(RUNS, process.execPath, [CLI, ...args]);
  const rss = peakRss(args, [0]);
  const result = JSON.parse(fs.readFileSync(path.join(base, 'report.json'), 'utf8'));
  if (result.conclusion !== 'success' || result.counts.subjects !== PAPERS * 4)
    throw new Error(
      `the synthetic monorepo did not verify clean: ${JSON.stringify(result.counts)}`,
    );
  const cpu = phases(args);
  const busy = [...cpu].filter(([k]) => k !== 'idle').reduce((n, [, v]) => n + v, 0);
  const artifacts = PAPERS * AUDITS.length;
  report(
    `audit-gate verify: ${PAPERS} paper dirs × ${AUDITS.length} audits (${artifacts} artifacts, ${PAPERS * FILES_PER_PAPER} files, in git), best of ${RUNS}, ${os.availableParallelism()} cores`,
    [
      [
        `wall (target < ${TARGET_MS / 1000} s)`,
        `${ms.toFixed(0)} ms ${ms < TARGET_MS ? 'OK' : 'OVER TARGET'}`,
      ],
      ['per artifact', `${((ms * 1000) / artifacts).toFixed(0)} µs`],
      [
        'peak RSS (target < 250 MB)',
        `${mib(rss)} MiB ${rss < TARGET_BYTES ? 'OK' : 'OVER TARGET'}`,
      ],
      ['report equals the reference run’s', 'yes (small instance)'],
      [`CPU, all threads (one profiled run)`, `${busy.toFixed(0)} ms`],
      ...[...cpu]
        .filter(([k]) => k !== 'idle')
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [
          `  ${k}`,
          `${v.toFixed(0).padStart(6)} ms  ${((v * 1000) / artifacts).toFixed(0).padStart(4)} µs/artifact  ${((100 * v) / busy).toFixed(0).padStart(3)}%`,
        ]),
    ],
  );
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
