import { z } from 'zod';
import { SEED_ID_FIELDS, seedSchemas } from './schema/generated.js';
import { onFirstUse } from '../kit/first-use.js';
import { reliancePolicySchema } from './reliance-policy.js';

/** Every record type a bundle may hold, by its "type" (built on first use, as the seed's are). */
export const recordSchemas = onFirstUse((): Record<string, z.ZodType> => ({
  ...seedSchemas().records,
  /**
   * A value the seed passes to a formula or gets back from one but never stores as a record of
   * its own (the arguments of normalizeCriterionWeights, a template-match score): a receipt's
   * input_refs and output_ref, and a test vector's input_ref / expected_output_ref, name these
   * by value_id. The only record type of a bundle that is not a seed interface
   * (docs/addenda-b.md).
   */
  FormulaValue: z.looseObject({ value_id: z.string().min(1), value: z.unknown() }),
  /**
   * The order of the seed's TaintClass values, least to most tainted (D-01/D-02: the seed names
   * the classes and aggregates by "max_taint", L2263, but gives no order). A registry record, so
   * a user can replace the pack's default order (docs/addenda-b.md).
   */
  TaintClassOrder: z.looseObject({
    order_id: z.string().min(1),
    least_to_most_tainted: z.array(z.string().min(1)).min(1),
    schema_version: z.literal('1.0'),
  }),
  RelianceStatusDerivationPolicy: reliancePolicySchema(),
}));

/** Records whose id is not their first field (or whose first field is not named *_id). */
const ID_FIELDS: Record<string, string | undefined> = {
  ...SEED_ID_FIELDS,
  // First fields named *_id that name another thing, not the record itself.
  StepIdempotencyKey: undefined,
  SourceWorkspaceMutationPrecondition: undefined,
  InPlaceMutationLock: undefined,
  DependencyEdge: undefined,
  ResearchNeedLease: undefined,
  PerActivationContextBudget: undefined,
  ForumDeliberationPolicy: undefined,
  HardCallPendingPolicy: undefined,
  FormulaValue: 'value_id',
  TaintClassOrder: 'order_id',
  TypeOwnerRegistryEntry: 'type_name',
  OutcomeStateMatrixEntry: 'state',
  BuildReadyGate: 'gate_id',
  RelianceStatusDerivationPolicy: 'policy_id',
};

/** The field holding a record's own id (what a `*_ref` naming it holds), if it has one. */
export function idFieldOf(type: string): string | undefined {
  return Object.hasOwn(ID_FIELDS, type) ? ID_FIELDS[type] : undefined;
}
