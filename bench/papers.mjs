// The synthetic paper directory shared by the scale benchmarks: four input files, the assurance
// file, and four audits (each with its own trace) that cite all four inputs. Deterministic, so
// every run builds the same repository.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const AUDITS = [
  ['PROOF_AUDIT.json', 'proof-checker'],
  ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
  ['CITATION_AUDIT.json', 'citation-audit'],
  ['KILL_ARGUMENT.json', 'kill-argument'],
];
/** Files one paper directory holds: 4 inputs, the assurance file, 4 traces, 4 artifacts. */
export const FILES_PER_PAPER = 13;

const sha = (s) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

/** Writes paper `i` into `dir`. */
export function writePaper(dir, i) {
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

/** Writes `papers` paper directories under `root`, spread over 25 team directories. */
export function writeMonorepo(root, papers) {
  for (let i = 0; i < papers; i++)
    writePaper(
      path.join(root, 'teams', `team-${i % 25}`, `paper-${String(i).padStart(5, '0')}`),
      i,
    );
}

/** Commits everything under `root` to a new repository, as a checkout would hold it. */
export function commitAll(root) {
  const git = (...args) => {
    const r = spawnSync('git', args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`);
  };
  git('init', '-q');
  git('add', '-A');
  // No gc.auto: a background gc would still be writing .git when the benchmark removes it.
  git(
    '-c',
    'gc.auto=0',
    '-c',
    'user.name=bench',
    '-c',
    'user.email=bench@example.invalid',
    'commit',
    '-qm',
    'papers',
  );
}
