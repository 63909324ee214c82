// Regenerates conformance/addenda-b: one folder per fixture, fixture.json (exactly the seed's
// AddendaBConformanceFixture fields, L3405-3413) + input/ (an Addenda B bundle: bundle.json,
// records.jsonl, registry/*.json). Each fixture starts from a realistic clean run bundle and
// applies one mutation; the expected codes are written here by hand from the seed, never read
// back from the tool. Clean bundles (expected []) mix record types the way a run writes them.
//
// Usage: node scripts/build-addenda-b-fixtures.mjs [conformance-dir]
// The bundle builder is exported for the benchmark (bench/addenda-b.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import {
  at,
  byId,
  clone,
  insertAfter,
  rec,
  regItem,
  sha,
  value,
} from './lib/addenda-b/helpers.mjs';
import { derivedVectors } from './lib/addenda-b/formula-vectors.mjs';
import * as s5 from './lib/addenda-b/s5.mjs';
import * as s7 from './lib/addenda-b/s7.mjs';
import * as s8 from './lib/addenda-b/s8.mjs';

const SECTIONS = [s5, s7, s8];

const DISPOSITIONS = [
  ['satisfied', 'passed', 'on_satisfied'],
  ['needs_revision', 'failed', 'on_needs_revision'],
  ['needs_information', 'indeterminate', 'on_needs_more_sources'],
  ['needs_verification', 'indeterminate', 'on_needs_source_verification'],
  ['needs_human_judgment', 'indeterminate', 'on_needs_human_judgment'],
  ['unable_to_evaluate', 'indeterminate', 'none'],
  ['blocked_by_policy', 'indeterminate', 'on_blocked_by_policy'],
  ['regressed', 'failed', 'on_needs_revision'],
  ['upstream_failure', 'indeterminate', 'on_upstream_failure'],
  ['unrecoverable', 'failed', 'on_unrecoverable'],
  ['superseded', 'not_applicable', 'none'],
  ['max_iterations_reached', 'failed', 'on_repeated_failure'],
];

const WEIGHTS_POLICY = {
  unanchored_llm_judgment_policy: 'exclude',
  default_weight_policy: 'from_criterion_weight',
  priority_weight_map: { must_have: 3, should_have: 2, nice_to_have: 1 },
};
const TEMPLATE_KEYS = [
  'semantic_intent_match',
  'task_type_match',
  'input_contract_match',
  'output_contract_match',
  'capability_availability_match',
  'entity_context_match',
  'user_preference_match',
  'prior_assessment_score',
  'recency_or_staleness_score',
];

// ── the registry: formula specs, policies, matrices ─────────────────────────────────────────────

function formulaSpec(id, expression, valueKind = 'ratio', unit = 'score_0_1') {
  return {
    type: 'FormulaSpec',
    formula_id: id,
    owner_doc: 'DOC23',
    semantic_version: '1.0.0',
    purpose: `computes ${id}`,
    expression_ref: expression,
    expression_language: 'deterministic_typescript',
    inputs: [{ name: 'inputs', type_ref: `schema:${id}.inputs`, required: true }],
    output: {
      value_kind: valueKind,
      unit,
      range: [0, 1],
      finite_number_policy: 'reject_nan_infinity',
    },
    missing_input_policy: 'fail_validation',
    zero_denominator_policy: 'return_indeterminate_insufficient_data',
    rounding_policy: 'no_rounding_store_full_precision',
    test_vectors: [
      {
        test_vector_id: `${id}.tv1`,
        input_ref: `vectors/${id}/tv1.input.json`,
        expected_output_ref: `vectors/${id}/tv1.output.json`,
        expected_validation_codes: [],
        schema_version: '1.0',
      },
    ],
    schema_version: '1.0',
  };
}

/** The formulas the pack recomputes, with the vectors derived from the seed's functions. */
const RECOMPUTED = [
  ['criterion_weights_v1', 'normalizeCriterionWeights', 'distribution', 'unitless'],
  ['template_match_score_v1', 'computeTemplateOverallScore', 'ratio', 'score_0_1'],
  ['quality_index_pass_status_v1', 'qualityIndexDerivedPassStatus', 'enum_derived', 'unitless'],
].map(([id, fn, kind, unit]) => {
  const { testVectors, values } = derivedVectors(id, fn);
  const spec = formulaSpec(id, `seed:${fn}`, kind, unit);
  spec.test_vectors = testVectors;
  if (kind === 'enum_derived') delete spec.output.range;
  return { spec, values };
});

export function baseRegistry() {
  const registry = {
    'formula-vectors.json': RECOMPUTED.flatMap((f) => clone(f.values)),
    'formulas.json': [
      ...RECOMPUTED.map((f) => clone(f.spec)),
      formulaSpec('quality_index_v1', 'doc23:quality_index.ts'),
      formulaSpec('finding_precision_v1', 'doc23:finding_precision.sql', 'ratio', 'ratio'),
      formulaSpec('sub_agent_reputation_score_v1', 'doc23:reputation.ts'),
      formulaSpec('confidence_spearman_v1', 'doc23:spearman.ts', 'correlation', 'unitless'),
    ],
    'externalization.json': [
      {
        type: 'WorkspaceExternalizationPolicy',
        policy_id: 'ext.export_bundle.v1',
        externalization_kind: 'export_bundle',
        requires_user_confirmation: true,
        requires_redaction_preview: true,
        allowed_data_classes: ['public', 'internal', 'privileged'],
        allowed_taint_classes: ['user_trusted_bounded'],
        provider_logging_warning_required: false,
        receipt_required: true,
        replay_policy: 'record_only',
        warning_text: 'Exports leave the workspace.',
        schema_version: '1.0',
      },
      {
        type: 'WorkspaceExternalizationPolicy',
        policy_id: 'ext.api_call.v1',
        externalization_kind: 'api_call',
        requires_user_confirmation: false,
        requires_redaction_preview: false,
        allowed_data_classes: ['public'],
        allowed_taint_classes: ['external_untrusted'],
        max_cost_vector_ref: 'cv-api-cap',
        provider_logging_warning_required: true,
        receipt_required: true,
        replay_policy: 'record_only',
        warning_text: 'The provider may log the query.',
        schema_version: '1.0',
      },
    ],
    'routing.json': {
      type: 'FeedbackRoutingResolutionPolicy',
      policy_id: 'routing.v1',
      branch_order: ['on_needs_revision', 'on_needs_more_sources', 'on_satisfied', 'none'],
      branch_handlers: {
        on_needs_revision: ['module:revisor'],
        on_needs_more_sources: ['module:researcher'],
        on_satisfied: ['module:reporter'],
        none: [],
      },
      fire_policy: 'all_matching_with_idempotency',
      duplicate_suppression_window_ms: 60000,
      schema_version: '1.0',
    },
    'emission-matrix.json': [
      {
        type: 'FeedbackEmissionMatrixEntry',
        producer_kind: 'judge',
        verdict: 'failed',
        emits_envelope: true,
        emits_feedback_bundle: 'on_failure_only',
      },
      {
        type: 'FeedbackEmissionMatrixEntry',
        producer_kind: 'judge',
        verdict: 'passed',
        emits_envelope: true,
        emits_feedback_bundle: 'on_failure_only',
      },
      {
        type: 'FeedbackEmissionMatrixEntry',
        producer_kind: 'outcome_evaluator',
        verdict: 'failed',
        emits_envelope: true,
        emits_feedback_bundle: 'always',
      },
    ],
    'outcome-state-matrix.json': [
      ...DISPOSITIONS.map(([state, verdict, branch]) => ({
        type: 'OutcomeStateMatrixEntry',
        state,
        state_class: 'disposition',
        emitted_to_envelope: true,
        terminal: true,
        verdict_mapping: verdict,
        feedback_branch: branch,
        blocks_downstream_default: verdict === 'failed',
        revisor_default_action: verdict === 'failed' ? 'revise' : 'none',
        ui_label: state.replace(/_/g, ' '),
        learning_eligibility: 'eligible',
      })),
      ...['pending', 'pending_dependency', 'evaluating', 'dirty'].map((state) => ({
        type: 'OutcomeStateMatrixEntry',
        state,
        state_class: 'runtime',
        emitted_to_envelope: false,
        terminal: false,
        feedback_branch: 'none',
        blocks_downstream_default: false,
        revisor_default_action: 'none',
        ui_label: state,
        learning_eligibility: 'ineligible',
      })),
    ],
    'type-owners.json': [
      {
        type: 'TypeOwnerRegistryEntry',
        type_name: 'EvaluationFindingEvent',
        canonical_owner_doc: 'CommonContracts',
        canonical_section_anchor: '§4.2A',
        status: 'canonical',
        imported_by_docs: ['DOC23'],
        schema_version: '1.0',
      },
      {
        type: 'TypeOwnerRegistryEntry',
        type_name: 'EvaluationAffirmation',
        canonical_owner_doc: 'DOC23',
        canonical_section_anchor: 'A-09',
        status: 'pending_absorption',
        imported_by_docs: [],
        replacement_type_name: 'PositiveEvaluationObservation',
        pending_consumer_behavior: 'emit_validation_warning',
        schema_version: '1.0',
      },
    ],
    'specs.json': [
      {
        type: 'NoveltyMetricSpec',
        metric_id: 'novelty.cosine.v1',
        feature_vector_definition_ref: 'features/v1',
        distance_metric: 'cosine_distance',
        distance_range: [0, 1],
        no_pattern_fallback: 'indeterminate',
        calibration_dataset_ref: 'datasets/novelty-cal',
        threshold_default: 0.35,
        metric_semantics_version: '1.0',
        schema_version: '1.0',
      },
      {
        type: 'CalibrationMetricSpec',
        metric_id: 'confidence_convergence_spearman',
        predicted_value_field: 'confidence',
        observed_outcome_field: 'cycles_to_success',
        observed_outcome_encoding: 'ordinal',
        sample_policy: { min_sample_size: 30, insufficient_sample_result: 'indeterminate' },
        formula_ref: 'confidence_spearman_v1',
        schema_version: '1.0',
      },
      {
        type: 'CalibrationMetricSpec',
        metric_id: 'planner_confidence_brier_score',
        predicted_value_field: 'confidence',
        observed_outcome_field: 'succeeded',
        observed_outcome_encoding: 'time_to_event',
        sample_policy: { min_sample_size: 50, insufficient_sample_result: 'indeterminate' },
        censoring_policy: {
          right_censored_allowed: true,
          right_censored_handling: 'exclude',
          observation_window: 'P14D',
        },
        formula_ref: 'finding_precision_v1',
        schema_version: '1.0',
      },
      {
        type: 'PortRevisionEligibility',
        port_id: 'revision_in',
        module_id: 'editor',
        revision_compatible: true,
        module_revision_capability_ref: 'cap:editor.revise',
      },
      {
        type: 'PortRevisionEligibility',
        port_id: 'context_in',
        module_id: 'editor',
        revision_compatible: false,
      },
      {
        type: 'RevisorPlannerInputPorts',
        feedback_bundle_in: 'port:fb',
        repair_instruction_in: 'port:ri',
        evaluation_result_in: 'port:er',
      },
    ],
  };
  for (const section of SECTIONS)
    for (const [file, items] of Object.entries(section.registry()))
      registry[file] = [...(registry[file] ?? []), ...items];
  return registry;
}

