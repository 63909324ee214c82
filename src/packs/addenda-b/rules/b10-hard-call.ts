// B-10 / B-11 / B-18 / B-19 Hard Call, cancel and resolution receipts (L1191-1293).
import { canonicalJson } from '../../kit/index.js';
import type { Rule } from './rule.js';
import { filled, isObject, q, sameId, strings } from './shared/util.js';

const CLOSED = ['closed_choice', 'closed_choice_with_other'];

export const hardCallOptionsEmpty: Rule = {
  meta: {
    code: 'validation.hard_call_options_empty',
    section: 'B-10/B-11/B-18/B-19',
    seedLine: 1287,
    title: 'A closed-choice Hard Call has no options',
    remediation:
      'Give the Hard Call the options the user chooses from, or make it freeform_required.',
  },
  check(b, report) {
    for (const h of b.of('HardRevisionCall'))
      if (
        CLOSED.includes(h.data.response_mode as string) &&
        Array.isArray(h.data.options) &&
        h.data.options.length === 0
      )
        report(
          h,
          `Hard Call ${q(h.data.hard_call_id)} is ${h.data.response_mode as string} with no options.`,
        );
  },
};

export const hardCallClosedChoiceNeedsTwoOptions: Rule = {
  meta: {
    code: 'validation.hard_call_closed_choice_needs_two_options',
    section: 'B-10/B-11/B-18/B-19',
    seedLine: 1288,
    title: 'A closed-choice Hard Call offers fewer than two options',
    remediation: 'Offer at least two options, or use closed_choice_with_other / freeform_required.',
    decision:
      'Checked on response_mode closed_choice (with_other has the free "other" answer as its second choice); an empty list also fires hard_call_options_empty. Options are counted distinct: a blank one (nothing but null, blank strings and empty containers) is no option, and one equal to an earlier one (the same option_id, or the same JSON, compared by sameId in rules/shared/util.ts: case, whitespace and invisible characters aside) counts once.',
  },
  check(b, report) {
    for (const h of b.of('HardRevisionCall')) {
      if (h.data.response_mode !== 'closed_choice' || !Array.isArray(h.data.options)) continue;
      const n = distinctOptions(h.data.options);
      if (n < 2)
        report(
          h,
          `Hard Call ${q(h.data.hard_call_id)} is closed_choice with ${n} distinct option(s) (${h.data.options.length} listed).`,
        );
    }
  },
};

/** How many different, non-blank choices a list of options offers (HumanDecisionOption is not defined by the seed). */
function distinctOptions(options: readonly unknown[]): number {
  const seen = new Set<string>();
  for (const o of options)
    if (!blank(o))
      seen.add(
        isObject(o) && filled(o.option_id) ? `id ${sameId(o.option_id)}` : sameId(canonicalJson(o)),
      );
  return seen.size;
}

/** Nothing but null, blank strings and empty or blank containers (a record nests ≤ 100 levels). */
const blank = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && !filled(v)) ||
  (typeof v === 'object' && Object.values(v).every(blank));

export const hardCallResolvedWithoutDispatcherReceipt: Rule = {
  meta: {
    code: 'validation.hard_call_resolved_without_dispatcher_receipt',
    section: 'B-10/B-11/B-18/B-19',
    seedLine: 1290,
    title: 'The run left waiting_hard_call without a dispatcher resolution receipt',
    remediation:
      'Resolve a Hard Call only through the dispatcher: a HardCallResolutionReceipt (operation_kind hard_call_resolved) for its hard_call_id.',
    decision:
      'A lifecycle transition out of waiting_hard_call (other than to cancelled) treats a Hard Call as resolved: it must be triggered by HardCallResolutionReceipt, and a HardCallResolutionReceipt naming a HardRevisionCall of the bundle must precede it. A resolution receipt for a Hard Call the bundle does not hold also fires.',
  },
  check(b, report) {
    let firstValid = Infinity;
    for (const r of b.of('HardCallResolutionReceipt'))
      if (b.resolve(r.data.hard_call_id, 'HardRevisionCall'))
        firstValid = Math.min(firstValid, r.seq);
      else
        report(
          r,
          `HardCallResolutionReceipt ${q(r.data.receipt_id)} resolves Hard Call ${q(r.data.hard_call_id)}, which the bundle does not hold.`,
        );
    for (const t of b.of('RevisionExecutionLifecycleTransition')) {
      if (
        t.registry ||
        t.data.from_state !== 'waiting_hard_call' ||
        t.data.to_state === 'cancelled'
      )
        continue;
      if (t.data.triggered_by_receipt_kind !== 'HardCallResolutionReceipt' || firstValid >= t.seq)
        report(
          t,
          `The lifecycle left waiting_hard_call for ${q(t.data.to_state)} without a preceding HardCallResolutionReceipt.`,
        );
    }
  },
};

export const cancelIgnoresExecutedSideEffect: Rule = {
  meta: {
    code: 'validation.cancel_ignores_executed_side_effect',
    section: 'B-10/B-11/B-18/B-19',
    seedLine: 1291,
    title: 'A cancel treats an executed side effect as cancellable',
    remediation:
      'For side effects that already executed use side_effect_policy do_not_cancel_executed_side_effects or create_corrective_artifact.',
    decision:
      'Executed side effects are the IrrevocableSideEffectAtFork entries (G-17, L3187-3193) of the bundle’s TaskRunFork records (and such records themselves); a TaskCancelProtocol whose target_refs name one (by side_effect_id or receipt_ref) with side_effect_policy cancel_unexecuted_intents fires.',
  },
  check(b, report) {
    const cancels = b
      .of('TaskCancelProtocol')
      .filter((c) => c.data.side_effect_policy === 'cancel_unexecuted_intents');
    if (!cancels.length) return;
    const executed = new Set<string>();
    const add = (e: unknown) => {
      if (!isObject(e)) return;
      for (const f of ['side_effect_id', 'receipt_ref'])
        if (typeof e[f] === 'string') executed.add(e[f]);
    };
    for (const f of b.of('TaskRunFork'))
      if (Array.isArray(f.data.irrevocable_side_effects_at_fork))
        f.data.irrevocable_side_effects_at_fork.forEach(add);
    for (const e of b.of('IrrevocableSideEffectAtFork')) add(e.data);
    for (const c of cancels) {
      const hit = strings(c.data.target_refs).find((t) => executed.has(t));
      if (hit)
        report(
          c,
          `Cancel ${q(c.data.cancel_request_id)} targets executed side effect ${q(hit)} with side_effect_policy cancel_unexecuted_intents.`,
        );
    }
  },
};

export const skipWithoutReceipt: Rule = {
  meta: {
    code: 'validation.skip_without_receipt',
    section: 'B-10/B-11/B-18/B-19',
    seedLine: 1292,
    title: 'A skipped module has no skip receipt',
    remediation:
      'Write a TaskSkipReceipt (target_ref, reason, downstream_effect) for every module the run skipped.',
    decision:
      'The one seed record that marks something skipped is BudgetNarrative.skipped_optional_helpers (G-09, L3085): each entry needs a TaskSkipReceipt whose target_ref names it.',
  },
  check(b, report) {
    const narratives = b.of('BudgetNarrative');
    if (!narratives.length) return;
    const receipted = new Set(b.of('TaskSkipReceipt').map((r) => r.data.target_ref));
    for (const n of narratives)
      for (const helper of strings(n.data.skipped_optional_helpers))
        if (!receipted.has(helper))
          report(
            n,
            `BudgetNarrative ${q(n.data.budget_narrative_id)} skipped ${q(helper)} without a TaskSkipReceipt for it.`,
          );
  },
};
