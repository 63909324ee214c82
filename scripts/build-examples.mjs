// Regenerates the ARIS papers of examples/repo: passing/ verifies clean at submission (its
// traces live at the repository top level); stale/ had a section edited after its audits;
// blocked/ has a paper-claim-audit that found no raw results (BLOCKED no_raw_evidence).
import fs from 'node:fs';
import path from 'node:path';
import { write, writePaper } from './lib/aris-paper.mjs';

const root = path.resolve(process.argv[2] ?? 'examples/repo');
fs.rmSync(path.join(root, 'papers'), { recursive: true, force: true });
fs.rmSync(path.join(root, '.aris'), { recursive: true, force: true });

writePaper(path.join(root, 'papers/passing'), {
  assurance: 'submission',
  verdicts: { 'proof-checker': 'NOT_APPLICABLE' },
  reasons: { 'proof-checker': 'no_theorems' },
  summaries: { 'proof-checker': 'No theorem environments in the paper; nothing to audit.' },
  traceRoot: root,
  tracePrefix: '.aris/traces/passing',
});
const stale = path.join(root, 'papers/stale');
writePaper(stale, { assurance: 'submission' });
write(
  path.join(stale, 'sections/evidence.tex'),
  'Our model reaches accuracy = 91.4\\% on the held-out split.\n',
);
writePaper(path.join(root, 'papers/blocked'), {
  assurance: 'submission',
  results: false,
  verdicts: { 'paper-claim-audit': 'BLOCKED' },
  reasons: { 'paper-claim-audit': 'no_raw_evidence' },
  summaries: {
    'paper-claim-audit':
      'The paper claims accuracy = 89.2% but has no results/ directory to verify it against.',
  },
});
console.log(`ARIS example papers written under ${root}`);
