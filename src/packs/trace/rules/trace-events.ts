import { usable } from '../../kit/index.js';
import { TRACE } from '../codes.js';
import { scanTrace } from '../events.js';
import type { RunRule } from './state.js';

/**
 * Reads trace.jsonl once, streaming: every line and event goes past the per-event visitors
 * (steps, tools, evidence, claims, content), whose end-of-trace checks run once it is read.
 */
export const traceEvents: RunRule = {
  meta: {
    name: 'trace-events',
    description:
      'trace.jsonl is canonical JSONL: a supported header, then events in idx order whose steps, tool calls, evidence and claims are consistent.',
    codes: [
      TRACE.fileUnreadable,
      TRACE.lineTooLong,
      TRACE.lineMalformed,
      TRACE.lineNotCanonical,
      TRACE.duplicateKey,
      TRACE.headerInvalid,
      TRACE.unsupportedVersion,
      TRACE.eventInvalid,
      TRACE.idxDuplicate,
      TRACE.idxOutOfOrder,
      TRACE.stepDuplicate,
      TRACE.stepUnknown,
      TRACE.stepUnfinished,
      TRACE.stepRequiredMissing,
      TRACE.stepBeforeDependency,
      TRACE.claimAfterStep,
      TRACE.toolCallDuplicate,
      TRACE.toolResultDuplicate,
      TRACE.toolResultMissing,
      TRACE.toolResultOrphan,
      TRACE.toolStepMismatch,
      TRACE.toolUnknown,
      TRACE.claimDuplicate,
      TRACE.claimUngrounded,
      TRACE.markerLegacy,
      TRACE.markerMissing,
      TRACE.markerUnmatched,
      TRACE.supportsTooFew,
      TRACE.evidenceDuplicate,
      TRACE.evidencePathEscape,
      TRACE.contentIdMismatch,
      TRACE.reasoningTraceMismatch,
    ],
  },
  check(state) {
    const { ctx } = state;
    const entry = usable(ctx.listing, 'trace.jsonl');
    if (!entry) return;
    const scan = scanTrace(ctx, entry.abs);
    if (!scan.outcome.ok) {
      ctx.f.add(TRACE.fileUnreadable, `trace.jsonl ${scan.outcome.detail}.`, ctx.at());
      return;
    }
    scan.steps.finish(scan.lastLine);
    scan.tools.finish();
    scan.claims.finish(scan.steps.insufficientLine !== undefined);
    scan.content.finish(scan.header);
    state.scan = scan;
  },
};
