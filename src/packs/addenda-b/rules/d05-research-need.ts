// D-05 / B-13 ResearchNeed scope and lease (L2319-2362).
import { SEED_ENUM_VALUES } from '../schema/generated.js';
import type { Rule } from './rule.js';
import { groupBy, nameOf, present, q, sameId } from './shared/util.js';

const SECTION = 'D-05/B-13';
const SCOPES: readonly string[] = SEED_ENUM_VALUES.ResearchNeedScope;

export const researchNeedScopeMissing: Rule = {
  meta: {
    code: 'validation.research_need_scope_missing',
    section: SECTION,
    seedLine: 2358,
    title: 'A research need has no scope',
    remediation: 'Set need_scope to run, task or workspace.',
  },
  check(b, report) {
    for (const r of b.of('ResearchNeed'))
      if (!SCOPES.includes(r.data.need_scope as string))
        report(
          r,
          `${nameOf(r, 'need_id')} has need_scope ${q(r.data.need_scope ?? 'none')}; it must be ${SCOPES.join(', ')}.`,
        );
  },
};

export const researchNeedRunIdOnTaskScopeConflict: Rule = {
  meta: {
    code: 'validation.research_need_run_id_on_task_scope_conflict',
    section: SECTION,
    seedLine: 2359,
    title: 'A research need’s run_id contradicts its scope',
    remediation:
      'Drop run_id from a task- or workspace-scoped need, or set need_scope to run (a run-scoped need names its run_id).',
    decision:
      'run_id belongs to run-scoped needs only (run_id?, L2333): a task- or workspace-scoped need with a run_id fires, and so does a run-scoped need without one.',
  },
  check(b, report) {
    for (const r of b.of('ResearchNeed')) {
      const scope = r.data.need_scope;
      const hasRun = present(r.data.run_id);
      if ((scope === 'task' || scope === 'workspace') && hasRun)
        report(r, `${nameOf(r, 'need_id')} is ${scope}-scoped but names run ${q(r.data.run_id)}.`);
      else if (scope === 'run' && !hasRun)
        report(r, `${nameOf(r, 'need_id')} is run-scoped but names no run_id.`);
    }
  },
};

/** A lease's interval in ms; NaN when a time does not parse (treated as overlapping: fail closed). */
const time = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : NaN);

export const researchNeedDoubleLeased: Rule = {
  meta: {
    code: 'validation.research_need_double_leased',
    section: SECTION,
    seedLine: 2360,
    title: 'A research need is leased twice at once',
    remediation:
      'Acquire the lease atomically: a second holder waits until the first lease expires (or is released) before it leases the need.',
    decision:
      'Two ResearchNeedLeases of one need_id (compared by sameId in rules/shared/util.ts: case, whitespace and invisible characters aside) with different lease_tokens whose acquired_at..expires_at intervals overlap (an interval that does not parse counts as overlapping).',
  },
  check(b, report) {
    for (const leases of groupBy(b.of('ResearchNeedLease'), 'need_id', sameId).values()) {
      if (leases.length < 2) continue;
      const sorted = leases
        .map((l) => ({ l, from: time(l.data.acquired_at), to: time(l.data.expires_at) }))
        .sort((x, y) => (x.from || 0) - (y.from || 0));
      let holder = sorted[0]!;
      for (const cur of sorted.slice(1)) {
        const unknown = [holder.from, holder.to, cur.from, cur.to].some(Number.isNaN);
        if (
          cur.l.data.lease_token !== holder.l.data.lease_token &&
          (unknown || cur.from < holder.to)
        )
          report(
            cur.l,
            `Need ${q(holder.l.data.need_id)} is leased by ${q(cur.l.data.leased_by_module_id)} while lease ${q(holder.l.data.lease_token)} of ${q(holder.l.data.leased_by_module_id)} still holds it.`,
          );
        if (!(cur.to <= holder.to)) holder = cur;
      }
    }
  },
};

export const researchNeedHumanNeededWithoutExit: Rule = {
  meta: {
    code: 'validation.research_need_human_needed_without_exit',
    section: SECTION,
    seedLine: 2361,
    title: 'A research need waits for a human without a way to reach one',
    remediation:
      'Give the need a human_needed_reason and raise an AttentionLedgerItem (attention_kind research_need_human, source_ref the need_id).',
    decision:
      'A human_needed need needs a human_needed_reason and a human-facing exit: an AttentionLedgerItem of attention_kind "research_need_human" whose source_ref names the need (the seed’s exit for it, L3101).',
  },
  check(b, report) {
    const exits = new Set(
      b
        .of('AttentionLedgerItem')
        .filter((a) => a.data.attention_kind === 'research_need_human')
        .map((a) => a.data.source_ref),
    );
    for (const r of b.of('ResearchNeed')) {
      if (r.data.status !== 'human_needed') continue;
      const missing = [
        ...(present(r.data.human_needed_reason) ? [] : ['a human_needed_reason']),
        ...(exits.has(r.data.need_id) ? [] : ['a research_need_human attention item']),
      ];
      if (missing.length)
        report(r, `${nameOf(r, 'need_id')} is human_needed without ${missing.join(' or ')}.`);
    }
  },
};
