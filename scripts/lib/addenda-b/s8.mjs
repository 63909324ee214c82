// Addenda B fixtures for §8 (G-*) the Professional Reliance Layer and §9.3: registry records, the records one entity of a clean run adds,
// and the fixtures ([fixture_id, fixture_kind, expected codes, mutate(model), extra fixture.json fields?]).
import { at, byId, clone, rec, regItem, sha } from './helpers.mjs';

const COMMANDS = [
  [
    'reliance.issue_work_product_certification',
    'required',
    ['TaskReliancePacket', 'WorkProductCertification', 'TaskHealthCard'],
  ],
  [
    'reliance.invalidate_packet',
    'required',
    ['TaskReliancePacket', 'WorkProductCertification', 'TaskHealthCard'],
  ],
  [
    'revision_review.accept_candidate',
    'required',
    ['TaskReliancePacket', 'FindingsInbox', 'AttentionLedger'],
  ],
  ['revision_review.reject_candidate', 'required', ['FindingsInbox', 'AttentionLedger']],
  ['revision_review.request_changes', 'required', ['AttentionLedger']],
  [
    'revision_review.restore_known_good',
    'required',
    ['TaskReliancePacket', 'RunDiff', 'AttentionLedger'],
  ],
  ['evidence.export_package', 'required', ['EvidencePackage']],
  ['finding.contest', 'required', ['FindingsInbox', 'TaskReliancePacket', 'AttentionLedger']],
  ['finding.confirm', 'required', ['FindingsInbox', 'TaskReliancePacket']],
  ['task_replay.preview', 'none', []],
  ['task_replay.create_fork', 'required', ['RunDiff', 'TaskHealthCard']],
  ['attention.resolve_item', 'required', ['AttentionLedger', 'TaskHealthCard']],
];

/** Registry files (name → records) merged into the base registry. */
export function registry() {
  return {
    'reliance.json': [
      {
        type: 'RelianceStatusDerivationPolicy',
        policy_id: 'reliance_status.v1',
        formula_ref: 'reliance_status_v1',
        status_requirements: {
          safe_to_rely_within_scope: {
            unresolved_limitations: 'none',
            required_human_review_refs: 'none',
          },
          rely_with_limitations: {
            unresolved_limitations: 'some',
            required_human_review_refs: 'none',
          },
          human_review_required: {
            unresolved_limitations: 'any',
            required_human_review_refs: 'some',
          },
          not_safe_to_rely: { unresolved_limitations: 'any', required_human_review_refs: 'any' },
        },
        schema_version: '1.0',
      },
      {
        type: 'FormulaSpec',
        formula_id: 'reliance_status_v1',
        owner_doc: 'DOC23',
        semantic_version: '1.0.0',
        purpose: 'derives the reliance status of a task reliance packet',
        expression_ref: 'doc23:reliance_status.ts',
        expression_language: 'deterministic_typescript',
        inputs: [{ name: 'manifest', type_ref: 'schema:RelianceInputManifest', required: true }],
        output: {
          value_kind: 'enum_derived',
          unit: 'custom',
          finite_number_policy: 'reject_nan_infinity',
        },
        missing_input_policy: 'fail_validation',
        zero_denominator_policy: 'fail_validation',
        rounding_policy: 'no_rounding_store_full_precision',
        test_vectors: [
          {
            test_vector_id: 'reliance_status_v1.tv1',
            input_ref: 'vectors/reliance_status_v1/tv1.input.json',
            expected_output_ref: 'vectors/reliance_status_v1/tv1.output.json',
            expected_validation_codes: [],
            schema_version: '1.0',
          },
        ],
        schema_version: '1.0',
      },
    ],
    'reliance-commands.json': COMMANDS.map(([id, write, invalidations]) => ({
      type: 'RelianceLayerCommandRegistryEntry',
      command_id: id,
      request_schema_ref: `schema:${id}.request`,
      response_schema_ref: `schema:${id}.response`,
      durable_write: write,
      required_policy_checks: write === 'none' ? [] : ['matter_firewall', 'actor_may_decide'],
      idempotency_key_required: write === 'required',
      read_model_invalidations: invalidations,
      empty_state_behavior: 'Show that there is nothing to act on yet, and why.',
      blocked_state_behavior: 'Disable the action and name the blocker with its owner.',
      degraded_state_behavior:
        'Show the last derived read model, marked stale, with its as-of time.',
      error_state_behavior: 'Keep the prior state, show the error code and a retry.',
      owning_doc: 'DOC20',
      schema_version: '1.0',
    })),
  };
}

