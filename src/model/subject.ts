import { z } from 'zod';
import { onFirstUse } from './first-use.js';

function build() {
  const Outcome = z.enum(['pass', 'problem', 'blocking', 'skipped']);

  /** A pack's own word for what a subject or target is, e.g. paper, audit, run, fixture. */
  const Kind = z.string().min(1);

  const Subject = z.object({
    id: z.string(),
    target: z.string().describe('Id of the target this subject belongs to'),
    pack: z.string(),
    kind: Kind,
    name: z.string().describe('Human name, e.g. the audit skill or the run id'),
    path: z.string().describe('Repo-relative path of the artifact or directory'),
    status: z.string().describe('Pack-specific status label, e.g. OK, STALE, MISSING'),
    verdict: z.string().optional(),
    reason: z.string().optional().describe('Short why: reason code and summary from the artifact'),
    outcome: Outcome,
  });

  const Enforcement = z.enum(['blocking', 'advisory']);

  const Target = z.object({
    id: z.string(),
    pack: z.string(),
    kind: Kind,
    path: z.string().describe('Repo-relative path ("." for the root)'),
    enforcement: Enforcement.describe(
      'blocking: error findings fail the gate; advisory: they are reported only',
    ),
    terminal_state: z.string().describe("The pack's word for how the target ended, e.g. accepted"),
    ready: z
      .boolean()
      .default(false)
      .describe(
        'Set by the pack: this target, on its own, may be called ready (e.g. a paper accepted); submission_ready needs every target ready',
      ),
    context: z
      .record(z.string(), z.string())
      .describe('How the target was judged, e.g. assurance and where it came from'),
    named: z
      .literal(true)
      .optional()
      .describe(
        "Named by the workflow as a paper or as one pack's target (--paper, --target; the papers and targets inputs): verified even with every audit missing (allowed at draft)",
      ),
  });

  return { Outcome, Subject, Enforcement, Target };
}

/** The subject and target schemas, built on first use (src/model/first-use.ts). */
export const subjectSchemas = onFirstUse(build);
type Schemas = ReturnType<typeof build>;

export type Outcome = z.infer<Schemas['Outcome']>;
/** The unit that gets a verdict: one audit artifact, one run, one fixture. */
export type Subject = z.infer<Schemas['Subject']>;
export type Enforcement = z.infer<Schemas['Enforcement']>;
/** What a pack is pointed at: a paper directory, a run directory, a fixture folder. */
export type Target = z.infer<Schemas['Target']>;

/**
 * The `context` key in which a pack says, in words, why a target with nothing failing is still
 * not ready (e.g. which audits make a paper provisional). Every rendering prints it.
 */
export const NOT_READY_BECAUSE = 'not_ready_because';
