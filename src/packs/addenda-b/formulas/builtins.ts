import { toNumber } from '../schema/primitives.js';
import { normalizeCriterionWeights, type Criterion } from './criterion-weights.js';
import { FormulaError } from './errors.js';
import { qualityIndexPassStatus } from './quality-index.js';
import { computeTemplateOverallScore } from './template-match.js';

/**
 * A seed function a FormulaSpec can name in `expression_ref` ("seed:<function>"), called with the
 * JSON arguments object of its receipt (the seed's own parameter names) and returning its output.
 */
export interface BuiltinFormula {
  /** Seed lines of the function. */
  lines: string;
  /** The validation codes the function can throw. */
  codes: readonly string[];
  run(args: Record<string, unknown>): unknown;
}

/** An argument the receipt's inputs do not hold: the formula cannot be recomputed. */
export class MissingArgument extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function arg(args: Record<string, unknown>, name: string): unknown {
  if (!Object.hasOwn(args, name)) throw new MissingArgument(name);
  return args[name];
}

/** A JSON number (or non-finite string) as a number; anything else is NaN (the seed's checks catch it). */
function number(v: unknown): number {
  return toNumber(v) ?? NaN;
}

/** A map of numbers, keeping absent values absent (a missing key is the seed's own check). */
function numberMap(v: unknown): Record<string, number | undefined> {
  // Null prototype: a "__proto__" key is an ordinary key.
  const out = Object.create(null) as Record<string, number | undefined>;
  if (!isObject(v)) return out;
  for (const k of Object.keys(v)) {
    const x = v[k];
    out[k] = x === null || x === undefined ? undefined : number(x);
  }
  return out;
}

export const BUILTIN_FORMULAS: Record<string, BuiltinFormula> = {
  'seed:normalizeCriterionWeights': {
    lines: 'L1754-1809',
    codes: [
      'validation.unanchored_required_criterion_indeterminate',
      'validation.no_aggregation_eligible_criteria',
      'validation.criterion_weight_missing_under_from_criterion_weight',
      'validation.criterion_priority_weight_missing',
      'validation.criterion_weight_invalid',
      'validation.criterion_weight_sum_zero',
    ],
    run(args) {
      const criteria = arg(args, 'criteria');
      const policy = arg(args, 'policy');
      if (!Array.isArray(criteria) || !isObject(policy)) throw new MissingArgument('criteria');
      const list: Criterion[] = criteria.filter(isObject).map((c) => ({
        criterion_id: String(c.criterion_id),
        scoring_basis: typeof c.scoring_basis === 'string' ? c.scoring_basis : undefined,
        weight: c.weight === null || c.weight === undefined ? undefined : number(c.weight),
        priority: typeof c.priority === 'string' ? c.priority : undefined,
      }));
      return normalizeCriterionWeights(list, {
        unanchored_llm_judgment_policy:
          typeof policy.unanchored_llm_judgment_policy === 'string'
            ? policy.unanchored_llm_judgment_policy
            : undefined,
        default_weight_policy:
          typeof policy.default_weight_policy === 'string'
            ? policy.default_weight_policy
            : undefined,
        priority_weight_map: numberMap(policy.priority_weight_map),
      });
    },
  },
  'seed:computeTemplateOverallScore': {
    lines: 'L2094-2132',
    codes: [
      'validation.template_match_component_out_of_range',
      'validation.template_match_weight_invalid',
      'validation.template_match_total_weight_zero',
      'validation.template_match_soft_penalty_invalid',
      'validation.template_match_hard_veto_cap_invalid',
    ],
    run(args) {
      const formula = arg(args, 'formula');
      if (!isObject(formula)) throw new MissingArgument('formula');
      return computeTemplateOverallScore(
        numberMap(arg(args, 'components')),
        numberMap(arg(args, 'weights')),
        number(arg(args, 'softPenaltySum')),
        number(arg(args, 'hardVetoCount')),
        {
          component_weights: isObject(formula.component_weights)
            ? (numberMap(formula.component_weights) as Record<string, number>)
            : {},
          hard_veto_cap: number(formula.hard_veto_cap),
          soft_penalty_max_total: number(formula.soft_penalty_max_total),
        },
      );
    },
  },
  'seed:qualityIndexDerivedPassStatus': {
    lines: 'L1843-1846',
    codes: [],
    run(args) {
      const failures = arg(args, 'required_gate_failures');
      if (!Array.isArray(failures)) throw new MissingArgument('required_gate_failures');
      return qualityIndexPassStatus(
        failures,
        number(arg(args, 'aggregate_score')),
        number(arg(args, 'pass_threshold')),
      );
    },
  },
};

export type Computed = { ok: true; output: unknown } | { ok: false; code: string };

/** Runs a builtin; a seed `throw` becomes its code. MissingArgument propagates. */
export function compute(f: BuiltinFormula, args: Record<string, unknown>): Computed {
  try {
    return { ok: true, output: f.run(args) };
  } catch (err) {
    if (err instanceof FormulaError) return { ok: false, code: err.code };
    throw err;
  }
}

/** Whether two JSON outputs agree, numbers to 1e-9 relative (a receipt may round its output). */
export function sameOutput(a: unknown, b: unknown): boolean {
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== undefined && nb !== undefined) {
    if (Number.isNaN(na) || Number.isNaN(nb)) return Number.isNaN(na) && Number.isNaN(nb);
    if (!Number.isFinite(na) || !Number.isFinite(nb)) return na === nb;
    return Math.abs(na - nb) <= 1e-9 * Math.max(1, Math.abs(na), Math.abs(nb));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameOutput(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameOutput(a[k], b[k]));
  }
  return a === b;
}
