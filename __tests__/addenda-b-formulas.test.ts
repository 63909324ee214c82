// The seed's formulas, recomputed: the vectors derived by running the seed's own functions
// (scripts/addenda-b/addenda-b-derived-vectors.json) plus our own edge cases.
import fs from 'node:fs';
import { BUILTIN_FORMULAS, compute, sameOutput } from '../src/packs/addenda-b/formulas/builtins.js';
import { normalizeCriterionWeights } from '../src/packs/addenda-b/formulas/criterion-weights.js';
import { qualityIndexPassStatus } from '../src/packs/addenda-b/rules/c-metrics.js';

interface Vector {
  name: string;
  input: any;
  output?: unknown;
  throws?: string;
}
const vectors = JSON.parse(
  fs.readFileSync('scripts/addenda-b/addenda-b-derived-vectors.json', 'utf8'),
) as Record<string, Vector[]>;

/** The vectors encode non-finite numbers as {"$number": "NaN"}; bundles write the bare string. */
const decode = (v: any): any =>
  Array.isArray(v)
    ? v.map(decode)
    : v && typeof v === 'object'
      ? '$number' in v
        ? v.$number
        : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]))
      : v;

function expectVector(fn: string, v: Vector) {
  const got = compute(BUILTIN_FORMULAS[fn]!, decode(v.input));
  if (v.throws) expect(got).toEqual({ ok: false, code: v.throws });
  else {
    expect(got.ok).toBe(true);
    if (got.ok) expect(sameOutput(got.output, decode(v.output))).toBe(true);
  }
}

describe('normalizeCriterionWeights (seed L1754-1809)', () => {
  for (const v of vectors.normalizeCriterionWeights!)
    it(v.name, () => expectVector('seed:normalizeCriterionWeights', v));

  it('keeps a criterion id "__proto__" as an ordinary key', () => {
    const out = normalizeCriterionWeights(
      [
        { criterion_id: '__proto__', scoring_basis: 'anchored', weight: 1 },
        { criterion_id: 'b', scoring_basis: 'anchored', weight: 1 },
      ],
      { default_weight_policy: 'from_criterion_weight', priority_weight_map: {} },
    );
    expect(Object.keys(out)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
  it('does not read a priority from the prototype ("constructor" is not in the map)', () => {
    expect(() =>
      normalizeCriterionWeights(
        [{ criterion_id: 'a', scoring_basis: 'anchored', priority: 'constructor' }],
        {
          default_weight_policy: 'from_priority',
          priority_weight_map: { should_have: 2 },
        },
      ),
    ).toThrow('validation.criterion_priority_weight_missing');
  });
  it('a weight sum that overflows to Infinity is a zero sum (L1806)', () => {
    expect(
      compute(BUILTIN_FORMULAS['seed:normalizeCriterionWeights']!, {
        criteria: [
          { criterion_id: 'a', scoring_basis: 'anchored', weight: 1e308 },
          { criterion_id: 'b', scoring_basis: 'anchored', weight: 1e308 },
        ],
        policy: { default_weight_policy: 'from_criterion_weight', priority_weight_map: {} },
      }),
    ).toEqual({ ok: false, code: 'validation.criterion_weight_sum_zero' });
  });
});

describe('the QualityIndex pass-status rule as a builtin (seed L1843-1846)', () => {
  for (const v of vectors.qualityIndexDerivedPassStatus!)
    it(v.name, () => expectVector('seed:qualityIndexDerivedPassStatus', v));
});

describe('computeTemplateOverallScore (seed L2094-2132)', () => {
  for (const v of vectors.computeTemplateOverallScore!)
    it(v.name, () => expectVector('seed:computeTemplateOverallScore', v));

  const base = () => decode(vectors.computeTemplateOverallScore![0]!.input);
  it('a component the formula weights but the input lacks is out of range', () => {
    const args = base();
    delete args.components.task_type_match;
    expect(compute(BUILTIN_FORMULAS['seed:computeTemplateOverallScore']!, args)).toEqual({
      ok: false,
      code: 'validation.template_match_component_out_of_range',
    });
  });
  it('a weight given as the string "Infinity" is invalid', () => {
    const args = base();
    args.weights.task_type_match = 'Infinity';
    expect(compute(BUILTIN_FORMULAS['seed:computeTemplateOverallScore']!, args)).toEqual({
      ok: false,
      code: 'validation.template_match_weight_invalid',
    });
  });
  it('a missing argument cannot be recomputed (MissingArgument, not a seed code)', () => {
    const args = base();
    delete args.softPenaltySum;
    expect(() => compute(BUILTIN_FORMULAS['seed:computeTemplateOverallScore']!, args)).toThrow(
      'softPenaltySum',
    );
  });
});

describe('QualityIndex derived pass status (seed L1843-1846)', () => {
  for (const v of vectors.qualityIndexDerivedPassStatus!)
    it(v.name, () =>
      expect(
        qualityIndexPassStatus(
          v.input.required_gate_failures,
          v.input.aggregate_score,
          v.input.pass_threshold,
        ),
      ).toBe(v.output),
    );
});

describe('sameOutput', () => {
  it('compares numbers to 1e-9 relative and NaN only with NaN', () => {
    expect(sameOutput(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameOutput(0.3, 0.3001)).toBe(false);
    expect(sameOutput('NaN', NaN)).toBe(true);
    expect(sameOutput({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
