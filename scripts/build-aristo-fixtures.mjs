// Regenerates conformance/aristo: one folder per fixture, fixture.json + input/ (an aristo
// workspace: a small Rust crate and its .aristo/ directory). Each fixture starts from the crate
// of lib/aristo-crate.mjs and applies one mutation; the expected codes are written here by hand
// from the contract (aristo.md, seed 001), never read back from the tool.
//
// Usage: node scripts/build-aristo-fixtures.mjs [conformance-dir]
import fs from 'node:fs';
import path from 'node:path';
import {
  ALLOC_TEMPLATE,
  RING_TEMPLATE,
  STATS_TEMPLATE,
  WAIVER,
  buildCrate,
  crateAnnotations,
  crateProofs,
  expectationsToml,
  indexToml,
  proofFileName,
  sha256,
  textHash,
  toToml,
} from './lib/aristo-crate.mjs';

const out = path.resolve(process.argv[2] ?? 'conformance/aristo');
fs.rmSync(out, { recursive: true, force: true });

// An entry in a C file, as the SDK's C front-end writes it from C_SHIM's directive.
const C_TEXT = 'The C shim never frees the buffer.';
const C_SHIM = `// @aristo intent("${C_TEXT}", verify = false, id = "ffi_docs")\nvoid shim_free(void *p) {}\n`;
const C_ENTRY = {
  kind: 'intent',
  id: 'ffi_docs',
  text: C_TEXT,
  verify: false,
  text_hash: textHash(C_TEXT),
  body_hash: sha256('{}'),
  file: 'csrc/shim.c',
  site: 'fn shim_free (line 1)',
  covered: 'function',
};

const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/**
 * One fixture. `spec.base` picks the starting point: 'verified' (every proof verifies),
 * 'realistic' (plus the waived counterexample and the inconclusive). `mutate` gets the model
 * ({ annotations, templates, proofs, waivers, index, extra }) before anything is written, and
 * `after` the written input directory.
 */
function fixture(id, kind, spec, mutate = () => {}, after = () => {}) {
  const annotations = crateAnnotations();
  const templates = { ring: RING_TEMPLATE, alloc: ALLOC_TEMPLATE, stats: STATS_TEMPLATE };
  const m = { annotations, templates, index: spec.index ?? false, extra: {}, waivers: undefined };
  if (spec.base !== 'realistic') {
    delete annotations.any_capacity_usable;
    delete annotations.mean_within_bounds;
    m.templates.ring = m.templates.ring.replace('    @@any_capacity_usable@@\n', '');
    m.templates.stats = m.templates.stats.replace('@@mean_within_bounds@@\n', '');
  } else m.waivers = { any_capacity_usable: { ...WAIVER } };
  // The proofs are about the crate before the mutation; a mutated source makes them stale.
  const clean = buildCrate(JSON.parse(JSON.stringify(annotations)), { ...templates });
  m.proofs = crateProofs(clean);
  mutate(m, clean);
  const crate = buildCrate(annotations, m.templates);

  const dir = path.join(out, id);
  const input = path.join(dir, 'input');
  for (const [f, text] of Object.entries({ ...crate.files, ...m.extra }))
    write(path.join(input, f), text);
  for (const [pid, p] of Object.entries(m.proofs))
    write(
      path.join(input, '.aristo/proofs', proofFileName(pid)),
      typeof p === 'string' ? p : toToml(p),
    );
  if (m.index === true) write(path.join(input, '.aristo/index.toml'), indexToml(crate.entries));
  else if (typeof m.index === 'string') write(path.join(input, '.aristo/index.toml'), m.index);
  else if (typeof m.index === 'function')
    write(path.join(input, '.aristo/index.toml'), m.index(crate.entries));
  if (m.waivers !== undefined)
    write(
      path.join(input, '.aristo/expectations.toml'),
      typeof m.waivers === 'string' ? m.waivers : expectationsToml(m.waivers),
    );
  fs.mkdirSync(path.join(input, '.aristo/proofs'), { recursive: true });
  after(input);
  pruneEmptyDirs(input); // git holds no empty directory: the committed fixture would differ
  const json = {
    schema_version: '1.0',
    fixture_id: id,
    fixture_kind: kind,
    pack: 'aristo',
    description: spec.description,
    input: 'input',
    target: '.',
    options: spec.options ?? {},
    ...(spec.emptyDirs ? { empty_dirs: spec.emptyDirs } : {}),
    expected_validation_codes: spec.expected,
    expected_terminal_state: spec.state,
  };
  write(path.join(dir, 'fixture.json'), JSON.stringify(json, null, 2) + '\n');
}

