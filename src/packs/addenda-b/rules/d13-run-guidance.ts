// D-13 RunGuidance event / projection (L2632-2676).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { followTransitions, groupBy, q, strings } from './shared/util.js';

const SECTION = 'D-13';

/** A guidance item starts "proposed", the first state of RunGuidanceLifecycleState (L2634-2640). */
export const GUIDANCE_INITIAL_STATE = 'proposed';

interface Consumption {
  receipt: BundleRecord;
  request: BundleRecord;
  id: string;
}

/**
 * The guidance ids a context packet placed in context: the request's required and optional items
 * minus the receipt's omitted ones. Placing guidance in a packet is how a run consumes it.
 */
function* consumed(b: Bundle): Generator<Consumption> {
  // A request's guidance items, once per request: thousands of receipts may name one request.
  // Pairs are produced, not kept: receipts × items may be a hundred million.
  const itemsOf = new Map<BundleRecord, string[]>();
  for (const receipt of b.of('TaskRunContextPacketAssemblyReceipt')) {
    const request = b.resolve(receipt.data.request_id, 'TaskRunContextPacketRequest');
    if (!request) continue;
    let items = itemsOf.get(request);
    if (!items)
      itemsOf.set(
        request,
        (items = [
          ...new Set([
            ...strings(request.data.required_item_refs),
            ...strings(request.data.optional_item_refs),
          ]),
        ].filter((id) => b.resolve(id, 'RunGuidanceItemCurrent'))),
      );
    const omitted = new Set(
      (Array.isArray(receipt.data.omitted_items) ? receipt.data.omitted_items : []).map(
        (i: unknown) => (i as { item_ref?: unknown } | null)?.item_ref,
      ),
    );
    for (const id of items) if (!omitted.has(id)) yield { receipt, request, id };
  }
}

/** A guidance item's state at event `seq`, replayed from its lifecycle receipts. */
function stateAt(
  b: Bundle,
  receipts: readonly BundleRecord[] | undefined,
  id: string,
  seq: number,
) {
  let state: unknown;
  for (const t of receipts ?? []) {
    if (t.seq > seq) return state ?? t.data.from_state;
    state = t.data.to_state;
  }
  return state ?? b.current(id, 'RunGuidanceItemCurrent')?.data.lifecycle_state;
}

export const runGuidanceConsumedWhileContested: Rule = {
  meta: {
    code: 'validation.run_guidance_consumed_while_contested',
    section: SECTION,
    seedLine: 2673,
    title: 'Contested guidance was placed in a context packet',
    remediation:
      'Filter contested guidance out of context packets (omit it with omission_reason policy) until its contest is resolved.',
    decision:
      'Guidance is consumed when a context packet places it in context (its guidance_id among the request’s item refs and not omitted). Its state at that point is replayed from its RunGuidanceLifecycleReceipts in event order (the current projection when it has none).',
  },
  check(b, report) {
    const receipts = groupBy(b.of('RunGuidanceLifecycleReceipt'), 'guidance_id');
    // Only guidance that is ever contested is replayed per packet.
    const contestable = new Map<string, boolean>();
    const everContested = (id: string) => {
      let yes = contestable.get(id);
      if (yes === undefined)
        contestable.set(
          id,
          (yes =
            b.current(id, 'RunGuidanceItemCurrent')?.data.lifecycle_state === 'contested' ||
            (receipts.get(id) ?? []).some(
              (t) => t.data.from_state === 'contested' || t.data.to_state === 'contested',
            )),
        );
      return yes;
    };
    for (const { receipt, id } of consumed(b))
      if (everContested(id) && stateAt(b, receipts.get(id), id, receipt.seq) === 'contested')
        report(
          receipt,
          `Context packet ${q(receipt.data.packet_ref)} places guidance ${q(id)} in context while it is contested.`,
        );
  },
};

export const runGuidanceCrossRunInjectedWithoutDoc24Selection: Rule = {
  meta: {
    code: 'validation.run_guidance_cross_run_injected_without_doc24_selection',
    section: SECTION,
    seedLine: 2674,
    title: 'Guidance from another run was injected without DOC24 selection',
    remediation:
      'Inject another run’s guidance only through the DOC24 context policy: cross_run_eligible true and selected_by_doc24_context_policy true.',
    decision:
      'A guidance item belongs to the scope its RunGuidanceCreationEvent.scope_ref names (a run or task id). Placed in a packet whose request names another run_id and task_id, it was injected across runs, which needs cross_run_eligible and selected_by_doc24_context_policy both true.',
  },
  check(b, report) {
    // Once per request and item: every packet of the request injects it alike.
    const judged = new Set<string>();
    for (const { receipt, request, id } of consumed(b)) {
      const pair = JSON.stringify([request.seq, id]);
      if (judged.has(pair)) continue;
      judged.add(pair);
      const item = b.current(id, 'RunGuidanceItemCurrent')!;
      const created = b.resolve(item.data.canonical_event_ref, 'RunGuidanceCreationEvent');
      if (!created) continue; // reported as a projection without its event
      const scope = created.data.scope_ref;
      if (scope === request.data.run_id || scope === request.data.task_id) continue;
      if (
        item.data.cross_run_eligible !== true ||
        item.data.selected_by_doc24_context_policy !== true
      )
        report(
          receipt,
          `Context packet ${q(receipt.data.packet_ref)} for run ${q(request.data.run_id)} injects guidance ${q(id)} of ${q(scope)} without ${item.data.cross_run_eligible === true ? 'selected_by_doc24_context_policy' : 'cross_run_eligible'}.`,
        );
    }
  },
};

export const runGuidanceLifecycleTransitionWithoutReceipt: Rule = {
  meta: {
    code: 'validation.run_guidance_lifecycle_transition_without_receipt',
    section: SECTION,
    seedLine: 2675,
    title: 'A guidance item’s state is not reached by its lifecycle receipts',
    remediation:
      'Write a RunGuidanceLifecycleReceipt for each state change (from_state → to_state), in order, from proposed to the item’s lifecycle_state.',
    decision:
      'The seed gives no initial state; guidance starts "proposed" (the first RunGuidanceLifecycleState, L2635). Its receipts in event order must chain (each from_state is the state reached so far) and end at the projection’s lifecycle_state.',
  },
  check(b, report) {
    const receipts = groupBy(b.of('RunGuidanceLifecycleReceipt'), 'guidance_id');
    // Once per guidance id: thousands of copies of one item would each walk its whole chain.
    const reached = new Map<string, ReturnType<typeof followTransitions>>();
    for (const item of b.of('RunGuidanceItemCurrent')) {
      const id = String(item.data.guidance_id);
      let walk = reached.get(id);
      if (!walk)
        reached.set(id, (walk = followTransitions(GUIDANCE_INITIAL_STATE, receipts.get(id) ?? [])));
      const { state, broken } = walk;
      if (broken)
        report(
          broken,
          `RunGuidanceLifecycleReceipt leaves ${q(broken.data.from_state)}, but guidance ${q(id)} is ${q(state)} at that point.`,
        );
      else if (state !== item.data.lifecycle_state)
        report(
          item,
          `Guidance ${q(id)} is ${q(item.data.lifecycle_state)}, but its receipts only reach ${q(state)}.`,
        );
    }
  },
};
