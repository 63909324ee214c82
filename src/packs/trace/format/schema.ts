import { z } from 'zod';
import { withSource } from '../../../io/fast-schema.js';
import { onFirstUse } from '../../kit/first-use.js';

/**
 * The file formats of a bijux-canon-reason run directory (CONTRACTS.md §2). These zod schemas are
 * the one source of truth: the checks validate every record against them before judging it. The
 * producer's models forbid unknown fields, so these do too (fail closed).
 */

export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [1, 2];
export const SUPPORTED_RUNTIME_PROTOCOLS: readonly number[] = [1];
export const SUPPORTED_CANONICALIZATION: readonly number[] = [1];
export const SUPPORTED_FINGERPRINT_ALGOS: readonly string[] = ['sha256'];
export const SUPPORTED_RUN_META_VERSIONS: readonly number[] = [1];

/** The files every run directory holds (manifest.json lists all but itself). */
export const CORE_FILES = [
  'spec.json',
  'plan.json',
  'trace.jsonl',
  'verify.json',
  'fingerprint.txt',
  'run_meta.json',
  'manifest.json',
] as const;

export const STEP_KINDS = ['understand', 'gather', 'derive', 'verify', 'finalize'] as const;
export const REQUIRED_OUTPUTS = ['understand', 'gather', 'derive', 'verify', 'finalize'] as const;

/** The run formats with fast paths written ahead of time (fast-paths.generated.ts, fast.ts). */
export const FAST_FORMATS = [
  'ChunkRecord',
  'EventRecord',
  'Manifest',
  'Plan',
  'ProblemSpec',
  'RunMeta',
  'TraceEvent',
  'TraceHeader',
  'VerificationReport',
] as const;

/** The zod schemas, built on first use: a run of another pack never pays for them. */
export const schemas = onFirstUse(build);
export type Schemas = ReturnType<typeof build>;

export type TraceHeader = z.infer<Schemas['TraceHeader']>;
export type SupportRef = z.infer<Schemas['SupportRef']>;
export type Claim = z.infer<Schemas['Claim']>;
export type EvidenceRef = z.infer<Schemas['EvidenceRef']>;
export type StepOutput = z.infer<Schemas['StepOutput']>;
export type TraceEvent = z.infer<Schemas['TraceEvent']>;
export type Plan = z.infer<Schemas['Plan']>;
export type RunMeta = z.infer<Schemas['RunMeta']>;
export type VerificationReport = z.infer<Schemas['VerificationReport']>;

