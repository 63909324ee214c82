// §8 (G-*) reliance layer: staleness, status derivation, fork side effects, command closure.
import { Bundle } from '../src/packs/addenda-b/bundle.js';
import type { Rule } from '../src/packs/addenda-b/rules/rule.js';
import { checkBundle } from '../src/packs/addenda-b/verify.js';
import {
  changesAfter,
  reliancePacketStaleSnapshot,
  reliancePacketWithoutInputManifest,
  underivable,
  workProductCertificationWithoutReliancePacket,
} from '../src/packs/addenda-b/rules/g-reliance.js';
import { sideEffectsAfter } from '../src/packs/addenda-b/rules/g-checkpoint.js';
import {
  gSurfaceActionWithoutCommand,
  surfaceActions,
} from '../src/packs/addenda-b/rules/g-commands.js';
import {
  deterministicReplayWithNondeterministicStep,
  explanationTraceContainsHiddenReasoning,
} from '../src/packs/addenda-b/rules/g-explanation-replay.js';

const META = {
  schema_version: '1.0' as const,
  task_id: 'task-1',
  run_id: 'run-1',
  as_of: '2026-03-02T12:00:00Z',
};

/** A bundle of [type, data] records, in event order (seq = line). */
function bundle(...records: Array<[string, Record<string, unknown>]>): Bundle {
  const b = new Bundle('.', '.', META);
  records.forEach(([type, data], i) =>
    b.add({
      type,
      data: { type, ...data },
      at: { path: 'records.jsonl', line: i + 1 },
      seq: i + 1,
      registry: false,
    }),
  );
  return b;
}

const codes = (b: Bundle, rule: Rule) => checkBundle(b, [rule]).map((f) => f.message);

const MANIFEST = {
  final_artifact_refs: ['art@v3'],
  evaluation_chain_ids: ['chain-1'],
  evaluation_chain_resolution_receipt_refs: ['chres-1'],
  evaluation_snapshot_refs: ['snap-1'],
  source_workspace_snapshot_refs: ['ws-1@h1'],
  evidence_package_refs: [],
  revision_review_packet_refs: [],
  hard_call_resolution_refs: [],
  policy_decision_refs: [],
  known_good_checkpoint_refs: [],
  created_from_event_seq: 1,
  input_manifest_hash: 'sha256:00',
  schema_version: '1.0',
};

const packet = (extra: Record<string, unknown> = {}): [string, Record<string, unknown>] => [
  'TaskReliancePacket',
  {
    packet_id: 'trp-1',
    input_manifest: MANIFEST,
    reliance_derivation: {
      status: 'rely_with_limitations',
      decisive_input_refs: ['chres-1'],
      unresolved_limitations: ['policy_warning'],
      required_human_review_refs: [],
      derivation_policy_ref: 'rs.v1',
      formula_eval_receipt_ref: 'rc-1',
    },
    lifecycle_state: 'issued',
    ...extra,
  },
];

const snapshot: [string, Record<string, unknown>] = [
  'EvaluationSnapshot',
  {
    snapshot_id: 'snap-1',
    source_workspace_snapshot_hashes: [
      { source_workspace_ref: 'ws-1', source_workspace_head_hash: 'h1' },
    ],
  },
];
const event = (finding: string, snap: string): [string, Record<string, unknown>] => [
  'EvaluationFindingEvent',
  { finding_event_id: `e-${finding}`, finding_id: finding, evaluation_snapshot_ref: snap },
];
const transition = (finding: string): [string, Record<string, unknown>] => [
  'FindingLifecycleTransitionReceipt',
  { receipt_id: `t-${finding}`, finding_id: finding, from_state: 'active', to_state: 'resolved' },
];
const chainReceipt = (id: string): [string, Record<string, unknown>] => [
  'EvaluationChainResolutionReceipt',
  { receipt_id: id, chain_id: 'chain-1' },
];

const kinds = (b: Bundle) => {
  const p = b.of('TaskReliancePacket')[0]!;
  const { count, first } = changesAfter(b, p, p.data.input_manifest as Record<string, unknown>);
  // The first change's kind, and how many more there are.
  return first ? [first.kind, ...(count > 1 ? [`+${count - 1}`] : [])] : [];
};

