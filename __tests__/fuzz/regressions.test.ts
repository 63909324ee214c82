// Counterexamples the fuzz suite found, kept as plain examples (fast and readable in a failure).
import fs from 'node:fs';
import path from 'node:path';
import { writeArtifact, writePaper } from '../../scripts/lib/aris-paper.mjs';
import { renderSarif } from '../../src/render/sarif.js';
import { verify } from '../../src/pipeline/verify.js';
import { tempRepos } from '../support/temp.js';

const repo = tempRepos();

describe('fuzz regressions', () => {
  it('SARIF: a path with a lone surrogate (JSON "\\udc00") is written as U+FFFD, not a URIError', async () => {
    // The file system stores a lone surrogate as U+FFFD, so the artifact's key names this file.
    const root = repo();
    const paper = path.join(root, 'paper');
    const artifacts = writePaper(paper, { assurance: 'submission' });
    fs.writeFileSync(path.join(paper, '\ufffd.tex'), 'x');
    const a = artifacts['PROOF_AUDIT.json']!;
    a['audited_input_hashes']['\udc00.tex'] = `sha256:${'0'.repeat(64)}`;
    writeArtifact(paper, 'PROOF_AUDIT.json', a);
    const report = await verify({ root });
    expect(report.findings.map((f) => f.related)).toEqual([[{ path: 'paper/\udc00.tex' }]]);
    const sarif = renderSarif(report);
    expect(
      sarif.runs[0]!.results[0]!.relatedLocations![0]!.physicalLocation.artifactLocation.uri,
    ).toBe('paper/%EF%BF%BD.tex');
  });
});
