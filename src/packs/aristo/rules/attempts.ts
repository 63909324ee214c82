import { ARISTO } from '../codes.js';
import type { Rule } from './types.js';

export const MAX_REPAIR_ATTEMPTS = 3;

/** SDK check 1: the repair budget. */
export const attempts: Rule = {
  meta: { code: ARISTO.attemptsOutOfBudget, description: 'verdict.attempts is between 1 and 3' },
  check(ctx) {
    const n = ctx.proof.verdict.attempts;
    const at = ['verdict', 'attempts'];
    if (n === 0n)
      ctx.report(this.meta.code, at, 'verdict.attempts', 'attempts is 0; first attempt is 1');
    if (n > BigInt(MAX_REPAIR_ATTEMPTS))
      ctx.report(
        this.meta.code,
        at,
        'verdict.attempts',
        `attempts=${n} exceeds budget ${MAX_REPAIR_ATTEMPTS}; convert to inconclusive instead of continuing to retry past the cap`,
      );
  },
};
