// G-02 RevisionReviewPacket and decision receipts (L2954-3006).
import type { Rule } from './rule.js';
import { q, strings } from './shared/util.js';

/** A field that stores the reviewer's action on the packet itself (what G-02 moved to receipts). */
const ACTION_FIELD = /^(?:action|decision)$|_(?:action|decision)$/;

export const revisionReviewPacketContainsCurrentAction: Rule = {
  meta: {
    code: 'validation.revision_review_packet_contains_current_action',
    section: 'G-02',
    seedLine: 3003,
    title: 'A revision review packet stores the reviewer’s action itself',
    remediation:
      'Remove the action field from the packet and record the action as a RevisionReviewDecisionReceipt named in decision_receipt_refs.',
    decision:
      'A packet field named action or decision, or ending in _action / _decision (current_action, user_decision, ...), is a stored action: the seed’s packet has none (L2965-2981), actions are receipts (L2983-2998).',
  },
  check(b, report) {
    for (const p of b.of('RevisionReviewPacket')) {
      const fields = Object.keys(p.data).filter((k) => ACTION_FIELD.test(k));
      if (fields.length)
        report(
          p,
          `RevisionReviewPacket ${q(p.data.packet_id)} stores the reviewer action in ${fields.join(', ')}.`,
        );
    }
  },
};

/** The receipt actions that put a packet in each decision state (the seed's names, L2956-2963, L2986-2992). */
export const DECISION_ACTIONS: Record<string, string[]> = {
  accepted: ['accept', 'no_user_review_required'],
  rejected: ['reject'],
  forked: ['fork'],
  changes_requested: ['request_changes'],
  restored_known_good: ['restore_known_good_state'],
};

export const reviewDecisionWithoutReceipt: Rule = {
  meta: {
    code: 'validation.review_decision_without_receipt',
    section: 'G-02',
    seedLine: 3004,
    title: 'A revision review packet is in a decision state without the decision’s receipt',
    remediation:
      'Write the RevisionReviewDecisionReceipt of the decision (same packet_id) and list its receipt_id in decision_receipt_refs.',
    decision: `A packet in a decision state must list, in decision_receipt_refs, a RevisionReviewDecisionReceipt of the bundle for the same packet_id whose action makes that state: ${Object.entries(
      DECISION_ACTIONS,
    )
      .map(([s, a]) => `${s} ← ${a.join(' / ')}`)
      .join(', ')} (no_user_review_required is the policy waiver that accepts without review).`,
  },
  check(b, report) {
    for (const p of b.of('RevisionReviewPacket')) {
      const state = String(p.data.state);
      if (!Object.hasOwn(DECISION_ACTIONS, state)) continue;
      const actions = DECISION_ACTIONS[state]!;
      // Each listed reference once: a packet may list one a million times.
      const backed = [...new Set(strings(p.data.decision_receipt_refs))].some((ref) =>
        b.some(
          ref,
          ['RevisionReviewDecisionReceipt'],
          (r) => r.data.packet_id === p.data.packet_id && actions.includes(String(r.data.action)),
        ),
      );
      if (!backed)
        report(
          p,
          `RevisionReviewPacket ${q(p.data.packet_id)} is ${q(state)} but lists no RevisionReviewDecisionReceipt with action ${actions.map(q).join(' or ')} for it.`,
        );
    }
  },
};
