// B-16 deterministic concurrency tie-breaker (L1314-1343).
import type { Bundle, BundleRecord } from '../bundle.js';
import { stepsOf } from './b-plan.js';
import type { Rule } from './rule.js';
import { filled, q } from './shared/util.js';

/** ISO 8601 date-time or a Unix epoch in seconds or milliseconds: a wall-clock value, not a ULID or plan_id. */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}.*)?|\d{10}|\d{13})$/;

export const concurrencyTieBreakerUsesWallClock: Rule = {
  meta: {
    code: 'validation.concurrency_tie_breaker_uses_wall_clock',
    section: 'B-16',
    seedLine: 1340,
    title: 'The concurrency tie-breaker’s final key is a wall-clock value',
    remediation:
      'Set deterministic_final_key to the plan’s ULID or its plan_id, never a timestamp.',
    decision:
      'Fires when deterministic_final_key is an ISO 8601 date or date-time, or a 10- or 13-digit Unix epoch.',
  },
  check(b, report) {
    for (const p of b.of('RevisionPlanConcurrencyProfile')) {
      const k = p.data.deterministic_final_key;
      if (typeof k === 'string' && WALL_CLOCK.test(k))
        report(
          p,
          `Plan ${q(p.data.plan_id)} uses the wall-clock value ${q(k)} as deterministic_final_key.`,
        );
    }
  },
};

export const concurrencyTieBreakerMissingFinalKey: Rule = {
  meta: {
    code: 'validation.concurrency_tie_breaker_missing_final_key',
    section: 'B-16',
    seedLine: 1342,
    title: 'A concurrency profile has no unique deterministic final key',
    remediation:
      'Give every RevisionPlanConcurrencyProfile its own deterministic_final_key (ULID or plan_id), so the order is total.',
  },
  check(b, report) {
    const seen = new Map<string, unknown>();
    for (const p of b.of('RevisionPlanConcurrencyProfile')) {
      const k = p.data.deterministic_final_key;
      if (!filled(k)) {
        report(
          p,
          `Plan ${q(p.data.plan_id)} has ${k === undefined ? 'no deterministic_final_key' : `deterministic_final_key ${q(k)}, not a non-empty string`}.`,
        );
        continue;
      }
      if (seen.has(k))
        report(
          p,
          `Plans ${q(seen.get(k))} and ${q(p.data.plan_id)} share deterministic_final_key ${q(k)}: the order is not total.`,
        );
      else seen.set(k, p.data.plan_id);
    }
  },
};

/** The line of each plan's first RevisionOperationReceipt: the order its lock was granted. */
function grantOrder(b: Bundle): Map<string, number> {
  const planOf = new Map<string, string>();
  for (const p of b.of('RevisionPlan'))
    for (const s of stepsOf(p, b.memo))
      if (s.id !== undefined) planOf.set(s.id, String(p.data.plan_id));
  const first = new Map<string, number>();
  for (const r of b.of('RevisionOperationReceipt')) {
    const plan = planOf.get(r.data.step_id as string);
    if (plan !== undefined && !first.has(plan)) first.set(plan, r.seq);
  }
  return first;
}

export const concurrencyTieBreakerRiskSortInverted: Rule = {
  meta: {
    code: 'validation.concurrency_tie_breaker_risk_sort_inverted',
    section: 'B-16',
    seedLine: 1341,
    title: 'A riskier plan was granted before a less risky one tied with it',
    remediation:
      'Among plans tied on required_for_overall_pass, high_stakes and outcome_priority, grant the lower plan_risk_score first.',
    decision:
      'A plan’s grant order is the line of the first RevisionOperationReceipt of one of its steps. Among profiled plans tied on keys 1-3 (L1332-1334), a plan granted after one with a higher plan_risk_score fires.',
  },
  check(b, report) {
    const profiles = b.of('RevisionPlanConcurrencyProfile');
    if (profiles.length < 2) return;
    const granted = grantOrder(b);
    const groups = new Map<string, Array<{ p: BundleRecord; at: number }>>();
    for (const p of profiles) {
      const at = granted.get(p.data.plan_id as string);
      if (at === undefined) continue;
      const key = JSON.stringify([
        p.data.required_for_overall_pass,
        p.data.high_stakes,
        p.data.outcome_priority,
      ]);
      const list = groups.get(key);
      if (list) list.push({ p, at });
      else groups.set(key, [{ p, at }]);
    }
    for (const list of groups.values()) {
      list.sort((x, y) => x.at - y.at);
      let riskiest: BundleRecord | undefined;
      for (const { p } of list) {
        const risk = p.data.plan_risk_score as number;
        if (riskiest && (riskiest.data.plan_risk_score as number) > risk)
          report(
            p,
            `Plan ${q(p.data.plan_id)} (risk ${risk}) was granted after plan ${q(riskiest.data.plan_id)} (risk ${riskiest.data.plan_risk_score as number}), though it is tied on keys 1-3 and less risky.`,
          );
        if (!riskiest || (riskiest.data.plan_risk_score as number) < risk) riskiest = p;
      }
    }
  },
};
