// Directed-graph helpers for §5 (plan steps, cascades): iterative, so a hostile graph of any depth
// or shape cannot overflow the stack.

/** Edges as node → the nodes it points to (e.g. a step → the steps it depends on). */
export type Graph = ReadonlyMap<string, readonly string[]>;

/** The nodes of one cycle reachable in `g` (first found, in order), or undefined when acyclic. */
export function findCycle(g: Graph): string[] | undefined {
  const WHITE = 0;
  const GREY = 1;
  const BLACK = 2;
  const colour = new Map<string, number>();
  for (const start of g.keys()) {
    if ((colour.get(start) ?? WHITE) !== WHITE) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    colour.set(start, GREY);
    while (path.length) {
      const node = path[path.length - 1]!;
      const outs = g.get(node) ?? [];
      const i = next[next.length - 1]!;
      if (i >= outs.length) {
        colour.set(node, BLACK);
        path.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const to = outs[i]!;
      const c = colour.get(to) ?? WHITE;
      if (c === GREY) return path.slice(path.indexOf(to));
      if (c === WHITE && g.has(to)) {
        colour.set(to, GREY);
        path.push(to);
        next.push(0);
      }
    }
  }
  return undefined;
}

/** Every node reachable from `from` through one or more edges (bounded by the graph's size). */
export function reachable(g: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(g.get(from) ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const m of g.get(n) ?? []) if (!seen.has(m)) stack.push(m);
  }
  return seen;
}

/** A shared allowance of node visits, so repeated walks over one hostile graph stay bounded. */
export interface Budget {
  left: number;
}

/**
 * Whether `to` is reachable from `from` through one or more edges (stops at the first hit);
 * undefined when `budget` ran out first.
 */
export function reaches(
  g: Graph,
  from: string,
  to: string,
  budget: Budget = { left: Infinity },
): boolean | undefined {
  const seen = new Set<string>();
  const stack = [...(g.get(from) ?? [])];
  while (stack.length) {
    if (--budget.left < 0) return undefined;
    const n = stack.pop()!;
    if (n === to) return true;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const m of g.get(n) ?? []) if (!seen.has(m)) stack.push(m);
  }
  return false;
}

/** The nodes in an order where every node comes after the nodes it points to; undefined on a cycle. */
export function dependencyOrder(g: Graph): string[] | undefined {
  const pending = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const [n, outs] of g) {
    const known = outs.filter((m) => g.has(m));
    pending.set(n, known.length);
    for (const m of known) {
      const list = dependents.get(m);
      if (list) list.push(n);
      else dependents.set(m, [n]);
    }
  }
  const ready = [...pending].filter(([, c]) => c === 0).map(([n]) => n);
  const out: string[] = [];
  while (ready.length) {
    const n = ready.pop()!;
    out.push(n);
    for (const d of dependents.get(n) ?? []) {
      const c = pending.get(d)! - 1;
      pending.set(d, c);
      if (c === 0) ready.push(d);
    }
  }
  return out.length === g.size ? out : undefined;
}
