import { FormulaError } from './errors.js';

export interface TemplateMatchFormula {
  component_weights: Record<string, number>;
  hard_veto_cap: number;
  soft_penalty_max_total: number;
}

function assertScore01(value: number | undefined, code: string): void {
  if (value === undefined || !Number.isFinite(value) || value < 0 || value > 1)
    throw new FormulaError(code);
}

/** computeTemplateOverallScore, seed L2094-2132: throws FormulaError with the seed's code. */
export function computeTemplateOverallScore(
  components: Record<string, number | undefined>,
  weights: Record<string, number | undefined>,
  softPenaltySum: number,
  hardVetoCount: number,
  formula: TemplateMatchFormula,
): number {
  let weighted = 0;
  let totalWeight = 0;
  for (const key of Object.keys(formula.component_weights)) {
    const value = Object.hasOwn(components, key) ? components[key] : undefined;
    const weight = Object.hasOwn(weights, key) ? weights[key] : undefined;
    assertScore01(value, 'validation.template_match_component_out_of_range');
    if (weight === undefined || !Number.isFinite(weight) || weight < 0)
      throw new FormulaError('validation.template_match_weight_invalid');
    weighted += value! * weight;
    totalWeight += weight;
  }
  if (!Number.isFinite(totalWeight) || totalWeight <= 0)
    throw new FormulaError('validation.template_match_total_weight_zero');
  if (
    !Number.isFinite(softPenaltySum) ||
    softPenaltySum < 0 ||
    softPenaltySum > formula.soft_penalty_max_total
  )
    throw new FormulaError('validation.template_match_soft_penalty_invalid');
  assertScore01(formula.hard_veto_cap, 'validation.template_match_hard_veto_cap_invalid');
  const normalized = weighted / totalWeight;
  const penalized = Math.max(0, Math.min(1, normalized - softPenaltySum));
  return hardVetoCount > 0 ? Math.min(penalized, formula.hard_veto_cap) : penalized;
}
