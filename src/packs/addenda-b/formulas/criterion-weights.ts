import { FormulaError } from './errors.js';

/** The Criterion fields normalizeCriterionWeights reads (the seed never defines Criterion). */
export interface Criterion {
  criterion_id: string;
  scoring_basis?: string;
  weight?: number | null;
  priority?: string | null;
}

/** The OutcomeComplianceScoringConfig fields it reads (also undefined in the seed). */
export interface ScoringConfig {
  unanchored_llm_judgment_policy?: string;
  default_weight_policy?: string;
  priority_weight_map: Record<string, number | undefined>;
}

function assertFiniteNonNegative(value: number, code: string): void {
  if (!Number.isFinite(value) || value < 0) throw new FormulaError(code);
}

/** Seed L1757-1775, unchanged in logic. */
function aggregationEligibleCriteria(criteria: Criterion[], policy: ScoringConfig): Criterion[] {
  const unanchored = criteria.filter((c) => c.scoring_basis === 'unanchored_llm_judgment');
  if (unanchored.length > 0) {
    if (policy.unanchored_llm_judgment_policy === 'indeterminate')
      throw new FormulaError('validation.unanchored_required_criterion_indeterminate');
    if (policy.unanchored_llm_judgment_policy === 'exclude')
      return criteria.filter((c) => c.scoring_basis !== 'unanchored_llm_judgment');
    if (policy.unanchored_llm_judgment_policy === 'include_with_audit_flag') return criteria;
  }
  return criteria;
}

/** normalizeCriterionWeights, seed L1776-1809: throws FormulaError with the seed's code. */
export function normalizeCriterionWeights(
  criteria: Criterion[],
  policy: ScoringConfig,
): Record<string, number> {
  const eligible = aggregationEligibleCriteria(criteria, policy);
  if (eligible.length === 0) throw new FormulaError('validation.no_aggregation_eligible_criteria');
  const rawWeights = eligible.map((c) => {
    let rawWeight: number | undefined | null;
    if (policy.default_weight_policy === 'from_criterion_weight') {
      if (c.weight == null)
        throw new FormulaError('validation.criterion_weight_missing_under_from_criterion_weight');
      rawWeight = c.weight;
    } else if (policy.default_weight_policy === 'from_priority') {
      const priority = c.priority ?? 'should_have';
      rawWeight = Object.hasOwn(policy.priority_weight_map, priority)
        ? policy.priority_weight_map[priority]
        : undefined;
      if (rawWeight == null) throw new FormulaError('validation.criterion_priority_weight_missing');
    } else {
      rawWeight = 1;
    }
    assertFiniteNonNegative(rawWeight, 'validation.criterion_weight_invalid');
    return [c.criterion_id, rawWeight] as const;
  });
  const sum = rawWeights.reduce((acc, [, w]) => acc + w, 0);
  if (!Number.isFinite(sum) || sum <= 0)
    throw new FormulaError('validation.criterion_weight_sum_zero');
  // A criterion id such as "__proto__" must stay an ordinary key.
  const out: Record<string, number> = {};
  for (const [id, w] of rawWeights)
    Object.defineProperty(out, id, {
      value: w / sum,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
