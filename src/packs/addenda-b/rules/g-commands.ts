// §G command registry entries (L3275-3315): every §G surface action closes through a registered
// command, and every surface states its empty / blocked / degraded / error behaviour.
import type { Bundle, BundleRecord } from '../bundle.js';
import { idFieldOf } from '../records.js';
import type { Rule } from './rule.js';
import { filled, nameOf, q } from './shared/util.js';

/** RevisionReviewDecisionReceipt.action → the command the reviewer invoked (L2986-2991, L3282-3290). */
export const DECISION_COMMANDS: Record<string, string> = {
  accept: 'revision_review.accept_candidate',
  reject: 'revision_review.reject_candidate',
  request_changes: 'revision_review.request_changes',
  restore_known_good_state: 'revision_review.restore_known_good',
  fork: 'task_replay.create_fork',
};

/** Records that are themselves a surface action, and the command they close through. */
const ACTION_RECORDS: Record<string, string> = {
  RelianceInvalidationEvent: 'reliance.invalidate_packet',
  TaskRunFork: 'task_replay.create_fork',
  TaskReplayRequest: 'task_replay.preview',
};

/** Finding transitions a user makes from the findings inbox (L3287-3288). */
const FINDING_COMMANDS: Record<string, string> = {
  contested: 'finding.contest',
  user_approved: 'finding.confirm',
};

/**
 * The §G surface actions of a bundle: [record, the command it must close through (undefined:
 * any registered one), the field naming it (undefined: the record names none)].
 */
export function surfaceActions(
  b: Bundle,
  /** Commands known to be registered: the records that name no command are then left out. */
  registered: ReadonlySet<unknown> = new Set(),
): Array<[BundleRecord, string | undefined, string | undefined]> {
  const out: Array<[BundleRecord, string | undefined, string | undefined]> = [];
  for (const r of b.of('RevisionReviewDecisionReceipt')) {
    const action = String(r.data.action);
    if (Object.hasOwn(DECISION_COMMANDS, action))
      out.push([r, DECISION_COMMANDS[action], 'command_ref']);
  }
  for (const c of b.of('WorkProductCertification'))
    if (c.data.lifecycle_state === 'issued' || c.data.issue_command_ref !== undefined)
      out.push([c, 'reliance.issue_work_product_certification', 'issue_command_ref']);
  for (const a of b.of('AttentionLedgerItem'))
    if (
      a.data.lifecycle_state === 'resolved' ||
      a.data.lifecycle_state === 'dismissed' ||
      a.data.command_ref !== undefined
    )
      out.push([a, undefined, 'command_ref']);
  for (const [type, command] of Object.entries(ACTION_RECORDS))
    if (!registered.has(command)) for (const r of b.of(type)) out.push([r, command, undefined]);
  if (Object.values(FINDING_COMMANDS).some((c) => !registered.has(c)))
    for (const t of b.of('FindingLifecycleTransitionReceipt')) {
      const to = String(t.data.to_state);
      if (Object.hasOwn(FINDING_COMMANDS, to) && !registered.has(FINDING_COMMANDS[to]))
        out.push([t, FINDING_COMMANDS[to], undefined]);
    }
  return out;
}

export const gSurfaceActionWithoutCommand: Rule = {
  meta: {
    code: 'validation.g_surface_action_without_command',
    section: '§G command registry entries',
    seedLine: 3311,
    title: 'A §G surface action does not close through a registered command',
    remediation:
      'Register the RelianceLayerCommandRegistryEntry of the command (registry/*.json) and name its command_id in the record’s command field.',
    decision: `The surface actions a bundle records, and their commands (L3279-3291): a RevisionReviewDecisionReceipt (${Object.entries(
      DECISION_COMMANDS,
    )
      .map(([a, c]) => `${a} → ${c}`)
      .join(
        ', ',
      )}; no_user_review_required is no user action) names it in command_ref; an issued WorkProductCertification names reliance.issue_work_product_certification in issue_command_ref; a resolved or dismissed AttentionLedgerItem (or one with a command_ref) names a registered command in command_ref; ${Object.entries(
      ACTION_RECORDS,
    )
      .map(([t, c]) => `a ${t} needs ${c}`)
      .join(', ')}, and a finding transition to ${Object.entries(FINDING_COMMANDS)
      .map(([s, c]) => `${s} needs ${c}`)
      .join(', ')}, registered (those records have no command field).`,
  },
  check(b, report) {
    // An attention item may close through a task command (D-14): either registry registers it.
    const registered = new Set(
      [...b.of('RelianceLayerCommandRegistryEntry'), ...b.of('TaskCommandRegistryEntry')].map(
        (e) => e.data.command_id,
      ),
    );
    for (const [r, command, field] of surfaceActions(b, registered)) {
      const named = field ? r.data[field] : command;
      const what = field ? `${field} ${q(named ?? null)}` : `command ${q(command)}`;
      const name = nameOf(r, idFieldOf(r.type));
      if (!filled(named))
        report(r, `${name} is a §G surface action but names no command in ${field}.`);
      else if (command !== undefined && named !== command)
        report(r, `${name} names ${what}; this action closes through ${q(command)}.`);
      else if (!registered.has(named))
        report(
          r,
          `${name} closes through ${what}, which is registered in neither command registry.`,
        );
    }
  },
};

function stateRule(field: string, code: string, seedLine: number, state: string): Rule {
  return {
    meta: {
      code,
      section: '§G command registry entries',
      seedLine,
      title: `A §G command registry entry has no ${state}-state behaviour`,
      remediation: `Describe in ${field} what the surface shows in its ${state} state.`,
      decision: `Fires when ${field} is missing or blank.`,
    },
    check(b, report) {
      for (const e of b.of('RelianceLayerCommandRegistryEntry')) {
        const v = e.data[field];
        if (!filled(v))
          report(e, `RelianceLayerCommandRegistryEntry ${q(e.data.command_id)} has no ${field}.`);
      }
    },
  };
}

export const gSurfaceMissingEmptyState = stateRule(
  'empty_state_behavior',
  'validation.g_surface_missing_empty_state',
  3312,
  'empty',
);
export const gSurfaceMissingDegradedState = stateRule(
  'degraded_state_behavior',
  'validation.g_surface_missing_degraded_state',
  3313,
  'degraded',
);
export const gSurfaceMissingErrorState = stateRule(
  'error_state_behavior',
  'validation.g_surface_missing_error_state',
  3314,
  'error',
);
