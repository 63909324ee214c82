import type { CodeDef } from '../../model/finding.js';

const RERUN = 'Rerun the audit so it writes a fresh artifact.';
// Rerunning the skill that wrote a malformed or self-contradicting artifact writes it again.
const SHAPE =
  'The audit skill wrote a field outside the ARIS contract: update or fix the skill, then rerun the audit.';
const CONTRADICTS =
  'The audit skill recorded fields that contradict each other: update or fix the skill, then rerun the audit.';

function def(
  code: string,
  severity: CodeDef['severity'],
  title: string,
  remediation: string,
): CodeDef {
  return { code: `aris.${code}`, severity, title, remediation };
}

/** Every code the paper-audit pack can emit. Stable public API: never rename without a note. */
export const ARIS = {
  artifactMissing: def('artifact_missing', 'error', 'A mandatory audit wrote no artifact', RERUN),
  artifactUnreadable: def(
    'artifact_unreadable',
    'error',
    'The audit artifact is not a readable regular file',
    'Replace the path with the JSON artifact the audit writes, then rerun the audit.',
  ),
  artifactTooLarge: def(
    'artifact_too_large',
    'error',
    'The audit artifact is larger than the verifier reads',
    'Keep bulky data out of the artifact (put it under trace_path), then rerun the audit.',
  ),
  artifactUnparseable: def(
    'artifact_unparseable',
    'error',
    'The audit artifact is not valid JSON',
    RERUN,
  ),
  artifactNotObject: def(
    'artifact_not_object',
    'error',
    'The audit artifact is JSON but not an object',
    SHAPE,
  ),
  duplicateKey: def(
    'duplicate_key',
    'error',
    'The audit artifact repeats a key',
    'Remove the repeated key: parsers disagree on which value wins. Rerun the audit.',
  ),
  missingField: def('missing_field', 'error', 'A required field is missing or empty', SHAPE),
  fieldType: def('field_type', 'error', 'A field has the wrong JSON type', SHAPE),
  invalidVerdict: def(
    'invalid_verdict',
    'error',
    'The verdict is not one of PASS WARN FAIL NOT_APPLICABLE BLOCKED ERROR',
    SHAPE,
  ),
  wrongAuditSkill: def(
    'wrong_audit_skill',
    'error',
    'The artifact was written by a different audit skill',
    'Put each audit’s artifact at its own path, then rerun the audit.',
  ),
  hashesNotObject: def(
    'hashes_not_object',
    'error',
    'audited_input_hashes is not an object of path → sha256',
    SHAPE,
  ),
  inputHashMalformed: def(
    'input_hash_malformed',
    'error',
    'A recorded input hash is not sha256:<64 hex>',
    SHAPE,
  ),
  inputStale: def('input_stale', 'error', 'An audited input changed after the audit ran', RERUN),
  inputMissing: def(
    'input_missing',
    'error',
    'An audited input no longer exists',
    'Restore the file, or rerun the audit on the current inputs.',
  ),
  inputNotFile: def(
    'input_not_file',
    'error',
    'An audited input is not a regular file',
    'Point the audit at files, not directories or devices, and rerun it.',
  ),
  inputUnreadable: def(
    'input_unreadable',
    'error',
    'An audited input could not be read',
    'Fix the file’s permissions, the symlink loop, or a symlink to a path that is not valid UTF-8 (point it at a UTF-8 path), then run the verifier again.',
  ),
  inputOutsideRoot: def(
    'input_outside_root',
    'error',
    'An audited input lies outside the workspace, or in a git directory',
    'Keep audited inputs in the repository’s work tree (never under .git), or run locally with --allow-outside-root.',
  ),
  traceMissing: def(
    'trace_missing',
    'error',
    'trace_path does not exist',
    'Commit the audit trace at trace_path, or rerun the audit.',
  ),
  traceEmpty: def(
    'trace_empty',
    'error',
    'trace_path is an empty directory',
    'Commit the audit trace at trace_path, or rerun the audit.',
  ),
  traceEmptyFile: def(
    'trace_empty_file',
    'error',
    'trace_path is an empty file',
    'Commit the audit trace at trace_path, or rerun the audit.',
  ),
  traceUnreadable: def(
    'trace_unreadable',
    'error',
    'trace_path cannot be read (or is a FIFO, socket or device)',
    'Replace trace_path with the trace directory or file, or rerun the audit.',
  ),
  traceNotATrace: def(
    'trace_not_a_trace',
    'error',
    'trace_path is not a trace: the paper directory or one above it, an audit artifact, or the verifier’s own files',
    'Point trace_path at the directory or file holding the reviewer prompt and response, and rerun the audit.',
  ),
  noAuditedInputs: def(
    'no_audited_inputs',
    'warning',
    'The audit cites no inputs, so nothing it concluded can be checked for staleness',
    'Rerun the audit so it records the sha256 of every file it read in audited_input_hashes.',
  ),
  traceOutsideRoot: def(
    'trace_outside_root',
    'error',
    'trace_path lies outside the workspace, or in a git directory',
    'Keep traces in the repository’s work tree (never under .git), or run locally with --allow-outside-root.',
  ),
  invalidReviewIndependence: def(
    'invalid_review_independence',
    'error',
    'review_independence is not same-family, cross-family or deterministic',
    SHAPE,
  ),
  unrecognizedModelFamily: def(
    'unrecognized_model_family',
    'error',
    'The executor or reviewer model family cannot be recognised',
    'Record the exact model names (e.g. gpt-5.5, claude-opus-4), then rerun the audit.',
  ),
  executorFamilyMismatch: def(
    'executor_family_mismatch',
    'error',
    'executor_family disagrees with executor_model',
    CONTRADICTS,
  ),
  reviewerFamilyMismatch: def(
    'reviewer_family_mismatch',
    'error',
    'reviewer_family disagrees with reviewer_model',
    CONTRADICTS,
  ),
  sameFamilyMismatch: def(
    'same_family_independence_mismatch',
    'error',
    'same-family review claimed but the families differ or one is deterministic',
    CONTRADICTS,
  ),
  crossFamilyMismatch: def(
    'cross_family_independence_mismatch',
    'error',
    'cross-family review claimed but the families are the same or the reviewer is deterministic',
    'Rerun the audit with a reviewer from another model family.',
  ),
  deterministicMismatch: def(
    'deterministic_independence_mismatch',
    'error',
    'deterministic review claimed but the reviewer is a model',
    CONTRADICTS,
  ),
  acceptanceStatusMismatch: def(
    'acceptance_status_mismatch',
    'error',
    'acceptance_status does not follow from review_independence',
    CONTRADICTS,
  ),
  verdictFail: def(
    'verdict_fail',
    'error',
    'The audit found disqualifying issues (FAIL)',
    'Fix what the audit reports, then rerun it.',
  ),
  verdictBlocked: def(
    'verdict_blocked',
    'error',
    'The audit could not run: prerequisites are missing (BLOCKED)',
    'Add the missing prerequisites and rerun the audit, or, while the paper is not meant for submission, write draft in its .aris/assurance.txt.',
  ),
  verdictError: def('verdict_error', 'error', 'The audit invocation failed (ERROR)', RERUN),
  manifestInvalid: def(
    'manifest_invalid',
    'error',
    'The audit manifest (.aris/audit-manifest.json) is malformed',
    'Fix .aris/audit-manifest.json ({"schema_version":"1","audits":[{"artifact","audit_skill"}]}), or delete it to use the default four audits.',
  ),
  assuranceInvalid: def(
    'assurance_invalid',
    'error',
    '.aris/assurance.txt or the configured assurance/effort is not a known value',
    'Write draft or submission in .aris/assurance.txt; an effort (lite, balanced, max or beast) goes in --effort or the config’s effort, not there.',
  ),
} as const satisfies Record<string, CodeDef>;

export const ARIS_CODES: readonly CodeDef[] = Object.values(ARIS);
