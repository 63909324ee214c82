// D-08 context packet request / receipt / omission (L2523-2582).
import { toNumber } from '../schema/primitives.js';
import type { Rule } from './rule.js';
import { isObject, listSet, nameOf, q } from './shared/util.js';

const SECTION = 'D-08';

export const contextPacketWithoutRequest: Rule = {
  meta: {
    code: 'validation.context_packet_without_request',
    section: SECTION,
    seedLine: 2578,
    title: 'A context packet was assembled without a request',
    remediation:
      'Write the TaskRunContextPacketRequest (audience, budget, required and optional items) and name its request_id in the assembly receipt.',
  },
  check(b, report) {
    for (const r of b.of('TaskRunContextPacketAssemblyReceipt'))
      if (!b.resolve(r.data.request_id, 'TaskRunContextPacketRequest'))
        report(
          r,
          `${nameOf(r, 'receipt_id')} names request ${q(r.data.request_id)}, which is not in the bundle.`,
        );
  },
};

export const perActivationContextBudgetExceeded: Rule = {
  meta: {
    code: 'validation.per_activation_context_budget_exceeded',
    section: SECTION,
    seedLine: 2580,
    title: 'An activation’s context exceeds its token budget',
    remediation:
      'Trim the packet, board digest or feedback bundle until their sum fits max_total_tokens.',
    decision:
      'The total is the larger of total_token_count and the sum of packet, board-digest and feedback-bundle counts (a total below its parts is not trusted); it fires when that exceeds max_total_tokens, or when a count is not a finite number.',
  },
  check(b, report) {
    const parts = ['packet_token_count', 'board_digest_token_count', 'feedback_bundle_token_count'];
    for (const r of b.of('PerActivationContextBudget')) {
      const max = toNumber(r.data.max_total_tokens);
      const counts = [...parts, 'total_token_count'].map((f) => toNumber(r.data[f]));
      const bad = [max, ...counts].some((n) => n === undefined || !Number.isFinite(n));
      const sum = counts.slice(0, 3).reduce((s: number, n) => s + (n ?? 0), 0);
      const total = Math.max(counts[3] ?? 0, sum);
      if (bad)
        report(
          r,
          `Activation ${q(r.data.activation_id)} has a token count that is not a finite number.`,
        );
      else if (total > max!)
        report(
          r,
          `Activation ${q(r.data.activation_id)} uses ${total} tokens, over its max_total_tokens ${max}.`,
        );
    }
  },
};

export const requiredPacketItemOmittedWithoutBlockOrWarning: Rule = {
  meta: {
    code: 'validation.required_packet_item_omitted_without_block_or_warning',
    section: SECTION,
    seedLine: 2581,
    title: 'A required context item was dropped from an assembled packet',
    remediation:
      'Block the activation until the required item is available, or (for a stale item) request it with staleness_policy allow_stale_with_warning.',
    decision:
      'The seed defines no block or warning record; an assembled packet (its receipt exists) was not blocked, and the one warning path the seed names is staleness_policy "allow_stale_with_warning" (L2539). An item is required when the receipt marks it so or the request lists it in required_item_refs; a required omitted item fires unless it was omitted as stale under that policy.',
  },
  check(b, report) {
    for (const r of b.of('TaskRunContextPacketAssemblyReceipt')) {
      const request = b.resolve(r.data.request_id, 'TaskRunContextPacketRequest');
      const warned = request?.data.staleness_policy === 'allow_stale_with_warning';
      const requiredRefs = listSet(request, 'required_item_refs');
      const items = Array.isArray(r.data.omitted_items) ? r.data.omitted_items : [];
      for (const item of items) {
        if (!isObject(item)) continue;
        if (item.required !== true && !requiredRefs.has(item.item_ref as string)) continue;
        if (warned && item.omission_reason === 'stale') continue;
        report(
          r,
          `${nameOf(r, 'receipt_id')} omits required item ${q(item.item_ref)} (${String(item.omission_reason)}) without blocking or warning.`,
        );
      }
    }
  },
};
