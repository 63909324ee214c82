// D-04 tier 0 as receipt-only, not SourceRecord (L2277-2318).
import type { BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { groupBy, nameOf, present, q, strings } from './shared/util.js';

const SECTION = 'D-04';

export const tier0SourceRecordMaterialized: Rule = {
  meta: {
    code: 'validation.tier0_source_record_materialized',
    section: SECTION,
    seedLine: 2314,
    title: 'A tier-0 lookup was materialized as a SourceRecord',
    remediation:
      'Keep a tier-0 lookup as an EphemeralSourceLookupReceipt (tool_receipt_only), or promote the source to tier 1-3 with a SourceTierTransitionReceipt.',
  },
  check(b, report) {
    for (const r of b.of('SourceRecord'))
      if (r.data.tier === 0)
        report(r, `${nameOf(r, 'source_id')} has tier 0; a SourceRecord is tier 1, 2 or 3.`);
  },
};

export const claimDependsOnTier0Lookup: Rule = {
  meta: {
    code: 'validation.claim_depends_on_tier0_lookup',
    section: SECTION,
    seedLine: 2315,
    title: 'A claim rests on a tier-0 lookup receipt',
    remediation:
      'Materialize the source (tier 1-3 SourceRecord) and anchor the claim to it; an EphemeralSourceLookupReceipt may not support downstream claims.',
    decision:
      'Fires for a ClaimSupportDerivationReceipt whose supporting_anchor_refs or source_verification_refs, or a SourceEvidenceAnchor whose source_record_ref, names an EphemeralSourceLookupReceipt.',
  },
  check(b, report) {
    const lookup = (ref: unknown) => b.resolve(ref, 'EphemeralSourceLookupReceipt');
    for (const r of b.of('ClaimSupportDerivationReceipt')) {
      const hit = [
        ...strings(r.data.supporting_anchor_refs),
        ...strings(r.data.source_verification_refs),
      ].find((ref) => lookup(ref));
      if (hit)
        report(
          r,
          `${nameOf(r, 'receipt_id')} for claim ${q(r.data.claim_ref)} rests on tier-0 lookup ${q(hit)}.`,
        );
    }
    for (const r of b.of('SourceEvidenceAnchor'))
      if (lookup(r.data.source_record_ref))
        report(
          r,
          `${nameOf(r, 'anchor_id')} anchors to tier-0 lookup ${q(r.data.source_record_ref)}.`,
        );
  },
};

export const sourceTierTransitionNotPersisted: Rule = {
  meta: {
    code: 'validation.source_tier_transition_not_persisted',
    section: SECTION,
    seedLine: 2316,
    title: 'A source changed tier without a transition receipt',
    remediation:
      'Write a SourceTierTransitionReceipt (source_id, from_tier, to_tier, transition_reason, actor_ref) for the change.',
    decision:
      'The versions of a source are its SourceRecords with one source_id, in event order; each change of tier between consecutive versions needs a SourceTierTransitionReceipt of that source with the same from_tier and to_tier, written before the new version.',
  },
  check(b, report) {
    // The earliest receipt of each (source, from, to): a source's versions may change tier
    // thousands of times over thousands of receipts.
    const earliest = new Map<string, number>();
    for (const t of b.of('SourceTierTransitionReceipt')) {
      const key = JSON.stringify([t.data.source_id, t.data.from_tier, t.data.to_tier]);
      const seen = earliest.get(key);
      if (seen === undefined || t.seq < seen) earliest.set(key, t.seq);
    }
    for (const [id, versions] of groupBy(b.of('SourceRecord'), 'source_id')) {
      let prev: BundleRecord | undefined;
      for (const v of versions) {
        if (prev && prev.data.tier !== v.data.tier) {
          const [from, to] = [prev.data.tier, v.data.tier];
          const first = earliest.get(JSON.stringify([id, from, to]));
          const persisted = first !== undefined && first < v.seq;
          if (!persisted)
            report(
              v,
              `Source ${q(id)} moves from tier ${String(from)} to tier ${String(to)} without a SourceTierTransitionReceipt.`,
            );
        }
        prev = v;
      }
    }
  },
};

export const sourceTierDemotionWithoutAuthority: Rule = {
  meta: {
    code: 'validation.source_tier_demotion_without_authority',
    section: SECTION,
    seedLine: 2317,
    title: 'A source was demoted to a lower tier without an access-tier clearance',
    remediation:
      'Record the access tier that cleared the demotion in cleared_by_access_tier, or keep the tier.',
    decision:
      'A higher tier is a better-documented source (tier 0 receipt only, 1-3 SourceRecord, 4 workspace bundle, L2279-2283), so to_tier < from_tier is a demotion; the seed’s field for its authority is cleared_by_access_tier (L2307), which a demotion must fill.',
  },
  check(b, report) {
    for (const t of b.of('SourceTierTransitionReceipt'))
      if (
        typeof t.data.to_tier === 'number' &&
        typeof t.data.from_tier === 'number' &&
        t.data.to_tier < t.data.from_tier &&
        !present(t.data.cleared_by_access_tier)
      )
        report(
          t,
          `${nameOf(t, 'receipt_id')} demotes source ${q(t.data.source_id)} from tier ${t.data.from_tier} to ${t.data.to_tier} without cleared_by_access_tier.`,
        );
  },
};
