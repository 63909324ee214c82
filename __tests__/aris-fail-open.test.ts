// Fail-open gaps found in review: a trace_path that names the verifier's own files or an audit
// artifact, an empty audit_skill, and an effort that overrode the paper's own assurance.
import fs from 'node:fs';
import path from 'node:path';
import { writeArtifact, writeManifest, writePaper, write } from '../scripts/lib/aris-paper.mjs';
import { resolveAssurance, type AssuranceInputs } from '../src/policy/assurance.js';
import { verify } from '../src/pipeline/verify.js';
import { paperSetup } from './support/aris.js';
import { cli } from './support/cli.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();
const PROOF = 'PROOF_AUDIT.json';
const REPORT = '.aris/audit-verifier-report.json';

const setup = (opts: Parameters<typeof paperSetup>[1] = { assurance: 'submission' }) =>
  paperSetup(repo, opts);

async function aris(paper: string, ...args: string[]) {
  const run = await cli(['aris', paper, ...args], path.dirname(paper));
  const report = JSON.parse(fs.readFileSync(path.join(paper, REPORT), 'utf8'));
  const row = (skill: string) =>
    report.audits.find((a: { audit: string }) => a.audit === skill) as {
      status: string;
      issues: string[];
    };
  return { ...run, report, row };
}

async function codesOf(root: string) {
  const report = await verify({ root });
  return { report, codes: [...new Set(report.findings.map((f) => f.code))].sort() };
}

