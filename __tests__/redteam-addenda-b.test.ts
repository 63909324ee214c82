// Red-team cases for the Addenda B pack: a bundle that breaks a checked rule must never verify green.
import fs from 'node:fs';
import { jest } from '@jest/globals';
import path from 'node:path';
import { Workspace } from '../src/io/workspace.js';
import { Hasher } from '../src/io/hashing.js';
import { addendaBPack } from '../src/packs/addenda-b/index.js';
import { Bundle, readBundle } from '../src/packs/addenda-b/bundle.js';
import { collectFindings } from '../src/packs/addenda-b/verify.js';
import type { Rule } from '../src/packs/addenda-b/rules/rule.js';
import { MAX_PER_CODE } from '../src/packs/kit/index.js';
import type { Finding } from '../src/model/finding.js';
import { BUILTIN_FORMULAS, sameOutput } from '../src/packs/addenda-b/formulas/builtins.js';
import { holdsNonFinite } from '../src/packs/addenda-b/rules/s3-derivations.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of a conformance input as <tmp>/b, its records.jsonl passed through `edit`. */
function bundleFrom(fixture: string, edit: (lines: string[]) => string[]): string {
  const root = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'ab-rt-'));
  made.push(root);
  const dir = path.join(root, 'b');
  fs.cpSync(path.resolve(`conformance/addenda-b/${fixture}/input`), dir, { recursive: true });
  const file = path.join(dir, 'records.jsonl');
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(file, edit(lines).join('\n') + '\n');
  return root;
}

/** The findings of the bundle at <root>/b. */
async function findingsOf(root: string): Promise<Finding[]> {
  const hasher = new Hasher();
  try {
    const r = await addendaBPack.verify(path.join(root, 'b'), {
      workspace: new Workspace(root),
      hasher,
      options: {},
    });
    return r.findings;
  } finally {
    await hasher.close();
  }
}

async function codesOf(root: string): Promise<string[]> {
  return [...new Set((await findingsOf(root)).map((f) => f.code))].sort();
}

describe('Addenda B red team: non-finite numbers and duplicate ids', () => {
  it('an immutable event rewritten from null to 1e999 is a rewrite (canonical JSON wrote both as null)', async () => {
    const root = bundleFrom('clean-single-entity', (lines) => {
      const i = lines.findIndex((l) => l.includes('"type":"EvaluationFindingEvent"'));
      const event = lines[i]!.slice(0, -1);
      lines[i] = `${event},"x":null}`;
      return [...lines, `${event},"x":1e999}`];
    });
    expect(await codesOf(root)).toContain('validation.mutable_state_inside_immutable_snapshot');
  });

  it('a second FormulaValue under a receipt output id cannot hide a NaN output', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => [
      ...lines,
      '{"type":"FormulaValue","value_id":"val-1-tm-out","value":"NaN"}',
    ]);
    expect(await codesOf(root)).toEqual([
      'addenda_b.formula_output_mismatch',
      'addenda_b.record_id_repeated',
      'validation.formula_output_nan_or_infinity',
    ]);
  });

  it('a second FormulaValue under a receipt input id with other arguments is a mismatch', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => [
      ...lines,
      '{"type":"FormulaValue","value_id":"val-1-tm-in","value":{}}',
    ]);
    expect(await codesOf(root)).toEqual([
      'addenda_b.formula_output_mismatch',
      'addenda_b.record_id_repeated',
    ]);
  });

  it('the same FormulaValue written twice identically stays clean', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => [
      ...lines,
      ...lines.filter((l) => l.includes('"value_id":"val-1-tm-out"')),
    ]);
    expect(await codesOf(root)).toEqual([]);
  });
});

