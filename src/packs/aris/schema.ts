import { z } from 'zod';
import { onFirstUse } from '../kit/first-use.js';

export const VERDICTS = ['PASS', 'WARN', 'FAIL', 'NOT_APPLICABLE', 'BLOCKED', 'ERROR'] as const;
export const BLOCKING_VERDICTS: ReadonlySet<string> = new Set(['FAIL', 'BLOCKED', 'ERROR']);

export const INDEPENDENCE_FIELDS = [
  'review_independence',
  'acceptance_status',
  'executor_model',
  'executor_family',
  'reviewer_family',
] as const;

/** Fields whose absence the legacy verifier reports as missing_field:<name>, in its order. */
export const REQUIRED_FIELDS = [
  'audit_skill',
  'verdict',
  'reason_code',
  'summary',
  'audited_input_hashes',
  'trace_path',
  'reviewer_model',
  'reviewer_reasoning',
  'generated_at',
] as const;

export interface AuditSpec {
  artifact: string;
  skill: string;
  /** A default audit the paper's manifest leaves out, required because the assurance is pinned. */
  unexcused?: true;
}

export const DEFAULT_AUDITS: readonly AuditSpec[] = [
  { artifact: 'PROOF_AUDIT.json', skill: 'proof-checker' },
  { artifact: 'PAPER_CLAIM_AUDIT.json', skill: 'paper-claim-audit' },
  { artifact: 'CITATION_AUDIT.json', skill: 'citation-audit' },
  { artifact: 'KILL_ARGUMENT.json', skill: 'kill-argument' },
];

/** The zod schemas, built on first use: a run that reads no paper never pays for them. */
export const schemas = onFirstUse(build);
export type Schemas = ReturnType<typeof build>;

export type Verdict = z.infer<Schemas['Verdict']>;
export type AuditManifest = z.infer<Schemas['AuditManifest']>;
export type LegacyAuditRow = z.infer<Schemas['LegacyAuditRow']>;
export type ArisReport = z.infer<Schemas['ArisReport']>;

function build() {
  const Verdict = z.enum(VERDICTS);
  const ReviewIndependence = z.enum(['same-family', 'cross-family', 'deterministic']);

  /** The verdict artifact every mandatory audit writes (seed 000, "Audit artifact schema"). */
  const AuditArtifact = z
    .object({
      audit_skill: z.string().describe('e.g. paper-claim-audit'),
      verdict: Verdict,
      reason_code: z.string(),
      summary: z.string(),
      audited_input_hashes: z
        .record(z.string(), z.string())
        .describe('Path (relative to the paper dir, or absolute) → "sha256:<64 hex>"'),
      trace_path: z
        .string()
        .min(1)
        .describe('Directory or file holding the reviewer prompt and response'),
      thread_id: z.string().optional(),
      agent_id: z.string().optional(),
      reviewer_model: z.string(),
      reviewer_reasoning: z.string(),
      generated_at: z.string().describe('UTC ISO-8601 timestamp'),
      review_independence: ReviewIndependence.optional(),
      acceptance_status: z.enum(['accepted', 'provisional']).optional(),
      executor_model: z.string().optional(),
      executor_family: z.string().optional(),
      reviewer_family: z.string().optional(),
      details: z.unknown().optional(),
    })
    .loose();

  /** `.aris/audit-manifest.json`: which audits applied to this paper in this run. */
  const AuditManifest = z
    .object({
      schema_version: z.literal('1'),
      audits: z
        .array(
          z
            .object({
              artifact: z.string().min(1).describe('Artifact path relative to the paper dir'),
              // Named in every message about the audit, so it must stay a name.
              audit_skill: z
                .string()
                .min(1)
                .max(100)
                .describe('The skill that writes the artifact'),
            })
            .strict(),
        )
        .min(1),
    })
    .strict();

  /** The report verify_paper_audits.sh (version 2) writes; ours adds fields, never removes. */
  const LegacyAuditRow = z.object({
    audit: z.string(),
    status: z.enum([
      'OK',
      'STALE',
      'BLOCKING_VERDICT',
      'HAS_ISSUES',
      'SCHEMA_INVALID',
      'MISSING',
      'MISSING_DRAFT_OK',
    ]),
    verdict: z.string(),
    stale: z.boolean(),
    review_independence: z.string(),
    issues: z.array(z.string()),
    artifact: z.string().describe('Repo-relative artifact path (added)'),
    trace_location: z
      .string()
      .optional()
      .describe('Where trace_path was found, repo-relative (added)'),
  });

  const ArisReport = z.object({
    verifier_version: z.literal('2'),
    paper_dir: z.string(),
    assurance: z.enum(['draft', 'submission']),
    generated_at: z.string(),
    any_problem: z.boolean(),
    submission_blocking: z.boolean(),
    overall_assurance: z.enum(['accepted', 'provisional', 'blocked']),
    audits: z.array(LegacyAuditRow),
    submission_ready: z.enum(['yes', 'no']),
    effort: z.string().optional(),
    assurance_source: z.string(),
    manifest: z.string().describe('Where the audit list came from: the manifest path or "default"'),
    verifier: z.object({ name: z.string(), version: z.string() }),
    findings: z.array(z.unknown()),
  });

  return { Verdict, ReviewIndependence, AuditArtifact, AuditManifest, LegacyAuditRow, ArisReport };
}
