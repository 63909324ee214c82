import type { Bundle, BundleRecord } from '../bundle.js';
import {
  BUILTIN_FORMULAS,
  MissingArgument,
  compute,
  type BuiltinFormula,
  type Computed,
} from './builtins.js';

/** One FormulaEvaluationReceipt whose FormulaSpec names a seed function, recomputed. */
export interface ReceiptEvaluation {
  receipt: BundleRecord;
  spec: BundleRecord;
  builtin: BuiltinFormula;
  /** Undefined when an argument is missing (then `missing` names it). */
  computed?: Computed;
  missing?: string;
  /** The output the receipt records, when its output_ref is a FormulaValue of the bundle. */
  recorded?: { value: unknown; at: BundleRecord };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The arguments object: the FormulaValue values among `refs`, merged in order. */
export function argumentsOf(b: Bundle, refs: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(refs)) return undefined;
  let found = false;
  // Null prototype: a "__proto__" argument name is an ordinary key.
  const args = Object.create(null) as Record<string, unknown>;
  for (const ref of refs) {
    const v = b.resolve(ref, 'FormulaValue');
    if (!v || !isObject(v.data.value)) continue;
    found = true;
    Object.assign(args, v.data.value);
  }
  return found ? args : undefined;
}

/** Every recomputable receipt of the bundle, computed once and shared by the rules. */
export function evaluateReceipts(b: Bundle): ReceiptEvaluation[] {
  const cached = b.memo.get('receipt-evaluations') as ReceiptEvaluation[] | undefined;
  if (cached) return cached;
  const out: ReceiptEvaluation[] = [];
  for (const receipt of b.of('FormulaEvaluationReceipt')) {
    const spec = b.resolve(receipt.data.formula_id, 'FormulaSpec');
    const ref = spec?.data.expression_ref;
    const builtin =
      typeof ref === 'string' && Object.hasOwn(BUILTIN_FORMULAS, ref)
        ? BUILTIN_FORMULAS[ref]
        : undefined;
    if (!spec || !builtin) continue;
    const args = argumentsOf(b, receipt.data.input_refs);
    if (!args) continue; // inputs outside the bundle: nothing to recompute from
    const ev: ReceiptEvaluation = { receipt, spec, builtin };
    try {
      ev.computed = compute(builtin, args);
    } catch (err) {
      if (!(err instanceof MissingArgument)) throw err;
      ev.missing = err.message;
    }
    const output = b.resolve(receipt.data.output_ref, 'FormulaValue');
    if (output) ev.recorded = { value: output.data.value, at: output };
    out.push(ev);
  }
  b.memo.set('receipt-evaluations', out);
  return out;
}
