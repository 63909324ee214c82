// The steps of a RevisionPlan (L1110-1116): embedded RevisionPlanStep objects, read with the
// RevisionPlanStepBase fields (L1507-1516) since the seed defines no other step shape.
import type { BundleRecord } from '../bundle.js';
import { isObject, strings } from './shared/util.js';

export interface PlanStep {
  /** The step object as written (hostile: any field may be missing or of the wrong type). */
  data: Record<string, unknown>;
  id: string | undefined;
  /** depends_on_step_ids, or undefined when the field is not an array. */
  dependsOn: string[] | undefined;
  targets: string[];
}

export function planSteps(plan: BundleRecord): PlanStep[] {
  const raw = plan.data.steps;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((data) => ({
    data,
    id: typeof data.step_id === 'string' ? data.step_id : undefined,
    dependsOn: Array.isArray(data.depends_on_step_ids)
      ? strings(data.depends_on_step_ids)
      : undefined,
    targets: strings(data.target_refs),
  }));
}

/** step id → the step ids it depends on (steps without an id are left out). */
export function dependencyGraph(steps: readonly PlanStep[]): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const s of steps) if (s.id !== undefined) g.set(s.id, s.dependsOn ?? []);
  return g;
}

/** The plans' steps, memoised on the bundle (several rules read them). */
export function stepsOf(plan: BundleRecord, memo: Map<string, unknown>): PlanStep[] {
  let cache = memo.get('b-plan.steps') as WeakMap<BundleRecord, PlanStep[]> | undefined;
  if (!cache) memo.set('b-plan.steps', (cache = new WeakMap()));
  let steps = cache.get(plan);
  if (!steps) cache.set(plan, (steps = planSteps(plan)));
  return steps;
}
