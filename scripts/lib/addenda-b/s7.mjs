// Addenda B fixtures for §7 (D-*) source workspace, forum, run board, taint and governance: registry records, the records one entity of a clean run adds,
// and the fixtures ([fixture_id, fixture_kind, expected codes, mutate(model)]).
import { at, byId, clone, insertAfter, rec, regItem, sha } from './helpers.mjs';

const TAINT = 'taint_laundering_through_summary';
const FORUM = 'forum_cross_matter_leak';
const BOARD = 'run_board_suppressed_event_stub';
const PHANTOM = 'command_registry_phantom_button';

// SOURCE_KIND_TAINT_DEFAULTS, L2235-2251 (schema_version added: the interface requires it)
const TAINT_DEFAULTS = [
  ['document', 'user_trusted_bounded'],
  ['email', 'user_trusted_bounded'],
  ['file', 'user_trusted_bounded'],
  ['prior_task_output', 'user_trusted_bounded'],
  ['library_entry', 'internal_corpus_trusted'],
  ['web_source', 'external_untrusted'],
  ['custom', 'unclassified'],
  ['api_result', 'external_authority_trusted', ['official_api']],
  ['database_record', 'external_authority_trusted', ['verified_authority_database']],
  ['case_law', 'external_authority_trusted', ['verified_authority_database']],
  ['statute', 'external_authority_trusted', ['verified_authority_database', 'official_api']],
  ['regulation', 'external_authority_trusted', ['verified_authority_database', 'official_api']],
  ['financial_filing', 'external_authority_trusted', ['official_api']],
  ['expert_report', 'user_trusted_bounded'],
  ['technical_doc', 'external_untrusted'],
].map(([source_kind, default_taint_class, required_trust_basis]) => ({
  type: 'SourceKindTaintDefault',
  source_kind,
  default_taint_class,
  ...(required_trust_basis ? { required_trust_basis } : {}),
  allow_override: true,
  schema_version: '1.0',
}));

function command(command_id, durable, invalidations, extra = {}) {
  return {
    type: 'TaskCommandRegistryEntry',
    command_id,
    request_schema_ref: `schema:${command_id}.request`,
    response_schema_ref: `schema:${command_id}.response`,
    durable_write: durable,
    required_policy_checks: durable === 'required' ? ['matter_firewall', 'access_tier'] : [],
    idempotency_key_required: durable === 'required',
    telemetry_event_kind: `command.${command_id}`,
    read_model_invalidations: invalidations,
    failure_codes: ['command.rejected_by_policy'],
    owning_doc: 'DOC23',
    schema_version: '1.0',
    ...extra,
  };
}

/** Registry files (name → records) merged into the base registry. */
export function registry() {
  return {
    'taint.json': [
      {
        type: 'TaintClassOrder',
        order_id: 'taint_order.v1',
        least_to_most_tainted: [
          'internal_corpus_trusted',
          'external_authority_trusted',
          'user_trusted_bounded',
          'external_untrusted',
          'unclassified',
        ],
        schema_version: '1.0',
      },
      ...TAINT_DEFAULTS.map(clone),
      {
        type: 'TaintAggregationPolicy',
        policy_id: 'taint_aggregation.v1',
        workspace_taint_rule: 'max_taint',
        any_privileged_record_marks_workspace_privileged: true,
        matter_scope_rule: 'max_scope_within_matter_only',
        schema_version: '1.0',
      },
    ],
    'run-board.json': [
      {
        type: 'RunBoardPublicationPolicy',
        policy_id: 'run_board.v1',
        auto_publish_event_classes: [
          'module_lifecycle',
          'artifact_event',
          'gate_decision',
          'evaluation_finding',
          'source_update',
          'run_lifecycle',
        ],
        max_visible_posts_per_run: 10000,
        suppress_data_classes: ['privileged', 'local_only'],
        publish_redacted_stub_when_suppressed: true,
        rate_limit_per_minute: 60,
        schema_version: '1.0',
      },
    ],
    'commands.json': [
      command('research_need.answer', 'required', ['EvidencePackage', 'AttentionLedger']),
      command('attention.resolve_item', 'required', ['AttentionLedger', 'TaskHealthCard']),
      command('board.preview_digest', 'none', []),
    ],
    'sub-agents.json': [
      {
        type: 'SubAgentCoordinationProfile',
        profile_id: 'sub_agents.v1',
        allowed_coordination_points: ['source_research', 'evaluation'],
        output_contract_refs: ['contract:source_research.v1', 'contract:evaluation.v1'],
        fallback_policies: [
          {
            coordination_point: 'source_research',
            on_no_sub_agent: 'use_primary_module',
            schema_version: '1.0',
          },
          {
            coordination_point: 'evaluation',
            on_no_sub_agent: 'degrade_quality_with_note',
            schema_version: '1.0',
          },
        ],
        schema_version: '1.0',
      },
      {
        type: 'RunExecutionRequirements',
        requires_background_execution: true,
        schema_version: '1.0',
      },
      {
        type: 'ModuleProgressBehavior',
        emits_progress_heartbeat: true,
        heartbeat_interval_ms: 15000,
        schema_version: '1.0',
      },
    ],
    'library.json': [
      {
        type: 'LibraryPromotionGate',
        gate_id: 'library_gate.v1',
        min_tier: 2,
        requires_verification_state: 'verified',
        ec_policy_decision_ref: 'policy:ec.library_promotion',
        requires_access_tier: 'partner',
        privileged_sources_auto_promote_allowed: false,
        schema_version: '1.0',
      },
    ],
  };
}

