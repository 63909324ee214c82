import { checkRecordSupports } from '../checks/cited.js';
import { TRACE } from '../codes.js';
import { q } from '../context.js';
import type { RunRule } from './rule.js';

/**
 * Claim and tool-call supports resolve and cite the record's exact bytes (evidence supports are
 * checked with the evidence bytes), and the ids step outputs list name real records.
 */
export const recordReferences: RunRule = {
  meta: {
    name: 'record-references',
    description:
      'Claim and tool-call supports resolve to records and cite their exact bytes, and no claim rests on a failed tool call; the ids step outputs list name claims emitted and evidence registered before them.',
    codes: [
      TRACE.supportUnresolved,
      TRACE.supportFailedTool,
      TRACE.spanOutOfBounds,
      TRACE.snippetHashMismatch,
    ],
  },
  check({ ctx, scan }) {
    if (!scan) return;
    checkRecordSupports(
      ctx,
      scan.claims.supports,
      {
        claim: (id) => scan.claims.has(id),
        toolCall: (id) => scan.tools.answered.has(id),
        failedCall: (id) => scan.tools.failed.get(id),
      },
      scan.cited,
    );
    for (const r of scan.steps.outputRefs) {
      const madeOn =
        r.kind === 'claim' ? scan.claims.lineOf(r.id) : scan.evidence.records.get(r.id)?.line;
      const what = r.kind === 'claim' ? 'emits that claim' : 'registers that evidence';
      if (madeOn === undefined)
        ctx.f.add(
          TRACE.supportUnresolved,
          `The step output on line ${r.line} lists ${r.kind} ${q(r.id)} in ${r.field}, but the trace never ${what}.`,
          ctx.at(r.line),
        );
      // Content ids are predictable: a verify output could validate a claim made only after it.
      else if (madeOn > r.line)
        ctx.f.add(
          TRACE.supportUnresolved,
          `The step output on line ${r.line} lists ${r.kind} ${q(r.id)} in ${r.field}, but the trace ${what} only on line ${madeOn}, after it: a step lists only what came before its output.`,
          ctx.at(r.line),
        );
    }
  },
};
