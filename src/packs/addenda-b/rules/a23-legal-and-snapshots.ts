// A-23 legal authority vs treatment (L857-905), A-27 source workspace snapshot hashes (L926-956).
import type { Rule } from './rule.js';
import { isObject, q } from './shared/util.js';

export const legalPayloadAuthorityLevelLegacy: Rule = {
  meta: {
    code: 'validation.legal_payload_authority_level_legacy',
    section: 'A-23',
    seedLine: 902,
    title: 'A legal payload uses the legacy authority field',
    remediation:
      'Split it: source_authority_level (binding, persuasive, advisory, unknown) and treatment_status.',
    decision:
      'The legacy field is authority_level on a LegalSourcePayload (the name ApplicabilityScope keeps, L885).',
  },
  check(b, report) {
    for (const p of b.of('LegalSourcePayload'))
      if (Object.hasOwn(p.data, 'authority_level'))
        report(p, 'LegalSourcePayload carries the legacy authority_level field.');
  },
};

export const legalTreatmentStatusMissingWhenLegalSource: Rule = {
  meta: {
    code: 'validation.legal_treatment_status_missing_when_legal_source',
    section: 'A-23',
    seedLine: 904,
    title: 'A legal source payload has no treatment_status',
    remediation: 'Set treatment_status (current, negative_treatment, overruled, …, or unknown).',
  },
  check(b, report) {
    for (const p of b.of('LegalSourcePayload'))
      if (!p.data.treatment_status) report(p, 'LegalSourcePayload has no treatment_status.');
  },
};

export const sourceWorkspaceHashTypedAsArtifactHash: Rule = {
  meta: {
    code: 'validation.source_workspace_hash_typed_as_artifact_hash',
    section: 'A-27',
    seedLine: 952,
    title: 'Source workspace hashes are stored as an artifact-hash map',
    remediation:
      'Store source_workspace_snapshot_hashes as SourceWorkspaceSnapshotHashSet[] (head hash plus record hashes).',
  },
  check(b, report) {
    for (const s of b.of('EvaluationSnapshot')) {
      const h = s.data.source_workspace_snapshot_hashes;
      if (h === undefined) continue;
      const typed =
        Array.isArray(h) &&
        h.every(
          (x) =>
            isObject(x) &&
            typeof x.source_workspace_head_hash === 'string' &&
            isObject(x.source_record_hashes),
        );
      if (!typed)
        report(
          s,
          `EvaluationSnapshot ${q(s.data.snapshot_id)} stores workspace hashes as ${Array.isArray(h) ? 'entries that are not SourceWorkspaceSnapshotHashSet' : 'a plain map'}.`,
        );
    }
  },
};

export const evaluationSnapshotMissingWorkspaceHashSet: Rule = {
  meta: {
    code: 'validation.evaluation_snapshot_missing_workspace_hash_set',
    section: 'A-27',
    seedLine: 953,
    title: 'A snapshot of a source workspace has no workspace hash set',
    remediation:
      'Record a SourceWorkspaceSnapshotHashSet for the workspace the snapshot references.',
  },
  check(b, report) {
    for (const s of b.of('EvaluationSnapshot')) {
      const h = s.data.source_workspace_snapshot_hashes;
      if (
        s.data.source_workspace_state_ref &&
        (h === undefined || (Array.isArray(h) && h.length === 0))
      )
        report(
          s,
          `EvaluationSnapshot ${q(s.data.snapshot_id)} references a source workspace but has no hash set.`,
        );
    }
  },
};