function boardEvent(n, suffix, eventClass, seq, governance) {
  return {
    type: 'RunBoardAuditEvent',
    event_id: `bevt-${n}-${suffix}`,
    task_id: 'task-1',
    run_id: 'run-1',
    event_class: eventClass,
    payload_ref: `payloads/bevt-${n}-${suffix}`,
    governance: {
      data_class: 'internal',
      taint_class: 'user_trusted_bounded',
      privileged: false,
      matter_id: 'matter-1',
      policy_decision_refs: [],
      visibility_scope: 'same_matter_modules',
      redaction_required: false,
      schema_version: '1.0',
      ...governance,
    },
    event_seq: seq,
    created_at: at(24),
    schema_version: '1.0',
  };
}

function boardPost(n, suffix, extra = {}) {
  return {
    type: 'RunBoardVisiblePost',
    post_id: `post-${n}-${suffix}`,
    source_event_id: `bevt-${n}-${suffix}`,
    rendered_payload_ref: `rendered/post-${n}-${suffix}`,
    redacted: false,
    lifecycle_state: 'active',
    created_at: at(25),
    schema_version: '1.0',
    ...extra,
  };
}

/** Records entity n of a clean run adds, after the part-1 records. */
export function entityRecords(n) {
  const source = (id, tier, kind, extra = {}) => ({
    type: 'SourceRecord',
    source_id: id,
    tier,
    source_kind: kind,
    title: `Source ${id}`,
    content_hash: sha(id),
    created_at: at(5),
    ...extra,
  });
  return [
    {
      type: 'EphemeralSourceLookupReceipt',
      receipt_id: `eph-${n}`,
      query_id: `query-${n}`,
      tool_receipt_ref: `tool-receipts/search-${n}`,
      source_title_or_label: 'Search results for the governing authority',
      lookup_purpose: 'find candidate authorities',
      may_support_downstream_claims: false,
      created_at: at(4),
      schema_version: '1.0',
    },
    source(`src-${n}-web`, 2, 'web_source'),
    source(`src-${n}-law`, 3, 'case_law', { trust_basis: 'verified_authority_database' }),
    // a summary of both: it inherits the web source's taint (D-01 transitive propagation)
    source(`src-${n}-sum`, 2, 'prior_task_output', {
      derived_from_refs: [`src-${n}-web`, `src-${n}-law`],
      taint_class: 'external_untrusted',
    }),
    {
      type: 'SourceEvidenceAnchor',
      anchor_id: `anc-${n}`,
      source_record_ref: `src-${n}-law`,
      anchor_kind: 'paragraph',
      anchor_locator: 'para 14',
      supports_claim_refs: [`claim-${n}`],
      support_strength: 'direct',
      created_at: at(6),
      schema_version: '1.0',
    },
    {
      type: 'StructuredAnchor',
      section_id: `sec-${n}`,
      citation_ref: `cite-${n}`,
      schema_version: '1.0',
    },
    {
      type: 'ClaimSupportDerivationReceipt',
      receipt_id: `csd-${n}`,
      claim_ref: `claim-${n}`,
      policy_ref: 'claim_support.v1',
      supporting_anchor_refs: [`anc-${n}`],
      contradicting_anchor_refs: [],
      source_verification_refs: [`verification/src-${n}-law`],
      source_freshness_refs: [],
      applicability_scope_refs: [],
      derived_support_status: 'supported',
      decisive_reason: 'direct_verified_support',
      formula_eval_receipt_ref: `formula-receipts/csd-${n}`,
      created_at: at(7),
      schema_version: '1.0',
    },
    {
      type: 'ResearchNeed',
      need_id: `need-${n}`,
      need_scope: 'run',
      task_id: 'task-1',
      run_id: 'run-1',
      workspace_id: `ws-${n}`,
      target_refs: [`claim-${n}`],
      question: 'Is the holding still good law?',
      status: 'leased',
      created_at: at(8),
      updated_at: at(20),
      schema_version: '1.1',
    },
    {
      type: 'ResearchNeedLease',
      need_id: `need-${n}`,
      leased_by_module_id: 'researcher',
      lease_token: `lease-${n}-1`,
      acquired_at: at(20),
      expires_at: at(35),
      on_expiry: 'release_for_reclaim',
      schema_version: '1.0',
    },
    {
      type: 'ModuleAssistanceRequest',
      request_id: `mar-${n}`,
      task_id: 'task-1',
      run_id: 'run-1',
      requester_ref: 'module:drafter',
      target: 'module',
      target_endpoint_ref: 'endpoint:source-librarian',
      answer_schema_ref: 'schema:source_help.answer.v1',
      request_kind: 'source_help',
      response_policy: 'optional_until_timeout',
      lease: {
        holder_ref: 'module:source-librarian',
        lease_version: '1',
        acquired_at: at(21),
        expires_at: at(31),
      },
      timeout_ms: 600000,
      on_timeout: 'resume_with_warning',
      created_at: at(21),
      schema_version: '1.0',
    },
    boardEvent(n, 'a', 'artifact_event', 2 * n - 1),
    boardPost(n, 'a'),
    boardEvent(n, 'p', 'source_update', 2 * n, {
      data_class: 'privileged',
      privileged: true,
      redaction_required: true,
    }),
    // the privileged event withheld: a redacted stub keeps its place on the board
    boardPost(n, 'p', {
      redacted: true,
      withheld_reason: 'privileged',
      rendered_payload_ref: 'rendered/stub',
    }),
    {
      type: 'RunGuidanceCreationEvent',
      event_id: `gevt-${n}`,
      guidance_id: `guide-${n}`,
      source_feedback_bundle_ref: `fb-${n}`,
      guidance_text: 'Cite the pinpoint paragraph for every holding.',
      scope_ref: 'run-1',
      created_at: at(26),
      schema_version: '1.0',
    },
    {
      type: 'RunGuidanceLifecycleReceipt',
      receipt_id: `glr-${n}-1`,
      guidance_id: `guide-${n}`,
      from_state: 'proposed',
      to_state: 'active',
      actor_ref: 'user:reviewer',
      reason: 'accepted by the reviewer',
      created_at: at(27),
      schema_version: '1.0',
    },
    {
      type: 'RunGuidanceItemCurrent',
      guidance_id: `guide-${n}`,
      canonical_event_ref: `gevt-${n}`,
      lifecycle_state: 'active',
      cross_run_eligible: false,
      selected_by_doc24_context_policy: false,
      updated_at: at(27),
      schema_version: '1.0',
    },
    {
      type: 'TaskRunContextPacketRequest',
      request_id: `cpr-${n}`,
      task_id: 'task-1',
      run_id: 'run-1',
      audience: 'module',
      requested_max_tokens: 8000,
      required_item_refs: [`claim-${n}`, `anc-${n}`],
      optional_item_refs: [`guide-${n}`, `src-${n}-sum`],
      staleness_policy: 'fresh_only',
      created_at: at(28),
      schema_version: '1.0',
    },
    {
      type: 'TaskRunContextPacketAssemblyReceipt',
      receipt_id: `cpa-${n}`,
      request_id: `cpr-${n}`,
      packet_ref: `packets/cp-${n}`,
      packet_content_hash: sha(`packet-${n}`),
      actual_token_count: 6100,
      omitted_items: [
        { item_ref: `src-${n}-sum`, omission_reason: 'token_budget', required: false },
      ],
      valid_until_event_seq: 2 * n + 10,
      invalidated_by_event_kinds: ['source_update', 'artifact_event'],
      created_at: at(29),
      schema_version: '1.0',
    },
    {
      type: 'PerActivationContextBudget',
      activation_id: `act-${n}`,
      max_total_tokens: 12000,
      packet_token_count: 6100,
      board_digest_token_count: 900,
      feedback_bundle_token_count: 1500,
      total_token_count: 8500,
      schema_version: '1.0',
    },
    {
      type: 'LibraryPromotionReceipt',
      receipt_id: `lpr-${n}`,
      candidate_id: `lpc-${n}`,
      gate_ref: 'library_gate.v1',
      durable_library_write_ref: `library/writes/src-${n}-law`,
      status: 'promoted',
      created_at: at(44),
      schema_version: '1.0',
    },
    {
      type: 'LibraryPromotionCandidate',
      candidate_id: `lpc-${n}`,
      source_record_ref: `src-${n}-law`,
      workspace_id: `ws-${n}`,
      requested_by_ref: 'module:librarian',
      status: 'promoted',
      created_at: at(45),
      schema_version: '1.0',
    },
  ];
}

