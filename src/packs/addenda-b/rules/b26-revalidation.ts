// B-26 revalidation policy field collapse (L1540-1568).
import type { BundleRecord } from '../bundle.js';
import { stepsOf } from './b-plan.js';
import type { Rule } from './rule.js';
import { isObject, present, q } from './shared/util.js';

/** Why a RevisionStepRevalidationPolicy is ambiguous, or undefined. */
function ambiguity(p: Record<string, unknown>): string | undefined {
  const list = Array.isArray(p.outcomes_to_recheck) ? p.outcomes_to_recheck : [];
  if (p.policy_kind === 'none' && list.length) return 'policy_kind none lists outcomes_to_recheck';
  if (p.policy_kind === 'revalidate_targeted_outcomes' && !list.length)
    return 'revalidate_targeted_outcomes lists no outcomes_to_recheck';
  if (p.policy_kind === 'revalidate_full_closure' && !present(p.closure_policy_ref))
    return 'revalidate_full_closure has no closure_policy_ref';
  return undefined;
}

/** Every revalidation policy of the bundle with the record that holds it and a name for messages. */
function policies(
  b: Parameters<Rule['check']>[0],
): Array<[BundleRecord, Record<string, unknown>, string]> {
  const out: Array<[BundleRecord, Record<string, unknown>, string]> = [];
  for (const r of b.of('RevisionStepRevalidationPolicy'))
    out.push([r, r.data, 'RevisionStepRevalidationPolicy']);
  for (const s of b.of('RevisionPlanStepBase'))
    if (isObject(s.data.revalidation_policy))
      out.push([
        s,
        s.data.revalidation_policy,
        `The revalidation policy of step ${q(s.data.step_id)}`,
      ]);
  for (const p of b.of('RevisionPlan'))
    for (const s of stepsOf(p, b.memo))
      if (isObject(s.data.revalidation_policy))
        out.push([
          p,
          s.data.revalidation_policy,
          `The revalidation policy of step ${q(s.id)} in plan ${q(p.data.plan_id)}`,
        ]);
  return out;
}

export const revalidationPolicyAmbiguous: Rule = {
  meta: {
    code: 'validation.revalidation_policy_ambiguous',
    section: 'B-26',
    seedLine: 1564,
    title: 'A revalidation policy contradicts itself',
    remediation:
      'Make policy_kind and its fields agree: none lists no outcomes, revalidate_targeted_outcomes lists them, revalidate_full_closure names its closure_policy_ref.',
    decision:
      'Ambiguous: none with outcomes_to_recheck; revalidate_targeted_outcomes with an empty list; revalidate_full_closure without closure_policy_ref.',
  },
  check(b, report) {
    for (const [r, p, name] of policies(b)) {
      const why = ambiguity(p);
      if (why) report(r, `${name} is ambiguous: ${why}.`);
    }
  },
};

export const revalidationPolicyRefMissing: Rule = {
  meta: {
    code: 'validation.revalidation_policy_ref_missing',
    section: 'B-26',
    seedLine: 1565,
    title: 'A typed revision instruction has no resolvable revalidation policy',
    remediation:
      'Set revalidation_policy_ref to the step_id whose revalidation_policy the instruction follows.',
    decision:
      'RevisionStepRevalidationPolicy has no id (L1548); the policy lives on its step (L1513), so revalidation_policy_ref holds that step’s step_id (a RevisionPlanStepBase or a plan step).',
  },
  check(b, report) {
    const instructions = b.of('TypedRevisionInstruction');
    if (!instructions.length) return;
    const steps = new Set<unknown>(b.of('RevisionPlanStepBase').map((s) => s.data.step_id));
    for (const p of b.of('RevisionPlan')) for (const s of stepsOf(p, b.memo)) steps.add(s.id);
    for (const i of instructions)
      if (!present(i.data.revalidation_policy_ref) || !steps.has(i.data.revalidation_policy_ref))
        report(
          i,
          `TypedRevisionInstruction ${q(i.data.instruction_id)} has revalidation_policy_ref ${i.data.revalidation_policy_ref === undefined ? 'missing' : q(i.data.revalidation_policy_ref)}, which names no step.`,
        );
  },
};

function legacyField(code: string, seedLine: number, field: string): Rule {
  return {
    meta: {
      code,
      section: 'B-26',
      seedLine,
      title: `A record carries the legacy ${field} field`,
      remediation: `Remove ${field}; the step's revalidation_policy (and an instruction's revalidation_policy_ref) replaces it.`,
      decision:
        'Checked on RevisionPlanStepBase, TypedRevisionInstruction and RevisionStepRevalidationPolicy records and on plan steps.',
    },
    check(b, report) {
      for (const type of [
        'RevisionPlanStepBase',
        'TypedRevisionInstruction',
        'RevisionStepRevalidationPolicy',
      ])
        for (const r of b.of(type))
          if (Object.hasOwn(r.data, field)) report(r, `${type} carries the legacy field ${field}.`);
      for (const p of b.of('RevisionPlan'))
        for (const s of stepsOf(p, b.memo))
          if (Object.hasOwn(s.data, field))
            report(
              p,
              `Step ${q(s.id)} of plan ${q(p.data.plan_id)} carries the legacy field ${field}.`,
            );
    },
  };
}

export const revalidationTriggerLegacyFieldPresent = legacyField(
  'validation.revalidation_trigger_legacy_field_present',
  1566,
  'revalidation_trigger',
);
export const revalidationExpectationLegacyFieldPresent = legacyField(
  'validation.revalidation_expectation_legacy_field_present',
  1567,
  'revalidation_expectation',
);
