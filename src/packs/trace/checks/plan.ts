import { TRACE } from '../codes.js';
import { fast } from '../format/fast.js';
import { q, qid, type RunCtx } from '../context.js';
import { loadRunFile } from '../format/files.js';
import { contentId, documentMembers } from '../producer/ids.js';
import { Plan } from '../format/schema.js';

export interface LoadedPlan {
  plan: Plan;
  nodeIds: Set<string>;
  /** Each node's kind (understand, gather, derive, verify, finalize), by id. */
  kinds: Map<string, string>;
  /** Each node's dependencies, when they form no cycle (an order the trace must follow). */
  order?: Map<string, readonly string[]>;
}

/**
 * plan.json: the schema, no duplicate node ids, no missing dependencies (nor edges to unknown
 * nodes), no cycles (among the dependencies, or among the edges), and, for a content-derived id (`plan_v1_…`), an id that matches the content.
 */
export function checkPlan(ctx: RunCtx): LoadedPlan | undefined {
  const f = ctx.f;
  const loaded = loadRunFile(
    ctx,
    'plan.json',
    fast().Plan,
    TRACE.planInvalid,
    'is not a valid plan',
  );
  if (!loaded) return undefined;
  const rel = loaded.rel;
  const plan = loaded.data;
  // Lazy: a plan with many broken nodes must not search the document once per node.
  const lineOf = (p: (string | number)[]) => () => ({
    path: rel,
    line: loaded.doc.lineOf(p) ?? 1,
  });

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
          `Plan node ${qid(n.id)} depends on ${q(d)}, which is not a node of the plan.`,
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

  // The producer gives edges no direction of its own (it writes none): they are checked for a
  // cycle among themselves, which does not depend on which way they point.
  const graphs = [
    ['dependencies', plan.nodes.flatMap((n) => n.dependencies.map((d) => [d, n.id] as const))],
    ['edges', plan.edges],
  ] as const;
  let acyclic = true;
  for (const [what, pairs] of graphs) {
    const stuck = cycleNodes(nodeIds, pairs);
    if (stuck.length === 0) continue;
    if (what === 'dependencies') acyclic = false;
    const i = plan.nodes.findIndex((n) => n.id === stuck[0]);
    f.add(
      TRACE.planCycle,
      `The plan’s ${what} form a cycle through ${stuck
        .slice(0, 5)
        .map((s) => qid(s))
        .join(', ')}${stuck.length > 5 ? ` and ${stuck.length - 5} more` : ''}.`,
      what === 'edges' ? lineOf(['edges']) : lineOf(['nodes', Math.max(0, i), 'dependencies']),
    );
  }

  if (plan.id.startsWith('plan_v1_')) {
    // The id covers the content, not its formatting: a plan.json written differently (or edited
    // and re-indented) is put in canonical form first.
    const raw = documentMembers(loaded.text, loaded.members);
    if (!raw) {
      f.add(
        TRACE.planInvalid,
        'plan.json cannot be put in canonical form (a number out of range, or nesting deeper than 512 levels), so its content id cannot be checked.',
        lineOf([]),
      );
    } else {
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
  const order = acyclic
    ? new Map(plan.nodes.map((n) => [n.id, n.dependencies] as const))
    : undefined;
  const kinds = new Map(plan.nodes.map((n) => [n.id, n.kind] as const));
  return { plan, nodeIds, kinds, ...(order ? { order } : {}) };
}

/**
 * Kahn's algorithm over `[before, after]` pairs between known nodes: the nodes it cannot order,
 * which sit on (or behind) a cycle, in the plan's order. Linear in nodes and pairs; plain loops
 * (no spread or iterator chains), since it runs twice per run and is soon optimized.
 */
function cycleNodes(
  nodes: ReadonlySet<string>,
  pairs: readonly (readonly [string, string])[],
): string[] {
  if (pairs.length === 0) return []; // nothing to order (the producer writes no edges)
  const indeg = new Map<string, number>();
  const next = new Map<string, Set<string>>();
  for (const id of nodes) indeg.set(id, 0);
  for (let i = 0; i < pairs.length; i++) {
    const [before, after] = pairs[i]!;
    if (!nodes.has(before) || !nodes.has(after)) continue; // reported as missing
    let out = next.get(before);
    if (!out) next.set(before, (out = new Set()));
    if (out.has(after)) continue;
    out.add(after);
    indeg.set(after, indeg.get(after)! + 1);
  }
  const queue: string[] = [];
  for (const id of nodes) if (indeg.get(id) === 0) queue.push(id);
  for (let head = 0; head < queue.length; head++) {
    const out = next.get(queue[head]!);
    if (!out) continue;
    for (const v of out) {
      const d = indeg.get(v)! - 1;
      indeg.set(v, d);
      if (d === 0) queue.push(v);
    }
  }
  const stuck: string[] = [];
  for (const id of nodes) if (indeg.get(id)! > 0) stuck.push(id);
  return stuck;
}
