/** Codes of this section the pack does not check, with why (see not-checked.ts). */
export const REASONS: Record<string, string> = {
  'validation.extractor_missing_reported_as_source_missing':
    'not mechanical: no seed record tells an extraction failure from an absent source (D-06 defines anchors and derivations only, L2363-2441); it needs the extractor’s runtime diagnostics',
  'validation.context_packet_without_assembly_receipt':
    'the seed records no use of a context packet (no record names a packet_ref it consumed, L2523-2575), so a packet used without its receipt cannot be seen',
  'validation.moderator_failure_without_fallback':
    'the seed defines no moderator, moderator-failure or fallback record (D-10 defines ModuleAssistanceRequest only, L2583-2624)',
  'validation.plan_verifier_required_but_missing':
    'the seed defines no plan-verifier result, and nothing links a plan to its external side effects or privileged meaning-bearing revisions (PlanVerifierRequirementPolicy L2727-2734, RevisionPlanConcurrencyProfile L1316-1326)',
  'validation.context_hash_unverified':
    'validation happens when an anchor is resolved, which no record captures, and sha256_canonical_text_v1 (what is hashed, how text is canonicalised) is not defined (L2752-2765)',
  'validation.hard_call_hash_unnormalized':
    'the seed names no field holding a reusable Hard Call resolution hash nor what it hashes (HardCallResolutionReceipt L1228-1238, rule L2766)',
};
