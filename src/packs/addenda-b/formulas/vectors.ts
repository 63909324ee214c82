import type { Bundle, BundleRecord } from '../bundle.js';
import type { BuiltinFormula, Computed } from './builtins.js';
import { builtinOf, heldTwice, recomputeInputs, valueRef } from './evaluate.js';

/** One FormulaTestVector (L1660-1666) of a recomputed FormulaSpec whose input the bundle holds. */
export interface VectorEvaluation {
  spec: BundleRecord;
  builtin: BuiltinFormula;
  id: string;
  expectedCodes: string[];
  /** The expected output, when expected_output_ref names a FormulaValue. */
  expected?: { value: unknown };
  computed?: Computed;
  unusable?: string;
  overBudget?: true;
  /** Why a ref of the vector cannot be used (then it is not executed, or its output not compared). */
  unresolved: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Executes the test vectors of every FormulaSpec the pack recomputes (expression_ref "seed:…")
 * whose input_ref names a FormulaValue of the bundle (its value: the arguments object); a vector
 * whose input is outside the bundle is not executed. Memoized: several rules share it.
 */
export function evaluateVectors(b: Bundle): VectorEvaluation[] {
  const cached = b.memo.get('vector-evaluations') as VectorEvaluation[] | undefined;
  if (cached) return cached;
  const out: VectorEvaluation[] = [];
  for (const spec of b.of('FormulaSpec')) {
    const builtin = builtinOf(spec);
    if (!builtin || !Array.isArray(spec.data.test_vectors)) continue;
    spec.data.test_vectors.forEach((v: unknown, i: number) => {
      if (!isObject(v)) return;
      const ev: VectorEvaluation = {
        spec,
        builtin,
        id: typeof v.test_vector_id === 'string' ? v.test_vector_id : `#${i + 1}`,
        expectedCodes: Array.isArray(v.expected_validation_codes)
          ? v.expected_validation_codes.filter((c): c is string => typeof c === 'string')
          : [],
        unresolved: [],
      };
      const input = valueRef(b, v.input_ref, 'input_ref');
      if (input.state === 'absent') return;
      if (input.state === 'wrong') ev.unresolved.push(input.problem);
      else if (heldTwice(b, v.input_ref))
        ev.unresolved.push(
          'input_ref names a FormulaValue the bundle holds twice with different values',
        );
      else Object.assign(ev, recomputeInputs(b, builtin, [input.record], 'vector'));
      const expected = valueRef(b, v.expected_output_ref, 'expected_output_ref');
      if (expected.state === 'wrong') ev.unresolved.push(expected.problem);
      else if (expected.state === 'value' && heldTwice(b, v.expected_output_ref))
        ev.unresolved.push(
          'expected_output_ref names a FormulaValue the bundle holds twice with different values',
        );
      else if (expected.state === 'value') ev.expected = { value: expected.record.data.value };
      else if (ev.computed?.ok)
        ev.unresolved.push(
          'expected_output_ref names no FormulaValue of the bundle, so the output is not asserted',
        );
      out.push(ev);
    });
  }
  b.memo.set('vector-evaluations', out);
  return out;
}
