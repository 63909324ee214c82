// A-02 / A-03 / A-04 / A-25 Pattern C envelope and chain resolution (L459-594).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { memo } from './shared/memo.js';
import { contentKey } from './s3-event-projection.js';
import { listSet, q, qList, strings, type Refused } from './shared/util.js';

/** DEFAULT_PATTERN_C_RESOLUTION_POLICY, seed L549-558: what a receipt naming its id gets, whatever a registered record under that id says. */
export const DEFAULT_PATTERN_C_RESOLUTION_POLICY = {
  policy_id: 'default.pattern_c.v1',
  chain_kind: 'pattern_c_evaluator_then_judge',
  qualitative_blockers_survive_numeric_pass: true,
  judge_can_override_evaluator: false,
  override_allowed_only_for_finding_states: ['contested', 'dismissed', 'rejected_by_user'],
  route_precedence: 'blocking_qualitative_first',
  disagreement_route: 'human_review',
  schema_version: '1.0',
} as const;

export const envelopeBasisMissing: Rule = {
  meta: {
    code: 'validation.envelope_basis_missing',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 484,
    title: 'An evaluation result envelope has no evaluation_basis',
    remediation: 'Set evaluation_basis on the envelope (A-02 moves it out of the feedback bundle).',
  },
  check(b, report) {
    for (const e of b.of('EvaluationResultEnvelope'))
      if (e.data.evaluation_basis === undefined || e.data.evaluation_basis === null)
        report(e, `EvaluationResultEnvelope ${q(e.data.result_id)} has no evaluation_basis.`);
  },
};

const CANONICAL_CHAIN_FIELDS: Record<string, string[]> = {
  EvaluationResultEnvelope: ['target_evaluation_chain_id'],
  EvaluationChainRegistryRecord: ['chain_id', 'superseded_by_chain_id'],
  EvaluationChainResolutionReceipt: ['chain_id'],
};

export const chainIdNameDrift: Rule = {
  meta: {
    code: 'validation.chain_id_name_drift',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 485,
    title: 'A chain id is carried under a non-canonical field name',
    remediation:
      'Use target_evaluation_chain_id on envelopes and chain_id on chain records and receipts.',
    decision:
      'Plain reading of A-25: on envelopes, chain records and resolution receipts, any other field whose name ends in chain_id (e.g. evaluation_chain_id) is drift.',
  },
  check(b, report) {
    for (const [type, canonical] of Object.entries(CANONICAL_CHAIN_FIELDS))
      for (const r of b.of(type)) {
        const other = Object.keys(r.data).filter(
          (k) => /chain_?id$/.test(k) && !canonical.includes(k),
        );
        if (other.length)
          report(
            r,
            `${type} carries a chain id as ${other.join(', ')}; the canonical name is ${canonical[0]}.`,
          );
      }
  },
};

const ENVELOPE = ['EvaluationResultEnvelope'];

/** Per result id, the chains listing it among their received results (each chain once). */
function receivingChains(b: Bundle): Map<string, BundleRecord[]> {
  return memo(b, 'a02.receivingChains', () => {
    const out = new Map<string, BundleRecord[]>();
    for (const chain of b.of('EvaluationChainRegistryRecord'))
      for (const id of listSet(chain, 'received_result_ids')) {
        const chains = out.get(id);
        if (chains) chains.push(chain);
        else out.set(id, [chain]);
      }
    return out;
  });
}

/**
 * Each envelope received by a chain whose `ofChain` value differs from the envelope's `ofEnvelope`
 * value: the first such chain and how many there are. The chains of a result id are counted by
 * value once, so thousands of chains listing one id held by thousands of envelopes cost their sum,
 * not their product.
 */
function* disagreeing(
  b: Bundle,
  ofChain: (chain: BundleRecord) => unknown,
  ofEnvelope: (e: BundleRecord) => unknown,
): Generator<{ envelope: BundleRecord; first: BundleRecord; more: number }> {
  for (const [id, chains] of receivingChains(b)) {
    const envelopes = b.lookup(id, ENVELOPE);
    if (envelopes.length === 0) continue;
    const counts = new Map<unknown, number>();
    // The first chain of each value, in bundle order: the first chain that differs from an
    // envelope is the first entry here whose value differs.
    const firsts: Array<[unknown, BundleRecord]> = [];
    for (const chain of chains) {
      const v = ofChain(chain);
      const n = counts.get(v);
      counts.set(v, (n ?? 0) + 1);
      if (n === undefined) firsts.push([v, chain]);
    }
    for (const envelope of envelopes) {
      const v = ofEnvelope(envelope);
      const differ = chains.length - (counts.get(v) ?? 0);
      if (differ > 0)
        yield { envelope, first: firsts.find(([w]) => w !== v)![1], more: differ - 1 };
    }
  }
}

