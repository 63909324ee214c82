import { usable } from '../../kit/index.js';
import { TRACE } from '../codes.js';
import { ClaimChecks } from '../checks/claims.js';
import { ContentChecks } from '../checks/content.js';
import { ReasoningTraceChecks } from '../checks/reasoning-trace.js';
import { EvidenceChecks } from '../checks/evidence.js';
import { ExtractiveChecks } from '../checks/extractive.js';
import { RetrievalChecks } from '../checks/retrieval.js';
import { scanTrace } from '../checks/events.js';
import { StepChecks } from '../checks/steps.js';
import { ToolChecks } from '../checks/tools.js';
import { EventOrder } from '../checks/event-order.js';
import type { RunRule } from './rule.js';

/**
 * Reads trace.jsonl once, streaming: every line and event goes past the per-event visitors
 * (steps, tools, evidence, claims, content ids, reasoning record), whose end-of-trace checks run
 * once it is read.
 */
export const traceEvents: RunRule = {
  meta: {
    name: 'trace-events',
    description:
      'trace.jsonl is canonical JSONL: a supported header, then events in idx order whose steps, tool calls, evidence and claims are consistent.',
    codes: [
      ...new Set([
        TRACE.fileUnreadable,
        TRACE.lineTooLong,
        TRACE.lineMalformed,
        TRACE.lineNotCanonical,
        TRACE.duplicateKey,
        TRACE.headerInvalid,
        TRACE.unsupportedVersion,
        TRACE.eventInvalid,
        ...[
          EventOrder,
          StepChecks,
          ToolChecks,
          EvidenceChecks,
          ClaimChecks,
          ContentChecks,
          ReasoningTraceChecks,
          ExtractiveChecks,
          RetrievalChecks,
        ].flatMap((v) => v.meta.codes),
      ]),
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
    scan.claims.finish(scan.steps.insufficientLine !== undefined, scan.steps.answered());
    scan.reasoning.finish(scan.header);
    state.scan = scan;
  },
};
