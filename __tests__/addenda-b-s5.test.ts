// §5 (B-*) logic that the conformance fixtures exercise only by example: graph walks on hostile
// shapes, the default lifecycle table, and rules fed records the schema lets through loosely.
import { dependencyOrder, findCycle, reaches } from '../src/packs/addenda-b/rules/shared/graph.js';
import { Bundle, type BundleRecord } from '../src/packs/addenda-b/bundle.js';
import {
  defaultLifecycleTable,
  TERMINAL_STATES,
} from '../src/packs/addenda-b/rules/b01-lifecycle.js';
import { checkBundle } from '../src/packs/addenda-b/verify.js';
import { SEED_ENUM_VALUES } from '../src/packs/addenda-b/schema/generated.js';

const graph = (o: Record<string, string[]>) => new Map(Object.entries(o));

describe('b-graph', () => {
  it('finds a self-loop, a long cycle and no cycle in a DAG', () => {
    expect(findCycle(graph({ a: ['a'] }))).toEqual(['a']);
    expect(findCycle(graph({ a: ['b'], b: ['c'], c: ['a'] }))?.sort()).toEqual(['a', 'b', 'c']);
    expect(findCycle(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toBeUndefined();
  });

  it('walks a 100,000-step chain without overflowing the stack', () => {
    const g = new Map<string, string[]>();
    for (let i = 0; i < 100_000; i++) g.set(`s${i}`, i ? [`s${i - 1}`] : []);
    expect(findCycle(g)).toBeUndefined();
    expect(reaches(g, 's99999', 's0')).toBe(true);
    expect(dependencyOrder(g)?.[0]).toBe('s0');
    g.set('s0', ['s99999']);
    expect(findCycle(g)).toHaveLength(100_000);
    expect(dependencyOrder(g)).toBeUndefined();
  });

  it('ignores edges to nodes outside the graph', () => {
    const g = graph({ a: ['missing'], b: ['a'] });
    expect(findCycle(g)).toBeUndefined();
    expect(dependencyOrder(g)).toEqual(['a', 'b']);
    expect(reaches(g, 'a', 'b')).toBe(false);
  });
});

describe('default revision lifecycle table', () => {
  const rows = defaultLifecycleTable();
  const states: readonly string[] = SEED_ENUM_VALUES.RevisionExecutionLifecycleState;

  it('names only seed states, leaves terminal states closed and lets every other state cancel', () => {
    for (const [from, to] of rows) expect(states).toEqual(expect.arrayContaining([from, to]));
    for (const t of TERMINAL_STATES) expect(rows.filter(([from]) => from === t)).toEqual([]);
    for (const s of states.filter((x) => !TERMINAL_STATES.includes(x)))
      expect(rows).toContainEqual([s, 'cancelled', 'TaskCancelReceipt']);
  });

  it('reaches terminal_satisfied only on a cascade receipt', () => {
    const into = rows.filter(([, to]) => to === 'terminal_satisfied').map(([, , k]) => k);
    expect(new Set(into)).toEqual(new Set(['RevalidationCascadeReceipt']));
  });
});

function bundleOf(...records: Array<Record<string, unknown>>): Bundle {
  const b = new Bundle('/tmp', '.', undefined);
  records.forEach((data, i) =>
    b.add({
      type: String(data.type),
      data,
      at: { path: 'records.jsonl', line: i + 1 },
      seq: i + 1,
      registry: false,
    } as BundleRecord),
  );
  return b;
}

const codes = (b: Bundle) => [...new Set(checkBundle(b).map((f) => f.code))].sort();

describe('§5 rules on hostile records', () => {
  it('a plan whose steps are not objects, or whose fields have the wrong types, does not crash', () => {
    const b = bundleOf({
      type: 'RevisionPlan',
      plan_id: 'p',
      mutation_mode: 'rolling_hash_in_place',
      in_place_mutation_locks: [null, 7, { step_id: 's1' }],
      steps: [null, 'x', { step_id: 's1', depends_on_step_ids: 'no', target_refs: 5 }],
      dependency_edges: [null, { from_step_id: 1 }],
    });
    expect(codes(b)).toEqual(
      expect.arrayContaining([
        'validation.in_place_lock_missing_expected_pre_hash',
        'validation.revision_plan_step_dependency_undefined',
        'validation.revision_plan_dependency_targets_missing_step',
      ]),
    );
  });

  it('finds predicted_post_hash nested deep in a plan', () => {
    let deep: unknown = { predicted_post_hash: 'sha256:00' };
    for (let i = 0; i < 10_000; i++) deep = { x: [deep] };
    const b = bundleOf({
      type: 'RevisionPlan',
      plan_id: 'p',
      mutation_mode: 'candidate_only',
      steps: [],
      note: deep,
    });
    expect(codes(b)).toContain('validation.revision_plan_contains_predicted_post_hash');
  });

  it('orders same-artifact steps transitively: a chain through a third step is ordered', () => {
    const s = (id: string, deps: string[], targets: string[]) => ({
      step_id: id,
      depends_on_step_ids: deps,
      target_refs: targets,
    });
    const plan = (steps: unknown[]) =>
      bundleOf({
        type: 'RevisionPlan',
        plan_id: 'p',
        mutation_mode: 'rolling_hash_in_place',
        steps,
      });
    const chained = plan([s('a', [], ['art']), s('m', ['a'], ['other']), s('b', ['m'], ['art'])]);
    expect(codes(chained)).not.toContain(
      'validation.rolling_hash_same_artifact_dependency_missing',
    );
    const loose = plan([s('a', [], ['art']), s('m', [], ['other']), s('b', ['m'], ['art'])]);
    expect(codes(loose)).toContain('validation.rolling_hash_same_artifact_dependency_missing');
  });

  it('bounds the ordering walk: a plan built to make it quadratic is refused, not a hang', () => {
    // Every art step depends on the previous one last, so each walk explores the whole hub first.
    const n = 3_000;
    const hub = Array.from({ length: n }, (_, i) => ({
      step_id: `h${i}`,
      depends_on_step_ids: i ? [`h${i - 1}`] : [],
      target_refs: [],
    }));
    const art = Array.from({ length: n }, (_, i) => ({
      step_id: `a${i}`,
      depends_on_step_ids: i ? [`a${i - 1}`, `h${n - 1}`] : [],
      target_refs: ['art'],
    }));
    const b = bundleOf({
      type: 'RevisionPlan',
      plan_id: 'p',
      mutation_mode: 'rolling_hash_in_place',
      in_place_mutation_locks: art.map((s) => ({
        step_id: s.step_id,
        expected_pre_hash: 'sha256:00',
      })),
      steps: [...hub, ...art],
    });
    const found = checkBundle(b).filter(
      (f) => f.code === 'validation.rolling_hash_same_artifact_dependency_missing',
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(/too large to confirm/);
  });

  it('judges risk order within keys 1-3 only', () => {
    const profile = (plan: string, priority: number, risk: number) => ({
      type: 'RevisionPlanConcurrencyProfile',
      plan_id: plan,
      required_for_overall_pass: true,
      high_stakes: false,
      outcome_priority: priority,
      plan_risk_score: risk,
      estimated_lock_duration_ms: 1,
      deterministic_final_key: plan,
    });
    const planOf = (id: string) => ({
      type: 'RevisionPlan',
      plan_id: id,
      mutation_mode: 'candidate_only',
      steps: [{ step_id: `${id}-s`, depends_on_step_ids: [], target_refs: [] }],
    });
    const receipt = (id: string) => ({
      type: 'RevisionOperationReceipt',
      receipt_id: `r-${id}`,
      step_id: `${id}-s`,
    });
    const run = (p2priority: number) =>
      codes(
        bundleOf(
          planOf('p1'),
          planOf('p2'),
          profile('p1', 1, 0.9),
          profile('p2', p2priority, 0.1),
          receipt('p1'),
          receipt('p2'),
        ),
      );
    expect(run(1)).toContain('validation.concurrency_tie_breaker_risk_sort_inverted');
    // p1 wins on outcome_priority (key 3): its risk does not matter
    expect(run(2)).not.toContain('validation.concurrency_tie_breaker_risk_sort_inverted');
  });
});

describe('blank values name nothing', () => {
  const hardCall = (options: unknown[]) =>
    codes(
      bundleOf({
        type: 'HardRevisionCall',
        hard_call_id: 'h',
        response_mode: 'closed_choice',
        options,
      }),
    );
  const TWO = 'validation.hard_call_closed_choice_needs_two_options';

  it('a closed choice needs two different, non-blank options', () => {
    const a = { option_id: 'a', label: 'Keep' };
    expect(hardCall([a, { option_id: 'b', label: 'Drop' }])).not.toContain(TWO);
    expect(hardCall(['keep', 'drop'])).not.toContain(TWO);
    expect(hardCall([a, a])).toContain(TWO);
    expect(hardCall([a, { option_id: 'a', label: 'Keep it' }])).toContain(TWO);
    expect(hardCall([a, {}])).toContain(TWO);
    expect(hardCall([a, { option_id: ' ', label: '\t', extra: [null, {}] }])).toContain(TWO);
    expect(hardCall([a, ' ', null])).toContain(TWO);
  });

  it('a whitespace ref or hash is as missing as an empty one', () => {
    const anchor = (f: Record<string, unknown>) =>
      codes(bundleOf({ type: 'StructuredAnchor', anchor_id: 'x', ...f }));
    expect(anchor({ section_id: '§2' })).not.toContain('validation.structured_anchor_empty');
    expect(anchor({ section_id: ' ' })).toContain('validation.structured_anchor_empty');
    expect(anchor({ citation_ref: '', row_id: '\n' })).toContain(
      'validation.structured_anchor_empty',
    );
  });
});

describe('a repeat spelled differently is still a repeat', () => {
  it('a closed choice whose second option id differs only in case, spaces or a zero-width space', () => {
    const a = { option_id: 'hc-1-keep', label: 'Keep' };
    for (const id of ['HC-1-KEEP', 'hc-1-keep ', 'hc-1-keep\u200b'])
      expect(
        codes(
          bundleOf({
            type: 'HardRevisionCall',
            hard_call_id: 'h',
            response_mode: 'closed_choice',
            options: [a, { ...a, option_id: id }],
          }),
        ),
      ).toContain('validation.hard_call_closed_choice_needs_two_options');
  });

  it('two overlapping leases of one need, its id spelled twice', () => {
    const lease = (need: string, token: string) => ({
      type: 'ResearchNeedLease',
      need_id: need,
      lease_token: token,
      leased_by_module_id: `m-${token}`,
      acquired_at: '2026-01-01T00:00:00Z',
      expires_at: '2026-01-01T01:00:00Z',
    });
    expect(codes(bundleOf(lease('need-1', 'a'), lease('NEED-1 ', 'b')))).toContain(
      'validation.research_need_double_leased',
    );
    expect(codes(bundleOf(lease('need-1', 'a'), lease('need-2', 'b')))).not.toContain(
      'validation.research_need_double_leased',
    );
  });

  it('a delivery whose key differs only in case repeats the first', () => {
    const delivery = (id: string, key: string, consumer: string) => ({
      type: 'FeedbackDeliveryRecord',
      delivery_id: id,
      delivery_idempotency_key: key,
      result_id: `r-${id}`,
      branch: 'b',
      consumer_module_id: consumer,
    });
    const DUP = 'validation.feedback_delivery_duplicate_without_idempotency';
    expect(
      codes(bundleOf(delivery('d1', 'sha256:abc', 'x'), delivery('d2', 'SHA256:ABC', 'y'))),
    ).toContain(DUP);
    expect(
      codes(bundleOf(delivery('d1', 'sha256:abc', 'x'), delivery('d2', 'sha256:abd', 'y'))),
    ).not.toContain(DUP);
  });

  it('a build-ready gate: blank suite refs name no suite; a type name spelled twice is registered twice', () => {
    const FAILED = 'validation.build_ready_gate_failed';
    const gate = (refs: unknown[]) => ({
      type: 'BuildReadyGate',
      gate_id: 'g',
      required_validation_suite_refs: refs,
    });
    const owner = (name: string, module: string) => ({
      type: 'TypeOwnerRegistryEntry',
      type_name: name,
      owner_module: module,
      status: 'owned',
    });
    expect(codes(bundleOf(gate([' ', '', '\u200b'])))).toEqual([FAILED]);
    expect(codes(bundleOf(gate(['suite-1']), owner('Event', 'a')))).not.toContain(FAILED);
    expect(codes(bundleOf(gate(['suite-1']), owner('Event', 'a'), owner('Event ', 'b')))).toContain(
      FAILED,
    );
  });
});
