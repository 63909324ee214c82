// D-15 sub-agent contracts and fallbacks (L2703-2741).
import type { Rule } from './rule.js';
import { isObject, nameOf, qList, strings } from './shared/util.js';

const SECTION = 'D-15';

/** The singular output-contract fields D-15 replaces with output_contract_refs (row D-15, L116). */
export const LEGACY_OUTPUT_CONTRACT_FIELDS = ['output_contract_ref', 'output_contract'];

export const subAgentPointWithoutFallback: Rule = {
  meta: {
    code: 'validation.sub_agent_point_without_fallback',
    section: SECTION,
    seedLine: 2738,
    title: 'A sub-agent coordination point has no fallback',
    remediation:
      'Add a SubAgentFallbackPolicy for the point to fallback_policies (use_primary_module, skip_with_warning, hard_call or degrade_quality_with_note).',
  },
  check(b, report) {
    for (const r of b.of('SubAgentCoordinationProfile')) {
      const covered = new Set(
        (Array.isArray(r.data.fallback_policies) ? r.data.fallback_policies : [])
          .filter(isObject)
          .map((f) => f.coordination_point),
      );
      const missing = strings(r.data.allowed_coordination_points).filter((p) => !covered.has(p));
      if (missing.length)
        report(r, `${nameOf(r, 'profile_id')} allows ${qList(missing)} without a fallback policy.`);
    }
  },
};

export const outputContractSingularLegacyFieldPresent: Rule = {
  meta: {
    code: 'validation.output_contract_singular_legacy_field_present',
    section: SECTION,
    seedLine: 2739,
    title: 'A sub-agent profile carries a singular output contract',
    remediation:
      'Move the contract into output_contract_refs (a list) and drop the singular field.',
    decision: `The seed does not name the legacy field; its plain singulars are ${LEGACY_OUTPUT_CONTRACT_FIELDS.join(' and ')} (of output_contract_refs, L2723).`,
  },
  check(b, report) {
    for (const r of b.of('SubAgentCoordinationProfile')) {
      const legacy = LEGACY_OUTPUT_CONTRACT_FIELDS.filter((f) => Object.hasOwn(r.data, f));
      if (legacy.length)
        report(
          r,
          `${nameOf(r, 'profile_id')} carries ${legacy.join(', ')}; use output_contract_refs.`,
        );
    }
  },
};
