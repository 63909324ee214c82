import { z } from 'zod';
import { findingSchemas } from './finding.js';
import { onFirstUse } from './first-use.js';
import { subjectSchemas } from './subject.js';

function build() {
  const { Finding } = findingSchemas();
  const { Subject, Target } = subjectSchemas();

  const Conclusion = z.enum(['success', 'neutral', 'failure']);

  const Counts = z.object({
    targets: z.number().int(),
    subjects: z.number().int(),
    pass: z.number().int(),
    problem: z.number().int(),
    blocking: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    warnings: z.number().int(),
    notices: z.number().int(),
    suppressed: z
      .number()
      .int()
      .default(0)
      .describe('Findings a config waiver accepts: not counted in errors, warnings or notices'),
  });

  const ShardRecord = z.object({
    index: z.number().int().positive().describe('This shard, 1-based'),
    count: z.number().int().positive().describe('How many shards the target list was cut into'),
    targets_digest: z
      .string()
      .describe('sha256 of the whole discovered target list (sorted ids, one a line)'),
    config_digest: z
      .string()
      .describe('sha256 of the settings that decide results: config, flags, tool version'),
    targets: z.array(z.string()).describe('The target ids this shard was given'),
    fixtures: z
      .boolean()
      .describe('Whether this shard ran the conformance fixtures (shard 1 only)'),
    fail_on: z.enum(['blocking', 'problem']),
    allow_empty: z.boolean(),
  });

  const GateReport = z.object({
    report_version: z.literal('1'),
    tool: z.object({ name: z.literal('audit-gate'), version: z.string() }),
    generated_at: z.string(),
    root: z.string().describe('Absolute workspace root all paths are relative to'),
    conclusion: Conclusion,
    submission_ready: z.enum(['yes', 'no']),
    exit_code: z.union([z.literal(0), z.literal(1)]),
    counts: Counts,
    targets: z.array(Target),
    subjects: z.array(Subject),
    findings: z.array(Finding),
    extensions: z
      .record(z.string(), z.unknown())
      .describe('Per-target pack extras keyed by target id, e.g. the legacy ARIS report')
      .optional(),
    shard: ShardRecord.optional().describe('Set by verify --shard: the share this report holds'),
  });

  return { Conclusion, Counts, ShardRecord, GateReport };
}

/** The report schemas, built on first use (src/model/first-use.ts): merge and the schema files. */
export const reportSchemas = onFirstUse(build);
type Schemas = ReturnType<typeof build>;

export type Conclusion = z.infer<Schemas['Conclusion']>;
export type Counts = z.infer<Schemas['Counts']>;
/**
 * What a `verify --shard K/N` run was cut from (src/pipeline/shard.ts), so merge can prove that the shards
 * cover the whole list exactly once, with the same settings.
 */
export type ShardRecord = z.infer<Schemas['ShardRecord']>;
/** The one report model: every renderer (text, json, markdown, sarif, legacy) reads this. */
export type GateReport = z.infer<Schemas['GateReport']>;
