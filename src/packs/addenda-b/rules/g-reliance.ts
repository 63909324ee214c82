// §8.2 Reliance lifecycle, manifest, derivation, and invalidation (L2832-2924).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { RelianceStatusDerivationPolicy } from '../reliance-policy.js';
import { seedSchemas } from '../schema/generated.js';
import { memo } from './shared/memo.js';
import type { Rule } from './rule.js';
import { writtenSchema } from '../../../io/fast-schema.js';
import { fastPaths } from '../schema/fast-paths.generated.js';
import { firstIssue } from '../../kit/index.js';
import { filled, firstAfter, groupBy, isObject, q, strings } from './shared/util.js';

/** Lifecycle states in which a packet (or certification) is no longer relied on (L2843-2844). */
const WITHDRAWN = ['invalidated', 'superseded'];

/** The packet ids a RelianceInvalidationEvent of the bundle invalidates. */
function invalidatedIds(b: Bundle): Set<unknown> {
  return memo(
    b,
    'g.invalidated',
    () => new Set(b.of('RelianceInvalidationEvent').map((e) => e.data.packet_id)),
  );
}

/**
 * Whether a packet is withdrawn: a record of it (the projection may be rewritten) is invalidated
 * or superseded, or a RelianceInvalidationEvent names it.
 */
export function packetWithdrawn(b: Bundle, packet: BundleRecord): boolean {
  const id = packet.data.packet_id;
  if (invalidatedIds(b).has(id)) return true;
  // Once per packet id: certifications × copies of one packet made this cubic.
  return memo(
    b,
    'g.withdrawnPackets',
    () =>
      new Set(
        b
          .of('TaskReliancePacket')
          .filter((p) => WITHDRAWN.includes(String(p.data.lifecycle_state)))
          .map((p) => p.data.packet_id),
      ),
  ).has(id);
}

/** Whether a later record rewrote the packet (its projection): only the latest one is judged. */
function rewrittenLater(b: Bundle, packet: BundleRecord): boolean {
  // A packet without a string id has no other record with its id, so nothing rewrote it.
  if (typeof packet.data.packet_id !== 'string') return false;
  // The latest packet of each id, found once: looking up every copy for each one was quadratic.
  const latest = memo(b, 'g.latestPackets', () => {
    const out = new Map<unknown, BundleRecord>();
    for (const p of b.of('TaskReliancePacket')) out.set(p.data.packet_id, p);
    return out;
  });
  return latest.get(packet.data.packet_id) !== packet;
}

type Manifest = { ok: true; data: Record<string, unknown> } | { ok: false; why: string };

let manifest: ReturnType<typeof writtenSchema> | undefined;
const manifestSchema = () =>
  (manifest ??= writtenSchema(
    fastPaths().nested.RelianceInputManifest,
    () => seedSchemas().RelianceInputManifest,
  ));
/** Three rules read every packet's manifest: it is checked once per record. */
const manifests = new WeakMap<BundleRecord, Manifest>();

/** A packet's input manifest, when it is one (else why not). */
function manifestOf(packet: BundleRecord): Manifest {
  let out = manifests.get(packet);
  if (!out) manifests.set(packet, (out = readManifest(packet.data.input_manifest)));
  return out;
}

function readManifest(m: unknown): Manifest {
  if (m === undefined || m === null) return { ok: false, why: 'has no input_manifest' };
  const parsed = manifestSchema().safeParse(m);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return {
      ok: false,
      why: `has an input_manifest that is not a RelianceInputManifest (at ${issue.where}: ${issue.why})`,
    };
  }
  const data = m as Record<string, unknown>;
  if (!filled(data.input_manifest_hash))
    return { ok: false, why: 'has an input_manifest without input_manifest_hash' };
  return { ok: true, data };
}

/** The fields of a RelianceInputManifest that name its inputs (L2857-2869). */
const MANIFEST_INPUT_FIELDS = [
  'final_artifact_refs',
  'evaluation_chain_ids',
  'evaluation_chain_resolution_receipt_refs',
  'evaluation_snapshot_refs',
  'source_workspace_snapshot_refs',
  'evidence_package_refs',
  'revision_review_packet_refs',
  'hard_call_resolution_refs',
  'policy_decision_refs',
  'budget_narrative_ref',
  'known_good_checkpoint_refs',
];

/** Whether a (valid) input manifest names `ref` among its inputs. */
export function manifestNames(m: Record<string, unknown>, ref: string): boolean {
  for (const field of MANIFEST_INPUT_FIELDS) {
    const v = m[field];
    if (v === ref || (Array.isArray(v) && v.includes(ref))) return true;
  }
  return false;
}

