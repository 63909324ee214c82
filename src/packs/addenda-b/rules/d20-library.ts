// D-20 library promotion gate (L2774-2809).
import type { Bundle, BundleRecord } from '../bundle.js';
import { memo } from './shared/memo.js';
import type { Rule } from './rule.js';
import { nameOf, present, q } from './shared/util.js';

const SECTION = 'D-20';

function promoted(b: Bundle): readonly BundleRecord[] {
  let out = b.memo.get('d20.promoted') as BundleRecord[] | undefined;
  if (!out)
    b.memo.set(
      'd20.promoted',
      (out = b.of('LibraryPromotionReceipt').filter((r) => r.data.status === 'promoted')),
    );
  return out;
}

/**
 * Every copy of every source a receipt's candidate names, across the candidate's copies:
 * candidates and sources are written again under their ids as they change, and a cleaner copy
 * written first must not stand in for the real one, so the rules weigh them all (the lowest tier
 * for the gate, any privileged copy for the approval).
 */
function sourcesOf(b: Bundle, receipt: BundleRecord): readonly BundleRecord[] {
  const id = receipt.data.candidate_id;
  if (typeof id !== 'string') return [];
  const byCandidate = memo(b, 'd20.sources-of', () => new Map<string, BundleRecord[]>());
  let sources = byCandidate.get(id);
  if (!sources)
    byCandidate.set(
      id,
      (sources = [
        ...new Set(
          b
            .lookup(id, ['LibraryPromotionCandidate'])
            .flatMap((c) => b.lookup(c.data.source_record_ref, ['SourceRecord'])),
        ),
      ]),
    );
  return sources;
}

/** The copy of a lowest tier, where the tiers are numbers. */
function lowestTier(sources: readonly BundleRecord[]): BundleRecord | undefined {
  let lowest: BundleRecord | undefined;
  for (const s of sources) {
    const tier = s.data.tier;
    const low = lowest?.data.tier;
    if (!lowest || (typeof tier === 'number' && (typeof low !== 'number' || tier < low)))
      lowest = s;
  }
  return lowest;
}

const isPrivileged = (s: BundleRecord) =>
  s.data.privileged === true || s.data.data_class === 'privileged';

export const libraryPromotionWithoutGate: Rule = {
  meta: {
    code: 'validation.library_promotion_without_gate',
    section: SECTION,
    seedLine: 2806,
    title: 'A library promotion did not pass a promotion gate',
    remediation:
      'Promote only through a LibraryPromotionGate: name it in gate_ref, and promote sources of at least its min_tier.',
    decision:
      'A receipt with status promoted needs a gate_ref naming a LibraryPromotionGate of the bundle; when its candidate’s source is a SourceRecord of the bundle, the source’s tier must reach the gate’s min_tier.',
  },
  check(b, report) {
    for (const r of promoted(b)) {
      const gate = b.resolve(r.data.gate_ref, 'LibraryPromotionGate');
      const source = lowestTier(sourcesOf(b, r));
      if (!gate)
        report(
          r,
          `${nameOf(r, 'receipt_id')} promotes without a gate: ${q(r.data.gate_ref)} is not a LibraryPromotionGate of the bundle.`,
        );
      else if (
        source &&
        typeof source.data.tier === 'number' &&
        typeof gate.data.min_tier === 'number' &&
        source.data.tier < gate.data.min_tier
      )
        report(
          r,
          `${nameOf(r, 'receipt_id')} promotes source ${q(source.data.source_id)} of tier ${source.data.tier} through gate ${q(gate.data.gate_id)}, which needs tier ${gate.data.min_tier}.`,
        );
    }
  },
};

export const libraryPromotionCandidateConfusedWithDurableWrite: Rule = {
  meta: {
    code: 'validation.library_promotion_candidate_confused_with_durable_write',
    section: SECTION,
    seedLine: 2807,
    title: 'A promotion candidate is taken for the library write',
    remediation:
      'Mark a candidate promoted only after a LibraryPromotionReceipt (status promoted) records the durable library write in durable_library_write_ref.',
    decision:
      'Fires for a candidate with status promoted that no promoted LibraryPromotionReceipt with a durable_library_write_ref backs, and for a promoted receipt without durable_library_write_ref.',
  },
  check(b, report) {
    const written = new Set<unknown>();
    for (const r of promoted(b)) {
      if (present(r.data.durable_library_write_ref)) written.add(r.data.candidate_id);
      else report(r, `${nameOf(r, 'receipt_id')} is promoted without a durable_library_write_ref.`);
    }
    for (const c of b.of('LibraryPromotionCandidate'))
      if (c.data.status === 'promoted' && !written.has(c.data.candidate_id))
        report(
          c,
          `${nameOf(c, 'candidate_id')} is promoted, but no receipt records its durable library write.`,
        );
  },
};

export const privilegedSourceAutoPromoted: Rule = {
  meta: {
    code: 'validation.privileged_source_auto_promoted',
    section: SECTION,
    seedLine: 2808,
    title: 'A privileged source was promoted without an explicit approval',
    remediation:
      'Approve the candidate explicitly (a candidate record with status approved) before promoting a privileged source; the gate never auto-promotes one (L2791).',
    decision:
      'A source is privileged when its SourceRecord has privileged true or data_class "privileged" (the governance fields of SourceWorkspaceOperation, L1062-1065; SourceRecord’s other fields are elided). The explicit approval is the candidate’s own status: a version of the candidate with status "approved" written before the promotion receipt.',
  },
  check(b, report) {
    // Per candidate, the first approved version (one pass: receipts may all name one candidate).
    const firstApproval = new Map<unknown, number>();
    for (const c of b.of('LibraryPromotionCandidate'))
      if (c.data.status === 'approved' && !firstApproval.has(c.data.candidate_id))
        firstApproval.set(c.data.candidate_id, c.seq);
    for (const r of promoted(b)) {
      const source = sourcesOf(b, r).find(isPrivileged);
      if (!source) continue;
      const approved = (firstApproval.get(r.data.candidate_id) ?? Infinity) < r.seq;
      if (!approved)
        report(
          r,
          `${nameOf(r, 'receipt_id')} promotes privileged source ${q(source.data.source_id)} without an approved candidate.`,
        );
    }
  },
};
