import { ARISTO } from '../codes.js';
import type { Rule } from './types.js';

/** SDK check 2: a proof for an id no annotation has. */
export const orphan: Rule = {
  meta: { code: ARISTO.orphanProof, description: 'the proof’s id names an annotation' },
  check(ctx) {
    if (!ctx.entry)
      ctx.report(
        this.meta.code,
        ['verdict'],
        `focal entry \`${ctx.id}\``,
        'not found in current index',
      );
  },
};

/** SDK check 3: the claim text drifted. */
export const staleText: Rule = {
  meta: {
    code: ARISTO.proofStaleText,
    description: 'produced_at_text_hash equals the claim’s text_hash',
  },
  check(ctx) {
    if (ctx.entry && ctx.proof.verdict.produced_at_text_hash !== ctx.entry.text_hash)
      ctx.report(
        this.meta.code,
        ['verdict', 'produced_at_text_hash'],
        'verdict.produced_at_text_hash',
        'differs from current index text_hash; entry text drifted since verification',
      );
  },
};

/** SDK check 4: the code drifted. */
export const staleCode: Rule = {
  meta: {
    code: ARISTO.proofStaleCode,
    description: 'produced_at_body_hash equals the covered code’s body_hash',
  },
  check(ctx) {
    if (ctx.entry && ctx.proof.verdict.produced_at_body_hash !== ctx.entry.body_hash)
      ctx.report(
        this.meta.code,
        ['verdict', 'produced_at_body_hash'],
        'verdict.produced_at_body_hash',
        'differs from current index body_hash; entry code drifted since verification',
      );
  },
};
