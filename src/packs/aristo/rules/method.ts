import { ARISTO } from '../codes.js';
import type { Rule } from './types.js';

const DEBUG: Record<string, string> = { neural: 'Neural', test: 'Test', full: 'Full' };

/** SDK check 5: the proof's method is the annotation's. */
export const method: Rule = {
  meta: {
    code: ARISTO.methodMismatch,
    description: 'verdict.method equals the annotation’s verify method',
  },
  check(ctx) {
    const e = ctx.entry;
    if (!e) return;
    const at = ['verdict', 'method'];
    if (typeof e.verify === 'boolean') {
      ctx.report(
        this.meta.code,
        at,
        'verdict.method',
        'focal entry has verify=true/false; only verify=neural/test/full entries accept a method-bound proof',
      );
      return;
    }
    const m = ctx.proof.verdict.method;
    if (m !== e.verify)
      ctx.report(
        this.meta.code,
        at,
        'verdict.method',
        `verdict claims method \`${DEBUG[m]}\` but focal entry's resolved method is \`${DEBUG[e.verify]}\``,
      );
  },
};
