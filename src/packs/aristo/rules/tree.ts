import { ARISTO } from '../codes.js';
import { steps, type Rule } from './types.js';

/** SDK check 10: the steps form a tree rooted at "0", every step grounded. */
export const treeMalformed: Rule = {
  meta: {
    code: ARISTO.treeMalformed,
    description:
      'unique paths, a root "0", subgoals that exist and descend, at least one ground per step',
    needsBody: true,
  },
  check(ctx) {
    const b = ctx.body;
    if (!b || b.steps.length === 0) return;
    const code = this.meta.code;
    const seen = new Set<string>();
    for (const { step, loc, at } of steps(ctx)) {
      if (seen.has(step.path)) ctx.report(code, [...at, 'path'], loc, 'duplicate path');
      seen.add(step.path);
    }
    if (!seen.has('0'))
      ctx.report(
        code,
        b.stepsAt,
        `${b.prefix}.steps`,
        'no step with path "0" — tree must be rooted at "0"',
      );
    for (const { step, loc, at } of steps(ctx)) {
      for (const sp of step.subgoal_paths) {
        if (!seen.has(sp))
          ctx.report(
            code,
            [...at, 'subgoal_paths'],
            `${loc}.subgoal_paths`,
            `\`${sp}\` does not resolve to any step in this tree`,
          );
        else if (!sp.startsWith(`${step.path}.`))
          ctx.report(
            code,
            [...at, 'subgoal_paths'],
            `${loc}.subgoal_paths`,
            `\`${sp}\` is not a descendant of \`${step.path}\` (subgoal paths must extend the parent's path)`,
          );
      }
    }
    for (const { step, loc, at } of steps(ctx))
      if (step.grounds.length === 0)
        ctx.report(
          code,
          at,
          `${loc}.grounds`,
          "step has zero grounds; every claim needs at least one ground (no 'trust me' steps)",
        );
  },
};

export const MAX_SUBGOALS = 3;

/** Seed rule 9 (not checked by the SDK): at most 3 subgoals per step. */
export const tooManySubgoals: Rule = {
  meta: {
    code: ARISTO.tooManySubgoals,
    description: 'at most 3 subgoals per step (seed rule 9)',
    needsBody: true,
  },
  check(ctx) {
    for (const { step, loc, at } of steps(ctx))
      if (step.subgoal_paths.length > MAX_SUBGOALS)
        ctx.report(
          this.meta.code,
          [...at, 'subgoal_paths'],
          `${loc}.subgoal_paths`,
          `${step.subgoal_paths.length} subgoals, over the ${MAX_SUBGOALS} a step may have (seed rule 9)`,
        );
  },
};