/** Review records every entity has; the other §8 records are per task run. */
const PER_ENTITY = ['RevisionReviewDecisionReceipt', 'RevisionReviewPacket', 'AttentionLedgerItem'];
/** Reliance artifacts are written per task run (TaskReliancePacket, L2884), not per evaluated entity: one in ten entities stands for a task's. */
const TASK_EVERY = 10;

/**
 * Records entity n of a clean run adds (after the part-1 records): the revision review that
 * produced artifact-n@v3 and its resolved attention item; for entity 1, 11, 21, ... also a
 * known-good checkpoint, the reliance packet derived from the entity's chain / snapshot /
 * artifact with its status receipt, its certification, an explanation trace, an export after
 * the checkpoint, a fork that lists it, and a best-effort replay with its recorded divergence.
 */
export function entityRecords(n) {
  const records = allEntityRecords(n);
  return n % TASK_EVERY === 1 ? records : records.filter((r) => PER_ENTITY.includes(r.type));
}

function allEntityRecords(n) {
  const manifest = {
    final_artifact_refs: [`artifact-${n}@v3`],
    evaluation_chain_ids: [`chain-${n}`],
    evaluation_chain_resolution_receipt_refs: [`chres-${n}`],
    evaluation_snapshot_refs: [`snap-${n}`],
    source_workspace_snapshot_refs: [`ws-${n}@h1`],
    evidence_package_refs: [`evidence/evp-${n}`],
    revision_review_packet_refs: [`rrp-${n}`],
    hard_call_resolution_refs: [],
    policy_decision_refs: [],
    known_good_checkpoint_refs: [`kgc-${n}`],
    created_from_event_seq: 40,
    schema_version: '1.0',
  };
  manifest.input_manifest_hash = sha(JSON.stringify(manifest));
  return [
    {
      type: 'KnownGoodCheckpoint',
      checkpoint_id: `kgc-${n}`,
      task_id: 'task-1',
      run_id: 'run-1',
      label: `Entity ${n} after review`,
      artifact_head_refs: [`artifact-${n}`],
      artifact_version_refs: [`artifact-${n}@v3`],
      source_workspace_snapshot_refs: [`ws-${n}@h1`],
      graph_topology_snapshot_ref: 'graph@7',
      policy_snapshot_ref: 'policy@7',
      capability_snapshot_ref: 'capabilities@7',
      event_seq: 41,
      irreversible_side_effect_refs: [`ext-${n}-1`],
      created_by_ref: 'user:reviewer',
      created_at: at(43),
      schema_version: '1.0',
    },
    {
      type: 'RevisionReviewDecisionReceipt',
      receipt_id: `rrd-${n}`,
      packet_id: `rrp-${n}`,
      action: 'accept',
      actor_ref: 'user:reviewer',
      rationale: 'The revision adds the missing citation.',
      command_ref: 'revision_review.accept_candidate',
      created_at: at(44),
      schema_version: '1.0',
    },
    {
      type: 'RevisionReviewPacket',
      packet_id: `rrp-${n}`,
      task_id: 'task-1',
      run_id: 'run-1',
      revision_plan_ref: `plan-${n}`,
      before_artifact_version_ref: `artifact-${n}@v2`,
      candidate_artifact_version_ref: `artifact-${n}@v3`,
      semantic_diff_ref: `diff-${n}`,
      finding_to_change_map: { [`fnd-${n}-b`]: [`change-${n}-1`] },
      preservation_constraint_result_refs: [`pcr-${n}`],
      source_changes: [],
      revalidation_result_refs: [`res-${n}-judge`],
      regression_risk_summary: 'One paragraph changed; no claim removed.',
      state: 'accepted',
      decision_receipt_refs: [`rrd-${n}`],
      created_at: at(44),
      schema_version: '1.1',
    },
    { type: 'FormulaValue', value_id: `val-${n}-reliance-out`, value: 'rely_with_limitations' },
    {
      type: 'FormulaEvaluationReceipt',
      receipt_id: `rc-${n}-reliance`,
      formula_id: 'reliance_status_v1',
      formula_semantic_version: '1.0.0',
      producer_ref: 'module:reliance',
      run_id: 'run-1',
      input_refs: [`chres-${n}`, `snap-${n}`],
      input_manifest_hash: manifest.input_manifest_hash,
      input_value_hash: sha(`rc-${n}-reliance:inputs`),
      output_ref: `val-${n}-reliance-out`,
      output_value_hash: sha(`rc-${n}-reliance:output`),
      omitted_input_names: [],
      finite_number_check: 'passed',
      validation_codes: [],
      computed_at: at(45),
      schema_version: '1.0',
    },
    {
      type: 'TaskReliancePacket',
      packet_id: `trp-${n}`,
      task_id: 'task-1',
      run_id: 'run-1',
      input_manifest: manifest,
      reliance_derivation: {
        status: 'rely_with_limitations',
        decisive_input_refs: [`chres-${n}`],
        unresolved_limitations: ['pattern_c_chain_unresolved'],
        required_human_review_refs: [],
        scope_statement: `Section ${n} as revised, for internal review.`,
        derivation_policy_ref: 'reliance_status.v1',
        formula_eval_receipt_ref: `rc-${n}-reliance`,
        explanation: 'A blocking finding survives the judge pass.',
        schema_version: '1.0',
      },
      lifecycle_state: 'issued',
      generated_by_ref: 'module:reliance',
      reviewed_by_user_ref: 'user:reviewer',
      issued_at: at(46),
      matter_id: 'matter-1',
      data_class: 'internal',
      taint_class: 'user_trusted_bounded',
      privileged: false,
      user_visible_summary: 'Rely on section with limitations: one blocking finding is open.',
      schema_version: '1.1',
    },
    {
      type: 'WorkProductCertification',
      certification_id: `wpc-${n}`,
      task_reliance_packet_ref: `trp-${n}`,
      rendered_certification_ref: `render/wpc-${n}.pdf`,
      issued_by_ref: 'user:reviewer',
      issue_command_ref: 'reliance.issue_work_product_certification',
      lifecycle_state: 'issued',
      created_at: at(47),
      schema_version: '1.0',
    },
    {
      type: 'ExplanationTrace',
      trace_id: `xtr-${n}`,
      trace_kind: 'reliance',
      causal_steps: [
        {
          step_id: `xtr-${n}-1`,
          input_refs: [`res-${n}-eval`, `res-${n}-judge`],
          operation_receipt_ref: `chres-${n}`,
          output_refs: [`chres-${n}`],
          rationale_summary: 'The blocking finding survives the numeric pass.',
          evidence_refs: [`src-${n}`],
        },
        {
          step_id: `xtr-${n}-2`,
          input_refs: [`chres-${n}`],
          operation_receipt_ref: `rc-${n}-reliance`,
          output_refs: [`trp-${n}`],
          rationale_summary: 'An unresolved chain limits reliance.',
          evidence_refs: [],
        },
      ],
      hidden_reasoning_included: false,
      schema_version: '1.0',
    },
    {
      type: 'WorkspaceExternalizationReceipt',
      receipt_id: `ext-${n}-3`,
      externalization_kind: 'export_bundle',
      workspace_id: `ws-${n}`,
      source_record_refs: [`src-${n}`],
      destination_ref: 'file:certified.zip',
      policy_ref: 'ext.export_bundle.v1',
      user_confirmation_ref: `confirm-${n}-3`,
      redaction_preview_ref: `preview-${n}-3`,
      status: 'completed',
      irreversible_disclosure_possible: true,
      created_at: at(48),
      schema_version: '1.0',
    },
    {
      type: 'TaskRunFork',
      fork_id: `fork-${n}`,
      parent_run_id: 'run-1',
      forked_from_checkpoint_ref: `kgc-${n}`,
      new_run_id: `run-1-fork-${n}`,
      fork_reason: 'Try a stricter citation style.',
      irrevocable_side_effects_at_fork: [
        {
          side_effect_id: `se-${n}-3`,
          kind: 'export_bundle',
          executed_at: at(48),
          note: 'not_reversible_in_fork',
          receipt_ref: `ext-${n}-3`,
        },
      ],
      created_at: at(49),
      schema_version: '1.0',
    },
    {
      type: 'TaskReplayRequest',
      replay_request_id: `rpl-${n}`,
      task_id: 'task-1',
      source_run_id: 'run-1',
      replay_mode: 'best_effort_rerun',
      known_good_checkpoint_ref: `kgc-${n}`,
      allow_external_side_effects: false,
      allow_external_queries: false,
      model_reexecution_policy: 'same_model_if_available',
      created_at: at(50),
      schema_version: '1.0',
    },
    {
      type: 'ReplayDivergenceRecord',
      divergence_id: `rdv-${n}`,
      replay_request_id: `rpl-${n}`,
      divergence_kind: 'model_output_drift',
      source_step_ref: `xtr-${n}-1`,
      original_output_hash: sha(`out-${n}-original`),
      replay_output_hash: sha(`out-${n}-replay`),
      explanation: 'The judge worded its rationale differently.',
      created_at: at(51),
      schema_version: '1.0',
    },
    {
      type: 'AttentionLedgerItem',
      item_id: `att-${n}`,
      task_id: 'task-1',
      run_id: 'run-1',
      matter_id: 'matter-1',
      attention_kind: 'revision_review_pending',
      source_ref: `rrp-${n}`,
      summary: 'Review the revision of section.',
      priority: 'high',
      command_ref: 'revision_review.accept_candidate',
      lifecycle_state: 'resolved',
      created_at: at(43),
      resolved_at: at(44),
      schema_version: '1.0',
    },
  ];
}

