// Regenerates conformance/aris: one folder per fixture, fixture.json + input/ (a repository
// holding paper/). Each fixture starts from a clean paper and applies one mutation; the
// expected codes are written here by hand from the contract, never read back from the tool.
import fs from 'node:fs';
import path from 'node:path';
import { sha256, write, writeArtifact, writeManifest, writePaper } from './lib/aris-paper.mjs';

const out = path.resolve(process.argv[2] ?? 'conformance/aris');
fs.rmSync(out, { recursive: true, force: true });

const SUB = { assurance: 'submission' };
const DRAFT = { assurance: 'draft' };

function fixture(id, kind, spec, mutate = () => {}) {
  const dir = path.join(out, id);
  const input = path.join(dir, 'input');
  const paper = path.join(input, 'paper');
  const artifacts = writePaper(paper, spec.paper ?? {});
  const edit = (file, change) => {
    const a = artifacts[file];
    change(a);
    writeArtifact(paper, file, a);
  };
  mutate({ paper, input, artifacts, edit });
  const json = {
    schema_version: '1.0',
    fixture_id: id,
    fixture_kind: kind,
    pack: 'aris',
    description: spec.description,
    input: 'input',
    target: 'paper',
    options: spec.options ?? SUB,
    ...(spec.empty_dirs ? { empty_dirs: spec.empty_dirs } : {}),
    expected_validation_codes: spec.expected,
    expected_terminal_state: spec.state,
  };
  write(path.join(dir, 'fixture.json'), JSON.stringify(json, null, 2) + '\n');
}

const PROOF = 'PROOF_AUDIT.json';
const CLAIM = 'PAPER_CLAIM_AUDIT.json';

// ── Clean fixtures: nothing may fire. ───────────────────────────────────────────────────────
fixture('clean-all-pass', 'clean', {
  description: 'All four audits PASS, cross-family, fresh inputs, submission.',
  expected: [],
  state: 'accepted',
});
fixture('clean-not-applicable', 'clean', {
  description:
    'Detector-negative audits write NOT_APPLICABLE artifacts; not blocking at submission.',
  paper: {
    verdicts: { 'proof-checker': 'NOT_APPLICABLE', 'paper-claim-audit': 'NOT_APPLICABLE' },
    reasons: { 'proof-checker': 'no_theorems', 'paper-claim-audit': 'no_numeric_claims' },
  },
  expected: [],
  state: 'accepted',
});
fixture('clean-warn-verdict', 'clean', {
  description: 'WARN is not blocking.',
  paper: { verdicts: { 'citation-audit': 'WARN' } },
  expected: [],
  state: 'accepted',
});
fixture('clean-draft-missing', 'clean', {
  description: 'Draft mode: missing audits are allowed (silent skip), the result is provisional.',
  paper: { only: ['citation-audit'] },
  options: DRAFT,
  expected: [],
  state: 'provisional',
});
fixture('clean-legacy-unspecified', 'clean', {
  description: 'Artifacts without review-independence fields are readable but provisional.',
  paper: { independence: {} },
  expected: [],
  state: 'provisional',
});
fixture('clean-effort-balanced', 'clean', {
  description: 'effort balanced implies draft: a missing audit does not block.',
  paper: { only: ['proof-checker', 'citation-audit'] },
  options: { effort: 'balanced' },
  expected: [],
  state: 'provisional',
});
fixture(
  'clean-manifest',
  'clean',
  {
    description:
      'The manifest names the two audits that applied; the others are not required while the paper sets its own assurance (.aris/assurance.txt).',
    paper: { only: ['proof-checker', 'citation-audit'], assurance: 'submission' },
    options: {},
    expected: [],
    state: 'accepted',
  },
  ({ paper }) => {
    writeManifest(paper, [
      ['PROOF_AUDIT.json', 'proof-checker'],
      ['CITATION_AUDIT.json', 'citation-audit'],
    ]);
  },
);
fixture(
  'clean-trace-at-repo-top',
  'clean',
  {
    description: 'Traces written at the repository top level (.aris/traces/...) are found.',
    expected: [],
    state: 'accepted',
  },
  ({ paper, input }) => {
    fs.renameSync(path.join(paper, '.aris'), path.join(input, '.aris'));
  },
);
fixture(
  'clean-deterministic-review',
  'clean',
  {
    description: 'A deterministic reviewer may accept tooling output.',
    paper: {
      independence: {
        review_independence: 'deterministic',
        acceptance_status: 'accepted',
        executor_model: 'claude-opus-4',
        executor_family: 'anthropic',
        reviewer_family: 'deterministic',
      },
    },
    expected: [],
    state: 'accepted',
  },
  ({ artifacts, edit }) => {
    for (const file of Object.keys(artifacts))
      edit(file, (a) => {
        a.reviewer_model = 'deterministic:latexmk-check';
      });
  },
);
fixture(
  'clean-hostile-paths',
  'clean',
  {
    description:
      'Input paths with | , quotes, newlines and non-ASCII are hashed and reported exactly.',
    expected: [],
    state: 'accepted',
  },
  ({ paper, artifacts, edit }) => {
    const name = 'results/a|b,c "q" ü\nx.json';
    write(path.join(paper, name), '{"ok": true}\n');
    for (const file of Object.keys(artifacts))
      edit(file, (a) => {
        a.audited_input_hashes[name] = sha256(path.join(paper, name));
      });
  },
);

