// A mixed Addenda B bundle with many mutated records, for the tests that hold the pack's speed work
// to the report it gave before: a clean run of several entities, every conformance fixture's
// mutation applied to it (those that still find their record), then seeded random mutations of
// fields, nested values, references, order, duplicates and raw lines. Deterministic for a seed.
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error plain JavaScript module without types
import { bundleModel, FIXTURES, writeBundle } from '../../scripts/build-addenda-b-fixtures.mjs';

type Rec = Record<string, unknown>;
interface Model {
  meta: Rec;
  registry: Record<string, unknown>;
  records: Array<Rec | string>;
}

/** mulberry32: a small seeded PRNG (the same numbers on every machine). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Replacement values of every JSON kind, the seed's non-finite spellings and hostile keys among them. */
const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x',
  'NaN',
  'Infinity',
  '-Infinity',
  true,
  false,
  [],
  {},
  [null],
  { constructor: 'x', toString: 1 },
  'sha256:' + '0'.repeat(64),
  '2026-03-02T09:00:00Z',
  'not a time',
];

/** A nested container of `v` (v itself included), picked at random. */
function someContainer(v: object, rnd: () => number): object {
  const all: object[] = [];
  const walk = (x: unknown, depth: number) => {
    if (typeof x !== 'object' || x === null || depth > 6) return;
    all.push(x);
    for (const c of Array.isArray(x) ? x : Object.values(x)) walk(c, depth + 1);
  };
  walk(v, 0);
  return all[Math.floor(rnd() * all.length)]!;
}

/** Mutates one record in place (or returns a raw line / a list of records to put in its place). */
function mutate(
  r: Rec,
  m: Model,
  rnd: () => number,
  pick: <T>(xs: readonly T[]) => T,
): Array<Rec | string> {
  const objects = m.records.filter(isObj);
  const c = someContainer(r, rnd);
  const keys = Array.isArray(c) ? c.map((_, i) => i) : Object.keys(c).filter((k) => k !== 'type');
  const key = keys.length ? pick(keys as Array<string | number>) : undefined;
  const slot = c as Record<string | number, unknown>;
  switch (Math.floor(rnd() * 12)) {
    case 0: // drop a field or an element
      if (key !== undefined) {
        if (Array.isArray(c)) c.splice(key as number, 1);
        else delete slot[key];
      }
      return [r];
    case 1: // a value of another kind
    case 2:
      if (key !== undefined) slot[key] = structuredClone(pick(ODD_VALUES));
      return [r];
    case 3: {
      // the same field's value from another record of the type (a reference that moves)
      const other = pick(objects.filter((o) => o.type === r.type));
      const k = pick(Object.keys(other).filter((x) => x !== 'type'));
      if (k !== undefined) r[k] = structuredClone(other[k]);
      return [r];
    }
    case 4: {
      // a string field pointing at some other record's id
      const other = pick(objects);
      const id = Object.entries(other).find(([k, v]) => k.endsWith('_id') && typeof v === 'string');
      const k = pick(Object.keys(r).filter((x) => typeof r[x] === 'string' && x !== 'type'));
      if (id && k !== undefined) r[k] = id[1];
      return [r];
    }
    case 5: // an extra field
      r[pick(['extra', '__proto__', 'status', 'schema_version'])] = pick(ODD_VALUES);
      return [r];
    case 6: // the record twice (a repeat, maybe a rewrite)
      return [r, structuredClone(r)];
    case 7: {
      // the record twice, the second one changed
      const copy = structuredClone(r);
      const k = pick(Object.keys(copy).filter((x) => x !== 'type'));
      if (k !== undefined) copy[k] = pick(ODD_VALUES);
      return [r, copy];
    }
    case 8: // another type's name
      r.type = pick([String(pick(objects).type), 'NoSuchType', 'constructor', '__proto__', '']);
      return [r];
    case 9: // a raw line that is not a record
      return [
        pick([
          '',
          '{',
          '[1,2]',
          'null',
          '"text"',
          '{"type":7}',
          '{"no_type":true}',
          '{"type":"FormulaValue","value_id":"deep","value":' +
            '['.repeat(101) +
            ']'.repeat(101) +
            '}',
          '{"type":"FormulaValue","value_id":"edge","value":' +
            '['.repeat(99) +
            ']'.repeat(99) +
            '}',
          '{"type":"FormulaValue","value_id":"x","value":1}\r',
          '{"type":"FormulaValue","value_id":"p","value":{"__proto__":{"a":1}}}',
          JSON.stringify(r).replace('{', '{"__proto__":{"x":1},'),
          '{"type":"FormulaValue","value_id":"ünïcødé","value":"€"}',
        ]),
        r,
      ];
    case 10: // the record moved elsewhere in event order
      return [];
    default:
      // a nested container emptied
      if (Array.isArray(c)) c.length = 0;
      else for (const k of Object.keys(c)) if (k !== 'type') delete slot[k];
      return [r];
  }
}