// ── fixture helpers ─────────────────────────────────────────────────────────────────────────────

const packet = (m, n = 1) => byId(m, 'TaskReliancePacket', 'packet_id', `trp-${n}`);
const derivation = (m) => packet(m).reliance_derivation;
const command = (m, id) => regItem(m, 'reliance-commands.json', (c) => c.command_id === id);
const invalidation = (kind, trigger, minutes = 60) => ({
  type: 'RelianceInvalidationEvent',
  event_id: `inv-1-${kind}`,
  packet_id: 'trp-1',
  invalidation_kind: kind,
  triggering_ref: trigger,
  created_at: at(minutes),
  schema_version: '1.0',
});

/** A new resolution of chain-1, written after the packet (the chain was re-resolved). */
function reResolveChain(m) {
  const r = clone(byId(m, 'EvaluationChainResolutionReceipt', 'receipt_id', 'chres-1'));
  r.receipt_id = 'chres-1b';
  r.explanation = 'Re-resolved after the judge re-ran; the blocking finding still survives.';
  r.created_at = at(60);
  m.records.push(r);
}

/** A finding of snap-1 resolved after the packet (receipt and projection kept consistent). */
function resolveFindingLater(m) {
  m.records.push({
    type: 'FindingLifecycleTransitionReceipt',
    receipt_id: 'flt-1-b2',
    finding_id: 'fnd-1-b',
    from_state: 'active',
    to_state: 'resolved',
    transition_reason: 'revision_resolved',
    actor_ref: 'router',
    evidence_refs: [],
    created_at: at(60),
    schema_version: '1.0',
  });
  const r = byId(m, 'EvaluationFindingRecord', 'finding_id', 'fnd-1-b');
  r.current_state = 'resolved';
  r.lifecycle_transition_refs.push('flt-1-b2');
}

