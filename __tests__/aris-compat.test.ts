// The compatibility floor: what verify_paper_audits.sh (report v2) does, point by point.
import fs from 'node:fs';
import path from 'node:path';
import { writePaper, write } from '../scripts/lib/aris-paper.mjs';
import { paperSetup } from './support/aris.js';
import { cli } from './support/cli.js';
import { snapshot, tempRepos } from './support/temp.js';

const repo = tempRepos();

interface Row {
  audit: string;
  status: string;
  verdict: string;
  stale: boolean;
  review_independence: string;
  issues: string[];
}

const setup = (opts: Parameters<typeof paperSetup>[1] = {}) => paperSetup(repo, opts);

async function aris(paper: string, ...args: string[]) {
  const run = await cli(['aris', paper, ...args], path.dirname(paper));
  const reportPath = path.join(paper, '.aris/audit-verifier-report.json');
  const report = fs.existsSync(reportPath)
    ? JSON.parse(fs.readFileSync(reportPath, 'utf8'))
    : undefined;
  const row = (skill: string): Row => report.audits.find((a: Row) => a.audit === skill);
  return { ...run, report, row };
}

describe('report shape and location', () => {
  it('writes the v2 report to <paper>/.aris/audit-verifier-report.json with every legacy field', async () => {
    const { paper } = setup();
    const r = await aris(paper);
    expect(r.code).toBe(0);
    expect(Object.keys(r.report)).toEqual(
      expect.arrayContaining([
        'verifier_version',
        'paper_dir',
        'assurance',
        'generated_at',
        'any_problem',
        'submission_blocking',
        'overall_assurance',
        'audits',
      ]),
    );
    expect(r.report.verifier_version).toBe('2');
    expect(r.report.paper_dir).toBe(paper);
    expect(r.report.generated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(r.report.audits.map((a: Row) => a.audit)).toEqual([
      'proof-checker',
      'paper-claim-audit',
      'citation-audit',
      'kill-argument',
    ]);
    for (const a of r.report.audits)
      expect(Object.keys(a)).toEqual(
        expect.arrayContaining([
          'audit',
          'status',
          'verdict',
          'stale',
          'review_independence',
          'issues',
        ]),
      );
    // additions
    expect(r.report.submission_ready).toBe('yes');
    expect(r.report.assurance_source).toBe('default (effort balanced)');
    expect(r.report.effort).toBe('balanced');
    expect(r.report.findings).toEqual([]);
  });
  it('honours --json-out and prints JSON with --format json', async () => {
    const { paper, root } = setup();
    const out = path.join(root, 'elsewhere/r.json');
    const r = await cli(['aris', paper, '--json-out', out, '--format', 'json'], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(fs.readFileSync(out, 'utf8')));
    expect(fs.existsSync(path.join(paper, '.aris/audit-verifier-report.json'))).toBe(false);
  });
  it('writes nothing but its report', async () => {
    const { paper, root } = setup({ assurance: 'submission' });
    write(path.join(paper, 'main.tex'), 'edited\n');
    fs.mkdirSync(path.join(paper, '.aris'), { recursive: true });
    const before = snapshot(root);
    await aris(paper);
    const after = snapshot(root);
    const added = Object.keys(after).filter((k) => !(k in before));
    const changed = Object.keys(before).filter(
      (k) => after[k] !== before[k] && !k.startsWith('paper/.aris'),
    );
    expect(added).toEqual(['paper/.aris/audit-verifier-report.json']);
    expect(changed).toEqual([]);
  });
});

describe('statuses and issue strings', () => {
  it('OK, with legacy-unspecified independence when no v2 fields', async () => {
    const { paper } = setup({ independence: {} });
    const r = await aris(paper);
    expect(r.row('proof-checker')).toMatchObject({
      status: 'OK',
      verdict: 'PASS',
      stale: false,
      review_independence: 'legacy-unspecified',
      issues: [],
    });
    expect(r.report.overall_assurance).toBe('provisional');
    expect(r.report.submission_ready).toBe('no');
  });
  it('STALE: stale:<path> for a changed input and stale:<path>:file_gone for a deleted one', async () => {
    const { paper } = setup({ assurance: 'submission' });
    write(path.join(paper, 'main.tex'), 'edited\n');
    fs.rmSync(path.join(paper, 'refs.bib'));
    const r = await aris(paper);
    expect(r.code).toBe(1);
    expect(r.row('citation-audit')).toMatchObject({
      status: 'STALE',
      stale: true,
      issues: ['stale:main.tex', 'stale:refs.bib:file_gone'],
    });
    expect(r.report).toMatchObject({
      any_problem: true,
      submission_blocking: true,
      overall_assurance: 'blocked',
    });
  });
  it('STALE wins over a blocking verdict; BLOCKING_VERDICT otherwise', async () => {
    const { paper } = setup({
      verdicts: { 'proof-checker': 'FAIL', 'citation-audit': 'BLOCKED', 'kill-argument': 'ERROR' },
    });
    const r1 = await aris(paper, '--assurance', 'submission');
    expect(r1.row('proof-checker')).toMatchObject({
      status: 'BLOCKING_VERDICT',
      verdict: 'FAIL',
      issues: [],
    });
    expect(r1.row('citation-audit').status).toBe('BLOCKING_VERDICT');
    expect(r1.row('kill-argument').status).toBe('BLOCKING_VERDICT');
    expect(r1.code).toBe(1);
    write(path.join(paper, 'main.tex'), 'edited\n');
    const r2 = await aris(paper, '--assurance', 'submission');
    expect(r2.row('proof-checker')).toMatchObject({ status: 'STALE', verdict: 'FAIL' });
  });
  it('HAS_ISSUES: missing fields, thread_id_or_agent_id, wrong skill, in legacy order', async () => {
    const { paper, edit } = setup();
    edit('PROOF_AUDIT.json', (a) => {
      delete a.reason_code;
      delete a.thread_id;
      a.audit_skill = 'citation-audit';
    });
    const r = await aris(paper);
    expect(r.row('proof-checker')).toMatchObject({
      status: 'HAS_ISSUES',
      issues: [
        'missing_field:reason_code',
        'missing_field:thread_id_or_agent_id',
        'wrong_audit_skill:citation-audit_vs_proof-checker',
      ],
    });
  });
  it('deliberate difference: an empty audit_skill is missing_field:audit_skill, not skipped', async () => {
    // The script tested `data.get("audit_skill") and ...`, so "" skipped the skill check and a
    // copied artifact passed as any audit. Like an empty trace_path, it is now a missing field.
    const { paper, edit } = setup();
    edit('KILL_ARGUMENT.json', (a) => (a.audit_skill = ''));
    const r = await aris(paper, '--assurance', 'submission');
    expect(r.code).toBe(1);
    expect(r.row('kill-argument')).toMatchObject({
      status: 'HAS_ISSUES',
      issues: ['missing_field:audit_skill'],
    });
  });
  it('accepts agent_id instead of thread_id', async () => {
    const { paper, edit } = setup();
    edit('PROOF_AUDIT.json', (a) => {
      delete a.thread_id;
      a.agent_id = 'agent-7';
    });
    expect((await aris(paper)).row('proof-checker').issues).toEqual([]);
  });
  it('SCHEMA_INVALID: a missing verdict gives missing_field:verdict and invalid_verdict:', async () => {
    const { paper, edit } = setup();
    edit('PROOF_AUDIT.json', (a) => delete a.verdict);
    const r = await aris(paper);
    expect(r.row('proof-checker')).toMatchObject({
      status: 'SCHEMA_INVALID',
      verdict: '',
      issues: ['missing_field:verdict', 'invalid_verdict:'],
    });
  });
  it('SCHEMA_INVALID: unparseable JSON gives schema_invalid:cannot_parse_json:<error>', async () => {
    const { paper } = setup();
    write(path.join(paper, 'PROOF_AUDIT.json'), '{"verdict": ');
    const r = await aris(paper);
    expect(r.row('proof-checker').status).toBe('SCHEMA_INVALID');
    expect(r.row('proof-checker').issues[0]).toMatch(/^schema_invalid:cannot_parse_json:/);
  });
  it('invalid_verdict:<v> for a verdict outside the six', async () => {
    const { paper, edit } = setup();
    edit('PROOF_AUDIT.json', (a) => (a.verdict = 'pass'));
    const r = await aris(paper);
    expect(r.row('proof-checker')).toMatchObject({
      status: 'HAS_ISSUES',
      verdict: 'pass',
      issues: ['invalid_verdict:pass'],
    });
  });
  it('audited_input_hashes_not_dict; an empty {} is accepted', async () => {
    const { paper, edit } = setup();
    edit('PROOF_AUDIT.json', (a) => (a.audited_input_hashes = ['main.tex']));
    edit('CITATION_AUDIT.json', (a) => (a.audited_input_hashes = {}));
    const r = await aris(paper);
    expect(r.row('proof-checker').issues).toEqual(['audited_input_hashes_not_dict']);
    expect(r.row('citation-audit')).toMatchObject({ status: 'OK', issues: [] });
  });
  it('accepts a bare hex hash as well as sha256:<hex>', async () => {
    const { paper, edit } = setup();
    edit(
      'PROOF_AUDIT.json',
      (a) => (a.audited_input_hashes['main.tex'] = a.audited_input_hashes['main.tex'].slice(7)),
    );
    expect((await aris(paper)).row('proof-checker').status).toBe('OK');
  });
  it('trace_path issues: missing, empty dir, empty file', async () => {
    const { paper, edit } = setup();
    fs.mkdirSync(path.join(paper, 'empty-trace'));
    write(path.join(paper, 'empty.md'), '');
    edit('PROOF_AUDIT.json', (a) => (a.trace_path = 'nowhere/'));
    edit('PAPER_CLAIM_AUDIT.json', (a) => (a.trace_path = 'empty-trace'));
    edit('CITATION_AUDIT.json', (a) => (a.trace_path = 'empty.md'));
    const r = await aris(paper);
    expect(r.row('proof-checker').issues).toEqual(['trace_path_missing:nowhere/']);
    expect(r.row('paper-claim-audit').issues).toEqual(['trace_path_empty:empty-trace']);
    expect(r.row('citation-audit').issues).toEqual(['trace_path_empty_file:empty.md']);
  });
  it('MISSING (submission) with missing_artifact: FILE, MISSING_DRAFT_OK (draft)', async () => {
    const { paper } = setup({ only: ['proof-checker'] });
    const sub = await aris(paper, '--assurance', 'submission');
    expect(sub.code).toBe(1);
    expect(sub.row('kill-argument')).toEqual(
      expect.objectContaining({
        status: 'MISSING',
        verdict: '',
        stale: false,
        review_independence: 'unavailable',
        issues: ['missing_artifact: KILL_ARGUMENT.json'],
      }),
    );
    const draft = await aris(paper, '--assurance', 'draft');
    expect(draft.code).toBe(0);
    expect(draft.row('kill-argument')).toEqual(
      expect.objectContaining({
        status: 'MISSING_DRAFT_OK',
        issues: [],
        review_independence: 'unavailable',
      }),
    );
    expect(draft.report).toMatchObject({
      any_problem: false,
      submission_blocking: false,
      overall_assurance: 'provisional',
      submission_ready: 'no',
    });
  });
});

describe('draft vs submission', () => {
  it('a paper with no audit yet passes at draft and blocks at submission, as the script does', async () => {
    const root = repo();
    const paper = path.join(root, 'paper');
    write(path.join(paper, 'main.tex'), 'draft\n');
    const draft = await aris(paper);
    expect([draft.code, draft.stderr]).toEqual([0, expect.not.stringMatching(/nothing_verified/)]);
    expect(draft.report.audits.map((a: Row) => a.status)).toEqual(
      Array(4).fill('MISSING_DRAFT_OK'),
    );
    const sub = await aris(paper, '--assurance', 'submission');
    expect(sub.code).toBe(1);
    expect(sub.report.audits.map((a: Row) => a.status)).toEqual(Array(4).fill('MISSING'));
  });
  it('draft always exits 0 and prints WARN when problems exist; submission exits 1', async () => {
    const { paper } = setup({ verdicts: { 'proof-checker': 'FAIL' } });
    write(path.join(paper, 'main.tex'), 'edited\n');
    const draft = await aris(paper);
    expect(draft.code).toBe(0);
    expect(draft.stderr).toMatch(/WARN/);
    expect(draft.report).toMatchObject({
      assurance: 'draft',
      any_problem: true,
      submission_blocking: false,
    });
    const sub = await aris(paper, '--assurance', 'submission');
    expect(sub.code).toBe(1);
    expect(sub.stderr).toMatch(/FAIL/);
  });
  it('reads no .audit-gate.json: a waiver there changes neither the exit code nor the report', async () => {
    const { root, paper } = setup({ verdicts: { 'proof-checker': 'FAIL' } });
    write(
      path.join(root, '.audit-gate.json'),
      JSON.stringify({
        waivers: [{ code: 'aris.verdict_fail', subject: 'aris:paper/*', reason: 'known' }],
        exclude: ['paper'],
      }),
    );
    const sub = await aris(paper, '--assurance', 'submission');
    expect(sub.code).toBe(1);
    expect(sub.stderr).not.toMatch(/waived|config_key_ignored|\.audit-gate\.json/);
    expect(sub.report).toMatchObject({ submission_blocking: true, overall_assurance: 'blocked' });
  });
  it('a FAIL verdict alone is not a legacy problem in draft, but blocks in submission', async () => {
    const { paper } = setup({ verdicts: { 'proof-checker': 'FAIL' } });
    expect((await aris(paper)).report).toMatchObject({
      any_problem: false,
      submission_blocking: false,
      overall_assurance: 'accepted',
    });
    expect((await aris(paper, '--assurance', 'submission')).report).toMatchObject({
      any_problem: true,
      submission_blocking: true,
      overall_assurance: 'blocked',
    });
  });
  it('NOT_APPLICABLE and WARN do not block submission', async () => {
    const { paper } = setup({
      verdicts: { 'proof-checker': 'NOT_APPLICABLE', 'citation-audit': 'WARN' },
    });
    const r = await aris(paper, '--assurance', 'submission');
    expect(r.code).toBe(0);
    expect(r.report).toMatchObject({ overall_assurance: 'accepted', submission_ready: 'yes' });
  });
});

describe('assurance and effort', () => {
  // The legacy script has no --effort: these rows are the contract's rules. Effort implies an
  // assurance only when none is given; the paper's assurance.txt is an explicit one and wins.
  const cases: [string[], string | undefined, string, string][] = [
    [[], undefined, 'draft', 'default (effort balanced)'],
    [[], 'submission', 'submission', '.aris/assurance.txt'],
    [[], ' draft \n', 'draft', '.aris/assurance.txt'],
    [['--effort', 'beast'], undefined, 'submission', '--effort beast'],
    [['--effort', 'max'], undefined, 'submission', '--effort max'],
    [['--effort', 'lite'], 'submission', 'submission', '.aris/assurance.txt'],
    [['--effort', 'beast'], 'draft', 'draft', '.aris/assurance.txt'],
    [['--effort', 'beast', '--assurance', 'draft'], undefined, 'draft', '--assurance'],
    [['--assurance', 'submission'], 'draft', 'submission', '--assurance'],
  ];
  it.each(cases)(
    'flags %j with assurance.txt %j → %s (%s)',
    async (flags, file, assurance, source) => {
      const { paper } = setup();
      if (file !== undefined) write(path.join(paper, '.aris/assurance.txt'), file);
      const r = await aris(paper, ...flags);
      expect(r.report.assurance).toBe(assurance);
      expect(r.report.assurance_source).toBe(source);
    },
  );
});

describe('bad arguments exit 2', () => {
  it.each([
    [['aris']],
    [['aris', 'no-such-dir']],
    [['aris', '.', '--assurance', 'strict']],
    [['aris', '.', '--effort', 'huge']],
    [['aris', '.', 'extra']],
    [['aris', '.', '--bogus']],
    [['aris', '.', '--format', 'xml']],
    [['frobnicate']],
  ])('%j', async (args) => {
    const root = repo();
    const r = await cli(args, root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/audit-gate: /);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
  it('a file named as the paper directory is said to be a file, not missing', async () => {
    const { paper } = setup();
    const r = await cli(['aris', path.join(paper, 'main.tex')], paper);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/paper directory must be a directory, but .*main\.tex is a file/);
  });
  it('an invalid .aris/assurance.txt is a bad argument, as before', async () => {
    const { paper } = setup({ assurance: 'strict' });
    const r = await cli(['aris', paper], paper);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid assurance/);
  });
});

describe('review independence', () => {
  const ind = (over: Record<string, unknown>) => ({ ...over });
  it.each([
    ['cross-family ok', ind({}), 'cross-family', []],
    [
      'same-family is provisional',
      ind({
        review_independence: 'same-family',
        acceptance_status: 'provisional',
        executor_model: 'gpt-5.5-codex',
        executor_family: 'openai',
      }),
      'same-family',
      [],
    ],
    [
      'same-family claimed accepted',
      ind({
        review_independence: 'same-family',
        executor_model: 'gpt-5.5-codex',
        executor_family: 'openai',
      }),
      'same-family',
      ['acceptance_status_mismatch:accepted_vs_provisional'],
    ],
    [
      'cross-family with one family',
      ind({ executor_model: 'o3', executor_family: 'openai' }),
      'cross-family',
      ['cross_family_independence_mismatch'],
    ],
    [
      'deterministic reviewer',
      ind({
        review_independence: 'deterministic',
        reviewer_model: 'deterministic:checker',
        reviewer_family: 'deterministic',
        executor_model: 'mystery',
        executor_family: 'unknown',
      }),
      'deterministic',
      [],
    ],
    [
      'deterministic claimed for a model',
      ind({ review_independence: 'deterministic' }),
      'deterministic',
      ['deterministic_independence_mismatch'],
    ],
    [
      'unknown executor',
      ind({ executor_model: 'mystery', executor_family: 'unknown' }),
      'cross-family',
      ['unrecognized_model_family:executor=unknown,reviewer=openai'],
    ],
    [
      'invalid value',
      ind({ review_independence: 'peer' }),
      'peer',
      ['invalid_review_independence:peer', 'deterministic_independence_mismatch'],
    ],
    [
      'wrong families declared',
      ind({ executor_family: 'google', reviewer_family: 'meta' }),
      'cross-family',
      ['executor_family_mismatch:google_vs_anthropic', 'reviewer_family_mismatch:meta_vs_openai'],
    ],
    [
      'partial fields',
      ind({ acceptance_status: undefined }),
      'cross-family',
      ['missing_field:acceptance_status', 'acceptance_status_mismatch:None_vs_accepted'],
    ],
  ])('%s', async (_name, over, label, issues) => {
    const { paper, edit } = setup();
    edit('PROOF_AUDIT.json', (a) => {
      for (const [k, v] of Object.entries(over))
        if (v === undefined) delete a[k];
        else a[k] = v;
    });
    const row = (await aris(paper)).row('proof-checker');
    expect(row.review_independence).toBe(label);
    expect(row.issues).toEqual(issues);
  });
});

describe('beyond the legacy script', () => {
  it('reports paths with | , quotes, newlines and non-ASCII exactly', async () => {
    const { paper, edit } = setup({ assurance: 'submission' });
    const name = 'res|ults, "v2"\nüñí.json';
    write(path.join(paper, name), 'data\n');
    edit('PROOF_AUDIT.json', (a) => (a.audited_input_hashes[name] = 'sha256:' + '0'.repeat(64)));
    const r = await aris(paper);
    expect(r.row('proof-checker').issues).toEqual([`stale:${name}`]);
    expect(r.report.findings[0].message).toContain(name);
  });
  it('does not read outside the workspace: .., absolute and symlinked inputs are stale, unread', async () => {
    const { paper, edit, root } = setup();
    fs.symlinkSync('/etc/hostname', path.join(paper, 'link'));
    edit('PROOF_AUDIT.json', (a) => {
      a.audited_input_hashes['../../etc/passwd'] = 'sha256:' + 'a'.repeat(64);
      a.audited_input_hashes['/etc/passwd'] = 'sha256:' + 'a'.repeat(64);
      a.audited_input_hashes['link'] = 'sha256:' + 'a'.repeat(64);
    });
    const r = await aris(paper);
    expect(r.row('proof-checker')).toMatchObject({
      status: 'STALE',
      issues: [
        'stale:../../etc/passwd:outside_root',
        'stale:/etc/passwd:outside_root',
        'stale:link:outside_root',
      ],
    });
    void root;
    const allowed = await aris(paper, '--allow-outside-root');
    expect(allowed.row('proof-checker').issues).toEqual([
      'stale:../../etc/passwd:file_gone',
      'stale:/etc/passwd',
      'stale:link',
    ]);
  });
  it('finds traces written at the repository top level and says where', async () => {
    const root = repo();
    const paper = path.join(root, 'papers/p1');
    writePaper(paper, { traceRoot: root });
    const r = await aris(paper);
    expect(r.row('proof-checker')).toMatchObject({
      status: 'OK',
      trace_location: '.aris/traces/proof-checker/2026-04-21_run01',
    });
  });
  it('uses the manifest instead of the default four', async () => {
    const { paper } = setup({ only: ['citation-audit'], assurance: 'submission' });
    write(
      path.join(paper, '.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: 'CITATION_AUDIT.json', audit_skill: 'citation-audit' }],
      }),
    );
    const r = await aris(paper);
    expect(r.code).toBe(0);
    expect(r.report.audits.map((a: Row) => a.audit)).toEqual(['citation-audit']);
    expect(r.report.manifest).toBe('paper/.aris/audit-manifest.json');
  });
  it('a manifest artifact spelled with a "./" segment is not a plain path: refused like "../"', async () => {
    // One spelling per file: "./X.json" next to "X.json" would check one audit twice.
    const { paper } = setup({ assurance: 'submission' });
    write(
      path.join(paper, '.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: './CITATION_AUDIT.json', audit_skill: 'citation-audit' }],
      }),
    );
    const r = await aris(paper);
    expect(r.code).toBe(1);
    expect(r.report.findings).toMatchObject([
      {
        code: 'aris.manifest_invalid',
        message: expect.stringContaining('which is not a plain path inside the paper dir'),
      },
    ]);
  });
  it('a manifest cannot hide a present artifact: an omitted audit whose artifact is there is verified', async () => {
    const { paper } = setup({
      assurance: 'submission',
      verdicts: { 'proof-checker': 'FAIL' },
      reasons: { 'proof-checker': 'lemma_3_gap' },
    });
    fs.rmSync(path.join(paper, 'KILL_ARGUMENT.json'));
    write(
      path.join(paper, '.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: 'CITATION_AUDIT.json', audit_skill: 'citation-audit' }],
      }),
    );
    const r = await aris(paper);
    expect(r.code).toBe(1);
    // The manifest's audits first, then the omitted ones still present; the absent one is excused.
    expect(r.report.audits.map((a: Row) => a.audit)).toEqual([
      'citation-audit',
      'proof-checker',
      'paper-claim-audit',
    ]);
    expect(r.row('proof-checker').status).toBe('BLOCKING_VERDICT');
    expect(r.report.submission_blocking).toBe(true);
  });
  it('a malformed manifest is a finding and exit 1 in submission, checked against the default four', async () => {
    const { paper } = setup({ assurance: 'submission' });
    write(path.join(paper, '.aris/audit-manifest.json'), '{"schema_version": "1"}');
    const r = await aris(paper);
    expect(r.code).toBe(1);
    expect(r.report.findings.map((f: { code: string }) => f.code)).toEqual([
      'aris.manifest_invalid',
    ]);
    expect(r.report.audits).toHaveLength(4);
  });
  it('findings carry code, severity, location with the artifact line and a remediation naming the audit', async () => {
    const { paper } = setup({
      assurance: 'submission',
      verdicts: { 'paper-claim-audit': 'BLOCKED' },
      reasons: { 'paper-claim-audit': 'no_raw_evidence' },
    });
    const r = await aris(paper);
    const f = r.report.findings[0];
    expect(f).toMatchObject({
      code: 'aris.verdict_blocked',
      severity: 'error',
      blocking: true,
      location: { path: 'paper/PAPER_CLAIM_AUDIT.json', line: 3 },
    });
    expect(f.remediation).toMatch(/Add results\/ .*write draft in its \.aris\/assurance\.txt/);
    const text = fs.readFileSync(path.join(paper, 'PAPER_CLAIM_AUDIT.json'), 'utf8').split('\n')[2];
    expect(text).toMatch(/"verdict"/);
  });
  it('a paper checked at a pinned --assurance is never told to downgrade to draft', async () => {
    const { paper } = setup({
      verdicts: { 'paper-claim-audit': 'BLOCKED' },
      reasons: { 'paper-claim-audit': 'no_raw_evidence' },
    });
    const r = await aris(paper, '--assurance', 'submission', '--format', 'text');
    expect(r.code).toBe(1);
    const fixes = r.report.findings.map((f: { remediation?: string }) => f.remediation ?? '');
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) expect(fix).not.toMatch(/draft/);
    expect(r.stdout).not.toMatch(/draft/);
  });
  it('a stale finding points at the line that recorded the old hash and names the changed file', async () => {
    const { paper } = setup({ assurance: 'submission' });
    write(path.join(paper, 'refs.bib'), 'changed\n');
    const r = await aris(paper);
    const f = r.report.findings.find((x: { subject: string }) =>
      x.subject.endsWith('PROOF_AUDIT.json'),
    );
    const lines = fs.readFileSync(path.join(paper, 'PROOF_AUDIT.json'), 'utf8').split('\n');
    expect(lines[f.location.line - 1]).toContain('"refs.bib"');
    expect(f.related).toEqual([{ path: 'paper/refs.bib' }]);
    expect(f.remediation).toBe(
      'Run the proof-checker skill on paper (it rewrites PROOF_AUDIT.json), then run audit-gate again.',
    );
  });
});
