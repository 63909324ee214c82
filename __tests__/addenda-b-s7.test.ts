// §7 (D-*) logic the fixtures exercise only once: transitive taint, the replaceable taint order and
// default table, lease overlap, guidance state replay, the matter firewall without a bundle.json.
import fs from 'node:fs';
import { Bundle, type BundleMeta } from '../src/packs/addenda-b/bundle.js';
import { checkBundle } from '../src/packs/addenda-b/verify.js';
import * as d01 from '../src/packs/addenda-b/rules/d01-taint.js';
import * as d05 from '../src/packs/addenda-b/rules/d05-research-need.js';
import * as d07 from '../src/packs/addenda-b/rules/d07-run-board.js';
import * as d13 from '../src/packs/addenda-b/rules/d13-run-guidance.js';
import type { Rule } from '../src/packs/addenda-b/rules/rule.js';
import { RULES } from '../src/packs/addenda-b/rules/index.js';

const META: BundleMeta = {
  schema_version: '1.0',
  task_id: 'task-1',
  run_id: 'run-1',
  matter_id: 'matter-1',
  as_of: '2026-03-02T12:00:00Z',
};

/** A bundle of plain records (schema checks are the reader's job, not these rules'). */
function bundle(records: Array<Record<string, unknown>>, meta: BundleMeta | null = META) {
  const b = new Bundle('/b', 'b', meta ?? undefined);
  records.forEach((r, i) => {
    const { type, ...data } = r;
    b.add({
      type: String(type),
      data: { type, ...data },
      at: { path: 'b/records.jsonl', line: i + 1 },
      seq: r.registry ? 0 : i + 1,
      registry: !!r.registry,
    });
  });
  return b;
}

const rulesOf = (mod: Record<string, unknown>) =>
  Object.values(mod).filter((v): v is Rule => typeof v === 'object' && v !== null && 'check' in v);

/** code@line for every finding of the module's rules, sorted. */
const findings = (mod: Record<string, unknown>, b: Bundle) =>
  checkBundle(b, rulesOf(mod))
    .map((f) => `${f.code.replace('validation.', '')}@${f.at.line}`)
    .sort();

const source = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  type: 'SourceRecord',
  source_id: id,
  tier: 2,
  source_kind: kind,
  ...extra,
});
const policy = { type: 'TaintAggregationPolicy', policy_id: 'p', registry: true };

