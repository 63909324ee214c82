// Addenda B fixtures for §5 (B-*) runtime, concurrency and distributed-system contracts: registry records, the records one entity of a clean run adds,
// and the fixtures ([fixture_id, fixture_kind, expected codes, mutate(model), extra fixture fields?]).
import { at, byId, clone, rec, regItem, sha } from './helpers.mjs';

const STEP_KINDS = ['edit_section', 'regenerate_section', 'verify_source', 'research'];

/** Registry files (name → records) merged into the base registry. */
export function registry() {
  return {
    'revision-plan-step-kinds.json': [
      { type: 'FormulaValue', value_id: 'RevisionPlanStepKind', value: STEP_KINDS },
    ],
    'forum-deliberation.json': [
      {
        type: 'ForumDeliberationPolicy',
        room_id: 'room-1',
        max_deliberation_ticks: 12,
        consensus_threshold_pct: 66,
        on_no_consensus: 'forum_deadlock_hard_call',
        schema_version: '1.0',
      },
    ],
    'outcome-dependency.json': [
      {
        type: 'OutcomeDependencyGraphPolicy',
        policy_id: 'outcome-deps-1',
        reject_declared_cycles: true,
        on_cycle_detected: 'reject_graph',
        terminal_upstream_failure_cascades_immediately: true,
        pending_dependency_state_entry_rechecks_upstream_failure: true,
        schema_version: '1.0',
      },
    ],
    'sufficiency.json': [
      {
        type: 'SufficiencyDetectionPolicy',
        policy_id: 'sufficiency-1',
        min_attempts_before_no_improvement: 2,
        no_improvement_window: 2,
        improvement_metric_ref: 'quality_index_v1',
        epsilon: 0.03,
        max_total_attempts: 6,
        procedure_universe_scope: 'policy_allowed_only',
        require_capability_snapshot: true,
        require_policy_snapshot: true,
        require_attempt_signature_hash: true,
        schema_version: '1.0',
      },
    ],
  };
}

const head = (n, v = '') => sha(`ws-${n}-head${v}`);

function workspaceOp(n, id, kind, precondition) {
  return {
    type: 'SourceWorkspaceOperation',
    operation_id: id,
    operation_kind: kind,
    task_id: 'task-1',
    run_id: 'run-1',
    workspace_id: `ws-${n}`,
    actor_ref: 'module:researcher',
    idempotency_key: sha(id),
    ...(precondition ? { precondition } : {}),
    policy_decision_refs: [],
    data_class: 'internal',
    taint_class: 'clean',
    matter_id: 'matter-1',
    privileged: false,
    created_at: at(60),
    schema_version: '1.0',
  };
}

function workspaceReceipt(n, id, op, kind, status, extra) {
  return {
    type: 'SourceWorkspaceOperationReceipt',
    receipt_id: id,
    operation_id: op,
    operation_kind: kind,
    workspace_id: `ws-${n}`,
    status,
    ...extra,
    created_at: at(61),
    schema_version: '1.0',
  };
}

const precondition = (n, seq = 10, h = head(n)) => ({
  workspace_id: `ws-${n}`,
  expected_workspace_head_hash: h,
  expected_event_seq: seq,
  lock_mode: 'optimistic_event_seq',
  on_conflict: 'abort_and_reevaluate',
  schema_version: '1.0',
});

const revalidation = (n) => ({
  policy_kind: 'revalidate_targeted_outcomes',
  outcomes_to_recheck: [`outcome-${n}`],
  rationale: 'the edited section is what the outcome judges',
  schema_version: '1.0',
});

function step(n, i, deps) {
  return {
    step_id: `s-${n}-${i}`,
    step_order: i,
    step_kind: 'edit_section',
    depends_on_step_ids: deps,
    target_refs: [`artifact-${n}`],
    revalidation_policy: revalidation(n),
    revalidation_rationale: 'recheck the outcome the edit addresses',
    schema_version: '1.0',
  };
}

const transition = (from, to, kind) => ({
  type: 'RevisionExecutionLifecycleTransition',
  from_state: from,
  to_state: to,
  triggered_by_receipt_kind: kind,
  schema_version: '1.0',
});

function idempotencyKey(n, i) {
  return {
    type: 'StepIdempotencyKey',
    run_id: 'run-1',
    plan_id: `plan-${n}`,
    step_id: `s-${n}-${i}`,
    step_kind: 'edit_section',
    target_ref_hash: sha(`artifact-${n}`),
    input_payload_hash: sha(`payload-${n}-${i}`),
    attempt_class: 'first',
    schema_version: '1.0',
  };
}

const opReceipt = (n, i, pre, post) => ({
  type: 'RevisionOperationReceipt',
  receipt_id: `rop-${n}-${i}`,
  step_id: `s-${n}-${i}`,
  expected_pre_hash: pre,
  produced_post_hash: post,
  created_at: at(70 + i),
  schema_version: '1.0',
});

const cascadeReceipt = (n, i, status) => ({
  type: 'RevalidationCascadeReceipt',
  receipt_id: `rcr-${n}-${i}`,
  cascade_run_id: `casc-${n}`,
  status,
  affected_outcome_ids: [`outcome-${n}`],
  created_at: at(80 + i),
  schema_version: '1.0',
});