// ── one entity's worth of run records ───────────────────────────────────────────────────────────

function receipt(id, formula, inputs, output, extra = {}) {
  return {
    type: 'FormulaEvaluationReceipt',
    receipt_id: id,
    formula_id: formula,
    formula_semantic_version: '1.0.0',
    producer_ref: 'module:scorer',
    run_id: 'run-1',
    input_refs: inputs,
    input_manifest_hash: sha(`${id}:manifest`),
    input_value_hash: sha(`${id}:inputs`),
    output_ref: output,
    output_value_hash: sha(`${id}:output`),
    omitted_input_names: [],
    finite_number_check: 'passed',
    validation_codes: [],
    computed_at: at(30),
    schema_version: '1.0',
    ...extra,
  };
}

function matchKey(n, extra = {}) {
  return {
    failure_kind: 'unsupported_claim',
    artifact_stable_id: `artifact-${n}`,
    target_scope_ref: `scope:section-${n}`,
    finding_summary_hash: sha(`summary-${n}`),
    normalized_finding_text_hash: sha(`text-${n}`),
    evidence_signature_hash: sha(`evidence-${n}`),
    schema_version: '1.0',
    ...extra,
  };
}

function findingEvent(n, suffix, severity, state, extra = {}) {
  return {
    type: 'EvaluationFindingEvent',
    finding_event_id: `fndevt-${n}-${suffix}`,
    finding_id: `fnd-${n}-${suffix}`,
    result_id: `res-${n}-eval`,
    producer_kind: 'outcome_evaluator',
    producer_module_id: 'evaluator',
    producer_activation_seq: 3,
    finding_kind: 'claim_unsupported',
    finding_text: `Claim ${n}.${suffix} cites no source.`,
    explanation: 'The paragraph asserts a number without a citation.',
    severity,
    emitted_state: state,
    assurance_basis: ['deterministic'],
    blocking_authority: {
      satisfied: severity === 'blocking',
      basis: severity === 'blocking' ? ['deterministic_check', 'source_reference'] : [],
      subjective_blocking_permission: 'not_allowed',
      explanation: 'Checked against the source list.',
      schema_version: '1.0',
    },
    confidence_score: 0.92,
    confidence_basis: ['tool_verified'],
    confidence_explanation: 'The citation checker found no match.',
    target_artifact_ref: `artifact-${n}`,
    target_artifact_version_ref: `artifact-${n}@v3`,
    affected_claim_refs: [`claim-${n}`],
    evidence_refs: [`src-${n}`],
    verification_record_refs: [],
    supporting_material_snapshot_refs: [],
    based_on_artifact_version_ref: `artifact-${n}@v3`,
    based_on_source_workspace_snapshot_ref: `ws-${n}@h1`,
    evaluation_snapshot_ref: `snap-${n}`,
    match_key: matchKey(`${n}-${suffix}`),
    taint_class: 'user_trusted_bounded',
    data_class: 'internal',
    privileged: false,
    policy_decision_refs: [],
    created_at: at(10),
    schema_version: '2.0',
    ...extra,
  };
}

function envelope(n, role, producer) {
  return {
    type: 'EvaluationResultEnvelope',
    result_id: `res-${n}-${role}`,
    producer_kind: producer,
    outcome_id: `outcome-${n}`,
    run_id: 'run-1',
    evaluated_target: { kind: 'artifact', artifact_ref: `artifact-${n}` },
    evaluation_basis: { kind: 'rubric', rubric_ref: 'rubric-1' },
    target_artifact_ref: `artifact-${n}`,
    target_artifact_version_ref: `artifact-${n}@v3`,
    target_scope_ref: null,
    target_evaluation_chain_id: `chain-${n}`,
    evaluation_snapshot_ref: `snap-${n}`,
    route_recommendation: 'revise',
    schema_version: '1.1',
  };
}