/** A second review of artifact-1@v3 accepted after the packet: the certified version changed. */
function reviseArtifactLater(m) {
  m.records.push(
    {
      type: 'RevisionReviewDecisionReceipt',
      receipt_id: 'rrd-1b',
      packet_id: 'rrp-1b',
      action: 'accept',
      actor_ref: 'user:reviewer',
      command_ref: 'revision_review.accept_candidate',
      created_at: at(60),
      schema_version: '1.0',
    },
    {
      ...clone(byId(m, 'RevisionReviewPacket', 'packet_id', 'rrp-1')),
      packet_id: 'rrp-1b',
      before_artifact_version_ref: 'artifact-1@v3',
      candidate_artifact_version_ref: 'artifact-1@v4',
      decision_receipt_refs: ['rrd-1b'],
      created_at: at(60),
    },
  );
}

/** The packet and its certification withdrawn through the event and the command (the handled case). */
function invalidatePacket(m, kind, trigger) {
  m.records.push(invalidation(kind, trigger), {
    ...clone(byId(m, 'WorkProductCertification', 'certification_id', 'wpc-1')),
    lifecycle_state: 'invalidated',
  });
  m.records = m.records.filter(
    (r) =>
      !(
        r.type === 'WorkProductCertification' &&
        r.certification_id === 'wpc-1' &&
        r.lifecycle_state === 'issued'
      ),
  );
}

