// B-03 / D-16 Source Workspace operation API (L1020-1100) and A-27's hash comparison (L954).
import { SEED_ENUM_VALUES } from '../schema/generated.js';
import type { Rule } from './rule.js';
import { isObject, present, q } from './shared/util.js';

const KINDS: readonly string[] = SEED_ENUM_VALUES.SourceWorkspaceOperationKind;

/** Operation kinds that read the workspace; every other kind mutates it (L1050: "required for mutation kinds"). */
export const READ_KINDS = ['read_workspace_snapshot', 'export_workspace_bundle'];

export const workspaceMutationWithoutPrecondition: Rule = {
  meta: {
    code: 'validation.workspace_mutation_without_precondition',
    section: 'B-03/D-16',
    seedLine: 1095,
    title: 'A source workspace mutation has no precondition',
    remediation:
      'Give the operation a precondition (expected head hash and event seq, lock mode, on_conflict).',
    decision:
      'Mutation kinds are every SourceWorkspaceOperationKind except read_workspace_snapshot and export_workspace_bundle.',
  },
  check(b, report) {
    for (const o of b.of('SourceWorkspaceOperation')) {
      const kind = o.data.operation_kind;
      if (
        typeof kind === 'string' &&
        KINDS.includes(kind) &&
        !READ_KINDS.includes(kind) &&
        !isObject(o.data.precondition)
      )
        report(
          o,
          `SourceWorkspaceOperation ${q(o.data.operation_id)} (${kind}) has no precondition.`,
        );
    }
  },
};

export const workspaceEventSeqConflict: Rule = {
  meta: {
    code: 'validation.workspace_event_seq_conflict',
    section: 'B-03/D-16',
    seedLine: 1096,
    title:
      'Two workspace mutations were applied against the same head, or against a head other than expected',
    remediation:
      'Apply a mutation only when the workspace is at its precondition; a second writer against the same head must get status conflict and re-read.',
    decision:
      'An applied receipt conflicts when its operation’s precondition (expected_event_seq / expected_workspace_head_hash) differs from the receipt’s prior_event_seq / prior_workspace_head_hash, or when another applied receipt of the same workspace had the same prior_event_seq or prior head hash.',
  },
  check(b, report) {
    const seen = new Map<string, string>();
    for (const r of b.of('SourceWorkspaceOperationReceipt')) {
      if (r.data.status !== 'applied') continue;
      const ws = String(r.data.workspace_id);
      const op = b.resolve(r.data.operation_id, 'SourceWorkspaceOperation');
      const pre = op && isObject(op.data.precondition) ? op.data.precondition : undefined;
      if (
        pre &&
        r.data.prior_event_seq !== undefined &&
        pre.expected_event_seq !== r.data.prior_event_seq
      )
        report(
          r,
          `Receipt ${q(r.data.receipt_id)} was applied at event seq ${q(r.data.prior_event_seq)}, but its precondition expected ${q(pre.expected_event_seq)}.`,
        );
      else if (
        pre &&
        r.data.prior_workspace_head_hash !== undefined &&
        pre.expected_workspace_head_hash !== r.data.prior_workspace_head_hash
      )
        report(
          r,
          `Receipt ${q(r.data.receipt_id)} was applied on head ${q(r.data.prior_workspace_head_hash)}, but its precondition expected ${q(pre.expected_workspace_head_hash)}.`,
        );
      for (const [field, v] of [
        ['event seq', r.data.prior_event_seq],
        ['head', r.data.prior_workspace_head_hash],
      ] as const) {
        if (v === undefined) continue;
        const key = `${ws}\u0000${field}\u0000${String(v)}`;
        const other = seen.get(key);
        if (other !== undefined) {
          report(
            r,
            `Receipt ${q(r.data.receipt_id)} and ${q(other)} were both applied to workspace ${q(ws)} at ${field} ${q(v)}.`,
          );
          break;
        }
        seen.set(key, String(r.data.receipt_id));
      }
    }
  },
};

