// B-25 dependency canonicalization (L1504-1539): depends_on_step_ids is canonical,
// RevisionPlan.dependency_edges a derived read model.
import { dependencyGraph, stepsOf } from './b-plan.js';
import { findCycle } from './shared/graph.js';
import type { Rule } from './rule.js';
import { isObject, q, qList } from './shared/util.js';

export const revisionPlanDependencyEdgeDrift: Rule = {
  meta: {
    code: 'validation.revision_plan_dependency_edge_drift',
    section: 'B-25',
    seedLine: 1535,
    title: 'A plan’s dependency_edges differ from its steps’ depends_on_step_ids',
    remediation: 'Derive dependency_edges from depends_on_step_ids (canonical), or drop them.',
    decision:
      'An edge from_step_id → to_step_id reads "to_step_id depends on from_step_id" (the prerequisite first); the edge set must equal the set of (dependency, step) pairs of depends_on_step_ids, edge_kind aside.',
  },
  check(b, report) {
    for (const p of b.of('RevisionPlan')) {
      if (!Array.isArray(p.data.dependency_edges)) continue;
      const canonical = new Set<string>();
      for (const s of stepsOf(p, b.memo))
        for (const d of s.dependsOn ?? []) canonical.add(`${d}\u0000${String(s.id)}`);
      const edges = new Set(
        p.data.dependency_edges
          .filter(isObject)
          .map((e) => `${String(e.from_step_id)}\u0000${String(e.to_step_id)}`),
      );
      const extra = [...edges].find((e) => !canonical.has(e));
      const absent = [...canonical].find((e) => !edges.has(e));
      const show = (e: string) =>
        e
          .split('\u0000')
          .map((x) => q(x))
          .join(' → ');
      if (extra || absent)
        report(
          p,
          `RevisionPlan ${q(p.data.plan_id)} dependency_edges ${extra ? `hold ${show(extra)}, which depends_on_step_ids does not` : `lack ${show(absent!)}, which depends_on_step_ids holds`}.`,
        );
    }
  },
};

export const revisionPlanStepDependencyUndefined: Rule = {
  meta: {
    code: 'validation.revision_plan_step_dependency_undefined',
    section: 'B-25',
    seedLine: 1536,
    title: 'A revision plan step has no depends_on_step_ids',
    remediation: 'Give every step depends_on_step_ids (an empty array when it depends on nothing).',
  },
  check(b, report) {
    for (const s of b.of('RevisionPlanStepBase'))
      if (!Array.isArray(s.data.depends_on_step_ids))
        report(s, `RevisionPlanStepBase ${q(s.data.step_id)} has no depends_on_step_ids array.`);
    for (const p of b.of('RevisionPlan'))
      for (const s of stepsOf(p, b.memo))
        if (!s.dependsOn)
          report(
            p,
            `Step ${q(s.id)} of plan ${q(p.data.plan_id)} has no depends_on_step_ids array.`,
          );
  },
};

export const revisionPlanCycle: Rule = {
  meta: {
    code: 'validation.revision_plan_cycle',
    section: 'B-25',
    seedLine: 1537,
    title: 'A revision plan’s step dependencies form a cycle',
    remediation: 'Break the cycle in depends_on_step_ids.',
  },
  check(b, report) {
    for (const p of b.of('RevisionPlan')) {
      const cycle = findCycle(dependencyGraph(stepsOf(p, b.memo)));
      if (cycle)
        report(
          p,
          `RevisionPlan ${q(p.data.plan_id)} has a dependency cycle: ${qList([...cycle, cycle[0]!], ' → ', 8)}.`,
        );
    }
  },
};

export const revisionPlanDependencyTargetsMissingStep: Rule = {
  meta: {
    code: 'validation.revision_plan_dependency_targets_missing_step',
    section: 'B-25',
    seedLine: 1538,
    title: 'A plan dependency names a step that is not in the plan',
    remediation:
      'Point depends_on_step_ids and dependency_edges only at step_ids of the same plan.',
  },
  check(b, report) {
    for (const p of b.of('RevisionPlan')) {
      const steps = stepsOf(p, b.memo);
      const ids = new Set(steps.map((s) => s.id));
      const named = [
        ...steps.flatMap((s) => s.dependsOn ?? []),
        ...(Array.isArray(p.data.dependency_edges)
          ? p.data.dependency_edges.filter(isObject).flatMap((e) => [e.from_step_id, e.to_step_id])
          : []),
      ];
      const missing = named.find((id) => !ids.has(id as string));
      if (missing !== undefined)
        report(
          p,
          `RevisionPlan ${q(p.data.plan_id)} names step ${q(missing)} as a dependency, but has no such step.`,
        );
    }
  },
};