export const reliancePacketWithoutInputManifest: Rule = {
  meta: {
    code: 'validation.reliance_packet_without_input_manifest',
    section: '§8.2',
    seedLine: 2920,
    title: 'A reliance packet has no input manifest',
    remediation:
      'Write the packet’s input_manifest (a RelianceInputManifest listing every input the status derives from, with its input_manifest_hash).',
    decision:
      'Fires when input_manifest is missing, is not a RelianceInputManifest (L2857-2872), or has an empty input_manifest_hash. The hash is not recomputed: the seed does not say which bytes it hashes (L2870).',
  },
  check(b, report) {
    for (const p of b.of('TaskReliancePacket')) {
      const m = manifestOf(p);
      if (!m.ok) report(p, `TaskReliancePacket ${q(p.data.packet_id)} ${m.why}.`);
    }
  },
};

/** The requirement a count of entries meets. */
function meets(requirement: string, list: unknown): boolean {
  const n = Array.isArray(list) ? list.length : 0;
  return requirement === 'any' || (requirement === 'none' ? n === 0 : n > 0);
}

/** Why a packet's reliance status is not derivable from its policy, receipt and manifest (empty: it is). */
export function underivable(b: Bundle, packet: BundleRecord): string[] {
  const d = packet.data.reliance_derivation;
  if (!isObject(d)) return [];
  const why: string[] = [];
  const status = String(d.status);
  const policyRecord = b.resolve(d.derivation_policy_ref, 'RelianceStatusDerivationPolicy');
  const policy = policyRecord
    ? (policyRecord.data as unknown as RelianceStatusDerivationPolicy)
    : undefined;
  if (!policy)
    why.push(
      `derivation_policy_ref ${q(d.derivation_policy_ref)} names no registered RelianceStatusDerivationPolicy`,
    );
  const rule = policy?.status_requirements[status as keyof typeof policy.status_requirements];
  if (policy && !rule)
    why.push(`policy ${q(policy.policy_id)} does not derive status ${q(status)}`);
  if (rule && !meets(rule.unresolved_limitations, d.unresolved_limitations))
    why.push(
      `status ${q(status)} requires ${rule.unresolved_limitations === 'none' ? 'no' : 'at least one'} unresolved limitation`,
    );
  if (rule && !meets(rule.required_human_review_refs, d.required_human_review_refs))
    why.push(
      `status ${q(status)} requires ${rule.required_human_review_refs === 'none' ? 'no' : 'at least one'} required human review`,
    );

  const decisive = strings(d.decisive_input_refs);
  if (decisive.length === 0) why.push('it names no decisive input');
  const m = manifestOf(packet);
  if (m.ok) {
    const outside = decisive.filter((r) => !manifestNames(m.data, r));
    if (outside.length)
      why.push(`decisive inputs ${outside.map(q).join(', ')} are not in its input manifest`);
  }

  const receipt = b.resolve(d.formula_eval_receipt_ref, 'FormulaEvaluationReceipt');
  if (!receipt)
    why.push(
      d.formula_eval_receipt_ref === undefined
        ? 'it has no formula_eval_receipt_ref (the receipt that derived it)'
        : `formula_eval_receipt_ref ${q(d.formula_eval_receipt_ref)} names no FormulaEvaluationReceipt of the bundle`,
    );
  else {
    if (policy && receipt.data.formula_id !== policy.formula_ref)
      why.push(
        `its receipt is of formula ${q(receipt.data.formula_id)}, not the policy's ${q(policy.formula_ref)}`,
      );
    const output = b.resolve(receipt.data.output_ref, 'FormulaValue');
    if (output && output.data.value !== status)
      why.push(`its receipt's output is ${q(output.data.value)}, not ${q(status)}`);
  }
  return why;
}

export const relianceStatusNotDerivable: Rule = {
  meta: {
    code: 'validation.reliance_status_not_derivable',
    section: '§8.2',
    seedLine: 2921,
    title: 'A reliance status cannot be reproduced from its policy, receipt and inputs',
    remediation:
      'Derive the status through a registered RelianceStatusDerivationPolicy: record the FormulaEvaluationReceipt of its formula, name decisive inputs from the input manifest, and keep limitations and human reviews consistent with the status.',
    decision:
      'Every status has a derivation policy and receipt (L217, L3430). derivation_policy_ref names a RelianceStatusDerivationPolicy (a registry record, defined by the pack because the seed gives none); the status must be one the policy lists, with unresolved_limitations / required_human_review_refs as its table requires (default: safe_to_rely_within_scope none/none, rely_with_limitations some/none, human_review_required any/some, not_safe_to_rely any/any); decisive_input_refs is non-empty and each is named by the input manifest; formula_eval_receipt_ref names a FormulaEvaluationReceipt of the policy’s formula_ref, and its output (when a FormulaValue of the bundle) is the status.',
  },
  check(b, report) {
    for (const p of b.of('TaskReliancePacket')) {
      const why = underivable(b, p);
      if (why.length)
        report(
          p,
          `TaskReliancePacket ${q(p.data.packet_id)}: the reliance status is not derivable: ${why.join('; ')}.`,
        );
    }
  },
};