// ── fixture helpers ─────────────────────────────────────────────────────────────────────────────

const src = (m, id) => byId(m, 'SourceRecord', 'source_id', id);
const taintRow = (m, kind) => regItem(m, 'taint.json', (r) => r.source_kind === kind);
const dropRegistryType = (m, file, type) => {
  m.registry[file] = m.registry[file].filter((r) => r.type !== type);
};

function attentionItem(extra = {}) {
  return {
    type: 'AttentionLedgerItem',
    item_id: 'att-1',
    task_id: 'task-1',
    run_id: 'run-1',
    matter_id: 'matter-1',
    attention_kind: 'research_need_human',
    source_ref: 'need-1',
    summary: 'The research need waits for a partner’s answer.',
    priority: 'high',
    command_ref: 'research_need.answer',
    lifecycle_state: 'open',
    created_at: at(46),
    schema_version: '1.0',
    ...extra,
  };
}

function claimEntry(extra = {}) {
  return {
    type: 'EvidencePackageClaimEntry',
    claim_ref: 'claim-1',
    supporting_anchor_refs: ['anc-1'],
    contradicting_anchor_refs: [],
    support_status: 'supported',
    support_derivation_receipt_ref: 'csd-1',
    ...extra,
  };
}

function tierVersion(m, tier, receipt) {
  const next = { ...clone(src(m, 'src-1-web')), tier };
  if (receipt)
    m.records.push({
      type: 'SourceTierTransitionReceipt',
      receipt_id: 'str-1',
      source_id: 'src-1-web',
      from_tier: 2,
      to_tier: tier,
      transition_reason: tier > 2 ? 'verified against the publisher' : 'publisher retracted it',
      actor_ref: 'user:librarian',
      created_at: at(60),
      schema_version: '1.0',
      ...receipt,
    });
  m.records.push(next);
}

