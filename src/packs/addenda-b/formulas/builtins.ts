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
  /**
   * Arguments the seed only compares, as paths into the arguments object: NaN or an infinity
   * there skips a check (`NaN > 0` drops the hard-veto cap, any score passes a threshold of
   * -Infinity). A test vector may assert that; a receipt of a run's computation may not rest on it.
   */
  finite: readonly string[];
  run(args: Record<string, unknown>): unknown;
}

/**
 * An argument the seed function cannot be called with: absent, or not of its parameter's type.
 * The formula is then not recomputed, and the receipt or vector is reported (fail closed: the
 * seed's TypeScript would coerce a string "1" where a count belongs, and a check would pass).
 * The message says why, as a clause: `there is no "criteria" argument`.
 */
export class UnusableArgument extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const named = (name: string) => JSON.stringify(name.slice(0, 80));

function arg(args: Record<string, unknown>, name: string): unknown {
  if (!Object.hasOwn(args, name)) throw new UnusableArgument(`there is no ${named(name)} argument`);
  return args[name];
}

/**
 * A JSON number (or a non-finite number's string) as a number, anything else as NaN: for a
 * parameter the seed checks with Number.isFinite, so that its own code fires.
 */
function checked(v: unknown): number {
  return toNumber(v) ?? NaN;
}

/**
 * A JSON number (or a non-finite number's string), for a parameter the seed only compares
 * (`hardVetoCount > 0`): the seed would coerce "1", so anything else is unusable. Whether a
 * receipt may rest on a non-finite one is the receipt's question (`finite` below).
 */
function compared(v: unknown, name: string): number {
  const n = toNumber(v);
  if (n === undefined) throw new UnusableArgument(`${named(name)} is not a number`);
  return n;
}

/** A map of numbers the seed checks, keeping absent values absent (a missing key is its check). */
function numberMap(v: unknown): Record<string, number | undefined> {
  // Null prototype: a "__proto__" key is an ordinary key.
  const out = Object.create(null) as Record<string, number | undefined>;
  if (!isObject(v)) return out;
  for (const k of Object.keys(v)) {
    const x = v[k];
    out[k] = x === null || x === undefined ? undefined : checked(x);
  }
  return out;
}

/** A string, where the seed declares one (it keys its output by it). */
function requiredString(v: unknown, name: string): string {
  if (typeof v !== 'string') throw new UnusableArgument(`${named(name)} is not a string`);
  return v;
}

/** A string, or absent (null), where the seed declares an optional string. */
function optionalString(v: unknown, name: string): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'string') throw new UnusableArgument(`${named(name)} is not a string`);
  return v;
}

export const BUILTIN_FORMULAS: Record<string, BuiltinFormula> = {
  'seed:normalizeCriterionWeights': {
    lines: 'L1754-1809',
    finite: [],
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
      if (!Array.isArray(criteria)) throw new UnusableArgument('"criteria" is not a list');
      if (!isObject(policy)) throw new UnusableArgument('"policy" is not an object');
      const list: Criterion[] = criteria.filter(isObject).map((c) => ({
        criterion_id: requiredString(c.criterion_id, 'criteria[].criterion_id'),
        scoring_basis: typeof c.scoring_basis === 'string' ? c.scoring_basis : undefined,
        weight: c.weight === null || c.weight === undefined ? undefined : checked(c.weight),
        priority: optionalString(c.priority, 'criteria[].priority'),
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
    finite: ['hardVetoCount', 'formula.soft_penalty_max_total'],
    codes: [
      'validation.template_match_component_out_of_range',
      'validation.template_match_weight_invalid',
      'validation.template_match_total_weight_zero',
      'validation.template_match_soft_penalty_invalid',
      'validation.template_match_hard_veto_cap_invalid',
    ],
    run(args) {
      const formula = arg(args, 'formula');
      if (!isObject(formula)) throw new UnusableArgument('"formula" is not an object');
      return computeTemplateOverallScore(
        numberMap(arg(args, 'components')),
        numberMap(arg(args, 'weights')),
        checked(arg(args, 'softPenaltySum')),
        compared(arg(args, 'hardVetoCount'), 'hardVetoCount'),
        {
          component_weights: isObject(formula.component_weights)
            ? (numberMap(formula.component_weights) as Record<string, number>)
            : {},
          hard_veto_cap: checked(formula.hard_veto_cap),
          soft_penalty_max_total: compared(
            formula.soft_penalty_max_total,
            'formula.soft_penalty_max_total',
          ),
        },
      );
    },
  },
  'seed:qualityIndexDerivedPassStatus': {
    lines: 'L1843-1846',
    finite: ['aggregate_score', 'pass_threshold'],
    codes: [],
    run(args) {
      const failures = arg(args, 'required_gate_failures');
      if (!Array.isArray(failures))
        throw new UnusableArgument('"required_gate_failures" is not a list');
      return qualityIndexPassStatus(
        failures,
        compared(arg(args, 'aggregate_score'), 'aggregate_score'),
        compared(arg(args, 'pass_threshold'), 'pass_threshold'),
      );
    },
  },
};

export type Computed = { ok: true; output: unknown } | { ok: false; code: string };

/** Runs a builtin; a seed `throw` becomes its code. UnusableArgument propagates. */
export function compute(f: BuiltinFormula, args: Record<string, unknown>): Computed {
  try {
    return { ok: true, output: f.run(args) };
  } catch (err) {
    if (err instanceof FormulaError) return { ok: false, code: err.code };
    throw err;
  }
}

const keyCounts = new WeakMap<object, number>();

/**
 * An object's key count, once per object: thousands of receipts may each record a small output
 * against one large computed output, and listing its keys per comparison would be quadratic.
 */
function keyCount(o: object): number {
  let n = keyCounts.get(o);
  if (n === undefined) keyCounts.set(o, (n = Object.keys(o).length));
  return n;
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
    if (keyCount(a) !== keyCount(b)) return false;
    return Object.keys(a).every((k) => Object.hasOwn(b, k) && sameOutput(a[k], b[k]));
  }
  return a === b;
}
