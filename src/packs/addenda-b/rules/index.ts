import type { Rule } from './rule.js';
import * as a01 from './a01-findings.js';
import * as a02 from './a02-pattern-c.js';
import * as a06 from './a06-outcome-taxonomy.js';
import * as a08 from './a08-feedback-routing.js';
import * as a09 from './a09-registry-contracts.js';
import * as a23 from './a23-legal-and-snapshots.js';
import * as c01r from './c01-formula-registry.js';
import { criterionWeightRules, formulaOutputMismatch, templateMatchRules } from './c01-formulas.js';
import * as cm from './c-metrics.js';
import * as s3d from './s3-derivations.js';
import * as s3e from './s3-event-projection.js';
import * as s3x from './s3-externalization.js';
import * as g82 from './g-reliance.js';
import * as g02 from './g-revision-review.js';
import * as g04 from './g-checkpoint.js';
import * as g18 from './g-explanation-replay.js';
import * as gcmd from './g-commands.js';

const isRule = (v: unknown): v is Rule =>
  typeof v === 'object' && v !== null && 'meta' in v && 'check' in v;
const rulesOf = (mod: Record<string, unknown>): Rule[] => Object.values(mod).filter(isRule);

/** Every rule of part 1 (§3, §4, §6), in section order. */
export const RULES: readonly Rule[] = [
  ...rulesOf(s3e),
  ...rulesOf(s3d),
  ...rulesOf(s3x),
  ...rulesOf(a01),
  ...rulesOf(a02),
  ...rulesOf(a06),
  ...rulesOf(a08),
  ...rulesOf(a09),
  ...rulesOf(a23),
  ...rulesOf(c01r),
  ...criterionWeightRules,
  ...templateMatchRules,
  formulaOutputMismatch,
  ...rulesOf(cm),
  // §8 (G-*) the Professional Reliance Layer
  ...rulesOf(g82),
  ...rulesOf(g02),
  ...rulesOf(g04),
  ...rulesOf(g18),
  ...rulesOf(gcmd),
];