describe('trace_path must be a trace, not the verifier’s files or an audit artifact', () => {
  it('the verifier’s own report is not a trace, on the first run and on the second', async () => {
    const { paper, edit } = setup();
    edit(PROOF, (a) => (a.trace_path = REPORT));
    const first = await aris(paper);
    expect(first.code).toBe(1);
    expect(first.row('proof-checker').issues).toEqual([`trace_path_not_a_trace:${REPORT}`]);
    // The first run wrote the report: it still must not satisfy the trace.
    expect(fs.statSync(path.join(paper, REPORT)).size).toBeGreaterThan(0);
    const second = await aris(paper);
    expect(second.code).toBe(1);
    expect(second.row('proof-checker')).toMatchObject({
      status: 'HAS_ISSUES',
      issues: [`trace_path_not_a_trace:${REPORT}`],
    });
    const f = second.report.findings.find(
      (x: { code: string }) => x.code === 'aris.trace_not_a_trace',
    );
    expect(f.message).toMatch(/is the verifier’s own report \(paper\/\.aris\/audit-verifier/);
    expect(f.message).toMatch(/must name the directory or file proof-checker wrote/);
    expect(f.location).toEqual({ path: 'paper/PROOF_AUDIT.json', line: 12 });
  });

  it.each([
    ['the artifact itself', PROOF, /this audit’s own artifact/],
    ['the artifact, spelled differently', './sections/../PROOF_AUDIT.json', /own artifact/],
    ['another audit’s artifact', 'CITATION_AUDIT.json', /the audit artifact paper\/CITATION/],
    ['the .aris directory', '.aris', /the paper\/\.aris directory/],
    ['the .aris directory with a slash', '.aris/', /the paper\/\.aris directory/],
    ['assurance.txt', '.aris/assurance.txt', /assurance setting/],
    ['the manifest', '.aris/audit-manifest.json', /the audit manifest/],
    ['the paper dir', '.', /paper directory or a directory above it/],
    ['the repository root', '..', /paper directory or a directory above it/],
  ])('%s → aris.trace_not_a_trace', async (_name, tracePath, message) => {
    const { root, paper, edit } = setup();
    writeManifest(paper, [
      ['PROOF_AUDIT.json', 'proof-checker'],
      ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
      ['CITATION_AUDIT.json', 'citation-audit'],
      ['KILL_ARGUMENT.json', 'kill-argument'],
    ]);
    edit(PROOF, (a) => (a.trace_path = tracePath));
    const { report, codes } = await codesOf(root);
    expect(codes).toEqual(['aris.trace_not_a_trace']);
    expect(report.findings[0]!.details?.['issue']).toBe(`trace_path_not_a_trace:${tracePath}`);
    expect(report.findings[0]!.message).toMatch(message);
    expect(report.conclusion).toBe('failure');
  });

  it('the paper dir as an absolute path, and a symlink to an artifact, are not traces', async () => {
    const { root, paper, edit } = setup();
    fs.symlinkSync('KILL_ARGUMENT.json', path.join(paper, 'trace.md'));
    edit(PROOF, (a) => (a.trace_path = paper));
    edit('CITATION_AUDIT.json', (a) => (a.trace_path = 'trace.md'));
    const { report } = await codesOf(root);
    expect(report.findings.map((f) => [f.code, f.details?.['issue']])).toEqual([
      ['aris.trace_not_a_trace', `trace_path_not_a_trace:${paper}`],
      ['aris.trace_not_a_trace', 'trace_path_not_a_trace:trace.md'],
    ]);
  });

  it('a manifest-listed artifact in a subdirectory, and the directory holding it, are not traces', async () => {
    const { root, paper, edit } = setup();
    fs.mkdirSync(path.join(paper, 'audits'));
    fs.renameSync(path.join(paper, 'KILL_ARGUMENT.json'), path.join(paper, 'audits/kill.json'));
    writeManifest(paper, [
      ['PROOF_AUDIT.json', 'proof-checker'],
      ['CITATION_AUDIT.json', 'citation-audit'],
      ['audits/kill.json', 'kill-argument'],
    ]);
    edit(PROOF, (a) => (a.trace_path = 'audits/kill.json'));
    edit('CITATION_AUDIT.json', (a) => (a.trace_path = 'audits'));
    const { report } = await codesOf(root);
    expect(report.findings.map((f) => [f.code, f.details?.['issue']])).toEqual([
      ['aris.trace_not_a_trace', 'trace_path_not_a_trace:audits/kill.json'],
      ['aris.trace_not_a_trace', 'trace_path_not_a_trace:audits'],
    ]);
    expect(report.findings[1]!.message).toMatch(/a directory holding the audit artifact/);
  });

  it('.aris is not a trace (the paper’s own, never the top level’s), but traces written under the top level .aris are', async () => {
    const root = repo();
    const paper = path.join(root, 'papers/p1');
    const artifacts = writePaper(paper, { traceRoot: root });
    expect((await codesOf(root)).codes).toEqual([]);
    artifacts[PROOF]!.trace_path = '.aris';
    writeArtifact(paper, PROOF, artifacts[PROOF]);
    const { report, codes } = await codesOf(root);
    expect(codes).toEqual(['aris.trace_not_a_trace']);
    expect(report.findings[0]!.message).toMatch(
      /is the papers\/p1\/\.aris directory, where the verifier keeps its settings/,
    );
  });

  it('a file above the paper is no trace, however trace_path reaches it (a seventh hostile review)', async () => {
    const { root, paper, edit } = setup();
    write(path.join(root, 'README.md'), '# the repository\n');
    fs.symlinkSync('../../../README.md', path.join(paper, '.aris/traces/linked'));
    const spellings = ['../README.md', '.aris/traces/../../../README.md', '.aris/traces/linked'];
    for (const tracePath of spellings) {
      edit(PROOF, (a) => (a.trace_path = tracePath));
      const { codes } = await codesOf(root);
      expect([tracePath, codes]).toEqual([tracePath, ['aris.trace_not_a_trace']]);
    }
    // Nor anything under a paper's traces folder linked to another paper, or a run folder
    // linked out of it: a trace really lies under .aris/traces/.
    write(path.join(root, 'other/main.tex'), 'another paper\n');
    fs.renameSync(path.join(paper, '.aris/traces'), path.join(root, 'moved-traces'));
    fs.symlinkSync(
      path.relative(path.join(paper, '.aris'), path.join(root, 'other')),
      path.join(paper, '.aris/traces'),
    );
    edit(PROOF, (a) => (a.trace_path = '.aris/traces/main.tex'));
    const linked = await codesOf(root);
    expect(linked.codes).toContain('aris.trace_not_a_trace');
    expect(
      linked.report.findings.find((f) => f.code === 'aris.trace_not_a_trace')!.message,
    ).toMatch(/through a symlink \(to "other\/main\.tex"\)/);
    fs.rmSync(path.join(paper, '.aris/traces'));
    fs.renameSync(path.join(root, 'moved-traces'), path.join(paper, '.aris/traces'));
    // Nor is anything under a top-level .aris/traces that links back to its own folder.
    fs.mkdirSync(path.join(root, '.aris'), { recursive: true });
    fs.symlinkSync('..', path.join(root, '.aris/traces'));
    edit(PROOF, (a) => (a.trace_path = '.aris/traces/README.md'));
    expect((await codesOf(root)).codes).toEqual(['aris.trace_not_a_trace']);
  });

  it('a trace file or directory the audit wrote is still accepted', async () => {
    const { root, paper, edit } = setup();
    write(path.join(paper, '.aris/traces/proof.md'), 'prompt and response\n');
    edit(PROOF, (a) => (a.trace_path = '.aris/traces/proof.md'));
    edit('CITATION_AUDIT.json', (a) => (a.trace_path = '.aris/traces/citation-audit'));
    const { report, codes } = await codesOf(root);
    expect(codes).toEqual([]);
    expect(report.conclusion).toBe('success');
  });
});

describe('an empty audit_skill is a missing field', () => {
  it.each([[''], ['   '], ['\n']])('audit_skill %j → missing_field:audit_skill', async (skill) => {
    const { paper, edit } = setup();
    edit('KILL_ARGUMENT.json', (a) => (a.audit_skill = skill));
    const r = await aris(paper);
    expect(r.code).toBe(1);
    expect(r.row('kill-argument')).toMatchObject({
      status: 'HAS_ISSUES',
      issues: ['missing_field:audit_skill'],
    });
    const f = r.report.findings.find((x: { code: string }) => x.code === 'aris.missing_field');
    expect(f.location).toEqual({ path: 'paper/KILL_ARGUMENT.json', line: 2 });
    expect(f.message).toMatch(/empty "audit_skill".*kill-argument/);
  });
  it('a copied artifact with an empty audit_skill does not pass as another audit', async () => {
    const { root, paper } = setup();
    fs.copyFileSync(
      path.join(paper, 'CITATION_AUDIT.json'),
      path.join(paper, 'KILL_ARGUMENT.json'),
    );
    const kill = JSON.parse(fs.readFileSync(path.join(paper, 'KILL_ARGUMENT.json'), 'utf8'));
    kill.audit_skill = '';
    writeArtifact(paper, 'KILL_ARGUMENT.json', kill);
    const { report, codes } = await codesOf(root);
    expect(codes).toEqual(['aris.missing_field']);
    expect(report.conclusion).toBe('failure');
  });
});

describe('an explicit assurance always wins over the one an effort implies', () => {
  const cases: [string, AssuranceInputs, string, string, string | undefined][] = [
    ['nothing', {}, 'draft', 'default (effort balanced)', 'balanced'],
    ['flag effort', { flagEffort: 'beast' }, 'submission', '--effort beast', 'beast'],
    ['config effort', { configEffort: 'max' }, 'submission', 'config effort max', 'max'],
    [
      'flag effort over config effort',
      { flagEffort: 'lite', configEffort: 'max' },
      'draft',
      '--effort lite',
      'lite',
    ],
    [
      'file over flag effort',
      { flagEffort: 'balanced', fileText: 'submission\n' },
      'submission',
      '.aris/assurance.txt',
      'balanced',
    ],
    [
      'file over flag effort (downwards too)',
      { flagEffort: 'beast', fileText: 'draft' },
      'draft',
      '.aris/assurance.txt',
      'beast',
    ],
    [
      'config assurance over flag effort',
      { flagEffort: 'lite', configAssurance: 'submission' },
      'submission',
      'config assurance',
      'lite',
    ],
    [
      'config assurance over config effort',
      { configEffort: 'beast', configAssurance: 'draft' },
      'draft',
      'config assurance',
      'beast',
    ],
    [
      'flag assurance over file',
      { flagAssurance: 'draft', fileText: 'submission', flagEffort: 'max' },
      'draft',
      '--assurance',
      'max',
    ],
    [
      'file over config assurance',
      { fileText: 'draft', configAssurance: 'submission' },
      'draft',
      '.aris/assurance.txt',
      undefined,
    ],
  ];
  it.each(cases)('%s', (_name, inputs, assurance, source, effort) => {
    const d = resolveAssurance(inputs);
    expect(d).toEqual({ assurance, source, ...(effort ? { effort } : {}) });
  });

  it.each([
    ['an invalid file, even with a flag effort', { flagEffort: 'lite', fileText: 'strict' }],
    [
      'an invalid config assurance, even with a flag effort',
      { flagEffort: 'lite', configAssurance: 'x' },
    ],
    ['an invalid flag effort', { flagEffort: 'huge', fileText: 'draft' }],
    ['an invalid config effort', { configEffort: 'huge' }],
    ['an unreadable file', { flagEffort: 'balanced', fileError: 'EACCES: permission denied' }],
  ] as [string, AssuranceInputs][])('%s fails closed to submission', (_name, inputs) => {
    const d = resolveAssurance(inputs);
    expect(d.assurance).toBe('submission');
    expect(d.error).toBeDefined();
    expect(d.source).toMatch(/failing closed to submission/);
  });

  it('aris --effort balanced does not downgrade a paper whose assurance.txt says submission', async () => {
    const { paper } = setup({ only: ['proof-checker', 'citation-audit'], assurance: 'submission' });
    const r = await aris(paper, '--effort', 'balanced');
    expect(r.code).toBe(1);
    expect(r.report).toMatchObject({
      assurance: 'submission',
      assurance_source: '.aris/assurance.txt',
      effort: 'balanced',
      submission_blocking: true,
    });
    expect(r.row('kill-argument').status).toBe('MISSING');
  });

  it('verify: a config assurance wins over --effort; --effort fills in when none is given', async () => {
    const { root } = setup({ only: ['proof-checker'] });
    write(path.join(root, '.audit-gate.json'), JSON.stringify({ assurance: 'submission' }));
    const withConfig = await verify({ root, effort: 'lite' });
    expect(withConfig.targets[0]!.context).toMatchObject({
      assurance: 'submission',
      assurance_source: 'config assurance',
      effort: 'lite',
    });
    expect(withConfig.conclusion).toBe('failure');
    fs.rmSync(path.join(root, '.audit-gate.json'));
    const effortOnly = await verify({ root, effort: 'lite' });
    expect(effortOnly.targets[0]!.context).toMatchObject({
      assurance: 'draft',
      assurance_source: '--effort lite',
    });
    expect(effortOnly.exit_code).toBe(0);
  });

  it('an invalid assurance.txt is not bypassed by --effort: it fails closed', async () => {
    const { root } = setup({ only: ['proof-checker'], assurance: 'strict' });
    const report = await verify({ root, effort: 'lite' });
    expect(report.targets[0]!.context.assurance).toBe('submission');
    expect(report.findings.map((f) => f.code)).toContain('aris.assurance_invalid');
    expect(report.exit_code).toBe(1);
  });
});
