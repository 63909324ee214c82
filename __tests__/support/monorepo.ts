import fs from 'node:fs';
import path from 'node:path';
import { writePaper, writeArtifact } from '../../scripts/lib/aris-paper.mjs';

/** The example run trace (verified clean), copied into the monorepo. */
const EXAMPLE_RUNS = path.resolve('examples/repo/runs-demo/artifacts/runs');

/**
 * A monorepo of research teams: papers that pass, block, go stale or are drafts, a run trace,
 * and a paper whose finding the workflow's config waives. Written into `root`.
 */
export function writeMonorepo(root: string): void {
  const teams = ['vision', 'language', 'theory'];
  teams.forEach((team, t) => {
    for (let p = 0; p < 4; p++) {
      const dir = path.join(root, 'teams', team, 'papers', `paper-${p}`);
      const kind = (t * 4 + p) % 6;
      writePaper(dir, {
        assurance: kind === 3 ? 'draft' : 'submission',
        verdicts:
          kind === 1 ? { 'proof-checker': 'FAIL' } : kind === 3 ? { 'citation-audit': 'FAIL' } : {},
      });
      if (kind === 2) fs.appendFileSync(path.join(dir, 'main.tex'), '% edited after the audit\n');
      // A bigger results file in some papers, so bytes (not counts) decide the balance.
      if (kind === 4) fs.writeFileSync(path.join(dir, 'results', 'big.json'), 'x'.repeat(50_000));
    }
  });
  // One paper missing an audit artifact.
  const gap = path.join(root, 'teams', 'theory', 'papers', 'gap');
  writePaper(gap, { assurance: 'submission', only: ['proof-checker', 'citation-audit'] });
  writeArtifact(gap, 'NOTES.json', { note: 'not an audit' });
  fs.cpSync(EXAMPLE_RUNS, path.join(root, 'teams', 'language', 'artifacts', 'runs'), {
    recursive: true,
  });
}

/** The workflow's config (kept outside the checkout): waives the vision team's failed proof. */
export const WAIVING_CONFIG = {
  waivers: [
    {
      code: 'aris.verdict_fail',
      subject: 'aris:teams/vision/**',
      reason: 'The proof is being rewritten.',
    },
  ],
};
