// D-14 / §G command closure: the mandatory command registry (L2677-2702).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { idFieldOf } from '../records.js';
import { nameOf, present, q } from './shared/util.js';

const SECTION = 'D-14/§G command closure';
const REGISTRIES = ['TaskCommandRegistryEntry', 'RelianceLayerCommandRegistryEntry'];

/** Surface records and the field naming the command their affordance invokes (L2949, L2996, L3113, L3145). */
const AFFORDANCES: Array<[string, string]> = [
  ['EvaluationContractReview', 'command_ref'],
  ['RevisionReviewDecisionReceipt', 'command_ref'],
  ['AttentionLedgerItem', 'command_ref'],
  ['WorkProductCertification', 'issue_command_ref'],
];

/** Whether a surface record records an action a user took (so a command must have carried it). */
function performed(r: BundleRecord): boolean {
  switch (r.type) {
    case 'EvaluationContractReview':
      return ['approved', 'rejected', 'edited'].includes(r.data.approval_status as string);
    case 'RevisionReviewDecisionReceipt':
      return r.data.action !== 'no_user_review_required';
    case 'AttentionLedgerItem':
      return r.data.lifecycle_state === 'resolved' || r.data.lifecycle_state === 'dismissed';
    case 'WorkProductCertification':
      return r.data.lifecycle_state === 'issued';
    default:
      return false;
  }
}

const named = (r: BundleRecord) => nameOf(r, idFieldOf(r.type));
const registered = (b: Bundle, ref: unknown) => !!b.resolve(ref, REGISTRIES);

export const userActionWithoutCommandRegistryEntry: Rule = {
  meta: {
    code: 'validation.user_action_without_command_registry_entry',
    section: SECTION,
    seedLine: 2698,
    title: 'A user action did not go through a registered command',
    remediation:
      'Perform the action through a command of the registry and record it in the surface’s command_ref (issue_command_ref).',
    decision:
      'A surface record that records a user action (a review approved, rejected or edited; a review decision other than no_user_review_required; an attention item resolved or dismissed; an issued certification) must name the command that carried it, and the command must be a TaskCommandRegistryEntry or RelianceLayerCommandRegistryEntry of the bundle. A named but unregistered command fires phantom_button_no_command too.',
  },
  check(b, report) {
    for (const [type, field] of AFFORDANCES)
      for (const r of b.of(type))
        if (performed(r) && !registered(b, r.data[field]))
          report(
            r,
            `${named(r)} records a user action ${present(r.data[field]) ? `through command ${q(r.data[field])}, which is not registered` : `without ${field}`}.`,
          );
  },
};

export const phantomButtonNoCommand: Rule = {
  meta: {
    code: 'validation.phantom_button_no_command',
    section: SECTION,
    seedLine: 2701,
    title: 'A surface offers an action whose command is not registered',
    remediation:
      'Register the command (TaskCommandRegistryEntry, registry/*.json) or remove the affordance from the surface.',
    decision:
      'An affordance is a command_ref (issue_command_ref) on EvaluationContractReview, RevisionReviewDecisionReceipt, AttentionLedgerItem or WorkProductCertification; it must name the command_id of a TaskCommandRegistryEntry or RelianceLayerCommandRegistryEntry of the bundle.',
  },
  check(b, report) {
    for (const [type, field] of AFFORDANCES)
      for (const r of b.of(type))
        if (present(r.data[field]) && !registered(b, r.data[field]))
          report(
            r,
            `${named(r)} offers command ${q(r.data[field])}, which no registry entry defines.`,
          );
  },
};

export const commandMissingIdempotencyKey: Rule = {
  meta: {
    code: 'validation.command_missing_idempotency_key',
    section: SECTION,
    seedLine: 2699,
    title: 'A command that writes durably does not require an idempotency key',
    remediation: 'Set idempotency_key_required true on a command with durable_write required.',
    decision:
      'Checked on TaskCommandRegistryEntry: durable_write "required" needs idempotency_key_required true (a retried write must not apply twice). The seed records no command invocation, so a missing key on a call cannot be seen.',
  },
  check(b, report) {
    for (const r of b.of('TaskCommandRegistryEntry'))
      if (r.data.durable_write === 'required' && r.data.idempotency_key_required !== true)
        report(
          r,
          `Command ${q(r.data.command_id)} writes durably but does not require an idempotency key.`,
        );
  },
};

export const commandMissingReadModelInvalidation: Rule = {
  meta: {
    code: 'validation.command_missing_read_model_invalidation',
    section: SECTION,
    seedLine: 2700,
    title: 'A command that writes durably invalidates no read model',
    remediation:
      'List the read models the write makes stale in read_model_invalidations (e.g. AttentionLedger, FindingsInbox).',
    decision:
      'Checked on TaskCommandRegistryEntry: durable_write "required" needs a non-empty read_model_invalidations.',
  },
  check(b, report) {
    for (const r of b.of('TaskCommandRegistryEntry'))
      if (
        r.data.durable_write === 'required' &&
        (!Array.isArray(r.data.read_model_invalidations) ||
          r.data.read_model_invalidations.length === 0)
      )
        report(r, `Command ${q(r.data.command_id)} writes durably but invalidates no read model.`);
  },
};
