// B-01 RevisionExecutionLifecycle (L957-995). The seed gives the states and the receipt kinds but
// no transition table: the table below is the pack's reading of the state names, and a bundle's
// registry/ RevisionExecutionLifecycleTransition records replace it (docs/addenda-b.md).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { q, type Refused } from './shared/util.js';

const RO = 'RevisionOperationReceipt';
const HC = 'HardCallResolutionReceipt';
const FB = 'FeedbackConsumptionReceipt';
const SW = 'SourceWorkspaceOperationReceipt';
const CA = 'TaskCancelReceipt';
const SK = 'TaskSkipReceipt';
const RC = 'RevalidationCascadeReceipt';

export const TERMINAL_STATES = [
  'terminal_satisfied',
  'terminal_failed',
  'terminal_blocked',
  'cancelled',
];

/** from → [to, receipt kinds that may trigger it]; every non-terminal state may be cancelled (CA). */
const DEFAULT_TABLE: Record<string, Array<[string, string[]]>> = {
  plan_compiled: [['dispatch_pending', [RO]]],
  dispatch_pending: [
    ['dispatched', [RO]],
    ['waiting_dependency', [RO]],
    ['waiting_hard_call', [RO]],
  ],
  dispatched: [['step_running', [RO]]],
  step_running: [['step_receipt_received', [RO]]],
  step_receipt_received: [
    ['dispatch_pending', [RO]],
    ['revalidating', [RO]],
    ['waiting_dependency', [RO]],
    ['waiting_hard_call', [RO]],
    ['regression_detected', [RO]],
    ['terminal_failed', [RO]],
  ],
  waiting_dependency: [
    ['dispatch_pending', [RO, SW, FB, SK]],
    ['terminal_blocked', [SK, RC]],
    ['terminal_failed', [RC]],
  ],
  waiting_hard_call: [
    ['dispatch_pending', [HC]],
    ['terminal_blocked', [HC]],
    ['terminal_failed', [HC]],
  ],
  revalidating: [
    ['cascade_running', [RC]],
    ['regression_detected', [RC]],
    ['dispatch_pending', [RC]],
    ['terminal_satisfied', [RC]],
    ['terminal_failed', [RC]],
  ],
  cascade_running: [
    ['revalidating', [RC]],
    ['regression_detected', [RC]],
    ['terminal_satisfied', [RC]],
    ['terminal_failed', [RC]],
    ['terminal_blocked', [RC]],
  ],
  regression_detected: [
    ['dispatch_pending', [RO, RC]],
    ['waiting_hard_call', [RC]],
    ['terminal_failed', [RC]],
  ],
};

/** The default table as "from>to>kind" keys (for tests and docs). */
export function defaultLifecycleTable(): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  for (const [from, edges] of Object.entries(DEFAULT_TABLE)) {
    for (const [to, kinds] of edges) for (const k of kinds) out.push([from, to, k]);
    out.push([from, 'cancelled', CA]);
  }
  return out;
}

interface Table {
  pairs: Set<string>;
  triples: Set<string>;
  fromRegistry: boolean;
  /** Registry rows not in force: out of a terminal state, or not rows of the pack's table. */
  refused: Refused[];
}

/**
 * The table in force: the registry's transition records, else the default. The registry is
 * checkout content, so it may narrow the default and never widen it: a row the default does not
 * hold (a way out of a terminal state among them) is refused, and the transition stays illegal.
 */
export function lifecycleTable(b: Bundle): Table {
  const memo = b.memo.get('b01.table') as Table | undefined;
  if (memo) return memo;
  const reg = b.of('RevisionExecutionLifecycleTransition').filter((r) => r.registry);
  const table: Table = {
    pairs: new Set(),
    triples: new Set(),
    fromRegistry: reg.length > 0,
    refused: [],
  };
  const defaults = defaultLifecycleTable();
  const add = (f: unknown, t: unknown, k: unknown) => {
    table.pairs.add(`${f}>${t}`);
    table.triples.add(`${f}>${t}>${k}`);
  };
  if (reg.length === 0) {
    for (const [f, t, k] of defaults) add(f, t, k);
  } else {
    const known = new Set(defaults.map(([f, t, k]) => `${f}>${t}>${k}`));
    for (const r of reg) {
      const { from_state: f, to_state: t, triggered_by_receipt_kind: k } = r.data;
      if (TERMINAL_STATES.includes(f as string))
        table.refused.push({ record: r, why: `it leaves the terminal state ${q(f)}` });
      else if (![f, t, k].every((v) => typeof v === 'string') || !known.has(`${f}>${t}>${k}`))
        table.refused.push({
          record: r,
          why: `${q(f)} -> ${q(t)} on ${q(k)} is not in the pack's table, which a registry may narrow but not widen`,
        });
      else add(f, t, k);
    }
  }
  b.memo.set('b01.table', table);
  return table;
}

const observed = (b: Bundle) =>
  b.of('RevisionExecutionLifecycleTransition').filter((r) => !r.registry);