/** Records entity n of a clean run adds, after the part-1 records. */
export function entityRecords(n) {
  const v = (k) => sha(`artifact-${n}@v${k}`);
  return [
    // Source Workspace: a read, then one mutation against the head it read
    workspaceOp(n, `op-${n}-read`, 'read_workspace_snapshot'),
    workspaceReceipt(
      n,
      `swr-${n}-read`,
      `op-${n}-read`,
      'read_workspace_snapshot',
      'read_completed',
      {
        prior_workspace_head_hash: head(n),
        new_workspace_head_hash: head(n),
        prior_event_seq: 10,
        new_event_seq: 10,
      },
    ),
    workspaceOp(n, `op-${n}-add`, 'add_source_record', precondition(n)),
    workspaceReceipt(n, `swr-${n}-add`, `op-${n}-add`, 'add_source_record', 'applied', {
      prior_workspace_head_hash: head(n),
      new_workspace_head_hash: head(n, 2),
      prior_event_seq: 10,
      new_event_seq: 11,
    }),
    // a rolling-hash plan: two edits of one artifact, chained
    {
      type: 'RevisionPlan',
      plan_id: `plan-${n}`,
      mutation_mode: 'rolling_hash_in_place',
      in_place_mutation_locks: [1, 2].map((i) => ({
        step_id: `s-${n}-${i}`,
        target_section_anchor_hash: sha(`artifact-${n}#sec${i}`),
        expected_base_version_id: `artifact-${n}@v3`,
        expected_pre_hash: v(2 + i),
      })),
      steps: [step(n, 1, []), step(n, 2, [`s-${n}-1`])],
      dependency_edges: [
        {
          from_step_id: `s-${n}-1`,
          to_step_id: `s-${n}-2`,
          edge_kind: 'requires_artifact_version',
          schema_version: '1.0',
        },
      ],
    },
    {
      type: 'RevisionPlanConcurrencyProfile',
      plan_id: `plan-${n}`,
      required_for_overall_pass: true,
      high_stakes: false,
      outcome_priority: n,
      plan_risk_score: 0.2,
      estimated_lock_duration_ms: 1500,
      deterministic_final_key: `plan-${n}`,
      schema_version: '1.0',
    },
    idempotencyKey(n, 1),
    idempotencyKey(n, 2),
    opReceipt(n, 1, v(3), v(4)),
    opReceipt(n, 2, v(4), v(5)),
    {
      type: 'TypedRevisionInstruction',
      instruction_id: `tri-${n}`,
      revalidation_policy_ref: `s-${n}-2`,
      schema_version: '1.1',
    },
    transition('step_receipt_received', 'revalidating', 'RevisionOperationReceipt'),
    // the revalidation cascade settles before success
    {
      type: 'RevalidationCascadeRun',
      cascade_run_id: `casc-${n}`,
      originating_receipt_ref: `rop-${n}-2`,
      task_id: 'task-1',
      run_id: 'run-1',
      origin_outcome_id: `outcome-${n}`,
      visited_outcome_ids: [`outcome-${n}`],
      active_outcome_ids: [`outcome-${n}`],
      depth: 1,
      max_depth: 5,
      status: 'running',
      created_at: at(80),
      schema_version: '1.0',
    },
    cascadeReceipt(n, 1, 'running'),
    transition('revalidating', 'cascade_running', 'RevalidationCascadeReceipt'),
    cascadeReceipt(n, 2, 'quiescent'),
    transition('cascade_running', 'terminal_satisfied', 'RevalidationCascadeReceipt'),
    // a regenerate that produced a new output
    {
      type: 'RegenerateRevisionPayload',
      revision_intent: 'regenerate',
      previous_attempt_hashes: [sha(`gen-${n}-0`)],
      required_variation_policy: 'change_sampling_parameters',
      schema_version: '1.0',
    },
    {
      type: 'RegenerateAttemptReceipt',
      receipt_id: `regen-${n}-1`,
      input_hash: sha(`regen-in-${n}`),
      output_hash: sha(`gen-${n}-1`),
      matched_previous_attempt: false,
      action_taken: 'accepted_new_output',
      created_at: at(90),
      schema_version: '1.0',
    },
    // a Hard Call with two options, resolved by the dispatcher
    {
      type: 'HardRevisionCall',
      hard_call_id: `hc-${n}`,
      response_mode: 'closed_choice',
      options: [
        { option_id: `hc-${n}-keep`, label: 'Keep the cited holding' },
        { option_id: `hc-${n}-drop`, label: 'Drop the claim' },
      ],
      prompt_text: 'The holding is contested; keep or drop the claim?',
      pending_policy: {
        hard_call_id: `hc-${n}`,
        blocking_scope: 'outcome',
        blocked_refs: [`outcome-${n}`],
        allowed_to_continue_refs: [],
        context_visible_to_continuing_modules: 'hard_call_pending_summary',
        on_defer: 'pause_scope',
        on_timeout: 'escalate',
        schema_version: '1.0',
      },
      created_at: at(91),
      schema_version: '1.1',
    },
    {
      type: 'HardCallResolutionReceipt',
      receipt_id: `hcr-${n}`,
      hard_call_id: `hc-${n}`,
      operation_kind: 'hard_call_resolved',
      dispatcher_actor_ref: 'dispatcher',
      resolved_by_user_ref: 'user:reviewer',
      selected_option_id: `hc-${n}-keep`,
      created_at: at(92),
      schema_version: '1.0',
    },
    // the sufficiency detector ran and found a procedure
    detection(n, {}),
  ];
}