describe('reliance packet staleness (L2905-2912, L3336)', () => {
  it('a resolution of a manifest chain written after the packet is a change; one before, or named, is not', () => {
    expect(kinds(bundle(chainReceipt('chres-0'), packet(), chainReceipt('chres-1')))).toEqual([]);
    expect(kinds(bundle(packet(), chainReceipt('chres-2')))).toEqual([
      'evaluation_chain_resolution_changed',
    ]);
    // Counted past the first, the named one (chres-1, written later) left out wherever it is.
    expect(
      kinds(
        bundle(packet(), chainReceipt('chres-1'), chainReceipt('chres-2'), chainReceipt('chres-3')),
      ),
    ).toEqual(['evaluation_chain_resolution_changed', '+1']);
  });
  it('only findings of the manifest’s snapshots, transitioned after the packet, change it', () => {
    const b = bundle(
      snapshot,
      event('f1', 'snap-1'),
      event('f2', 'snap-2'),
      transition('f1'),
      packet(),
      transition('f2'),
    );
    expect(kinds(b)).toEqual([]);
    const later = bundle(snapshot, event('f1', 'snap-1'), packet(), transition('f1'));
    expect(kinds(later)).toEqual(['finding_lifecycle_changed']);
  });
  it('an applied operation on a captured workspace changes it; a read does not', () => {
    const op = (status: string, ws = 'ws-1'): [string, Record<string, unknown>] => [
      'SourceWorkspaceOperationReceipt',
      { receipt_id: `op-${status}-${ws}`, workspace_id: ws, status },
    ];
    expect(kinds(bundle(snapshot, packet(), op('read_completed'), op('applied', 'ws-2')))).toEqual(
      [],
    );
    expect(kinds(bundle(snapshot, packet(), op('applied')))).toEqual(['source_workspace_changed']);
  });
  it('an accepted revision of a final artifact version changes it; a rejected one does not', () => {
    const review: [string, Record<string, unknown>] = [
      'RevisionReviewPacket',
      { packet_id: 'rrp-2', before_artifact_version_ref: 'art@v3' },
    ];
    const decision = (action: string): [string, Record<string, unknown>] => [
      'RevisionReviewDecisionReceipt',
      { receipt_id: `d-${action}`, packet_id: 'rrp-2', action },
    ];
    expect(kinds(bundle(packet(), review, decision('reject')))).toEqual([]);
    expect(kinds(bundle(packet(), review, decision('accept')))).toEqual([
      'artifact_version_changed',
    ]);
  });
  it('an invalidation event (anywhere) or a withdrawn state handles the change', () => {
    const stale = [packet(), chainReceipt('chres-2')] as const;
    expect(codes(bundle(...stale), reliancePacketStaleSnapshot)).toHaveLength(1);
    const inv: [string, Record<string, unknown>] = [
      'RelianceInvalidationEvent',
      { event_id: 'inv-1', packet_id: 'trp-1' },
    ];
    expect(codes(bundle(...stale, inv), reliancePacketStaleSnapshot)).toEqual([]);
    expect(
      codes(
        bundle(packet({ lifecycle_state: 'superseded' }), chainReceipt('chres-2')),
        reliancePacketStaleSnapshot,
      ),
    ).toEqual([]);
  });
  it('judges a rewritten packet by its latest record', () => {
    const rule = reliancePacketStaleSnapshot;
    const rederived = packet({
      input_manifest: {
        ...MANIFEST,
        evaluation_chain_resolution_receipt_refs: ['chres-2'],
      },
    });
    expect(codes(bundle(packet(), chainReceipt('chres-2'), rederived), rule)).toEqual([]);
    expect(
      codes(
        bundle(packet(), chainReceipt('chres-2'), packet({ lifecycle_state: 'invalidated' })),
        rule,
      ),
    ).toEqual([]);
    expect(codes(bundle(packet(), rederived, chainReceipt('chres-3')), rule)).toHaveLength(1);
  });
  it('a certification on an invalidated packet fires unless it is itself invalidated', () => {
    const cert = (state: string): [string, Record<string, unknown>] => [
      'WorkProductCertification',
      { certification_id: 'c', task_reliance_packet_ref: 'trp-1', lifecycle_state: state },
    ];
    const dead = packet({ lifecycle_state: 'invalidated' });
    expect(
      codes(bundle(dead, cert('issued')), workProductCertificationWithoutReliancePacket),
    ).toHaveLength(1);
    expect(
      codes(bundle(dead, cert('invalidated')), workProductCertificationWithoutReliancePacket),
    ).toEqual([]);
    expect(
      codes(bundle(packet(), cert('issued')), workProductCertificationWithoutReliancePacket),
    ).toEqual([]);
  });
});