/** `levels` containers, arrays and objects alternating, around `inner`. */
const nest = (levels: number, inner = '1'): string =>
  Array.from({ length: levels }).reduce<string>(
    (s, _, i) => (i % 2 ? `{"k":${s}}` : `[${s}]`),
    inner,
  );

/** Lines at the reader's edges: nesting at and past its cap (the record itself is level 1). */
const EDGE_LINES = [
  `{"type":"FormulaValue","value_id":"depth-100","value":${nest(99)}}`,
  `{"type":"FormulaValue","value_id":"depth-101","value":${nest(100)}}`,
  `{"type":"FormulaValue","value_id":"depth-101-late","value":[1,{},[],${nest(99)}]}`,
  `{"type":"FormulaValue","value_id":"depth-100-wide","value":[${nest(98)},${nest(97, '{}')}]}`,
  `{"type":"FormulaValue","value_id":"proto","value":{"__proto__":${nest(100)}}}`,
  `{"type":"NoSuchType","value":${nest(200)}}`,
];

type Mutation = (model: Model) => void;

/** Whether a fixture's mutation leaves the bundle whole (some drop the registry or most records). */
function keepsTheBundle(how: Mutation, base: Model): boolean {
  const probe = bundleModel({ entities: 1 }) as Model;
  try {
    how(probe);
  } catch {
    return false;
  }
  return (
    probe.meta !== undefined &&
    probe.records.length >= base.records.length - 5 &&
    Object.keys(probe.registry).length >= Object.keys(base.registry).length
  );
}

/** The model of the mixed bundle: `entities` clean entities, every fixture's mutation, `mutations` random ones. */
export function mutantModel(seed: number, entities: number, mutations: number): Model {
  const m = bundleModel({ entities }) as Model;
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const base = bundleModel({ entities: 1 }) as Model;
  for (const [, , , how] of FIXTURES as Array<[string, string, string[], unknown]>) {
    if (typeof how !== 'function' || !keepsTheBundle(how as Mutation, base)) continue;
    try {
      (how as Mutation)(m);
    } catch {
      // the fixture's record was already mutated away by an earlier fixture
    }
  }
  const moved: Array<Rec | string> = [];
  for (let i = 0; i < mutations; i++) {
    const at = Math.floor(rnd() * m.records.length);
    const r = m.records[at];
    if (!isObj(r)) continue;
    const out = mutate(r, m, rnd, pick);
    if (out.length === 0) moved.push(r);
    m.records.splice(at, 1, ...out);
  }
  for (const r of moved) m.records.splice(Math.floor(rnd() * m.records.length), 0, r);
  m.records.push(...EDGE_LINES);
  return m;
}

/** Writes the mixed bundle to `dir` (records that are strings are written as raw lines). */
export function writeMutantBundle(dir: string, m: Model): void {
  writeBundle(dir, { ...m, records: [] });
  fs.writeFileSync(
    path.join(dir, 'records.jsonl'),
    m.records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n',
  );
}