const andMore = (n: number, what: string) => (n > 0 ? ` (and ${n} more chain(s) ${what})` : '');

export const patternCChainIdMismatch: Rule = {
  meta: {
    code: 'validation.pattern_c_chain_id_mismatch',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 589,
    title:
      'An envelope names another chain than the chain that received it, or no registered chain',
    remediation:
      'Set the envelope’s target_evaluation_chain_id to the chain_id of the chain listing its result_id.',
    decision:
      'As the seed states it, one finding per envelope (not per envelope and chain): it names the first chain, in bundle order, that lists the envelope’s result_id under another chain_id, and how many more do.',
  },
  check(b, report) {
    const chainId = (r: BundleRecord) => r.data.chain_id;
    const named = (e: BundleRecord) => e.data.target_evaluation_chain_id;
    for (const { envelope: e, first, more } of disagreeing(b, chainId, named))
      report(
        e,
        () =>
          `EvaluationResultEnvelope ${q(e.data.result_id)} names chain ${q(named(e) ?? null)} but was received by chain ${q(chainId(first))}${andMore(more, 'with ids other than the one it names')}.`,
      );
    for (const e of b.of('EvaluationResultEnvelope')) {
      const id = e.data.target_evaluation_chain_id;
      if (typeof id === 'string' && !b.resolve(id, 'EvaluationChainRegistryRecord'))
        report(
          e,
          `EvaluationResultEnvelope ${q(e.data.result_id)} names chain ${q(id)}, which is not registered.`,
        );
    }
  },
};

const NEEDS_RESOLUTION = ['complete', 'timed_out'];

export const patternCChainWithoutResolutionReceipt: Rule = {
  meta: {
    code: 'validation.pattern_c_chain_without_resolution_receipt',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 590,
    title: 'A complete or timed-out chain has no resolution receipt',
    remediation:
      'Write the EvaluationChainResolutionReceipt that resolves the chain’s verdict and route.',
    decision:
      'A chain needs its receipt once it is complete or timed_out; open and partial chains are still collecting results, unless the chain itself shows it is complete: completed_at is set, or its received results (envelopes in the bundle) come from every expected producer. So is a chain superseded by no chain (no superseded_by_chain_id): nothing else resolves it. A status the record writes about itself cannot waive the receipt its own content calls for. An invalidated chain needs none.',
  },
  check(b, report) {
    const resolved = new Set(b.of('EvaluationChainResolutionReceipt').map((r) => r.data.chain_id));
    for (const c of b.of('EvaluationChainRegistryRecord')) {
      if (resolved.has(c.data.chain_id)) continue;
      const status = String(c.data.status);
      if (NEEDS_RESOLUTION.includes(status))
        report(
          c,
          `Chain ${q(c.data.chain_id)} is ${status} but no EvaluationChainResolutionReceipt resolves it.`,
        );
      else if (
        STILL_COLLECTING.includes(status) ||
        (status === 'superseded' && !c.data.superseded_by_chain_id)
      ) {
        const shows = completeInFact(b, c);
        if (shows)
          report(
            c,
            `Chain ${q(c.data.chain_id)} says it is ${status}${status === 'superseded' ? ' by no chain' : ''}, but ${shows}; no EvaluationChainResolutionReceipt resolves it.`,
          );
      }
    }
  },
};

const STILL_COLLECTING = ['open', 'partial'];

/** Why a chain that says it is still collecting is complete by its own content, or undefined. */
function completeInFact(b: Bundle, chain: BundleRecord): string | undefined {
  const at = chain.data.completed_at;
  if (at !== undefined && at !== null) return `it has completed_at ${q(at)}`;
  const expected = strings(chain.data.expected_producers);
  if (expected.length === 0) return undefined;
  const from = new Set<unknown>();
  for (const id of listSet(chain, 'received_result_ids'))
    for (const e of b.lookup(id, ENVELOPE)) from.add(e.data.producer_kind);
  return expected.every((p) => from.has(p))
    ? `it has received results from every expected producer (${qList(expected)})`
    : undefined;
}