const arrow = (t: BundleRecord) => `${q(t.data.from_state)} -> ${q(t.data.to_state)}`;

export const revisionLifecycleIllegalTransition: Rule = {
  meta: {
    code: 'validation.revision_lifecycle_illegal_transition',
    section: 'B-01',
    seedLine: 992,
    title: 'A revision lifecycle transition is not in the transition table',
    remediation:
      'Move the lifecycle only along the transition table (docs/addenda-b.md); RevisionExecutionLifecycleTransition records in registry/ may narrow that table, not widen it.',
    decision:
      'The seed lists the states (L958-972) but no table. Default table (the states read in order): plan_compiled → dispatch_pending → dispatched → step_running → step_receipt_received → dispatch_pending | revalidating | waiting_dependency | waiting_hard_call | regression_detected | terminal_failed; waiting_dependency → dispatch_pending | terminal_blocked | terminal_failed; waiting_hard_call → dispatch_pending | terminal_blocked | terminal_failed; revalidating → cascade_running | regression_detected | dispatch_pending | terminal_satisfied | terminal_failed; cascade_running → revalidating | regression_detected | terminal_satisfied | terminal_failed | terminal_blocked; regression_detected → dispatch_pending | waiting_hard_call | terminal_failed; every non-terminal state → cancelled; terminal states and cancelled have no way out. RevisionExecutionLifecycleTransition records in registry/ replace the whole table with the rows of this table they list (a registry may narrow it, never widen it: other rows are addenda_b.registry_table_loosened); records.jsonl holds the observed transitions.',
  },
  check(b, report) {
    const table = lifecycleTable(b);
    for (const t of observed(b))
      if (!table.pairs.has(`${String(t.data.from_state)}>${String(t.data.to_state)}`))
        report(
          t,
          `Lifecycle transition ${arrow(t)} is not in the ${table.fromRegistry ? 'registry' : 'default'} transition table.`,
        );
  },
};

/** The record type that carries each receipt kind (TaskCancelReceipt: the TaskCancelProtocol record, L1239). */
const RECEIPT_TYPE: Record<string, string | undefined> = {
  [RO]: RO,
  [HC]: HC,
  [SW]: SW,
  [CA]: 'TaskCancelProtocol',
  [SK]: SK,
  [RC]: RC,
  [FB]: undefined,
};

export const revisionLifecycleMissingReceipt: Rule = {
  meta: {
    code: 'validation.revision_lifecycle_missing_receipt',
    section: 'B-01',
    seedLine: 993,
    title: 'A revision lifecycle transition has no receipt of its kind before it',
    remediation:
      'Write the receipt named by triggered_by_receipt_kind before the transition it triggers.',
    decision:
      'A transition names its receipt only by kind (L977-984), so a record of that type must precede it in the bundle. TaskCancelReceipt is read as the TaskCancelProtocol record (L1239); FeedbackConsumptionReceipt is not defined in the seed and is not judged.',
  },
  check(b, report) {
    for (const t of observed(b)) {
      const kind = String(t.data.triggered_by_receipt_kind);
      const type = RECEIPT_TYPE[kind];
      if (!type) continue;
      const first = b.of(type)[0];
      if (!first || first.seq >= t.seq)
        report(
          t,
          `Lifecycle transition ${arrow(t)} is triggered by ${kind}, but no ${type} precedes it.`,
        );
    }
  },
};

export const terminalStateWithoutTerminalReceipt: Rule = {
  meta: {
    code: 'validation.terminal_state_without_terminal_receipt',
    section: 'B-01',
    seedLine: 994,
    title: 'The lifecycle enters a terminal state without a terminal receipt',
    remediation:
      'Enter terminal_* or cancelled only on its terminal receipt: cancelled on TaskCancelReceipt, terminal_satisfied on the quiescent RevalidationCascadeReceipt.',
    decision:
      'The terminal receipts of a terminal state are the kinds the transition table lists for entering it (default: cancelled ← TaskCancelReceipt; terminal_satisfied ← RevalidationCascadeReceipt; terminal_failed ← RevisionOperationReceipt, RevalidationCascadeReceipt, HardCallResolutionReceipt; terminal_blocked ← TaskSkipReceipt, RevalidationCascadeReceipt, HardCallResolutionReceipt).',
  },
  check(b, report) {
    const table = lifecycleTable(b);
    for (const t of observed(b)) {
      const to = String(t.data.to_state);
      if (!TERMINAL_STATES.includes(to)) continue;
      const pair = `${String(t.data.from_state)}>${to}`;
      if (!table.pairs.has(pair)) continue; // illegal_transition reports it
      if (!table.triples.has(`${pair}>${String(t.data.triggered_by_receipt_kind)}`))
        report(
          t,
          `Lifecycle transition ${arrow(t)} enters a terminal state on ${q(t.data.triggered_by_receipt_kind)}, which is not a terminal receipt of that state.`,
        );
    }
  },
};