describe('reliance status derivation (L2873-2883, L217)', () => {
  const policy: [string, Record<string, unknown>] = [
    'RelianceStatusDerivationPolicy',
    {
      policy_id: 'rs.v1',
      formula_ref: 'reliance_status_v1',
      status_requirements: {
        rely_with_limitations: {
          unresolved_limitations: 'some',
          required_human_review_refs: 'none',
        },
        safe_to_rely_within_scope: {
          unresolved_limitations: 'none',
          required_human_review_refs: 'none',
        },
      },
    },
  ];
  const receipt = (formula = 'reliance_status_v1'): [string, Record<string, unknown>] => [
    'FormulaEvaluationReceipt',
    { receipt_id: 'rc-1', formula_id: formula, output_ref: 'out-1' },
  ];
  const out = (value: unknown): [string, Record<string, unknown>] => [
    'FormulaValue',
    { value_id: 'out-1', value },
  ];
  const why = (...records: Array<[string, Record<string, unknown>]>) => {
    const b = bundle(...records);
    return underivable(b, b.of('TaskReliancePacket')[0]!);
  };

  it('a status the policy table allows, backed by its receipt, is derivable', () => {
    expect(why(policy, receipt(), out('rely_with_limitations'), packet())).toEqual([]);
  });
  it('names each reason it is not', () => {
    const p = packet();
    const d = p[1].reliance_derivation as Record<string, unknown>;
    p[1].reliance_derivation = {
      ...d,
      status: 'safe_to_rely_within_scope',
      decisive_input_refs: ['elsewhere'],
    };
    expect(why(policy, receipt('other_v1'), out('rely_with_limitations'), p)).toEqual([
      'status "safe_to_rely_within_scope" requires no unresolved limitation',
      'decisive inputs "elsewhere" are not in its input manifest',
      'its receipt is of formula "other_v1", not the policy\'s "reliance_status_v1"',
      'its receipt\'s output is "rely_with_limitations", not "safe_to_rely_within_scope"',
    ]);
  });
  it('the manifest’s version and hash are not inputs', () => {
    const p = packet();
    (p[1].reliance_derivation as Record<string, unknown>).decisive_input_refs = ['1.0'];
    expect(why(policy, receipt(), out('rely_with_limitations'), p)).toEqual([
      'decisive inputs "1.0" are not in its input manifest',
    ]);
  });
  it('a status the policy does not list, or no policy / receipt, is not derivable', () => {
    const p = packet();
    (p[1].reliance_derivation as Record<string, unknown>).status = 'not_safe_to_rely';
    expect(why(policy, receipt(), p)).toEqual([
      'policy "rs.v1" does not derive status "not_safe_to_rely"',
    ]);
    expect(why(packet())).toEqual([
      'derivation_policy_ref "rs.v1" names no registered RelianceStatusDerivationPolicy',
      'formula_eval_receipt_ref "rc-1" names no FormulaEvaluationReceipt of the bundle',
    ]);
  });
});

describe('hostile reliance records fail closed', () => {
  for (const manifest of [
    'x',
    [],
    null,
    { ...MANIFEST, evaluation_chain_ids: 'chain-1' },
    { ...MANIFEST, input_manifest_hash: '' },
  ])
    it(`input_manifest ${JSON.stringify(manifest).slice(0, 40)} is reported, not crashed on`, () => {
      const b = bundle(packet({ input_manifest: manifest }), chainReceipt('chres-2'));
      expect(codes(b, reliancePacketWithoutInputManifest)).toHaveLength(1);
      expect(codes(b, reliancePacketStaleSnapshot)).toEqual([]);
    });
});

