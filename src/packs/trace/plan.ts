import { TRACE } from './codes.js';
import { Fast } from './fast.js';
import { canonicalizeText, checkLine } from './canonical.js';
import { q, type RunCtx } from './context.js';
import { loadRunFile } from './files.js';
import { contentId, rawMembers } from './ids.js';
import { Plan } from './schema.js';

export interface LoadedPlan {
  plan: Plan;
  nodeIds: Set<string>;
}

/**
 * plan.json: the schema, no duplicate node ids, no missing dependencies (nor edges to unknown
 * nodes), no cycles, and, for a content-derived id (`plan_v1_…`), an id that matches the content.
 */
export function checkPlan(ctx: RunCtx): LoadedPlan | undefined {
  const f = ctx.f;
  const loaded = loadRunFile(ctx, 'plan.json', Fast.Plan, TRACE.planInvalid, 'is not a valid plan');
  if (!loaded) return undefined;
  const rel = loaded.rel;
  const plan = loaded.data;
  const lineOf = (p: (string | number)[]) => ({ path: rel, line: loaded.doc.lineOf(p) ?? 1 });

  const nodeIds = new Set<string>();
  plan.nodes.forEach((n, i) => {
    if (nodeIds.has(n.id))
      f.add(
        TRACE.planDuplicateNode,
        `Plan node id ${q(n.id)} appears more than once (again at nodes[${i}]).`,
        lineOf(['nodes', i, 'id']),
      );
    nodeIds.add(n.id);
  });
  plan.nodes.forEach((n, i) => {
    n.dependencies.forEach((d, j) => {
      if (!nodeIds.has(d))
        f.add(
          TRACE.planMissingDependency,
          `Plan node ${q(n.id)} depends on ${q(d)}, which is not a node of the plan.`,
          lineOf(['nodes', i, 'dependencies', j]),
        );
    });
  });
  plan.edges.forEach(([a, b], i) => {
    for (const end of [a, b]) {
      if (!nodeIds.has(end))
        f.add(
          TRACE.planMissingDependency,
          `Plan edge ${i} (${q(a)} → ${q(b)}) names ${q(end)}, which is not a node of the plan.`,
          lineOf(['edges', i]),
        );
    }
  });

  // Kahn's algorithm over the dependencies; whatever is left sits on (or behind) a cycle.
  const indeg = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const n of plan.nodes) indeg.set(n.id, 0);
  for (const n of plan.nodes) {
    for (const d of new Set(n.dependencies)) {
      if (!indeg.has(d)) continue;
      indeg.set(n.id, (indeg.get(n.id) ?? 0) + 1);
      next.set(d, [...(next.get(d) ?? []), n.id]);
    }
  }
  const queue = [...indeg].filter(([, d]) => d === 0).map(([id]) => id);
  let visited = 0;
  while (queue.length > 0) {
    const u = queue.shift()!;
    visited++;
    for (const v of next.get(u) ?? []) {
      const d = indeg.get(v)! - 1;
      indeg.set(v, d);
      if (d === 0) queue.push(v);
    }
  }
  if (visited < indeg.size) {
    const stuck = [...indeg].filter(([, d]) => d > 0).map(([id]) => id);
    const i = plan.nodes.findIndex((n) => n.id === stuck[0]);
    f.add(
      TRACE.planCycle,
      `The plan’s dependencies form a cycle through ${stuck
        .slice(0, 5)
        .map((s) => q(s, 60))
        .join(', ')}${stuck.length > 5 ? ` and ${stuck.length - 5} more` : ''}.`,
      lineOf(['nodes', Math.max(0, i), 'dependencies']),
    );
  }

  if (plan.id.startsWith('plan_v1_')) {
    // The id covers the content, not its formatting: a plan.json written differently (or edited
    // and re-indented) is put in canonical form first.
    let text = loaded.text;
    let members = loaded.members;
    if (!members) {
      const canonical = canonicalizeText(loaded.text);
      const scanned = canonical === undefined ? undefined : checkLine(canonical, true);
      if (scanned?.ok) [text, members] = [canonical!, scanned.members];
    }
    if (!members) {
      f.add(
        TRACE.planInvalid,
        'plan.json cannot be put in canonical form (a number out of range, or nesting deeper than 512 levels), so its content id cannot be checked.',
        lineOf([]),
      );
    } else {
      const raw = rawMembers(text, members);
      const want = contentId('plan', {
        edges: raw.edges!,
        nodes: raw.nodes!,
        problem: raw.problem!,
        spec_id: raw.spec_id!,
      });
      if (want !== plan.id) {
        f.add(
          TRACE.contentIdMismatch,
          `plan.json says its id is ${q(plan.id)} but its content hashes to ${q(want)}: the plan was edited after the run.`,
          lineOf(['id']),
        );
      }
    }
  }
  return { plan, nodeIds };
}
