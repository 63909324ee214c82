/** Codes of this section the pack does not check, with why (see not-checked.ts). */
export const REASONS: Record<string, string> = {
  'validation.meaning_bearing_revision_without_review_packet_or_policy_waiver':
    'no plain reading: the seed marks neither a revision as meaning-bearing (safety_class "meaning_bearing" is on a CandidateRepairProcedure, L1412; OutcomeRepairInstruction, L811, is undefined) nor when a revision is "applied", and no record links an applied artifact version to the procedure that produced it (L3005)',
  'validation.replay_divergence_unrecorded':
    'a replayed step’s output is recorded only in the ReplayDivergenceRecord itself (original_output_hash / replay_output_hash, L3251-3264): no record holds a replay’s step outputs to compare with the original, so a divergence without its record cannot be seen (L3273)',
};
