// C-01 QualityIndex (L1819-1853), C-07 CostVector (L1939-2012), C-08 novelty (L2013-2072),
// calibration metrics (L2142-2198), C-10 criterion identity (L2199-2215).
import { qualityIndexPassStatus } from '../formulas/quality-index.js';
import { toNumber } from '../schema/primitives.js';
import type { BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { receiptOf } from './s3-derivations.js';
import { isObject, q } from './shared/util.js';

export { qualityIndexPassStatus };

const in01 = (v: unknown) => {
  const n = toNumber(v);
  return n !== undefined && Number.isFinite(n) && n >= 0 && n <= 1;
};

export const qualityIndexPassStatusDrift: Rule = {
  meta: {
    code: 'validation.quality_index_pass_status_drift',
    section: 'C-01 QualityIndex',
    seedLine: 1850,
    title: 'A QualityIndex’s derived_pass_status is not what its rule gives',
    remediation:
      'Derive the status again: failed_required_gate if any gate failed, else passed if aggregate_score ≥ pass_threshold, else failed_threshold.',
    decision:
      'Recomputed only when aggregate_score and pass_threshold are in [0, 1] (otherwise validation.quality_index_score_out_of_range fires); the rule never yields indeterminate, so a recorded indeterminate is drift.',
  },
  check(b, report) {
    for (const r of b.of('QualityIndex')) {
      if (!in01(r.data.aggregate_score) || !in01(r.data.pass_threshold)) continue;
      const want = qualityIndexPassStatus(
        Array.isArray(r.data.required_gate_failures) ? r.data.required_gate_failures : [],
        toNumber(r.data.aggregate_score)!,
        toNumber(r.data.pass_threshold)!,
      );
      if (r.data.derived_pass_status !== want)
        report(
          r,
          `QualityIndex says ${q(r.data.derived_pass_status)}; its score ${String(r.data.aggregate_score)}, threshold ${String(r.data.pass_threshold)} and gate failures give ${q(want)}.`,
        );
    }
  },
};

export const qualityIndexWithoutFormulaReceipt: Rule = {
  meta: {
    code: 'validation.quality_index_without_formula_receipt',
    section: 'C-01 QualityIndex',
    seedLine: 1851,
    title: 'A QualityIndex names no FormulaEvaluationReceipt of the bundle',
    remediation:
      'Point formula_eval_receipt_ref at the receipt of the computation that produced the index.',
    decision: 'The specific form of validation.metric_value_without_formula_receipt; both fire.',
  },
  check(b, report) {
    for (const r of b.of('QualityIndex'))
      if (!receiptOf(b, r))
        report(
          r,
          `QualityIndex names no FormulaEvaluationReceipt of the bundle (${q(r.data.formula_eval_receipt_ref ?? null)}).`,
        );
  },
};

export const qualityIndexScoreOutOfRange: Rule = {
  meta: {
    code: 'validation.quality_index_score_out_of_range',
    section: 'C-01 QualityIndex',
    seedLine: 1852,
    title: 'A QualityIndex score or threshold is outside [0, 1] or not finite',
    remediation: 'Keep aggregate_score and pass_threshold in [0, 1].',
  },
  check(b, report) {
    for (const r of b.of('QualityIndex'))
      for (const f of ['aggregate_score', 'pass_threshold'])
        if (!in01(r.data[f]))
          report(r, `QualityIndex ${f} ${String(r.data[f])} is outside [0, 1].`);
  },
};

const components = (r: BundleRecord): Array<[string, Record<string, unknown>]> =>
  isObject(r.data.components)
    ? Object.entries(r.data.components).filter((e): e is [string, Record<string, unknown>] =>
        isObject(e[1]),
      )
    : [];

export const costVectorUnitMismatch: Rule = {
  meta: {
    code: 'validation.cost_vector_unit_mismatch',
    section: 'C-07',
    seedLine: 2008,
    title: 'A cost component’s unit is not the dimension it is filed under',
    remediation:
      'File each CostDistribution under the CostDimension of its unit; never add across units.',
    decision:
      'Checked inside each CostVector (components[d].unit must be d); the seed records no aggregation of vectors to check sums against.',
  },
  check(b, report) {
    for (const r of b.of('CostVector'))
      for (const [dim, c] of components(r))
        if (c.unit !== dim)
          report(
            r,
            `CostVector ${q(r.data.cost_vector_id)} files unit ${q(c.unit)} under ${q(dim)}.`,
          );
  },
};

export const costVectorNegativeComponent: Rule = {
  meta: {
    code: 'validation.cost_vector_negative_component',
    section: 'C-07',
    seedLine: 2011,
    title: 'A cost component is negative',
    remediation: 'Costs are ≥ 0: fix expected, p50, p90, p99 or hard_cap.',
  },
  check(b, report) {
    for (const r of b.of('CostVector'))
      for (const [dim, c] of components(r))
        for (const f of ['expected', 'p50', 'p90', 'p99', 'hard_cap']) {
          const n = toNumber(c[f]);
          if (n !== undefined && n < 0)
            report(r, `CostVector ${q(r.data.cost_vector_id)} ${dim}.${f} is ${n}.`);
        }
  },
};

export const noveltyNoNeighborHasDistance: Rule = {
  meta: {
    code: 'validation.novelty_no_neighbor_has_distance',
    section: 'C-08',
    seedLine: 2069,
    title: 'A no-neighbor novelty assessment carries a neighbor, distance or similarity',
    remediation:
      'Drop closest_pattern_id, closest_pattern_distance and similarity_score (they are never for no_pattern_found).',
  },
  check(b, report) {
    for (const r of b.of('NoveltyAssessmentNoNeighbor')) {
      const extra = ['closest_pattern_id', 'closest_pattern_distance', 'similarity_score'].filter(
        (f) => Object.hasOwn(r.data, f),
      );
      if (extra.length) report(r, `NoveltyAssessmentNoNeighbor carries ${extra.join(', ')}.`);
    }
  },
};

export const noveltyNeighborMissingDistance: Rule = {
  meta: {
    code: 'validation.novelty_neighbor_missing_distance',
    section: 'C-08',
    seedLine: 2070,
    title: 'A with-neighbor novelty assessment has no valid distance',
    remediation: 'Set closest_pattern_distance, finite and in [0, 1] (the spec’s distance_range).',
  },
  check(b, report) {
    for (const r of b.of('NoveltyAssessmentWithNeighbor'))
      if (!in01(r.data.closest_pattern_distance))
        report(
          r,
          `NoveltyAssessmentWithNeighbor closest_pattern_distance ${q(r.data.closest_pattern_distance ?? null)} is missing or outside [0, 1].`,
        );
  },
};

export const noveltyMetricSpaceUndefined: Rule = {
  meta: {
    code: 'validation.novelty_metric_space_undefined',
    section: 'C-08',
    seedLine: 2071,
    title: 'A novelty assessment names no registered NoveltyMetricSpec',
    remediation: 'Register the NoveltyMetricSpec and point metric_spec_ref at its metric_id.',
  },
  check(b, report) {
    for (const type of ['NoveltyAssessmentWithNeighbor', 'NoveltyAssessmentNoNeighbor'])
      for (const r of b.of(type))
        if (!b.resolve(r.data.metric_spec_ref, 'NoveltyMetricSpec'))
          report(
            r,
            `${type} names metric spec ${q(r.data.metric_spec_ref)}, which is not registered.`,
          );
  },
};

export const calibrationMetricWithoutSamplePolicy: Rule = {
  meta: {
    code: 'validation.calibration_metric_without_sample_policy',
    section: 'Calibration metrics',
    seedLine: 2195,
    title: 'A calibration metric has no sample policy',
    remediation:
      'Set sample_policy {min_sample_size, insufficient_sample_result: "indeterminate"}.',
  },
  check(b, report) {
    for (const r of b.of('CalibrationMetricSpec'))
      if (
        !isObject(r.data.sample_policy) ||
        toNumber(r.data.sample_policy.min_sample_size) === undefined
      )
        report(
          r,
          `CalibrationMetricSpec ${q(r.data.metric_id)} has no sample_policy.min_sample_size.`,
        );
  },
};

export const calibrationMetricAllOneClass: Rule = {
  meta: {
    code: 'validation.calibration_metric_all_one_class',
    section: 'Calibration metrics',
    seedLine: 2196,
    title: 'A calibration metric is reported over a single class',
    remediation:
      'Report metric_value null with indeterminate_reason all_one_class when every outcome is one class.',
    decision: 'Fires when positive_count or negative_count is 0 and metric_value is not null.',
  },
  check(b, report) {
    for (const r of b.of('CalibrationMetricResult'))
      if (
        (r.data.positive_count === 0 || r.data.negative_count === 0) &&
        r.data.metric_value !== null
      )
        report(
          r,
          `CalibrationMetricResult ${q(r.data.result_id)} has a value over one class only.`,
        );
  },
};

export const calibrationMetricWithoutCensoringPolicy: Rule = {
  meta: {
    code: 'validation.calibration_metric_without_censoring_policy',
    section: 'Calibration metrics',
    seedLine: 2197,
    title: 'A time-to-event calibration metric has no censoring policy',
    remediation: 'Set censoring_policy (right_censored_handling, observation_window).',
  },
  check(b, report) {
    for (const r of b.of('CalibrationMetricSpec'))
      if (
        r.data.observed_outcome_encoding === 'time_to_event' &&
        !isObject(r.data.censoring_policy)
      )
        report(
          r,
          `CalibrationMetricSpec ${q(r.data.metric_id)} observes time_to_event without censoring_policy.`,
        );
  },
};

export const criterionSemanticsHashLegacyName: Rule = {
  meta: {
    code: 'validation.criterion_semantics_hash_legacy_name',
    section: 'C-10',
    seedLine: 2211,
    title: 'A criterion stores its lexical hash under the legacy name',
    remediation:
      'Rename criterion_semantics_hash to criterion_text_hash (it hashes text, not meaning).',
    decision: 'The legacy name is criterion_semantics_hash (the code’s own name).',
  },
  check(b, report) {
    for (const r of b.of('CriterionIdentityFields'))
      if (Object.hasOwn(r.data, 'criterion_semantics_hash'))
        report(r, `Criterion ${q(r.data.criterion_id)} carries criterion_semantics_hash.`);
  },
};

export const semanticVersionBumpedWithoutReviewReceipt: Rule = {
  meta: {
    code: 'validation.semantic_version_bumped_without_review_receipt',
    section: 'C-10',
    seedLine: 2213,
    title: 'A criterion’s semantics version changed without a review receipt',
    remediation:
      'Record the semantic review (semantic_review_receipt_ref) that approved the meaning change.',
    decision:
      'Compares each CriterionIdentityFields with the previous one of the same criterion_id in event order.',
  },
  check(b, report) {
    const last = new Map<unknown, BundleRecord>();
    for (const r of b.of('CriterionIdentityFields')) {
      const prev = last.get(r.data.criterion_id);
      if (
        prev &&
        prev.data.criterion_semantics_version !== r.data.criterion_semantics_version &&
        !r.data.semantic_review_receipt_ref
      )
        report(
          r,
          `Criterion ${q(r.data.criterion_id)} moved from version ${q(prev.data.criterion_semantics_version)} to ${q(r.data.criterion_semantics_version)} without semantic_review_receipt_ref.`,
        );
      last.set(r.data.criterion_id, r);
    }
  },
};
