import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Small ARIS paper repositories written into temp dirs for the Action's tests. */

export const SKILLS: Record<string, string> = {
  'PROOF_AUDIT.json': 'proof-checker',
  'PAPER_CLAIM_AUDIT.json': 'paper-claim-audit',
  'CITATION_AUDIT.json': 'citation-audit',
  'KILL_ARGUMENT.json': 'kill-argument',
};

const sha = (s: string) => `sha256:${crypto.createHash('sha256').update(s).digest('hex')}`;

const made: string[] = [];
afterAll(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A temp dir for one test file's repository, removed when that file's tests end. */
export function tempRepo(prefix = 'audit-gate-action-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export interface PaperOptions {
  assurance?: 'draft' | 'submission';
  /** Extra fields (or replacements) per artifact file name. */
  overrides?: Record<string, Record<string, unknown>>;
  /** Number of audited inputs per audit that do not exist (each one is an aris.input_missing finding). */
  missingInputs?: number;
  /** Change main.tex after the audits recorded its hash (each audit goes STALE). */
  staleMain?: boolean;
}

/** Writes a paper directory with the four mandatory audits, passing unless told otherwise. */
export function writePaper(root: string, rel: string, opts: PaperOptions = {}): string {
  const dir = path.join(root, rel);
  fs.mkdirSync(path.join(dir, '.aris'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.aris', 'assurance.txt'), `${opts.assurance ?? 'submission'}\n`);
  const main = '\\documentclass{article}\n\\begin{document}Claims.\\end{document}\n';
  fs.writeFileSync(path.join(dir, 'main.tex'), main);
  for (const [file, skill] of Object.entries(SKILLS)) {
    const trace = path.join(dir, '.aris', 'traces', skill, 'run1');
    fs.mkdirSync(trace, { recursive: true });
    fs.writeFileSync(path.join(trace, 'response.md'), `${skill} reviewed the paper.\n`);
    const hashes: Record<string, string> = { 'main.tex': sha(main) };
    for (let i = 0; i < (opts.missingInputs ?? 0); i++)
      hashes[`data/missing_${i}.csv`] = sha(`gone ${i}`);
    const artifact = {
      audit_skill: skill,
      verdict: 'PASS',
      reason_code: 'all_checks_passed',
      summary: `${skill} found no issues.`,
      audited_input_hashes: hashes,
      trace_path: `.aris/traces/${skill}/run1/`,
      thread_id: `thread-${skill}`,
      reviewer_model: 'gpt-5.5',
      reviewer_reasoning: 'high',
      generated_at: '2026-04-21T14:23:01Z',
      review_independence: 'cross-family',
      acceptance_status: 'accepted',
      executor_model: 'claude-opus-4',
      executor_family: 'anthropic',
      reviewer_family: 'openai',
      ...(opts.overrides?.[file] ?? {}),
    };
    fs.writeFileSync(path.join(dir, file), JSON.stringify(artifact, null, 2) + '\n');
  }
  if (opts.staleMain) fs.appendFileSync(path.join(dir, 'main.tex'), '% edited after the audit\n');
  return dir;
}