function build() {
  const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters');
  const Int = z.number().int();
  const NonNegInt = Int.min(0);
  const Json: z.ZodType<unknown> = z.unknown();
  const JsonObject = z.record(z.string(), Json);

  /** `[start, end)` with 0 ≤ start < end. */
  const Span = z.tuple([NonNegInt, NonNegInt]).refine(
    withSource(([a, b]: [number, number]) => a < b, 'v[0] < v[1]'),
    { message: 'span must satisfy 0 <= start < end' },
  );

  // ── trace.jsonl ──────────────────────────────────────────────────────────────────────────────

  const TraceHeader = z
    .object({
      record: z.literal('trace_header'),
      id: z.string().min(1),
      metadata: JsonObject,
      spec_id: z.string().nullable(),
      plan_id: z.string().nullable(),
      runtime_protocol_version: Int,
      schema_version: Int,
      fingerprint_algo: z.string(),
      canonicalization_version: Int,
    })
    .strict();

  const SupportRef = z
    .object({
      kind: z.enum(['claim', 'evidence', 'tool_call']),
      ref_id: z.string().min(1),
      span: Span,
      snippet_sha256: Hex64,
      hash_algo: z.literal('sha256').optional(),
    })
    .strict();

  const Claim = z
    .object({
      id: z.string().min(1),
      statement: z.string(),
      status: z.enum(['proposed', 'validated', 'rejected']),
      confidence: z.number(),
      supports: z.array(SupportRef),
      claim_type: z.enum(['derived', 'observed', 'assumed']),
      structured: JsonObject.nullable().optional(),
    })
    .strict();

  const EvidenceRef = z
    .object({
      id: z
        .string()
        .min(1)
        .regex(/^[^:\]]+$/, 'must not contain ":" or "]" (it could not be cited)'),
      uri: z.string(),
      sha256: Hex64,
      span: Span,
      chunk_id: Hex64,
      content_path: z.string(),
    })
    .strict();

  const ToolCall = z
    .object({
      id: z.string().min(1),
      tool_name: z.string().min(1),
      arguments: JsonObject,
      step_id: z.string().min(1),
      call_idx: NonNegInt,
    })
    .strict();

  const ToolResult = z
    .object({
      call_id: z.string().min(1),
      success: z.boolean(),
      result: Json.optional(),
      error: z.string().nullable().optional(),
    })
    .strict();

  const Ids = z.array(z.string());
  /** A step output; the producer tags it with `kind` (its serialized field name may be `type`). */
  const StepOutput = z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('understand'),
        normalized_question: z.string(),
        assumptions: z.array(z.string()).optional(),
        task_type: z.string().optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('gather'),
        evidence_ids: Ids,
        retrieval_queries: z.array(z.string()).optional(),
        retrieval_provenance: JsonObject.optional(),
      })
      .strict(),
    z.object({ kind: z.literal('derive'), claim_ids: Ids }).strict(),
    z
      .object({
        kind: z.literal('verify'),
        validated_claim_ids: Ids,
        rejected_claim_ids: Ids.optional(),
        missing_support_claim_ids: Ids.optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('finalize'),
        final_claim_ids: Ids,
        final_answer: z.string().nullable().optional(),
        uncertainty: z.string().nullable().optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('insufficient_evidence'),
        reason: z.string(),
        retrieved: NonNegInt,
        required: NonNegInt,
      })
      .strict(),
  ]);

  const Idx = NonNegInt;
  const StepId = z.string().min(1);
  const TraceEvent = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('step_started'), idx: Idx, step_id: StepId }).strict(),
    z
      .object({ kind: z.literal('step_finished'), idx: Idx, step_id: StepId, output: StepOutput })
      .strict(),
    z
      .object({ kind: z.literal('tool_called'), idx: Idx, step_id: StepId, call: ToolCall })
      .strict(),
    z
      .object({ kind: z.literal('tool_returned'), idx: Idx, step_id: StepId, result: ToolResult })
      .strict(),
    z
      .object({
        kind: z.literal('evidence_registered'),
        idx: Idx,
        step_id: StepId,
        evidence: EvidenceRef,
      })
      .strict(),
    z
      .object({ kind: z.literal('claim_emitted'), idx: Idx, step_id: z.string(), claim: Claim })
      .strict(),
  ]);

  const EventRecord = z.object({ record: z.literal('trace_event'), event: z.unknown() }).strict();

  // ── other run files ─────────────────────────────────────────────────────────────────────────

  const PlanNode = z
    .object({
      id: z.string().min(1),
      kind: z.enum(STEP_KINDS),
      dependencies: z.array(z.string()),
      step: z
        .object({
          kind: z.enum(STEP_KINDS),
          notes: z.string().optional(),
          tool_requests: z
            .array(z.object({ tool_name: z.string(), arguments: JsonObject.optional() }).strict())
            .optional(),
        })
        .strict(),
      parameters: JsonObject,
    })
    .strict();

  const Plan = z
    .object({
      id: z.string().min(1),
      problem: z.string(),
      spec_id: z.string().min(1),
      nodes: z.array(PlanNode),
      edges: z.array(z.tuple([z.string(), z.string()])),
    })
    .strict();

  const ProblemSpec = z
    .object({
      id: z.string().min(1),
      description: z.string(),
      constraints: JsonObject,
      expected_output_type: z.string(),
      expected: JsonObject.nullable().optional(),
      version: Int.nullable().optional(),
    })
    .strict();

  const RunMeta = z
    .object({
      run_id: z.string().min(1),
      spec_id: z.string().min(1),
      plan_id: z.string().min(1),
      trace_id: z.string().min(1),
      schema_version: Int,
      runtime_descriptor: z
        .object({
          kind: z.string(),
          mode: z.enum(['live', 'frozen']),
          tools: z.array(
            z
              .object({ name: z.string(), version: z.string(), config_fingerprint: z.string() })
              .strict(),
          ),
        })
        .strict()
        .optional(),
    })
    .loose()
    .describe(
      'run_meta.json: ids of the run’s parts; the producer adds preset, seed, runtime and versions',
    );

  const Manifest = z
    .record(z.string(), Hex64)
    .describe('relative POSIX path → bare sha256 hex, sorted by key');

  const ChunkRecord = z
    .object({
      chunk_id: Hex64,
      start_byte: NonNegInt,
      end_byte: NonNegInt,
      chunk_sha256: Hex64,
    })
    .loose();

  /** The producer's report (verify.json), and the shape our verification-report renderer writes. */
  const VerificationReport = z
    .object({
      id: z.string().nullable().optional(),
      checks: z.array(
        z
          .object({
            name: z.string(),
            passed: z.boolean(),
            details: z.string().nullable().optional(),
            metrics: z.record(z.string(), z.number()).optional(),
          })
          .strict(),
      ),
      failures: z.array(
        z
          .object({
            severity: z.enum(['error', 'warning', 'info']),
            message: z.string(),
            invariant_id: z.string().nullable().optional(),
          })
          .strict(),
      ),
      summary_metrics: z.record(z.string(), z.number()).optional(),
      trace_id: z.string().nullable().optional(),
    })
    .strict();

  return {
    Span,
    TraceHeader,
    SupportRef,
    Claim,
    EvidenceRef,
    ToolCall,
    ToolResult,
    StepOutput,
    TraceEvent,
    EventRecord,
    PlanNode,
    Plan,
    ProblemSpec,
    RunMeta,
    Manifest,
    ChunkRecord,
    VerificationReport,
  };
}

export const CANONICAL_MARKER = /\[evidence:([^:\]]+):(\d+)-(\d+):([0-9a-f]{64})\]/g;
