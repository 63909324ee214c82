import { TRACE } from '../codes.js';
import { q } from '../context.js';
import type { RunRule } from './rule.js';

export const traceId: RunRule = {
  meta: {
    name: 'trace-id',
    description: 'The trace id in the header is the hash of the trace’s content.',
    codes: [TRACE.contentIdMismatch],
  },
  check({ ctx, scan }) {
    const header = scan?.header;
    if (header && scan.recomputedId !== undefined && scan.recomputedId !== header.id) {
      ctx.f.add(
        TRACE.contentIdMismatch,
        `The trace header says the trace id is ${q(header.id)} but the trace’s content hashes to ${q(scan.recomputedId)}: events or header were edited after the run.`,
        ctx.at(1),
      );
    }
  },
};
