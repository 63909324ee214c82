import { ARIS } from '../codes.js';
import type { ArtifactRule } from './context.js';

export const noAuditedInputs: ArtifactRule = {
  meta: {
    name: 'no-audited-inputs',
    description: 'A PASS, WARN or FAIL verdict cites at least one input, so it is tied to files.',
    codes: [ARIS.noAuditedInputs],
  },
  check(ctx) {
    const raw = ctx.data.audited_input_hashes;
    if (
      ['PASS', 'WARN', 'FAIL'].includes(ctx.verdict) &&
      raw !== null &&
      typeof raw === 'object' &&
      !Array.isArray(raw) &&
      Object.keys(raw).length === 0
    ) {
      ctx.report(
        ARIS.noAuditedInputs,
        `${ctx.spec.skill} returned ${ctx.verdict} but cites no inputs in ${ctx.rel}, so its verdict cannot be tied to any file.`,
        ctx.lineOf('audited_input_hashes'),
      );
    }
  },
};