/** One edit to PROOF_AUDIT.json at submission: exactly aris.<kind> fires, and it blocks. */
function proofFixture(id, kind, change) {
  fixture(id, kind, { expected: [`aris.${kind}`], state: 'blocked' }, ({ edit }) =>
    edit(PROOF, change),
  );
}

// ── One fixture (at least) per code. ────────────────────────────────────────────────────────
fixture('missing-artifact-submission', 'artifact_missing', {
  description:
    'Submission: a mandatory audit that wrote no artifact blocks (silent skip is forbidden).',
  paper: { only: ['proof-checker', 'paper-claim-audit', 'citation-audit'] },
  expected: ['aris.artifact_missing'],
  state: 'blocked',
});
fixture('missing-artifact-effort-beast', 'artifact_missing', {
  description: 'effort beast implies submission, so a skipped audit blocks.',
  paper: { only: ['proof-checker', 'paper-claim-audit', 'citation-audit'] },
  options: { effort: 'beast' },
  expected: ['aris.artifact_missing'],
  state: 'blocked',
});
fixture('missing-artifact-assurance-file', 'artifact_missing', {
  description: '.aris/assurance.txt says submission.',
  paper: { only: ['citation-audit'], assurance: 'submission' },
  options: {},
  expected: ['aris.artifact_missing'],
  state: 'blocked',
});
fixture('assurance-file-beats-effort', 'artifact_missing', {
  description:
    '.aris/assurance.txt says submission; --effort balanced would imply draft, but an explicit assurance wins over effort, so the skipped audit blocks.',
  paper: {
    only: ['proof-checker', 'paper-claim-audit', 'citation-audit'],
    assurance: 'submission',
  },
  options: { effort: 'balanced' },
  expected: ['aris.artifact_missing'],
  state: 'blocked',
});
fixture('clean-assurance-file-draft-effort-beast', 'clean', {
  description:
    '.aris/assurance.txt says draft: effort beast (depth) does not override it, so a missing audit is allowed.',
  paper: { only: ['proof-checker', 'citation-audit'], assurance: 'draft' },
  options: { effort: 'beast' },
  expected: [],
  state: 'provisional',
});
fixture(
  'artifact-is-directory',
  'artifact_unreadable',
  { expected: ['aris.artifact_unreadable'], state: 'blocked' },
  ({ paper }) => {
    fs.rmSync(path.join(paper, PROOF));
    write(path.join(paper, PROOF, 'README'), 'not an artifact\n');
  },
);
fixture(
  'artifact-too-large',
  'artifact_too_large',
  {
    description:
      'The artifact exceeds max_artifact_bytes (lowered here so the fixture stays small).',
    options: { assurance: 'submission', max_artifact_bytes: 1500 },
    expected: ['aris.artifact_too_large'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.details = { padding: 'x'.repeat(2000) };
    }),
);
fixture(
  'artifact-malformed-json',
  'artifact_unparseable',
  { expected: ['aris.artifact_unparseable'], state: 'blocked' },
  ({ paper }) => {
    write(path.join(paper, PROOF), '{"audit_skill": "proof-checker", "verdict": "PASS",\n');
  },
);
fixture(
  'artifact-bom',
  'artifact_unparseable',
  { expected: ['aris.artifact_unparseable'], state: 'blocked' },
  ({ paper }) => {
    const p = path.join(paper, PROOF);
    write(p, '\ufeff' + fs.readFileSync(p, 'utf8'));
  },
);
fixture(
  'artifact-nan-literal',
  'artifact_unparseable',
  { expected: ['aris.artifact_unparseable'], state: 'blocked' },
  ({ paper }) => {
    const p = path.join(paper, PROOF);
    write(
      p,
      fs.readFileSync(p, 'utf8').replace('"generated_at"', '"score": NaN,\n  "generated_at"'),
    );
  },
);
fixture(
  'artifact-array',
  'artifact_not_object',
  { expected: ['aris.artifact_not_object'], state: 'blocked' },
  ({ paper, artifacts }) => {
    write(path.join(paper, PROOF), JSON.stringify([artifacts[PROOF]], null, 2) + '\n');
  },
);
fixture(
  'artifact-string',
  'artifact_not_object',
  { expected: ['aris.artifact_not_object'], state: 'blocked' },
  ({ paper }) => {
    write(path.join(paper, PROOF), '"PASS"\n');
  },
);
fixture(
  'duplicate-verdict-key',
  'duplicate_key',
  {
    description: 'Two "verdict" keys: parsers disagree on which wins.',
    expected: ['aris.duplicate_key'],
    state: 'blocked',
  },
  ({ paper }) => {
    const p = path.join(paper, CLAIM);
    write(
      p,
      fs
        .readFileSync(p, 'utf8')
        .replace('"verdict": "PASS",', '"verdict": "FAIL",\n  "verdict": "PASS",'),
    );
  },
);
proofFixture('missing-fields', 'missing_field', (a) => {
  delete a.trace_path;
  delete a.thread_id;
  delete a.generated_at;
});
proofFixture('empty-trace-path', 'missing_field', (a) => {
  a.trace_path = '';
});
proofFixture('field-wrong-type', 'field_type', (a) => {
  a.summary = 42;
  a.reviewer_model = 'gpt-5.5';
});
proofFixture('verdict-lower-case', 'invalid_verdict', (a) => {
  a.verdict = 'pass';
});
proofFixture('verdict-unknown', 'invalid_verdict', (a) => {
  a.verdict = 'SKIPPED';
});
proofFixture('wrong-audit-skill', 'wrong_audit_skill', (a) => {
  a.audit_skill = 'citation-audit';
});
fixture(
  'empty-audit-skill',
  'missing_field',
  {
    description:
      'An empty audit_skill (a copied artifact with the name blanked) is a missing field, not a skipped check.',
    expected: ['aris.missing_field'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit('KILL_ARGUMENT.json', (a) => {
      a.audit_skill = '';
    }),
);
fixture(
  'empty-summary',
  'missing_field',
  {
    description:
      'A summary that is only whitespace and an empty reason_code: an audit that says nothing is missing its fields (the old script only asked whether the keys were there).',
    expected: ['aris.missing_field'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit('KILL_ARGUMENT.json', (a) => {
      a.summary = ' ';
      a.reason_code = '';
    }),
);
proofFixture('blank-thread-id', 'missing_field', (a) => {
  // Whitespace names no reviewer thread (Python reads it as truthy; the old script passed it).
  a.thread_id = ' ';
});
proofFixture('hashes-not-object', 'hashes_not_object', (a) => {
  a.audited_input_hashes = Object.entries(a.audited_input_hashes).map(([k, v]) => `${k}=${v}`);
});
proofFixture('input-hash-bad-hex', 'input_hash_malformed', (a) => {
  a.audited_input_hashes['main.tex'] = 'sha256:xyz';
});
proofFixture('input-hash-not-string', 'input_hash_malformed', (a) => {
  a.audited_input_hashes['main.tex'] = 12345;
});
fixture(
  'input-edited-after-audit',
  'input_stale',
  {
    description: 'A section was edited after the audits ran: every audit citing it is STALE.',
    expected: ['aris.input_stale'],
    state: 'blocked',
  },
  ({ paper }) =>
    write(
      path.join(paper, 'sections/evidence.tex'),
      'Our model reaches accuracy = 91.4\\% on the held-out split.\n',
    ),
);
fixture(
  'input-stale-draft',
  'input_stale',
  {
    description: 'Draft mode reports STALE but does not block.',
    options: DRAFT,
    expected: ['aris.input_stale'],
    state: 'accepted',
  },
  ({ paper }) => write(path.join(paper, 'main.tex'), '% edited\n'),
);
fixture(
  'input-deleted',
  'input_missing',
  { expected: ['aris.input_missing'], state: 'blocked' },
  ({ paper }) => fs.rmSync(path.join(paper, 'refs.bib')),
);
proofFixture('input-is-directory', 'input_not_file', (a) => {
  a.audited_input_hashes['sections'] = 'sha256:' + 'a'.repeat(64);
});
fixture(
  'input-symlink-loop',
  'input_unreadable',
  { expected: ['aris.input_unreadable'], state: 'blocked' },
  ({ paper, edit }) => {
    fs.symlinkSync('loop-b', path.join(paper, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(paper, 'loop-b'));
    edit(PROOF, (a) => {
      a.audited_input_hashes['loop-a'] = 'sha256:' + 'a'.repeat(64);
    });
  },
);
proofFixture('input-dotdot-escape', 'input_outside_root', (a) => {
  a.audited_input_hashes['../../fixture.json'] = 'sha256:' + 'a'.repeat(64);
});
proofFixture('input-absolute-path', 'input_outside_root', (a) => {
  a.audited_input_hashes['/etc/passwd'] = 'sha256:' + 'a'.repeat(64);
});
fixture(
  'input-through-link-dotdot',
  'input_stale',
  {
    description:
      'The key "sub/../main.tex" records main.tex\'s hash, but sub links to ../notes/v2, so the system reads notes/main.tex, which changed: `..` is resolved after the link, as the system does.',
    expected: ['aris.input_stale'],
    state: 'blocked',
  },
  ({ input, paper, artifacts, edit }) => {
    write(path.join(input, 'notes/v2/.keep'), '');
    write(path.join(input, 'notes/main.tex'), 'an older draft\n');
    fs.symlinkSync('../notes/v2', path.join(paper, 'sub'));
    const recorded = artifacts[PROOF].audited_input_hashes['main.tex'];
    edit(PROOF, (a) => {
      a.audited_input_hashes['sub/../main.tex'] = recorded;
    });
  },
);
fixture(
  'input-symlink-out',
  'input_outside_root',
  { expected: ['aris.input_outside_root'], state: 'blocked' },
  ({ paper, edit }) => {
    fs.symlinkSync('../../fixture.json', path.join(paper, 'outside-link.json'));
    edit(PROOF, (a) => {
      a.audited_input_hashes['outside-link.json'] = 'sha256:' + 'a'.repeat(64);
    });
  },
);
proofFixture('trace-missing', 'trace_missing', (a) => {
  a.trace_path = '.aris/traces/never-written/';
});
fixture(
  'trace-path-climbs-out-of-traces',
  'trace_not_a_trace',
  {
    description:
      'trace_path ".aris/traces/../../README.md" starts in the top-level traces folder and climbs out of it to the repository README: above the paper only a trace inside .aris/traces/ counts.',
    expected: ['aris.trace_not_a_trace'],
    state: 'blocked',
  },
  ({ input, edit }) => {
    write(path.join(input, 'README.md'), '# the repository\n');
    write(path.join(input, '.aris/traces/other-paper/run1/response.md'), 'another paper\n');
    edit(PROOF, (a) => {
      a.trace_path = '.aris/traces/../../README.md';
    });
  },
);
fixture(
  'trace-path-is-audited-input',
  'trace_not_a_trace',
  {
    description:
      'trace_path names main.tex, an input the audit read: it exists whatever the audit did, so it proves nothing as the trace.',
    expected: ['aris.trace_not_a_trace'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.trace_path = 'main.tex';
    }),
);
fixture(
  'trace-path-names-file-above-paper',
  'trace_missing',
  {
    description:
      'trace_path "README.md" names no file of the paper; the repository\'s README.md above it is no trace (only .aris/traces/ is looked up above the paper).',
    expected: ['aris.trace_missing'],
    state: 'blocked',
  },
  ({ input, edit }) => {
    write(path.join(input, 'README.md'), '# the repository\n');
    edit(PROOF, (a) => {
      a.trace_path = 'README.md';
    });
  },
);
fixture(
  'trace-empty-directory',
  'trace_empty',
  {
    expected: ['aris.trace_empty'],
    state: 'blocked',
    empty_dirs: ['paper/.aris/traces/empty-run'],
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.trace_path = '.aris/traces/empty-run';
    }),
);
fixture(
  'trace-empty-file',
  'trace_empty_file',
  { expected: ['aris.trace_empty_file'], state: 'blocked' },
  ({ paper, edit }) => {
    write(path.join(paper, '.aris/traces/empty.md'), '');
    edit(PROOF, (a) => {
      a.trace_path = '.aris/traces/empty.md';
    });
  },
);
fixture(
  'trace-symlink-loop',
  'trace_unreadable',
  { expected: ['aris.trace_unreadable'], state: 'blocked' },
  ({ paper, edit }) => {
    fs.symlinkSync('t2', path.join(paper, 't1'));
    fs.symlinkSync('t1', path.join(paper, 't2'));
    edit(PROOF, (a) => {
      a.trace_path = 't1';
    });
  },
);
proofFixture('trace-outside-root', 'trace_outside_root', (a) => {
  a.trace_path = '../../';
});
fixture(
  'independence-invalid-value',
  'invalid_review_independence',
  {
    description:
      'An unknown review_independence value (the legacy rules then expect a deterministic reviewer).',
    expected: ['aris.invalid_review_independence', 'aris.deterministic_independence_mismatch'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.review_independence = 'peer-review';
    }),
);
fixture(
  'independence-unknown-model',
  'unrecognized_model_family',
  {
    expected: ['aris.unrecognized_model_family', 'aris.executor_family_mismatch'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.executor_model = 'in-house-model-7';
    }),
);
proofFixture('independence-executor-family-wrong', 'executor_family_mismatch', (a) => {
  a.executor_family = 'google';
});
proofFixture('independence-reviewer-family-wrong', 'reviewer_family_mismatch', (a) => {
  a.reviewer_family = 'anthropic';
});
fixture(
  'independence-same-family-claimed-cross',
  'same_family_independence_mismatch',
  {
    description: 'same-family claimed for models of different families.',
    expected: ['aris.same_family_independence_mismatch'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.review_independence = 'same-family';
      a.acceptance_status = 'provisional';
    }),
);
fixture(
  'independence-cross-family-same-models',
  'cross_family_independence_mismatch',
  {
    description: 'cross-family claimed, but executor and reviewer are both OpenAI models.',
    expected: ['aris.cross_family_independence_mismatch'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.executor_model = 'gpt-5.5-codex';
      a.executor_family = 'openai';
    }),
);
proofFixture(
  'independence-deterministic-model-reviewer',
  'deterministic_independence_mismatch',
  (a) => {
    a.review_independence = 'deterministic';
  },
);
fixture(
  'independence-acceptance-wrong',
  'acceptance_status_mismatch',
  {
    description: 'A same-family review may only be provisional.',
    expected: ['aris.acceptance_status_mismatch'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.review_independence = 'same-family';
      a.executor_model = 'gpt-5.5-codex';
      a.executor_family = 'openai';
      a.acceptance_status = 'accepted';
    }),
);
fixture(
  'independence-partial-fields',
  'missing_field',
  {
    description: 'Declaring some review-independence fields requires all five.',
    expected: ['aris.missing_field', 'aris.executor_family_mismatch'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      delete a.executor_family;
    }),
);
fixture('verdict-fail', 'verdict_fail', {
  paper: {
    verdicts: { 'proof-checker': 'FAIL' },
    reasons: { 'proof-checker': 'lemma_3_gap' },
    summaries: { 'proof-checker': 'Lemma 3 assumes what it proves.' },
  },
  expected: ['aris.verdict_fail'],
  state: 'blocked',
});
fixture('verdict-blocked-no-raw-evidence', 'verdict_blocked', {
  description: 'Numeric claims but no results/: BLOCKED no_raw_evidence blocks submission.',
  paper: {
    results: false,
    verdicts: { 'paper-claim-audit': 'BLOCKED' },
    reasons: { 'paper-claim-audit': 'no_raw_evidence' },
  },
  expected: ['aris.verdict_blocked'],
  state: 'blocked',
});
fixture('verdict-blocked-draft', 'verdict_blocked', {
  description: 'Draft mode: a BLOCKED verdict is reported but does not block.',
  paper: {
    results: false,
    verdicts: { 'paper-claim-audit': 'BLOCKED' },
    reasons: { 'paper-claim-audit': 'no_raw_evidence' },
  },
  options: DRAFT,
  expected: ['aris.verdict_blocked'],
  state: 'accepted',
});
fixture('verdict-error', 'verdict_error', {
  paper: {
    verdicts: { 'citation-audit': 'ERROR' },
    reasons: { 'citation-audit': 'reviewer_timeout' },
  },
  expected: ['aris.verdict_error'],
  state: 'blocked',
});
fixture(
  'manifest-malformed',
  'manifest_invalid',
  {
    description: 'A malformed manifest is a finding, never silently the default.',
    expected: ['aris.manifest_invalid'],
    state: 'blocked',
  },
  ({ paper }) =>
    write(path.join(paper, '.aris/audit-manifest.json'), '{"schema_version": "1", "audits": [\n'),
);
fixture(
  'manifest-escaping-artifact',
  'manifest_invalid',
  { expected: ['aris.manifest_invalid'], state: 'blocked' },
  ({ paper }) => writeManifest(paper, [['../PROOF_AUDIT.json', 'proof-checker']]),
);
fixture(
  'manifest-names-missing-audit',
  'artifact_missing',
  {
    description: 'The manifest says kill-argument applied, but it wrote nothing.',
    paper: { only: ['proof-checker'] },
    expected: ['aris.artifact_missing'],
    state: 'blocked',
  },
  ({ paper }) =>
    writeManifest(paper, [
      ['PROOF_AUDIT.json', 'proof-checker'],
      ['KILL_ARGUMENT.json', 'kill-argument'],
    ]),
);
fixture(
  'manifest-omits-audits-pinned',
  'artifact_missing',
  {
    description:
      'The manifest leaves out two default audits that wrote nothing; the workflow pinned submission, so they are required anyway.',
    paper: { only: ['proof-checker', 'citation-audit'] },
    expected: ['aris.artifact_missing'],
    state: 'blocked',
  },
  ({ paper }) =>
    writeManifest(paper, [
      ['PROOF_AUDIT.json', 'proof-checker'],
      ['CITATION_AUDIT.json', 'citation-audit'],
    ]),
);
fixture(
  'manifest-relabels-default-artifact',
  'manifest_invalid',
  {
    description:
      'PROOF_AUDIT.json holds a copy of the citation audit and the manifest lists it as citation-audit: a default artifact keeps its skill.',
    expected: ['aris.manifest_invalid', 'aris.wrong_audit_skill'],
    state: 'blocked',
  },
  ({ paper, edit }) => {
    edit(PROOF, (a) => {
      a.audit_skill = 'citation-audit';
    });
    writeManifest(paper, [
      ['PROOF_AUDIT.json', 'citation-audit'],
      ['PAPER_CLAIM_AUDIT.json', 'paper-claim-audit'],
      ['CITATION_AUDIT.json', 'citation-audit'],
      ['KILL_ARGUMENT.json', 'kill-argument'],
    ]);
  },
);
fixture(
  'manifest-omits-present-audit',
  'verdict_fail',
  {
    description:
      'The manifest leaves out proof-checker, whose FAIL artifact is committed: it is verified anyway.',
    paper: {
      verdicts: { 'proof-checker': 'FAIL' },
      reasons: { 'proof-checker': 'lemma_3_gap' },
    },
    expected: ['aris.verdict_fail'],
    state: 'blocked',
  },
  ({ paper }) => writeManifest(paper, [['CITATION_AUDIT.json', 'citation-audit']]),
);
fixture(
  'trace-path-is-paper-dir',
  'trace_not_a_trace',
  {
    description: 'trace_path "." would accept any file in the paper dir as the trace.',
    expected: ['aris.trace_not_a_trace'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.trace_path = '.';
    }),
);
fixture(
  'trace-path-is-verifier-report',
  'trace_not_a_trace',
  {
    description:
      'trace_path names the report the verifier itself writes (left by an earlier run): not a trace.',
    expected: ['aris.trace_not_a_trace'],
    state: 'blocked',
  },
  ({ paper, edit }) => {
    write(
      path.join(paper, '.aris/audit-verifier-report.json'),
      JSON.stringify({ verifier_version: '2', any_problem: false, audits: [] }, null, 2) + '\n',
    );
    edit(PROOF, (a) => {
      a.trace_path = '.aris/audit-verifier-report.json';
    });
  },
);
fixture(
  'trace-path-is-audit-artifact',
  'trace_not_a_trace',
  {
    description:
      'trace_path names audit artifacts (its own, and another audit’s through ./): not traces.',
    expected: ['aris.trace_not_a_trace'],
    state: 'blocked',
  },
  ({ edit }) => {
    edit(PROOF, (a) => {
      a.trace_path = 'PROOF_AUDIT.json';
    });
    edit(CLAIM, (a) => {
      a.trace_path = './CITATION_AUDIT.json';
    });
  },
);
fixture(
  'trace-path-is-aris-dir',
  'trace_not_a_trace',
  {
    description: 'trace_path ".aris" holds the verifier’s settings and every trace: not a trace.',
    expected: ['aris.trace_not_a_trace'],
    state: 'blocked',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.trace_path = '.aris';
    }),
);
fixture(
  'no-audited-inputs',
  'no_audited_inputs',
  {
    description: 'A PASS that cites no inputs cannot go stale: a warning, not a block.',
    expected: ['aris.no_audited_inputs'],
    state: 'accepted',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.audited_input_hashes = {};
    }),
);
fixture(
  'not-applicable-no-inputs',
  'clean',
  {
    description: 'NOT_APPLICABLE with no inputs is the normal detector-negative artifact.',
    paper: {
      verdicts: { 'proof-checker': 'NOT_APPLICABLE' },
      reasons: { 'proof-checker': 'no_theorems' },
    },
    expected: [],
    state: 'accepted',
  },
  ({ edit }) =>
    edit(PROOF, (a) => {
      a.audited_input_hashes = {};
    }),
);
fixture('assurance-file-invalid', 'assurance_invalid', {
  description: 'An unknown assurance value fails closed to submission.',
  paper: { assurance: 'strict' },
  options: {},
  expected: ['aris.assurance_invalid'],
  state: 'blocked',
});

console.log(`ARIS fixtures written under ${out}`);