/** Removes the empty directories below `dir` (deepest first); `dir` itself stays. */
function pruneEmptyDirs(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const sub = path.join(dir, e.name);
    pruneEmptyDirs(sub);
    if (fs.readdirSync(sub).length === 0) fs.rmdirSync(sub);
  }
}

const A = (c) => `aristo.${c}`;
const REALISTIC = [A('inconclusive'), A('refuted_waived')];

// ── Clean fixtures: nothing may fire. ───────────────────────────────────────────────────────
fixture('clean-verified', 'clean', {
  description:
    'Every intent that asks for verification has a verified proof; no index is committed (entries come from the source).',
  expected: [],
  state: 'accepted',
});
fixture('clean-verified-indexed', 'clean', {
  description: 'The same crate with a committed index.toml that agrees with the source.',
  index: true,
  expected: [],
  state: 'accepted',
});
fixture(
  'clean-crlf-checkout',
  'clean',
  {
    description:
      'A Windows checkout: CRLF line endings change no hash (regions and cited lines are rejoined with \\n).',
    expected: [],
    state: 'accepted',
  },
  () => {},
  (input) => {
    for (const f of ['src/ring.rs', 'src/alloc.rs', 'src/stats.rs']) {
      const p = path.join(input, f);
      fs.writeFileSync(p, fs.readFileSync(p, 'utf8').replace(/\n/g, '\r\n'));
    }
  },
);

// ── The realistic crate: a waived refutation and an inconclusive verdict. ───────────────────
fixture('realistic-crate', 'realistic', {
  description:
    'A refutation waived in expectations.toml (visible, not blocking) and an inconclusive verdict with a suggestion (a warning).',
  base: 'realistic',
  index: true,
  expected: REALISTIC,
  state: 'accepted',
});
fixture('waivers-ignored-when-pinned', 'waiver', {
  description:
    'With the assurance pinned by the workflow, expectations.toml (checkout content) waives nothing: the refutation blocks.',
  base: 'realistic',
  options: { assurance: 'submission' },
  expected: [A('inconclusive'), A('refuted'), A('waivers_not_trusted')],
  state: 'blocked',
});
fixture('inconclusive-blocks-when-asked', 'inconclusive', {
  description: 'With block_inconclusive the inconclusive verdict blocks.',
  base: 'realistic',
  options: { block_inconclusive: true },
  expected: REALISTIC,
  state: 'blocked',
});
fixture(
  'refuted-unwaived',
  'refuted',
  {
    description: 'The counterexample without a waiver blocks.',
    base: 'realistic',
    expected: [A('refuted'), A('inconclusive')],
    state: 'blocked',
  },
  (m) => {
    m.waivers = undefined;
  },
);
fixture(
  'proof-missing',
  'proof_missing',
  {
    description: 'An intent asks for verification (verify = "neural") and has no proof: a warning.',
    expected: [A('proof_missing')],
    state: 'accepted',
  },
  (m) => delete m.proofs.len_bounded,
);
fixture(
  'proof-missing-blocks-when-asked',
  'proof_missing',
  {
    description: 'With block_missing_proof the missing proof blocks.',
    options: { block_missing_proof: true },
    expected: [A('proof_missing')],
    state: 'blocked',
  },
  (m) => delete m.proofs.len_bounded,
);

fixture(
  'proof-missing-blocks-when-pinned',
  'proof_missing',
  {
    description:
      'With the assurance pinned to submission by the workflow, a deleted proof blocks: deleting a refuted proof is no way round the gate.',
    options: { assurance: 'submission' },
    expected: [A('proof_missing')],
    state: 'blocked',
  },
  (m) => delete m.proofs.len_bounded,
);

