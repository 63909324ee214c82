import { attempts } from './attempts.js';
import { bodyShape } from './body.js';
import {
  counterexampleIncomplete,
  gapIncomplete,
  gapSuggestionExists,
  verifiedEmpty,
  violatedStepUnknown,
} from './bodies.js';
import { method } from './method.js';
import { orphan, staleCode, staleText } from './focal.js';
import {
  groundCodeInvalid,
  groundCodeOutsideRepo,
  groundCompositionEmpty,
  groundIdInvalid,
  groundPriorStepInvalid,
  groundStaleCode,
  groundStaleText,
} from './grounds.js';
import { tooManySubgoals, treeMalformed } from './tree.js';
import type { Rule } from './types.js';

export { proofBody } from './body.js';
export type { CodeFile, ProofBody, Rule, RuleContext } from './types.js';

/**
 * The proof checks, in the SDK validator's order (aristo.md §3). Every failure is collected;
 * only a bad body shape stops the checks that need a body, as it stops the SDK.
 */
export const RULES: readonly Rule[] = [
  attempts,
  orphan,
  staleText,
  staleCode,
  method,
  bodyShape,
  verifiedEmpty,
  counterexampleIncomplete,
  violatedStepUnknown,
  gapIncomplete,
  gapSuggestionExists,
  treeMalformed,
  tooManySubgoals,
  groundIdInvalid,
  groundStaleText,
  groundCodeOutsideRepo,
  groundCodeInvalid,
  groundStaleCode,
  groundPriorStepInvalid,
  groundCompositionEmpty,
];
