import { TRACE } from '../codes.js';
import type { RunRule } from './rule.js';

/** Insufficient evidence: exactly one of "derived claims" and "the marker". */
export const outcome: RunRule = {
  meta: {
    name: 'outcome',
    description:
      'The run either answers (derived claims) or says why it cannot (an insufficient_evidence output), not both and not neither.',
    codes: [TRACE.noOutcome, TRACE.insufficientAmbiguous],
  },
  check({ ctx, scan }) {
    if (!scan) return;
    const derived = scan.claims.derived;
    const marker = scan.steps.insufficientLine;
    if (derived === 0 && marker === undefined) {
      ctx.f.add(
        TRACE.noOutcome,
        'The run emits no derived claim and no insufficient_evidence step output: it neither answers nor says why it cannot.',
        ctx.at(),
      );
    } else if (derived > 0 && marker !== undefined) {
      ctx.f.add(
        TRACE.insufficientAmbiguous,
        `The run reports insufficient evidence on line ${marker} but also answers with ${derived} derived claim(s), not marked insufficient or presented as its answer (first on line ${scan.claims.derivedLine}).`,
        ctx.at(marker),
        [ctx.at(scan.claims.derivedLine)],
      );
    }
  },
};
