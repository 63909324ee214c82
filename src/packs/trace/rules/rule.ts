import type { Hasher } from '../../../io/hashing.js';
import type { Rule } from '../../kit/index.js';
import type { TraceCodeDef } from '../codes.js';
import type { RunCtx } from '../context.js';
import type { TraceScan } from '../checks/events.js';
import type { LoadedSpec } from '../checks/integrity.js';
import type { LoadedPlan } from '../checks/plan.js';
import type { RunMeta } from '../format/schema.js';

/** One run as the rules see it: the shared context, and what earlier rules loaded. */
export interface RunState {
  ctx: RunCtx;
  /** The run directory's name, which run_meta.json must repeat. */
  runId: string;
  hasher: Hasher;
  runMeta?: RunMeta;
  plan?: LoadedPlan;
  spec?: LoadedSpec;
  /** The single pass over trace.jsonl, when it could be read. */
  scan?: TraceScan;
}

/** A check of one run directory; it reports through `state.ctx.f`. */
export type RunRule = Rule<RunState, TraceCodeDef>;