describe('forks list the irreversible side effects after their checkpoint (L3061)', () => {
  it('takes the completed, irreversible exports strictly between two positions', () => {
    const ext = (
      id: string,
      status = 'completed',
      irreversible = true,
    ): [string, Record<string, unknown>] => [
      'WorkspaceExternalizationReceipt',
      { receipt_id: id, status, irreversible_disclosure_possible: irreversible },
    ];
    const b = bundle(
      ext('a'),
      ext('b'),
      ext('c', 'failed'),
      ext('d', 'completed', false),
      ext('e'),
      ext('f'),
    );
    expect([...sideEffectsAfter(b, 1, 6)].map((r) => r.data.receipt_id)).toEqual(['b', 'e']);
    expect([...sideEffectsAfter(b, 0, 1)]).toEqual([]);
    expect([...sideEffectsAfter(b, 6, 99)]).toEqual([]);
  });
});

describe('§G command closure (L3279-3311)', () => {
  const decision = (action: string, command_ref?: string): [string, Record<string, unknown>] => [
    'RevisionReviewDecisionReceipt',
    { receipt_id: `d-${action}`, packet_id: 'p', action, ...(command_ref ? { command_ref } : {}) },
  ];
  const entry = (id: string): [string, Record<string, unknown>] => [
    'RelianceLayerCommandRegistryEntry',
    { command_id: id },
  ];
  it('maps decisions to their commands; a policy waiver is no user action', () => {
    const b = bundle(decision('fork'), decision('no_user_review_required'), [
      'TaskRunFork',
      { fork_id: 'f' },
    ]);
    expect(surfaceActions(b).map(([r, c]) => `${r.type}:${c}`)).toEqual([
      'RevisionReviewDecisionReceipt:task_replay.create_fork',
      'TaskRunFork:task_replay.create_fork',
    ]);
  });
  it('fires for a missing, wrong or unregistered command, not for a registered one', () => {
    const rule = gSurfaceActionWithoutCommand;
    expect(
      codes(bundle(entry('revision_review.accept_candidate'), decision('accept')), rule),
    ).toHaveLength(1);
    expect(
      codes(
        bundle(
          entry('revision_review.accept_candidate'),
          decision('accept', 'revision_review.reject_candidate'),
        ),
        rule,
      ),
    ).toHaveLength(1);
    expect(
      codes(bundle(decision('accept', 'revision_review.accept_candidate')), rule),
    ).toHaveLength(1);
    expect(
      codes(
        bundle(
          entry('revision_review.accept_candidate'),
          decision('accept', 'revision_review.accept_candidate'),
        ),
        rule,
      ),
    ).toEqual([]);
  });
});

describe('explanation traces and replays (L3205-3273)', () => {
  it('only the literal false keeps hidden reasoning out', () => {
    for (const flag of [true, 'false', 0, null, undefined])
      expect(
        codes(
          bundle([
            'ExplanationTrace',
            { trace_id: 't', causal_steps: [], hidden_reasoning_included: flag },
          ]),
          explanationTraceContainsHiddenReasoning,
        ),
      ).toHaveLength(1);
    expect(
      codes(
        bundle([
          'ExplanationTrace',
          { trace_id: 't', causal_steps: [{ step_id: 's' }], hidden_reasoning_included: false },
        ]),
        explanationTraceContainsHiddenReasoning,
      ),
    ).toEqual([]);
  });
  it('a deterministic replay of another run fires only on recorded drift', () => {
    const request: [string, Record<string, unknown>] = [
      'TaskReplayRequest',
      { replay_request_id: 'r', source_run_id: 'run-0', replay_mode: 'deterministic_reexecution' },
    ];
    const call: [string, Record<string, unknown>] = [
      'WorkspaceExternalizationReceipt',
      { receipt_id: 'x', externalization_kind: 'api_call' },
    ];
    const drift = (kind: string): [string, Record<string, unknown>] => [
      'ReplayDivergenceRecord',
      { divergence_id: 'd', replay_request_id: 'r', divergence_kind: kind },
    ];
    const rule = deterministicReplayWithNondeterministicStep;
    expect(codes(bundle(call, request, drift('source_state_changed')), rule)).toEqual([]);
    expect(codes(bundle(call, request, drift('tool_output_drift')), rule)).toHaveLength(1);
    const own: [string, Record<string, unknown>] = [
      'TaskReplayRequest',
      { ...request[1], source_run_id: 'run-1' },
    ];
    expect(codes(bundle(call, own), rule)).toHaveLength(1);
    expect(codes(bundle(own), rule)).toEqual([]);
  });
});
