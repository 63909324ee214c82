// canonical EvaluationFinding (L305-458) and A-26 progress-signal matching (L906-925).
import type { BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { liveFields, rewrittenEvents } from './s3-event-projection.js';
import { canonicalJson } from '../../kit/index.js';
import { isObject, q, strings } from './shared/util.js';

const EMITTED_STATES = ['proposed', 'active'];

export const findingStateMutatedInsideImmutableEnvelope: Rule = {
  meta: {
    code: 'validation.finding_state_mutated_inside_immutable_envelope',
    section: 'A-01/A-05',
    seedLine: 451,
    title: 'A finding event carries lifecycle state beyond its emission, or was rewritten',
    remediation:
      'Emit the event as proposed or active and change state only on EvaluationFindingRecord through FindingLifecycleTransitionReceipts.',
    decision:
      'The specific form of validation.mutable_state_inside_immutable_snapshot; both fire for a finding event (docs/addenda-b.md).',
  },
  check(b, report) {
    const events = b.of('EvaluationFindingEvent');
    for (const r of events) {
      const live = liveFields(r);
      if (!EMITTED_STATES.includes(r.data.emitted_state as string))
        report(
          r,
          `EvaluationFindingEvent ${q(r.data.finding_event_id)} is emitted as ${q(r.data.emitted_state ?? null)}; only proposed or active are emitted.`,
        );
      else if (live.length)
        report(
          r,
          `EvaluationFindingEvent ${q(r.data.finding_event_id)} carries projection fields: ${live.join(', ')}.`,
        );
    }
    for (const r of rewrittenEvents(events))
      report(
        r,
        `EvaluationFindingEvent ${q(r.data.finding_event_id)} repeats an earlier event's id with other content.`,
      );
  },
};

export const findingCurrentProjectionWithoutEvent: Rule = {
  meta: {
    code: 'validation.finding_current_projection_without_event',
    section: 'A-01/A-05',
    seedLine: 452,
    title: 'A finding record names no finding event of the same finding',
    remediation:
      'Point canonical_event_ref at the finding_event_id of the EvaluationFindingEvent with the same finding_id.',
    decision: 'The specific form of validation.current_projection_without_source_event; both fire.',
  },
  check(b, report) {
    for (const r of b.of('EvaluationFindingRecord')) {
      const event = b.resolve(r.data.canonical_event_ref, 'EvaluationFindingEvent');
      if (!event)
        report(
          r,
          `EvaluationFindingRecord ${q(r.data.finding_id)} names event ${q(r.data.canonical_event_ref)}, which is not in the bundle.`,
        );
      else if (event.data.finding_id !== r.data.finding_id)
        report(
          r,
          `EvaluationFindingRecord ${q(r.data.finding_id)} names the event of finding ${q(event.data.finding_id)}.`,
        );
    }
  },
};

/** The authority of a finding: the event's, for a record through its canonical event. */
function authority(r: BundleRecord): Record<string, unknown> {
  return isObject(r.data.blocking_authority) ? r.data.blocking_authority : {};
}

export const blockingFindingWithoutAuthority: Rule = {
  meta: {
    code: 'validation.blocking_finding_without_authority',
    section: 'A-01/A-05',
    seedLine: 453,
    title: 'A blocking finding has no satisfied blocking authority',
    remediation:
      'Give the finding a BlockingAuthorityEvaluation with satisfied true and its basis, or lower its severity.',
    decision:
      'Checked on events with severity blocking and on records with current_severity blocking (through their event’s blocking_authority).',
  },
  check(b, report) {
    const check = (at: BundleRecord, event: BundleRecord, what: string) => {
      const a = authority(event);
      if (a.satisfied !== true || strings(a.basis).length === 0)
        report(
          at,
          `${what} is blocking, but its blocking authority is ${a.satisfied === true ? 'without basis' : 'not satisfied'}.`,
        );
    };
    for (const e of b.of('EvaluationFindingEvent'))
      if (e.data.severity === 'blocking')
        check(e, e, `Finding event ${q(e.data.finding_event_id)}`);
    for (const r of b.of('EvaluationFindingRecord')) {
      const e = b.resolve(r.data.canonical_event_ref, 'EvaluationFindingEvent');
      if (e && r.data.current_severity === 'blocking' && e.data.severity !== 'blocking')
        check(r, e, `Finding ${q(r.data.finding_id)}`);
    }
  },
};

export const modelJudgmentOnlyBlockerWithoutPermission: Rule = {
  meta: {
    code: 'validation.model_judgment_only_blocker_without_permission',
    section: 'A-01/A-05',
    seedLine: 454,
    title: 'A finding blocks on subjective judgment alone without permission',
    remediation:
      'Add an objective basis (deterministic_check, source_reference, …) or record the permission (allowed_by_outcome_definition / user_instruction / human_review).',
    decision:
      'A blocking finding whose only basis is subjective_blocking_allowed needs subjective_blocking_permission other than not_allowed.',
  },
  check(b, report) {
    for (const e of b.of('EvaluationFindingEvent')) {
      if (e.data.severity !== 'blocking') continue;
      const a = authority(e);
      const basis = strings(a.basis);
      if (
        basis.length > 0 &&
        basis.every((x) => x === 'subjective_blocking_allowed') &&
        a.subjective_blocking_permission === 'not_allowed'
      )
        report(
          e,
          `Finding event ${q(e.data.finding_event_id)} blocks on subjective judgment only, and subjective blocking is not_allowed.`,
        );
    }
  },
};

export const feedbackFindingViewAuthorityDrift: Rule = {
  meta: {
    code: 'validation.feedback_finding_view_authority_drift',
    section: 'A-01/A-05',
    seedLine: 455,
    title: 'A FeedbackFindingView disagrees with the finding it shows',
    remediation:
      'Derive the view from its event (blocking authority) and its current record (severity, lifecycle state) again.',
    decision:
      'blocking_authority_satisfied / blocking_authority_basis must equal the source event’s blocking_authority; severity and lifecycle_state the current record’s current_severity and current_state.',
  },
  check(b, report) {
    for (const v of b.of('FeedbackFindingView')) {
      const e = b.resolve(v.data.source_finding_event_ref, 'EvaluationFindingEvent');
      const r = b.current(v.data.current_finding_record_ref, 'EvaluationFindingRecord');
      const drift: string[] = [];
      if (e) {
        const a = authority(e);
        if (a.satisfied !== v.data.blocking_authority_satisfied)
          drift.push('blocking_authority_satisfied');
        if (
          canonicalJson([...strings(a.basis)].sort()) !==
          canonicalJson([...strings(v.data.blocking_authority_basis)].sort())
        )
          drift.push('blocking_authority_basis');
      }
      if (r) {
        if (r.data.current_severity !== v.data.severity) drift.push('severity');
        if (r.data.current_state !== v.data.lifecycle_state) drift.push('lifecycle_state');
      }
      if (drift.length)
        report(
          v,
          `FeedbackFindingView ${q(v.data.finding_id)} disagrees with its finding on ${drift.join(', ')}.`,
        );
    }
  },
};

export const progressSignalMatchKeyDrift: Rule = {
  meta: {
    code: 'validation.progress_signal_match_key_drift',
    section: 'A-01/A-05, A-26',
    seedLine: 456,
    title: 'A progress signal’s same_reason_as_previous disagrees with its match keys',
    remediation:
      'Set same_reason_as_previous to whether current_finding_match_key equals previous_finding_match_key.',
    decision:
      'The seed links no finding to a ProgressSignalRecord, so the check is internal: same_reason_as_previous must be true exactly when both match keys are present and equal (all fields).',
  },
  check(b, report) {
    for (const s of b.of('ProgressSignalRecord')) {
      const prev = s.data.previous_finding_match_key;
      const same =
        prev !== undefined &&
        canonicalJson(prev) === canonicalJson(s.data.current_finding_match_key);
      if (s.data.same_reason_as_previous !== same)
        report(
          s,
          `ProgressSignalRecord ${q(s.data.signal_id)} says same_reason_as_previous ${String(s.data.same_reason_as_previous)}, but its match keys are ${same ? 'equal' : 'different'}.`,
        );
    }
  },
};

export const artifactTargetedFindingMissingVersionRef: Rule = {
  meta: {
    code: 'validation.artifact_targeted_finding_missing_version_ref',
    section: 'A-01/A-05',
    seedLine: 457,
    title: 'A finding about an artifact names no artifact version',
    remediation: 'Set based_on_artifact_version_ref (or based_on_artifact_version_absent_reason).',
  },
  check(b, report) {
    for (const e of b.of('EvaluationFindingEvent'))
      if (
        e.data.target_artifact_ref &&
        !e.data.based_on_artifact_version_ref &&
        !e.data.based_on_artifact_version_absent_reason
      )
        report(
          e,
          `Finding event ${q(e.data.finding_event_id)} targets artifact ${q(e.data.target_artifact_ref)} but names no version it was based on.`,
        );
  },
};

const matchKey = (e: BundleRecord): Record<string, unknown> =>
  isObject(e.data.match_key) ? e.data.match_key : {};

export const repeatedFailureKeyMissingArtifactStableId: Rule = {
  meta: {
    code: 'validation.repeated_failure_key_missing_artifact_stable_id',
    section: 'A-26',
    seedLine: 923,
    title: 'The match key of a finding about an artifact has no artifact_stable_id',
    remediation:
      'Set match_key.artifact_stable_id, so repeated failures on the same artifact match.',
    decision:
      'Checked on EvaluationFindingEvents with target_artifact_ref (the key progress signals compare).',
  },
  check(b, report) {
    for (const e of b.of('EvaluationFindingEvent'))
      if (e.data.target_artifact_ref && !matchKey(e).artifact_stable_id)
        report(
          e,
          `Finding event ${q(e.data.finding_event_id)} targets an artifact but its match_key has no artifact_stable_id.`,
        );
  },
};

export const evidenceSignatureHashMissingForSourceBoundFinding: Rule = {
  meta: {
    code: 'validation.evidence_signature_hash_missing_for_source_bound_finding',
    section: 'A-26',
    seedLine: 924,
    title: 'The match key of a source-bound finding has no evidence_signature_hash',
    remediation: 'Set match_key.evidence_signature_hash from the evidence the finding rests on.',
    decision:
      'A finding is source-bound when it has evidence_refs or based_on_source_workspace_snapshot_ref.',
  },
  check(b, report) {
    for (const e of b.of('EvaluationFindingEvent'))
      if (
        (strings(e.data.evidence_refs).length > 0 ||
          e.data.based_on_source_workspace_snapshot_ref) &&
        !matchKey(e).evidence_signature_hash
      )
        report(
          e,
          `Finding event ${q(e.data.finding_event_id)} rests on sources but its match_key has no evidence_signature_hash.`,
        );
  },
};
