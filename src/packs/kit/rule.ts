import type { CodeDef } from '../../model/finding.js';

/** What a rule declares about itself (ESLint's `meta`): the codes it may emit and what it checks. */
export interface RuleMeta<D extends CodeDef = CodeDef> {
  /** A short kebab-case name, unique in its pack. */
  name: string;
  description: string;
  codes: readonly D[];
}

/**
 * One check of a pack, small enough to read and test alone (ESLint's `meta` + `create`): it gets
 * a typed context (what was loaded, and where to report) and reports through the context's
 * findings collector. `Ctx` is the pack's own context type.
 */
export interface Rule<Ctx, D extends CodeDef = CodeDef> {
  meta: RuleMeta<D>;
  check(ctx: Ctx): void | Promise<void>;
}

/** Runs rules in order (the order findings appear in), each after the previous one finished. */
export async function runRules<Ctx>(rules: readonly Rule<Ctx, CodeDef>[], ctx: Ctx): Promise<void> {
  for (const rule of rules) await rule.check(ctx);
}
