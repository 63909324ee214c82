// C-01 Formula Registry plus computation receipts (L1603-1750).

import type { Rule } from './rule.js';
import { isObject, q, qList, strings } from './shared/util.js';

export const metricRollupWithoutWindow: Rule = {
  meta: {
    code: 'validation.metric_rollup_without_window',
    section: 'C-01',
    seedLine: 1744,
    title: 'A metric rollup has no measurement window',
    remediation: 'Set measurement_window (a DateRange) on the rollup.',
  },
  check(b, report) {
    for (const r of b.of('MetricRollup'))
      if (r.data.measurement_window === undefined || r.data.measurement_window === null)
        report(r, `MetricRollup ${q(r.data.rollup_id)} has no measurement_window.`);
  },
};

export const metricRollupIncludesInvalidatedObservation: Rule = {
  meta: {
    code: 'validation.metric_rollup_includes_invalidated_observation',
    section: 'C-01',
    seedLine: 1745,
    title: 'A metric rollup includes an observation it also excludes as invalidated',
    remediation:
      'Drop the invalidated observation from included_observation_refs and recompute the rollup.',
    decision:
      'The seed marks an observation invalidated only through excluded_observation_refs (exclusion_reason invalidated), so that is the mark checked, in any rollup of the bundle.',
  },
  check(b, report) {
    const invalidated = new Set<string>();
    for (const r of b.of('MetricRollup'))
      for (const x of Array.isArray(r.data.excluded_observation_refs)
        ? r.data.excluded_observation_refs
        : [])
        if (
          isObject(x) &&
          x.exclusion_reason === 'invalidated' &&
          typeof x.observation_ref === 'string'
        )
          invalidated.add(x.observation_ref);
    for (const r of b.of('MetricRollup')) {
      const bad = strings(r.data.included_observation_refs).filter((o) => invalidated.has(o));
      if (bad.length)
        report(
          r,
          `MetricRollup ${q(r.data.rollup_id)} includes invalidated observation(s) ${qList(bad)}.`,
        );
    }
  },
};

export const formulaTestVectorMissing: Rule = {
  meta: {
    code: 'validation.formula_test_vector_missing',
    section: 'C-01',
    seedLine: 1747,
    title: 'A formula spec has no test vectors',
    remediation:
      'Add test_vectors to the FormulaSpec (input, expected output, expected validation codes).',
  },
  check(b, report) {
    for (const s of b.of('FormulaSpec'))
      if (!Array.isArray(s.data.test_vectors) || s.data.test_vectors.length === 0)
        report(s, `FormulaSpec ${q(s.data.formula_id)} has no test_vectors.`);
  },
};

export const formulaVersionDrift: Rule = {
  meta: {
    code: 'validation.formula_version_drift',
    section: 'C-01',
    seedLine: 1748,
    title: 'A receipt was computed with another formula version than the registry holds',
    remediation:
      'Recompute with the registered FormulaSpec version, or register the version the receipt used.',
  },
  check(b, report) {
    for (const r of b.of('FormulaEvaluationReceipt')) {
      const spec = b.resolve(r.data.formula_id, 'FormulaSpec');
      if (spec && spec.data.semantic_version !== r.data.formula_semantic_version)
        report(
          r,
          `FormulaEvaluationReceipt ${q(r.data.receipt_id)} used ${q(r.data.formula_id)} version ${q(r.data.formula_semantic_version)}; the registry holds ${q(spec.data.semantic_version)}.`,
        );
    }
  },
};

const isCorrelationName = (s: unknown) => typeof s === 'string' && /spearman|correlation/.test(s);

export const correlationMetricDeclaredAsRatio: Rule = {
  meta: {
    code: 'validation.correlation_metric_declared_as_ratio',
    section: 'C-01, Calibration metrics',
    seedLine: 1749,
    title: 'A correlation metric is declared as a ratio',
    remediation: 'Declare the output value_kind correlation (and unit unitless), not ratio.',
    decision:
      'A FormulaSpec is a correlation when its formula_id names one (spearman, correlation) or a CalibrationMetricSpec of confidence_convergence_spearman names it in formula_ref.',
  },
  check(b, report) {
    const correlations = new Set(
      b
        .of('CalibrationMetricSpec')
        .filter((c) => isCorrelationName(c.data.metric_id))
        .map((c) => c.data.formula_ref),
    );
    for (const s of b.of('FormulaSpec')) {
      if (!isCorrelationName(s.data.formula_id) && !correlations.has(s.data.formula_id)) continue;
      const out = isObject(s.data.output) ? s.data.output : {};
      if (out.value_kind === 'ratio' || out.unit === 'ratio')
        report(
          s,
          `FormulaSpec ${q(s.data.formula_id)} is a correlation but declares its output as a ratio.`,
        );
    }
  },
};
