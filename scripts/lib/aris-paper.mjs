// Writes realistic ARIS paper directories whose audit artifacts record the real sha256 of
// their inputs. Shared by the example repository and the conformance fixture generators.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const AUDITS = [
  ['PROOF_AUDIT.json', 'proof-checker'],
  ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
  ['CITATION_AUDIT.json', 'citation-audit'],
  ['KILL_ARGUMENT.json', 'kill-argument'],
];

export const sha256 = (p) =>
  'sha256:' + createHash('sha256').update(fs.readFileSync(p)).digest('hex');

export function write(p, content) {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
}

export const CROSS_FAMILY = {
  review_independence: 'cross-family',
  acceptance_status: 'accepted',
  executor_model: 'claude-opus-4',
  executor_family: 'anthropic',
  reviewer_family: 'openai',
};

/**
 * A paper with main.tex, a section, refs.bib and (unless results: false) a results file,
 * plus one artifact per audit. Returns the artifacts as objects keyed by file name.
 * Options: verdicts/reasons/summaries by skill, assurance (writes .aris/assurance.txt),
 * traceRoot (absolute dir traces are written under; default the paper dir) and traceRel
 * (how artifacts cite it), independence (extra fields; {} for legacy artifacts), only (skills).
 */
export function writePaper(dir, opts = {}) {
  const {
    verdicts = {},
    reasons = {},
    summaries = {},
    results = true,
    assurance,
    independence = CROSS_FAMILY,
    only,
    traceRoot = dir,
    tracePrefix = '.aris/traces',
  } = opts;
  write(
    path.join(dir, 'main.tex'),
    '\\documentclass{article}\n\\begin{document}\n\\input{sections/evidence}\n\\cite{vaswani2017}\n\\end{document}\n',
  );
  write(
    path.join(dir, 'sections/evidence.tex'),
    'Our model reaches accuracy = 89.2\\% on the held-out split.\n',
  );
  write(
    path.join(dir, 'refs.bib'),
    '@article{vaswani2017, title={Attention Is All You Need}, year={2017}}\n',
  );
  if (results)
    write(
      path.join(dir, 'results/run_2026_04_19.json'),
      '{"accuracy": 0.892, "split": "held-out"}\n',
    );
  if (assurance) write(path.join(dir, '.aris/assurance.txt'), `${assurance}\n`);
  const inputs = [
    'main.tex',
    'sections/evidence.tex',
    'refs.bib',
    ...(results ? ['results/run_2026_04_19.json'] : []),
  ];
  const artifacts = {};
  for (const [file, skill] of AUDITS) {
    if (only && !only.includes(skill)) continue;
    const trace = `${tracePrefix}/${skill}/2026-04-21_run01/`;
    write(path.join(traceRoot, trace, 'prompt.md'), `Reviewer prompt for ${skill}.\n`);
    write(path.join(traceRoot, trace, 'response.md'), `Reviewer response for ${skill}.\n`);
    const artifact = {
      audit_skill: skill,
      verdict: verdicts[skill] ?? 'PASS',
      reason_code: reasons[skill] ?? 'all_checks_passed',
      summary: summaries[skill] ?? `${skill} checked the paper; no issues found.`,
      audited_input_hashes: Object.fromEntries(inputs.map((i) => [i, sha256(path.join(dir, i))])),
      trace_path: trace,
      thread_id: `019dae73-fc12-4ab8-${skill}`,
      reviewer_model: 'gpt-5.5',
      reviewer_reasoning: 'xhigh',
      generated_at: '2026-04-21T14:23:01Z',
      ...independence,
    };
    writeArtifact(dir, file, artifact);
    artifacts[file] = artifact;
  }
  return artifacts;
}

export function writeArtifact(dir, file, artifact) {
  write(path.join(dir, file), JSON.stringify(artifact, null, 2) + '\n');
}

/** Writes .aris/audit-manifest.json naming the given [artifact, skill] pairs. */
export function writeManifest(dir, audits) {
  const manifest = {
    schema_version: '1',
    audits: audits.map(([artifact, audit_skill]) => ({ artifact, audit_skill })),
  };
  write(path.join(dir, '.aris/audit-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
}
