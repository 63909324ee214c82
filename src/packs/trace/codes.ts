import type { CodeDef } from '../../model/finding.js';

/** The producer's invariant ids (bijux-canon-reason), so users of both tools can match failures. */
export const INV = {
  schema: 'INV-SCH-001',
  toolLinkage: 'INV-TLK-001',
  link: 'INV-LNK-001',
  grounding: 'INV-GRD-001',
  minSupports: 'INV-GRD-002',
  evidence: 'INV-EVD-001',
  order: 'INV-ORD-001',
} as const;

const RERUN = 'Re-run the producer so it writes a fresh run directory.';
const RESTORE_EVIDENCE =
  'Restore the evidence file from the run’s original output (its sha256 is recorded in trace.jsonl), or re-run the producer.';
const REDERIVE =
  'Re-derive the claim so every evidence support cites the exact bytes it rests on, or re-run the producer.';
const RESEAL =
  'Restore the run directory as the producer wrote it; if the change is intended, re-run the producer so the manifest and fingerprint are rewritten.';

/** The name of the VerificationReport check each code belongs to (producer names where they exist). */
export type CheckName =
  | 'trace_schema'
  | 'core_invariants'
  | 'required_steps'
  | 'tool_linkage'
  | 'claim_justifications'
  | 'derived_claim_grounding'
  | 'reasoning_trace'
  | 'evidence_hashes'
  | 'support_spans'
  | 'insufficient_reasoning'
  | 'plan'
  | 'run_integrity';

export const CHECK_NAMES: readonly CheckName[] = [
  'trace_schema',
  'core_invariants',
  'required_steps',
  'tool_linkage',
  'claim_justifications',
  'derived_claim_grounding',
  'reasoning_trace',
  'evidence_hashes',
  'support_spans',
  'insufficient_reasoning',
  'plan',
  'run_integrity',
];

export interface TraceCodeDef extends CodeDef {
  check: CheckName;
}

function def(
  code: string,
  check: CheckName,
  title: string,
  remediation: string,
  invariant_id?: string,
): TraceCodeDef {
  return {
    code: `trace.${code}`,
    severity: 'error',
    title,
    remediation,
    check,
    ...(invariant_id ? { invariant_id } : {}),
  };
}