/** The records of one evaluated entity `n` (about 45 records), in the order a run writes them. */
export function entityRecords(n) {
  const criteria = [
    { criterion_id: `c${n}a`, scoring_basis: 'anchored', weight: 1 },
    { criterion_id: `c${n}b`, scoring_basis: 'anchored', weight: 3 },
    { criterion_id: `c${n}u`, scoring_basis: 'unanchored_llm_judgment', weight: 2 },
  ];
  const components = Object.fromEntries(TEMPLATE_KEYS.map((k, i) => [k, [0.5, 1, 0.25][i % 3]]));
  const weights = Object.fromEntries(TEMPLATE_KEYS.map((k) => [k, 1]));
  const templateFormula = {
    formula_id: 'template_match_score_v1',
    component_weights: weights,
    hard_veto_cap: 0.25,
    soft_penalty_max_total: 0.5,
    schema_version: '1.0',
  };
  const blocking = findingEvent(n, 'a', 'blocking', 'active');
  const minor = findingEvent(n, 'b', 'medium', 'proposed');
  return [
    {
      type: 'EvaluationSnapshot',
      snapshot_id: `snap-${n}`,
      artifact_state_refs: [`artifact-${n}@v3`],
      source_workspace_state_ref: `ws-${n}@h1`,
      source_workspace_snapshot_hashes: [
        {
          source_workspace_ref: `ws-${n}`,
          source_workspace_head_hash: sha(`ws-${n}-head`),
          source_record_hashes: { [`src-${n}`]: sha(`src-${n}`) },
          schema_version: '1.0',
        },
      ],
      policy_snapshot_ref: 'policy@7',
      capability_snapshot_ref: 'capabilities@7',
      created_at: at(1),
      schema_version: '1.1',
    },
    {
      type: 'LegalSourcePayload',
      court: 'Court of Appeal',
      jurisdiction: 'EW',
      date: '2019-05-01',
      source_authority_level: 'binding',
      treatment_status: 'current',
      holdings: [`holding ${n}`],
      schema_version: '1.1',
    },
    {
      type: 'ApplicabilityScope',
      scope_kind: 'legal_jurisdiction',
      scope_value: 'EW',
      authority_level: 'binding',
      schema_version: '1.1',
    },
    {
      type: 'EvaluationChainRegistryRecord',
      chain_id: `chain-${n}`,
      chain_kind: 'pattern_c_evaluator_then_judge',
      task_id: 'task-1',
      run_id: 'run-1',
      target_artifact_ref: `artifact-${n}`,
      target_artifact_version_ref: `artifact-${n}@v3`,
      target_scope_ref: null,
      evaluation_snapshot_ref: `snap-${n}`,
      expected_producers: ['outcome_evaluator', 'judge'],
      received_result_ids: [`res-${n}-eval`, `res-${n}-judge`],
      participant_roles: [
        {
          producer_kind: 'outcome_evaluator',
          producer_module_id: 'evaluator',
          role: 'upstream_evaluator',
          required: true,
        },
        {
          producer_kind: 'judge',
          producer_module_id: 'judge',
          role: 'downstream_judge',
          required: true,
        },
      ],
      status: 'complete',
      created_at: at(2),
      completed_at: at(20),
      validation_failures: [],
      schema_version: '1.0',
    },
    envelope(n, 'eval', 'outcome_evaluator'),
    blocking,
    minor,
    {
      type: 'EventProjectionLink',
      canonical_event_ref: blocking.finding_event_id,
      current_projection_ref: blocking.finding_id,
      projection_event_seq: 1,
      projection_valid_at: at(11),
      schema_version: '1.0',
    },
    {
      type: 'EvaluationFindingRecord',
      finding_id: blocking.finding_id,
      canonical_event_ref: blocking.finding_event_id,
      current_state: 'active',
      current_severity: 'blocking',
      lifecycle_transition_refs: [],
      updated_at: at(11),
      schema_version: '1.0',
    },
    {
      type: 'FindingLifecycleTransitionReceipt',
      receipt_id: `flt-${n}-b1`,
      finding_id: minor.finding_id,
      from_state: 'proposed',
      to_state: 'active',
      transition_reason: 'router_admitted',
      actor_ref: 'router',
      evidence_refs: [],
      created_at: at(12),
      schema_version: '1.0',
    },
    {
      type: 'EvaluationFindingRecord',
      finding_id: minor.finding_id,
      canonical_event_ref: minor.finding_event_id,
      current_state: 'active',
      current_severity: 'medium',
      lifecycle_transition_refs: [`flt-${n}-b1`],
      updated_at: at(12),
      schema_version: '1.0',
    },
    {
      type: 'FeedbackFindingView',
      finding_id: blocking.finding_id,
      source_finding_event_ref: blocking.finding_event_id,
      current_finding_record_ref: blocking.finding_id,
      display_summary: 'Unsupported claim',
      display_explanation: 'No citation.',
      finding_kind: 'claim_unsupported',
      severity: 'blocking',
      lifecycle_state: 'active',
      blocking_authority_satisfied: true,
      blocking_authority_basis: ['source_reference', 'deterministic_check'],
      routed_action_refs: [],
      schema_version: '1.1',
    },
    envelope(n, 'judge', 'judge'),
    {
      type: 'EvaluationChainResolutionReceipt',
      receipt_id: `chres-${n}`,
      chain_id: `chain-${n}`,
      chain_kind: 'pattern_c_evaluator_then_judge',
      result_ids_considered: [`res-${n}-eval`, `res-${n}-judge`],
      resolved_verdict: 'failed',
      resolved_route: 'human_review_path',
      decisive_result_id: `res-${n}-eval`,
      qualitative_blockers_preserved: true,
      quantitative_pass_overridden_by_blocker: true,
      conflict_type: 'qualitative_fail_quantitative_pass',
      policy_ref: 'default.pattern_c.v1',
      explanation: 'The blocking finding survives the judge pass.',
      created_at: at(21),
      schema_version: '1.0',
    },
    {
      type: 'EvaluationResultEmissionRecord',
      result_id: `res-${n}-eval`,
      envelope_ref: `res-${n}-eval`,
      feedback_bundle_ref: `fb-${n}-eval`,
      emission_matrix_entry_ref: 'outcome_evaluator:failed',
      created_at: at(22),
      schema_version: '1.0',
    },
    {
      type: 'EvaluationResultEmissionRecord',
      result_id: `res-${n}-judge`,
      envelope_ref: `res-${n}-judge`,
      feedback_bundle_absent_reason: 'not_emitted_by_design',
      emission_matrix_entry_ref: 'judge:passed',
      created_at: at(22),
      schema_version: '1.0',
    },
    {
      type: 'FeedbackDeliveryRecord',
      delivery_id: `dlv-${n}-1`,
      feedback_bundle_id: `fb-${n}-eval`,
      result_id: `res-${n}-eval`,
      branch: 'on_needs_revision',
      consumer_module_id: 'revisor',
      consumer_activation_seq: 4,
      delivery_idempotency_key: sha(`run-1res-${n}-evalon_needs_revisionrevisor`),
      payload_ref: `fb-${n}-eval`,
      created_at: at(23),
      schema_version: '1.0',
    },
    {
      type: 'FeedbackDeliveryRecord',
      delivery_id: `dlv-${n}-2`,
      feedback_bundle_id: `fb-${n}-eval`,
      result_id: `res-${n}-eval`,
      branch: 'on_needs_more_sources',
      consumer_module_id: 'researcher',
      consumer_activation_seq: 5,
      delivery_idempotency_key: sha(`run-1res-${n}-evalon_needs_more_sourcesresearcher`),
      payload_ref: `fb-${n}-eval`,
      created_at: at(23),
      schema_version: '1.0',
    },
    {
      type: 'ProgressSignalRecord',
      signal_id: `sig-${n}`,
      outcome_id: `outcome-${n}`,
      run_id: 'run-1',
      current_finding_match_key: blocking.match_key,
      previous_finding_match_key: blocking.match_key,
      same_reason_as_previous: true,
      strategy_switch_recommended: true,
      created_at: at(24),
      schema_version: '1.0',
    },
    // criterion weights: the unanchored criterion is excluded by policy; 1 and 3 → 0.25 / 0.75
    {
      type: 'FormulaValue',
      value_id: `val-${n}-weights-in`,
      value: { criteria, policy: WEIGHTS_POLICY },
    },
    {
      type: 'FormulaValue',
      value_id: `val-${n}-weights-out`,
      value: { [`c${n}a`]: 0.25, [`c${n}b`]: 0.75 },
    },
    receipt(
      `rc-${n}-weights`,
      'criterion_weights_v1',
      [`val-${n}-weights-in`],
      `val-${n}-weights-out`,
    ),
    // template match: components 0.5/1/0.25 with equal weights → mean 7/12, minus penalty 0.1
    {
      type: 'FormulaValue',
      value_id: `val-${n}-tm-in`,
      value: {
        components,
        weights,
        softPenaltySum: 0.1,
        hardVetoCount: 0,
        formula: templateFormula,
      },
    },
    { type: 'FormulaValue', value_id: `val-${n}-tm-out`, value: 7 / 12 - 0.1 },
    receipt(`rc-${n}-tm`, 'template_match_score_v1', [`val-${n}-tm-in`], `val-${n}-tm-out`),
    receipt(`rc-${n}-qi`, 'quality_index_v1', [`artifact-${n}@v3`], `qi-${n}`),
    {
      type: 'QualityIndex',
      aggregate_score: 0.62,
      pass_threshold: 0.7,
      required_gate_failures: [],
      aggregation_method: 'weighted_mean',
      missing_dimension_policy: 'fail_required',
      derived_pass_status: 'failed_threshold',
      formula_eval_receipt_ref: `rc-${n}-qi`,
      metric_semantics_version: '1.0',
      schema_version: '1.1',
    },
    receipt(`rc-${n}-obs1`, 'finding_precision_v1', [`fnd-${n}-a`], `obs-${n}-1.value`),
    {
      type: 'MetricObservation',
      observation_id: `obs-${n}-1`,
      metric_id: 'finding_precision_v1',
      formula_eval_receipt_ref: `rc-${n}-obs1`,
      subject_ref: `outcome-${n}`,
      observed_at: at(25),
      value_ref: `obs-${n}-1.value`,
      data_class: 'internal',
      schema_version: '1.0',
    },
    receipt(`rc-${n}-obs2`, 'finding_precision_v1', [`fnd-${n}-b`], `obs-${n}-2.value`),
    {
      type: 'MetricObservation',
      observation_id: `obs-${n}-2`,
      metric_id: 'finding_precision_v1',
      formula_eval_receipt_ref: `rc-${n}-obs2`,
      subject_ref: `outcome-${n}`,
      observed_at: at(26),
      value_ref: `obs-${n}-2.value`,
      data_class: 'internal',
      schema_version: '1.0',
    },
    receipt(
      `rc-${n}-rollup`,
      'finding_precision_v1',
      [`obs-${n}-1`, `obs-${n}-2`],
      `rollup-${n}.value`,
    ),
    {
      type: 'MetricRollup',
      rollup_id: `rollup-${n}`,
      metric_id: 'finding_precision_v1',
      subject_scope_ref: `outcome-${n}`,
      measurement_window: { start: at(0), end: at(60) },
      included_observation_refs: [`obs-${n}-1`, `obs-${n}-2`],
      excluded_observation_refs: [
        { observation_ref: `obs-${n}-0`, exclusion_reason: 'invalidated' },
      ],
      formula_eval_receipt_ref: `rc-${n}-rollup`,
      sample_size: 2,
      value_ref: `rollup-${n}.value`,
      created_at: at(27),
      schema_version: '1.0',
    },
    {
      type: 'CostVector',
      cost_vector_id: `cv-${n}`,
      components: {
        usd: { expected: 0.42, p50: 0.4, p90: 0.7, unit: 'usd' },
        input_tokens: { expected: 12000, unit: 'input_tokens' },
      },
      basis: 'model_priced',
      estimator_confidence: 'uncalibrated',
      assumptions: ['list prices'],
      schema_version: '1.0',
    },
    {
      type: 'NoveltyAssessmentWithNeighbor',
      input_signature_hash: sha(`in-${n}`),
      metric_spec_ref: 'novelty.cosine.v1',
      metric_semantics_version: '1.0',
      neighbor_state: 'nearest_pattern_found',
      closest_pattern_id: `pattern-${n}`,
      closest_pattern_distance: 0.18,
      similarity_score: 0.82,
      novelty_score: 0.18,
      forces_fresh_reasoning: false,
      triggers_task_agent: false,
      schema_version: '1.1',
    },
    {
      type: 'NoveltyAssessmentNoNeighbor',
      input_signature_hash: sha(`in2-${n}`),
      metric_spec_ref: 'novelty.cosine.v1',
      metric_semantics_version: '1.0',
      neighbor_state: 'no_pattern_found',
      no_pattern_fallback_applied: 'indeterminate',
      novelty_score: null,
      forces_fresh_reasoning: true,
      triggers_task_agent: true,
      indeterminate_reason: 'no_pattern_and_policy_indeterminate',
      schema_version: '1.1',
    },
    receipt(`rc-${n}-cal`, 'confidence_spearman_v1', [`outcome-${n}`], `cal-${n}.value`),
    {
      type: 'CalibrationMetricResult',
      result_id: `cal-${n}`,
      metric_spec_ref: 'confidence_convergence_spearman',
      metric_value: 0.41,
      sample_size: 64,
      positive_count: 30,
      negative_count: 34,
      formula_eval_receipt_ref: `rc-${n}-cal`,
      created_at: at(28),
      schema_version: '1.0',
    },
    receipt(`rc-${n}-rep`, 'sub_agent_reputation_score_v1', [`subagent-${n}`], `rep-${n}.value`),
    {
      type: 'SubAgentReputationScore',
      sub_agent_ref: `subagent-${n}`,
      current_score: null,
      score_status: 'insufficient_sample',
      component_scores: {},
      formula_config_ref: 'sub_agent_reputation_score_v1',
      formula_eval_receipt_ref: `rc-${n}-rep`,
      sample_size: 4,
      schema_version: '1.0',
    },
    {
      type: 'CriterionIdentityFields',
      criterion_id: `c${n}a`,
      criterion_text_hash: sha(`c${n}a-text-1`),
      criterion_semantics_version: '1.0',
      schema_version: '1.0',
    },
    {
      type: 'CriterionIdentityFields',
      criterion_id: `c${n}a`,
      criterion_text_hash: sha(`c${n}a-text-2`),
      criterion_semantics_version: '1.1',
      semantic_review_receipt_ref: `review-${n}`,
      schema_version: '1.0',
    },
    {
      type: 'WorkspaceExternalizationReceipt',
      receipt_id: `ext-${n}-1`,
      externalization_kind: 'export_bundle',
      workspace_id: `ws-${n}`,
      source_record_refs: [`src-${n}`],
      destination_ref: 'file:export.zip',
      policy_ref: 'ext.export_bundle.v1',
      user_confirmation_ref: `confirm-${n}`,
      redaction_preview_ref: `preview-${n}`,
      status: 'completed',
      irreversible_disclosure_possible: true,
      created_at: at(40),
      schema_version: '1.0',
    },
    {
      type: 'WorkspaceExternalizationReceipt',
      receipt_id: `ext-${n}-2`,
      externalization_kind: 'api_call',
      workspace_id: `ws-${n}`,
      source_record_refs: [],
      policy_ref: 'ext.api_call.v1',
      cost_vector_ref: `cv-${n}`,
      status: 'completed',
      irreversible_disclosure_possible: false,
      created_at: at(41),
      schema_version: '1.0',
    },
    {
      type: 'DerivedReadModelRecord',
      read_model_id: `rm-${n}`,
      read_model_kind: 'FindingsInbox',
      input_manifest_ref: `manifest-${n}`,
      derivation_policy_ref: 'derivation/inbox.v1',
      formula_eval_receipt_refs: [`rc-${n}-qi`],
      valid_from_event_seq: 1,
      created_at: at(42),
      schema_version: '1.0',
    },
  ];
}

