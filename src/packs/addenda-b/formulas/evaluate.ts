import type { Bundle, BundleRecord } from '../bundle.js';
import { memo } from '../rules/shared/memo.js';
import { toNumber } from '../schema/primitives.js';
import { rewrittenEvents } from '../rules/s3-event-projection.js';
import {
  BUILTIN_FORMULAS,
  UnusableArgument,
  compute,
  type BuiltinFormula,
  type Computed,
} from './builtins.js';

/** One FormulaEvaluationReceipt whose FormulaSpec names a seed function, recomputed. */
export interface ReceiptEvaluation {
  receipt: BundleRecord;
  spec: BundleRecord;
  builtin: BuiltinFormula;
  /**
   * Undefined when an argument is unusable (then `unusable` says why), the bundle's recomputation
   * budget is spent (`overBudget`), or a ref is unresolved.
   */
  computed?: Computed;
  unusable?: string;
  overBudget?: true;
  /** The output the receipt records, when its output_ref is a FormulaValue of the bundle. */
  recorded?: { value: unknown; at: BundleRecord };
  /** Why refs of the receipt name no FormulaValue it can be recomputed from or checked against. */
  unresolved: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const quote = (v: unknown) => JSON.stringify(typeof v === 'string' ? v.slice(0, 80) : v) ?? '?';

/**
 * What a formula ref names (bundle convention: a ref to a bundle record holds its id): a
 * FormulaValue, nothing in the bundle, or records of other types (a wrong-type ref).
 */
export type ValueRef =
  | { state: 'value'; record: BundleRecord }
  | { state: 'absent' }
  | { state: 'wrong'; problem: string };

export function valueRef(b: Bundle, ref: unknown, field: string): ValueRef {
  if (typeof ref !== 'string') return { state: 'wrong', problem: `${field} is not a string` };
  const value = b.resolve(ref, 'FormulaValue');
  if (value) return { state: 'value', record: value };
  const other = b.resolve(ref);
  if (!other) return { state: 'absent' };
  return {
    state: 'wrong',
    problem: `${field} ${quote(ref)} names a ${other.type}, not a FormulaValue`,
  };
}

/**
 * Whether the bundle holds FormulaValue `ref` more than once with different values. Memoized per
 * ref: every receipt and test vector may name the same repeated id, and comparing its copies
 * once per naming record would be quadratic.
 */
export function heldTwice(b: Bundle, ref: unknown): boolean {
  if (typeof ref !== 'string' || !b.repeated(ref)) return false;
  let memo = b.memo.get('formula-value-held-twice') as Map<string, boolean> | undefined;
  if (!memo) b.memo.set('formula-value-held-twice', (memo = new Map()));
  let twice = memo.get(ref);
  if (twice === undefined)
    memo.set(ref, (twice = rewrittenEvents(b.lookup(ref, ['FormulaValue'])).length > 0));
  return twice;
}

/** The arguments object: the FormulaValue values of `inputs`, merged in order. */
export function argumentsOf(inputs: readonly BundleRecord[]): Record<string, unknown> {
  // Null prototype: a "__proto__" argument name is an ordinary key.
  const args = Object.create(null) as Record<string, unknown>;
  // Each value once, where it last appears (the merge order): inputs may repeat one value
  // thousands of times, each with thousands of keys.
  const last = new Map<BundleRecord, number>();
  inputs.forEach((v, i) => last.set(v, i));
  inputs.forEach((v, i) => {
    if (last.get(v) === i && isObject(v.data.value)) Object.assign(args, v.data.value);
  });
  return args;
}

/** The seed function a FormulaSpec names in expression_ref, if the pack recomputes it. */
export function builtinOf(spec: BundleRecord | undefined): BuiltinFormula | undefined {
  const ref = spec?.data.expression_ref;
  return typeof ref === 'string' && Object.hasOwn(BUILTIN_FORMULAS, ref)
    ? BUILTIN_FORMULAS[ref]
    : undefined;
}

/** Runs a builtin on arguments; an unusable argument is described instead of computed. */
export function recompute(
  builtin: BuiltinFormula,
  args: Record<string, unknown>,
): { computed?: Computed; unusable?: string } {
  try {
    return { computed: compute(builtin, args) };
  } catch (err) {
    if (!(err instanceof UnusableArgument)) throw err;
    return { unusable: err.message };
  }
}

/**
 * How much recomputation a bundle gets: this many times the values of all its FormulaValues,
 * and RECOMPUTE_BUDGET_SLACK besides. Receipts that each merge one large value with a small one of
 * their own would otherwise cost the large value's size once per receipt (quadratic in the bundle,
 * and every result kept); past the budget a receipt or vector is not recomputed, and is reported.
 */
export const RECOMPUTE_BUDGET_FACTOR = 64;
export const RECOMPUTE_BUDGET_SLACK = 65_536;

/** What recomputing a list of inputs gave: computed, an unusable argument, or over the budget. */
export type Recomputed = { computed?: Computed; unusable?: string; overBudget?: true };

/**
 * The nodes of a FormulaValue's value, at every depth: a bound on the work of reading it as
 * arguments (the functions walk nested maps such as priority_weight_map). Records nest at most
 * MAX_RECORD_DEPTH levels, so the recursion is bounded.
 */
function nodesOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 1;
  let n = 1;
  for (const x of Object.values(v)) n += nodesOf(x);
  return n;
}

