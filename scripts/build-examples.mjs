// Regenerates examples/repo: three papers whose audit artifacts record real input hashes.
// passing/ verifies clean at submission; stale/ had main.tex edited after its audits;
// blocked/ has a paper-claim-audit that could not find raw results (BLOCKED no_raw_evidence).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'examples/repo');
const sha = (p) => 'sha256:' + createHash('sha256').update(fs.readFileSync(p)).digest('hex');
const write = (p, s) => {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, s);
};

const skills = [
  ['PROOF_AUDIT.json', 'proof-checker'],
  ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
  ['CITATION_AUDIT.json', 'citation-audit'],
  ['KILL_ARGUMENT.json', 'kill-argument'],
];

function paper(name, { verdicts = {}, reasons = {}, summaries = {}, traceAtTop = false, results = true } = {}) {
  const dir = path.join(root, 'papers', name);
  write(path.join(dir, 'main.tex'), `\\documentclass{article}\n\\begin{document}\n\\input{sections/evidence}\n\\cite{vaswani2017}\n\\end{document}\n`);
  write(path.join(dir, 'sections/evidence.tex'), `Our model reaches accuracy = 89.2\\% on the held-out split.\n`);
  write(path.join(dir, 'refs.bib'), `@article{vaswani2017, title={Attention Is All You Need}, year={2017}}\n`);
  if (results) write(path.join(dir, 'results/run_2026_04_19.json'), `{"accuracy": 0.892, "split": "held-out"}\n`);
  write(path.join(dir, '.aris/assurance.txt'), 'submission\n');
  const inputs = ['main.tex', 'sections/evidence.tex', 'refs.bib', ...(results ? ['results/run_2026_04_19.json'] : [])];
  for (const [file, skill] of skills) {
    const trace = traceAtTop ? `.aris/traces/${name}/${skill}/2026-04-21_run01/` : `.aris/traces/${skill}/2026-04-21_run01/`;
    const traceDir = traceAtTop ? path.join(root, trace) : path.join(dir, trace);
    write(path.join(traceDir, 'prompt.md'), `Audit ${skill} of ${name}: reviewer prompt.\n`);
    write(path.join(traceDir, 'response.md'), `Reviewer response for ${skill}.\n`);
    const artifact = {
      audit_skill: skill,
      verdict: verdicts[skill] ?? 'PASS',
      reason_code: reasons[skill] ?? 'all_checks_passed',
      summary: summaries[skill] ?? `${skill} checked the paper; no issues.`,
      audited_input_hashes: Object.fromEntries(inputs.map((i) => [i, sha(path.join(dir, i))])),
      trace_path: trace,
      thread_id: `019dae73-${name}-${skill}`,
      reviewer_model: 'gpt-5.5',
      reviewer_reasoning: 'xhigh',
      generated_at: '2026-04-21T14:23:01Z',
      review_independence: 'cross-family',
      acceptance_status: 'accepted',
      executor_model: 'claude-opus-4',
      executor_family: 'anthropic',
      reviewer_family: 'openai',
    };
    write(path.join(dir, file), JSON.stringify(artifact, null, 2) + '\n');
  }
  return dir;
}

fs.rmSync(root, { recursive: true, force: true });
paper('passing', { verdicts: { 'proof-checker': 'NOT_APPLICABLE' }, reasons: { 'proof-checker': 'no_theorems' }, summaries: { 'proof-checker': 'No theorem environments in the paper; nothing to audit.' }, traceAtTop: true });
const stale = paper('stale');
write(path.join(stale, 'sections/evidence.tex'), `Our model reaches accuracy = 91.4\\% on the held-out split.\n`);
paper('blocked', {
  results: false,
  verdicts: { 'paper-claim-audit': 'BLOCKED' },
  reasons: { 'paper-claim-audit': 'no_raw_evidence' },
  summaries: { 'paper-claim-audit': 'The paper claims accuracy = 89.2% but has no results/ directory to verify it against.' },
});
console.log(`examples written to ${root}`);
