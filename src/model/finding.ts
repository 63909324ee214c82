import { z } from 'zod';
import { onFirstUse } from './first-use.js';

function build() {
  const Severity = z.enum(['error', 'warning', 'notice']);

  const Location = z.object({
    path: z.string(),
    line: z.number().int().positive().optional(),
    column: z.number().int().positive().optional(),
  });

  const Finding = z.object({
    code: z.string().describe('Stable validation code, e.g. aris.input_stale'),
    severity: Severity,
    subject: z
      .string()
      .describe('Id of the subject (audit, run, fixture, paper) the finding is about'),
    message: z.string().describe('What is wrong, about the user’s files only'),
    remediation: z.string().describe('What to do next'),
    location: Location.optional(),
    related: z
      .array(Location)
      .optional()
      .describe('Other places involved, e.g. the changed input file'),
    details: z
      .record(z.string(), z.string())
      .optional()
      .describe('Pack-specific details, rendered by the pack’s own outputs'),
    invariant_id: z.string().optional().describe('The producer’s invariant id, where one exists'),
    blocking: z.boolean().describe('Set by policy: whether this finding fails the gate'),
    waived: z
      .object({ reason: z.string(), tracking: z.string().optional() })
      .optional()
      .describe(
        'Set by policy when a config waiver accepts this finding: it is shown but never blocks',
      ),
  });

  return { Severity, Location, Finding };
}

/** The finding schemas, built on first use (src/model/first-use.ts). */
export const findingSchemas = onFirstUse(build);
type Schemas = ReturnType<typeof build>;

export type Severity = z.infer<Schemas['Severity']>;
/** A place in the repository: a repo-relative POSIX path and, where known, a 1-based line. */
export type Location = z.infer<Schemas['Location']>;
export type Finding = z.infer<Schemas['Finding']>;

/** The static description of a validation code: one entry per code in the registry. */
export interface CodeDef {
  code: string;
  severity: Severity;
  title: string;
  remediation: string;
  invariant_id?: string;
  /**
   * What the code is when the workflow pins assurance submission, where that differs: at least
   * this severity, or `absent` (it cannot occur then). A published report is held to it.
   */
  at_submission?: Severity | 'absent';
}

export interface FindingInput {
  subject: string;
  message: string;
  location?: Location;
  related?: Location[];
  remediation?: string;
  /** Pack-specific details, rendered by the pack's own outputs (e.g. a legacy report). */
  details?: Record<string, string>;
  /**
   * Unused by the packs, and best left so: a published report is checked against each code's
   * registered severity (policy/recheck.ts), so a finding emitted at another severity is refused
   * there. A different severity wants a code of its own.
   */
  severity?: Severity;
}

/** Builds a finding from its code definition; `blocking` is decided later by policy. */
export function finding(def: CodeDef, input: FindingInput): Finding {
  const out: Finding = {
    code: def.code,
    severity: input.severity ?? def.severity,
    subject: input.subject,
    message: input.message,
    remediation: input.remediation ?? def.remediation,
    blocking: false,
  };
  if (input.location) out.location = input.location;
  if (input.related && input.related.length > 0) out.related = input.related;
  if (input.details !== undefined) out.details = input.details;
  if (def.invariant_id) out.invariant_id = def.invariant_id;
  return out;
}
