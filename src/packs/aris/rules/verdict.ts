import { quoteValue, valueExcerpt } from '../../../render/sanitize.js';
import { ARIS } from '../codes.js';
import { pyStr } from '../independence.js';
import { VERDICTS } from '../schema.js';
import { jsonType, type ArtifactRule } from './context.js';

export const knownVerdict: ArtifactRule = {
  meta: {
    name: 'verdict',
    description: `The verdict is a string and one of ${VERDICTS.join(' ')}.`,
    codes: [ARIS.fieldType, ARIS.invalidVerdict],
  },
  check(ctx) {
    const raw = ctx.data.verdict;
    const v = ctx.verdict;
    // The third argument is the reference script's issue string, kept byte for byte for its
    // report (`issues` in audit-verifier-report.json).
    if (raw !== undefined && typeof raw !== 'string') {
      ctx.issue(
        ARIS.fieldType,
        `"verdict" in ${ctx.rel} should be a string, not ${jsonType(raw)}.`,
        `invalid_verdict:${valueExcerpt(pyStr(raw))}`,
        ctx.lineOf('verdict'),
      );
    } else if (!(VERDICTS as readonly string[]).includes(v)) {
      const hint =
        (VERDICTS as readonly string[]).includes(v.toUpperCase()) && v !== ''
          ? ` Verdicts are upper case: ${v.toUpperCase()}.`
          : '';
      ctx.issue(
        ARIS.invalidVerdict,
        `${ctx.rel} has verdict ${quoteValue(v)}, not one of ${VERDICTS.join(' ')}.${hint}`,
        `invalid_verdict:${valueExcerpt(v)}`,
        ctx.lineOf('verdict') ?? 1,
      );
    }
  },
};
