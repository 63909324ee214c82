import type { AristoCodeDef } from '../codes.js';
import type { Entry } from '../model.js';
import type { ProofFile, ProofStep } from '../schema.js';
import type { TomlPath } from '../toml.js';

/** The body `verdict.type` names: its SDK location prefix, its TOML path, its steps. */
export interface ProofBody {
  type: ProofFile['verdict']['type'];
  /** `verified.proof` | `counterexample.violation.trigger_steps` | `inconclusive.partial_proof` */
  prefix: string;
  /** The TOML path of the table holding `steps` (or of the trigger steps array). */
  stepsAt: TomlPath;
  steps: ProofStep[];
}

/** A cited file as a code ground sees it. */
export type CodeFile =
  | {
      state: 'ok';
      lines: string[];
      /** codeTextHash of lines lo..hi, or undefined past this file's hashing budget. */
      rangeHash: (lo: number, hi: number) => string | undefined;
    }
  | { state: 'unreadable' }
  | { state: 'outside'; detail: string };

export interface RuleContext {
  id: string;
  proof: ProofFile;
  /** The focal annotation, when one has this id. */
  entry: Entry | undefined;
  entries: ReadonlyMap<string, Entry>;
  /** Set when the proof has exactly one body, matching verdict.type. */
  body: ProofBody | undefined;
  code(file: string): CodeFile;
  /** One failure: `location` and `detail` in the SDK's words, `at` the TOML key or table. */
  report(code: AristoCodeDef, at: TomlPath, location: string, detail: string): void;
}

/** A validator check: ESLint-style metadata and one function. */
export interface Rule {
  meta: {
    code: AristoCodeDef;
    /** What it checks, for docs. */
    description: string;
    /** Runs only when the proof has a well-formed body (the SDK stops at a bad body shape). */
    needsBody?: boolean;
  };
  check(ctx: RuleContext): void;
}

/** The steps of the body with their SDK location and TOML path. */
export function* steps(
  ctx: RuleContext,
): Generator<{ step: ProofStep; loc: string; at: TomlPath }> {
  const b = ctx.body;
  if (!b) return;
  for (const [i, step] of b.steps.entries())
    yield { step, loc: `${b.prefix}.steps[${step.path}]`, at: [...b.stepsAt, i] };
}

/** Every ground of every step, with its SDK location and TOML path. */
export function* grounds(ctx: RuleContext) {
  for (const { step, loc, at } of steps(ctx))
    for (const [i, ground] of step.grounds.entries())
      yield { step, ground, loc: `${loc}.grounds[${i}]`, at: [...at, 'grounds', i] as TomlPath };
}