describe('Addenda B red team: formula refs and test vectors', () => {
  it('a receipt of a recomputed formula whose inputs all lie outside the bundle is not skipped', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) =>
      lines.map((l) =>
        l.replace('"input_refs":["val-1-tm-in"]', '"input_refs":["artifacts/tm.json"]'),
      ),
    );
    expect(await codesOf(root)).toEqual(['addenda_b.formula_ref_unresolved']);
  });

  it('a receipt input that names a record of another type is not merged into the arguments', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) =>
      lines.map((l) =>
        l.replace('"input_refs":["val-1-tm-in"]', '"input_refs":["val-1-tm-in","rc-1-weights"]'),
      ),
    );
    expect(await codesOf(root)).toEqual(['addenda_b.formula_ref_unresolved']);
  });

  it('a test vector input held twice with different values cannot pass', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => [
      ...lines,
      '{"type":"FormulaValue","value_id":"tv.criterion_weights_v1.1.in","value":{}}',
    ]);
    expect(await codesOf(root)).toEqual([
      'addenda_b.formula_ref_unresolved',
      'addenda_b.record_id_repeated',
    ]);
  });

  it.each([
    ['"hardVetoCount":0', '"hardVetoCount":"1"', '"hardVetoCount" is not a number'],
    ['"hardVetoCount":0', '"hardVetoCount":true', '"hardVetoCount" is not a number'],
    [
      '"soft_penalty_max_total":0.5',
      '"soft_penalty_max_total":"0.5"',
      '"formula.soft_penalty_max_total" is not a number',
    ],
    ['"criterion_id":"c1a"', '"criterion_id":7', '"criteria[].criterion_id" is not a string'],
  ])(
    'an argument the seed would coerce (%s written as %s) makes the receipt unrecomputable',
    async (from, to, why) => {
      const root = bundleFrom('clean-formulas-only', (lines) =>
        lines.map((l) => l.replace(from, to)),
      );
      const findings = await findingsOf(root);
      expect(findings.map((f) => f.code)).toEqual(['addenda_b.formula_output_mismatch']);
      expect(findings[0]!.message).toContain(why);
    },
  );

  it.each([
    ['"hardVetoCount":0', '"hardVetoCount":"NaN"', '"hardVetoCount"'],
    [
      '"soft_penalty_max_total":0.5',
      '"soft_penalty_max_total":"Infinity"',
      '"formula.soft_penalty_max_total"',
    ],
  ])(
    'a receipt cannot rest on a non-finite argument the seed only compares (%s written as %s)',
    async (from, to, name) => {
      const root = bundleFrom('clean-formulas-only', (lines) =>
        lines.map((l) => l.replace(from, to)),
      );
      const findings = await findingsOf(root);
      expect(findings.map((f) => f.code)).toEqual(['addenda_b.formula_output_mismatch']);
      expect(findings[0]!.message).toContain(`${name} is not finite`);
    },
  );

  it.each([
    'seed:computeTemplateOverallScore ',
    'SEED:computetemplateoverallscore',
    'ts:computeTemplateOverallScore',
    'seed/computeTemplateOverallScore',
    'compute_template_overall_score.py',
    'computeTemplateOverallScore(components, weights)',
    'computeTemplateOverallScore.ts',
    'seed:computeTemplateScore',
  ])(
    'a FormulaSpec spelling its seed function %j is reported, not silently left unrecomputed',
    async (ref) => {
      const root = bundleFrom('clean-formulas-only', (lines) => lines);
      const file = path.join(root, 'b/registry/formulas.json');
      fs.writeFileSync(
        file,
        fs
          .readFileSync(file, 'utf8')
          .replace('"seed:computeTemplateOverallScore"', JSON.stringify(ref)),
      );
      expect(await codesOf(root)).toEqual(['addenda_b.formula_expression_unrecognised']);
    },
  );

  it.each([
    ['a Hangul filler', 'seed:normalize\u115fCriterionWeights'],
    ['a Cyrillic o', 'doc23:n\u043ermalizeCriterionWeights'],
  ])('a FormulaSpec hiding its seed function behind %s is reported', async (_, ref) => {
    const root = bundleFrom('clean-formulas-only', (lines) => lines);
    const file = path.join(root, 'b/registry/formulas.json');
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace('"seed:normalizeCriterionWeights"', JSON.stringify(ref)),
    );
    expect(await codesOf(root)).toEqual(['addenda_b.formula_expression_unrecognised']);
  });

  it('a ref merely starting with seed and a separator is not a seed function', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => lines);
    const file = path.join(root, 'b/registry/formulas.json');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('"doc23:quality_index.ts"', '"seed-rng.ts"'),
    );
    expect(await codesOf(root)).toEqual([]);
  });

  it('a decoy FormulaSpec under the same formula_id, written first, does not switch recomputation off', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) =>
      lines.map((l) =>
        l.includes('"value_id":"val-1-weights-out"')
          ? l.replace(/"value":\{[^}]*\}/, '"value":{"c1a":0.9,"c1b":0.1}')
          : l,
      ),
    );
    editRegistry(root, 'formulas.json', (items) => {
      const real = items.find((i) => i.formula_id === 'criterion_weights_v1');
      return [{ ...real, expression_ref: 'doc23:weights.ts', test_vectors: [] }, ...items];
    });
    expect(await codesOf(root)).toContain('addenda_b.formula_output_mismatch');
  });

  it('a test vector whose input is outside the bundle is not executed', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => lines);
    const file = path.join(root, 'b/registry/formulas.json');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('"tv.criterion_weights_v1.1.in"', '"vectors/in.json"'),
    );
    expect(await codesOf(root)).toEqual([]);
  });
});