export const patternCSnapshotMismatch: Rule = {
  meta: {
    code: 'validation.pattern_c_snapshot_mismatch',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 592,
    title: 'A result in a chain was evaluated on another snapshot than the chain',
    remediation: 'Re-evaluate on the chain’s snapshot, or open a new chain for the new snapshot.',
    decision:
      'One finding per envelope (not per envelope and chain): it names the first chain, in bundle order, that lists the envelope’s result_id and is on another evaluation_snapshot_ref, and how many more are.',
  },
  check(b, report) {
    const snapshot = (r: BundleRecord) => r.data.evaluation_snapshot_ref;
    for (const { envelope: e, first, more } of disagreeing(b, snapshot, snapshot))
      report(
        e,
        () =>
          `EvaluationResultEnvelope ${q(e.data.result_id)} used snapshot ${q(snapshot(e))}, chain ${q(first.data.chain_id)} is on ${q(snapshot(first))}${andMore(more, 'on snapshots other than the envelope’s')}.`,
      );
  },
};

/**
 * The producer kinds of the envelopes of each result the chain received, one set per distinct id
 * that has envelopes in the bundle, and the ids that have none (they prove no producer).
 */
function producerSets(
  b: Bundle,
  chain: BundleRecord,
): { sets: ReadonlySet<unknown>[]; unseen: string[] } {
  const byId = memo(b, 'a02.producers', () => new Map<string, ReadonlySet<unknown>>());
  const sets: ReadonlySet<unknown>[] = [];
  const unseen: string[] = [];
  for (const id of listSet(chain, 'received_result_ids')) {
    let kinds = byId.get(id);
    if (!kinds)
      byId.set(id, (kinds = new Set(b.lookup(id, ENVELOPE).map((e) => e.data.producer_kind))));
    if (kinds.size > 0) sets.push(kinds);
    else unseen.push(id);
  }
  return { sets, unseen };
}

/**
 * A test for "no set holds this kind", for `asked` kinds: the sets' union when that is the smaller
 * work, else a probe of every set per kind (many chains may share one id's thousands of kinds).
 */
function without(sets: ReadonlySet<unknown>[], asked: number): (kind: unknown) => boolean {
  const total = sets.reduce((n, s) => n + s.size, 0);
  if (total > asked * sets.length) return (kind) => !sets.some((s) => s.has(kind));
  const union = new Set<unknown>();
  for (const s of sets) for (const kind of s) union.add(kind);
  return (kind) => !union.has(kind);
}

export const patternCMissingExpectedProducer: Rule = {
  meta: {
    code: 'validation.pattern_c_missing_expected_producer',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 593,
    title: 'A complete chain lacks a result from an expected producer',
    remediation:
      'Add the EvaluationResultEnvelope of each received result to the bundle; if the producer’s result never came, mark the chain partial or timed_out, or record why the producer is not expected.',
    decision:
      'Expected producers are expected_producers plus participants with required true; producers are known from the envelopes of received results in the bundle: a received result without one proves no producer, so the chain is judged without it (fail closed), and the message names it.',
  },
  check(b, report) {
    for (const chain of b.of('EvaluationChainRegistryRecord')) {
      if (chain.data.status !== 'complete') continue;
      const { sets, unseen } = producerSets(b, chain);
      const roles = Array.isArray(chain.data.participant_roles) ? chain.data.participant_roles : [];
      const expected = new Set([
        ...(Array.isArray(chain.data.expected_producers) ? chain.data.expected_producers : []),
        ...roles
          .filter((p) => (p as { required?: unknown })?.required === true)
          .map((p) => (p as { producer_kind?: unknown }).producer_kind),
      ]);
      const missing = [...expected].filter(without(sets, expected.size));
      if (missing.length)
        report(
          chain,
          `Chain ${q(chain.data.chain_id)} is complete without a result from ${qList(missing)}${unseen.length ? `; its received result(s) ${qList(unseen)} have no EvaluationResultEnvelope in the bundle, so they prove no producer` : ''}.`,
        );
    }
  },
};

