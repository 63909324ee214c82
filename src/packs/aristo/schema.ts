import { z } from 'zod';
import { onFirstUse } from '../kit/first-use.js';
import { HASH_RE } from './hash.js';
import { isAnnotationId } from './ids.js';

/**
 * The SDK's file formats as zod schemas (aristo.md §1): `.aristo/proofs/<id>.proof`,
 * `.aristo/index.toml` and `.aristo/expectations.toml`. Values come from the TOML reader with
 * integers as bigint. Each schema is built twice: `strict` (unknown keys are issues) and `loose`
 * (they are dropped), because the SDK ignores unknown keys in proofs and expectations (we warn)
 * but refuses them in the index.
 */
type Mode = 'strict' | 'loose';

function obj<T extends z.core.$ZodLooseShape>(mode: Mode, shape: T) {
  return mode === 'strict' ? z.strictObject(shape) : z.object(shape);
}

/** A TOML integer in [min, max] (the SDK's u32 fields). */
function tomlInt(min: number, max: number) {
  return z
    .bigint()
    .min(BigInt(min))
    .max(BigInt(max))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** The zod schemas, built on first use: a run that reads no aristo file never pays for them. */
export const schemas = onFirstUse(build);
export type Schemas = ReturnType<typeof build>;

export type ProofFile = z.infer<Schemas['ProofFile']>;
export type ProofStep = NonNullable<ProofFile['verified']>['proof']['steps'][number];
export type Ground = ProofStep['grounds'][number];
export type VerifyLevel = z.infer<Schemas['VerifyLevel']>;
export type IndexEntry = z.infer<Schemas['IndexEntry']>;
export type Waiver = z.infer<Schemas['Waiver']>;

function build() {
  /** `sha256:` + 64 lowercase hex, with the SDK's own wording for what is wrong. */
  const Sha256 = z
    .string()
    .superRefine((s, ctx) => {
      if (HASH_RE.test(s)) return;
      const detail = !s.startsWith('sha256:')
        ? 'expected prefix "sha256:"'
        : s.length - 7 !== 64
          ? `expected length 64, got ${s.length - 7}`
          : 'invalid character set (expected lowercase hex)';
      ctx.addIssue({ code: 'custom', message: detail });
    })
    .meta({ pattern: HASH_RE.source });

  const AnnotationId = z.string().refine(isAnnotationId, {
    message:
      'not a valid annotation id (^(aristos:|kanon:)?[a-z_][a-z0-9_]{0,127}$ or ^aret_[A-Za-z0-9]{4,64}$)',
  });

  const VerifyMethod = z.enum(['neural', 'test', 'full']);
  const VerdictType = z.enum(['verified', 'counterexample', 'inconclusive']);
  const PropertyKind = z.enum([
    'invariant',
    'postcondition',
    'precondition',
    'equivalence',
    'safety',
    'progress',
  ]);
  const RelationKind = z.enum([
    'decomposes',
    'instantiates',
    'restricts',
    'composes',
    'excludes-counterexample',
  ]);
  const GroundRelation = z.enum([
    'instantiates',
    'restricts',
    'composes',
    'excludes-counterexample',
    'promoted',
  ]);
  const AnnotationKind = z.enum(['intent', 'assume']);

  function proofSchema(mode: Mode) {
    const idGround = (kind: 'intent' | 'assume') =>
      obj(mode, {
        kind: z.literal(kind),
        id: AnnotationId,
        at_text_hash: Sha256.optional(),
        relation: GroundRelation,
        reason: z.string().optional(),
      });
    const Ground = z.discriminatedUnion('kind', [
      idGround('intent'),
      idGround('assume'),
      obj(mode, {
        kind: z.literal('code'),
        file: z.string(),
        lines: z.string(),
        code_text_hash: Sha256.optional(),
        reason: z.string(),
      }),
      obj(mode, { kind: z.literal('prior-step'), path: z.string(), reason: z.string().optional() }),
      obj(mode, { kind: z.literal('composition'), reason: z.string() }),
    ]);
    const Step = obj(mode, {
      path: z.string(),
      claim: z.string(),
      relation_to_parent: RelationKind,
      grounds: z.array(Ground),
      subgoal_paths: z.array(z.string()).default([]),
      proposed_promotion: z.boolean().default(false),
    });
    const Proof = obj(mode, { conclusion: z.string(), steps: z.array(Step) });
    return obj(mode, {
      verdict: obj(mode, {
        type: VerdictType,
        method: VerifyMethod,
        produced_at_text_hash: Sha256,
        produced_at_body_hash: Sha256,
        produced_by: z.string(),
        verifier_model: z.string().optional(),
        attempts: tomlInt(0, 4294967295),
        property_kind: PropertyKind,
      }),
      verified: obj(mode, { proof: Proof }).optional(),
      counterexample: obj(mode, {
        violation: obj(mode, {
          description: z.string(),
          violated_step_path: z.string(),
          trigger_steps: z.array(Step),
          refuted_grounds: z.array(Ground).default([]),
        }),
      }).optional(),
      inconclusive: obj(mode, {
        partial_proof: Proof.optional(),
        gap: obj(mode, {
          description: z.string(),
          unfilled_path: z.string(),
          suggested_annotations: z.array(
            obj(mode, {
              kind: AnnotationKind,
              suggested_text: z.string(),
              at_site: z.string(),
              rationale: z.string(),
              would_close_path: z.string().optional(),
            }),
          ),
        }),
      }).optional(),
    });
  }

  /** `.aristo/proofs/<id>.proof` as the SDK reads it (unknown keys ignored). */
  const ProofFile = proofSchema('loose');
  /** The same, with unknown keys reported (as warnings: the SDK ignores them). */
  const ProofFileStrict = proofSchema('strict');

  // ── index.toml ─────────────────────────────────────────────────────────────────────────────────

  const Status = z.enum([
    'verified',
    'tested',
    'neural',
    'stale',
    'orphan',
    'forged',
    'unknown',
    'pending-deepen',
    'counterexample',
    'inconclusive',
  ]);
  const CoveredRegion = z.enum([
    'function',
    'statement',
    'impl_methods',
    'module_inline_body',
    'type',
    'field',
    'crate',
    'trait',
  ]);
  /** `true` (the project's default method), `false` (documentation only) or a method. */
  const VerifyLevel = z.union([z.boolean(), VerifyMethod]);
  const Parent = z.union([AnnotationId, z.array(AnnotationId)]);

  const common = {
    text: z.string(),
    status: Status,
    text_hash: Sha256,
    body_hash: Sha256,
    file: z.string(),
    site: z.string(),
    covered_region: CoveredRegion,
    linked: z
      .string()
      .regex(/^arta_[A-Za-z0-9]{8,64}$/)
      .optional(),
    parent: Parent.optional(),
  };

  const IntentEntry = z
    .strictObject({
      kind: z.literal('intent'),
      ...common,
      verify: VerifyLevel,
      verified_outcome: z
        .string()
        .regex(/^v1:[A-Za-z0-9_-]{64,256}$/)
        .optional(),
      last_verified_at_commit: z
        .string()
        .regex(/^([0-9a-f]{40}|[0-9a-f]{64})$/)
        .optional(),
      last_critiqued_at_text_hash: Sha256.optional(),
      last_critique_finding_count: tomlInt(0, 4294967295).optional(),
    })
    .superRefine((e, ctx) => {
      const n = [e.linked, e.verified_outcome, e.last_verified_at_commit].filter(
        (x) => x !== undefined,
      ).length;
      const linkedOnly = n === 1 && e.linked !== undefined;
      if (n !== 0 && n !== 3 && !linkedOnly)
        ctx.addIssue({
          code: 'custom',
          message:
            'binding fields must be none, `linked` alone, or all of `linked`, `verified_outcome` and `last_verified_at_commit`',
        });
    });
  const AssumeEntry = z.strictObject({ kind: z.literal('assume'), ...common });
  const IndexEntry = z.discriminatedUnion('kind', [IntentEntry, AssumeEntry]);

  const IndexMeta = z.strictObject({
    schema_version: tomlInt(0, 4294967295),
    generated_by: z.string().optional(),
    generated_at: z.string().optional(),
    source_root: z.string().optional(),
  });

  /** `.aristo/index.toml`: `[__meta__]`, then one table per id (documentation schema). */
  const IndexFile = z
    .object({ __meta__: IndexMeta })
    .catchall(IndexEntry)
    .describe('Every key but __meta__ is an annotation id');

  // ── expectations.toml ──────────────────────────────────────────────────────────────────────────

  const ExpectationsMeta = z.object({ schema_version: tomlInt(0, 4294967295).default(1n) });

  function waiverSchema(mode: Mode) {
    return obj(mode, {
      reason: z.string(),
      tracking: z.string().optional(),
      accepted_at: z.string(),
    });
  }
  /** One waiver: `[<id>] reason, tracking?, accepted_at` (unknown keys ignored, as by the SDK). */
  const Waiver = waiverSchema('loose');
  const WaiverStrict = waiverSchema('strict');

  /** `.aristo/expectations.toml` (documentation schema). */
  const ExpectationsFile = z
    .object({ __meta__: ExpectationsMeta.optional() })
    .catchall(Waiver)
    .describe('Every key but __meta__ is a waived annotation id');

  return {
    Sha256,
    AnnotationId,
    VerifyMethod,
    VerdictType,
    PropertyKind,
    RelationKind,
    GroundRelation,
    AnnotationKind,
    ProofFile,
    ProofFileStrict,
    Status,
    CoveredRegion,
    VerifyLevel,
    IntentEntry,
    AssumeEntry,
    IndexEntry,
    IndexMeta,
    IndexFile,
    ExpectationsMeta,
    Waiver,
    WaiverStrict,
    ExpectationsFile,
  };
}