describe('Addenda B red team: the cost of recomputing formulas', () => {
  it('test vectors naming one input run the function once, not once per vector', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => lines);
    const file = path.join(root, 'b/registry/formulas.json');
    const specs = JSON.parse(fs.readFileSync(file, 'utf8'));
    const spec = specs.find((x: any) => x.formula_id === 'criterion_weights_v1');
    spec.test_vectors = Array.from({ length: 300 }, (_, i) => ({
      ...spec.test_vectors[0],
      test_vector_id: `tv.copy.${i}`,
    }));
    fs.writeFileSync(file, JSON.stringify(specs));
    const run = jest.spyOn(BUILTIN_FORMULAS['seed:normalizeCriterionWeights']!, 'run');
    try {
      expect(await codesOf(root)).toEqual([]);
      // The receipts' own inputs, and the one input all 300 vectors name.
      expect(run.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      run.mockRestore();
    }
  });

  it('a nested map read on every recomputation counts toward the budget', async () => {
    // One value whose priority_weight_map holds 20,000 keys (three levels down), merged by 200
    // receipts with a value of their own each: past the budget, not recomputed 200 times.
    const map = Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`p${i}`, 1]));
    const root = bundleFrom('clean-formulas-only', (lines) => {
      const input = JSON.parse(lines.find((l) => l.includes('"val-1-weights-in"'))!);
      const receipt = JSON.parse(lines.find((l) => l.includes('"receipt_id":"rc-1-weights"'))!);
      input.value_id = 'val-big';
      input.value.policy.priority_weight_map = map;
      const extra = Array.from({ length: 200 }, (_, i) => [
        JSON.stringify({ type: 'FormulaValue', value_id: `val-own-${i}`, value: { note: i } }),
        JSON.stringify({
          ...receipt,
          receipt_id: `rc-own-${i}`,
          input_refs: ['val-big', `val-own-${i}`],
        }),
      ]).flat();
      return [...lines, JSON.stringify(input), ...extra];
    });
    const run = jest.spyOn(BUILTIN_FORMULAS['seed:normalizeCriterionWeights']!, 'run');
    try {
      expect(await codesOf(root)).toContain('addenda_b.formula_unchecked');
      expect(run.mock.calls.length).toBeLessThan(100);
    } finally {
      run.mockRestore();
    }
  });

  it('a large computed output is compared with many small recorded ones without listing its keys each time', () => {
    const computed = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    let listed = 0;
    const counted = new Proxy(computed, {
      ownKeys(target) {
        listed++;
        return Reflect.ownKeys(target);
      },
    });
    for (let i = 0; i < 100; i++) expect(sameOutput({ [`r${i}`]: 1 }, counted)).toBe(false);
    expect(listed).toBe(1);
  });

  it('an output of many keys named by many receipts is scanned for NaN once', () => {
    const output = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    let reads = 0;
    const counted = new Proxy(output, {
      ownKeys(target) {
        reads++;
        return Reflect.ownKeys(target);
      },
    });
    for (let i = 0; i < 100; i++) expect(holdsNonFinite(counted)).toBe(false);
    expect(reads).toBe(1);
  });
});

describe('Addenda B red team: Pattern C resolution policies', () => {
  it('a resolution naming a policy the bundle does not hold is reported, not skipped', async () => {
    const root = bundleFrom('chain-passes-over-blocker', (lines) =>
      lines.map((l) =>
        l.replace('"policy_ref":"default.pattern_c.v1"', '"policy_ref":"team.pattern_c.v2"'),
      ),
    );
    const findings = await findingsOf(root);
    expect(findings.map((f) => f.code)).toContain('validation.pattern_c_route_conflict_unresolved');
    expect(findings.map((f) => f.message).join('\n')).toMatch(
      /names policy "team.pattern_c.v2", which is neither/,
    );
  });
});