function detection(n, extra) {
  return {
    type: 'SufficiencyDetectionResult',
    detection_id: `det-${n}`,
    outcome_id: `outcome-${n}`,
    run_id: 'run-1',
    evaluated_at: at(93),
    policy_ref: 'sufficiency-1',
    no_sufficient_procedure: false,
    triggered_by: [],
    coverage_assessment_ref: `cov-${n}`,
    candidate_procedures: [candidate(n, 1)],
    attempts: [],
    blocking_research_need_refs: [],
    decisive_policy_decision_refs: [],
    terminal_route: 'needs_information',
    hard_call_required: false,
    rationale: 'a policy-allowed procedure remains',
    schema_version: '1.0',
    ...extra,
  };
}

function candidate(n, i, extra = {}) {
  return {
    procedure_id: `proc-${n}-${i}`,
    strategy_kind: 'targeted_edit',
    repair_target: `outcome-${n}`,
    required_capabilities: ['cap:editor'],
    policy_allowed: true,
    safety_class: 'mechanical',
    tried: false,
    exhausted: false,
    schema_version: '1.0',
    ...extra,
  };
}

function attempt(n, i, extra = {}) {
  return {
    attempt_id: `att-${n}-${i}`,
    procedure_id: `proc-${n}-1`,
    strategy_kind: 'targeted_edit',
    input_signature_hash: sha(`att-in-${n}-${i}`),
    output_signature_hash: sha(`att-out-${n}-${i}`),
    score_before: 0.5,
    score_after: 0.51,
    score_delta: 0.01,
    terminal_status: 'no_material_improvement',
    receipt_refs: [],
    schema_version: '1.0',
    ...extra,
  };
}

function outcomeObservation(n, terminalClass) {
  return {
    type: 'RevisionCycleOutcomeObservation',
    observation_id: `rco-${n}`,
    outcome_id: `outcome-${n}`,
    run_id: 'run-1',
    cycle_count: 3,
    terminal_class: terminalClass,
    observation_window: { start: at(0), end: at(120) },
    schema_version: '1.0',
  };
}

// ── mutation helpers ────────────────────────────────────────────────────────────────────────────

const plan = (m) => byId(m, 'RevisionPlan', 'plan_id', 'plan-1');
const planStep = (m, i) => plan(m).steps.find((s) => s.step_id === `s-1-${i}`);
const wsReceipt = (m, id) => byId(m, 'SourceWorkspaceOperationReceipt', 'receipt_id', id);
const det = (m) => byId(m, 'SufficiencyDetectionResult', 'detection_id', 'det-1');
const lifecycle = (m, to) =>
  rec(m, 'RevisionExecutionLifecycleTransition', (t) => t.to_state === to);
const regenReceipt = (m) => byId(m, 'RegenerateAttemptReceipt', 'receipt_id', 'regen-1-1');
const push = (m, ...records) => m.records.push(...records);
const forum = (m) => regItem(m, 'forum-deliberation.json');
const suffPolicy = (m) => regItem(m, 'sufficiency.json');
const hardCall = (m) => byId(m, 'HardRevisionCall', 'hard_call_id', 'hc-1');

/** A second writer against the head op-1-add already moved on. */
function secondWriter(m, status, extra) {
  push(
    m,
    workspaceOp(1, 'op-1-add-b', 'update_source_record', precondition(1)),
    workspaceReceipt(1, 'swr-1-add-b', 'op-1-add-b', 'update_source_record', status, extra),
  );
}

function noImprovement(m) {
  Object.assign(det(m), {
    triggered_by: ['max_attempts_without_material_score_improvement'],
    attempts: [attempt(1, 1), attempt(1, 2)],
  });
}

function sideEffectCancel(m, policy) {
  push(
    m,
    {
      type: 'TaskRunFork',
      fork_id: 'fork-1-retry',
      parent_run_id: 'run-1',
      forked_from_checkpoint_ref: 'kgc-1',
      new_run_id: 'run-1b',
      fork_reason: 'retry from the last known-good checkpoint',
      irrevocable_side_effects_at_fork: [
        {
          side_effect_id: 'se-1-3',
          kind: 'export_bundle',
          executed_at: at(48),
          note: 'not_reversible_in_fork',
          receipt_ref: 'ext-1-3',
        },
        {
          side_effect_id: 'se-1-email',
          kind: 'email_sent',
          executed_at: at(95),
          note: 'not_reversible_in_fork',
          receipt_ref: 'se-receipt-1',
        },
      ],
      created_at: at(96),
      schema_version: '1.0',
    },
    {
      type: 'TaskCancelProtocol',
      cancel_request_id: 'cancel-1',
      task_id: 'task-1',
      run_id: 'run-1',
      requested_by_ref: 'user:reviewer',
      cancel_scope: 'side_effect_intent',
      target_refs: ['se-1-email'],
      in_flight_handling: 'request_graceful_stop',
      side_effect_policy: policy,
      candidate_disposition: 'retain_for_manual_review',
      source_workspace_disposition: 'retain_records',
      learning_signal_policy: 'emit_cancel_diagnostic_only',
      created_at: at(97),
      schema_version: '1.0',
    },
  );
}

