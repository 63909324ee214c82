import { z } from 'zod';
import { onFirstUse } from '../kit/first-use.js';
import { SEED_ENUM_VALUES } from './schema/generated.js';

/**
 * The reliance-status derivation policy a RelianceStatusDerivation's derivation_policy_ref names.
 * The seed requires one (L2879, "every status has a derivation policy and receipt", L3430) but
 * defines no type for it, so the pack reads this one, modelled on ClaimSupportDerivationPolicy
 * (L2401-2419): formula_ref is the FormulaSpec whose receipts derive the status, and
 * status_requirements says, per status, whether unresolved_limitations and
 * required_human_review_refs must be empty ("none"), non-empty ("some") or either ("any"). A
 * status the policy does not list cannot be derived by it. A registry record: replace it to
 * change the table (docs/addenda-b.md).
 */
export const reliancePolicySchema = onFirstUse(() => {
  /** How many entries a list of the derivation must hold for a status (the policy's word). */
  const countRequirement = z.enum(['none', 'some', 'any']);
  return z.looseObject({
    policy_id: z.string().min(1),
    formula_ref: z.string().min(1),
    status_requirements: z.partialRecord(
      z.enum(SEED_ENUM_VALUES.RelianceStatus),
      z.looseObject({
        unresolved_limitations: countRequirement,
        required_human_review_refs: countRequirement,
      }),
    ),
    schema_version: z.literal('1.0'),
  });
});
export type RelianceStatusDerivationPolicy = z.infer<ReturnType<typeof reliancePolicySchema>>;