describe('D-01 transitive taint', () => {
  it('a summary of a summary of a web source inherits its taint through the chain', () => {
    const b = bundle([
      policy,
      source('web', 'web_source'),
      source('s1', 'prior_task_output', {
        derived_from_refs: ['web'],
        taint_class: 'external_untrusted',
      }),
      // s2 states less than s1 carries: laundering one step further down
      source('s2', 'prior_task_output', { derived_from_refs: ['s1'] }),
    ]);
    expect(findings(d01, b)).toEqual([
      'taint_downgrade_without_sanitization_node@4',
      'taint_not_inherited_through_summary@4',
    ]);
  });

  it('an unflagged middle link still passes its inputs’ taint on (effective, not stated, taint)', () => {
    const b = bundle([
      policy,
      source('web', 'web_source'),
      source('s1', 'prior_task_output', { derived_from_refs: ['web'] }), // launders
      source('s2', 'prior_task_output', { derived_from_refs: ['s1'] }), // inherits it
    ]);
    expect(findings(d01, b)).toEqual([
      'taint_downgrade_without_sanitization_node@3',
      'taint_downgrade_without_sanitization_node@4',
      'taint_not_inherited_through_summary@3',
      'taint_not_inherited_through_summary@4',
    ]);
  });

  it('a covering sanitization node stops the propagation; one that does not cover is no excuse', () => {
    const node = (id: string, out: string, evidence = 'reviews/1') => ({
      type: 'SanitizationNode',
      node_id: id,
      input_taint: 'external_untrusted',
      output_taint: out,
      method: 'human_review',
      evidence_ref: evidence,
    });
    const b = bundle([
      policy,
      node('ok', 'user_trusted_bounded'),
      node('no-evidence', 'user_trusted_bounded', ''),
      source('web', 'web_source'),
      source('s1', 'prior_task_output', {
        derived_from_refs: ['web'],
        sanitization_node_ref: 'ok',
      }),
      source('s2', 'prior_task_output', { derived_from_refs: ['s1'] }),
      source('s3', 'prior_task_output', {
        derived_from_refs: ['web'],
        sanitization_node_ref: 'no-evidence',
      }),
      source('s4', 'library_entry', { derived_from_refs: ['web'], sanitization_node_ref: 'ok' }),
    ]);
    expect(findings(d01, b)).toEqual([
      'taint_downgrade_without_sanitization_node@7',
      'taint_downgrade_without_sanitization_node@8',
      'taint_not_inherited_through_summary@7',
      'taint_not_inherited_through_summary@8',
    ]);
  });

  it('self-references, cycles and inputs written later do not loop or crash', () => {
    const b = bundle([
      policy,
      source('a', 'prior_task_output', { derived_from_refs: ['a', 'b', 42, null] }),
      source('b', 'web_source', { derived_from_refs: ['a'] }),
    ]);
    // a names b, written later: b's stated (default) taint counts, so a launders it
    expect(findings(d01, b)).toEqual([
      'taint_downgrade_without_sanitization_node@2',
      'taint_not_inherited_through_summary@2',
    ]);
  });

  it('an unknown taint class ranks as the most tainted (fail closed)', () => {
    const b = bundle([
      policy,
      source('x', 'web_source', { taint_class: 'made_up' }),
      source('s', 'prior_task_output', { derived_from_refs: ['x'], taint_class: 'unclassified' }),
    ]);
    expect(findings(d01, b)).toEqual([
      'taint_downgrade_without_sanitization_node@3',
      'taint_not_inherited_through_summary@3',
    ]);
  });

  it('the registry refines the order and replaces the default table', () => {
    const records = [
      policy,
      source('web', 'web_source'),
      source('s', 'prior_task_output', { derived_from_refs: ['web'] }),
    ];
    expect(findings(d01, bundle(records))).toHaveLength(2);
    const order = {
      type: 'TaintClassOrder',
      order_id: 'mine',
      least_to_most_tainted: ['external_untrusted', 'user_trusted_bounded'],
      registry: true,
    };
    // an order that ranks web material below user material would launder it: not in force
    expect(findings(d01, bundle([order, ...records]))).toHaveLength(2);
    const refined = {
      ...order,
      least_to_most_tainted: [
        'internal_corpus_trusted',
        'external_authority_trusted',
        'user_trusted_bounded',
        'web_vetted',
        'external_untrusted',
        'unclassified',
      ],
    };
    // one that inserts a class of its own is in force: web_vetted ranks below external_untrusted
    const summary = source('s', 'prior_task_output', {
      derived_from_refs: ['web'],
      taint_class: 'web_vetted',
    });
    const vetted = [policy, source('web', 'web_source'), summary];
    expect(findings(d01, bundle(vetted))).toEqual([]);
    expect(findings(d01, bundle([refined, ...vetted]))).toHaveLength(2);
    // a registry table replaces the seed's: web_source is now unmapped, so its taint is unknown
    // and counts as the most tainted, which the summary does not carry
    const row = {
      type: 'SourceKindTaintDefault',
      source_kind: 'prior_task_output',
      default_taint_class: 'external_untrusted',
      allow_override: true,
      registry: true,
    };
    expect(findings(d01, bundle([row, ...records]))).toEqual([
      'source_kind_taint_unmapped@3',
      'taint_downgrade_without_sanitization_node@4',
      'taint_not_inherited_through_summary@4',
    ]);
  });
});