describe('Addenda B red team: a second record under one id, written first', () => {
  it('a decoy policy, spec or receipt under a real one’s id is reported, whatever it says', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => {
      const spec = lines.find((l) => l.includes('"type":"FormulaEvaluationReceipt"'))!;
      return [spec.replace('"validation_codes":[]', '"validation_codes":["x"]'), ...lines];
    });
    const findings = await findingsOf(root);
    expect(findings.map((f) => f.code)).toContain('addenda_b.record_id_repeated');
    expect(findings.find((f) => f.code === 'addenda_b.record_id_repeated')!.message).toMatch(
      /is held again with other content \(first at b\/records\.jsonl:1\)/,
    );
  });

  it('a registered policy under the seed default’s id cannot redefine it', async () => {
    const root = bundleFrom('chain-passes-over-blocker', (lines) => lines);
    fs.writeFileSync(
      path.join(root, 'b/registry/00-a.json'),
      JSON.stringify([
        {
          type: 'EvaluationChainResolutionPolicy',
          policy_id: 'default.pattern_c.v1',
          chain_kind: 'pattern_c_evaluator_then_judge',
          qualitative_blockers_survive_numeric_pass: false,
          judge_can_override_evaluator: true,
          override_allowed_only_for_finding_states: ['active'],
          route_precedence: 'blocking_qualitative_first',
          disagreement_route: 'block_until_resolved',
          schema_version: '1.0',
        },
      ]),
    );
    expect(await codesOf(root)).toEqual([
      'addenda_b.registry_table_loosened',
      'validation.pattern_c_route_conflict_unresolved',
    ]);
  });

  it('a second Run Board publication policy under another id, read first, is reported', async () => {
    const root = bundleFrom('board-privileged-event-without-stub', (lines) => lines);
    const [policy] = JSON.parse(
      fs.readFileSync(path.join(root, 'b/registry/run-board.json'), 'utf8'),
    ) as Array<Record<string, unknown>>;
    fs.writeFileSync(
      path.join(root, 'b/registry/00-a.json'),
      JSON.stringify([
        { ...policy, policy_id: 'run_board.v0', publish_redacted_stub_when_suppressed: false },
      ]),
    );
    const findings = await findingsOf(root);
    expect(findings.map((f) => f.code)).toContain('addenda_b.record_id_repeated');
    expect(findings.map((f) => f.message).join('\n')).toMatch(/is a second one for the run/);
  });

  it('a second routing policy cannot order a branch the first does not', async () => {
    const root = bundleFrom('delivery-on-unordered-branch', (lines) => lines);
    const policy = JSON.parse(
      fs.readFileSync(path.join(root, 'b/registry/routing.json'), 'utf8'),
    ) as Record<string, unknown>;
    const order = [...(policy['branch_order'] as string[]), 'on_upstream_failure'];
    fs.writeFileSync(
      path.join(root, 'b/registry/00-a.json'),
      JSON.stringify({ ...policy, policy_id: 'routing.v0', branch_order: order }),
    );
    expect(await codesOf(root)).toContain('validation.feedback_branch_unregistered');
  });

  it('a cleaner copy of a source (updated in place) cannot launder its taint', async () => {
    const root = bundleFrom('summary-launders-web-taint', (lines) => {
      const web = JSON.parse(lines.find((l) => l.includes('"source_id":"src-1-web"'))!);
      const copy = { ...web, source_kind: 'document', taint_class: 'user_trusted_bounded' };
      return [JSON.stringify(copy), ...lines];
    });
    expect(await codesOf(root)).toEqual(
      expect.arrayContaining([
        'validation.taint_downgrade_without_sanitization_node',
        'validation.taint_not_inherited_through_summary',
      ]),
    );
  });

  it('a copy of a promotion candidate naming a higher-tier source cannot pass the gate', async () => {
    const root = bundleFrom('library-promotion-below-gate-tier', (lines) => {
      const candidate = JSON.parse(
        lines.find((l) => l.includes('"type":"LibraryPromotionCandidate"'))!,
      );
      return [JSON.stringify({ ...candidate, source_record_ref: 'src-1-web' }), ...lines];
    });
    expect(await codesOf(root)).toContain('validation.library_promotion_without_gate');
  });

  it('a copy of a promotion candidate naming a plain source cannot hide a privileged one', async () => {
    const root = bundleFrom('privileged-source-auto-promoted', (lines) => {
      const candidate = JSON.parse(
        lines.find((l) => l.includes('"type":"LibraryPromotionCandidate"'))!,
      );
      return [...lines, JSON.stringify({ ...candidate, source_record_ref: 'src-1-web' })];
    });
    expect(await codesOf(root)).toContain('validation.privileged_source_auto_promoted');
  });

  it('a record of live state written again under its id is an update, not a repeat', async () => {
    const root = bundleFrom('clean-single-entity', (lines) => {
      const record = lines.find((l) => l.includes('"type":"EvaluationFindingRecord"'))!;
      return [
        ...lines,
        record.replace(/"updated_at":"[^"]*"/, '"updated_at":"2026-03-02T12:00:00.000Z"'),
      ];
    });
    expect(await codesOf(root)).not.toContain('addenda_b.record_id_repeated');
  });
});

describe('Addenda B red team: a rule that reports very many findings', () => {
  it('keeps and words only the capped few, and counts the rest', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => lines);
    const { bundle, issues } = readBundle(new Workspace(root), path.join(root, 'b'));
    let worded = 0;
    const flood: Rule = {
      meta: {
        code: 'validation.test_flood',
        section: 'test',
        seedLine: 0,
        title: 'Flood',
        remediation: 'None.',
      },
      check(b, report) {
        for (let i = 0; i < 100_000; i++) report(b.records[0]!, () => `finding ${++worded}`);
      },
    };
    const findings = collectFindings('addenda-b:b', bundle, issues, [flood]);
    expect(worded).toBe(MAX_PER_CODE);
    expect(findings).toHaveLength(MAX_PER_CODE + 1);
    expect(findings.at(-1)!.message).toMatch(new RegExp(`^${100_000 - MAX_PER_CODE} more place`));
  });
});

describe('Addenda B red team: registry locations', () => {
  it('a rule finding at a registry array item names that item’s line (read lazily)', async () => {
    const root = bundleFrom('formula-without-test-vectors', (lines) => lines);
    const file = path.join(root, 'b/registry/formulas.json');
    const text = fs.readFileSync(file, 'utf8');
    const item = text.lastIndexOf('\n  {', text.indexOf('"formula_id": "quality_index_v1"'));
    const line = text.slice(0, item + 1).split('\n').length;
    const findings = await findingsOf(root);
    expect(findings.map((f) => `${f.code}@${f.location?.path}:${f.location?.line}`)).toEqual([
      `validation.formula_test_vector_missing@b/registry/formulas.json:${line}`,
    ]);
  });
});

describe('Addenda B red team: cost of a repeated FormulaValue id', () => {
  it('receipts that all name one repeated output id compare its copies once, not once per receipt', async () => {
    const root = bundleFrom('clean-formulas-only', (lines) => {
      const receipt = lines.find((l) => l.includes('"receipt_id":"rc-1-tm"'))!;
      const output = lines.find((l) => l.includes('"value_id":"val-1-tm-out"'))!;
      const more = Array.from({ length: 300 }, (_, i) =>
        receipt.replace('"receipt_id":"rc-1-tm"', `"receipt_id":"rc-1-tm-${i}"`),
      );
      return [...lines, ...more, output, output];
    });
    const lookup = jest.spyOn(Bundle.prototype, 'lookup');
    try {
      expect(await codesOf(root)).toEqual([]);
      const ofOutput = lookup.mock.calls.filter(([ref]) => ref === 'val-1-tm-out').length;
      expect(ofOutput).toBeLessThanOrEqual(4);
    } finally {
      lookup.mockRestore();
    }
  });
});

