// D-06 / G-03 evidence anchors and claim-support derivation (L2363-2448).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { isObject, nameOf, present, q } from './shared/util.js';

const SECTION = 'D-06/G-03';

/** Every claim entry: EvidencePackage.claim_support_map items (embedded) and standalone entries. */
function claimEntries(b: Bundle) {
  const out: Array<{ at: BundleRecord; entry: Record<string, unknown>; where: string }> = [];
  for (const p of b.of('EvidencePackage')) {
    const map = p.data.claim_support_map;
    if (!Array.isArray(map)) continue;
    map.forEach((entry, i) => {
      if (isObject(entry))
        out.push({
          at: p,
          entry,
          where: `${nameOf(p, 'evidence_package_id')} claim_support_map[${i}]`,
        });
    });
  }
  for (const e of b.of('EvidencePackageClaimEntry'))
    out.push({ at: e, entry: e.data, where: 'EvidencePackageClaimEntry' });
  return out;
}

export const claimSupportStatusWithoutDerivation: Rule = {
  meta: {
    code: 'validation.claim_support_status_without_derivation',
    section: SECTION,
    seedLine: 2444,
    title: 'A claim’s support status is not backed by its derivation receipt',
    remediation:
      'Point support_derivation_receipt_ref at the ClaimSupportDerivationReceipt of the claim and copy its derived_support_status.',
    decision:
      'Checked on every EvidencePackageClaimEntry (the entries of an EvidencePackage’s claim_support_map and standalone ones): its support_derivation_receipt_ref must name a ClaimSupportDerivationReceipt of the bundle for the same claim_ref whose derived_support_status equals support_status.',
  },
  check(b, report) {
    for (const { at, entry, where } of claimEntries(b)) {
      const receipt = b.resolve(
        entry.support_derivation_receipt_ref,
        'ClaimSupportDerivationReceipt',
      );
      const claim = q(entry.claim_ref);
      if (!receipt)
        report(
          at,
          `${where} gives claim ${claim} status ${q(entry.support_status)}, but its derivation receipt ${q(entry.support_derivation_receipt_ref ?? 'none')} is not in the bundle.`,
        );
      else if (receipt.data.claim_ref !== entry.claim_ref)
        report(
          at,
          `${where} for claim ${claim} names the derivation receipt of claim ${q(receipt.data.claim_ref)}.`,
        );
      else if (receipt.data.derived_support_status !== entry.support_status)
        report(
          at,
          `${where} gives claim ${claim} status ${q(entry.support_status)}, but its receipt derives ${q(receipt.data.derived_support_status)}.`,
        );
    }
  },
};

export const evidenceAnchorWithoutClaimRef: Rule = {
  meta: {
    code: 'validation.evidence_anchor_without_claim_ref',
    section: SECTION,
    seedLine: 2445,
    title: 'An evidence anchor supports no claim',
    remediation: 'List the claims the anchor supports in supports_claim_refs, or drop the anchor.',
  },
  check(b, report) {
    for (const r of b.of('SourceEvidenceAnchor'))
      if (!Array.isArray(r.data.supports_claim_refs) || r.data.supports_claim_refs.length === 0)
        report(r, `${nameOf(r, 'anchor_id')} has no supports_claim_refs.`);
  },
};

export const domainPayloadWithoutRegistryRef: Rule = {
  meta: {
    code: 'validation.domain_payload_without_registry_ref',
    section: SECTION,
    seedLine: 2446,
    title: 'A domain-specific payload names no payload registry entry',
    remediation:
      'Give the ApplicabilityScope a domain_payload_registry_ref (domain_payload_kind, domain_payload_schema_ref, domain_payload_version) naming the schema its payload follows.',
    decision:
      'No seed field links a payload to its DomainPayloadRegistryRef (L2389-2393), a reference value: an ApplicabilityScope with a domain_specific_payload (L885) carries it embedded as domain_payload_registry_ref, with all three fields non-empty.',
  },
  check(b, report) {
    for (const r of b.of('ApplicabilityScope')) {
      if (r.data.domain_specific_payload === undefined) continue;
      const ref = r.data.domain_payload_registry_ref;
      const missing = isObject(ref)
        ? ['domain_payload_kind', 'domain_payload_schema_ref', 'domain_payload_version'].filter(
            (f) => !present(ref[f]),
          )
        : ['domain_payload_registry_ref'];
      if (missing.length)
        report(
          r,
          `ApplicabilityScope ${q(r.data.scope_kind)}:${q(r.data.scope_value)} has a domain_specific_payload without ${missing.join(', ')}.`,
        );
    }
  },
};
