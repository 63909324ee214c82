import { quoteValue, valueExcerpt } from '../../../render/sanitize.js';
import { ARIS } from '../codes.js';
import { BLOCKING_VERDICTS } from '../schema.js';
import { orDraft, type ArtifactRule } from './context.js';

export const blockingVerdict: ArtifactRule = {
  meta: {
    name: 'blocking-verdict',
    description: 'The audit did not return FAIL, BLOCKED or ERROR.',
    codes: [ARIS.verdictFail, ARIS.verdictBlocked, ARIS.verdictError],
  },
  check(ctx) {
    const verdict = ctx.verdict;
    if (!BLOCKING_VERDICTS.has(verdict)) return;
    const { data } = ctx;
    const reasonCode = typeof data.reason_code === 'string' ? data.reason_code : '';
    const def =
      verdict === 'FAIL'
        ? ARIS.verdictFail
        : verdict === 'BLOCKED'
          ? ARIS.verdictBlocked
          : ARIS.verdictError;
    const summary =
      typeof data.summary === 'string' && data.summary ? ` ${quoteValue(data.summary)}` : '';
    ctx.report(
      def,
      `${ctx.spec.skill} returned ${verdict}${reasonCode ? ` (${valueExcerpt(reasonCode)})` : ''}.${summary}`,
      ctx.lineOf('verdict'),
      verdictRemediation(ctx.spec.skill, verdict, reasonCode, orDraft(ctx.audit)),
    );
  },
};

function verdictRemediation(
  skill: string,
  verdict: string,
  reasonCode: string,
  orDraft: string,
): string {
  if (verdict === 'BLOCKED' && reasonCode === 'no_raw_evidence') {
    return `Add results/ (the raw result files the numeric claims come from) and rerun ${skill}${orDraft}.`;
  }
  if (verdict === 'BLOCKED') return `Provide what ${skill} needs and rerun it${orDraft}.`;
  if (verdict === 'ERROR')
    return `Rerun ${skill}; the audit itself failed (network, timeout or malformed reviewer output).`;
  return `Fix the issues ${skill} reports, then rerun ${skill}.`;
}