describe('D-05 leases', () => {
  const lease = (token: string, from: string, to: string) => ({
    type: 'ResearchNeedLease',
    need_id: 'n',
    leased_by_module_id: token,
    lease_token: token,
    acquired_at: from,
    expires_at: to,
  });
  it('overlap is judged against the longest lease still held, not only the previous one', () => {
    const b = bundle([
      lease('a', '2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z'),
      lease('b', '2026-03-02T09:10:00Z', '2026-03-02T09:20:00Z'),
      lease('c', '2026-03-02T10:00:00Z', '2026-03-02T10:30:00Z'),
      lease('d', '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z'),
    ]);
    expect(findings(d05, b)).toEqual([
      'research_need_double_leased@2',
      'research_need_double_leased@3',
    ]);
  });
  it('the same token renewed is one lease; an unparsable time counts as overlapping', () => {
    const renewed = bundle([
      lease('a', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z'),
      lease('a', '2026-03-02T09:30:00Z', '2026-03-02T11:00:00Z'),
    ]);
    expect(findings(d05, renewed)).toEqual([]);
    const garbled = bundle([
      lease('a', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z'),
      lease('b', 'tomorrow', '2026-03-02T11:00:00Z'),
    ]);
    expect(findings(d05, garbled)).toHaveLength(1);
  });
});

describe('D-13 guidance state at consumption', () => {
  const receipt = (id: string, from: string, to: string) => ({
    type: 'RunGuidanceLifecycleReceipt',
    receipt_id: id,
    guidance_id: 'g',
    from_state: from,
    to_state: to,
  });
  const packet = (id: string) => [
    {
      type: 'TaskRunContextPacketRequest',
      request_id: `req-${id}`,
      run_id: 'run-1',
      task_id: 'task-1',
      required_item_refs: [],
      optional_item_refs: ['g', 'g'],
    },
    {
      type: 'TaskRunContextPacketAssemblyReceipt',
      receipt_id: `cpa-${id}`,
      request_id: `req-${id}`,
      packet_ref: `p-${id}`,
      omitted_items: [null, 7, {}],
    },
  ];
  it('a packet assembled while contested fires once; before and after the contest it does not', () => {
    const b = bundle([
      { type: 'RunGuidanceCreationEvent', event_id: 'e', guidance_id: 'g', scope_ref: 'run-1' },
      receipt('r1', 'proposed', 'active'),
      ...packet('1'),
      receipt('r2', 'active', 'contested'),
      ...packet('2'),
      receipt('r3', 'contested', 'active'),
      ...packet('3'),
      {
        type: 'RunGuidanceItemCurrent',
        guidance_id: 'g',
        canonical_event_ref: 'e',
        lifecycle_state: 'active',
      },
    ]);
    expect(findings(d13, b)).toEqual(['run_guidance_consumed_while_contested@7']);
  });
});

describe('D-07 matter firewall', () => {
  const records = [
    {
      type: 'RunBoardPublicationPolicy',
      policy_id: 'p',
      auto_publish_event_classes: ['artifact_event'],
      suppress_data_classes: [],
      publish_redacted_stub_when_suppressed: true,
      registry: true,
    },
    {
      type: 'RunBoardAuditEvent',
      event_id: 'e',
      event_class: 'artifact_event',
      governance: {
        data_class: 'internal',
        taint_class: 'user_trusted_bounded',
        privileged: false,
        matter_id: 'matter-2',
        policy_decision_refs: [],
        visibility_scope: 'user_only',
        redaction_required: false,
        schema_version: '1.0',
      },
    },
    { type: 'RunBoardVisiblePost', post_id: 'p1', source_event_id: 'e', redacted: false },
  ];
  it('a post of another matter leaks, also on a board that has no matter', () => {
    expect(findings(d07, bundle(records))).toContain('visible_post_cross_matter_leak@3');
    const noMatter = { ...META };
    delete noMatter.matter_id;
    expect(findings(d07, bundle(records, noMatter))).toContain('visible_post_cross_matter_leak@3');
  });
  it('without a readable bundle.json the readers’ matter is unknown and nothing is judged', () => {
    expect(findings(d07, bundle(records, null))).toEqual([]);
  });
});

describe('§7 rules never crash on hostile shapes', () => {
  const S7_TYPES = new Set([
    'SourceRecord',
    'SanitizationNode',
    'SourceKindTaintDefault',
    'TaintClassOrder',
    'TaintAggregationPolicy',
    'EphemeralSourceLookupReceipt',
    'SourceTierTransitionReceipt',
    'ResearchNeed',
    'ResearchNeedLease',
    'SourceEvidenceAnchor',
    'ClaimSupportDerivationReceipt',
    'ApplicabilityScope',
    'RunBoardPublicationPolicy',
    'RunBoardAuditEvent',
    'RunBoardVisiblePost',
    'TaskRunContextPacketRequest',
    'TaskRunContextPacketAssemblyReceipt',
    'PerActivationContextBudget',
    'ModuleAssistanceRequest',
    'RunGuidanceCreationEvent',
    'RunGuidanceItemCurrent',
    'RunGuidanceLifecycleReceipt',
    'TaskCommandRegistryEntry',
    'SubAgentCoordinationProfile',
    'RunExecutionRequirements',
    'ModuleProgressBehavior',
    'StructuredAnchor',
    'LibraryPromotionCandidate',
    'LibraryPromotionReceipt',
    'LibraryPromotionGate',
  ]);
  const HOSTILE: unknown[] = [null, 42, '', ['a', 1, null, {}], { a: [1] }];
  const S7_RULES = RULES.filter((r) => r.meta.section.startsWith('D-'));

  it('every field of every §7 record, replaced by a value of another shape', () => {
    const dir = 'conformance/addenda-b/clean-single-entity/input';
    const lines = fs
      .readFileSync(`${dir}/records.jsonl`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const registry: Array<Record<string, unknown>> = fs
      .readdirSync(`${dir}/registry`)
      .flatMap((f) => [JSON.parse(fs.readFileSync(`${dir}/registry/${f}`, 'utf8'))].flat())
      .map((r: Record<string, unknown>) => ({ ...r, registry: true }));
    const all: Array<Record<string, unknown>> = [...registry, ...lines];
    let runs = 0;
    all.forEach((r, i) => {
      if (!S7_TYPES.has(String(r.type))) return;
      for (const field of Object.keys(r))
        if (field !== 'type' && field !== 'registry')
          for (const v of HOSTILE) {
            const records = all.slice();
            records[i] = { ...r, [field]: v };
            expect(() => checkBundle(bundle(records), S7_RULES)).not.toThrow();
            runs++;
          }
    });
    expect(runs).toBeGreaterThan(500);
    expect(S7_RULES).toHaveLength(41);
  });
});