/** A bundle model: meta, registry files and records (arrays of plain objects). */
export function bundleModel({ entities = 1, registry = true } = {}) {
  const records = [];
  for (let n = 1; n <= entities; n++)
    records.push(...entityRecords(n), ...SECTIONS.flatMap((s) => s.entityRecords(n)));
  return {
    meta: {
      schema_version: '1.0',
      task_id: 'task-1',
      run_id: 'run-1',
      matter_id: 'matter-1',
      as_of: at(120),
    },
    registry: registry ? baseRegistry() : {},
    records,
  };
}

export function writeBundle(dir, model) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'bundle.json'), JSON.stringify(model.meta, null, 2) + '\n');
  fs.writeFileSync(
    path.join(dir, 'records.jsonl'),
    model.records.map((r) => JSON.stringify(r)).join('\n') + '\n',
  );
  const names = Object.keys(model.registry);
  if (names.length) {
    fs.mkdirSync(path.join(dir, 'registry'), { recursive: true });
    for (const name of names)
      fs.writeFileSync(
        path.join(dir, 'registry', name),
        JSON.stringify(model.registry[name], null, 2) + '\n',
      );
  }
}

// ── the fixtures ────────────────────────────────────────────────────────────────────────────────

/**
 * [fixture_id, fixture_kind, expected codes, mutate(model) | model options, extra fixture
 * fields?]. Where a generic §3
 * code and a specific code describe one violation both are expected (docs/addenda-b.md).
 */
