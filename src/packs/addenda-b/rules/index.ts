import type { Rule } from './rule.js';
import * as a01 from './a01-findings.js';
import * as a02 from './a02-pattern-c.js';
import * as a06 from './a06-outcome-taxonomy.js';
import * as a08 from './a08-feedback-routing.js';
import * as a09 from './a09-registry-contracts.js';
import * as a23 from './a23-legal-and-snapshots.js';
import * as c01r from './c01-formula-registry.js';
import {
  criterionWeightRules,
  formulaExpressionUnrecognised,
  formulaOutputMismatch,
  formulaRefUnresolved,
  formulaTestVectorFailed,
  formulaUnchecked,
  templateMatchRules,
} from './c01-formulas.js';
import * as cm from './c-metrics.js';
import * as s3d from './s3-derivations.js';
import * as s3e from './s3-event-projection.js';
import * as s3i from './s3-record-ids.js';
import * as s3x from './s3-externalization.js';
import * as b01 from './b01-lifecycle.js';
import * as b02 from './b02-idempotency.js';
import * as b03 from './b03-source-workspace.js';
import * as b04 from './b04-rolling-hash.js';
import * as b05 from './b05-cascade.js';
import * as b10 from './b10-hard-call.js';
import * as b14 from './b14-forum.js';
import * as b16 from './b16-tie-breaker.js';
import * as b24 from './b24-sufficiency.js';
import * as b25 from './b25-plan-dependencies.js';
import * as b26 from './b26-revalidation.js';
import * as b27 from './b27-regenerate.js';
// §7 (D-*)
import * as d01 from './d01-taint.js';
import * as d04 from './d04-source-tiers.js';
import * as d05 from './d05-research-need.js';
import * as d06 from './d06-evidence.js';
import * as d07 from './d07-run-board.js';
import * as d08 from './d08-context-packets.js';
import * as d10 from './d10-assistance.js';
import * as d13 from './d13-run-guidance.js';
import * as d14 from './d14-commands.js';
import * as d15 from './d15-sub-agents.js';
import * as d17 from './d17-anchors.js';
import * as d20 from './d20-library.js';
import * as d21 from './d21-progress.js';
import * as g82 from './g-reliance.js';
import * as g02 from './g-revision-review.js';
import * as g04 from './g-checkpoint.js';
import * as g18 from './g-explanation-replay.js';
import * as gcmd from './g-commands.js';
import { registryTableLoosened } from './registry-tables.js';

const isRule = (v: unknown): v is Rule =>
  typeof v === 'object' && v !== null && 'meta' in v && 'check' in v;
const rulesOf = (mod: Record<string, unknown>): Rule[] => Object.values(mod).filter(isRule);

/** Every rule of the pack (§3-§8), in section order. */
export const RULES: readonly Rule[] = [
  ...rulesOf(s3e),
  ...rulesOf(s3i),
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
  formulaRefUnresolved,
  formulaTestVectorFailed,
  formulaExpressionUnrecognised,
  formulaUnchecked,
  ...rulesOf(cm),
  // §5 (B-*)
  ...[b01, b02, b03, b04, b05, b10, b14, b16, b24, b25, b26, b27].flatMap(rulesOf),
  // §7 (D-*)
  ...[d01, d04, d05, d06, d07, d08, d10, d13, d14, d15, d17, d20, d21].flatMap(rulesOf),
  // §8 (G-*) the Professional Reliance Layer
  ...rulesOf(g82),
  ...rulesOf(g02),
  ...rulesOf(g04),
  ...rulesOf(g18),
  ...rulesOf(gcmd),
  registryTableLoosened,
];
