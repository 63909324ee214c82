// A-08 / B-23 feedback routing resolution and idempotency (L675-729), A-18 emission (L828-856).
import { SEED_ENUM_VALUES } from '../schema/generated.js';
import type { BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { filled, isObject, listSet, q, sameId, strings } from './shared/util.js';

const BRANCHES: readonly string[] = SEED_ENUM_VALUES.FeedbackBranch;

export const feedbackBranchMissingHandler: Rule = {
  meta: {
    code: 'validation.feedback_branch_missing_handler',
    section: 'A-08/B-23',
    seedLine: 724,
    title: 'A routing policy orders a branch that has no handler',
    remediation:
      'Give every branch in branch_order (except none) at least one handler in branch_handlers.',
  },
  check(b, report) {
    for (const p of b.of('FeedbackRoutingResolutionPolicy')) {
      const handlers = isObject(p.data.branch_handlers) ? p.data.branch_handlers : {};
      const bare = strings(p.data.branch_order).filter(
        (br) =>
          br !== 'none' && (!Object.hasOwn(handlers, br) || strings(handlers[br]).length === 0),
      );
      if (bare.length)
        report(
          p,
          `FeedbackRoutingResolutionPolicy ${q(p.data.policy_id)} has no handler for ${bare.join(', ')}.`,
        );
    }
  },
};

export const feedbackBranchUnregistered: Rule = {
  meta: {
    code: 'validation.feedback_branch_unregistered',
    section: 'A-08/B-23',
    seedLine: 725,
    title:
      'A delivery or handler uses a branch that is not a FeedbackBranch or not in the policy’s order',
    remediation:
      'Use a FeedbackBranch value (L677-687) that the routing policy lists in branch_order.',
    decision:
      'A delivery’s branch must be a FeedbackBranch and, when routing policies are registered, in the branch_order of every one of them (a second policy cannot order a branch the first does not); a policy’s handler keys must be FeedbackBranch values.',
  },
  check(b, report) {
    const policies = b.of('FeedbackRoutingResolutionPolicy');
    // Ordered by every policy: a second policy listing a branch cannot make it ordered.
    const ordered = new Set(strings(policies[0]?.data.branch_order));
    for (const p of policies.slice(1)) {
      const own = listSet(p, 'branch_order');
      for (const br of ordered) if (!own.has(br)) ordered.delete(br);
    }
    for (const p of policies) {
      const keys = isObject(p.data.branch_handlers) ? Object.keys(p.data.branch_handlers) : [];
      const bad = keys.filter((k) => !BRANCHES.includes(k));
      if (bad.length)
        report(
          p,
          `FeedbackRoutingResolutionPolicy ${q(p.data.policy_id)} has handlers for unknown branch(es) ${bad.map(q).join(', ')}.`,
        );
    }
    for (const d of b.of('FeedbackDeliveryRecord')) {
      const br = d.data.branch;
      if (typeof br !== 'string' || !BRANCHES.includes(br))
        report(
          d,
          `FeedbackDeliveryRecord ${q(d.data.delivery_id)} uses branch ${q(br ?? null)}, which is not a FeedbackBranch.`,
        );
      else if (policies.length && !ordered.has(br))
        report(
          d,
          `FeedbackDeliveryRecord ${q(d.data.delivery_id)} uses branch ${q(br)}, which not every routing policy orders.`,
        );
    }
  },
};

export const feedbackDeliveryDuplicateWithoutIdempotency: Rule = {
  meta: {
    code: 'validation.feedback_delivery_duplicate_without_idempotency',
    section: 'A-08/B-23',
    seedLine: 726,
    title: 'A feedback delivery has no idempotency key or repeats an earlier delivery',
    remediation:
      'Key every delivery by hash(run_id + result_id + branch + consumer) and deliver each key once.',
    decision:
      'A second delivery with the same delivery_idempotency_key, or the same result_id, branch and consumer_module_id in one run, is a duplicate; keys and ids are compared by sameId in rules/shared/util.ts (case, whitespace and invisible characters aside).',
  },
  check(b, report) {
    const seen = new Map<string, BundleRecord>();
    for (const d of b.of('FeedbackDeliveryRecord')) {
      const key = d.data.delivery_idempotency_key;
      if (!filled(key)) {
        report(
          d,
          `FeedbackDeliveryRecord ${q(d.data.delivery_id)} has no delivery_idempotency_key.`,
        );
        continue;
      }
      const tuple = `t\u0000${[d.data.result_id, d.data.branch, d.data.consumer_module_id].map((v) => sameId(String(v))).join('\u0000')}`;
      const first = seen.get(`k\u0000${sameId(key)}`) ?? seen.get(tuple);
      if (first)
        report(
          d,
          `FeedbackDeliveryRecord ${q(d.data.delivery_id)} repeats delivery ${q(first.data.delivery_id)} (${String(d.data.branch)} to ${String(d.data.consumer_module_id)}).`,
        );
      else {
        seen.set(`k\u0000${sameId(key)}`, d);
        seen.set(tuple, d);
      }
    }
  },
};

export const feedbackBundleAbsenceUnexplained: Rule = {
  meta: {
    code: 'validation.feedback_bundle_absence_unexplained',
    section: 'A-08/B-23, A-18',
    seedLine: 728,
    title: 'A result emission has neither a feedback bundle nor the reason it has none',
    remediation:
      'Set feedback_bundle_ref, or feedback_bundle_absent_reason (not_emitted_by_design, not_applicable, policy_filtered).',
  },
  check(b, report) {
    for (const r of b.of('EvaluationResultEmissionRecord'))
      if (!r.data.feedback_bundle_ref && !r.data.feedback_bundle_absent_reason)
        report(
          r,
          `EvaluationResultEmissionRecord ${q(r.data.result_id)} has no feedback bundle and no absent reason.`,
        );
  },
};

/** Id of a FeedbackEmissionMatrixEntry (it has no id field): "<producer_kind>:<verdict>". */
export const matrixEntryId = (m: BundleRecord) =>
  `${String(m.data.producer_kind)}:${String(m.data.verdict)}`;

export const feedbackBundleEmittedAgainstMatrix: Rule = {
  meta: {
    code: 'validation.feedback_bundle_emitted_against_matrix',
    section: 'A-18',
    seedLine: 854,
    title: 'A feedback bundle was emitted (or withheld) against the emission matrix',
    remediation:
      'Emit the feedback bundle exactly as the FeedbackEmissionMatrixEntry for the producer and verdict says.',
    decision:
      'emission_matrix_entry_ref names a FeedbackEmissionMatrixEntry as "<producer_kind>:<verdict>" (the entry has no id field). always needs a bundle, never forbids one, on_failure_only allows one only for verdict failed; a ref naming no entry is reported too.',
  },
  check(b, report) {
    const entries = new Map(b.of('FeedbackEmissionMatrixEntry').map((m) => [matrixEntryId(m), m]));
    for (const r of b.of('EvaluationResultEmissionRecord')) {
      const m = entries.get(String(r.data.emission_matrix_entry_ref));
      if (!m) {
        report(
          r,
          `EvaluationResultEmissionRecord ${q(r.data.result_id)} names matrix entry ${q(r.data.emission_matrix_entry_ref)}, which is not registered.`,
        );
        continue;
      }
      const emitted = Boolean(r.data.feedback_bundle_ref);
      const rule = m.data.emits_feedback_bundle;
      const allowed =
        rule === 'always' || (rule === 'on_failure_only' && m.data.verdict === 'failed');
      if (
        emitted !== allowed &&
        !(rule === 'always' && !emitted && !r.data.feedback_bundle_absent_reason)
      )
        report(
          r,
          `EvaluationResultEmissionRecord ${q(r.data.result_id)} ${emitted ? 'emits' : 'withholds'} a feedback bundle; matrix entry ${q(matrixEntryId(m))} says ${String(rule)}.`,
        );
    }
  },
};

export const envelopeMissingForResult: Rule = {
  meta: {
    code: 'validation.envelope_missing_for_result',
    section: 'A-18',
    seedLine: 855,
    title: 'A result emission names no envelope of the bundle for its result',
    remediation:
      'Write the EvaluationResultEnvelope of the result and point envelope_ref at its result_id.',
  },
  check(b, report) {
    for (const r of b.of('EvaluationResultEmissionRecord')) {
      const e = b.resolve(r.data.envelope_ref, 'EvaluationResultEnvelope');
      if (!e || e.data.result_id !== r.data.result_id)
        report(
          r,
          `EvaluationResultEmissionRecord ${q(r.data.result_id)} names envelope ${q(r.data.envelope_ref)}, which is ${e ? 'another result’s' : 'not in the bundle'}.`,
        );
    }
  },
};
