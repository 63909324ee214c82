import { quoteValue } from '../render/sanitize.js';

export const ASSURANCES = ['draft', 'submission'] as const;
export type Assurance = (typeof ASSURANCES)[number];
export const EFFORTS = ['lite', 'balanced', 'max', 'beast'] as const;
/** The source of an assurance the workflow or CLI set: pinned, no paper or config can change it. */
export const PINNED_SOURCE = '--assurance';
export type Effort = (typeof EFFORTS)[number];

/** The seed's mapping: lite/balanced keep audits advisory, max/beast make them gates. */
export function assuranceForEffort(effort: Effort): Assurance {
  return effort === 'max' || effort === 'beast' ? 'submission' : 'draft';
}

export function isAssurance(v: unknown): v is Assurance {
  return typeof v === 'string' && (ASSURANCES as readonly string[]).includes(v);
}
export function isEffort(v: unknown): v is Effort {
  return typeof v === 'string' && (EFFORTS as readonly string[]).includes(v);
}

/**
 * Checks an assurance and an effort given by the workflow or the command line; returns them
 * typed, or calls `refuse` with the setting that is wrong, what it may be, and what it was.
 */
export function enforcementSettings(
  given: { assurance?: string; effort?: string },
  refuse: (name: 'assurance' | 'effort', allowed: readonly string[], got: string) => never,
): { assurance?: Assurance; effort?: Effort } {
  const { assurance, effort } = given;
  if (assurance && !isAssurance(assurance)) refuse('assurance', ASSURANCES, assurance);
  if (effort && !isEffort(effort)) refuse('effort', EFFORTS, effort);
  return {
    ...(assurance ? { assurance: assurance as Assurance } : {}),
    ...(effort ? { effort: effort as Effort } : {}),
  };
}

export interface AssuranceInputs {
  flagAssurance?: string;
  flagEffort?: string;
  /** Contents of <paper-dir>/.aris/assurance.txt, when the file exists. */
  fileText?: string;
  /** Why <paper-dir>/.aris/assurance.txt exists but was not read (e.g. "is a symlink into ..."). */
  fileError?: string;
  fileLabel?: string;
  configAssurance?: string;
  configEffort?: string;
}

export interface AssuranceDecision {
  assurance: Assurance;
  effort?: Effort;
  /** Where the assurance came from, for the report and the failure cards. */
  source: string;
  /** Set when a value was not understood; the decision then fails closed to submission. */
  error?: string;
}

/**
 * Where the assurance comes from. Assurance and effort are independent axes (seed 000): effort
 * implies an assurance only when none is given, so every explicit assurance wins over every
 * effort, and a paper's own .aris/assurance.txt is not overridden by an effort flag. First
 * match wins:
 *
 * 1. the --assurance flag (the Action's `assurance` input);
 * 2. <paper-dir>/.aris/assurance.txt;
 * 3. the config's assurance;
 * 4. the assurance implied by the --effort flag (the Action's `effort` input);
 * 5. the assurance implied by the config's effort;
 * 6. draft (the default effort, balanced).
 *
 * A value that is not understood never falls through to a weaker source: an invalid effort
 * anywhere, or an invalid assurance at the level that is reached, fails closed to submission.
 * The effort recorded in the decision is the flag's, else the config's, whichever source the
 * assurance came from.
 */
export function resolveAssurance(i: AssuranceInputs): AssuranceDecision {
  const effort = [i.flagEffort, i.configEffort].find((e) => e !== undefined);
  const effortField = isEffort(effort) ? { effort } : {};
  for (const [name, value] of [
    ['flagEffort', i.flagEffort],
    ['configEffort', i.configEffort],
  ] as const) {
    if (value !== undefined && !isEffort(value)) {
      return fail(
        `effort "${value}" is not one of ${EFFORTS.join(', ')}`,
        name === 'flagEffort' ? '--effort' : 'config effort',
      );
    }
  }
  // Explicit assurances: flag, then the paper's own file, then the config.
  if (i.flagAssurance !== undefined) {
    if (!isAssurance(i.flagAssurance))
      return fail(`assurance "${i.flagAssurance}" is not draft or submission`, PINNED_SOURCE);
    return { assurance: i.flagAssurance, source: PINNED_SOURCE, ...effortField };
  }
  const label = i.fileLabel ?? '.aris/assurance.txt';
  if (i.fileError !== undefined) return fail(`${label} ${i.fileError}`, label);
  if (i.fileText !== undefined) {
    const v = i.fileText.replace(/\s+/g, '');
    // Only a short prefix: the file may be a symlink to anything the workspace holds.
    if (!isAssurance(v))
      return fail(`${label} says ${quoteValue(v)}, not draft or submission`, label);
    return { assurance: v, source: label, ...effortField };
  }
  if (i.configAssurance !== undefined) {
    if (!isAssurance(i.configAssurance))
      return fail(
        `config assurance "${i.configAssurance}" is not draft or submission`,
        'config assurance',
      );
    return { assurance: i.configAssurance, source: 'config assurance', ...effortField };
  }
  // No explicit assurance anywhere: the effort implies one, the flag's before the config's.
  if (i.flagEffort !== undefined && isEffort(i.flagEffort)) {
    return {
      assurance: assuranceForEffort(i.flagEffort),
      source: `--effort ${i.flagEffort}`,
      effort: i.flagEffort,
    };
  }
  if (i.configEffort !== undefined && isEffort(i.configEffort)) {
    return {
      assurance: assuranceForEffort(i.configEffort),
      source: `config effort ${i.configEffort}`,
      effort: i.configEffort,
    };
  }
  return { assurance: 'draft', source: 'default (effort balanced)', effort: 'balanced' };
}

function fail(error: string, source: string): AssuranceDecision {
  return {
    assurance: 'submission',
    source: `${source} (not understood: failing closed to submission)`,
    error,
  };
}