export const patternCRouteConflictUnresolved: Rule = {
  meta: {
    code: 'validation.pattern_c_route_conflict_unresolved',
    section: 'A-02/A-03/A-04/A-25',
    seedLine: 591,
    title:
      'A chain resolution passes over a surviving qualitative blocker, or ignores the disagreement route',
    remediation:
      'Resolve the chain by its policy: a blocking finding survives a numeric pass (fail or human-review path); a recorded disagreement takes the policy’s disagreement_route. Name a policy the bundle registers, or default.pattern_c.v1.',
    decision:
      'A blocker is a blocking EvaluationFindingEvent with satisfied authority from a considered result whose current state is not one the policy lets a judge override. Under qualitative_blockers_survive_numeric_pass, a pass_path / passed resolution or qualitative_blockers_preserved false with a blocker is unresolved; a conflict_type other than none under disagreement_route human_review needs human_review_path. The policy is the seed default (L549) for "default.pattern_c.v1", whatever a registered record under that id says (addenda_b.registry_table_loosened reports one that differs), else the registered one; a receipt naming any other policy cannot be judged and is reported (fail closed).',
  },
  check(b, report) {
    const blockersByResult = new Map<string, BundleRecord[]>();
    for (const e of b.of('EvaluationFindingEvent')) {
      const a = e.data.blocking_authority as { satisfied?: unknown } | undefined;
      if (e.data.severity !== 'blocking' || a?.satisfied !== true) continue;
      const list = blockersByResult.get(String(e.data.result_id)) ?? [];
      list.push(e);
      blockersByResult.set(String(e.data.result_id), list);
    }
    const keptByPolicy = new Map<object, Map<string, BundleRecord | null>>();
    for (const r of b.of('EvaluationChainResolutionReceipt')) {
      // The seed's default is the seed's: a registered record under its id cannot redefine it.
      const policy =
        r.data.policy_ref === DEFAULT_PATTERN_C_RESOLUTION_POLICY.policy_id
          ? DEFAULT_PATTERN_C_RESOLUTION_POLICY
          : b.resolve(r.data.policy_ref, 'EvaluationChainResolutionPolicy')?.data;
      if (!policy) {
        report(
          r,
          `Resolution ${q(r.data.receipt_id)} of chain ${q(r.data.chain_id)} names policy ${q(r.data.policy_ref ?? null)}, which is neither an EvaluationChainResolutionPolicy of the bundle nor the seed default ${q(DEFAULT_PATTERN_C_RESOLUTION_POLICY.policy_id)}, so its route cannot be judged.`,
        );
        continue;
      }
      const overridable = new Set(
        policy.judge_can_override_evaluator === true
          ? strings(policy.override_allowed_only_for_finding_states)
          : [],
      );
      // The first blocker policy keeps, per distinct result id and per policy: a receipt may
      // list one result thousands of times, and receipts may share results and policies.
      let firstKept = keptByPolicy.get(policy);
      if (!firstKept) keptByPolicy.set(policy, (firstKept = new Map()));
      const kept = (id: string) => {
        let k = firstKept!.get(id);
        if (k === undefined)
          firstKept!.set(
            id,
            (k =
              (blockersByResult.get(id) ?? []).find((e) => {
                const record = b.current(e.data.finding_id, 'EvaluationFindingRecord');
                return !overridable.has(String(record?.data.current_state));
              }) ?? null),
          );
        return k;
      };
      let blocker: BundleRecord | null = null;
      for (const id of new Set(strings(r.data.result_ids_considered)))
        if ((blocker = kept(id))) break;
      const passed = r.data.resolved_route === 'pass_path' || r.data.resolved_verdict === 'passed';
      if (
        policy.qualitative_blockers_survive_numeric_pass === true &&
        blocker &&
        (passed || r.data.qualitative_blockers_preserved === false)
      )
        report(
          r,
          `Resolution ${q(r.data.receipt_id)} of chain ${q(r.data.chain_id)} ${passed ? 'passes' : 'drops'} a blocking finding (${q(blocker.data.finding_event_id)}) that policy ${q(policy.policy_id)} keeps.`,
        );
      else if (
        policy.disagreement_route === 'human_review' &&
        r.data.conflict_type !== undefined &&
        r.data.conflict_type !== 'none' &&
        r.data.resolved_route !== 'human_review_path'
      )
        report(
          r,
          `Resolution ${q(r.data.receipt_id)} records conflict ${q(r.data.conflict_type)} but takes ${q(r.data.resolved_route)}; policy ${q(policy.policy_id)} routes disagreements to human review.`,
        );
    }
  },
};

/**
 * Registered EvaluationChainResolutionPolicy records under the seed default's id that say
 * otherwise than the seed: not in force (the seed's default is used for its id).
 */
export function shadowedDefaultPolicies(b: Bundle): Refused[] {
  const fields = Object.entries(DEFAULT_PATTERN_C_RESOLUTION_POLICY);
  return b
    .lookup(DEFAULT_PATTERN_C_RESOLUTION_POLICY.policy_id, ['EvaluationChainResolutionPolicy'])
    .filter((r) => fields.some(([k, v]) => contentKey(r.data[k]) !== contentKey(v)))
    .map((record) => ({
      record,
      why: `it redefines the seed's default policy ${q(DEFAULT_PATTERN_C_RESOLUTION_POLICY.policy_id)} (L549), which stays in force; register a policy of your own under its own policy_id`,
    }));
}
