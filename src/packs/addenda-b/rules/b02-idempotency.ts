// B-02 step idempotency with the live RevisionPlanStepKind (L996-1019).
import type { Bundle, BundleRecord } from '../bundle.js';
import { stepsOf } from './b-plan.js';
import type { Rule } from './rule.js';
import { isObject, q, strings } from './shared/util.js';

/**
 * The live RevisionPlanStepKind values. The seed uses the enum (L1003, L1510) without listing it,
 * so a bundle declares it in registry/ as {"type":"FormulaValue","value_id":"RevisionPlanStepKind",
 * "value":[…kinds]} (docs/addenda-b.md).
 */
export const STEP_KIND_REGISTER = 'RevisionPlanStepKind';

function stepKinds(b: Bundle): Set<string> | undefined {
  const reg = b
    .of('FormulaValue')
    .find((r) => r.registry && r.data.value_id === STEP_KIND_REGISTER);
  return reg ? new Set(strings(reg.data.value)) : undefined;
}

export const stepIdempotencyKeyMissing: Rule = {
  meta: {
    code: 'validation.step_idempotency_key_missing',
    section: 'B-02',
    seedLine: 1016,
    title: 'An executed revision step has no idempotency key',
    remediation:
      'Write a StepIdempotencyKey (run_id, plan_id, step_id, step_kind, hashes) for the step before dispatching it.',
    decision:
      'A step was dispatched when a RevisionOperationReceipt names it (L1117-1123); a StepIdempotencyKey with that step_id must be in the bundle.',
  },
  check(b, report) {
    const keyed = new Set<string>();
    for (const k of b.of('StepIdempotencyKey'))
      if (typeof k.data.step_id === 'string') keyed.add(k.data.step_id);
    for (const r of b.of('RevisionOperationReceipt'))
      if (!keyed.has(r.data.step_id as string))
        report(
          r,
          `RevisionOperationReceipt ${q(r.data.receipt_id)} executed step ${q(r.data.step_id)}, which has no StepIdempotencyKey.`,
        );
  },
};

export const stepIdempotencyKindUnregistered: Rule = {
  meta: {
    code: 'validation.step_idempotency_kind_unregistered',
    section: 'B-02',
    seedLine: 1017,
    title: 'An idempotency key names a step kind that is not a RevisionPlanStepKind',
    remediation: `Use a value of the live RevisionPlanStepKind, declared in registry/ as the FormulaValue "${STEP_KIND_REGISTER}".`,
    decision: `The seed does not list RevisionPlanStepKind: the registry FormulaValue "${STEP_KIND_REGISTER}" (an array of the kinds) declares it; without it no step kind is registered.`,
  },
  check(b, report) {
    const keys = b.of('StepIdempotencyKey');
    if (!keys.length) return;
    const kinds = stepKinds(b);
    for (const k of keys)
      if (!kinds?.has(k.data.step_kind as string))
        report(
          k,
          kinds
            ? `StepIdempotencyKey for step ${q(k.data.step_id)} has step_kind ${q(k.data.step_kind)}, not a registered RevisionPlanStepKind.`
            : `StepIdempotencyKey for step ${q(k.data.step_id)} has step_kind ${q(k.data.step_kind)}, but registry/ declares no RevisionPlanStepKind.`,
        );
  },
};

/** A field that spells a step kind other than step_kind (StepKind, stepKind, step_kind_v2, …). */
const PARALLEL_FIELD = /^step_?kind/i;
function parallelFields(data: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const f in data) {
    // cheap first-letter test before the regex: most fields start otherwise
    const c = f.charCodeAt(0) | 0x20;
    if (c === 0x73 && f !== 'step_kind' && PARALLEL_FIELD.test(f)) out.push(f);
  }
  return out;
}

export const stepIdempotencyParallelEnumDrift: Rule = {
  meta: {
    code: 'validation.step_idempotency_parallel_enum_drift',
    section: 'B-02',
    seedLine: 1018,
    title: 'A parallel StepKind enum or field is used instead of RevisionPlanStepKind',
    remediation:
      'Remove the parallel enum or field; use step_kind with the live RevisionPlanStepKind.',
    decision:
      'A parallel enum is a registry FormulaValue named "StepKind"; a parallel field is a field of a StepIdempotencyKey, RevisionPlanStepBase or plan step whose name starts with step_kind / StepKind but is not step_kind.',
  },
  check(b, report) {
    for (const v of b.of('FormulaValue'))
      if (v.registry && v.data.value_id === 'StepKind')
        report(v, 'registry/ declares a parallel "StepKind" enum beside RevisionPlanStepKind.');
    const own = (r: BundleRecord, data: Record<string, unknown>, what: string) => {
      for (const f of parallelFields(data))
        report(r, `${what} carries the parallel field ${q(f)}.`);
    };
    for (const type of ['StepIdempotencyKey', 'RevisionPlanStepBase'])
      for (const r of b.of(type)) own(r, r.data, `${type} ${q(r.data.step_id)}`);
    for (const p of b.of('RevisionPlan'))
      for (const s of stepsOf(p, b.memo))
        if (isObject(s.data)) own(p, s.data, `Step ${q(s.id)} of plan ${q(p.data.plan_id)}`);
  },
};
