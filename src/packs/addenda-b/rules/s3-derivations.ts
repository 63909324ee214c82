// §3.2 Derived read models (L176-215) and §3.3 formula outputs need receipts (L216-251).
import { toNumber } from '../schema/primitives.js';
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { filled, isObject, q } from './shared/util.js';

export const readModelWithoutInputManifest: Rule = {
  meta: {
    code: 'validation.read_model_without_input_manifest',
    section: '§3.2',
    seedLine: 211,
    title: 'A derived read model names no input manifest',
    remediation:
      'Set input_manifest_ref to the manifest of canonical records the read model derives from.',
    decision:
      'The manifest may live outside the bundle (a ref that equals no record id), so the check is that input_manifest_ref is a non-empty string.',
  },
  check(b, report) {
    for (const r of b.of('DerivedReadModelRecord'))
      if (!filled(r.data.input_manifest_ref))
        report(r, `DerivedReadModelRecord ${q(r.data.read_model_id)} has no input_manifest_ref.`);
  },
};

/** Records that state a metric or a score and must name the receipt backing it (L247). */
export const RECEIPT_BACKED = [
  'MetricObservation',
  'MetricRollup',
  'QualityIndex',
  'SubAgentReputationScore',
  'SeverityWeightedRegressionRate',
  'CalibrationMetricResult',
  'RevisionCycleEfficiencyRollup',
];

/** The receipt a record's formula_eval_receipt_ref names, if it is a receipt of the bundle. */
export function receiptOf(b: Bundle, r: BundleRecord): BundleRecord | undefined {
  return b.resolve(r.data.formula_eval_receipt_ref, 'FormulaEvaluationReceipt');
}

export const metricValueWithoutFormulaReceipt: Rule = {
  meta: {
    code: 'validation.metric_value_without_formula_receipt',
    section: '§3.3',
    seedLine: 247,
    title: 'A metric or score names no FormulaEvaluationReceipt of the bundle',
    remediation:
      'Write the FormulaEvaluationReceipt of the computation and point formula_eval_receipt_ref at its receipt_id.',
    decision:
      'The receipt backs the value, so it must be a record of the bundle (L218). Applies to MetricObservation, MetricRollup, QualityIndex, SubAgentReputationScore, SeverityWeightedRegressionRate, CalibrationMetricResult, RevisionCycleEfficiencyRollup; for QualityIndex validation.quality_index_without_formula_receipt fires too.',
  },
  check(b, report) {
    for (const type of RECEIPT_BACKED)
      for (const r of b.of(type))
        if (!receiptOf(b, r))
          report(
            r,
            `${type} names no FormulaEvaluationReceipt of the bundle (formula_eval_receipt_ref ${q(r.data.formula_eval_receipt_ref ?? null)}).`,
          );
  },
};

export const metricWithoutFormulaSpec: Rule = {
  meta: {
    code: 'validation.metric_without_formula_spec',
    section: '§3.3',
    seedLine: 246,
    title: 'A formula receipt or metric names no FormulaSpec in the formula registry',
    remediation:
      'Register the FormulaSpec (registry/*.json) whose formula_id the receipt or metric_id names.',
    decision:
      'A MetricObservation / MetricRollup metric_id names the FormulaSpec.formula_id that computes it (the seed gives no other mapping).',
  },
  check(b, report) {
    for (const r of b.of('FormulaEvaluationReceipt'))
      if (!b.resolve(r.data.formula_id, 'FormulaSpec'))
        report(
          r,
          `FormulaEvaluationReceipt ${q(r.data.receipt_id)} names formula ${q(r.data.formula_id)}, which has no FormulaSpec.`,
        );
    for (const type of ['MetricObservation', 'MetricRollup'])
      for (const r of b.of(type))
        if (!b.resolve(r.data.metric_id, 'FormulaSpec'))
          report(r, `${type} metric ${q(r.data.metric_id)} has no FormulaSpec.`);
  },
};

const scanned = new WeakMap<object, boolean>();

/**
 * Whether a JSON value holds a non-finite number (written as "NaN" / "Infinity" / "-Infinity").
 * Once per value: thousands of receipts may name one output of thousands of keys.
 */
export function holdsNonFinite(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return scanNonFinite(v, 0);
  let found = scanned.get(v);
  if (found === undefined) scanned.set(v, (found = scanNonFinite(v, 0)));
  return found;
}

function scanNonFinite(v: unknown, depth: number): boolean {
  if (depth > 32) return false;
  const n = toNumber(v);
  if (n !== undefined) return !Number.isFinite(n);
  if (Array.isArray(v)) return v.some((x) => scanNonFinite(x, depth + 1));
  if (isObject(v)) return Object.values(v).some((x) => scanNonFinite(x, depth + 1));
  return false;
}

/**
 * Whether a FormulaValue under `ref` holds a non-finite number: every copy of a repeated id, so a
 * second copy cannot hide one. Memoized per repeated ref (receipts may all name the same one).
 */
function someValueNonFinite(b: Bundle, ref: unknown): boolean {
  if (!b.repeated(ref)) return holdsNonFinite(b.resolve(ref, 'FormulaValue')?.data.value);
  let memo = b.memo.get('s3.non-finite-values') as Map<unknown, boolean> | undefined;
  if (!memo) b.memo.set('s3.non-finite-values', (memo = new Map()));
  let bad = memo.get(ref);
  if (bad === undefined)
    memo.set(
      ref,
      (bad = b.lookup(ref, ['FormulaValue']).some((v) => holdsNonFinite(v.data.value))),
    );
  return bad;
}

export const formulaOutputNanOrInfinity: Rule = {
  meta: {
    code: 'validation.formula_output_nan_or_infinity',
    section: '§3.3',
    seedLine: 248,
    title: 'A formula produced NaN or ±Infinity',
    remediation:
      'Fix the inputs (or the zero-denominator policy) so the formula yields a finite number, or declare finite_number_policy coerce_to_indeterminate.',
    decision:
      'Fires when a receipt records finite_number_check failed_nan / failed_infinity, or its output (a FormulaValue) holds a non-finite number (L1655, L1686). A receipt that records coerced_to_indeterminate, with a finite or null output, is the policy working and emits nothing.',
  },
  check(b, report) {
    for (const r of b.of('FormulaEvaluationReceipt')) {
      const check = r.data.finite_number_check;
      const bad =
        check === 'failed_nan' ||
        check === 'failed_infinity' ||
        someValueNonFinite(b, r.data.output_ref);
      if (!bad) continue;
      report(
        r,
        `FormulaEvaluationReceipt ${q(r.data.receipt_id)} (formula ${q(r.data.formula_id)}) produced a non-finite output (${check === 'passed' ? 'output value' : String(check)}).`,
      );
    }
  },
};
