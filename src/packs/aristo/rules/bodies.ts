import { ARISTO } from '../codes.js';
import { rustBlank as blank, textHash } from '../hash.js';
import type { Rule } from './types.js';

/** SDK check 7: a verified proof says what it proved, in at least one step. */
export const verifiedEmpty: Rule = {
  meta: {
    code: ARISTO.verifiedEmpty,
    description: 'a verified proof has a conclusion and steps',
    needsBody: true,
  },
  check(ctx) {
    const v = ctx.proof.verified;
    if (ctx.body?.type !== 'verified' || !v) return;
    if (blank(v.proof.conclusion))
      ctx.report(
        this.meta.code,
        ['verified', 'proof', 'conclusion'],
        'verified.proof.conclusion',
        'is empty',
      );
    if (v.proof.steps.length === 0)
      ctx.report(
        this.meta.code,
        ['verified', 'proof'],
        'verified.proof.steps',
        'is empty; a verified verdict needs at least one proof step',
      );
  },
};

/** SDK check 8: a counterexample is concrete. */
export const counterexampleIncomplete: Rule = {
  meta: {
    code: ARISTO.counterexampleIncomplete,
    description: 'a counterexample has a description, a violated step and trigger steps',
    needsBody: true,
  },
  check(ctx) {
    const v = ctx.proof.counterexample?.violation;
    if (ctx.body?.type !== 'counterexample' || !v) return;
    const at = (k: string) => ['counterexample', 'violation', k];
    if (blank(v.description))
      ctx.report(
        this.meta.code,
        at('description'),
        'counterexample.violation.description',
        'is empty',
      );
    if (blank(v.violated_step_path))
      ctx.report(
        this.meta.code,
        at('violated_step_path'),
        'counterexample.violation.violated_step_path',
        'is empty; must point at the proof step the trigger refutes',
      );
    if (v.trigger_steps.length === 0)
      ctx.report(
        this.meta.code,
        ['counterexample', 'violation'],
        'counterexample.violation.trigger_steps',
        'is empty; counterexamples must demonstrate the violating trace concretely',
      );
  },
};

/** Seed rule 11 (not checked by the SDK): the violated step is one of the trigger steps. */
export const violatedStepUnknown: Rule = {
  meta: {
    code: ARISTO.violatedStepUnknown,
    description: 'violated_step_path names a trigger step (seed rule 11)',
    needsBody: true,
  },
  check(ctx) {
    const v = ctx.proof.counterexample?.violation;
    if (ctx.body?.type !== 'counterexample' || !v || blank(v.violated_step_path)) return;
    if (v.trigger_steps.length > 0 && !v.trigger_steps.some((s) => s.path === v.violated_step_path))
      ctx.report(
        this.meta.code,
        ['counterexample', 'violation', 'violated_step_path'],
        'counterexample.violation.violated_step_path',
        `\`${v.violated_step_path}\` names no step in trigger_steps (seed rule 11: it must point at a trigger step)`,
      );
  },
};

/** SDK check 9 (first half): an inconclusive verdict says where it is stuck and what would help. */
export const gapIncomplete: Rule = {
  meta: {
    code: ARISTO.gapIncomplete,
    description: 'an inconclusive gap has a description, an unfilled path and a suggestion',
    needsBody: true,
  },
  check(ctx) {
    const g = ctx.proof.inconclusive?.gap;
    if (ctx.body?.type !== 'inconclusive' || !g) return;
    const at = (k?: string) => ['inconclusive', 'gap', ...(k ? [k] : [])];
    if (blank(g.description))
      ctx.report(this.meta.code, at('description'), 'inconclusive.gap.description', 'is empty');
    if (blank(g.unfilled_path))
      ctx.report(
        this.meta.code,
        at('unfilled_path'),
        'inconclusive.gap.unfilled_path',
        'is empty; must identify which subgoal could not be discharged',
      );
    if (g.suggested_annotations.length === 0)
      ctx.report(
        this.meta.code,
        at(),
        'inconclusive.gap.suggested_annotations',
        "is empty; inconclusive verdicts MUST suggest at least one annotation that would close the gap — bare inconclusive without actionable suggestion is no better than 'I don't know'",
      );
  },
};

const KIND = { intent: 'Intent', assume: 'Assume' };
const truncate = (s: string, max: number) => {
  const chars = Array.from(s);
  return chars.length <= max ? s : `${chars.slice(0, max).join('')}…`;
};

/** SDK check 9 (second half): a suggested annotation that now exists makes the verdict stale. */
export const gapSuggestionExists: Rule = {
  meta: {
    code: ARISTO.gapSuggestionExists,
    description: 'no suggested annotation already exists (else re-run)',
    needsBody: true,
  },
  check(ctx) {
    const g = ctx.proof.inconclusive?.gap;
    if (ctx.body?.type !== 'inconclusive' || !g) return;
    const existing = new Set([...ctx.entries.values()].map((e) => e.text_hash));
    for (const [i, s] of g.suggested_annotations.entries())
      if (existing.has(textHash(s.suggested_text)))
        ctx.report(
          this.meta.code,
          ['inconclusive', 'gap', 'suggested_annotations', i],
          `inconclusive.gap.suggested_annotations[${i}]`,
          `a matching annotation now exists in the index — the suggested \`${KIND[s.kind]}\` ("${truncate(s.suggested_text, 60)}") is present, so this inconclusive verdict is stale; re-run verification to see if the gap closes`,
        );
  },
};