/** The run skipped an optional helper for budget (BudgetNarrative, L3077-3091). */
function skippedHelper(m, receipted) {
  if (receipted)
    push(m, {
      type: 'TaskSkipReceipt',
      skip_id: 'skip-1',
      target_ref: 'module:style-polisher',
      skipped_by_ref: 'dispatcher',
      reason: 'policy_blocked',
      downstream_effect: 'none',
      created_at: at(99),
      schema_version: '1.0',
    });
  push(m, {
    type: 'BudgetNarrative',
    budget_narrative_id: 'bn-1',
    task_id: 'task-1',
    run_id: 'run-1',
    actual_cost_record_refs: [],
    forecast_vs_actual_summary: 'under forecast',
    summary: 'The style pass was skipped to stay within the cap.',
    skipped_optional_helpers: ['module:style-polisher'],
    preserved_non_degradable_modes: ['citation_check'],
    degraded_modes_used: [],
    quality_impact_summary: 'no effect on legal accuracy',
    formula_eval_receipt_refs: [],
    created_at: at(100),
    schema_version: '1.1',
  });
}

function forumRequest(m, room) {
  push(m, {
    type: 'ModuleAssistanceRequest',
    request_id: 'mar-1',
    task_id: 'task-1',
    run_id: 'run-1',
    requester_ref: 'module:drafter',
    target: 'forum_room',
    target_endpoint_ref: room,
    answer_schema_ref: 'schema:forum-answer',
    request_kind: 'substantive_review',
    response_policy: 'required_before_continue',
    lease: { holder_ref: 'forum', lease_version: '1', acquired_at: at(98), expires_at: at(110) },
    timeout_ms: 600000,
    on_timeout: 'escalate_human',
    created_at: at(98),
    schema_version: '1.0',
  });
}

/** Two plans tied on keys 1-3; plan-1 (granted first) has risk `risk1`, plan-2 has 0.2. */
function tiedPlans(m, risk1) {
  push(
    m,
    ...entityRecords(2).filter(
      (r) => r.type !== 'SourceWorkspaceOperation' && r.type !== 'SourceWorkspaceOperationReceipt',
    ),
  );
  byId(m, 'RevisionPlanConcurrencyProfile', 'plan_id', 'plan-2').outcome_priority = 1;
  byId(m, 'RevisionPlanConcurrencyProfile', 'plan_id', 'plan-1').plan_risk_score = risk1;
}

/** Regenerate receipts of input regen-in-1 after regen-1-1. */
function regenerateAgain(m, ...actions) {
  actions.forEach(([output, matched, action], i) =>
    push(m, {
      ...clone(regenReceipt(m)),
      receipt_id: `regen-1-${i + 2}`,
      output_hash: sha(output),
      matched_previous_attempt: matched,
      action_taken: action,
      created_at: at(100 + i),
    }),
  );
}

const B = 'validation.';
const FAILED = { expected_terminal_state: 'failed' };

