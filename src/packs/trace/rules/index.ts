import { answer } from './answer.js';
import { crossReferences } from './cross-references.js';
import { evidence } from './evidence.js';
import { outcome } from './outcome.js';
import { recordReferences } from './record-references.js';
import {
  coreFiles,
  fingerprint,
  manifest,
  plan,
  runMeta,
  spec,
  verifyReports,
} from './run-files.js';
import type { RunRule } from './rule.js';
import { traceEvents } from './trace-events.js';
import { traceId } from './trace-id.js';

/**
 * The rules over one run directory, in the order their findings appear. The loaders come first
 * (run_meta.json's tools and plan.json's nodes are what the trace is checked against), then the
 * single streaming pass over trace.jsonl, then what needs the whole trace.
 */
export const RUN_RULES: readonly RunRule[] = [
  coreFiles,
  runMeta,
  plan,
  spec,
  traceEvents,
  outcome,
  answer,
  recordReferences,
  traceId,
  evidence,
  crossReferences,
  verifyReports,
  fingerprint,
  manifest,
];
