// B-04 / C-03 rolling-hash and future-hash correction (L1101-1137).
import type { BundleRecord } from '../bundle.js';
import { dependencyGraph, stepsOf, type PlanStep } from './b-plan.js';
import { dependencyOrder, reaches } from './shared/graph.js';
import type { Rule } from './rule.js';
import { isObject, present, q } from './shared/util.js';

/** Dependency visits allowed per plan: a hostile plan cannot make the ordering check quadratic. */
const WALK_BUDGET = 4_000_000;

const rolling = (p: BundleRecord) => p.data.mutation_mode === 'rolling_hash_in_place';

/** Whether `v` holds a predicted_post_hash field at any depth (iterative: no stack overflow). */
function holdsPredictedPostHash(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    if (Array.isArray(x)) {
      for (const y of x) if (y !== null && typeof y === 'object') stack.push(y);
      continue;
    }
    for (const k in x) {
      if (k === 'predicted_post_hash') return true;
      const y = (x as Record<string, unknown>)[k];
      if (y !== null && typeof y === 'object') stack.push(y);
    }
  }
  return false;
}

export const revisionPlanContainsPredictedPostHash: Rule = {
  meta: {
    code: 'validation.revision_plan_contains_predicted_post_hash',
    section: 'B-04/C-03',
    seedLine: 1133,
    title: 'A revision plan predicts a post-mutation hash',
    remediation:
      'Remove predicted_post_hash from the plan; the dispatcher writes produced_post_hash on the receipt after execution.',
  },
  check(b, report) {
    for (const p of b.of('RevisionPlan')) {
      if (holdsPredictedPostHash(p.data))
        report(p, `RevisionPlan ${q(p.data.plan_id)} holds a predicted_post_hash field.`);
    }
  },
};

export const inPlaceLockMissingExpectedPreHash: Rule = {
  meta: {
    code: 'validation.in_place_lock_missing_expected_pre_hash',
    section: 'B-04/C-03',
    seedLine: 1134,
    title: 'An in-place mutation has no lock with an expected pre-hash',
    remediation:
      'In rolling_hash_in_place mode give every mutating step an InPlaceMutationLock whose expected_pre_hash the runtime read at lock acquisition.',
    decision: 'A step mutates when its target_refs is not empty.',
  },
  check(b, report) {
    for (const p of b.of('RevisionPlan')) {
      if (!rolling(p)) continue;
      const locks = Array.isArray(p.data.in_place_mutation_locks)
        ? p.data.in_place_mutation_locks.filter(isObject)
        : [];
      const locked = new Set(locks.map((l) => l.step_id));
      for (const l of locks)
        if (!present(l.expected_pre_hash))
          report(
            p,
            `The lock of step ${q(l.step_id)} in plan ${q(p.data.plan_id)} has no expected_pre_hash.`,
          );
      for (const s of stepsOf(p, b.memo))
        if (s.targets.length && !locked.has(s.id))
          report(
            p,
            `Step ${q(s.id)} of rolling-hash plan ${q(p.data.plan_id)} mutates ${q(s.targets[0])} without an InPlaceMutationLock.`,
          );
    }
  },
};

/** artifact → the steps of one plan that mutate it. */
function stepsByArtifact(steps: readonly PlanStep[]): Map<string, PlanStep[]> {
  const out = new Map<string, PlanStep[]>();
  for (const s of steps)
    for (const t of new Set(s.targets)) {
      const list = out.get(t);
      if (list) list.push(s);
      else out.set(t, [s]);
    }
  return out;
}

export const rollingHashSameArtifactDependencyMissing: Rule = {
  meta: {
    code: 'validation.rolling_hash_same_artifact_dependency_missing',
    section: 'B-04/C-03',
    seedLine: 1136,
    title: 'Two steps mutating one artifact in rolling-hash mode are not ordered by dependencies',
    remediation:
      'Chain the steps that mutate the same artifact with depends_on_step_ids, so they run one after the other.',
    decision:
      'Same artifact = an equal target_refs entry. In rolling_hash_in_place mode the steps of each artifact must be totally ordered by depends_on_step_ids (one depends transitively on the other); a plan with a dependency cycle is left to revision_plan_cycle.',
  },
  check(b, report) {
    plans: for (const p of b.of('RevisionPlan')) {
      if (!rolling(p)) continue;
      const steps = stepsOf(p, b.memo);
      const g = dependencyGraph(steps);
      const order = dependencyOrder(g);
      if (!order) continue;
      const rank = new Map(order.map((id, i) => [id, i]));
      const budget = { left: WALK_BUDGET };
      for (const [artifact, list] of stepsByArtifact(steps)) {
        const ids = list.map((s) => s.id).filter((id): id is string => id !== undefined);
        ids.sort((x, y) => rank.get(x)! - rank.get(y)!);
        for (let i = 1; i < ids.length; i++) {
          const ordered = reaches(g, ids[i]!, ids[i - 1]!, budget);
          if (ordered === undefined) {
            report(
              p,
              `Rolling-hash plan ${q(p.data.plan_id)} is too large to confirm that the steps mutating ${q(artifact)} are ordered (over ${WALK_BUDGET} dependency visits); split the plan.`,
            );
            continue plans;
          }
          if (!ordered) {
            report(
              p,
              `Steps ${q(ids[i - 1])} and ${q(ids[i])} of rolling-hash plan ${q(p.data.plan_id)} both mutate ${q(artifact)}, and neither depends on the other.`,
            );
            break;
          }
        }
      }
    }
  },
};

export const rollingHashParallelStepsSameArtifact: Rule = {
  meta: {
    code: 'validation.rolling_hash_parallel_steps_same_artifact',
    section: 'B-04/C-03',
    seedLine: 1135,
    title: 'Two steps mutating one artifact in rolling-hash mode ran in parallel',
    remediation:
      'Run same-artifact steps sequentially: each starts from the hash its predecessor produced.',
    decision:
      'Parallel execution is seen in the receipts: two RevisionOperationReceipts of steps of one rolling_hash_in_place plan that mutate the same artifact started from the same expected_pre_hash.',
  },
  check(b, report) {
    const receipts = b.of('RevisionOperationReceipt');
    if (!receipts.length) return;
    const artifactsOf = new Map<string, { plan: string; targets: string[] }>();
    for (const p of b.of('RevisionPlan'))
      if (rolling(p))
        for (const s of stepsOf(p, b.memo))
          if (s.id !== undefined && s.targets.length)
            artifactsOf.set(s.id, { plan: String(p.data.plan_id), targets: s.targets });
    const started = new Map<string, string>();
    // A step's repeated receipt from one pre-hash finds its own keys: it adds nothing, and each
    // would walk all the step's targets again.
    const seen = new Set<string>();
    for (const r of receipts) {
      const step = artifactsOf.get(r.data.step_id as string);
      if (!step || typeof r.data.expected_pre_hash !== 'string') continue;
      const once = `${String(r.data.step_id)}\u0000${r.data.expected_pre_hash}`;
      if (seen.has(once)) continue;
      seen.add(once);
      for (const t of step.targets) {
        const key = `${step.plan}\u0000${t}\u0000${r.data.expected_pre_hash}`;
        const other = started.get(key);
        if (other !== undefined && other !== r.data.step_id) {
          report(
            r,
            `Steps ${q(other)} and ${q(r.data.step_id)} of plan ${q(step.plan)} both mutated ${q(t)} from pre-hash ${q(r.data.expected_pre_hash)}: they ran in parallel.`,
          );
          break;
        }
        started.set(key, r.data.step_id as string);
      }
    }
  },
};