export const FIXTURES = [
  // clean bundles
  ['clean-single-entity', 'finding_event_projection', [], () => {}],
  ['clean-three-entities', 'pattern_c_route_conflict', [], { entities: 3 }],
  [
    'clean-records-without-registry-types',
    'finding_event_projection',
    [],
    (m) => {
      // only the finding cluster: events, projections, receipts, views (no formula receipts)
      m.records = m.records.filter((r) =>
        [
          'EvaluationSnapshot',
          'EvaluationFindingEvent',
          'EvaluationFindingRecord',
          'FindingLifecycleTransitionReceipt',
          'FeedbackFindingView',
          'EventProjectionLink',
          'ProgressSignalRecord',
        ].includes(r.type),
      );
      m.registry = {};
    },
  ],
  [
    'clean-formulas-only',
    'formula_nan_zero_denominator',
    [],
    (m) => {
      m.records = m.records.filter((r) =>
        [
          'FormulaValue',
          'FormulaEvaluationReceipt',
          'QualityIndex',
          'MetricObservation',
          'MetricRollup',
          'CostVector',
        ].includes(r.type),
      );
    },
  ],
  [
    'clean-zero-denominator-indeterminate',
    'formula_nan_zero_denominator',
    [],
    (m) => {
      // the zero denominator handled by its policy: coerced to indeterminate, null output
      const r = byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-obs2');
      r.zero_denominator_policy_applied = 'return_indeterminate_insufficient_data';
      r.finite_number_check = 'coerced_to_indeterminate';
      regItem(
        m,
        'formulas.json',
        (f) => f.formula_id === 'finding_precision_v1',
      ).output.finite_number_policy = 'coerce_to_indeterminate';
    },
  ],
  [
    'clean-template-match-hard-veto',
    'template_match_zero_weight',
    [],
    (m) => {
      const args = value(m, 'val-1-tm-in');
      args.hardVetoCount = 1; // capped at hard_veto_cap 0.25
      byId(m, 'FormulaValue', 'value_id', 'val-1-tm-out').value = 0.25;
    },
  ],
  [
    'clean-criterion-weights-from-priority',
    'formula_nan_zero_denominator',
    [],
    (m) => {
      const args = value(m, 'val-1-weights-in');
      args.policy = { ...args.policy, default_weight_policy: 'from_priority' };
      args.criteria = [
        { criterion_id: 'c1a', scoring_basis: 'anchored', priority: 'must_have' },
        { criterion_id: 'c1b', scoring_basis: 'anchored' },
        { criterion_id: 'c1c', scoring_basis: 'anchored', priority: 'nice_to_have' },
      ];
      byId(m, 'FormulaValue', 'value_id', 'val-1-weights-out').value = {
        c1a: 0.5,
        c1b: 1 / 3,
        c1c: 1 / 6,
      };
    },
  ],
  [
    'clean-novelty-no-neighbor',
    'novelty_no_neighbor',
    [],
    (m) => {
      m.records = m.records.filter(
        (r) => r.type.startsWith('Novelty') || r.type === 'EvaluationSnapshot',
      );
    },
  ],
  [
    'clean-sub-agent-insufficient-sample',
    'sub_agent_reputation_insufficient_sample',
    [],
    (m) => {
      m.records = m.records.filter(
        (r) =>
          r.type === 'SubAgentReputationScore' ||
          (r.type === 'FormulaEvaluationReceipt' && r.receipt_id === 'rc-1-rep'),
      );
    },
  ],
  [
    'clean-privileged-export-confirmed',
    'workspace_externalization_privileged_export',
    [],
    (m) => {
      m.records.push({
        type: 'SourceRecord',
        source_id: 'src-1',
        tier: 2,
        source_kind: 'document',
        data_class: 'privileged',
      });
    },
  ],
  [
    'clean-chain-resolved-by-registered-policy',
    'pattern_c_route_conflict',
    [],
    (m) => {
      m.registry['pattern-c.json'] = {
        type: 'EvaluationChainResolutionPolicy',
        policy_id: 'pattern_c.strict.v2',
        chain_kind: 'pattern_c_evaluator_then_judge',
        qualitative_blockers_survive_numeric_pass: true,
        judge_can_override_evaluator: false,
        override_allowed_only_for_finding_states: [],
        route_precedence: 'blocking_qualitative_first',
        disagreement_route: 'block_until_resolved',
        schema_version: '1.0',
      };
      const r = byId(m, 'EvaluationChainResolutionReceipt', 'receipt_id', 'chres-1');
      r.policy_ref = 'pattern_c.strict.v2';
      r.resolved_route = 'block_until_resolved';
    },
  ],
  [
    'clean-regenerate-identical-output-rejected',
    'regenerate_identical_output',
    [],
    (m) => {
      // a correctly handled case emits nothing: the finding dismissed through its receipt
      const rcpt = {
        type: 'FindingLifecycleTransitionReceipt',
        receipt_id: 'flt-1-b2',
        finding_id: 'fnd-1-b',
        from_state: 'active',
        to_state: 'dismissed',
        transition_reason: 'dismissed_duplicate',
        actor_ref: 'router',
        evidence_refs: [],
        created_at: at(50),
        schema_version: '1.0',
      };
      insertAfter(m, 'FindingLifecycleTransitionReceipt', (x) => x.receipt_id === 'flt-1-b1', rcpt);
      const r = byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-b');
      r.current_state = 'dismissed';
      r.lifecycle_transition_refs.push('flt-1-b2');
    },
  ],

  // the pack's own codes
  [
    'bundle-json-missing',
    'finding_event_projection',
    ['addenda_b.bundle_unreadable'],
    (m) => {
      m.meta = undefined;
    },
  ],
  [
    'record-line-not-json',
    'finding_event_projection',
    ['addenda_b.record_malformed'],
    (m) => {
      m.records.splice(3, 0, '{"type": "EvaluationSnapshot",');
    },
  ],
  [
    'record-key-repeated',
    'finding_event_projection',
    ['addenda_b.record_malformed'],
    (m) => {
      // JSON.parse keeps the last "type" and reads a copy of the first record; a reader that keeps
      // the first reads a record of no seed type: the line is refused, not read either way.
      m.records.push(`{"type":"Retracted",${JSON.stringify(m.records[0]).slice(1)}`);
    },
  ],
  [
    'record-unknown-type',
    'finding_event_projection',
    ['addenda_b.unknown_record_type'],
    (m) => {
      m.records.push({ type: 'EvaluationAffirmation', result_id: 'res-1-eval' });
    },
  ],
  [
    'record-schema-violation',
    'finding_event_projection',
    ['addenda_b.schema_violation'],
    (m) => {
      byId(m, 'CostVector', 'cost_vector_id', 'cv-1').basis = 'guess';
    },
  ],
  [
    'receipt-output-differs',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_output_mismatch'],
    (m) => {
      byId(m, 'FormulaValue', 'value_id', 'val-1-weights-out').value = { c1a: 0.5, c1b: 0.5 };
    },
  ],

  // §3.1
  [
    'immutable-event-rewritten',
    'finding_event_projection',
    [
      'validation.mutable_state_inside_immutable_snapshot',
      'validation.finding_state_mutated_inside_immutable_envelope',
    ],
    (m) => {
      const e = clone(byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-b'));
      e.finding_text = 'Rewritten after the fact.';
      m.records.push(e);
    },
  ],
  [
    'snapshot-with-live-state',
    'finding_event_projection',
    ['validation.mutable_state_inside_immutable_snapshot'],
    (m) => {
      byId(m, 'EvaluationSnapshot', 'snapshot_id', 'snap-1').updated_at = at(90);
    },
  ],
  [
    'finding-event-with-projection-fields',
    'finding_event_projection',
    [
      'validation.mutable_state_inside_immutable_snapshot',
      'validation.finding_state_mutated_inside_immutable_envelope',
    ],
    (m) => {
      byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-a').current_state =
        'resolved';
    },
  ],
  [
    'finding-emitted-resolved',
    'finding_event_projection',
    [
      'validation.finding_state_mutated_inside_immutable_envelope',
      'validation.lifecycle_transition_without_receipt',
    ],
    (m) => {
      byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-a').emitted_state =
        'resolved';
    },
  ],
  [
    'projection-link-dangling',
    'finding_event_projection',
    ['validation.current_projection_without_source_event'],
    (m) => {
      rec(m, 'EventProjectionLink').canonical_event_ref = 'fndevt-missing';
    },
  ],
  [
    'finding-record-without-event',
    'finding_event_projection',
    [
      'validation.current_projection_without_source_event',
      'validation.finding_current_projection_without_event',
      'validation.feedback_finding_view_authority_drift',
    ],
    (m) => {
      m.records = m.records.filter(
        (r) => !(r.type === 'EvaluationFindingEvent' && r.finding_event_id === 'fndevt-1-a'),
      );
      m.records = m.records.filter(
        (r) => r.type !== 'EventProjectionLink' && r.type !== 'ProgressSignalRecord',
      );
      // the view still claims the authority of the vanished event, against the record's severity
      rec(m, 'FeedbackFindingView').severity = 'high';
    },
  ],
  [
    'finding-record-names-other-finding',
    'finding_event_projection',
    ['validation.finding_current_projection_without_event'],
    (m) => {
      byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-b').canonical_event_ref =
        'fndevt-1-a';
      byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-b').current_state = 'active';
      m.records = m.records.filter((r) => r.type !== 'FindingLifecycleTransitionReceipt');
      byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-b').lifecycle_transition_refs = [];
    },
  ],
  [
    'state-change-without-receipt',
    'finding_event_projection',
    ['validation.lifecycle_transition_without_receipt'],
    (m) => {
      byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-a').current_state = 'resolved';
      byId(m, 'FeedbackFindingView', 'finding_id', 'fnd-1-a').lifecycle_state = 'resolved';
    },
  ],
  [
    'transition-receipts-do-not-chain',
    'finding_event_projection',
    ['validation.lifecycle_transition_without_receipt'],
    (m) => {
      byId(m, 'FindingLifecycleTransitionReceipt', 'receipt_id', 'flt-1-b1').from_state =
        'contested';
    },
  ],

  // §3.2 / §3.3
  [
    'read-model-without-manifest',
    'reliance_packet_invalidation',
    ['validation.read_model_without_input_manifest'],
    (m) => {
      delete rec(m, 'DerivedReadModelRecord').input_manifest_ref;
    },
  ],
  [
    'receipt-names-unregistered-formula',
    'formula_nan_zero_denominator',
    ['validation.metric_without_formula_spec'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-qi').formula_id = 'quality_index_v0';
    },
  ],
  [
    'observation-of-unregistered-metric',
    'formula_nan_zero_denominator',
    ['validation.metric_without_formula_spec'],
    (m) => {
      byId(m, 'MetricObservation', 'observation_id', 'obs-1-2').metric_id = 'recall_v1';
    },
  ],
  [
    'observation-without-receipt',
    'formula_nan_zero_denominator',
    ['validation.metric_value_without_formula_receipt'],
    (m) => {
      delete byId(m, 'MetricObservation', 'observation_id', 'obs-1-1').formula_eval_receipt_ref;
    },
  ],
  [
    'reputation-receipt-dangling',
    'sub_agent_reputation_insufficient_sample',
    ['validation.metric_value_without_formula_receipt'],
    (m) => {
      rec(m, 'SubAgentReputationScore').formula_eval_receipt_ref = 'rc-elsewhere';
    },
  ],
  [
    'formula-output-nan',
    'formula_nan_zero_denominator',
    ['validation.formula_output_nan_or_infinity'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-obs2').finite_number_check =
        'failed_nan';
    },
  ],
  [
    'formula-output-infinity-value',
    'formula_nan_zero_denominator',
    ['validation.formula_output_nan_or_infinity'],
    (m) => {
      m.records.push({ type: 'FormulaValue', value_id: 'val-1-obs2-out', value: 'Infinity' });
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-obs2').output_ref = 'val-1-obs2-out';
    },
  ],

  // §3.4
  [
    'externalization-policy-unregistered',
    'workspace_externalization_privileged_export',
    ['validation.workspace_externalization_without_policy'],
    (m) => {
      byId(m, 'WorkspaceExternalizationReceipt', 'receipt_id', 'ext-1-2').policy_ref =
        'ext.api_call.v0';
    },
  ],
  [
    'externalization-policy-of-other-kind',
    'workspace_externalization_privileged_export',
    ['validation.workspace_externalization_without_policy'],
    (m) => {
      byId(m, 'WorkspaceExternalizationReceipt', 'receipt_id', 'ext-1-2').policy_ref =
        'ext.export_bundle.v1';
    },
  ],
  [
    'privileged-export-without-confirmation',
    'workspace_externalization_privileged_export',
    ['validation.privileged_workspace_export_without_confirmation'],
    (m) => {
      delete byId(m, 'WorkspaceExternalizationReceipt', 'receipt_id', 'ext-1-1')
        .user_confirmation_ref;
    },
  ],
  [
    'api-policy-without-cost-cap',
    'workspace_externalization_privileged_export',
    ['validation.externalization_cost_cap_missing'],
    (m) => {
      delete regItem(m, 'externalization.json', (p) => p.policy_id === 'ext.api_call.v1')
        .max_cost_vector_ref;
    },
  ],

  //
  [
    'blocking-finding-without-authority',
    'finding_event_projection',
    [
      'validation.blocking_finding_without_authority',
      'validation.feedback_finding_view_authority_drift',
    ],
    (m) => {
      byId(
        m,
        'EvaluationFindingEvent',
        'finding_event_id',
        'fndevt-1-a',
      ).blocking_authority.satisfied = false;
    },
  ],
  [
    'record-escalated-to-blocking-without-authority',
    'finding_event_projection',
    ['validation.blocking_finding_without_authority'],
    (m) => {
      byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-b').current_severity = 'blocking';
    },
  ],
  [
    'subjective-only-blocker',
    'finding_event_projection',
    [
      'validation.model_judgment_only_blocker_without_permission',
      'validation.feedback_finding_view_authority_drift',
    ],
    (m) => {
      byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-a').blocking_authority.basis =
        ['subjective_blocking_allowed'];
    },
  ],
  [
    'feedback-view-drift',
    'finding_event_projection',
    ['validation.feedback_finding_view_authority_drift'],
    (m) => {
      rec(m, 'FeedbackFindingView').blocking_authority_basis = ['deterministic_check'];
    },
  ],
  [
    'progress-signal-same-reason-wrong',
    'finding_event_projection',
    ['validation.progress_signal_match_key_drift'],
    (m) => {
      const s = rec(m, 'ProgressSignalRecord');
      s.previous_finding_match_key = matchKey('1-z');
    },
  ],
  [
    'artifact-finding-without-version',
    'finding_event_projection',
    ['validation.artifact_targeted_finding_missing_version_ref'],
    (m) => {
      delete byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-b')
        .based_on_artifact_version_ref;
    },
  ],
  [
    'match-key-without-artifact-stable-id',
    'finding_event_projection',
    ['validation.repeated_failure_key_missing_artifact_stable_id'],
    (m) => {
      delete byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-b').match_key
        .artifact_stable_id;
    },
  ],
  [
    'source-bound-finding-without-evidence-hash',
    'finding_event_projection',
    ['validation.evidence_signature_hash_missing_for_source_bound_finding'],
    (m) => {
      delete byId(m, 'EvaluationFindingEvent', 'finding_event_id', 'fndevt-1-b').match_key
        .evidence_signature_hash;
    },
  ],

  //
  [
    'envelope-without-basis',
    'pattern_c_route_conflict',
    ['validation.envelope_basis_missing'],
    (m) => {
      delete byId(m, 'EvaluationResultEnvelope', 'result_id', 'res-1-judge').evaluation_basis;
    },
  ],
  [
    'envelope-chain-id-legacy-name',
    'pattern_c_route_conflict',
    ['validation.chain_id_name_drift'],
    (m) => {
      byId(m, 'EvaluationResultEnvelope', 'result_id', 'res-1-judge').evaluation_chain_id =
        'chain-1';
    },
  ],
  [
    'envelope-in-other-chain',
    'pattern_c_route_conflict',
    ['validation.pattern_c_chain_id_mismatch'],
    (m) => {
      byId(m, 'EvaluationResultEnvelope', 'result_id', 'res-1-judge').target_evaluation_chain_id =
        'chain-2';
    },
  ],
  [
    'chain-complete-without-receipt',
    'pattern_c_route_conflict',
    ['validation.pattern_c_chain_without_resolution_receipt'],
    (m) => {
      m.records = m.records.filter((r) => r.type !== 'EvaluationChainResolutionReceipt');
    },
  ],
  [
    // The chain holds every expected producer's result and completed_at, but calls itself
    // partial: a status the record writes about itself cannot waive the receipt.
    'chain-says-partial-without-receipt',
    'pattern_c_route_conflict',
    ['validation.pattern_c_chain_without_resolution_receipt'],
    (m) => {
      m.records = m.records.filter((r) => r.type !== 'EvaluationChainResolutionReceipt');
      rec(m, 'EvaluationChainRegistryRecord').status = 'partial';
    },
  ],
  [
    // Superseded by no chain: nothing else resolves it.
    'chain-superseded-by-none-without-receipt',
    'pattern_c_route_conflict',
    ['validation.pattern_c_chain_without_resolution_receipt'],
    (m) => {
      m.records = m.records.filter((r) => r.type !== 'EvaluationChainResolutionReceipt');
      rec(m, 'EvaluationChainRegistryRecord').status = 'superseded';
    },
  ],
  [
    'chain-passes-over-blocker',
    'pattern_c_route_conflict',
    ['validation.pattern_c_route_conflict_unresolved'],
    (m) => {
      const r = rec(m, 'EvaluationChainResolutionReceipt');
      r.resolved_route = 'pass_path';
      r.resolved_verdict = 'passed';
      r.conflict_type = 'none';
    },
  ],
  [
    'chain-disagreement-not-to-human',
    'pattern_c_route_conflict',
    ['validation.pattern_c_route_conflict_unresolved'],
    (m) => {
      rec(m, 'EvaluationChainResolutionReceipt').resolved_route = 'fail_path';
    },
  ],
  [
    'chain-result-on-other-snapshot',
    'pattern_c_route_conflict',
    ['validation.pattern_c_snapshot_mismatch'],
    (m) => {
      byId(m, 'EvaluationResultEnvelope', 'result_id', 'res-1-judge').evaluation_snapshot_ref =
        'snap-0';
    },
  ],
  [
    'chain-complete-without-judge',
    'pattern_c_route_conflict',
    ['validation.pattern_c_missing_expected_producer'],
    (m) => {
      m.records = m.records.filter(
        (r) =>
          !(r.type === 'EvaluationResultEnvelope' && r.result_id === 'res-1-judge') &&
          !(r.type === 'EvaluationResultEmissionRecord' && r.result_id === 'res-1-judge'),
      );
      const c = rec(m, 'EvaluationChainRegistryRecord');
      c.received_result_ids = ['res-1-eval'];
      rec(m, 'EvaluationChainResolutionReceipt').result_ids_considered = ['res-1-eval'];
    },
  ],

  //
  [
    'runtime-state-emitted',
    'sufficiency_no_capability',
    ['validation.runtime_state_emitted_to_envelope'],
    (m) => {
      regItem(m, 'outcome-state-matrix.json', (r) => r.state === 'evaluating').emitted_to_envelope =
        true;
    },
  ],
  [
    'envelope-carries-runtime-state',
    'sufficiency_no_capability',
    ['validation.runtime_state_emitted_to_envelope'],
    (m) => {
      byId(m, 'EvaluationResultEnvelope', 'result_id', 'res-1-eval').state = 'pending_dependency';
    },
  ],
  [
    'disposition-without-verdict',
    'sufficiency_no_capability',
    ['validation.disposition_without_verdict_mapping'],
    (m) => {
      delete regItem(m, 'outcome-state-matrix.json', (r) => r.state === 'needs_information')
        .verdict_mapping;
    },
  ],
  [
    'matrix-missing-disposition',
    'sufficiency_no_capability',
    ['validation.disposition_without_verdict_mapping'],
    (m) => {
      m.registry['outcome-state-matrix.json'] = m.registry['outcome-state-matrix.json'].filter(
        (r) => r.state !== 'max_iterations_reached',
      );
    },
  ],

  // A-08 / B-23, A-18
  [
    'routing-branch-without-handler',
    'pattern_c_route_conflict',
    ['validation.feedback_branch_missing_handler'],
    (m) => {
      m.registry['routing.json'].branch_handlers.on_needs_more_sources = [];
    },
  ],
  [
    'delivery-on-unordered-branch',
    'pattern_c_route_conflict',
    ['validation.feedback_branch_unregistered'],
    (m) => {
      byId(m, 'FeedbackDeliveryRecord', 'delivery_id', 'dlv-1-2').branch = 'on_upstream_failure';
    },
  ],
  [
    'delivery-on-unknown-branch',
    'pattern_c_route_conflict',
    ['validation.feedback_branch_unregistered'],
    (m) => {
      byId(m, 'FeedbackDeliveryRecord', 'delivery_id', 'dlv-1-2').branch = 'on_needs_sources';
    },
  ],
  [
    'delivery-duplicated',
    'pattern_c_route_conflict',
    ['validation.feedback_delivery_duplicate_without_idempotency'],
    (m) => {
      const d = clone(byId(m, 'FeedbackDeliveryRecord', 'delivery_id', 'dlv-1-1'));
      d.delivery_id = 'dlv-1-3';
      d.consumer_activation_seq = 6;
      m.records.push(d);
    },
  ],
  [
    'delivery-without-key',
    'pattern_c_route_conflict',
    ['validation.feedback_delivery_duplicate_without_idempotency'],
    (m) => {
      delete byId(m, 'FeedbackDeliveryRecord', 'delivery_id', 'dlv-1-2').delivery_idempotency_key;
    },
  ],
  [
    'emission-without-bundle-or-reason',
    'pattern_c_route_conflict',
    ['validation.feedback_bundle_absence_unexplained'],
    (m) => {
      delete byId(m, 'EvaluationResultEmissionRecord', 'result_id', 'res-1-judge')
        .feedback_bundle_absent_reason;
    },
  ],
  [
    'feedback-bundle-against-matrix',
    'pattern_c_route_conflict',
    ['validation.feedback_bundle_emitted_against_matrix'],
    (m) => {
      const r = byId(m, 'EvaluationResultEmissionRecord', 'result_id', 'res-1-judge');
      delete r.feedback_bundle_absent_reason;
      r.feedback_bundle_ref = 'fb-1-judge';
    },
  ],
  [
    'emission-without-envelope',
    'pattern_c_route_conflict',
    ['validation.envelope_missing_for_result'],
    (m) => {
      byId(m, 'EvaluationResultEmissionRecord', 'result_id', 'res-1-judge').envelope_ref =
        'res-1-eval';
    },
  ],

  //
  [
    'pending-owner-without-degraded-behavior',
    'command_registry_phantom_button',
    ['validation.pending_owner_without_degraded_behavior'],
    (m) => {
      delete regItem(m, 'type-owners.json', (t) => t.status === 'pending_absorption')
        .pending_consumer_behavior;
    },
  ],
  [
    'learning-mode-cross-calibration',
    'sub_agent_reputation_insufficient_sample',
    ['validation.learning_mode_value_drift'],
    (m) => {
      rec(m, 'SubAgentReputationScore').learning_mode = 'cross_calibration';
    },
  ],
  [
    'revisor-declares-revision-in',
    'command_registry_phantom_button',
    ['validation.revisor_declares_revision_in'],
    (m) => {
      regItem(m, 'specs.json', (r) => r.type === 'RevisorPlannerInputPorts').revision_in =
        'port:rev';
    },
  ],
  [
    'revision-port-without-capability',
    'command_registry_phantom_button',
    ['validation.meaning_bearing_repair_without_revision_capability'],
    (m) => {
      const p = regItem(m, 'specs.json', (r) => r.port_id === 'context_in');
      p.revision_compatible = true;
    },
  ],
  [
    'legal-payload-legacy-authority',
    'forum_cross_matter_leak',
    ['validation.legal_payload_authority_level_legacy'],
    (m) => {
      rec(m, 'LegalSourcePayload').authority_level = 'binding';
    },
  ],
  [
    'legal-payload-without-treatment',
    'forum_cross_matter_leak',
    ['validation.legal_treatment_status_missing_when_legal_source'],
    (m) => {
      delete rec(m, 'LegalSourcePayload').treatment_status;
    },
  ],
  [
    'workspace-hashes-as-artifact-map',
    'source_workspace_concurrent_write',
    ['validation.source_workspace_hash_typed_as_artifact_hash'],
    (m) => {
      rec(m, 'EvaluationSnapshot').source_workspace_snapshot_hashes = { 'src-1': sha('src-1') };
    },
  ],
  [
    'snapshot-without-workspace-hashes',
    'source_workspace_concurrent_write',
    ['validation.evaluation_snapshot_missing_workspace_hash_set'],
    (m) => {
      rec(m, 'EvaluationSnapshot').source_workspace_snapshot_hashes = [];
    },
  ],

  // C-01 formula registry
  [
    'rollup-without-window',
    'formula_nan_zero_denominator',
    ['validation.metric_rollup_without_window'],
    (m) => {
      delete rec(m, 'MetricRollup').measurement_window;
    },
  ],
  [
    'rollup-includes-invalidated',
    'formula_nan_zero_denominator',
    ['validation.metric_rollup_includes_invalidated_observation'],
    (m) => {
      rec(m, 'MetricRollup').excluded_observation_refs.push({
        observation_ref: 'obs-1-2',
        exclusion_reason: 'invalidated',
      });
    },
  ],
  [
    'formula-without-test-vectors',
    'formula_nan_zero_denominator',
    ['validation.formula_test_vector_missing'],
    (m) => {
      regItem(m, 'formulas.json', (f) => f.formula_id === 'quality_index_v1').test_vectors = [];
    },
  ],
  // A-09 BuildReadyGate record: what the bundle itself shows of its requirements
  ['clean-build-ready-gate', 'command_registry_phantom_button', [], (m) => buildReadyGate(m)],
  [
    'build-ready-gate-pending-row',
    'command_registry_phantom_button',
    ['validation.build_ready_gate_failed', 'validation.pending_owner_without_degraded_behavior'],
    (m) => {
      buildReadyGate(m);
      delete regItem(m, 'type-owners.json', (t) => t.status === 'pending_absorption')
        .pending_consumer_behavior;
    },
  ],
  [
    'build-ready-gate-owner-registered-twice',
    'command_registry_phantom_button',
    ['addenda_b.record_id_repeated', 'validation.build_ready_gate_failed'],
    (m) => {
      buildReadyGate(m);
      const owners = m.registry['type-owners.json'];
      owners.push({ ...clone(owners[0]), canonical_owner_doc: 'DOC20' });
    },
  ],
  [
    'build-ready-gate-without-suite',
    'command_registry_phantom_button',
    ['validation.build_ready_gate_failed'],
    (m) => {
      buildReadyGate(m).required_validation_suite_refs = [];
    },
  ],
  [
    'build-ready-gate-suite-wrong-type',
    'command_registry_phantom_button',
    ['validation.build_ready_gate_failed'],
    (m) => {
      buildReadyGate(m).required_validation_suite_refs = ['conformance/addenda-b', 'rc-1-qi'];
    },
  ],
  // C-01 test vectors (executed) and the refs of recomputed receipts (addenda_b.*, ours)
  [
    'formula-vector-wrong-output',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_test_vector_failed'],
    (m) => {
      regItem(
        m,
        'formula-vectors.json',
        (v) => v.value_id === 'tv.criterion_weights_v1.1.out',
      ).value = { a: 0.5, b: 0.5 };
    },
  ],
  [
    'formula-vector-wrong-code',
    'template_match_zero_weight',
    ['addenda_b.formula_test_vector_failed'],
    (m) => {
      // vector 6 ("all weights zero") throws template_match_total_weight_zero
      const spec = regItem(m, 'formulas.json', (f) => f.formula_id === 'template_match_score_v1');
      spec.test_vectors[5].expected_validation_codes = ['validation.template_match_weight_invalid'];
    },
  ],
  [
    'formula-vector-quality-status',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_test_vector_failed'],
    (m) => {
      // vector 1: a gate failure wins over a high score
      regItem(
        m,
        'formula-vectors.json',
        (v) => v.value_id === 'tv.quality_index_pass_status_v1.1.out',
      ).value = 'passed';
    },
  ],
  [
    'formula-vector-input-wrong-type',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_ref_unresolved'],
    (m) => {
      const spec = regItem(m, 'formulas.json', (f) => f.formula_id === 'criterion_weights_v1');
      spec.test_vectors[0].input_ref = 'rc-1-qi';
    },
  ],
  [
    'formula-receipt-input-wrong-type',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_ref_unresolved'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-weights').input_refs = ['obs-1-1'];
    },
  ],
  [
    'formula-receipt-input-missing',
    'template_match_zero_weight',
    ['addenda_b.formula_ref_unresolved'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-tm').input_refs.push('val-1-tm-more');
    },
  ],
  [
    'formula-receipt-output-wrong-type',
    'template_match_zero_weight',
    ['addenda_b.formula_ref_unresolved'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-tm').output_ref = 'rc-1-qi';
    },
  ],
  [
    'formula-receipt-output-missing',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_ref_unresolved'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-weights').output_ref =
        'outputs/elsewhere';
    },
  ],
  [
    'formula-recompute-over-budget',
    'formula_nan_zero_denominator',
    ['addenda_b.formula_unchecked'],
    (m) => {
      // 200 receipts that each merge one value of 1,000 criteria with a value of their own: each
      // recomputation costs the large value again, past 64 times the bundle's FormulaValues. One
      // criterion is anchored and the others excluded, so the output is small.
      const n = 1000;
      const criteria = Array.from({ length: n }, (_, i) => ({
        criterion_id: `k${i}`,
        scoring_basis: i === 0 ? 'anchored' : 'unanchored_llm_judgment',
        weight: 1,
      }));
      const policy = byId(m, 'FormulaValue', 'value_id', 'val-1-weights-in').value.policy;
      const output = { k0: 1 };
      m.records.push(
        { type: 'FormulaValue', value_id: 'val-big-in', value: { criteria, policy } },
        { type: 'FormulaValue', value_id: 'val-big-out', value: output },
      );
      for (let i = 0; i < 200; i++)
        m.records.push(
          { type: 'FormulaValue', value_id: `val-big-note-${i}`, value: { note: i } },
          receipt(
            `rc-big-${i}`,
            'criterion_weights_v1',
            ['val-big-in', `val-big-note-${i}`],
            'val-big-out',
          ),
        );
    },
  ],
  [
    'formula-spec-held-twice',
    'formula_nan_zero_denominator',
    ['addenda_b.record_id_repeated'],
    (m) => {
      // A second spec under the real one's formula_id, naming no seed function: written first, it
      // would have switched recomputation off; rules read one copy, so a second is reported.
      const spec = regItem(m, 'formulas.json', (f) => f.formula_id === 'criterion_weights_v1');
      m.registry['formulas.json'].push({
        ...JSON.parse(JSON.stringify(spec)),
        expression_ref: 'doc23:weights.ts',
      });
    },
  ],
  [
    'formula-expression-respelled',
    'template_match_zero_weight',
    ['addenda_b.formula_expression_unrecognised'],
    (m) => {
      // Another prefix would switch recomputation of its receipts and vectors off.
      const spec = regItem(m, 'formulas.json', (f) => f.formula_id === 'template_match_score_v1');
      m.registry['formulas.json'].push({
        ...JSON.parse(JSON.stringify(spec)),
        formula_id: 'template_match_score_v2',
        expression_ref: 'ts:computeTemplateOverallScore',
      });
    },
  ],
  [
    'receipt-on-old-formula-version',
    'formula_nan_zero_denominator',
    ['validation.formula_version_drift'],
    (m) => {
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-qi').formula_semantic_version =
        '0.9.0';
    },
  ],
  [
    'spearman-declared-as-ratio',
    'formula_nan_zero_denominator',
    ['validation.correlation_metric_declared_as_ratio'],
    (m) => {
      const f = regItem(m, 'formulas.json', (x) => x.formula_id === 'confidence_spearman_v1');
      f.output.value_kind = 'ratio';
    },
  ],

  // C-01 / C-09 normalizeCriterionWeights (recomputed)
  [
    'weights-unanchored-indeterminate',
    'formula_nan_zero_denominator',
    ['validation.unanchored_required_criterion_indeterminate'],
    (m) => {
      weightsCase(m, 'validation.unanchored_required_criterion_indeterminate', {
        unanchored_llm_judgment_policy: 'indeterminate',
      });
    },
  ],
  [
    'weights-no-eligible-criteria',
    'formula_nan_zero_denominator',
    ['validation.no_aggregation_eligible_criteria'],
    (m) => {
      weightsCase(m, 'validation.no_aggregation_eligible_criteria', {}, (c) =>
        c.map((x) => ({ ...x, scoring_basis: 'unanchored_llm_judgment' })),
      );
    },
  ],
  [
    'weights-missing-weight',
    'formula_nan_zero_denominator',
    ['validation.criterion_weight_missing_under_from_criterion_weight'],
    (m) => {
      weightsCase(m, 'validation.criterion_weight_missing_under_from_criterion_weight', {}, (c) => [
        { ...c[0], weight: null },
        c[1],
      ]);
    },
  ],
  [
    'weights-priority-not-in-map',
    'formula_nan_zero_denominator',
    ['validation.criterion_priority_weight_missing'],
    (m) => {
      weightsCase(
        m,
        'validation.criterion_priority_weight_missing',
        { default_weight_policy: 'from_priority' },
        (c) => [{ ...c[0], priority: 'could_have' }, c[1]],
      );
    },
  ],
  [
    'weights-nan',
    'formula_nan_zero_denominator',
    ['validation.criterion_weight_invalid'],
    (m) => {
      weightsCase(m, 'validation.criterion_weight_invalid', {}, (c) => [
        { ...c[0], weight: 'NaN' },
        c[1],
      ]);
    },
  ],
  [
    'weights-negative',
    'formula_nan_zero_denominator',
    ['validation.criterion_weight_invalid'],
    (m) => {
      weightsCase(m, 'validation.criterion_weight_invalid', {}, (c) => [
        { ...c[0], weight: -1 },
        c[1],
      ]);
    },
  ],
  [
    'weights-all-zero',
    'formula_nan_zero_denominator',
    ['validation.criterion_weight_sum_zero'],
    (m) => {
      weightsCase(m, 'validation.criterion_weight_sum_zero', {}, (c) =>
        c.map((x) => ({ ...x, weight: 0 })),
      );
    },
  ],
  [
    'weights-error-not-recorded',
    'formula_nan_zero_denominator',
    ['validation.criterion_weight_sum_zero', 'addenda_b.formula_output_mismatch'],
    (m) => {
      weightsCase(
        m,
        'validation.criterion_weight_sum_zero',
        {},
        (c) => c.map((x) => ({ ...x, weight: 0 })),
        false,
      );
    },
  ],

  // C-09 computeTemplateOverallScore (recomputed)
  [
    'template-component-out-of-range',
    'template_match_zero_weight',
    ['validation.template_match_component_out_of_range'],
    (m) => {
      templateCase(m, 'validation.template_match_component_out_of_range', (a) => {
        a.components.task_type_match = 1.5;
      });
    },
  ],
  [
    'template-weight-negative',
    'template_match_zero_weight',
    ['validation.template_match_weight_invalid'],
    (m) => {
      templateCase(m, 'validation.template_match_weight_invalid', (a) => {
        a.weights.task_type_match = -1;
      });
    },
  ],
  [
    'template-all-weights-zero',
    'template_match_zero_weight',
    ['validation.template_match_total_weight_zero'],
    (m) => {
      templateCase(m, 'validation.template_match_total_weight_zero', (a) => {
        for (const k of TEMPLATE_KEYS) a.weights[k] = 0;
      });
    },
  ],
  [
    'template-soft-penalty-over-max',
    'template_match_zero_weight',
    ['validation.template_match_soft_penalty_invalid'],
    (m) => {
      templateCase(m, 'validation.template_match_soft_penalty_invalid', (a) => {
        a.softPenaltySum = 0.75;
      });
    },
  ],
  [
    'template-hard-veto-cap-invalid',
    'template_match_zero_weight',
    ['validation.template_match_hard_veto_cap_invalid'],
    (m) => {
      templateCase(m, 'validation.template_match_hard_veto_cap_invalid', (a) => {
        a.formula.hard_veto_cap = 1.5;
      });
    },
  ],
  [
    'template-output-nan',
    'template_match_zero_weight',
    ['validation.template_match_output_nan', 'validation.formula_output_nan_or_infinity'],
    (m) => {
      byId(m, 'FormulaValue', 'value_id', 'val-1-tm-out').value = 'NaN';
      byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-tm').finite_number_check =
        'failed_nan';
    },
  ],

  // C-01 QualityIndex, C-07, C-08, calibration, C-10
  [
    'quality-index-status-drift',
    'formula_nan_zero_denominator',
    ['validation.quality_index_pass_status_drift'],
    (m) => {
      rec(m, 'QualityIndex').derived_pass_status = 'passed';
    },
  ],
  [
    'quality-index-gate-failure-ignored',
    'formula_nan_zero_denominator',
    ['validation.quality_index_pass_status_drift'],
    (m) => {
      const q = rec(m, 'QualityIndex');
      q.aggregate_score = 0.9;
      q.required_gate_failures = ['citations'];
      q.derived_pass_status = 'passed';
    },
  ],
  [
    'quality-index-without-receipt',
    'formula_nan_zero_denominator',
    [
      'validation.quality_index_without_formula_receipt',
      'validation.metric_value_without_formula_receipt',
    ],
    (m) => {
      delete rec(m, 'QualityIndex').formula_eval_receipt_ref;
    },
  ],
  [
    'quality-index-score-out-of-range',
    'formula_nan_zero_denominator',
    ['validation.quality_index_score_out_of_range'],
    (m) => {
      rec(m, 'QualityIndex').aggregate_score = 1.3;
    },
  ],
  [
    'cost-unit-mismatch',
    'formula_nan_zero_denominator',
    ['validation.cost_vector_unit_mismatch'],
    (m) => {
      rec(m, 'CostVector').components.input_tokens.unit = 'output_tokens';
    },
  ],
  [
    'cost-negative',
    'formula_nan_zero_denominator',
    ['validation.cost_vector_negative_component'],
    (m) => {
      rec(m, 'CostVector').components.usd.p50 = -0.1;
    },
  ],
  [
    'novelty-no-neighbor-with-distance',
    'novelty_no_neighbor',
    ['validation.novelty_no_neighbor_has_distance'],
    (m) => {
      rec(m, 'NoveltyAssessmentNoNeighbor').closest_pattern_distance = 0.4;
    },
  ],
  [
    'novelty-neighbor-without-distance',
    'novelty_no_neighbor',
    ['validation.novelty_neighbor_missing_distance'],
    (m) => {
      delete rec(m, 'NoveltyAssessmentWithNeighbor').closest_pattern_distance;
    },
  ],
  [
    'novelty-spec-unregistered',
    'novelty_no_neighbor',
    ['validation.novelty_metric_space_undefined'],
    (m) => {
      rec(m, 'NoveltyAssessmentNoNeighbor').metric_spec_ref = 'novelty.jaccard.v1';
    },
  ],
  [
    'calibration-without-sample-policy',
    'sub_agent_reputation_insufficient_sample',
    ['validation.calibration_metric_without_sample_policy'],
    (m) => {
      delete regItem(m, 'specs.json', (r) => r.metric_id === 'confidence_convergence_spearman')
        .sample_policy;
    },
  ],
  [
    'calibration-one-class',
    'sub_agent_reputation_insufficient_sample',
    ['validation.calibration_metric_all_one_class'],
    (m) => {
      const r = rec(m, 'CalibrationMetricResult');
      r.positive_count = 64;
      r.negative_count = 0;
    },
  ],
  [
    'calibration-time-to-event-uncensored',
    'sub_agent_reputation_insufficient_sample',
    ['validation.calibration_metric_without_censoring_policy'],
    (m) => {
      delete regItem(m, 'specs.json', (r) => r.metric_id === 'planner_confidence_brier_score')
        .censoring_policy;
    },
  ],
  [
    'criterion-legacy-hash-name',
    'formula_nan_zero_denominator',
    ['validation.criterion_semantics_hash_legacy_name'],
    (m) => {
      rec(m, 'CriterionIdentityFields').criterion_semantics_hash = sha('c1a');
    },
  ],
  [
    'criterion-version-bump-unreviewed',
    'formula_nan_zero_denominator',
    ['validation.semantic_version_bumped_without_review_receipt'],
    (m) => {
      delete rec(m, 'CriterionIdentityFields', (r) => r.criterion_semantics_version === '1.1')
        .semantic_review_receipt_ref;
    },
  ],
  ...SECTIONS.flatMap((s) => s.FIXTURES),
];