export const workspaceApiOperationUnregistered: Rule = {
  meta: {
    code: 'validation.workspace_api_operation_unregistered',
    section: 'B-03/D-16',
    seedLine: 1097,
    title: 'A source workspace operation kind is not one of the 14 API operations',
    remediation: `Use a SourceWorkspaceOperationKind: ${KINDS.join(', ')}.`,
  },
  check(b, report) {
    for (const type of ['SourceWorkspaceOperation', 'SourceWorkspaceOperationReceipt'])
      for (const r of b.of(type))
        if (!KINDS.includes(r.data.operation_kind as string))
          report(
            r,
            `${type} has operation_kind ${q(r.data.operation_kind)}, which is not a SourceWorkspaceOperationKind.`,
          );
  },
};

export const workspaceReceiptMissingHeadHash: Rule = {
  meta: {
    code: 'validation.workspace_receipt_missing_head_hash',
    section: 'B-03/D-16',
    seedLine: 1098,
    title: 'An applied workspace receipt lacks its prior or new head hash',
    remediation:
      'Record prior_workspace_head_hash and new_workspace_head_hash on every applied receipt.',
  },
  check(b, report) {
    for (const r of b.of('SourceWorkspaceOperationReceipt')) {
      if (r.data.status !== 'applied') continue;
      const missing = ['prior_workspace_head_hash', 'new_workspace_head_hash'].filter(
        (f) => !present(r.data[f]),
      );
      if (missing.length)
        report(r, `Applied receipt ${q(r.data.receipt_id)} has no ${missing.join(' or ')}.`);
    }
  },
};

export const workspaceReadWithoutSnapshotReceipt: Rule = {
  meta: {
    code: 'validation.workspace_read_without_snapshot_receipt',
    section: 'B-03/D-16',
    seedLine: 1099,
    title: 'A workspace snapshot read has no read_completed receipt',
    remediation: 'Write a SourceWorkspaceOperationReceipt with status read_completed for the read.',
    decision:
      'Checked on read_workspace_snapshot operations: one needs a receipt with its operation_id and status read_completed. An EvaluationSnapshot’s workspace hashes are compared with the receipts by workspace_snapshot_hash_mismatch.',
  },
  check(b, report) {
    // A set, not a scan of each operation's receipts: thousands of operations may share an id.
    const completed = new Set(
      b
        .of('SourceWorkspaceOperationReceipt')
        .filter(
          (r) => r.data.status === 'read_completed' && typeof r.data.operation_id === 'string',
        )
        .map((r) => r.data.operation_id),
    );
    for (const o of b.of('SourceWorkspaceOperation'))
      if (
        o.data.operation_kind === 'read_workspace_snapshot' &&
        !completed.has(o.data.operation_id)
      )
        report(
          o,
          `Workspace read ${q(o.data.operation_id)} has no receipt with status read_completed.`,
        );
  },
};

export const workspaceSnapshotHashMismatch: Rule = {
  meta: {
    code: 'validation.workspace_snapshot_hash_mismatch',
    section: 'A-27',
    seedLine: 954,
    title: 'A snapshot records a workspace head hash no workspace receipt produced',
    remediation:
      'Take the snapshot’s source_workspace_head_hash from the workspace read receipt it was evaluated against.',
    decision:
      'The head hash an EvaluationSnapshot records for a workspace must be a head hash that workspace’s applied or read_completed receipts (L1069-1091) recorded (prior or new). A workspace without receipts in the bundle is not compared.',
  },
  check(b, report) {
    const heads = new Map<string, Set<string>>();
    for (const r of b.of('SourceWorkspaceOperationReceipt')) {
      if (r.data.status !== 'applied' && r.data.status !== 'read_completed') continue;
      const ws = String(r.data.workspace_id);
      let set = heads.get(ws);
      if (!set) heads.set(ws, (set = new Set()));
      for (const f of ['prior_workspace_head_hash', 'new_workspace_head_hash'])
        if (typeof r.data[f] === 'string') set.add(r.data[f]);
    }
    if (!heads.size) return;
    for (const s of b.of('EvaluationSnapshot')) {
      const sets = s.data.source_workspace_snapshot_hashes;
      if (!Array.isArray(sets)) continue;
      for (const h of sets) {
        if (!isObject(h)) continue;
        const known = heads.get(String(h.source_workspace_ref));
        if (known && !known.has(h.source_workspace_head_hash as string))
          report(
            s,
            `EvaluationSnapshot ${q(s.data.snapshot_id)} records head ${q(h.source_workspace_head_hash)} for workspace ${q(h.source_workspace_ref)}, which no receipt of that workspace recorded.`,
          );
      }
    }
  },
};