const DRIFT = (m) => byId(m, 'ReplayDivergenceRecord', 'divergence_id', 'rdv-1');
const REPLAY = (m) => byId(m, 'TaskReplayRequest', 'replay_request_id', 'rpl-1');

export const FIXTURES = [
  // ── reliance_packet_invalidation (§8.2, N-03) ─────────────────────────────────────────────────
  ['clean-reliance-packet-issued', 'reliance_packet_invalidation', [], () => {}],
  [
    'clean-reliance-packet-invalidated-after-chain-change',
    'reliance_packet_invalidation',
    [],
    (m) => {
      reResolveChain(m);
      invalidatePacket(m, 'evaluation_chain_resolution_changed', 'chres-1b');
    },
  ],
  [
    'clean-reliance-packet-invalidated-after-finding-change',
    'reliance_packet_invalidation',
    [],
    (m) => {
      resolveFindingLater(m);
      invalidatePacket(m, 'finding_lifecycle_changed', 'flt-1-b2');
    },
  ],
  [
    'clean-reliance-packet-superseded',
    'reliance_packet_invalidation',
    [],
    (m) => {
      reviseArtifactLater(m);
      packet(m).lifecycle_state = 'superseded';
      m.records = m.records.filter((r) => r.type !== 'WorkProductCertification');
    },
  ],
  [
    'reliance-packet-stale-after-chain-change',
    'reliance_packet_invalidation',
    ['validation.reliance_packet_stale_snapshot'],
    reResolveChain,
  ],
  [
    'reliance-packet-stale-after-finding-change',
    'reliance_packet_invalidation',
    ['validation.reliance_packet_stale_snapshot'],
    resolveFindingLater,
  ],
  [
    'reliance-packet-stale-after-artifact-revision',
    'reliance_packet_invalidation',
    ['validation.reliance_packet_stale_snapshot'],
    reviseArtifactLater,
  ],
  [
    'certification-of-invalidated-packet',
    'reliance_packet_invalidation',
    ['validation.work_product_certification_without_reliance_packet'],
    (m) => {
      reResolveChain(m);
      m.records.push(invalidation('evaluation_chain_resolution_changed', 'chres-1b'));
    },
  ],
  [
    'certification-names-no-packet',
    'reliance_packet_invalidation',
    ['validation.work_product_certification_without_reliance_packet'],
    (m) => {
      rec(m, 'WorkProductCertification').task_reliance_packet_ref = 'rrp-1';
    },
  ],
  [
    'reliance-packet-without-manifest',
    'reliance_packet_invalidation',
    ['validation.reliance_packet_without_input_manifest'],
    (m) => {
      delete packet(m).input_manifest;
    },
  ],
  [
    'reliance-manifest-not-a-manifest',
    'reliance_packet_invalidation',
    ['validation.reliance_packet_without_input_manifest'],
    (m) => {
      delete packet(m).input_manifest.evaluation_chain_ids;
    },
  ],
  [
    'reliance-safe-status-with-limitations',
    'reliance_packet_invalidation',
    ['validation.reliance_status_not_derivable'],
    (m) => {
      derivation(m).status = 'safe_to_rely_within_scope';
      byId(m, 'FormulaValue', 'value_id', 'val-1-reliance-out').value = 'safe_to_rely_within_scope';
    },
  ],
  [
    'reliance-status-differs-from-receipt',
    'reliance_packet_invalidation',
    ['validation.reliance_status_not_derivable'],
    (m) => {
      derivation(m).status = 'not_safe_to_rely';
    },
  ],
  [
    'reliance-status-without-receipt',
    'reliance_packet_invalidation',
    ['validation.reliance_status_not_derivable'],
    (m) => {
      delete derivation(m).formula_eval_receipt_ref;
    },
  ],
  [
    'reliance-policy-unregistered',
    'reliance_packet_invalidation',
    ['validation.reliance_status_not_derivable'],
    (m) => {
      derivation(m).derivation_policy_ref = 'reliance_status.v0';
    },
  ],
  [
    'reliance-decisive-input-outside-manifest',
    'reliance_packet_invalidation',
    ['validation.reliance_status_not_derivable'],
    (m) => {
      derivation(m).decisive_input_refs = ['chres-2'];
    },
  ],
  [
    'clean-reliance-human-review-required',
    'reliance_packet_invalidation',
    [],
    (m) => {
      const d = derivation(m);
      d.status = 'human_review_required';
      d.required_human_review_refs = ['hard-call-1'];
      byId(m, 'FormulaValue', 'value_id', 'val-1-reliance-out').value = 'human_review_required';
    },
  ],

  // ── G-02 revision review ──────────────────────────────────────────────────────────────────────
  [
    'revision-review-packet-stores-action',
    'reliance_packet_invalidation',
    ['validation.revision_review_packet_contains_current_action'],
    (m) => {
      byId(m, 'RevisionReviewPacket', 'packet_id', 'rrp-1').current_action = 'accept';
    },
  ],
  [
    'revision-review-accepted-without-receipt',
    'reliance_packet_invalidation',
    ['validation.review_decision_without_receipt'],
    (m) => {
      byId(m, 'RevisionReviewPacket', 'packet_id', 'rrp-1').decision_receipt_refs = [];
    },
  ],
  [
    'revision-review-rejected-with-accept-receipt',
    'reliance_packet_invalidation',
    ['validation.review_decision_without_receipt'],
    (m) => {
      byId(m, 'RevisionReviewPacket', 'packet_id', 'rrp-1').state = 'rejected';
    },
  ],
  [
    'clean-revision-review-waived-by-policy',
    'reliance_packet_invalidation',
    [],
    (m) => {
      const r = byId(m, 'RevisionReviewDecisionReceipt', 'receipt_id', 'rrd-1');
      r.action = 'no_user_review_required';
      r.actor_ref = 'policy:auto_accept_mechanical';
      delete r.command_ref;
    },
  ],

  // ── G-04 / G-17 checkpoints and forks ─────────────────────────────────────────────────────────
  [
    'checkpoint-without-policy-snapshot',
    'replay_divergence',
    ['validation.known_good_checkpoint_missing_policy_snapshot'],
    (m) => {
      delete rec(m, 'KnownGoodCheckpoint').policy_snapshot_ref;
    },
  ],
  [
    'checkpoint-without-capability-snapshot',
    'replay_divergence',
    ['validation.known_good_checkpoint_missing_capability_snapshot'],
    (m) => {
      rec(m, 'KnownGoodCheckpoint').capability_snapshot_ref = '';
    },
  ],
  [
    'fork-ignores-export-after-checkpoint',
    'replay_divergence',
    ['validation.restore_checkpoint_ignores_irreversible_side_effects'],
    (m) => {
      rec(m, 'TaskRunFork').irrevocable_side_effects_at_fork = [];
    },
  ],

  // ── G-18 explanation traces ───────────────────────────────────────────────────────────────────
  [
    'explanation-trace-hidden-reasoning-flag',
    'replay_divergence',
    ['validation.explanation_trace_contains_hidden_reasoning'],
    (m) => {
      rec(m, 'ExplanationTrace').hidden_reasoning_included = true;
    },
  ],
  [
    'explanation-trace-step-with-chain-of-thought',
    'replay_divergence',
    ['validation.explanation_trace_contains_hidden_reasoning'],
    (m) => {
      rec(m, 'ExplanationTrace').causal_steps[0].chain_of_thought = 'First I considered...';
    },
  ],
  [
    'explanation-trace-without-steps',
    'replay_divergence',
    ['validation.explanation_trace_without_causal_steps'],
    (m) => {
      rec(m, 'ExplanationTrace').causal_steps = [];
    },
  ],

  // ── replay_divergence (G-19) ──────────────────────────────────────────────────────────────────
  ['clean-replay-best-effort-with-recorded-drift', 'replay_divergence', [], () => {}],
  [
    'clean-replay-audit-reconstruction',
    'replay_divergence',
    [],
    (m) => {
      REPLAY(m).replay_mode = 'audit_reconstruction';
      REPLAY(m).model_reexecution_policy = 'reuse_recorded_outputs';
      DRIFT(m).divergence_kind = 'source_state_changed';
      DRIFT(m).explanation = 'The workspace head moved since the run.';
    },
  ],
  [
    'replay-deterministic-with-model-drift',
    'replay_divergence',
    ['validation.deterministic_replay_with_nondeterministic_step'],
    (m) => {
      REPLAY(m).replay_mode = 'deterministic_reexecution';
      REPLAY(m).source_run_id = 'run-0';
    },
  ],
  [
    'replay-deterministic-of-run-with-provider-call',
    'replay_divergence',
    ['validation.deterministic_replay_with_nondeterministic_step'],
    (m) => {
      REPLAY(m).replay_mode = 'deterministic_reexecution';
      m.records = m.records.filter((r) => r.type !== 'ReplayDivergenceRecord');
    },
  ],
  [
    // bundle.json is written beside the records: renaming its run must not move the bundle's
    // provider calls away from the run the records (and the request) name.
    'replay-deterministic-run-renamed-in-bundle-json',
    'replay_divergence',
    ['validation.deterministic_replay_with_nondeterministic_step'],
    (m) => {
      REPLAY(m).replay_mode = 'deterministic_reexecution';
      m.records = m.records.filter((r) => r.type !== 'ReplayDivergenceRecord');
      m.meta.run_id = 'run-elsewhere';
    },
  ],
  [
    'replay-allows-external-side-effects',
    'replay_divergence',
    ['validation.replay_attempts_external_side_effect'],
    (m) => {
      REPLAY(m).allow_external_side_effects = true;
    },
  ],

  // ── §G command registry ───────────────────────────────────────────────────────────────────────
  [
    'decision-receipt-without-command',
    'reliance_packet_invalidation',
    [
      'validation.g_surface_action_without_command',
      'validation.user_action_without_command_registry_entry',
    ],
    (m) => {
      delete byId(m, 'RevisionReviewDecisionReceipt', 'receipt_id', 'rrd-1').command_ref;
    },
  ],
  [
    'fork-command-unregistered',
    'replay_divergence',
    ['validation.g_surface_action_without_command'],
    (m) => {
      m.registry['reliance-commands.json'] = m.registry['reliance-commands.json'].filter(
        (c) => c.command_id !== 'task_replay.create_fork',
      );
    },
  ],
  [
    'certification-issued-through-other-command',
    'reliance_packet_invalidation',
    ['validation.g_surface_action_without_command'],
    (m) => {
      rec(m, 'WorkProductCertification').issue_command_ref = 'reliance.invalidate_packet';
    },
  ],
  [
    'command-without-empty-state',
    'reliance_packet_invalidation',
    ['validation.g_surface_missing_empty_state'],
    (m) => {
      delete command(m, 'reliance.invalidate_packet').empty_state_behavior;
    },
  ],
  [
    'command-without-degraded-state',
    'reliance_packet_invalidation',
    ['validation.g_surface_missing_degraded_state'],
    (m) => {
      command(m, 'attention.resolve_item').degraded_state_behavior = '  ';
    },
  ],
  [
    'command-without-error-state',
    'reliance_packet_invalidation',
    ['validation.g_surface_missing_error_state'],
    (m) => {
      delete command(m, 'finding.contest').error_state_behavior;
    },
  ],

  // ── part-1 kind without a code of its own: the terminal state is asserted (§10, issue 14) ─────
  [
    'clean-run-with-insufficient-sample-reputation',
    'sub_agent_reputation_insufficient_sample',
    [],
    () => {},
    { expected_terminal_state: 'passed' },
  ],
  [
    'insufficient-sample-reputation-without-receipt',
    'sub_agent_reputation_insufficient_sample',
    ['validation.metric_value_without_formula_receipt'],
    (m) => {
      m.records = m.records.filter(
        (r) => !(r.type === 'FormulaEvaluationReceipt' && r.receipt_id === 'rc-1-rep'),
      );
    },
    { expected_terminal_state: 'failed' },
  ],
];