/** Adds the seed's BuildReadyGate (L754-763) to the registry; returns it. */
function buildReadyGate(m) {
  const gate = {
    type: 'BuildReadyGate',
    gate_id: 'build-ready.doc23-addenda-b.v1',
    target_doc_family: 'DOC23_ADDENDA_B',
    required_type_owner_registry_clean: true,
    required_pending_absorption_rows_closed_or_degraded: true,
    required_command_registry_entries_complete: true,
    required_cross_doc_insert_obligations_absorbed_or_stubbed: true,
    required_validation_suite_refs: ['conformance/addenda-b'],
    schema_version: '1.0',
  };
  m.registry['build-ready.json'] = gate;
  return gate;
}

/** Replaces entity 1's weights inputs; the receipt records the resulting error, as a correct producer would. */
function weightsCase(m, code, policy, criteria = (c) => c, recorded = true) {
  const args = value(m, 'val-1-weights-in');
  args.policy = { ...args.policy, ...policy };
  args.criteria = criteria(args.criteria);
  m.records = m.records.filter(
    (r) => !(r.type === 'FormulaValue' && r.value_id === 'val-1-weights-out'),
  );
  const r = byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-weights');
  r.output_ref = 'outputs/none';
  if (recorded) r.validation_codes = [code];
}