/** Every code the run-trace pack can emit. Stable public API: never rename without a migration note. */
export const TRACE = {
  // ── run files ───────────────────────────────────────────────────────────────────────────────
  runFileMissing: def(
    'run_file_missing',
    'run_integrity',
    'A file every run directory holds is missing',
    RERUN,
  ),
  fileUnreadable: def(
    'file_unreadable',
    'run_integrity',
    'A run file is not a readable regular file (FIFO, directory, symlink loop, too large)',
    'Replace the path with the regular file the producer writes, or re-run the producer.',
  ),
  // ── trace.jsonl lines and header ────────────────────────────────────────────────────────────
  lineMalformed: def(
    'line_malformed',
    'trace_schema',
    'A trace.jsonl line is not valid JSON (syntax error, NaN/Infinity, BOM, invalid UTF-8)',
    RERUN,
    INV.schema,
  ),
  lineNotCanonical: def(
    'line_not_canonical',
    'trace_schema',
    'A trace.jsonl line is valid JSON but not canonical (sorted keys, compact separators, \\n endings)',
    'Do not rewrite trace.jsonl (editors and CRLF checkouts change its bytes); restore it as the producer wrote it, or re-run the producer.',
    INV.schema,
  ),
  lineTooLong: def(
    'line_too_long',
    'trace_schema',
    'A trace.jsonl line is longer than the verifier reads',
    RERUN,
    INV.schema,
  ),
  duplicateKey: def(
    'duplicate_key',
    'trace_schema',
    'A trace.jsonl line repeats a key',
    'Remove the repeated key (parsers disagree on which value wins), or re-run the producer.',
    INV.schema,
  ),
  headerInvalid: def(
    'header_invalid',
    'trace_schema',
    'Line 1 of trace.jsonl is not a valid trace_header record',
    RERUN,
    INV.schema,
  ),
  unsupportedVersion: def(
    'unsupported_version',
    'trace_schema',
    'The trace or run declares a schema, protocol or canonicalization version (or fingerprint algorithm) no verifier supports',
    'Re-run with a producer that writes schema_version 1 or 2, runtime protocol 1, canonicalization 1 and sha256; no upgrader exists for other versions.',
    INV.schema,
  ),
  eventInvalid: def(
    'event_invalid',
    'trace_schema',
    'A trace event does not have the record shape the contract defines',
    RERUN,
    INV.schema,
  ),
  idxOutOfOrder: def(
    'idx_out_of_order',
    'core_invariants',
    'An event’s idx is not its position: events were reordered, removed or injected',
    'Restore trace.jsonl as the producer wrote it (events may not be reordered, removed or added), or re-run the producer.',
    INV.schema,
  ),
  idxDuplicate: def(
    'idx_duplicate',
    'core_invariants',
    'Two events carry the same idx',
    'Restore trace.jsonl as the producer wrote it (an event was duplicated), or re-run the producer.',
    INV.schema,
  ),
  contentIdMismatch: def(
    'content_id_mismatch',
    'core_invariants',
    'A content-derived id (trace, claim, evidence, plan or spec id) does not match the content it names',
    'The content was edited after the producer wrote it; restore it, or re-run the producer.',
    INV.schema,
  ),
  // ── steps ───────────────────────────────────────────────────────────────────────────────────
  stepUnfinished: def(
    'step_unfinished',
    'core_invariants',
    'A step was started and never finished',
    RERUN,
    INV.schema,
  ),
  stepUnknown: def(
    'step_unknown',
    'core_invariants',
    'An event names a step that was never started or is not a plan node',
    RERUN,
    INV.schema,
  ),
  stepDuplicate: def(
    'step_duplicate',
    'core_invariants',
    'A step id is started (or finished) twice',
    RERUN,
    INV.schema,
  ),
  stepBeforeDependency: def(
    'step_before_dependency',
    'core_invariants',
    'A plan node is started before the nodes it depends on have finished',
    RERUN,
    INV.order,
  ),
  claimAfterStep: def(
    'claim_after_step',
    'core_invariants',
    'A claim is emitted outside the derive step, in a step that already finished, or after the run finalized',
    'Claims are emitted only by the derive step, while it runs and before the run finalizes: restore the trace as the producer wrote it, or re-run the producer.',
    INV.order,
  ),
  stepRequiredMissing: def(
    'step_required_missing',
    'required_steps',
    'A required step (understand, gather, derive or insufficient_evidence, verify, finalize) has no output of its kind',
    'Re-run the producer to completion: every run must finish understand, gather, derive (or insufficient_evidence), verify and finalize.',
    INV.order,
  ),
  // ── tool linkage ────────────────────────────────────────────────────────────────────────────
  toolResultMissing: def(
    'tool_result_missing',
    'tool_linkage',
    'A tool call has no result',
    RERUN,
    INV.toolLinkage,
  ),
  toolResultOrphan: def(
    'tool_result_orphan',
    'tool_linkage',
    'A tool result answers no earlier tool call',
    'Remove the injected result or restore trace.jsonl, or re-run the producer.',
    INV.toolLinkage,
  ),
  toolResultDuplicate: def(
    'tool_result_duplicate',
    'tool_linkage',
    'A tool call has more than one result',
    RERUN,
    INV.toolLinkage,
  ),
  toolCallDuplicate: def(
    'tool_call_duplicate',
    'tool_linkage',
    'Two tool calls share one id',
    RERUN,
    INV.toolLinkage,
  ),
  toolStepMismatch: def(
    'tool_step_mismatch',
    'tool_linkage',
    'A tool call or result names a different step than the event it is in',
    RERUN,
    INV.toolLinkage,
  ),
  toolUnknown: def(
    'tool_unknown',
    'tool_linkage',
    'A tool call names a tool the run’s runtime descriptor does not list',
    'Re-run the producer with the tool registered in its runtime, or remove the phantom call by re-running.',
    INV.toolLinkage,
  ),
  // ── evidence ────────────────────────────────────────────────────────────────────────────────
  evidencePathEscape: def(
    'evidence_path_escape',
    'evidence_hashes',
    'An evidence content_path is not a plain relative path inside the run directory (.., absolute, backslash, symlink out)',
    'Keep evidence under the run directory (evidence/<evidence_id>.txt) and re-run the producer.',
    INV.evidence,
  ),
  evidenceMissing: def(
    'evidence_missing',
    'evidence_hashes',
    'An evidence file is missing',
    RESTORE_EVIDENCE,
    INV.evidence,
  ),
  evidenceUnreadable: def(
    'evidence_unreadable',
    'evidence_hashes',
    'An evidence path is not a readable regular file',
    RESTORE_EVIDENCE,
    INV.evidence,
  ),
  evidenceHashMismatch: def(
    'evidence_hash_mismatch',
    'evidence_hashes',
    'An evidence file’s sha256 differs from the one recorded in the trace',
    RESTORE_EVIDENCE,
    INV.evidence,
  ),
  evidenceChunkMismatch: def(
    'evidence_chunk_mismatch',
    'support_spans',
    'Evidence disagrees with provenance/ (a chunk unknown to chunks.jsonl, another span or hash, bytes not cut from the corpus document, a file longer than its span)',
    'Restore provenance/ and the evidence file as the producer wrote them, or re-run the producer.',
    INV.evidence,
  ),
  evidenceDuplicate: def(
    'evidence_duplicate',
    'core_invariants',
    'Two evidence_registered events share one evidence id',
    RERUN,
    INV.schema,
  ),
  chunksInvalid: def(
    'chunks_invalid',
    'support_spans',
    'provenance/chunks.jsonl or corpus.jsonl is missing, malformed, repeats a chunk id, or is not the corpus the trace records',
    'Restore provenance/ as the producer wrote it, or re-run the producer.',
    INV.evidence,
  ),
  // ── claims ──────────────────────────────────────────────────────────────────────────────────
  claimDuplicate: def(
    'claim_duplicate',
    'core_invariants',
    'Two claim_emitted events share one claim id',
    RERUN,
    INV.schema,
  ),
  supportUnresolved: def(
    'support_unresolved',
    'claim_justifications',
    'A claim support, or an id a step output lists, names a claim, evidence or tool call the trace does not contain (or contains only after that output)',
    `${REDERIVE} A step output lists only claims emitted and evidence registered before it.`,
    INV.link,
  ),
  supportFailedTool: def(
    'support_failed_tool',
    'claim_justifications',
    'A claim rests on a tool call whose result reports that the call failed',
    'Re-derive the claim without the failed call (run the tool again, or cite evidence instead), or re-run the producer.',
    INV.link,
  ),
  answerNotValidated: def(
    'answer_not_validated',
    'claim_justifications',
    'The final answer rests on a claim the run’s own verify step did not validate (rejected, missing support, or left out) or on a claim that is not derived, names no claim at all, or is not the statement of the extractive claim it names first',
    'Restore the finalize output as the producer wrote it, or re-run the producer: it answers with the derived claims its verify step validated, in the words of the first.',
  ),
  claimUngrounded: def(
    'claim_ungrounded',
    'derived_claim_grounding',
    'A derived claim has no evidence support',
    REDERIVE,
    INV.grounding,
  ),
  supportsTooFew: def(
    'supports_too_few',
    'derived_claim_grounding',
    'A derived claim has fewer evidence supports than the minimum',
    'Re-derive the claim from at least the minimum number of distinct evidence spans (the run’s recorded policy, raised by the config’s packs.trace.min_supports or --min-supports), or re-run the producer.',
    INV.minSupports,
  ),
  markerMissing: def(
    'marker_missing',
    'derived_claim_grounding',
    'An evidence support of a derived claim has no matching [evidence:<id>:<b0>-<b1>:<sha256>] marker in the statement',
    REDERIVE,
    INV.grounding,
  ),
  markerUnmatched: def(
    'marker_unmatched',
    'derived_claim_grounding',
    'A citation marker in a derived claim matches no evidence support (or repeats one)',
    REDERIVE,
    INV.grounding,
  ),
  markerLegacy: def(
    'marker_legacy',
    'derived_claim_grounding',
    'A claim uses a legacy or malformed citation marker such as [evidence:X]',
    'Cite evidence as [evidence:<id>:<b0>-<b1>:<sha256>] over the exact bytes: re-derive the claim, or re-run the producer.',
    INV.grounding,
  ),
  reasoningTraceMismatch: def(
    'reasoning_trace_mismatch',
    'reasoning_trace',
    'The reasoning record disagrees with the derived claims (result_sha256 missing, changed, or not the header’s reasoning_trace_sha256), or is gone from a run whose claims carry the reasoner’s tag or whose gate requires it (require_reasoning); or the header’s reasoning policy is not the one spec.json gives',
    'Restore trace.jsonl as the producer wrote it (the header’s reasoning_trace and each derived claim’s structured fields), or re-run the producer. A run another tool wrote has no record: exclude it from the gate, or drop require_reasoning.',
  ),
  retrievalMismatch: def(
    'retrieval_mismatch',
    'tool_linkage',
    'A search did not return what BM25 ranks first over the index the run’s corpus builds (other chunks, order, scores or hit fields), the retrieval record or the pinned index is not the producer’s, or evidence was registered that no search returned',
    'Restore trace.jsonl and provenance/ as the producer wrote them, or re-run the producer: its index is built from the corpus it pins, its searches return that index’s best-ranked chunks, and it registers only those.',
  ),
  retrievalMissing: def(
    'retrieval_missing',
    'tool_linkage',
    'The gate requires every run to retrieve its evidence (require_retrieval), but this run registers evidence and shows no sign of retrieval: no search, corpus, index or retrieval record',
    'Re-run the producer with retrieval on (spec.json constraints.needs_retrieval and a corpus_path), or restore the run’s provenance/ and searches as the producer wrote them.',
  ),
  retrievalUnchecked: def(
    'retrieval_unchecked',
    'tool_linkage',
    'The run’s searches are past what is ranked again per run (a corpus over 16 MiB, more than 150,000 chunks or 500,000 distinct terms, more than 10,000 searches, 20 million term postings, or settings past 2^53), so they are not checked',
    'Keep a run’s pinned corpus under 16 MiB (or raise packs.trace.max_corpus_mib, up to 64, in the workflow’s own config), its chunks at the producer’s default size, and its searches within the limits (split the corpus or the question set into several runs); or, in the workflow’s own config, exclude the run and check it with the producer’s tools.',
  ),
  claimNotExtracted: def(
    'claim_not_extracted',
    'reasoning_trace',
    'A claim the extractive reasoner tags as its own does not read as the sentences it cites, or cites other bytes than it picked',
    'Restore the claim as the producer wrote it, or re-run the producer: its statement is each cited sentence followed by its marker.',
  ),
  spanOutOfBounds: def(
    'span_out_of_bounds',
    'support_spans',
    'A support span lies outside the bytes it cites (evidence file, cited claim, tool result)',
    REDERIVE,
    INV.evidence,
  ),
  snippetHashMismatch: def(
    'snippet_hash_mismatch',
    'support_spans',
    'A support’s snippet_sha256 is not the sha256 of the bytes its span selects',
    REDERIVE,
    INV.evidence,
  ),
  // ── insufficient evidence ───────────────────────────────────────────────────────────────────
  noOutcome: def(
    'no_outcome',
    'insufficient_reasoning',
    'The run emitted no derived claim and no insufficient_evidence marker',
    'Re-run the producer: a run must either derive grounded claims or report insufficient evidence.',
  ),
  insufficientAmbiguous: def(
    'insufficient_ambiguous',
    'insufficient_reasoning',
    'The run reports insufficient evidence and also emits derived claims not marked insufficient',
    'Re-run the producer: report insufficient evidence without derived claims, or mark those claims insufficient (structured.insufficient_evidence: true).',
  ),
  // ── plan ────────────────────────────────────────────────────────────────────────────────────
  planInvalid: def(
    'plan_invalid',
    'plan',
    'plan.json is malformed or does not match the plan schema',
    RERUN,
    INV.schema,
  ),
  planDuplicateNode: def(
    'plan_duplicate_node',
    'plan',
    'The plan repeats a node id',
    RERUN,
    INV.schema,
  ),
  planMissingDependency: def(
    'plan_missing_dependency',
    'plan',
    'A plan node depends on a node id the plan does not contain',
    RERUN,
    INV.schema,
  ),
  planCycle: def('plan_cycle', 'plan', 'The plan’s dependencies form a cycle', RERUN, INV.schema),
  planMismatch: def(
    'plan_mismatch',
    'plan',
    'The trace, plan, spec and run_meta.json disagree on the plan or spec id',
    'Keep the plan.json, spec.json and trace.jsonl of one run together; re-run the producer.',
    INV.schema,
  ),
  // ── run integrity ───────────────────────────────────────────────────────────────────────────
  manifestInvalid: def(
    'manifest_invalid',
    'run_integrity',
    'manifest.json is malformed: not a flat map of relative path → sha256 hex',
    RESEAL,
  ),
  manifestFileMissing: def(
    'manifest_file_missing',
    'run_integrity',
    'A file listed in manifest.json is missing',
    'Restore the file listed in manifest.json, or re-run the producer.',
  ),
  manifestHashMismatch: def(
    'manifest_hash_mismatch',
    'run_integrity',
    'A file’s sha256 differs from manifest.json: it changed after the run',
    RESEAL,
  ),
  manifestUnlisted: def(
    'manifest_unlisted',
    'run_integrity',
    'A file in the run directory is not listed in manifest.json',
    'Remove the file that was added after the run, or re-run the producer so the manifest lists it.',
  ),
  fingerprintMismatch: def(
    'fingerprint_mismatch',
    'run_integrity',
    'fingerprint.txt is not the sha256 of trace.jsonl’s bytes followed by a newline',
    RESEAL,
  ),
  layoutUnexpected: def(
    'layout_unexpected',
    'run_integrity',
    'A file lies outside the run layout (core files, evidence/, provenance/)',
    'Move the file out of the run directory (…/runs/<run_id>/ holds only what the producer writes), or re-run the producer.',
  ),
  runMetaInvalid: def(
    'run_meta_invalid',
    'run_integrity',
    'run_meta.json is malformed or does not match its schema',
    RERUN,
  ),
  runMetaMismatch: def(
    'run_meta_mismatch',
    'run_integrity',
    'run_meta.json disagrees with the run (run id, trace id, plan id, spec id, the trace header’s fingerprint or seed), or its fingerprint or run id is not its content’s',
    'Restore run_meta.json as the producer wrote it (its runtime descriptor, seed and preset fix its fingerprint and run id) and keep the run’s files together in its runs/<run_id>/ directory; or re-run the producer.',
  ),
  specInvalid: def(
    'spec_invalid',
    'run_integrity',
    'spec.json is malformed or does not match the problem-spec schema',
    RERUN,
  ),
  verifyReportInvalid: def(
    'verify_report_invalid',
    'run_integrity',
    'verify.json is malformed or is not a VerificationReport for this trace',
    RERUN,
  ),
  producerSpansRejected: def(
    'producer_spans_rejected',
    'support_spans',
    'bijux-canon-reason’s own verifier rejects this run, whatever verify.json says: its support_spans check fails (it rejects any run whose claim cites a chunk that does not start its document, or an earlier copy of repeated text)',
    'This is the producer’s own verdict on the run (docs/trace.md#known-producer-rejections), so it is not accepted. To accept it anyway, waive trace.producer_spans_rejected and trace.producer_rejected for this run in the workflow’s config (audit-gate verify --config FILE, or the Action’s config-json), with the reason.',
    INV.evidence,
  ),
  producerRejected: def(
    'producer_rejected',
    'run_integrity',
    'verify.json records that the producer’s own verification failed (any failure: the producer’s strict policy rejects a run with one of any severity)',
    'Fix what the producer’s verification reported and re-run it; a run its producer rejected is never accepted. Where the producer is known to be wrong (docs/trace.md#known-producer-rejections), waive this finding, and trace.producer_spans_rejected when it names the same run, in the workflow’s config (audit-gate verify --config FILE, or the Action’s config-json), with that reason.',
  ),
} as const satisfies Record<string, TraceCodeDef>;

export type TraceCode = (typeof TRACE)[keyof typeof TRACE];
export const TRACE_CODES: readonly TraceCodeDef[] = Object.values(TRACE);