function contestGuidance(m) {
  insertAfter(m, 'RunGuidanceLifecycleReceipt', (r) => r.receipt_id === 'glr-1-1', {
    type: 'RunGuidanceLifecycleReceipt',
    receipt_id: 'glr-1-2',
    guidance_id: 'guide-1',
    from_state: 'active',
    to_state: 'contested',
    actor_ref: 'module:evaluator',
    reason: 'conflicts with the court’s citation rules',
    created_at: at(27),
    schema_version: '1.0',
  });
  byId(m, 'RunGuidanceItemCurrent', 'guidance_id', 'guide-1').lifecycle_state = 'contested';
}

function injectFromOtherRun(m, selected) {
  byId(m, 'RunGuidanceCreationEvent', 'event_id', 'gevt-1').scope_ref = 'run-0';
  const item = byId(m, 'RunGuidanceItemCurrent', 'guidance_id', 'guide-1');
  item.cross_run_eligible = true;
  item.selected_by_doc24_context_policy = selected;
}

const sanitizationNode = (output) => ({
  type: 'SanitizationNode',
  node_id: 'san-1',
  input_taint: 'external_untrusted',
  output_taint: output,
  method: 'human_review',
  evidence_ref: 'reviews/summary-1',
  created_at: at(5),
  schema_version: '1.0',
});

const LAUNDERED = [
  'validation.taint_not_inherited_through_summary',
  'validation.taint_downgrade_without_sanitization_node',
];