function templateCase(m, code, mutate) {
  mutate(value(m, 'val-1-tm-in'));
  m.records = m.records.filter(
    (r) => !(r.type === 'FormulaValue' && r.value_id === 'val-1-tm-out'),
  );
  const r = byId(m, 'FormulaEvaluationReceipt', 'receipt_id', 'rc-1-tm');
  r.output_ref = 'outputs/none';
  r.validation_codes = [code];
}

export function buildFixtures(outDir) {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const [id, kind, expected, how, extra = {}] of FIXTURES) {
    const m = bundleModel(typeof how === 'function' ? {} : how);
    if (typeof how === 'function') how(m);
    const dir = path.join(outDir, id);
    const input = path.join(dir, 'input');
    if (m.meta === undefined) {
      writeBundle(input, { ...m, meta: {} });
      fs.rmSync(path.join(input, 'bundle.json'));
    } else writeBundle(input, { ...m, records: [] });
    // records may hold raw lines (strings) written as they are
    fs.writeFileSync(
      path.join(input, 'records.jsonl'),
      m.records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n',
    );
    const fixture = {
      fixture_id: id,
      fixture_kind: kind,
      input_bundle_ref: 'input',
      expected_validation_codes: expected,
      // a fifth entry adds seed fields, e.g. { expected_terminal_state: 'failed' }
      ...extra,
      schema_version: '1.0',
    };
    fs.writeFileSync(path.join(dir, 'fixture.json'), JSON.stringify(fixture, null, 2) + '\n');
  }
  return FIXTURES.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const out = path.resolve(process.argv[2] ?? path.join(root, 'conformance/addenda-b'));
  console.log(`${buildFixtures(out)} fixtures written to ${out}`);
}
