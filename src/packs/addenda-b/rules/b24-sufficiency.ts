// B-24 sufficiency detection contract (L1344-1503).
import type { Bundle, BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { isObject, present, q, strings } from './shared/util.js';

const NO_IMPROVEMENT = 'max_attempts_without_material_score_improvement';

const triggered = (d: BundleRecord, t: string) =>
  Array.isArray(d.data.triggered_by) && d.data.triggered_by.includes(t);
const objects = (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : []);

/** RevisionCycleOutcomeObservation.terminal_class (L1851-1864) of each sufficiency route it can record. */
const ROUTE_CLASS: Record<string, string | undefined> = {
  needs_information: 'needs_information',
  blocked_by_policy: 'blocked_by_policy',
  needs_human_judgment: 'needs_human_judgment',
  unrecoverable: 'failed_unrecoverable',
};
const SUFFICIENCY_CLASSES = [
  'needs_information',
  'blocked_by_policy',
  'needs_human_judgment',
  'failed_unrecoverable',
];

export const sufficiencyProtocolWithoutDetection: Rule = {
  meta: {
    code: 'validation.sufficiency_protocol_without_detection',
    section: 'B-24',
    seedLine: 1496,
    title: 'An outcome ended in a sufficiency terminal without a detection result',
    remediation:
      'Run the sufficiency detector and record its SufficiencyDetectionResult for the outcome before routing it to a terminal.',
    decision:
      'An outcome is routed to a sufficiency terminal when a RevisionCycleOutcomeObservation (L1865) records terminal_class needs_information, blocked_by_policy, needs_human_judgment or failed_unrecoverable; a SufficiencyDetectionResult for that outcome_id must precede it.',
  },
  check(b, report) {
    const firstDetection = new Map<string, number>();
    for (const d of b.of('SufficiencyDetectionResult')) {
      const o = d.data.outcome_id as string;
      if (!firstDetection.has(o)) firstDetection.set(o, d.seq);
    }
    for (const o of b.of('RevisionCycleOutcomeObservation')) {
      if (!SUFFICIENCY_CLASSES.includes(o.data.terminal_class as string)) continue;
      const at = firstDetection.get(o.data.outcome_id as string);
      if (at === undefined || at > o.seq)
        report(
          o,
          `Outcome ${q(o.data.outcome_id)} ended ${q(o.data.terminal_class)} without a preceding SufficiencyDetectionResult.`,
        );
    }
  },
};

/** The detection's policy, and where a policy defect is reported (the policy, else the detection). */
function policyOf(b: Bundle, d: BundleRecord): BundleRecord | undefined {
  return b.resolve(d.data.policy_ref, 'SufficiencyDetectionPolicy');
}

/** Reports a defect once per policy (several detections use one policy). */
function oncePerPolicy(report: (at: BundleRecord, m: string) => void) {
  const done = new Set<BundleRecord>();
  return (at: BundleRecord, m: string) => {
    if (done.has(at)) return;
    done.add(at);
    report(at, m);
  };
}

export const noImprovementWithoutMetric: Rule = {
  meta: {
    code: 'validation.no_improvement_without_metric',
    section: 'B-24',
    seedLine: 1497,
    title: 'The no-improvement trigger fired without an improvement metric',
    remediation:
      'Give the SufficiencyDetectionPolicy an improvement_metric_ref naming a FormulaSpec, and score the attempts.',
    decision:
      'Checked where the trigger is used: a detection triggered by max_attempts_without_material_score_improvement needs its policy (policy_ref) with an improvement_metric_ref that names a FormulaSpec, and at least one attempt with score_after or score_delta.',
  },
  check(b, report) {
    const once = oncePerPolicy(report);
    for (const d of b.of('SufficiencyDetectionResult')) {
      if (!triggered(d, NO_IMPROVEMENT)) continue;
      const p = policyOf(b, d);
      if (!p)
        report(
          d,
          `Detection ${q(d.data.detection_id)} uses the no-improvement trigger, but its policy ${q(d.data.policy_ref)} is not in the bundle.`,
        );
      else if (!b.resolve(p.data.improvement_metric_ref, 'FormulaSpec'))
        once(
          p,
          `SufficiencyDetectionPolicy ${q(p.data.policy_id)} has improvement_metric_ref ${q(p.data.improvement_metric_ref ?? 'missing')}, which names no FormulaSpec.`,
        );
      if (
        !objects(d.data.attempts).some(
          (a) => present(a.score_after) || typeof a.score_delta === 'number',
        )
      )
        report(
          d,
          `Detection ${q(d.data.detection_id)} uses the no-improvement trigger, but no attempt carries a score.`,
        );
    }
  },
};

export const noImprovementWithoutEpsilon: Rule = {
  meta: {
    code: 'validation.no_improvement_without_epsilon',
    section: 'B-24',
    seedLine: 1498,
    title: 'The no-improvement trigger fired under a policy without a valid epsilon',
    remediation:
      'Set epsilon on the SufficiencyDetectionPolicy to a finite number ≥ 0 (default 0.03).',
    decision:
      'Checked on the policy of each detection triggered by max_attempts_without_material_score_improvement.',
  },
  check(b, report) {
    const once = oncePerPolicy(report);
    for (const d of b.of('SufficiencyDetectionResult')) {
      if (!triggered(d, NO_IMPROVEMENT)) continue;
      const p = policyOf(b, d);
      const e = p?.data.epsilon;
      if (p && !(typeof e === 'number' && Number.isFinite(e) && e >= 0))
        once(
          p,
          `SufficiencyDetectionPolicy ${q(p.data.policy_id)} has epsilon ${e === undefined ? 'missing' : q(e)}, not a finite number ≥ 0.`,
        );
    }
  },
};

export const procedureExhaustionWithoutCandidateUniverse: Rule = {
  meta: {
    code: 'validation.procedure_exhaustion_without_candidate_universe',
    section: 'B-24',
    seedLine: 1499,
    title: 'Procedures were declared exhausted without a candidate universe',
    remediation:
      'List the candidate procedures, and mark each policy-allowed one tried/exhausted or give its inapplicable_reason.',
  },
  check(b, report) {
    for (const d of b.of('SufficiencyDetectionResult')) {
      if (!triggered(d, 'all_policy_allowed_procedures_exhausted')) continue;
      const cands = objects(d.data.candidate_procedures);
      const open = cands.find(
        (c) =>
          c.policy_allowed === true &&
          c.tried !== true &&
          c.exhausted !== true &&
          !present(c.inapplicable_reason),
      );
      if (!cands.length)
        report(
          d,
          `Detection ${q(d.data.detection_id)} says all procedures are exhausted but lists no candidate procedures.`,
        );
      else if (open)
        report(
          d,
          `Detection ${q(d.data.detection_id)} says all procedures are exhausted, but policy-allowed ${q(open.procedure_id)} was neither tried nor ruled out.`,
        );
    }
  },
};

/** Routes no human choice can fix (L1478-1493); needs_information only when a research route exists. */
const NO_HUMAN_CHOICE = ['needs_verification', 'process_gap_out', 'unrecoverable'];

export const hardCallRaisedWhenNoHumanChoiceAvailable: Rule = {
  meta: {
    code: 'validation.hard_call_raised_when_no_human_choice_available',
    section: 'B-24',
    seedLine: 1500,
    title: 'A Hard Call is required for a route no human choice can fix',
    remediation:
      'Route the outcome to its terminal state (research need, verification request, process gap, unrecoverable) instead of a Hard Call.',
    decision:
      'hard_call_required fires with terminal_route needs_verification, process_gap_out or unrecoverable, and with needs_information when blocking_research_need_refs names a research route. blocked_by_policy is not judged: whether the user can alter the policy boundary is not recorded.',
  },
  check(b, report) {
    for (const d of b.of('SufficiencyDetectionResult')) {
      if (d.data.hard_call_required !== true) continue;
      const route = d.data.terminal_route as string;
      if (
        NO_HUMAN_CHOICE.includes(route) ||
        (route === 'needs_information' && strings(d.data.blocking_research_need_refs).length)
      )
        report(
          d,
          `Detection ${q(d.data.detection_id)} requires a Hard Call for route ${route}, which no human choice resolves.`,
        );
    }
  },
};

export const sufficiencyRetryAfterTerminalDetection: Rule = {
  meta: {
    code: 'validation.sufficiency_retry_after_terminal_detection',
    section: 'B-24',
    seedLine: 1501,
    title: 'An outcome was retried after the detector found no sufficient procedure',
    remediation:
      'Stop retrying once a detection says no_sufficient_procedure; route the outcome to its terminal state.',
    decision:
      'After a detection with no_sufficient_procedure true, a later ProcedureAttemptRecord for one of its candidate procedures, or a later detection for the same outcome listing an attempt the terminal one did not, is a retry.',
  },
  check(b, report) {
    const events = [...b.of('SufficiencyDetectionResult'), ...b.of('ProcedureAttemptRecord')].sort(
      (x, y) => x.seq - y.seq,
    );
    const terminalByOutcome = new Map<string, { d: BundleRecord; attempts: Set<string> }>();
    const terminalByProcedure = new Map<string, { d: BundleRecord; attempts: Set<string> }>();
    for (const e of events) {
      if (e.type === 'ProcedureAttemptRecord') {
        const t = terminalByProcedure.get(e.data.procedure_id as string);
        if (t && !t.attempts.has(e.data.attempt_id as string))
          report(
            e,
            `Attempt ${q(e.data.attempt_id)} retries procedure ${q(e.data.procedure_id)} after detection ${q(t.d.data.detection_id)} found no sufficient procedure.`,
          );
        continue;
      }
      const attempts = objects(e.data.attempts).map((a) => String(a.attempt_id));
      const prior = terminalByOutcome.get(e.data.outcome_id as string);
      const fresh = prior && attempts.find((a) => !prior.attempts.has(a));
      if (prior && fresh)
        report(
          e,
          `Detection ${q(e.data.detection_id)} lists attempt ${q(fresh)} for outcome ${q(e.data.outcome_id)} after detection ${q(prior.d.data.detection_id)} found no sufficient procedure.`,
        );
      if (e.data.no_sufficient_procedure === true && !prior) {
        const t = { d: e, attempts: new Set(attempts) };
        terminalByOutcome.set(e.data.outcome_id as string, t);
        for (const c of objects(e.data.candidate_procedures))
          if (typeof c.procedure_id === 'string') terminalByProcedure.set(c.procedure_id, t);
      }
    }
  },
};

/** What each terminal route must carry with it (L1477-1494). */
function missingCompanion(d: BundleRecord): string | undefined {
  switch (d.data.terminal_route) {
    case 'needs_information':
      return strings(d.data.blocking_research_need_refs).length
        ? undefined
        : 'a ResearchNeed (blocking_research_need_refs)';
    case 'blocked_by_policy':
      return Array.isArray(d.data.decisive_policy_decision_refs) &&
        d.data.decisive_policy_decision_refs.length
        ? undefined
        : 'the decisive policy decision (decisive_policy_decision_refs)';
    case 'process_gap_out':
      return present(d.data.process_gap_signal_ref)
        ? undefined
        : 'a TaskProcessGapSignal (process_gap_signal_ref)';
    case 'needs_human_judgment':
      return d.data.hard_call_required === true ? undefined : 'a Hard Call (hard_call_required)';
    default:
      return undefined;
  }
}

export const insufficiencyMarkerNotMappedToOutcomeState: Rule = {
  meta: {
    code: 'validation.insufficiency_marker_not_mapped_to_outcome_state',
    section: 'B-24',
    seedLine: 1502,
    title: 'A terminal sufficiency route is not carried to the outcome’s state',
    remediation:
      'Emit what the route requires: needs_information + ResearchNeed, blocked_by_policy + policy decision, process_gap_out + TaskProcessGapSignal, needs_human_judgment + Hard Call, unrecoverable; and record the outcome with that state.',
    decision:
      'For a detection with no_sufficient_procedure true: the route’s companion must be on the detection (needs_information: blocking_research_need_refs; blocked_by_policy: decisive_policy_decision_refs; process_gap_out: process_gap_signal_ref; needs_human_judgment: hard_call_required), and a later RevisionCycleOutcomeObservation of the outcome must record the matching terminal_class (needs_information, blocked_by_policy, needs_human_judgment, failed_unrecoverable) — for routes the class enum cannot express, neither succeeded nor another route’s class.',
  },
  check(b, report) {
    const observations = new Map<string, BundleRecord[]>();
    for (const o of b.of('RevisionCycleOutcomeObservation')) {
      const k = o.data.outcome_id as string;
      const list = observations.get(k);
      if (list) list.push(o);
      else observations.set(k, [o]);
    }
    const judged = new Set<string>();
    for (const d of b.of('SufficiencyDetectionResult')) {
      if (d.data.no_sufficient_procedure !== true) continue;
      const route = d.data.terminal_route as string;
      const missing = missingCompanion(d);
      if (missing)
        report(d, `Detection ${q(d.data.detection_id)} routes to ${route} without ${missing}.`);
      const want = ROUTE_CLASS[route];
      // The earliest detection of an outcome and route covers the observations after it; a later
      // one with the same would report them again (thousands of copies ran for seconds).
      const group = JSON.stringify([d.data.outcome_id ?? null, route ?? null]);
      if (judged.has(group)) continue;
      judged.add(group);
      for (const o of observations.get(d.data.outcome_id as string) ?? []) {
        if (o.seq < d.seq) continue;
        const got = o.data.terminal_class as string;
        if (want ? got !== want : got === 'succeeded' || SUFFICIENCY_CLASSES.includes(got))
          report(
            o,
            `Outcome ${q(o.data.outcome_id)} ended ${q(got)}, but detection ${q(d.data.detection_id)} routed it to ${route}.`,
          );
      }
    }
  },
};