/** Rewrites the registry file `name` of the bundle under `root` through `edit`. */
function editRegistry(root: string, name: string, edit: (items: any[]) => unknown[]): void {
  const file = path.join(root, 'b/registry', name);
  const items = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as any[]) : [];
  fs.writeFileSync(file, JSON.stringify(edit(items), null, 2));
}

const LOOSENED = 'addenda_b.registry_table_loosened';

/** An order that ranks web material as the least tainted: under it the summary launders nothing. */
const WEB_FIRST = [
  'external_untrusted',
  'internal_corpus_trusted',
  'external_authority_trusted',
  'user_trusted_bounded',
  'unclassified',
];

describe('Addenda B red team: registry tables cannot switch a check off', () => {
  it('a TaintClassOrder ranking web material least tainted does not let a summary launder it', async () => {
    const root = bundleFrom('summary-launders-web-taint', (lines) => lines);
    editRegistry(root, 'taint.json', (items) =>
      items.map((i) =>
        i.type === 'TaintClassOrder' ? { ...i, least_to_most_tainted: WEB_FIRST } : i,
      ),
    );
    expect(await codesOf(root)).toEqual([
      LOOSENED,
      'validation.taint_downgrade_without_sanitization_node',
      'validation.taint_not_inherited_through_summary',
    ]);
  });

  it('a TaintClassOrder in records.jsonl is not the bundle’s order', async () => {
    const root = bundleFrom('summary-launders-web-taint', (lines) => [
      JSON.stringify({
        type: 'TaintClassOrder',
        order_id: 'o',
        least_to_most_tainted: WEB_FIRST,
        schema_version: '1.0',
      }),
      ...lines,
    ]);
    editRegistry(root, 'taint.json', (items) => items.filter((i) => i.type !== 'TaintClassOrder'));
    expect(await codesOf(root)).toEqual([
      LOOSENED,
      'validation.taint_downgrade_without_sanitization_node',
      'validation.taint_not_inherited_through_summary',
    ]);
  });

  it('a SourceKindTaintDefault cannot accept a trust basis the seed’s row does not', async () => {
    const root = bundleFrom('external-authority-without-trust-basis', (lines) => lines);
    editRegistry(root, 'taint.json', (items) =>
      items.map((i) =>
        i.source_kind === 'case_law' ? { ...i, required_trust_basis: ['web_unverified'] } : i,
      ),
    );
    expect(await codesOf(root)).toEqual([
      LOOSENED,
      'validation.external_authority_without_trust_basis',
    ]);
  });

  it('a registry lifecycle table cannot reopen a terminal state', async () => {
    const reopen =
      '{"type":"RevisionExecutionLifecycleTransition","from_state":"terminal_satisfied","to_state":"dispatch_pending","triggered_by_receipt_kind":"RevisionOperationReceipt","schema_version":"1.0"}';
    const root = bundleFrom('s5-lifecycle-registry-table-refuses', (lines) => [...lines, reopen]);
    editRegistry(root, 'revision-lifecycle.json', (items) => [
      {
        ...items[0],
        from_state: 'step_receipt_received',
        to_state: 'revalidating',
        triggered_by_receipt_kind: 'RevisionOperationReceipt',
      },
      ...items,
      JSON.parse(reopen),
    ]);
    expect(await codesOf(root)).toEqual([
      LOOSENED,
      'validation.revision_lifecycle_illegal_transition',
    ]);
  });

  it('a registry lifecycle table cannot make a transition the pack’s table forbids legal', async () => {
    const root = bundleFrom('s5-lifecycle-illegal-transition', (lines) => lines);
    const row = (from_state: string, to_state: string, kind: string) => ({
      type: 'RevisionExecutionLifecycleTransition',
      from_state,
      to_state,
      triggered_by_receipt_kind: kind,
      schema_version: '1.0',
    });
    fs.writeFileSync(
      path.join(root, 'b/registry/revision-lifecycle.json'),
      JSON.stringify([
        row('step_receipt_received', 'revalidating', 'RevisionOperationReceipt'),
        row('plan_compiled', 'cascade_running', 'RevalidationCascadeReceipt'),
        row('cascade_running', 'terminal_satisfied', 'RevalidationCascadeReceipt'),
      ]),
    );
    expect(await codesOf(root)).toEqual([
      LOOSENED,
      'validation.revision_lifecycle_illegal_transition',
    ]);
  });

  it('a SourceKindTaintDefault cannot default web material to trusted, in registry/ or records.jsonl', async () => {
    const trusted = (i: any) =>
      i.source_kind === 'web_source' ? { ...i, default_taint_class: 'internal_corpus_trusted' } : i;
    const launders = [
      LOOSENED,
      'validation.taint_downgrade_without_sanitization_node',
      'validation.taint_not_inherited_through_summary',
    ];
    const inRegistry = bundleFrom('summary-launders-web-taint', (lines) => lines);
    editRegistry(inRegistry, 'taint.json', (items) => items.map(trusted));
    expect(await codesOf(inRegistry)).toEqual(launders);

    let rows: unknown[] = [];
    const inRecords = bundleFrom('summary-launders-web-taint', (lines) => lines);
    editRegistry(inRecords, 'taint.json', (items) => {
      rows = items.filter((i) => i.type === 'SourceKindTaintDefault').map(trusted);
      return items.filter((i) => i.type !== 'SourceKindTaintDefault');
    });
    const file = path.join(inRecords, 'b/records.jsonl');
    fs.writeFileSync(
      file,
      rows.map((r) => JSON.stringify(r)).join('\n') + '\n' + fs.readFileSync(file, 'utf8'),
    );
    expect(await codesOf(inRecords)).toEqual(launders);
  });

  it('a SourceKindTaintDefault row in records.jsonl is not the table, even one the seed would accept', async () => {
    const root = bundleFrom('summary-launders-web-taint', (lines) => lines);
    let row: unknown;
    editRegistry(root, 'taint.json', (items) => {
      row = items.find((i) => i.source_kind === 'web_source');
      return items;
    });
    const file = path.join(root, 'b/records.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(row)}\n${fs.readFileSync(file, 'utf8')}`);
    const findings = await findingsOf(root);
    expect(findings.filter((f) => f.code === LOOSENED).map((f) => f.message)).toEqual([
      'SourceKindTaintDefault is not in force: it is in records.jsonl, not registry/.',
    ]);
  });

  it('a default_taint_class that is not a string is refused, the seed’s class kept', async () => {
    const root = bundleFrom('summary-launders-web-taint', (lines) => lines);
    editRegistry(root, 'taint.json', (items) =>
      items.map((i) => (i.source_kind === 'web_source' ? { ...i, default_taint_class: 7 } : i)),
    );
    expect(await codesOf(root)).toEqual([
      LOOSENED,
      'validation.source_kind_taint_unmapped',
      'validation.taint_downgrade_without_sanitization_node',
      'validation.taint_not_inherited_through_summary',
    ]);
  });

  it.each(['toString', 'valueOf'])(
    'a record holding a key named %s at any depth is a schema violation, not an internal error',
    async (key) => {
      const root = bundleFrom('clean-formulas-only', (lines) =>
        lines.map((l) => l.replace('"criterion_id":"c1a"', `"criterion_id":{"${key}":1}`)),
      );
      const findings = await findingsOf(root);
      expect(findings.map((f) => f.code)).toContain('addenda_b.schema_violation');
      expect(findings.find((f) => f.code === 'addenda_b.schema_violation')?.message).toMatch(
        `holds a key named "${key}"`,
      );
    },
  );

  it('a registry table that only refines the pack’s stays in force without a finding', async () => {
    const root = bundleFrom('summary-launders-web-taint', (lines) => lines);
    editRegistry(root, 'taint.json', (items) =>
      items.map((i) =>
        i.type === 'TaintClassOrder'
          ? { ...i, least_to_most_tainted: ['vetted_internal', ...i.least_to_most_tainted] }
          : i,
      ),
    );
    expect(await codesOf(root)).toEqual([
      'validation.taint_downgrade_without_sanitization_node',
      'validation.taint_not_inherited_through_summary',
    ]);
  });
});

describe('Addenda B red team: one id repeated in an embedded array', () => {
  it('a chain listing one result id many times looks it up once', async () => {
    const ids = JSON.stringify(Array.from({ length: 500 }, () => 'res-1-eval'));
    const root = bundleFrom('clean-single-entity', (lines) =>
      lines.map((l) =>
        l.replace(
          '"received_result_ids":["res-1-eval","res-1-judge"]',
          `"received_result_ids":${ids.slice(0, -1)},"res-1-judge"]`,
        ),
      ),
    );
    const lookup = jest.spyOn(Bundle.prototype, 'lookup');
    try {
      await codesOf(root);
      const ofResult = lookup.mock.calls.filter(([ref]) => ref === 'res-1-eval').length;
      expect(ofResult).toBeLessThanOrEqual(10);
    } finally {
      lookup.mockRestore();
    }
  });

  it('chains sharing one result id held by many envelopes: one finding per envelope, not per pair', async () => {
    const n = 300;
    const root = bundleFrom('clean-single-entity', (lines) => {
      const chain = JSON.parse(lines.find((l) => l.includes('"EvaluationChainRegistryRecord"'))!);
      const env = JSON.parse(lines.find((l) => l.includes('"EvaluationResultEnvelope"'))!);
      const extra = Array.from({ length: n }, (_, i) => [
        JSON.stringify({
          ...chain,
          chain_id: `chain-h${i}`,
          received_result_ids: ['res-x'],
          status: 'open',
        }),
        JSON.stringify({
          ...env,
          result_id: 'res-x',
          target_evaluation_chain_id: 'chain-h0',
          evaluation_snapshot_ref: i % 2 ? 'snap-2' : chain.evaluation_snapshot_ref,
        }),
      ]);
      return [...lines, ...extra.map((p) => p[0]!), ...extra.map((p) => p[1]!)];
    });
    const findings = await findingsOf(root);
    const of = (code: string) => findings.filter((f) => f.code === code).map((f) => f.message);
    const mismatch = of('validation.pattern_c_chain_id_mismatch');
    expect(mismatch[0]).toBe(
      `EvaluationResultEnvelope "res-x" names chain "chain-h0" but was received by chain "chain-h1" (and ${n - 2} more chain(s) with ids other than the one it names).`,
    );
    // Every one of the n envelopes is received by n - 1 other chains: n findings, not n(n - 1).
    expect(mismatch.at(-1)).toMatch(new RegExp(`^${n - MAX_PER_CODE} more place`));
    const snapshot = of('validation.pattern_c_snapshot_mismatch');
    expect(snapshot[0]).toBe(
      `EvaluationResultEnvelope "res-x" used snapshot "snap-2", chain "chain-h0" is on "snap-1" (and ${n - 1} more chain(s) on snapshots other than the envelope’s).`,
    );
    // Half the envelopes are on another snapshot than all n chains.
    expect(snapshot.at(-1)).toMatch(new RegExp(`^${n / 2 - MAX_PER_CODE} more place`));
  });

  it('a complete chain whose received result has no envelope in the bundle is still judged', async () => {
    const root = bundleFrom('clean-single-entity', (lines) =>
      lines
        .filter((l) => !(l.includes('"EvaluationResultEnvelope"') && l.includes('"res-1-eval"')))
        .map((l) =>
          l.replace(
            '"received_result_ids":["res-1-eval","res-1-judge"]',
            '"received_result_ids":["res-1-eval","res-1-judge","res-1-judge"]',
          ),
        ),
    );
    expect(await codesOf(root)).toContain('validation.pattern_c_missing_expected_producer');
  });

  it('an export naming one source many times does not look it up once per mention', async () => {
    const refs = JSON.stringify(Array.from({ length: 500 }, () => 'src-priv'));
    const root = bundleFrom('clean-single-entity', (lines) => [
      ...lines.map((l) =>
        l
          .replace('"source_record_refs":["src-1"]', `"source_record_refs":${refs}`)
          .replace('"user_confirmation_ref":"confirm-1",', ''),
      ),
      '{"type":"SourceRecord","source_id":"src-priv","tier":2,"source_kind":"document","title":"p","content_hash":"sha256:00","created_at":"2026-03-02T09:05:00.000Z"}',
    ]);
    editRegistry(root, 'externalization.json', (items) =>
      items.map((i) =>
        i.policy_id === 'ext.export_bundle.v1'
          ? { ...i, requires_user_confirmation: false, allowed_data_classes: ['public'] }
          : i,
      ),
    );
    const lookup = jest.spyOn(Bundle.prototype, 'lookup');
    try {
      await codesOf(root);
      const ofSource = lookup.mock.calls.filter(([ref]) => ref === 'src-priv').length;
      expect(ofSource).toBeLessThanOrEqual(10);
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('Addenda B red team: lists from a record in messages', () => {
  it('a taint order of thousands of classes names a few of them, quoted', async () => {
    const root = bundleFrom('clean-single-entity', (lines) => lines);
    const own = Array.from({ length: 3000 }, (_, i) => `class-${i}`);
    editRegistry(root, 'taint.json', (items) => [
      ...items.map((i) =>
        i.type === 'TaintClassOrder'
          ? { ...i, least_to_most_tainted: [...own, ...i.least_to_most_tainted] }
          : i,
      ),
      {
        type: 'SourceKindTaintDefault',
        source_kind: 'made_up_kind',
        default_taint_class: 'not in the order',
        allow_override: true,
        schema_version: '1.0',
      },
    ]);
    const findings = await findingsOf(root);
    const unmapped = findings.filter((f) => f.code === 'validation.source_kind_taint_unmapped');
    expect(unmapped).toHaveLength(1);
    expect(unmapped[0]!.message).toContain('"class-0" < "class-1"');
    expect(unmapped[0]!.message).toContain('… 2997 more');
    expect(unmapped[0]!.message.length).toBeLessThan(500);
  });
});

describe('Addenda B red team: a long taint order', () => {
  it('each taint default is ranked through the order’s index, not searched along it', async () => {
    const root = bundleFrom('clean-single-entity', (lines) => lines);
    const own = Array.from({ length: 3000 }, (_, i) => `class-${i}`);
    editRegistry(root, 'taint.json', (items) =>
      items.map((i) =>
        i.type === 'TaintClassOrder'
          ? { ...i, least_to_most_tainted: [...own, ...i.least_to_most_tainted] }
          : i,
      ),
    );
    const includes = jest.spyOn(Array.prototype, 'includes');
    try {
      expect(await codesOf(root)).toEqual([]);
      const alongOrder = includes.mock.contexts.filter(
        (a) => Array.isArray(a) && a.length >= 3000,
      ).length;
      expect(alongOrder).toBe(0);
    } finally {
      includes.mockRestore();
    }
  });
});

describe('Addenda B red team: deep nesting', () => {
  it('a record nested 100k levels deep is refused, not a stack overflow in a rule', async () => {
    const deep = '['.repeat(100000) + ']'.repeat(100000);
    const root = bundleFrom('clean-formulas-only', (lines) => [
      ...lines,
      `{"type":"FormulaValue","value_id":"val-1-tm-out","value":${deep}}`,
      `{"type":"FormulaValue","value_id":"val-1-tm-out","value":${deep}}`,
    ]);
    expect(await codesOf(root)).toEqual(['addenda_b.schema_violation']);
  });
});

describe('Addenda B red team: repeated references and repeated records', () => {
  it('a manifest listing one chain 100,000 times over 100 later receipts is one stale packet', async () => {
    const root = bundleFrom('reliance-packet-stale-after-chain-change', (lines) =>
      lines.flatMap((l, i) => {
        const d = JSON.parse(l) as Record<string, any>;
        if (d.type === 'TaskReliancePacket') {
          d.input_manifest.evaluation_chain_ids = Array(100_000).fill('chain-1');
          return [JSON.stringify(d)];
        }
        return i === 102 ? Array(100).fill(l) : [l];
      }),
    );
    expect(await codesOf(root)).toEqual(['validation.reliance_packet_stale_snapshot']);
  });

  it('a packet listing one reference 100,000 times, shared by 1,000 receipts, is judged once per reference', async () => {
    const root = bundleFrom('clean-revision-review-waived-by-policy', (lines) =>
      lines.flatMap((l) => {
        const d = JSON.parse(l) as Record<string, any>;
        if (d.type === 'RevisionReviewDecisionReceipt')
          return [
            ...Array(1000).fill(
              JSON.stringify({ ...d, receipt_id: 'rrd-x', packet_id: 'rrp-other' }),
            ),
            l,
          ];
        if (d.type === 'RevisionReviewPacket') {
          d.decision_receipt_refs = [...Array(100_000).fill('rrd-x'), 'rrd-1'];
          return [JSON.stringify(d)];
        }
        return [l];
      }),
    );
    const lookup = jest.spyOn(Bundle.prototype, 'lookup');
    const some = jest.spyOn(Bundle.prototype, 'some');
    try {
      await codesOf(root);
      const asked = [...lookup.mock.calls, ...some.mock.calls].filter(([ref]) => ref === 'rrd-x');
      expect(asked.length).toBeLessThan(100);
    } finally {
      lookup.mockRestore();
      some.mockRestore();
    }
  });

  it('certifications of a packet written many times ask once whether it is withdrawn', async () => {
    const root = bundleFrom('clean-reliance-packet-issued', (lines) => {
      const p = lines.findIndex((l) => l.includes('"type":"TaskReliancePacket"'));
      const c = lines.findIndex((l) => l.includes('"type":"WorkProductCertification"'));
      return [...lines, ...Array(300).fill(lines[p]!), ...Array(300).fill(lines[c]!)];
    });
    const lookup = jest.spyOn(Bundle.prototype, 'lookup');
    try {
      expect(await codesOf(root)).toEqual([]);
      // Neither per certification nor per copy of the packet.
      expect(lookup.mock.calls.length).toBeLessThan(300);
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('Addenda B red team: a key written twice in one object', () => {
  it('a record whose second "hidden_reasoning_included" hides its first is refused, not read', async () => {
    const fixture = 'explanation-trace-hidden-reasoning-flag';
    expect(await codesOf(bundleFrom(fixture, (l) => l))).toContain(
      'validation.explanation_trace_contains_hidden_reasoning',
    );
    const root = bundleFrom(fixture, (lines) =>
      lines.map((l) =>
        l.replace(
          '"hidden_reasoning_included":true',
          '"hidden_reasoning_included":true,"hidden_reasoning_included":false',
        ),
      ),
    );
    const refused = (await findingsOf(root)).filter((f) => f.code === 'addenda_b.record_malformed');
    expect(refused.map((f) => f.message)).toEqual([
      'The line repeats the key "hidden_reasoning_included" in one object, which readers resolve differently: keep one.',
    ]);
  });
  it('a registry file or bundle.json that repeats a key is refused at its line', async () => {
    const root = bundleFrom('build-ready-gate-pending-row', (l) => l);
    const owners = path.join(root, 'b/registry/type-owners.json');
    fs.writeFileSync(
      owners,
      fs.readFileSync(owners, 'utf8').replace('"status"', '"status": "absorbed",\n    "status"'),
    );
    const meta = path.join(root, 'b/bundle.json');
    fs.writeFileSync(meta, fs.readFileSync(meta, 'utf8').replace('{', '{"run_id": "zzz",'));
    const refused = (await findingsOf(root)).filter(
      (f) => f.code === 'addenda_b.bundle_unreadable',
    );
    expect(refused.map((f) => [f.location?.path, f.message])).toEqual([
      ['b/bundle.json', 'bundle.json repeats the key "run_id".'],
      [
        'b/registry/type-owners.json',
        'type-owners.json repeats the key "status" in one object, which readers resolve differently: keep one.',
      ],
    ]);
  });
  it('keys spelled alike only after decoding are one key twice; strings full of quotes and colons are not keys', async () => {
    const root = bundleFrom('clean-single-entity', (lines) => [
      ...lines.slice(0, -1),
      lines[lines.length - 1]!.replace('{"type"', '{"\\u0074ype":"x","type"'),
    ]);
    expect(await codesOf(root)).toEqual(['addenda_b.record_malformed']);
    const quoted = bundleFrom('clean-single-entity', (lines) =>
      lines.map((l) =>
        l.replace(/"schema_version":"1\.0"/, '"schema_version":"1.0","_note":"a\\":\\"b"'),
      ),
    );
    expect(await codesOf(quoted)).not.toContain('addenda_b.record_malformed');
  });
});
