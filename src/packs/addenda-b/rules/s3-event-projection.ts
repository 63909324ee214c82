// §3.1 Immutable event vs mutable projection (seed L149-175).
import type { BundleRecord } from '../bundle.js';
import { idFieldOf } from '../records.js';
import type { Rule } from './rule.js';
import { canonicalJson } from '../../kit/index.js';
import { followTransitions, groupBy, nameOf, q } from './shared/util.js';

/** Canonical events and snapshots (L150, L163-168, L939, L3038): never changed once written. */
export const IMMUTABLE_TYPES = [
  'EvaluationFindingEvent',
  'RunGuidanceCreationEvent',
  'RunBoardAuditEvent',
  'SourceWorkspaceOperation',
  'EvaluationSnapshot',
  'KnownGoodCheckpoint',
];

/** Fields that hold live state: they belong on the projection, never on an event (L399-411). */
export const LIVE_STATE_FIELDS = [
  'current_state',
  'current_severity',
  'lifecycle_state',
  'lifecycle_transition_refs',
  'updated_at',
  'superseded_by_finding_id',
];

const LIVE_STATE = new Set(LIVE_STATE_FIELDS);
const NO_FIELDS: readonly string[] = Object.freeze([]);

/**
 * Live-state fields an immutable record carries, in key order. Allocates only when there is one:
 * it runs on every event and snapshot. (for-in sees a parsed object's own keys, as Object.keys.)
 */
export function liveFields(r: BundleRecord): readonly string[] {
  let out: string[] | undefined;
  for (const k in r.data)
    if (LIVE_STATE.has(k) || k.startsWith('superseded_by_')) (out ??= []).push(k);
  return out ?? NO_FIELDS;
}

/**
 * Canonical JSON in which a non-finite number (JSON.parse turns 1e999 into Infinity) keeps its
 * value: canonicalJson writes it as null, so a rewrite from null to 1e999 would compare equal.
 */
export function contentKey(v: unknown): string {
  return canonicalJson(withNonFiniteNamed(v));
}

/** The pack's own spelling of a non-finite number ("NaN", "Infinity", "-Infinity"; toNumber). */
function withNonFiniteNamed(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(withNonFiniteNamed);
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, x] of Object.entries(v)) out[k] = withNonFiniteNamed(x);
  return out;
}

/**
 * The records that share an immutable id with an earlier one but differ from it. Records are
 * compared (canonical JSON) only when an id repeats, so a bundle without repeats costs one pass.
 * `key` is the form ids are compared in (exact by default).
 */
export function rewrittenEvents(
  records: readonly BundleRecord[],
  key: (id: string) => string = (id) => id,
): BundleRecord[] {
  const out: BundleRecord[] = [];
  if (records.length < 2) return out;
  const first = new Map<string, BundleRecord>();
  for (const r of records) {
    const field = idFieldOf(r.type);
    const id = field ? r.data[field] : undefined;
    if (typeof id !== 'string') continue;
    const k = key(id);
    const seen = first.get(k);
    if (seen === undefined) first.set(k, r);
    else if (contentKey(seen.data) !== contentKey(r.data)) out.push(r);
  }
  return out;
}

export const mutableStateInsideImmutableSnapshot: Rule = {
  meta: {
    code: 'validation.mutable_state_inside_immutable_snapshot',
    section: '§3.1',
    seedLine: 171,
    title: 'A canonical event or snapshot carries live state, or was rewritten under its id',
    remediation:
      'Keep events and snapshots as written; put current state on the projection (e.g. EvaluationFindingRecord) and change it through receipts.',
    decision:
      'Immutable types are the canonical events and snapshots the seed names (L163-168, A-27, G-04); live-state fields are current_state, current_severity, lifecycle_state, lifecycle_transition_refs, updated_at and superseded_by_*; a second record with the same id and other content is a rewrite.',
  },
  check(b, report) {
    for (const type of IMMUTABLE_TYPES) {
      const records = b.of(type);
      for (const r of records) {
        const live = liveFields(r);
        if (live.length)
          report(
            r,
            `${nameOf(r, idFieldOf(type))} is immutable but carries live state: ${live.join(', ')}.`,
          );
      }
      for (const r of rewrittenEvents(records))
        report(
          r,
          `${nameOf(r, idFieldOf(type))} repeats an earlier record's id with other content.`,
        );
    }
  },
};

/** Projection → the field naming its canonical event, and the event types it may name (L161-167). */
const PROJECTIONS: Array<[string, string, string[]]> = [
  ['EventProjectionLink', 'canonical_event_ref', IMMUTABLE_TYPES],
  ['EvaluationFindingRecord', 'canonical_event_ref', ['EvaluationFindingEvent']],
  ['RunGuidanceItemCurrent', 'canonical_event_ref', ['RunGuidanceCreationEvent']],
  ['RunBoardVisiblePost', 'source_event_id', ['RunBoardAuditEvent']],
];

export const currentProjectionWithoutSourceEvent: Rule = {
  meta: {
    code: 'validation.current_projection_without_source_event',
    section: '§3.1',
    seedLine: 172,
    title: 'A current-state projection names no canonical event of the bundle',
    remediation:
      'Write the canonical event the projection derives from, and point canonical_event_ref (source_event_id) at its id.',
    decision:
      'The canonical event of a projection is part of the run, so its ref must name a record of the bundle (bundle convention).',
  },
  check(b, report) {
    for (const [type, field, targets] of PROJECTIONS)
      for (const r of b.of(type))
        if (!b.resolve(r.data[field], targets))
          report(
            r,
            `${type}.${field} ${q(r.data[field])} names no ${targets.length === 1 ? targets[0] : 'canonical event'} in the bundle.`,
          );
  },
};

export const lifecycleTransitionWithoutReceipt: Rule = {
  meta: {
    code: 'validation.lifecycle_transition_without_receipt',
    section: '§3.1',
    seedLine: 174,
    title: 'A finding’s current state is not reached by its transition receipts',
    remediation:
      'Write a FindingLifecycleTransitionReceipt for each state change (from_state → to_state), in order, from the event’s emitted_state to the record’s current_state.',
    decision:
      'Checked for findings (the projection the seed gives receipts for, L412-433): starting at the event’s emitted_state, the finding’s receipts in event order must chain (each from_state is the state reached so far) and end at current_state.',
  },
  check(b, report) {
    const receipts = groupBy(b.of('FindingLifecycleTransitionReceipt'), 'finding_id');
    // Once per (finding, starting state): copies of one record would each walk its whole chain.
    const reached = new Map<string, ReturnType<typeof followTransitions>>();
    for (const r of b.of('EvaluationFindingRecord')) {
      const event = b.resolve(r.data.canonical_event_ref, 'EvaluationFindingEvent');
      if (!event) continue; // reported as a projection without its event
      const key = JSON.stringify([String(r.data.finding_id), event.data.emitted_state ?? null]);
      let walk = reached.get(key);
      if (!walk)
        reached.set(
          key,
          (walk = followTransitions(
            event.data.emitted_state,
            receipts.get(String(r.data.finding_id)) ?? [],
          )),
        );
      const { state, broken } = walk;
      if (broken)
        report(
          broken,
          `FindingLifecycleTransitionReceipt leaves ${q(broken.data.from_state)}, but finding ${q(r.data.finding_id)} is ${q(state)} at that point.`,
        );
      else if (state !== r.data.current_state)
        report(
          r,
          `Finding ${q(r.data.finding_id)} is ${q(r.data.current_state)}, but its receipts only reach ${q(state)}.`,
        );
    }
  },
};