// ── Waivers and the ratchet. ────────────────────────────────────────────────────────────────
fixture(
  'waiver-ratchet',
  'waiver_ratchet',
  {
    description: 'A waiver for an id whose proof now verifies: the ratchet blocks.',
    base: 'realistic',
    expected: [A('waiver_ratchet'), ...REALISTIC],
    state: 'blocked',
  },
  (m) => {
    m.waivers.len_bounded = { ...WAIVER };
  },
);
fixture(
  'waiver-without-accepted-at',
  'waiver_invalid',
  {
    description: 'The waiver has no accepted_at, so it does not apply and the refutation blocks.',
    base: 'realistic',
    expected: [A('waiver_invalid'), A('refuted'), A('inconclusive')],
    state: 'blocked',
  },
  (m) => {
    delete m.waivers.any_capacity_usable.accepted_at;
  },
);
fixture(
  'waiver-blank-reason',
  'waiver_invalid',
  {
    description: 'A waiver whose reason is blank does not apply.',
    base: 'realistic',
    expected: [A('waiver_invalid'), A('refuted'), A('inconclusive')],
    state: 'blocked',
  },
  (m) => {
    m.waivers.any_capacity_usable.reason = '   ';
  },
);
fixture(
  'waiver-orphan',
  'waiver_orphan',
  {
    description: 'A waiver names an id no annotation has.',
    base: 'realistic',
    expected: [A('waiver_orphan'), ...REALISTIC],
    state: 'blocked',
  },
  (m) => {
    m.waivers.no_such_claim = { ...WAIVER };
  },
);
fixture(
  'expectations-malformed',
  'expectations_invalid',
  {
    description: 'expectations.toml is not TOML: no waiver applies, so the refutation blocks.',
    base: 'realistic',
    expected: [A('expectations_invalid'), A('refuted'), A('inconclusive')],
    state: 'blocked',
  },
  (m) => {
    m.waivers = '[any_capacity_usable\nreason = "x"\n';
  },
);