export const FIXTURES = [
  // ── D-01 / D-02 taint ──
  [
    'summary-launders-web-taint',
    TAINT,
    LAUNDERED,
    (m) => {
      // the summary falls back to its kind's default (user_trusted_bounded), below its web input
      delete src(m, 'src-1-sum').taint_class;
    },
  ],
  [
    'summary-sanitization-node-does-not-cover',
    TAINT,
    LAUNDERED,
    (m) => {
      // the node lowers external_untrusted only to user_trusted_bounded; the summary claims more
      insertAfter(
        m,
        'SourceRecord',
        (r) => r.source_id === 'src-1-law',
        sanitizationNode('user_trusted_bounded'),
      );
      Object.assign(src(m, 'src-1-sum'), {
        taint_class: 'internal_corpus_trusted',
        sanitization_node_ref: 'san-1',
      });
    },
  ],
  [
    'clean-summary-sanitized-by-human-review',
    TAINT,
    [],
    (m) => {
      insertAfter(
        m,
        'SourceRecord',
        (r) => r.source_id === 'src-1-law',
        sanitizationNode('user_trusted_bounded'),
      );
      Object.assign(src(m, 'src-1-sum'), {
        taint_class: 'user_trusted_bounded',
        sanitization_node_ref: 'san-1',
      });
    },
  ],
  [
    'taint-order-loosened-by-registry',
    TAINT,
    [
      'addenda_b.registry_table_loosened',
      'validation.taint_downgrade_without_sanitization_node',
      'validation.taint_not_inherited_through_summary',
    ],
    (m) => {
      // an order ranking web material below user material would let the summary keep its default:
      // registry/ may not loosen the pack's order, so it is not in force and the laundering fires
      regItem(m, 'taint.json', (r) => r.type === 'TaintClassOrder').least_to_most_tainted = [
        'internal_corpus_trusted',
        'external_authority_trusted',
        'external_untrusted',
        'user_trusted_bounded',
        'unclassified',
      ];
      delete src(m, 'src-1-sum').taint_class;
    },
  ],
  [
    'clean-taint-order-refined-by-user',
    TAINT,
    [],
    (m) => {
      // a user's order may insert classes of its own between the pack's
      regItem(m, 'taint.json', (r) => r.type === 'TaintClassOrder').least_to_most_tainted = [
        'internal_corpus_trusted',
        'external_authority_trusted',
        'user_trusted_bounded',
        'web_vetted',
        'external_untrusted',
        'unclassified',
      ];
    },
  ],
  [
    'source-lowers-locked-kind-default',
    TAINT,
    ['validation.taint_downgrade_without_sanitization_node'],
    (m) => {
      taintRow(m, 'web_source').allow_override = false;
      src(m, 'src-1-web').taint_class = 'user_trusted_bounded';
    },
  ],
  [
    'source-kind-without-taint-default',
    TAINT,
    ['validation.source_kind_taint_unmapped'],
    (m) => {
      insertAfter(m, 'SourceRecord', (r) => r.source_id === 'src-1-sum', {
        ...clone(src(m, 'src-1-web')),
        source_id: 'src-1-pod',
        source_kind: 'podcast',
      });
    },
  ],
  [
    'taint-default-outside-the-order',
    TAINT,
    ['validation.source_kind_taint_unmapped'],
    (m) => {
      taintRow(m, 'email').default_taint_class = 'semi_trusted';
    },
  ],
  [
    'external-authority-without-trust-basis',
    TAINT,
    ['validation.external_authority_without_trust_basis'],
    (m) => {
      src(m, 'src-1-law').trust_basis = 'web_unverified';
    },
  ],
  [
    'workspace-taint-without-aggregation-policy',
    TAINT,
    ['validation.workspace_taint_missing_aggregation_policy'],
    (m) => dropRegistryType(m, 'taint.json', 'TaintAggregationPolicy'),
  ],

  // ── D-04 tiers ──
  [
    'tier-0-source-record',
    TAINT,
    ['validation.tier0_source_record_materialized'],
    (m) => {
      src(m, 'src-1-web').tier = 0;
    },
  ],
  [
    'claim-rests-on-tier-0-lookup',
    TAINT,
    ['validation.claim_depends_on_tier0_lookup'],
    (m) => {
      byId(m, 'ClaimSupportDerivationReceipt', 'receipt_id', 'csd-1').supporting_anchor_refs.push(
        'eph-1',
      );
    },
  ],
  [
    'source-tier-change-unrecorded',
    TAINT,
    ['validation.source_tier_transition_not_persisted'],
    (m) => tierVersion(m, 3),
  ],
  ['clean-source-tier-promoted-with-receipt', TAINT, [], (m) => tierVersion(m, 3, {})],
  [
    'source-tier-demoted-without-clearance',
    TAINT,
    ['validation.source_tier_demotion_without_authority'],
    (m) => tierVersion(m, 1, {}),
  ],
  [
    'clean-source-tier-demoted-with-clearance',
    TAINT,
    [],
    (m) => tierVersion(m, 1, { cleared_by_access_tier: 'partner' }),
  ],

  // ── D-06 evidence ──
  [
    'evidence-anchor-supports-no-claim',
    TAINT,
    ['validation.evidence_anchor_without_claim_ref'],
    (m) => {
      byId(m, 'SourceEvidenceAnchor', 'anchor_id', 'anc-1').supports_claim_refs = [];
    },
  ],
  [
    'claim-status-differs-from-derivation',
    TAINT,
    ['validation.claim_support_status_without_derivation'],
    (m) => {
      byId(m, 'ClaimSupportDerivationReceipt', 'receipt_id', 'csd-1').derived_support_status =
        'partially_supported';
      byId(m, 'ClaimSupportDerivationReceipt', 'receipt_id', 'csd-1').decisive_reason =
        'partial_indirect_support';
      m.records.push(claimEntry());
    },
  ],
  [
    'claim-status-without-derivation-receipt',
    TAINT,
    ['validation.claim_support_status_without_derivation'],
    (m) => m.records.push(claimEntry({ support_derivation_receipt_ref: 'csd-missing' })),
  ],
  ['clean-claim-entry-backed-by-derivation', TAINT, [], (m) => m.records.push(claimEntry())],
  [
    'domain-payload-without-registry-ref',
    TAINT,
    ['validation.domain_payload_without_registry_ref'],
    (m) => {
      rec(m, 'ApplicabilityScope').domain_specific_payload = { court_level: 'appellate' };
    },
  ],
  [
    'clean-domain-payload-with-registry-ref',
    TAINT,
    [],
    (m) => {
      Object.assign(rec(m, 'ApplicabilityScope'), {
        domain_specific_payload: { court_level: 'appellate' },
        domain_payload_registry_ref: {
          domain_payload_kind: 'legal.court_level',
          domain_payload_schema_ref: 'schema:legal.court_level.v1',
          domain_payload_version: '1.0',
        },
      });
    },
  ],

  // ── D-20 library promotion ──
  [
    'library-promotion-without-gate',
    TAINT,
    ['validation.library_promotion_without_gate'],
    (m) => {
      byId(m, 'LibraryPromotionReceipt', 'receipt_id', 'lpr-1').gate_ref = 'library_gate.none';
    },
  ],
  [
    'library-promotion-below-gate-tier',
    TAINT,
    ['validation.library_promotion_without_gate'],
    (m) => {
      src(m, 'src-1-law').tier = 1;
    },
  ],
  [
    'library-candidate-promoted-without-write',
    TAINT,
    ['validation.library_promotion_candidate_confused_with_durable_write'],
    (m) => {
      delete byId(m, 'LibraryPromotionReceipt', 'receipt_id', 'lpr-1').durable_library_write_ref;
    },
  ],
  [
    'privileged-source-auto-promoted',
    TAINT,
    ['validation.privileged_source_auto_promoted'],
    (m) => {
      src(m, 'src-1-law').privileged = true;
    },
  ],
  [
    'clean-privileged-source-promoted-after-approval',
    TAINT,
    [],
    (m) => {
      src(m, 'src-1-law').privileged = true;
      const candidate = byId(m, 'LibraryPromotionCandidate', 'candidate_id', 'lpc-1');
      insertAfter(m, 'PerActivationContextBudget', (r) => r.activation_id === 'act-1', {
        ...clone(candidate),
        status: 'approved',
        requested_by_ref: 'user:partner',
        created_at: at(43),
      });
    },
  ],

  // ── D-05 research needs ──
  [
    'research-need-without-scope',
    FORUM,
    ['validation.research_need_scope_missing'],
    (m) => {
      delete byId(m, 'ResearchNeed', 'need_id', 'need-1').need_scope;
    },
  ],
  [
    'research-need-task-scope-with-run',
    FORUM,
    ['validation.research_need_run_id_on_task_scope_conflict'],
    (m) => {
      byId(m, 'ResearchNeed', 'need_id', 'need-1').need_scope = 'task';
    },
  ],
  [
    'research-need-double-leased',
    FORUM,
    ['validation.research_need_double_leased'],
    (m) => {
      const lease = rec(m, 'ResearchNeedLease', (r) => r.need_id === 'need-1');
      insertAfter(m, 'ResearchNeedLease', (r) => r === lease, {
        ...clone(lease),
        leased_by_module_id: 'second-researcher',
        lease_token: 'lease-1-2',
        acquired_at: at(25),
        expires_at: at(40),
      });
    },
  ],
  [
    'clean-research-need-reclaimed-after-expiry',
    FORUM,
    [],
    (m) => {
      const lease = rec(m, 'ResearchNeedLease', (r) => r.need_id === 'need-1');
      insertAfter(m, 'ResearchNeedLease', (r) => r === lease, {
        ...clone(lease),
        leased_by_module_id: 'second-researcher',
        lease_token: 'lease-1-2',
        acquired_at: at(36),
        expires_at: at(50),
      });
    },
  ],
  [
    'research-need-human-without-exit',
    FORUM,
    ['validation.research_need_human_needed_without_exit'],
    (m) => {
      Object.assign(byId(m, 'ResearchNeed', 'need_id', 'need-1'), {
        status: 'human_needed',
        human_needed_reason: 'Only the client can say which contract version was signed.',
      });
    },
  ],
  [
    'clean-research-need-human-with-attention-item',
    FORUM,
    [],
    (m) => {
      Object.assign(byId(m, 'ResearchNeed', 'need_id', 'need-1'), {
        status: 'human_needed',
        human_needed_reason: 'Only the client can say which contract version was signed.',
      });
      m.records.push(attentionItem());
    },
  ],

  // ── D-07 / D-09 / D-12 / D-24 run board ──
  [
    'board-post-leaks-other-matter',
    FORUM,
    ['validation.visible_post_cross_matter_leak', 'validation.suppressed_event_without_audit_stub'],
    (m) => {
      byId(m, 'RunBoardAuditEvent', 'event_id', 'bevt-1-a').governance.matter_id = 'matter-2';
    },
  ],
  [
    'clean-other-matter-event-behind-firewall-stub',
    FORUM,
    [],
    (m) => {
      byId(m, 'RunBoardAuditEvent', 'event_id', 'bevt-1-a').governance.matter_id = 'matter-2';
      Object.assign(byId(m, 'RunBoardVisiblePost', 'post_id', 'post-1-a'), {
        redacted: true,
        withheld_reason: 'matter_firewall',
        rendered_payload_ref: 'rendered/stub',
      });
    },
  ],
  [
    'board-event-without-governance',
    BOARD,
    ['validation.run_board_event_without_governance'],
    (m) => {
      delete byId(m, 'RunBoardAuditEvent', 'event_id', 'bevt-1-a').governance;
    },
  ],
  [
    'board-governance-without-taint-class',
    BOARD,
    ['validation.run_board_event_without_governance'],
    (m) => {
      delete byId(m, 'RunBoardAuditEvent', 'event_id', 'bevt-1-a').governance.taint_class;
    },
  ],
  [
    'board-privileged-event-without-stub',
    BOARD,
    ['validation.suppressed_event_without_audit_stub'],
    (m) => {
      m.records = m.records.filter((r) => r.post_id !== 'post-1-p');
    },
  ],
  [
    'board-privileged-event-shown-in-full',
    BOARD,
    ['validation.suppressed_event_without_audit_stub'],
    (m) => {
      const post = byId(m, 'RunBoardVisiblePost', 'post_id', 'post-1-p');
      post.redacted = false;
      delete post.withheld_reason;
    },
  ],
  [
    'clean-local-only-event-with-stub',
    BOARD,
    [],
    (m) => {
      const e = byId(m, 'RunBoardAuditEvent', 'event_id', 'bevt-1-a');
      e.governance.data_class = 'local_only';
      Object.assign(byId(m, 'RunBoardVisiblePost', 'post_id', 'post-1-a'), {
        redacted: true,
        withheld_reason: 'local_only',
        rendered_payload_ref: 'rendered/stub',
      });
    },
  ],
  [
    'board-post-past-volume-cap',
    BOARD,
    ['validation.suppressed_event_without_audit_stub'],
    (m) => {
      regItem(
        m,
        'run-board.json',
        (r) => r.type === 'RunBoardPublicationPolicy',
      ).max_visible_posts_per_run = 0;
    },
  ],
  [
    'board-autopublishes-unlisted-class',
    BOARD,
    ['validation.passive_board_autopublish_without_policy'],
    (m) => {
      byId(m, 'RunBoardAuditEvent', 'event_id', 'bevt-1-a').event_class = 'cost_duration';
    },
  ],
  [
    'board-posts-without-publication-policy',
    BOARD,
    ['validation.passive_board_autopublish_without_policy'],
    (m) => {
      delete m.registry['run-board.json'];
    },
  ],

  // ── D-08 context packets ──
  [
    'context-packet-without-request',
    BOARD,
    ['validation.context_packet_without_request'],
    (m) => {
      byId(m, 'TaskRunContextPacketAssemblyReceipt', 'receipt_id', 'cpa-1').request_id = 'cpr-none';
    },
  ],
  [
    'context-budget-exceeded',
    BOARD,
    ['validation.per_activation_context_budget_exceeded'],
    (m) => {
      const b = rec(m, 'PerActivationContextBudget', (r) => r.activation_id === 'act-1');
      b.packet_token_count = 10400;
      b.total_token_count = 12800;
    },
  ],
  [
    'context-budget-total-below-its-parts',
    BOARD,
    ['validation.per_activation_context_budget_exceeded'],
    (m) => {
      rec(m, 'PerActivationContextBudget', (r) => r.activation_id === 'act-1').packet_token_count =
        10400;
    },
  ],
  [
    'required-packet-item-omitted',
    BOARD,
    ['validation.required_packet_item_omitted_without_block_or_warning'],
    (m) => {
      byId(m, 'TaskRunContextPacketAssemblyReceipt', 'receipt_id', 'cpa-1').omitted_items.push({
        item_ref: 'claim-1',
        omission_reason: 'permission',
        required: true,
      });
    },
  ],
  [
    'clean-stale-required-item-with-warning',
    BOARD,
    [],
    (m) => {
      byId(m, 'TaskRunContextPacketRequest', 'request_id', 'cpr-1').staleness_policy =
        'allow_stale_with_warning';
      byId(m, 'TaskRunContextPacketAssemblyReceipt', 'receipt_id', 'cpa-1').omitted_items.push({
        item_ref: 'claim-1',
        omission_reason: 'stale',
        required: true,
      });
    },
  ],

  // ── D-10 assistance requests ──
  [
    'assistance-request-without-endpoint',
    FORUM,
    ['validation.module_assistance_request_without_endpoint'],
    (m) => {
      delete byId(m, 'ModuleAssistanceRequest', 'request_id', 'mar-1').target_endpoint_ref;
    },
  ],
  [
    'assistance-request-without-answer-schema',
    FORUM,
    ['validation.assistance_request_without_answer_schema'],
    (m) => {
      delete byId(m, 'ModuleAssistanceRequest', 'request_id', 'mar-1').answer_schema_ref;
    },
  ],
  [
    'task-agent-asked-to-decide-substance',
    FORUM,
    ['validation.task_agent_substantive_decision_forbidden'],
    (m) => {
      Object.assign(byId(m, 'ModuleAssistanceRequest', 'request_id', 'mar-1'), {
        target: 'task_agent',
        target_endpoint_ref: 'endpoint:task-agent',
        request_kind: 'substantive_review',
        response_policy: 'required_before_continue',
      });
    },
  ],
  [
    'clean-task-agent-asked-for-advice',
    FORUM,
    [],
    (m) => {
      Object.assign(byId(m, 'ModuleAssistanceRequest', 'request_id', 'mar-1'), {
        target: 'task_agent',
        target_endpoint_ref: 'endpoint:task-agent',
        request_kind: 'substantive_review',
        response_policy: 'advisory_only',
      });
    },
  ],

  // ── D-13 run guidance ──
  [
    'contested-guidance-placed-in-packet',
    FORUM,
    ['validation.run_guidance_consumed_while_contested'],
    contestGuidance,
  ],
  [
    'clean-contested-guidance-filtered-from-packet',
    FORUM,
    [],
    (m) => {
      contestGuidance(m);
      byId(m, 'TaskRunContextPacketAssemblyReceipt', 'receipt_id', 'cpa-1').omitted_items.push({
        item_ref: 'guide-1',
        omission_reason: 'policy',
        required: false,
      });
    },
  ],
  [
    'guidance-injected-from-other-run',
    FORUM,
    ['validation.run_guidance_cross_run_injected_without_doc24_selection'],
    (m) => injectFromOtherRun(m, false),
  ],
  ['clean-guidance-selected-by-doc24-policy', FORUM, [], (m) => injectFromOtherRun(m, true)],
  [
    'guidance-state-without-receipt',
    FORUM,
    ['validation.run_guidance_lifecycle_transition_without_receipt'],
    (m) => {
      byId(m, 'RunGuidanceItemCurrent', 'guidance_id', 'guide-1').lifecycle_state = 'superseded';
    },
  ],

  // ── D-14 command closure ──
  [
    'attention-item-offers-phantom-command',
    PHANTOM,
    ['validation.phantom_button_no_command', 'validation.g_surface_action_without_command'],
    (m) => m.records.push(attentionItem({ command_ref: 'attention.snooze_item' })),
  ],
  [
    'attention-item-resolved-without-command',
    PHANTOM,
    [
      'validation.user_action_without_command_registry_entry',
      'validation.g_surface_action_without_command',
    ],
    (m) => {
      const item = attentionItem({ lifecycle_state: 'resolved', resolved_at: at(50) });
      delete item.command_ref;
      m.records.push(item);
    },
  ],
  [
    'attention-item-resolved-through-phantom-command',
    PHANTOM,
    [
      'validation.user_action_without_command_registry_entry',
      'validation.phantom_button_no_command',
      'validation.g_surface_action_without_command',
    ],
    (m) =>
      m.records.push(
        attentionItem({
          lifecycle_state: 'resolved',
          resolved_at: at(50),
          command_ref: 'attention.close',
        }),
      ),
  ],
  [
    'clean-attention-item-resolved-through-command',
    PHANTOM,
    [],
    (m) =>
      m.records.push(
        attentionItem({
          lifecycle_state: 'resolved',
          resolved_at: at(50),
          command_ref: 'attention.resolve_item',
        }),
      ),
  ],
  [
    'durable-command-without-idempotency-key',
    PHANTOM,
    ['validation.command_missing_idempotency_key'],
    (m) => {
      regItem(
        m,
        'commands.json',
        (r) => r.command_id === 'research_need.answer',
      ).idempotency_key_required = false;
    },
  ],
  [
    'durable-command-without-invalidation',
    PHANTOM,
    ['validation.command_missing_read_model_invalidation'],
    (m) => {
      regItem(
        m,
        'commands.json',
        (r) => r.command_id === 'attention.resolve_item',
      ).read_model_invalidations = [];
    },
  ],

  // ── D-15 sub-agents, D-17 anchors, D-21 progress ──
  [
    'sub-agent-point-without-fallback',
    PHANTOM,
    ['validation.sub_agent_point_without_fallback'],
    (m) => {
      regItem(
        m,
        'sub-agents.json',
        (r) => r.type === 'SubAgentCoordinationProfile',
      ).allowed_coordination_points.push('plan_verifier');
    },
  ],
  [
    'sub-agent-singular-output-contract',
    PHANTOM,
    ['validation.output_contract_singular_legacy_field_present'],
    (m) => {
      regItem(
        m,
        'sub-agents.json',
        (r) => r.type === 'SubAgentCoordinationProfile',
      ).output_contract_ref = 'contract:source_research.v1';
    },
  ],
  [
    'structured-anchor-locates-nothing',
    PHANTOM,
    ['validation.structured_anchor_empty'],
    (m) => {
      const a = byId(m, 'StructuredAnchor', 'section_id', 'sec-1');
      delete a.section_id;
      a.citation_ref = '';
    },
  ],
  [
    // Whitespace locates nothing either (it once passed: only '' counted as empty).
    'structured-anchor-blank-locator',
    PHANTOM,
    ['validation.structured_anchor_empty'],
    (m) => {
      const a = byId(m, 'StructuredAnchor', 'section_id', 'sec-1');
      a.section_id = ' ';
      a.citation_ref = '\t';
    },
  ],
  [
    'requires-background-progress-legacy',
    PHANTOM,
    ['validation.requires_background_progress_legacy_field_present'],
    (m) => {
      regItem(
        m,
        'sub-agents.json',
        (r) => r.type === 'RunExecutionRequirements',
      ).requires_background_progress = true;
    },
  ],
  [
    'heartbeat-without-interval',
    PHANTOM,
    ['validation.background_execution_heartbeat_confused'],
    (m) => {
      delete regItem(m, 'sub-agents.json', (r) => r.type === 'ModuleProgressBehavior')
        .heartbeat_interval_ms;
    },
  ],
  [
    'heartbeat-on-execution-requirements',
    PHANTOM,
    ['validation.background_execution_heartbeat_confused'],
    (m) => {
      regItem(
        m,
        'sub-agents.json',
        (r) => r.type === 'RunExecutionRequirements',
      ).emits_progress_heartbeat = true;
    },
  ],
];
