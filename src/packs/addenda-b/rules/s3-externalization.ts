// §3.4 Externalization and provider calls are side effects (L252-302).
import type { Bundle } from '../bundle.js';
import { idFieldOf } from '../records.js';
import type { Rule } from './rule.js';
import { listSet, q } from './shared/util.js';

const EXPORT_KINDS = ['save_as', 'export_bundle'];
/** Kinds that call a provider and so can cost money (our reading of L254 and L261-262). */
export const COST_BEARING_KINDS = [
  'external_source_query',
  'connector_fetch',
  'api_call',
  'email_source_fetch',
];

export const workspaceExternalizationWithoutPolicy: Rule = {
  meta: {
    code: 'validation.workspace_externalization_without_policy',
    section: '§3.4',
    seedLine: 298,
    title: 'An externalization receipt names no policy for its kind',
    remediation:
      'Register a WorkspaceExternalizationPolicy (registry/*.json) for the kind and point the receipt’s policy_ref at its policy_id.',
    decision:
      'policy_ref must name a WorkspaceExternalizationPolicy of the bundle with the same externalization_kind.',
  },
  check(b, report) {
    for (const r of b.of('WorkspaceExternalizationReceipt')) {
      const policy = b.resolve(r.data.policy_ref, 'WorkspaceExternalizationPolicy');
      if (!policy)
        report(
          r,
          `WorkspaceExternalizationReceipt ${q(r.data.receipt_id)} names policy ${q(r.data.policy_ref)}, which is not registered.`,
        );
      else if (policy.data.externalization_kind !== r.data.externalization_kind)
        report(
          r,
          `WorkspaceExternalizationReceipt ${q(r.data.receipt_id)} is ${q(r.data.externalization_kind)} but its policy governs ${q(policy.data.externalization_kind)}.`,
        );
    }
  },
};

/** The own ids of the bundle's privileged records (once: every export may name the same ones). */
function privilegedIds(b: Bundle): Set<unknown> {
  let ids = b.memo.get('s3.privileged-ids') as Set<unknown> | undefined;
  if (ids) return ids;
  ids = new Set();
  for (const s of b.group('privileged')) {
    const field = idFieldOf(s.type);
    const id = field ? s.data[field] : undefined;
    if (typeof id === 'string') ids.add(id);
  }
  b.memo.set('s3.privileged-ids', ids);
  return ids;
}

export const privilegedWorkspaceExportWithoutConfirmation: Rule = {
  meta: {
    code: 'validation.privileged_workspace_export_without_confirmation',
    section: '§3.4',
    seedLine: 299,
    title: 'A privileged export completed without a user confirmation',
    remediation:
      'Ask the user to confirm the export and record the confirmation in user_confirmation_ref.',
    decision:
      'An export (save_as, export_bundle) is privileged when its policy allows the privileged data class or requires confirmation, or a source it exports is a record of the bundle with data_class "privileged" or privileged: true.',
  },
  check(b, report) {
    for (const r of b.of('WorkspaceExternalizationReceipt')) {
      if (
        !EXPORT_KINDS.includes(String(r.data.externalization_kind)) ||
        r.data.status !== 'completed'
      )
        continue;
      if (typeof r.data.user_confirmation_ref === 'string' && r.data.user_confirmation_ref)
        continue;
      const policy = b.resolve(r.data.policy_ref, 'WorkspaceExternalizationPolicy');
      const privileged =
        policy?.data.requires_user_confirmation === true ||
        listSet(policy, 'allowed_data_classes').has('privileged') ||
        (Array.isArray(r.data.source_record_refs) &&
          r.data.source_record_refs.some((ref) => privilegedIds(b).has(ref)));
      if (privileged)
        report(
          r,
          `WorkspaceExternalizationReceipt ${q(r.data.receipt_id)} completed a privileged ${String(r.data.externalization_kind)} without user_confirmation_ref.`,
        );
    }
  },
};

export const externalizationCostCapMissing: Rule = {
  meta: {
    code: 'validation.externalization_cost_cap_missing',
    section: '§3.4',
    seedLine: 301,
    title: 'A policy for a provider call has no cost cap',
    remediation: 'Set max_cost_vector_ref on the policy to the CostVector that caps the call.',
    decision: `Cost-bearing kinds are the provider calls: ${COST_BEARING_KINDS.join(', ')}.`,
  },
  check(b, report) {
    for (const p of b.of('WorkspaceExternalizationPolicy'))
      if (
        COST_BEARING_KINDS.includes(String(p.data.externalization_kind)) &&
        !p.data.max_cost_vector_ref
      )
        report(
          p,
          `WorkspaceExternalizationPolicy ${q(p.data.policy_id)} (${String(p.data.externalization_kind)}) has no max_cost_vector_ref.`,
        );
  },
};
