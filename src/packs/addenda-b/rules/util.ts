import type { Bundle, BundleRecord } from '../bundle.js';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A present value: not undefined, not null, not an empty string. */
export const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Short, quoted text from a record for a message (the renderers escape and cap it again). */
export function q(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return `"${s.length > 80 ? `${s.slice(0, 77)}...` : s}"`;
}

/** A record's name for messages: its type and id (or its line). */
export function nameOf(r: BundleRecord, idField?: string): string {
  const id = idField ? r.data[idField] : undefined;
  return typeof id === 'string' ? `${r.type} ${q(id)}` : r.type;
}

/** Groups records by a string field. */
export function groupBy(
  records: readonly BundleRecord[],
  field: string,
): Map<string, BundleRecord[]> {
  const out = new Map<string, BundleRecord[]>();
  for (const r of records) {
    const k = r.data[field];
    if (typeof k !== 'string') continue;
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** The EvaluationFindingEvent a projection's ref names. */
export function findingEvent(b: Bundle, ref: unknown): BundleRecord | undefined {
  return b.resolve(ref, 'EvaluationFindingEvent');
}

/**
 * Follows lifecycle receipts (in event order) from `start`: the state they reach, or the first
 * receipt whose from_state is not the state reached so far.
 */
export function followTransitions(
  start: unknown,
  receipts: readonly BundleRecord[],
): { state: unknown; broken?: BundleRecord } {
  let state = start;
  for (const t of receipts) {
    if (t.data.from_state !== state) return { state, broken: t };
    state = t.data.to_state;
  }
  return { state };
}
