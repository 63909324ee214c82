import { hasText } from '../../../kit/index.js';
import type { Bundle, BundleRecord } from '../../bundle.js';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string with something in it: not empty, not only whitespace or invisible characters. */
export const filled = (v: unknown): v is string => typeof v === 'string' && hasText(v);

/**
 * The form two ids are compared in by a "must not repeat" check: Unicode-normalized (NFKC),
 * without whitespace or invisible format characters (zero-width spaces, joiners), lower case. A
 * repeat spelled "HC-1 " or "hc-1\u200b" is still the same id to a reader, so it is to the check.
 */
export const sameId = (v: string): string =>
  // Printable ASCII (most ids) is its own NFKC form and holds no whitespace or format character.
  PRINTABLE_ASCII.test(v)
    ? v.toLowerCase()
    : v
        .normalize('NFKC')
        .replace(/[\s\p{Cf}]/gu, '')
        .toLowerCase();

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/**
 * A present value: not undefined, not null, not a blank string. A ref or hash of only whitespace
 * (or invisible characters) names nothing, so it must not satisfy a rule that asks for one.
 */
export const present = (v: unknown): boolean =>
  v !== undefined && v !== null && (typeof v !== 'string' || hasText(v));

export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const fieldSets = new WeakMap<object, Map<string, ReadonlySet<string>>>();

/**
 * The strings of a record's list field as a set, built once per record and field: rules ask it
 * for each record that names the record (thousands of receipts may name one request or policy),
 * and a list may repeat one entry thousands of times.
 */
export function listSet(r: BundleRecord | undefined, field: string): ReadonlySet<string> {
  if (!r) return EMPTY_SET;
  let perRecord = fieldSets.get(r);
  if (!perRecord) fieldSets.set(r, (perRecord = new Map()));
  let set = perRecord.get(field);
  if (!set) {
    perRecord.set(field, (set = new Set(strings(r.data[field]))));
  }
  return set;
}
const EMPTY_SET: ReadonlySet<string> = new Set();

/** Short, quoted text from a record for a message (the renderers escape and cap it again). */
export function q(v: unknown): string {
  if (v === null || typeof v !== 'object') return quoted(v);
  // Once per object: receipts sharing one large computed output quote it in every message.
  let s = quotedObjects.get(v);
  if (s === undefined) quotedObjects.set(v, (s = quoted(v)));
  return s;
}
const quotedObjects = new WeakMap<object, string>();

function quoted(v: unknown): string {
  // Serialised only as far as the 80 characters kept: a value may be megabytes.
  let budget = 160;
  const s =
    typeof v === 'string'
      ? v
      : (JSON.stringify(v, (_key, x: unknown) => {
          if (budget <= 0) return x !== null && typeof x === 'object' ? '…' : undefined;
          if (typeof x === 'string') {
            budget -= Math.min(x.length, 100) + 2;
            return x.length > 100 ? x.slice(0, 100) : x;
          }
          budget -= 8;
          if (Array.isArray(x) && x.length > 20) return [...x.slice(0, 20), '…'];
          if (x !== null && typeof x === 'object' && !Array.isArray(x)) {
            const head = Object.create(null) as Record<string, unknown>;
            let n = 0;
            for (const k in x) {
              if (n++ === 20) {
                head['…'] = '…';
                break;
              }
              head[k] = (x as Record<string, unknown>)[k];
            }
            return head;
          }
          return x;
        }) ?? String(v));
  return `"${s.length > 80 ? `${s.slice(0, 77)}...` : s}"`;
}

/** The first `max` items joined, then how many more: a record's list cannot grow a message without bound. */
export function listed(
  items: readonly unknown[],
  sep = ', ',
  max = 5,
  show: (v: unknown) => string = String,
): string {
  const shown = items.slice(0, max).map(show).join(sep);
  return items.length > max ? `${shown}${sep}… ${items.length - max} more` : shown;
}

/** Values of a record, each quoted (q), listed. */
export const qList = (values: readonly unknown[], sep = ', ', max = 5): string =>
  listed(values, sep, max, q);

/** A record's name for messages: its type and id (or its line). */
export function nameOf(r: BundleRecord, idField?: string): string {
  const id = idField ? r.data[idField] : undefined;
  return typeof id === 'string' ? `${r.type} ${q(id)}` : r.type;
}

/** Groups records by a string field. */
export function groupBy(
  records: readonly BundleRecord[],
  field: string,
  key: (v: string) => string = (v) => v,
): Map<string, BundleRecord[]> {
  const out = new Map<string, BundleRecord[]>();
  for (const r of records) {
    const v = r.data[field];
    if (typeof v !== 'string') continue;
    const k = key(v);
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

/** A registry record not (wholly) put in force because it would loosen a check, and why. */
export interface Refused {
  record: BundleRecord;
  why: string;
}

/** The index of the first record of `list` (in event order) written after `seq`. */
export function firstAfter(list: readonly BundleRecord[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.seq > seq) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
