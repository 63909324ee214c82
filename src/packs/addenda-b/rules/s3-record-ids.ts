// One record per id (ours): rules resolve a reference to one record, the first with that id, so a
// second copy of a policy, spec, receipt or registry row written before the real one would decide
// the check in its place. Records the seed updates over time, by writing them again under their
// id, are exempt; the immutable events have their own code (s3-event-projection).
import { ADDENDA_B } from '../codes.js';
import type { BundleRecord } from '../bundle.js';
import { idFieldOf } from '../records.js';
import { matrixEntryId } from './a08-feedback-routing.js';
import type { Rule } from './rule.js';
import { IMMUTABLE_TYPES, contentKey } from './s3-event-projection.js';
import { q } from './shared/util.js';

/**
 * Types a bundle writes again under the same id as their state changes: those with live-state
 * fields (current_state, lifecycle_state, updated_at, …, as §3.1 L149-166 puts live state on
 * projections and records), and those the seed moves through a status or tier (a chain collecting
 * results, a cascade run, a candidate promoted, a source re-tiered, a request answered, criteria
 * refined). Rules read their latest copy (Bundle.current) or weigh every copy.
 */
export const UPDATED_IN_PLACE: ReadonlySet<string> = new Set([
  'EvaluationFindingRecord',
  'FeedbackFindingView',
  'ResearchNeed',
  'RunBoardVisiblePost',
  'RunGuidanceItemCurrent',
  'TaskReliancePacket',
  'EvaluationContractReview',
  'AttentionLedgerItem',
  'WorkProductCertification',
  'EvaluationChainRegistryRecord',
  'RevalidationCascadeRun',
  'LibraryPromotionCandidate',
  'SourceRecord',
  'ModuleAssistanceRequest',
  'CriterionIdentityFields',
]);

/** Rows without an id field of their own, by the key the rules look them up with. */
const KEYS: Record<string, (r: BundleRecord) => unknown> = {
  FeedbackEmissionMatrixEntry: matrixEntryId,
  SourceKindTaintDefault: (r) => r.data.source_kind,
};

/** Types a run holds once, whatever their ids: the rules read the first (the run's policy). */
const ONE_PER_RUN: ReadonlySet<string> = new Set(['RunBoardPublicationPolicy']);

export const recordIdRepeated: Rule = {
  meta: {
    code: ADDENDA_B.recordIdRepeated.code,
    section: '§3 (ours)',
    seedLine: 171,
    title: ADDENDA_B.recordIdRepeated.title,
    remediation: ADDENDA_B.recordIdRepeated.remediation,
    decision: `The seed's records are append-only events, immutable receipts, configuration and registry rows, and records of live state; only those of live state (${[...UPDATED_IN_PLACE].join(', ')}) are written again under their id as their state changes, and rules read their latest copy. Any other type holding one id (a matrix entry its producer_kind:verdict, a source-kind default its source_kind) in two records with different content is reported at each later copy, in records.jsonl and registry/ alike; identical copies are not. ${[...ONE_PER_RUN].join(', ')} is held once per run whatever its id (the rules read the first).`,
  },
  check(b, report) {
    for (const type of new Set(b.records.map((r) => r.type))) {
      if (UPDATED_IN_PLACE.has(type) || IMMUTABLE_TYPES.includes(type)) continue;
      const field = idFieldOf(type);
      const once = ONE_PER_RUN.has(type);
      const key = once
        ? () => 'the run'
        : (KEYS[type] ?? (field ? (r: BundleRecord) => r.data[field] : undefined));
      if (!key) continue;
      const first = new Map<string, { record: BundleRecord; content?: string }>();
      for (const r of b.of(type)) {
        const id = key(r);
        if (typeof id !== 'string') continue;
        const seen = first.get(id);
        if (!seen) {
          first.set(id, { record: r });
          continue;
        }
        seen.content ??= contentKey(seen.record.data);
        if (contentKey(r.data) !== seen.content)
          report(r, () =>
            once
              ? `${type} ${q(field ? r.data[field] : null)} is a second one for the run (the first at ${seen.record.at.path}:${seen.record.at.line ?? 1}); rules read the first, so remove the one that is not the run's policy.`
              : `${type} ${q(id)} is held again with other content (first at ${seen.record.at.path}:${seen.record.at.line ?? 1}); a ${type} is not rewritten under its id and rules read one copy, so remove the copy that is not the real one, or give a new record its own id.`,
          );
      }
    }
  },
};