/** The first of the builtin's `finite` arguments that holds NaN or an infinity, if any. */
function nonFiniteArgument(
  builtin: BuiltinFormula,
  args: Record<string, unknown>,
): string | undefined {
  return builtin.finite.find((path) => {
    let v: unknown = args;
    for (const key of path.split('.'))
      v =
        typeof v === 'object' && v !== null && Object.hasOwn(v, key)
          ? (v as Record<string, unknown>)[key]
          : undefined;
    const n = toNumber(v);
    return n !== undefined && !Number.isFinite(n);
  });
}

/**
 * One recomputation per formula and list of inputs, for receipts or for test vectors (they may
 * name the same large input thousands of times), within the bundle's budget. A receipt whose
 * inputs hold NaN or an infinity where the seed only compares is not recomputed (`unusable`).
 */
export function recomputeInputs(
  b: Bundle,
  builtin: BuiltinFormula,
  inputs: readonly BundleRecord[],
  of: 'receipt' | 'vector',
): Recomputed {
  const state = memo(b, 'formula-recompute', () => {
    const size = new Map<BundleRecord, number>();
    let all = 0;
    for (const v of b.of('FormulaValue')) {
      const n = nodesOf(v.data.value);
      size.set(v, n);
      all += n;
    }
    return {
      size,
      left: RECOMPUTE_BUDGET_FACTOR * all + RECOMPUTE_BUDGET_SLACK,
      done: new Map<string, Recomputed>(),
      ids: new Map<BundleRecord, number>(),
    };
  });
  const idOf = (r: BundleRecord) => {
    let id = state.ids.get(r);
    if (id === undefined) state.ids.set(r, (id = state.ids.size));
    return id;
  };
  const key = `${builtin.lines}:${of}:${inputs.map(idOf).join(',')}`;
  let result = state.done.get(key);
  if (result) return result;
  const cost = inputs.reduce((n, r) => n + (state.size.get(r) ?? 1), 0);
  if (cost > state.left) result = { overBudget: true };
  else {
    state.left -= cost;
    const args = argumentsOf(inputs);
    const nonFinite = of === 'receipt' ? nonFiniteArgument(builtin, args) : undefined;
    result =
      nonFinite !== undefined
        ? { unusable: `${JSON.stringify(nonFinite)} is not finite, and the seed only compares it` }
        : recompute(builtin, args);
  }
  state.done.set(key, result);
  return result;
}

/**
 * The FormulaSpec a receipt's formula_id names: of several under one id, one the pack recomputes
 * if there is one (a decoy spec written first must not switch recomputation off). Memoized per id.
 */
function specOf(b: Bundle, id: unknown): BundleRecord | undefined {
  if (typeof id !== 'string') return undefined;
  const byId = memo(b, 'formula-spec-of', () => new Map<string, BundleRecord | undefined>());
  if (!byId.has(id)) {
    const specs = b.lookup(id, ['FormulaSpec']);
    byId.set(id, specs.find((s) => builtinOf(s)) ?? specs[0]);
  }
  return byId.get(id);
}

/**
 * Every receipt of a recomputed formula, computed once and shared by the rules. Such a receipt
 * must name its inputs, and its output when the function returns one, as FormulaValues of the
 * bundle: a ref that names nothing or a record of another type is `unresolved`, and a receipt
 * with an unresolved input is not recomputed.
 */
export function evaluateReceipts(b: Bundle): ReceiptEvaluation[] {
  const cached = b.memo.get('receipt-evaluations') as ReceiptEvaluation[] | undefined;
  if (cached) return cached;
  const out: ReceiptEvaluation[] = [];
  for (const receipt of b.of('FormulaEvaluationReceipt')) {
    const spec = specOf(b, receipt.data.formula_id);
    const builtin = builtinOf(spec);
    if (!spec || !builtin) continue;
    const ev: ReceiptEvaluation = { receipt, spec, builtin, unresolved: [] };
    const refs: unknown[] = Array.isArray(receipt.data.input_refs) ? receipt.data.input_refs : [];
    if (refs.length === 0) ev.unresolved.push('it names no input_refs');
    const inputs: BundleRecord[] = [];
    for (const ref of refs) {
      const named = valueRef(b, ref, 'input_ref');
      if (named.state === 'value') inputs.push(named.record);
      else
        ev.unresolved.push(
          named.state === 'wrong'
            ? named.problem
            : `input_ref ${quote(ref)} names no record of the bundle`,
        );
    }
    const output = valueRef(b, receipt.data.output_ref, 'output_ref');
    if (output.state === 'value')
      ev.recorded = { value: output.record.data.value, at: output.record };
    else if (output.state === 'wrong') ev.unresolved.push(output.problem);
    if (refs.length > 0 && inputs.length === refs.length)
      Object.assign(ev, recomputeInputs(b, builtin, inputs, 'receipt'));
    if (ev.computed?.ok && output.state === 'absent')
      ev.unresolved.push(
        `output_ref ${quote(receipt.data.output_ref)} names no record of the bundle, so the output it computes is recorded nowhere`,
      );
    out.push(ev);
  }
  b.memo.set('receipt-evaluations', out);
  return out;
}