/** A change to an input of a packet, after the packet was written. */
export interface Change {
  kind: string;
  record: BundleRecord;
}

interface ChangeIndex {
  chainReceipts: Map<string, BundleRecord[]>;
  findingsOfSnapshot: Map<string, Set<string>>;
  transitions: Map<string, BundleRecord[]>;
  appliedOps: Map<string, BundleRecord[]>;
  acceptedFrom: Map<string, BundleRecord[]>;
}

function changeIndex(b: Bundle): ChangeIndex {
  return memo(b, 'g.changes', () => {
    const findingsOfSnapshot = new Map<string, Set<string>>();
    for (const e of b.of('EvaluationFindingEvent')) {
      const s = e.data.evaluation_snapshot_ref;
      const f = e.data.finding_id;
      if (typeof s !== 'string' || typeof f !== 'string') continue;
      let set = findingsOfSnapshot.get(s);
      if (!set) findingsOfSnapshot.set(s, (set = new Set()));
      set.add(f);
    }
    const acceptedFrom = new Map<string, BundleRecord[]>();
    for (const r of b.of('RevisionReviewDecisionReceipt')) {
      if (r.data.action !== 'accept') continue;
      const before = b.resolve(r.data.packet_id, 'RevisionReviewPacket')?.data
        .before_artifact_version_ref;
      if (typeof before !== 'string') continue;
      const list = acceptedFrom.get(before);
      if (list) list.push(r);
      else acceptedFrom.set(before, [r]);
    }
    return {
      chainReceipts: groupBy(b.of('EvaluationChainResolutionReceipt'), 'chain_id'),
      findingsOfSnapshot,
      transitions: groupBy(b.of('FindingLifecycleTransitionReceipt'), 'finding_id'),
      appliedOps: groupBy(
        b.of('SourceWorkspaceOperationReceipt').filter((r) => r.data.status === 'applied'),
        'workspace_id',
      ),
      acceptedFrom,
    };
  });
}

/** The workspaces whose state an evaluation snapshot captured (L928-955). */
function workspacesOf(b: Bundle, snapshot: string): Set<string> {
  const out = new Set<string>();
  for (const s of b.lookup(snapshot, ['EvaluationSnapshot'])) {
    const sets = s.data.source_workspace_snapshot_hashes;
    if (Array.isArray(sets))
      for (const h of sets)
        if (isObject(h) && typeof h.source_workspace_ref === 'string')
          out.add(h.source_workspace_ref);
  }
  return out;
}

/** Records of several lists in one list, in event order. */
const merged = (lists: Iterable<readonly BundleRecord[] | undefined>): BundleRecord[] =>
  [...lists].flatMap((l) => l ?? []).sort((x, y) => x.seq - y.seq);

/**
 * The changes, written after the packet, to inputs its manifest (a valid RelianceInputManifest)
 * names (L2905-2912, N-03 L3336): a new resolution of one of its chains, a lifecycle transition
 * of a finding of one of its evaluation snapshots, an applied operation on a workspace those
 * snapshots captured, an accepted revision of one of its final artifact versions. How many, and
 * the first (in that order of kinds). Each input's changes are one list in event order, found by
 * a binary search: thousands of packets naming one chain with thousands of later changes would
 * otherwise each walk them all.
 */
export function changesAfter(
  b: Bundle,
  packet: BundleRecord,
  m: Record<string, unknown>,
): { count: number; first?: Change } {
  const ix = changeIndex(b);
  const after = packet.seq;
  let count = 0;
  let first: Change | undefined;
  const take = (kind: string, list: readonly BundleRecord[] | undefined) => {
    if (!list) return;
    const i = firstAfter(list, after);
    count += list.length - i;
    if (!first && i < list.length) first = { kind, record: list[i]! };
  };
  // Each list as a set: a manifest may repeat an entry a million times.
  const named = new Set(m.evaluation_chain_resolution_receipt_refs as string[]);
  // The receipts the manifest names are no change: how many of each chain's come after it.
  const namedAfter = new Map<unknown, number>();
  for (const id of named)
    for (const r of b.lookup(id, ['EvaluationChainResolutionReceipt']))
      if (r.seq > after)
        namedAfter.set(r.data.chain_id, (namedAfter.get(r.data.chain_id) ?? 0) + 1);
  for (const chain of new Set(m.evaluation_chain_ids as string[])) {
    const list = ix.chainReceipts.get(chain) ?? [];
    let i = firstAfter(list, after);
    count += Math.max(0, list.length - i - (namedAfter.get(chain) ?? 0));
    // Skips at most the named receipts of this chain.
    while (i < list.length && named.has(String(list[i]!.data.receipt_id))) i++;
    if (!first && i < list.length)
      first = { kind: 'evaluation_chain_resolution_changed', record: list[i]! };
  }
  for (const snap of new Set(m.evaluation_snapshot_refs as string[])) {
    const perSnapshot = memo(b, 'g.snapshotChanges', () => new Map<string, SnapshotChanges>());
    let c = perSnapshot.get(snap);
    if (!c)
      perSnapshot.set(
        snap,
        (c = {
          transitions: merged(
            [...(ix.findingsOfSnapshot.get(snap) ?? [])].map((f) => ix.transitions.get(f)),
          ),
          applied: merged([...workspacesOf(b, snap)].map((ws) => ix.appliedOps.get(ws))),
        }),
      );
    take('finding_lifecycle_changed', c.transitions);
    take('source_workspace_changed', c.applied);
  }
  for (const artifact of new Set(m.final_artifact_refs as string[]))
    take('artifact_version_changed', ix.acceptedFrom.get(artifact));
  return first ? { count, first } : { count };
}