// ── Proof files. ────────────────────────────────────────────────────────────────────────────
fixture('proof-is-directory', 'proof_unreadable', {
  description: 'A directory named like a proof (git cannot hold it empty: empty_dirs makes it).',
  expected: [A('proof_unreadable')],
  state: 'blocked',
  emptyDirs: ['.aristo/proofs/ghost.proof/x'],
});
fixture(
  'proof-filename-undecodable',
  'proof_filename_invalid',
  {
    description: 'foo__bar.proof decodes to foo:bar, which is not an id.',
    expected: [A('proof_filename_invalid')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.foo__bar = m.proofs.len_bounded;
  },
);
fixture(
  'proof-duplicate-table',
  'proof_unparseable',
  {
    description: 'A proof repeats its [verdict] table.',
    expected: [A('proof_unparseable')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded = toToml(m.proofs.len_bounded) + '\n[verdict]\ntype = "verified"\n';
  },
);
fixture(
  'proof-unknown-relation',
  'proof_schema',
  {
    description: 'relation_to_parent = "supports" (not one of the five).',
    expected: [A('proof_schema')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verified.proof.steps[1].relation_to_parent = 'supports';
  },
);
fixture(
  'proof-bad-hash',
  'proof_schema',
  {
    description: 'A produced_at hash in upper-case hex: a parse error for the SDK.',
    expected: [A('proof_schema')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verdict.produced_at_body_hash =
      m.proofs.len_bounded.verdict.produced_at_body_hash.toUpperCase().replace('SHA256', 'sha256');
  },
);
fixture(
  'proof-unknown-key',
  'unknown_key',
  {
    description: 'A key the SDK ignores (confidence) in the verdict table: a warning.',
    expected: [A('unknown_key')],
    state: 'accepted',
  },
  (m) => {
    m.proofs.len_bounded.verdict.confidence = 'high';
  },
);

// ── The validator's checks (aristo.md §3). ──────────────────────────────────────────────────
fixture(
  'attempts-over-budget',
  'attempts_out_of_budget',
  {
    description: 'attempts = 4 exceeds the repair budget of 3.',
    expected: [A('attempts_out_of_budget')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verdict.attempts = 4;
  },
);
fixture(
  'orphan-proof',
  'orphan_proof',
  {
    description: 'A proof for an id no annotation has.',
    expected: [A('orphan_proof')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.removed_claim = m.proofs.ring_bounded;
  },
);
fixture(
  'stale-claim-text',
  'proof_stale_text',
  {
    description: 'The claim was reworded after the proof was produced.',
    expected: [A('proof_stale_text')],
    state: 'blocked',
  },
  (m) => {
    m.annotations.new_is_empty.text = 'new() returns an empty buffer.';
  },
);
fixture(
  'stale-code',
  'proof_stale_code',
  {
    description:
      'The body of len() changed after its proof was produced (the proof cites no line of it).',
    expected: [A('proof_stale_code')],
    state: 'blocked',
  },
  (m) => {
    m.templates.ring = m.templates.ring.replace(
      '        self.len\n',
      '        self.len.min(self.buf.len())\n',
    );
  },
);
fixture(
  'method-mismatch',
  'method_mismatch',
  {
    description: 'A "test" proof for a verify = "neural" intent.',
    expected: [A('method_mismatch')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verdict.method = 'test';
  },
);
fixture(
  'body-shape-mismatch',
  'body_shape',
  {
    description: 'verdict.type = counterexample over a verified body.',
    expected: [A('body_shape')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verdict.type = 'counterexample';
  },
);
fixture(
  'verified-empty-conclusion',
  'verified_empty',
  {
    description: 'A verified proof with a blank conclusion.',
    expected: [A('verified_empty')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verified.proof.conclusion = '  ';
  },
);
fixture(
  'counterexample-without-description',
  'counterexample_incomplete',
  {
    description: 'A counterexample with an empty description.',
    base: 'realistic',
    expected: [A('counterexample_incomplete'), A('inconclusive')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.any_capacity_usable.counterexample.violation.description = '';
  },
);
fixture(
  'violated-step-not-a-trigger',
  'violated_step_unknown',
  {
    description: 'violated_step_path names no trigger step (seed rule 11).',
    base: 'realistic',
    expected: [A('violated_step_unknown'), A('inconclusive')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.any_capacity_usable.counterexample.violation.violated_step_path = '0.7';
  },
);
fixture(
  'gap-without-suggestion',
  'gap_incomplete',
  {
    description: 'An inconclusive verdict that suggests nothing.',
    base: 'realistic',
    expected: [A('gap_incomplete'), A('refuted_waived')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.mean_within_bounds.inconclusive.gap.suggested_annotations = [];
  },
);
fixture(
  'gap-suggestion-adopted',
  'gap_suggestion_exists',
  {
    description: 'The assume the inconclusive verdict suggested was added: the verdict is stale.',
    base: 'realistic',
    expected: [A('gap_suggestion_exists'), A('refuted_waived')],
    state: 'blocked',
  },
  (m) => {
    m.annotations.sum_fits = {
      kind: 'assume',
      id: 'sum_fits',
      text: 'The sum of the elements passed to mean() never exceeds u64::MAX.',
      label: 'fn sum_fits',
      covered: 'function',
    };
    m.templates.alloc += '\n@@sum_fits@@\npub fn sum_fits() {}\n';
  },
);
fixture(
  'tree-duplicate-path',
  'tree_malformed',
  {
    description: 'Two steps share path "0.0".',
    expected: [A('tree_malformed')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.new_is_empty.verified.proof.steps[3].path = '0.0';
  },
);
fixture(
  'tree-four-subgoals',
  'too_many_subgoals',
  {
    description: 'A step with 4 subgoals (seed rule 9; the SDK accepts it).',
    expected: [A('too_many_subgoals')],
    state: 'blocked',
  },
  (m) => {
    const steps = m.proofs.new_is_empty.verified.proof.steps;
    steps[0].subgoal_paths = ['0.0', '0.1', '0.2', '0.3'];
    for (const p of ['0.2', '0.3'])
      steps.push({
        path: p,
        claim: 'An extra case.',
        relation_to_parent: 'restricts',
        grounds: [{ kind: 'composition', reason: 'trivial' }],
      });
  },
);
fixture(
  'ground-unknown-id',
  'ground_id_invalid',
  {
    description: 'A ground cites an id no annotation has.',
    expected: [A('ground_id_invalid')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.ring_bounded.verified.proof.steps[1].grounds[0].id = 'no_such_claim';
    delete m.proofs.ring_bounded.verified.proof.steps[1].grounds[0].at_text_hash;
  },
);
fixture(
  'ground-docs-only-intent',
  'ground_id_invalid',
  {
    description: 'A ground cites a verify = false intent (documentation only).',
    expected: [A('ground_id_invalid')],
    state: 'blocked',
  },
  (m, clean) => {
    m.proofs.ring_bounded.verified.proof.steps[1].grounds.push({
      kind: 'intent',
      id: 'elem_docs',
      relation: 'restricts',
      at_text_hash: clean.entries.elem_docs.text_hash,
    });
  },
);
fixture(
  'ground-refuted-intent',
  'ground_id_invalid',
  {
    description: 'A proof grounds a step in a refuted (if waived) claim.',
    base: 'realistic',
    expected: [A('ground_id_invalid'), ...REALISTIC],
    state: 'blocked',
  },
  (m, clean) => {
    m.proofs.ring_bounded.verified.proof.steps[2].grounds.push({
      kind: 'intent',
      id: 'any_capacity_usable',
      relation: 'restricts',
      at_text_hash: clean.entries.any_capacity_usable.text_hash,
    });
  },
);
fixture(
  'ground-stale-text',
  'ground_stale_text',
  {
    description: 'A stamped at_text_hash of a cited claim no longer matches it.',
    expected: [A('ground_stale_text')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.ring_bounded.verified.proof.steps[1].grounds[0].at_text_hash =
      sha256('an older wording');
  },
);
fixture(
  'ground-range-past-end',
  'ground_code_invalid',
  {
    description: 'A code ground cites lines past the end of the file.',
    expected: [A('ground_code_invalid')],
    state: 'blocked',
  },
  (m) => {
    const g = m.proofs.len_bounded.verified.proof.steps[1].grounds[0];
    g.lines = '1-200';
    delete g.code_text_hash;
  },
);
fixture(
  'ground-missing-file',
  'ground_code_invalid',
  {
    description: 'A code ground cites a file that does not exist.',
    expected: [A('ground_code_invalid')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verified.proof.steps[1].grounds[0].file = 'src/gone.rs';
  },
);
fixture(
  'ground-stale-code',
  'ground_stale_code',
  {
    description: 'A stamped code_text_hash no longer matches the cited lines.',
    expected: [A('ground_stale_code')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verified.proof.steps[1].grounds[0].code_text_hash =
      sha256('the old lines');
  },
);
fixture(
  'ground-unchecked',
  'ground_unchecked',
  {
    description:
      'A hundred code grounds cite a hundred distinct ranges of one 2,000-line file, more than 64 times its size in all: the last ones are not re-hashed (stricter than the SDK).',
    expected: [A('ground_unchecked')],
    state: 'blocked',
  },
  (m) => {
    const lines = Array.from(
      { length: 2000 },
      (_, i) => `// line ${String(i + 1).padStart(10, '0')}`,
    );
    m.extra['src/big.txt'] = lines.join('\n') + '\n';
    const grounds = m.proofs.len_bounded.verified.proof.steps[1].grounds;
    for (let lo = 1; lo <= 100; lo++)
      grounds.push({
        kind: 'code',
        file: 'src/big.txt',
        lines: `${lo}-2000`,
        code_text_hash: sha256(lines.slice(lo - 1).join('\n')),
        reason: `src/big.txt ${lo}-2000`,
      });
  },
);
fixture(
  'ground-outside-repo',
  'ground_code_outside_repo',
  {
    description: 'A code ground cites ../secrets.rs: stricter than the SDK, never read.',
    expected: [A('ground_code_outside_repo')],
    state: 'blocked',
  },
  (m) => {
    const g = m.proofs.len_bounded.verified.proof.steps[1].grounds[0];
    g.file = '../secrets.rs';
    delete g.code_text_hash;
  },
);
fixture(
  'ground-symlink-out',
  'ground_code_outside_repo',
  {
    description: 'A code ground cites a symlink that leads out of the repository.',
    expected: [A('ground_code_outside_repo')],
    state: 'blocked',
  },
  (m) => {
    const g = m.proofs.len_bounded.verified.proof.steps[1].grounds[0];
    g.file = 'src/link.txt';
    g.lines = '1';
    delete g.code_text_hash;
  },
  (input) => fs.symlinkSync('/etc/hostname', path.join(input, 'src/link.txt')),
);
fixture(
  'ground-prior-step-is-child',
  'ground_prior_step_invalid',
  {
    description: 'Step "0" cites its own child "0.0" as a prior step.',
    expected: [A('ground_prior_step_invalid')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.new_is_empty.verified.proof.steps[0].grounds.push({ kind: 'prior-step', path: '0.0' });
  },
);
fixture(
  'ground-composition-empty',
  'ground_composition_empty',
  {
    description: 'A composition ground with an empty reason.',
    expected: [A('ground_composition_empty')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verified.proof.steps[0].grounds[0].reason = '';
  },
);

// ── Sources and the index. ──────────────────────────────────────────────────────────────────
fixture(
  'source-syntax-error',
  'source_unparseable',
  {
    description: 'A Rust file holding an annotation does not parse.',
    expected: [A('source_unparseable')],
    state: 'blocked',
  },
  (m) => {
    m.extra['src/broken.rs'] =
      '#[aristo::intent("Docs only.", id = "broken_docs", verify = false)]\npub fn broken( {\n';
  },
);
fixture(
  'source-not-parsed',
  'source_not_parsed',
  {
    description:
      'The index holds an entry in a C file: checked against the index alone, with a notice.',
    index: (entries) =>
      indexToml({
        ...entries,
        ffi_docs: C_ENTRY,
      }),
    expected: [A('source_not_parsed')],
    state: 'accepted',
  },
  (m) => {
    m.extra['csrc/shim.c'] = C_SHIM;
  },
);
// A C entry the SDK could not have written stands for nothing: out of sync, like a missing file.
for (const [id, description, entry, shim, after = () => {}] of [
  [
    'index-entry-in-non-source-file',
    'The committed index holds an entry for Cargo.toml: the SDK indexes only Rust and C files, so the entry stands for nothing a proof could rest on.',
    { file: 'Cargo.toml' },
    C_SHIM,
  ],
  [
    'index-entry-in-skipped-folder',
    'The committed index holds an entry for target/shim.c: the SDK’s walk never enters target/ folders.',
    { file: 'target/shim.c' },
    C_SHIM,
  ],
  [
    'index-entry-text-hash-forged',
    'A C entry’s text_hash is not the hash of its text: the SDK writes both from one directive.',
    { text_hash: textHash('The shim frees nothing it did not allocate.') },
    C_SHIM,
  ],
  [
    'index-entry-without-c-directive',
    'A C entry whose file has no // @aristo directive with its text: the SDK could not have written it.',
    {},
    'void shim_free(void *p) {}\n',
  ],
  [
    'index-entry-directive-disabled',
    'A C entry whose directive sits in a block comment: the compiler and the SDK never see it.',
    {},
    `/* retired:\n${C_SHIM}*/\n`,
  ],
  [
    'index-entry-excluded-by-config',
    'A C entry whose file aristo.toml’s [index].exclude keeps out of the SDK’s walk.',
    {},
    C_SHIM,
    (input) =>
      fs.writeFileSync(path.join(input, 'aristo.toml'), '[index]\nexclude = ["csrc/**"]\n'),
  ],
  [
    'index-entry-id-differs',
    'A C entry under an id its directive does not give (the SDK writes the id = of the directive).',
    { id: 'ffi_other' },
    C_SHIM,
  ],
  [
    'index-entry-in-dot-file',
    'A C entry for csrc/.c: a name that is only an extension has none to the SDK’s walk.',
    { file: 'csrc/.c' },
    C_SHIM,
    (input) => fs.copyFileSync(path.join(input, 'csrc/shim.c'), path.join(input, 'csrc/.c')),
  ],
  [
    'index-entry-through-link',
    'A C entry whose file is a symlink into target/ (where its directive is): the SDK’s walk follows no link.',
    {},
    C_SHIM,
    (input) => {
      fs.rmSync(path.join(input, 'csrc/shim.c'));
      fs.symlinkSync('../target/shim.c', path.join(input, 'csrc/shim.c'));
    },
  ],
])
  fixture(
    id,
    'index_out_of_sync',
    {
      description,
      index: (entries) => indexToml({ ...entries, ffi_docs: { ...C_ENTRY, ...entry } }),
      expected: [A('index_out_of_sync')],
      state: 'blocked',
    },
    (m) => {
      m.extra['csrc/shim.c'] = shim;
      m.extra['target/shim.c'] = shim;
    },
    after,
  );
fixture(
  'annotation-unknown-argument',
  'annotation_malformed',
  {
    description: 'An annotation argument the SDK does not know (colour = ...): the SDK skips it.',
    expected: [A('annotation_malformed')],
    state: 'accepted',
  },
  (m) => {
    m.templates.alloc +=
      '\n#[aristo::intent("Colours are stable.", colour = "red")]\npub fn colour() {}\n';
  },
);
fixture(
  'annotation-bad-id',
  'annotation_id_invalid',
  {
    description: 'id = "Bad-Id" breaks the id grammar.',
    expected: [A('annotation_id_invalid')],
    state: 'blocked',
  },
  (m) => {
    m.templates.alloc +=
      '\n#[aristo::intent("Ids are checked.", id = "Bad-Id", verify = false)]\npub fn bad() {}\n';
  },
);
fixture(
  'annotation-duplicate-id',
  'duplicate_id',
  {
    description: 'Two annotations use id len_bounded.',
    expected: [A('duplicate_id')],
    state: 'blocked',
  },
  (m) => {
    m.templates.stats +=
      '\n#[aristo::intent("Another claim.", id = "len_bounded", verify = false)]\npub fn again() {}\n';
  },
);
fixture('index-stale-site', 'index_out_of_sync', {
  description:
    'The committed index records another line for an annotation (aristo stamp --check fails).',
  index: (entries) =>
    indexToml({
      ...entries,
      len_bounded: { ...entries.len_bounded, site: 'impl RingBuffer::len (line 99)' },
    }),
  expected: [A('index_out_of_sync')],
  state: 'blocked',
});
fixture('index-entry-in-missing-file', 'index_out_of_sync', {
  description:
    'The committed index holds an entry for a file that does not exist (src/ghost.c): the SDK writes entries only for files its walk parsed, so the entry stands for nothing a proof could rest on.',
  index: (entries) =>
    indexToml({
      ...entries,
      ghost_sorted: {
        ...entries.len_bounded,
        id: 'ghost_sorted',
        file: 'src/ghost.c',
        site: 'fn ghost (line 1)',
      },
    }),
  expected: [A('index_out_of_sync')],
  state: 'blocked',
});
fixture('index-file-respelled', 'index_out_of_sync', {
  description:
    "The committed index names an annotation's file as ./src/…: the same file, but aristo stamp --check compares entries as written and fails.",
  index: (entries) =>
    indexToml({
      ...entries,
      len_bounded: { ...entries.len_bounded, file: `./${entries.len_bounded.file}` },
    }),
  expected: [A('index_out_of_sync')],
  state: 'blocked',
});
fixture(
  'index-without-id',
  'clean',
  {
    description:
      'An annotation written without id = … takes its id from the index entry at the same file and site.',
    index: true,
    expected: [],
    state: 'accepted',
  },
  (m) => {
    m.annotations.len_bounded = { ...m.annotations.len_bounded, id: undefined };
  },
  (input) => {
    // The index (written from the entries, keyed by the id the SDK assigned) keeps the id.
    const p = path.join(input, '.aristo/index.toml');
    fs.writeFileSync(p, fs.readFileSync(p, 'utf8').replace('[undefined]', '[len_bounded]'));
  },
);
fixture('index-unknown-field', 'index_invalid', {
  description: 'The index has a field the SDK refuses (deny_unknown_fields): it is not used.',
  index: (entries) =>
    indexToml(entries).replace(
      'covered_region = "function"',
      'covered_region = "function"\nowner = "me"',
    ),
  expected: [A('index_invalid')],
  state: 'blocked',
});

// ── Ways round the gate a hostile pull request tried (hostile review 11). ─────────────────────
/** The ids whose intents sit in src/ring.rs in the 'verified' base. */
const RING_IDS = [
  'ring_bounded',
  'new_is_empty',
  'len_bounded',
  'push_overwrites_oldest',
  'pop_empty_is_none',
  'head_in_range',
];
const dropRingProofs = (m) => {
  for (const id of RING_IDS) delete m.proofs[id];
};
/** Moves src/ring.rs to `to` (input-relative) and compiles it from there with #[path = `attr`]. */
const moveRing = (to, attr) => (input) => {
  fs.renameSync(path.join(input, 'src/ring.rs'), path.join(input, to));
  const lib = path.join(input, 'src/lib.rs');
  const text = fs.readFileSync(lib, 'utf8');
  fs.writeFileSync(lib, text.replace('pub mod ring;', `#[path = "${attr}"]\npub mod ring;`));
};
fixture(
  'workspace-deleted-blocks-when-pinned',
  'proof_missing',
  {
    description:
      'The whole .aristo/ folder is deleted from a crate that uses aristo: its intents are still checked from the source, and at submission each one without a proof blocks.',
    options: { assurance: 'submission' },
    expected: [A('proof_missing')],
    state: 'blocked',
  },
  () => {},
  (input) => fs.rmSync(path.join(input, '.aristo'), { recursive: true }),
);
fixture(
  'module-under-aristo-folder',
  'proof_missing',
  {
    description:
      'src/ring.rs moved into .aristo/ and compiled from there with #[path]; its proofs deleted: its intents are still found, and block at submission.',
    options: { assurance: 'submission' },
    expected: [A('proof_missing')],
    state: 'blocked',
  },
  dropRingProofs,
  moveRing('.aristo/ring.rs', '../.aristo/ring.rs'),
);
fixture(
  'module-named-by-path-attribute',
  'proof_missing',
  {
    description:
      'src/ring.rs renamed ring.txt (no .rs file holds it) and compiled through #[path = "ring.txt"]; its proofs deleted: the module the attribute names is scanned too.',
    options: { assurance: 'submission' },
    expected: [A('proof_missing')],
    state: 'blocked',
  },
  dropRingProofs,
  moveRing('src/ring.txt', 'ring.txt'),
);
fixture(
  'source-gitignored-without-git',
  'proof_missing',
  {
    description:
      'Without a git repository (a tarball checkout), a .gitignore naming src/ring.rs cannot hide it: its intents, whose proofs are deleted, block at submission. (empty_dirs makes the runner check a scratch copy, outside any repository.)',
    options: { assurance: 'submission' },
    emptyDirs: ['target'],
    expected: [A('proof_missing')],
    state: 'blocked',
  },
  (m) => {
    dropRingProofs(m);
    m.extra['.gitignore'] = 'src/ring.rs\n';
  },
);
fixture(
  'annotation-on-const',
  'annotation_malformed',
  {
    description:
      'An intent on a const item, which the SDK does not read annotations from: it is skipped, so no proof can be about it.',
    expected: [A('annotation_malformed')],
    state: 'accepted',
  },
  (m) => {
    m.templates.alloc +=
      '\n#[aristo::intent("The minimum capacity is zero.", id = "min_cap_zero", verify = "neural")]\npub const MIN_CAP: usize = 0;\n';
  },
);
fixture(
  'annotation-malformed-blocks-when-pinned',
  'annotation_malformed',
  {
    description:
      'At submission, an intent the SDK skips (an argument it does not know) blocks, as a missing proof does: otherwise a malformed intent is a way round its proof.',
    options: { assurance: 'submission' },
    expected: [A('annotation_malformed')],
    state: 'blocked',
  },
  (m) => {
    m.templates.alloc +=
      '\n#[aristo::intent("Colours are stable.", id = "colours", verify = "neural", because = "x")]\npub fn colour() {}\n';
  },
);
fixture(
  'ground-file-trailing-slash',
  'ground_code_invalid',
  {
    description:
      'A code ground cites src/ring.rs/ (a trailing slash): the SDK opens root.join(file) and fails, so the ground names no file.',
    expected: [A('ground_code_invalid')],
    state: 'blocked',
  },
  (m) => {
    m.proofs.len_bounded.verified.proof.steps[1].grounds[0].file += '/';
  },
);
