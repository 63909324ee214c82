import { z } from 'zod';
import { Finding } from './finding.js';
import { Subject, Target } from './subject.js';

export const Conclusion = z.enum(['success', 'neutral', 'failure']);
export type Conclusion = z.infer<typeof Conclusion>;

export const Counts = z.object({
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
export type Counts = z.infer<typeof Counts>;

/** The one report model: every renderer (text, json, markdown, sarif, legacy) reads this. */
export const GateReport = z.object({
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
});
export type GateReport = z.infer<typeof GateReport>;