/** The changes that concern one evaluation snapshot, each kind in event order. */
interface SnapshotChanges {
  transitions: BundleRecord[];
  applied: BundleRecord[];
}

export const reliancePacketStaleSnapshot: Rule = {
  meta: {
    code: 'validation.reliance_packet_stale_snapshot',
    section: '§8.2',
    seedLine: 2922,
    title: 'A reliance packet outlived a change to its inputs without being invalidated',
    remediation:
      'Write a RelianceInvalidationEvent for the packet (reliance.invalidate_packet) and derive a new packet from the changed inputs.',
    decision:
      'Event order is line order: a change is a record written after the packet (after its latest record, when the projection is rewritten). Detected changes (L2905-2912): evaluation_chain_resolution_changed (a resolution receipt of a manifest chain that the manifest does not name), finding_lifecycle_changed (a FindingLifecycleTransitionReceipt of a finding whose event has a manifest evaluation snapshot), source_workspace_changed (an applied SourceWorkspaceOperationReceipt on a workspace those snapshots captured), artifact_version_changed (an accepted RevisionReviewDecisionReceipt whose packet revises a manifest final artifact version). The packet is handled when a record of it is invalidated or superseded, or a RelianceInvalidationEvent names it. Not detected, because the seed gives them no record that changes them: policy_decision_superseded (PolicyEvaluationRef is undefined), hard_call_resolution_expired (HardCallResolutionReceipt has no expiry, L1228-1237), evidence_package_superseded (EvidencePackage has no supersession link, L3016-3033).',
  },
  check(b, report) {
    for (const p of b.of('TaskReliancePacket')) {
      if (rewrittenLater(b, p) || packetWithdrawn(b, p)) continue;
      const m = manifestOf(p);
      if (!m.ok) continue; // reported as a packet without its manifest
      const { count, first } = changesAfter(b, p, m.data);
      if (!first) continue;
      report(
        p,
        `TaskReliancePacket ${q(p.data.packet_id)} is stale: ${count} later change${count === 1 ? '' : 's'} to its inputs (first: ${first.kind}, ${first.record.type} at ${first.record.at.path}:${first.record.at.line ?? 1}) and no RelianceInvalidationEvent names it.`,
      );
    }
  },
};

export const workProductCertificationWithoutReliancePacket: Rule = {
  meta: {
    code: 'validation.work_product_certification_without_reliance_packet',
    section: '§8.2',
    seedLine: 2923,
    title: 'A work-product certification names no live reliance packet',
    remediation:
      'Point task_reliance_packet_ref at the packet_id of a TaskReliancePacket of the bundle that is not invalidated, or invalidate the certification with its packet.',
    decision:
      'task_reliance_packet_ref must name a TaskReliancePacket of the bundle; a certification that is not itself invalidated or superseded must not rest on a packet that is (by its state or a RelianceInvalidationEvent).',
  },
  check(b, report) {
    for (const c of b.of('WorkProductCertification')) {
      const packet = b.resolve(c.data.task_reliance_packet_ref, 'TaskReliancePacket');
      if (!packet)
        report(
          c,
          `WorkProductCertification ${q(c.data.certification_id)} names packet ${q(c.data.task_reliance_packet_ref)}, which is not a TaskReliancePacket of the bundle.`,
        );
      else if (
        !WITHDRAWN.includes(String(c.data.lifecycle_state)) &&
        packetWithdrawn(b, packet) // by its id: every copy of the packet has the one answer
      )
        report(
          c,
          `WorkProductCertification ${q(c.data.certification_id)} is ${q(c.data.lifecycle_state)} but its packet ${q(c.data.task_reliance_packet_ref)} is invalidated.`,
        );
    }
  },
};
