import { BUILD_READY_CODES } from './build-ready-codes.js';
import { CATALOGUE } from './catalogue.generated.js';
import { REASONS as S5 } from './reasons/s5.js';
import { REASONS as S7 } from './reasons/s7.js';
import { REASONS as S8 } from './reasons/s8.js';
import { RULES } from './rules/index.js';

export interface NotChecked {
  code: string;
  section: string;
  line: number;
  reason: string;
}

/** §3, §4 and §6 codes this build cannot decide, with the reason. */
const S3_S4_S6: Record<string, string> = {
  'validation.projection_event_seq_out_of_date':
    'the seed gives canonical events no per-entity sequence number to compare projection_event_seq with',
  'validation.lifecycle_event_without_read_model_invalidation':
    'the seed gives events no sequence number on the scale of valid_from_event_seq / valid_until_event_seq, and no scope field to match invalidation_scope against',
  'validation.context_packet_valid_after_invalidation_event':
    'the seed records no use of a context packet after it was assembled',
  'validation.read_model_asserts_unbacked_truth':
    'not mechanical: deciding what a read model asserts needs the content of its derivation policy, which has no schema',
  'validation.derived_boolean_without_formula_receipt':
    'the seed does not say which booleans are derived; the derived values that name their receipt are checked by validation.metric_value_without_formula_receipt',
  'validation.derived_enum_without_derivation_receipt':
    'the seed does not say which enums are derived; QualityIndex (the one with a rule) is checked by the quality_index codes',
  'validation.external_source_query_without_receipt':
    'the seed has no record of a query or fetch other than its receipt, so a query without one cannot be seen',
  'validation.envelope_target_projection_drift':
    'EvaluatedTarget (what the migration fields derive from) is not defined in the seed',
  'validation.indeterminate_without_cause':
    'no seed record carries both a verdict and an IndeterminateCause',
  'validation.evaluation_decision_boolean_pass_legacy':
    'the seed names neither the evaluation decision record nor its legacy boolean field',
  'validation.feedback_consumed_without_receipt':
    'FeedbackConsumptionReceipt is not defined in the seed (nothing to match an expectation with)',
  'validation.type_owner_drift':
    'needs an inventory of which document declares and imports each type, which a bundle does not hold',
  'validation.phantom_type_reference':
    'needs an inventory of the type references of each document, which a bundle does not hold',
  'validation.positive_observation_missing_for_passed_criteria_when_required':
    'the seed does not say where "when required" is switched on',
  'validation.learning_mode_redeclared_outside_owner':
    'needs an inventory of which document declares LearningMode, which a bundle does not hold',
  'validation.repair_routed_to_non_revision_port':
    'OutcomeRepairInstruction (its meaning-bearing flag and target port) is not defined in the seed',
  'validation.authority_level_projection_drift':
    'the seed links no ApplicabilityScope to the LegalSourcePayload of the same source',
  'validation.cost_quantile_sum_without_correlation_policy':
    'no seed field holds a CostCorrelationPolicy, and no record links an aggregate cost vector to its parts',
  'validation.scalar_cost_estimate_legacy_field_present':
    'the seed does not name the legacy scalar cost field',
  'validation.criterion_semantics_version_unbumped_on_meaning_change':
    'not mechanical: whether a criterion’s meaning changed is a review decision',
};

const REASONS: Record<string, string> = { ...S3_S4_S6, ...S5, ...S7, ...S8 };

/** Every catalogue code this build does not check, with why: reported, never counted as passing. */
export function notChecked(): NotChecked[] {
  const checked = new Set([
    ...RULES.map((r) => r.meta.code),
    ...BUILD_READY_CODES.map((c) => c.code),
  ]);
  return CATALOGUE.filter((c) => !checked.has(c.code)).map((c) => ({
    code: c.code,
    section: c.section,
    line: c.line,
    reason: REASONS[c.code] ?? `not implemented in this build (${c.section})`,
  }));
}
