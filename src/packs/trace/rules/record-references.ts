import { checkRecordSupports } from '../cited.js';
import { TRACE } from '../codes.js';
import { q } from '../context.js';
import type { RunRule } from './state.js';

/**
 * Claim and tool-call supports resolve and cite the record's exact bytes (evidence supports are
 * checked with the evidence bytes), and the ids step outputs list name real records.
 */
export const recordReferences: RunRule = {
  meta: {
    name: 'record-references',
    description:
      'Claim and tool-call supports resolve to records and cite their exact bytes, and no claim rests on a failed tool call; the ids step outputs list name emitted claims and registered evidence.',
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
      const known = r.kind === 'claim' ? scan.claims.has(r.id) : scan.evidence.records.has(r.id);
      if (!known)
        ctx.f.add(
          TRACE.supportUnresolved,
          `The step output on line ${r.line} lists ${r.kind} ${q(r.id)} in ${r.field}, but the trace never ${r.kind === 'claim' ? 'emits that claim' : 'registers that evidence'}.`,
          ctx.at(r.line),
        );
    }
  },
};