export const FIXTURES = [
  // B-03 / D-16 Source Workspace
  [
    's5-workspace-concurrent-write',
    'source_workspace_concurrent_write',
    // the write also lands after the reliance packet, which no invalidation followed
    [`${B}workspace_event_seq_conflict`, `${B}reliance_packet_stale_snapshot`],
    (m) =>
      secondWriter(m, 'applied', {
        prior_workspace_head_hash: head(1),
        new_workspace_head_hash: head(1, 3),
        prior_event_seq: 10,
        new_event_seq: 11,
      }),
  ],
  [
    's5-clean-workspace-concurrent-write-rejected',
    'source_workspace_concurrent_write',
    [],
    (m) =>
      secondWriter(m, 'conflict', {
        prior_workspace_head_hash: head(1, 2),
        prior_event_seq: 11,
        conflict_reason: 'event_seq_mismatch',
      }),
  ],
  [
    's5-workspace-applied-off-precondition',
    'source_workspace_concurrent_write',
    [`${B}workspace_event_seq_conflict`],
    (m) => {
      rec(
        m,
        'SourceWorkspaceOperation',
        (o) => o.operation_id === 'op-1-add',
      ).precondition.expected_event_seq = 9;
    },
  ],
  [
    's5-workspace-applied-off-expected-head',
    'source_workspace_concurrent_write',
    [`${B}workspace_event_seq_conflict`],
    (m) => {
      rec(
        m,
        'SourceWorkspaceOperation',
        (o) => o.operation_id === 'op-1-add',
      ).precondition.expected_workspace_head_hash = head(1, 0);
    },
  ],
  [
    's5-workspace-mutation-without-precondition',
    'source_workspace_concurrent_write',
    [`${B}workspace_mutation_without_precondition`],
    (m) => {
      delete rec(m, 'SourceWorkspaceOperation', (o) => o.operation_id === 'op-1-add').precondition;
    },
  ],
  [
    's5-workspace-operation-unregistered',
    'source_workspace_concurrent_write',
    [`${B}workspace_api_operation_unregistered`],
    (m) => {
      rec(m, 'SourceWorkspaceOperation', (o) => o.operation_id === 'op-1-add').operation_kind =
        'delete_source_record';
      wsReceipt(m, 'swr-1-add').operation_kind = 'delete_source_record';
    },
  ],
  [
    's5-workspace-receipt-missing-head-hash',
    'source_workspace_concurrent_write',
    [`${B}workspace_receipt_missing_head_hash`],
    (m) => {
      delete wsReceipt(m, 'swr-1-add').new_workspace_head_hash;
    },
  ],
  [
    's5-workspace-read-without-receipt',
    'source_workspace_concurrent_write',
    [`${B}workspace_read_without_snapshot_receipt`],
    (m) => {
      Object.assign(wsReceipt(m, 'swr-1-read'), { status: 'failed' });
    },
  ],
  [
    's5-workspace-snapshot-hash-mismatch',
    'source_workspace_concurrent_write',
    [`${B}workspace_snapshot_hash_mismatch`],
    (m) => {
      byId(
        m,
        'EvaluationSnapshot',
        'snapshot_id',
        'snap-1',
      ).source_workspace_snapshot_hashes[0].source_workspace_head_hash = sha('ws-1-forged');
    },
  ],
  // B-04 rolling hash
  [
    's5-rolling-hash-parallel-same-artifact',
    'rolling_hash_parallel_same_artifact',
    [
      `${B}rolling_hash_parallel_steps_same_artifact`,
      `${B}rolling_hash_same_artifact_dependency_missing`,
    ],
    (m) => {
      planStep(m, 2).depends_on_step_ids = [];
      plan(m).dependency_edges = [];
      byId(m, 'RevisionOperationReceipt', 'receipt_id', 'rop-1-2').expected_pre_hash =
        sha('artifact-1@v3');
    },
  ],
  [
    's5-clean-candidate-only-parallel-steps',
    'rolling_hash_parallel_same_artifact',
    [],
    (m) => {
      planStep(m, 2).depends_on_step_ids = [];
      Object.assign(plan(m), { mutation_mode: 'candidate_only', dependency_edges: [] });
      delete plan(m).in_place_mutation_locks;
      byId(m, 'RevisionOperationReceipt', 'receipt_id', 'rop-1-2').expected_pre_hash =
        sha('artifact-1@v3');
    },
  ],
  [
    's5-plan-predicted-post-hash',
    'rolling_hash_parallel_same_artifact',
    [`${B}revision_plan_contains_predicted_post_hash`],
    (m) => {
      planStep(m, 1).predicted_post_hash = sha('artifact-1@v4');
    },
  ],
  [
    's5-in-place-lock-missing-pre-hash',
    'rolling_hash_parallel_same_artifact',
    [`${B}in_place_lock_missing_expected_pre_hash`],
    (m) => {
      delete plan(m).in_place_mutation_locks[1].expected_pre_hash;
    },
  ],
  // B-02 idempotency
  [
    's5-step-idempotency-key-missing',
    'rolling_hash_parallel_same_artifact',
    [`${B}step_idempotency_key_missing`],
    (m) => {
      m.records = m.records.filter(
        (r) => !(r.type === 'StepIdempotencyKey' && r.step_id === 's-1-2'),
      );
    },
  ],
  [
    's5-step-idempotency-kind-unregistered',
    'rolling_hash_parallel_same_artifact',
    [`${B}step_idempotency_kind_unregistered`],
    (m) => {
      byId(m, 'StepIdempotencyKey', 'step_id', 's-1-1').step_kind = 'rewrite_everything';
    },
  ],
  [
    's5-step-idempotency-parallel-enum',
    'rolling_hash_parallel_same_artifact',
    [`${B}step_idempotency_parallel_enum_drift`],
    (m) => {
      byId(m, 'StepIdempotencyKey', 'step_id', 's-1-1').StepKind = 'edit';
    },
  ],
  // B-16 tie-breaker
  [
    's5-tie-breaker-wall-clock',
    'rolling_hash_parallel_same_artifact',
    [`${B}concurrency_tie_breaker_uses_wall_clock`],
    (m) => {
      rec(m, 'RevisionPlanConcurrencyProfile').deterministic_final_key = at(60);
    },
  ],
  [
    's5-tie-breaker-missing-final-key',
    'rolling_hash_parallel_same_artifact',
    [`${B}concurrency_tie_breaker_missing_final_key`],
    (m) => {
      delete rec(m, 'RevisionPlanConcurrencyProfile').deterministic_final_key;
    },
  ],
  [
    's5-tie-breaker-risk-inverted',
    'rolling_hash_parallel_same_artifact',
    [`${B}concurrency_tie_breaker_risk_sort_inverted`],
    (m) => tiedPlans(m, 0.9),
  ],
  [
    's5-clean-tie-breaker-lower-risk-first',
    'rolling_hash_parallel_same_artifact',
    [],
    (m) => tiedPlans(m, 0.1),
  ],
  // B-25 dependency canonicalization
  [
    's5-plan-dependency-edge-drift',
    'rolling_hash_parallel_same_artifact',
    [`${B}revision_plan_dependency_edge_drift`],
    (m) => {
      Object.assign(plan(m).dependency_edges[0], { from_step_id: 's-1-2', to_step_id: 's-1-1' });
    },
  ],
  [
    's5-plan-step-dependency-undefined',
    'rolling_hash_parallel_same_artifact',
    [`${B}revision_plan_step_dependency_undefined`],
    (m) => {
      delete planStep(m, 1).depends_on_step_ids;
    },
  ],
  [
    's5-plan-cycle',
    'rolling_hash_parallel_same_artifact',
    [`${B}revision_plan_cycle`],
    (m) => {
      planStep(m, 1).depends_on_step_ids = ['s-1-2'];
      plan(m).dependency_edges.push({
        ...plan(m).dependency_edges[0],
        from_step_id: 's-1-2',
        to_step_id: 's-1-1',
      });
    },
  ],
  [
    's5-plan-dependency-missing-step',
    'rolling_hash_parallel_same_artifact',
    [`${B}revision_plan_dependency_targets_missing_step`],
    (m) => {
      planStep(m, 2).depends_on_step_ids.push('s-1-9');
      plan(m).dependency_edges.push({ ...plan(m).dependency_edges[0], from_step_id: 's-1-9' });
    },
  ],
  // B-26 revalidation policy
  [
    's5-revalidation-policy-ambiguous',
    'rolling_hash_parallel_same_artifact',
    [`${B}revalidation_policy_ambiguous`],
    (m) => {
      planStep(m, 1).revalidation_policy.policy_kind = 'none';
    },
  ],
  [
    's5-revalidation-policy-ref-missing',
    'rolling_hash_parallel_same_artifact',
    [`${B}revalidation_policy_ref_missing`],
    (m) => {
      byId(m, 'TypedRevisionInstruction', 'instruction_id', 'tri-1').revalidation_policy_ref =
        's-404';
    },
  ],
  [
    's5-revalidation-trigger-legacy',
    'rolling_hash_parallel_same_artifact',
    [`${B}revalidation_trigger_legacy_field_present`],
    (m) => {
      planStep(m, 2).revalidation_trigger = 'on_success';
    },
  ],
  [
    's5-revalidation-expectation-legacy',
    'rolling_hash_parallel_same_artifact',
    [`${B}revalidation_expectation_legacy_field_present`],
    (m) => {
      byId(m, 'TypedRevisionInstruction', 'instruction_id', 'tri-1').revalidation_expectation =
        'outcome passes';
    },
  ],
  // B-01 lifecycle
  [
    's5-lifecycle-illegal-transition',
    'revalidation_cascade_cycle',
    [`${B}revision_lifecycle_illegal_transition`],
    (m) => {
      lifecycle(m, 'cascade_running').from_state = 'plan_compiled';
    },
  ],
  [
    's5-lifecycle-missing-receipt',
    'revalidation_cascade_cycle',
    [`${B}revision_lifecycle_missing_receipt`],
    (m) => {
      lifecycle(m, 'revalidating').triggered_by_receipt_kind = 'TaskSkipReceipt';
    },
  ],
  [
    's5-lifecycle-terminal-without-terminal-receipt',
    'revalidation_cascade_cycle',
    [`${B}terminal_state_without_terminal_receipt`],
    (m) => {
      lifecycle(m, 'terminal_satisfied').triggered_by_receipt_kind = 'RevisionOperationReceipt';
    },
  ],
  [
    's5-clean-lifecycle-registry-table',
    'revalidation_cascade_cycle',
    [],
    (m) => {
      // a user's own table: exactly the transitions this run takes
      m.registry['revision-lifecycle.json'] = m.records
        .filter((r) => r.type === 'RevisionExecutionLifecycleTransition')
        .map(clone);
    },
  ],
  [
    's5-lifecycle-registry-table-refuses',
    'revalidation_cascade_cycle',
    [`${B}revision_lifecycle_illegal_transition`],
    (m) => {
      m.registry['revision-lifecycle.json'] = m.records
        .filter(
          (r) => r.type === 'RevisionExecutionLifecycleTransition' && r.to_state !== 'revalidating',
        )
        .map(clone);
    },
  ],
  // B-05 / B-06 / B-20 cascade
  [
    's5-cascade-cycle-revisited',
    'revalidation_cascade_cycle',
    [`${B}revalidation_cascade_loop`, `${B}outcome_dependency_cycle`],
    (m) => {
      rec(m, 'RevalidationCascadeRun').visited_outcome_ids = [
        'outcome-1',
        'outcome-1b',
        'outcome-1',
      ];
    },
  ],
  [
    's5-cascade-cycle-detected',
    'revalidation_cascade_cycle',
    [`${B}outcome_dependency_cycle`],
    (m) => {
      byId(m, 'RevalidationCascadeReceipt', 'receipt_id', 'rcr-1-2').status = 'cycle_detected';
      lifecycle(m, 'terminal_satisfied').to_state = 'terminal_failed';
    },
  ],
  [
    's5-clean-cascade-at-max-depth',
    'revalidation_cascade_cycle',
    [],
    (m) => {
      Object.assign(rec(m, 'RevalidationCascadeRun'), {
        depth: 5,
        visited_outcome_ids: ['outcome-1', 'outcome-1b'],
      });
    },
  ],
  [
    's5-cascade-max-depth-exceeded',
    'revalidation_cascade_cycle',
    [`${B}revalidation_cascade_max_depth_exceeded`],
    (m) => {
      rec(m, 'RevalidationCascadeRun').depth = 6;
    },
  ],
  [
    's5-success-before-cascade-quiescent',
    'revalidation_cascade_cycle',
    [`${B}success_marked_before_cascade_quiescent`],
    (m) => {
      m.records = m.records.filter(
        (r) => !(r.type === 'RevalidationCascadeReceipt' && r.status === 'quiescent'),
      );
    },
  ],
  [
    's5-pending-dependency-not-rechecked',
    'revalidation_cascade_cycle',
    [`${B}pending_dependency_not_rechecked_after_upstream_failure`],
    (m) => {
      regItem(
        m,
        'outcome-dependency.json',
      ).pending_dependency_state_entry_rechecks_upstream_failure = false;
    },
  ],
  // B-10 / B-11 / B-18 / B-19 Hard Call, cancel
  [
    's5-hard-call-empty-options',
    'hard_call_empty_options',
    [`${B}hard_call_options_empty`, `${B}hard_call_closed_choice_needs_two_options`],
    (m) => {
      hardCall(m).options = [];
      delete byId(m, 'HardCallResolutionReceipt', 'receipt_id', 'hcr-1').selected_option_id;
    },
  ],
  [
    's5-hard-call-with-other-empty-options',
    'hard_call_empty_options',
    [`${B}hard_call_options_empty`],
    (m) => {
      Object.assign(hardCall(m), { response_mode: 'closed_choice_with_other', options: [] });
    },
  ],
  [
    's5-clean-hard-call-with-other-one-option',
    'hard_call_empty_options',
    [],
    (m) => {
      Object.assign(hardCall(m), {
        response_mode: 'closed_choice_with_other',
        options: hardCall(m).options.slice(0, 1),
      });
    },
  ],
  [
    's5-hard-call-closed-choice-one-option',
    'hard_call_empty_options',
    [`${B}hard_call_closed_choice_needs_two_options`],
    (m) => {
      hardCall(m).options.pop();
    },
  ],
  [
    // Two entries but one choice: the second repeats the first, its id in capitals with a
    // zero-width space (a count, or an exact comparison of ids, would pass it).
    's5-hard-call-closed-choice-repeated-option',
    'hard_call_empty_options',
    [`${B}hard_call_closed_choice_needs_two_options`],
    (m) => {
      // A no-op where another mutation emptied the list (the mixed bundle applies them all).
      const options = hardCall(m).options;
      if (options.length > 0)
        options[1] = { ...options[0], option_id: `${options[0].option_id.toUpperCase()}\u200b` };
    },
  ],
  [
    's5-hard-call-resolved-without-receipt',
    'hard_call_empty_options',
    [`${B}hard_call_resolved_without_dispatcher_receipt`, `${B}revision_lifecycle_missing_receipt`],
    (m) => {
      m.records = m.records.filter((r) => r.type !== 'HardCallResolutionReceipt');
      push(m, transition('waiting_hard_call', 'dispatch_pending', 'HardCallResolutionReceipt'));
    },
  ],
  [
    's5-hard-call-resolution-for-unknown-call',
    'hard_call_empty_options',
    [`${B}hard_call_resolved_without_dispatcher_receipt`],
    (m) => {
      byId(m, 'HardCallResolutionReceipt', 'receipt_id', 'hcr-1').hard_call_id = 'hc-404';
    },
  ],
  [
    's5-clean-hard-call-resolved-by-dispatcher',
    'hard_call_empty_options',
    [],
    (m) =>
      push(m, transition('waiting_hard_call', 'dispatch_pending', 'HardCallResolutionReceipt')),
  ],
  [
    's5-cancel-executed-side-effect',
    'hard_call_empty_options',
    [`${B}cancel_ignores_executed_side_effect`],
    (m) => sideEffectCancel(m, 'cancel_unexecuted_intents'),
  ],
  [
    's5-clean-cancel-keeps-executed-side-effect',
    'hard_call_empty_options',
    [],
    (m) => sideEffectCancel(m, 'do_not_cancel_executed_side_effects'),
  ],
  [
    's5-skip-without-receipt',
    'hard_call_empty_options',
    [`${B}skip_without_receipt`],
    (m) => skippedHelper(m, false),
  ],
  ['s5-clean-skip-with-receipt', 'hard_call_empty_options', [], (m) => skippedHelper(m, true)],
  // B-14 forum
  [
    's5-forum-task-agent-decides',
    'hard_call_empty_options',
    [`${B}forum_policy_allows_task_agent_decides`, `${B}forum_no_consensus_without_terminal_route`],
    (m) => {
      forum(m).on_no_consensus = 'task_agent_decides';
    },
  ],
  [
    's5-forum-no-terminal-route',
    'hard_call_empty_options',
    [`${B}forum_no_consensus_without_terminal_route`],
    (m) => {
      delete forum(m).on_no_consensus;
    },
  ],
  [
    's5-forum-room-without-policy',
    'hard_call_empty_options',
    [`${B}forum_deadlock_without_policy`],
    (m) => forumRequest(m, 'room-7'),
  ],
  [
    's5-clean-forum-room-with-policy',
    'hard_call_empty_options',
    [],
    (m) => forumRequest(m, 'room-1'),
  ],
  // B-24 sufficiency
  [
    's5-sufficiency-no-capability-hard-call',
    'sufficiency_no_capability',
    [`${B}hard_call_raised_when_no_human_choice_available`],
    (m) => Object.assign(det(m), noCapability(), { hard_call_required: true }),
    FAILED,
  ],
  [
    's5-clean-sufficiency-no-capability-process-gap',
    'sufficiency_no_capability',
    [],
    (m) => Object.assign(det(m), noCapability()),
  ],
  [
    's5-sufficiency-missing-evidence-not-mapped',
    'sufficiency_missing_evidence',
    [`${B}insufficiency_marker_not_mapped_to_outcome_state`],
    (m) => {
      Object.assign(det(m), missingEvidence(), { blocking_research_need_refs: [] });
      push(m, outcomeObservation(1, 'needs_human_judgment'));
    },
    FAILED,
  ],
  [
    's5-clean-sufficiency-missing-evidence-research',
    'sufficiency_missing_evidence',
    [],
    (m) => {
      Object.assign(det(m), missingEvidence());
      push(m, outcomeObservation(1, 'needs_information'));
    },
  ],
  [
    's5-sufficiency-terminal-without-detection',
    'sufficiency_missing_evidence',
    [`${B}sufficiency_protocol_without_detection`],
    (m) => {
      m.records = m.records.filter((r) => r.type !== 'SufficiencyDetectionResult');
      push(m, outcomeObservation(1, 'needs_information'));
    },
    FAILED,
  ],
  [
    's5-sufficiency-no-improvement-without-metric',
    'sufficiency_no_capability',
    [`${B}no_improvement_without_metric`],
    (m) => {
      noImprovement(m);
      suffPolicy(m).improvement_metric_ref = 'formula-404';
    },
  ],
  [
    's5-sufficiency-no-improvement-unscored-attempts',
    'sufficiency_no_capability',
    [`${B}no_improvement_without_metric`],
    (m) => {
      noImprovement(m);
      for (const a of det(m).attempts) {
        delete a.score_after;
        delete a.score_delta;
      }
    },
  ],
  [
    's5-sufficiency-no-improvement-without-epsilon',
    'sufficiency_no_capability',
    [`${B}no_improvement_without_epsilon`],
    (m) => {
      noImprovement(m);
      suffPolicy(m).epsilon = 'NaN';
    },
  ],
  [
    's5-clean-sufficiency-no-improvement-scored',
    'sufficiency_no_capability',
    [],
    (m) => noImprovement(m),
  ],
  [
    's5-sufficiency-exhaustion-without-universe',
    'sufficiency_no_capability',
    [`${B}procedure_exhaustion_without_candidate_universe`],
    (m) =>
      Object.assign(det(m), {
        triggered_by: ['all_policy_allowed_procedures_exhausted'],
        candidate_procedures: [],
      }),
  ],
  [
    's5-sufficiency-exhaustion-with-untried-candidate',
    'sufficiency_no_capability',
    [`${B}procedure_exhaustion_without_candidate_universe`],
    (m) => Object.assign(det(m), { triggered_by: ['all_policy_allowed_procedures_exhausted'] }),
  ],
  [
    's5-sufficiency-retry-after-terminal',
    'sufficiency_no_capability',
    [`${B}sufficiency_retry_after_terminal_detection`],
    (m) => {
      Object.assign(det(m), {
        no_sufficient_procedure: true,
        triggered_by: ['all_policy_allowed_procedures_exhausted'],
        candidate_procedures: [candidate(1, 1, { tried: true, exhausted: true })],
        attempts: [attempt(1, 1, { terminal_status: 'failed' })],
        terminal_route: 'unrecoverable',
      });
      push(m, { type: 'ProcedureAttemptRecord', ...attempt(1, 2, { terminal_status: 'failed' }) });
    },
  ],
  [
    's5-sufficiency-detection-after-terminal-lists-new-attempt',
    'sufficiency_no_capability',
    [`${B}sufficiency_retry_after_terminal_detection`],
    (m) => {
      Object.assign(det(m), {
        no_sufficient_procedure: true,
        triggered_by: ['all_policy_allowed_procedures_exhausted'],
        candidate_procedures: [candidate(1, 1, { tried: true, exhausted: true })],
        attempts: [attempt(1, 1, { terminal_status: 'failed' })],
        terminal_route: 'unrecoverable',
      });
      push(m, {
        ...clone(det(m)),
        detection_id: 'det-1b',
        attempts: [attempt(1, 1), attempt(1, 2)],
      });
    },
  ],
  // B-27 regenerate
  [
    's5-regenerate-identical-output',
    'regenerate_identical_output',
    [`${B}regenerate_identical_output`],
    (m) => regenerateAgain(m, ['gen-1-1', false, 'accepted_new_output']),
  ],
  [
    's5-clean-regenerate-identical-output-rejected',
    'regenerate_identical_output',
    [],
    (m) => regenerateAgain(m, ['gen-1-1', true, 'rejected_identical_output']),
  ],
  [
    's5-regenerate-loop-after-rejection',
    'regenerate_identical_output',
    [`${B}regenerate_loop_after_identical_rejection`],
    (m) =>
      regenerateAgain(
        m,
        ['gen-1-1', true, 'rejected_identical_output'],
        ['gen-1-2', false, 'accepted_new_output'],
      ),
  ],
  [
    's5-clean-regenerate-policy-changed-after-rejection',
    'regenerate_identical_output',
    [],
    (m) =>
      regenerateAgain(
        m,
        ['gen-1-1', true, 'rejected_identical_output'],
        ['gen-1-2', false, 'changed_generation_policy'],
      ),
  ],
  [
    's5-regenerate-missing-previous-hashes',
    'regenerate_identical_output',
    [`${B}regenerate_missing_previous_attempt_hashes`],
    (m) => {
      delete rec(m, 'RegenerateRevisionPayload').previous_attempt_hashes;
    },
  ],
];

function noCapability() {
  return {
    no_sufficient_procedure: true,
    triggered_by: ['no_capability_covers_outcome'],
    candidate_procedures: [candidate(1, 1, { inapplicable_reason: 'missing_capability' })],
    terminal_route: 'process_gap_out',
    process_gap_signal_ref: 'gap-1',
    rationale: 'no registered capability covers the outcome',
  };
}

function missingEvidence() {
  return {
    no_sufficient_procedure: true,
    triggered_by: ['evidence_insufficient_to_proceed'],
    candidate_procedures: [candidate(1, 1, { inapplicable_reason: 'requires_missing_evidence' })],
    terminal_route: 'needs_information',
    blocking_research_need_refs: ['rn-1'],
    rationale: 'the controlling authority is not in the workspace',
  };
}
