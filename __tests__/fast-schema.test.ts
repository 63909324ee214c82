// The fast acceptance paths in front of the trace formats' zod schemas: every format has one written
// ahead of time, current with the emitter, and on every record of the trace fixtures, and on many
// edits of them, both that path and the one compiled at run time agree with zod.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { emitModule, fastSchema, oneOf, writtenSchema } from '../src/io/fast-schema.js';
import { canonicalJson as canonicalStringify } from '../src/packs/kit/index.js';
import { fast } from '../src/packs/trace/format/fast.js';
import { traceFastPaths } from '../src/packs/trace/format/fast-paths.generated.js';
import { TRACE_FAST_PATHS_FILE, renderTraceFastPaths } from '../scripts/lib/trace-fast-paths.js';
import { staleness } from '../scripts/lib/fast-paths-text.js';
import { FAST_FORMATS, schemas } from '../src/packs/trace/format/schema.js';

const S = schemas();

const FIXTURES = path.resolve('conformance/trace');

function files(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

function parseAll(file: string): unknown[] {
  const out: unknown[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    try {
      out.push(JSON.parse(line));
    } catch {
      // not JSON: nothing to compare
    }
  }
  return out;
}

const REPLACEMENTS: unknown[] = [null, '', 'x', -1, 0, 1.5, 2 ** 60, true, [], {}, [1, 0], ['a']];

/** The value itself, then each member dropped, replaced, or joined by an unknown key. */
function* edits(v: unknown, depth = 0): Generator<unknown> {
  yield v;
  if (depth > 4 || v === null || typeof v !== 'object') return;
  const clone = () => structuredClone(v) as Record<string, unknown>;
  if (!Array.isArray(v)) {
    yield { ...clone(), unexpected: 1 };
  }
  for (const k of Object.keys(v)) {
    const rest = clone();
    delete rest[k];
    yield rest;
    for (const r of REPLACEMENTS) yield { ...clone(), [k]: r };
    for (const inner of edits((v as Record<string, unknown>)[k], depth + 1)) {
      const c = clone();
      c[k] = inner;
      yield Array.isArray(v) ? Object.values(c) : c;
    }
  }
}

/** Where the compiled path (and the written one, when given) and zod disagree on `values`. */
function agree(
  schema: z.ZodType,
  values: Iterable<unknown>,
  written?: (v: unknown) => boolean,
): number {
  const compiled = fastSchema(schema);
  let n = 0;
  const disagree: unknown[] = [];
  for (const edited of values) {
    // Into this realm: structuredClone's objects have another Object.prototype under jest, which
    // every fast path refuses (zod then decides), so they would test nothing.
    const v: unknown = edited === undefined ? edited : JSON.parse(JSON.stringify(edited));
    const a = compiled.safeParse(v);
    const b = schema.safeParse(v);
    // The written path says yes exactly where zod accepts the value unchanged.
    const unchanged = b.success && canonicalStringify(b.data) === canonicalStringify(v);
    if (written && written(v) !== unchanged) disagree.push(v);
    // Where zod drops a "__proto__" key the fast path refuses the value (tested below).
    if (b.success && !a.success && a.error.issues[0]?.path.at(-1) === '__proto__') continue;
    // (Compared as sorted-key JSON: zod's copy and the value itself come from different realms under jest.)
    if (a.success !== b.success || canonicalStringify(a.data) !== canonicalStringify(b.data))
      disagree.push(v);
    n++;
  }
  expect(disagree.slice(0, 3)).toEqual([]);
  return n;
}

describe('fastSchema', () => {
  it('has a path written ahead of time for every run format, as the emitter writes it (npm run fast-paths)', () => {
    const text = fs.readFileSync(path.resolve(TRACE_FAST_PATHS_FILE), 'utf8');
    expect(staleness(TRACE_FAST_PATHS_FILE, text, renderTraceFastPaths())).toBeUndefined();
    for (const k of FAST_FORMATS) {
      expect([k, typeof traceFastPaths()[k]]).toEqual([k, 'function']);
      expect([k, fast()[k].compiled]).toEqual([k, true]);
    }
  });

  it('agrees with zod on every trace record of the fixtures and on edits of them', () => {
    const traces = files(FIXTURES).filter((f) => f.endsWith('trace.jsonl'));
    const records = traces.flatMap(parseAll) as { event?: unknown }[];
    const events = records.map((r) => r?.event).filter((e) => e !== undefined);
    expect(events.length).toBeGreaterThan(100);
    const written = traceFastPaths();
    agree(
      S.EventRecord,
      records.flatMap((r) => [...edits(r, 4)]),
      written.EventRecord,
    );
    // The clean run's events, each edited everywhere; the other fixtures' events as they are.
    const clean = parseAll(path.join(FIXTURES, 'clean-run/input', relTrace('clean-run')));
    const edited = clean.flatMap((r) => [...edits((r as { event?: unknown }).event)]);
    expect(agree(S.TraceEvent, [...events, ...edited], written.TraceEvent)).toBeGreaterThan(5000);
    agree(S.TraceHeader, [...edits(clean[0])], written.TraceHeader);
  });

  it('agrees with zod on the run files of the fixtures and on edits of them', () => {
    const byName: Record<string, (typeof FAST_FORMATS)[number]> = {
      'plan.json': 'Plan',
      'spec.json': 'ProblemSpec',
      'run_meta.json': 'RunMeta',
      'verify.json': 'VerificationReport',
      'manifest.json': 'Manifest',
      'chunks.jsonl': 'ChunkRecord',
    };
    for (const f of files(FIXTURES)) {
      const format = byName[path.basename(f)];
      // Edits of the clean run's files; the other fixtures' files as they are.
      const depth = f.includes(`${path.sep}clean-run${path.sep}`) ? 2 : 5;
      if (format)
        agree(
          S[format],
          parseAll(f).flatMap((v) => [...edits(v, depth)]),
          traceFastPaths()[format],
        );
    }
  });

  it('leaves schemas it does not know to zod', () => {
    const strip = z.object({ a: z.string() });
    expect(fastSchema(z.string().transform((s) => s.length)).compiled).toBe(false);
    // Without .strict() or .loose(), zod strips unknown keys: only exact matches are fast.
    expect(fastSchema(strip).safeParse({ a: 'x', b: 1 })).toEqual({
      success: true,
      data: { a: 'x' },
    });
  });

  it('agrees with zod on partial records with enum keys and on refinements to a list of literals', () => {
    const partial = z.partialRecord(z.enum(['a', 'b']), z.object({ n: z.number() }).loose());
    expect(fastSchema(partial).compiled).toBe(true);
    const obj = { n: 1 };
    agree(partial, [
      {},
      { a: obj },
      { a: obj, b: obj },
      { c: obj },
      { a: obj, c: obj },
      { a: { n: 'x' } },
      { a: null },
      JSON.parse('{"__proto__": {"n": 1}}'),
      [],
      null,
      'a',
    ]);
    // A whole record with enum keys (every key required) is left to zod.
    expect(fastSchema(z.record(z.enum(['a']), z.string())).compiled).toBe(false);
    const rate = z.number().refine(oneOf([0.8, 0.9]));
    const flag = z.boolean().refine(oneOf([true]));
    expect(fastSchema(rate).compiled && fastSchema(flag).compiled).toBe(true);
    agree(rate, [0.8, 0.9, 0.85, -0, 0, '0.8', null, Infinity]);
    agree(flag, [true, false, 1, 'true', null]);
  });

  it('never accepts what zod refuses or changes: formats, unions, prototype names, odd objects', () => {
    // Found by a hostile review: each of these had a fast path that said yes where zod did not.
    const formats = [z.int(), z.email(), z.uuid(), z.iso.datetime()];
    for (const f of formats) expect(fastSchema(f).compiled).toBe(false);
    agree(z.looseObject({ id: z.uuid(), n: z.int() }), [
      { id: 'x', n: 1.5 },
      { id: 'x', n: 1 },
    ]);
    const first = z.union([z.object({ a: z.string() }), z.looseObject({ a: z.string() })]);
    expect(fastSchema(first).compiled).toBe(false);
    agree(first, [{ a: 'x', b: 1 }, { a: 'x' }]);
    // Options that never change a value may still be tried in any order.
    expect(fastSchema(z.union([z.number(), z.string()])).compiled).toBe(true);
    const protoNamed = z.strictObject({ toString: z.string().optional() });
    expect(fastSchema(protoNamed).compiled).toBe(false);
    agree(protoNamed, [{}, { toString: 'x' }]);
    agree(z.strictObject({ ['__proto__']: z.string().optional() }), [
      JSON.parse('{"__proto__":"x"}'),
    ]);
    const record = z.record(z.string(), z.string());
    agree(record, [new Map(), new Date(0), { a: 'x' }, { [Symbol('s')]: 1 }, Object.create(null)]);
    agree(z.partialRecord(z.enum(['a']), z.string()), [{ [Symbol('s')]: 1 }, { a: 'x' }]);
    const exact = z.looseObject({ a: z.exactOptional(z.string()) });
    agree(exact, [{ a: undefined }, {}, { a: 'x' }]);
    // A schema that refers to itself is left to zod, not a stack overflow.
    const tree = z.object({
      name: z.string(),
      get children() {
        return z.array(tree);
      },
    });
    expect(fastSchema(tree).compiled).toBe(false);
    agree(tree, [{ name: 'a', children: [{ name: 'b', children: [] }] }, { name: 1 }]);
  });

  it('a written path builds its zod schema only for a value it refuses; without one it compiles', () => {
    const schema = z.object({ a: z.string() }).strict();
    let builds = 0;
    const make = () => (builds++, schema);
    const written = writtenSchema((v) => typeof v === 'object' && v !== null && 'a' in v, make);
    expect(written.safeParse({ a: 'x' }).success).toBe(true);
    expect(builds).toBe(0);
    expect(written.safeParse({ b: 1 }).success).toBe(false);
    expect(builds).toBe(1);
    const unwritten = writtenSchema(undefined, () => schema);
    expect(unwritten.compiled).toBe(true);
    for (const v of [{ a: 'x' }, { a: 1 }, { a: 'x', b: 1 }])
      expect(unwritten.safeParse(v).success).toBe(schema.safeParse(v).success);
  });

  it('writes the same predicates as source for a generated file', () => {
    const schemas = {
      point: z.object({ x: z.number(), y: z.number().gt(0).optional() }).strict(),
      tags: z.array(z.enum(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])).min(1),
      pick: z.discriminatedUnion('k', [
        z.object({ k: z.literal('a'), a: z.string().regex(/^x+$/) }),
        z.object({ k: z.literal('b'), b: z.boolean().refine(oneOf([true])) }),
      ]),
      lenient: z.string().refine((v) => v.startsWith('x')),
    };
    const { source, names } = emitModule(schemas);
    // A refinement's own function is not source: that schema stays with zod.
    expect(names.lenient).toBeUndefined();
    const table = new Function(
      `${source}\nreturn { ${Object.entries(names)
        .filter(([, n]) => n)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')} };`,
    )() as Record<string, (v: unknown) => boolean>;
    const values = [
      { x: 1 },
      { x: 1, y: 2 },
      { x: 1, y: 0 },
      { x: 1, z: 1 },
      ['a'],
      [],
      ['a', 'z'],
      { k: 'a', a: 'xx' },
      { k: 'a', a: 'y' },
      { k: 'b', b: true },
      { k: 'b', b: false },
      { k: 'c' },
      null,
    ];
    for (const key of ['point', 'tags', 'pick'] as const)
      for (const v of values) {
        const r = schemas[key].safeParse(v);
        expect([key, v, table[key]!(v)]).toEqual([key, v, r.success]);
      }
  });

  it('counts only own keys, so an inherited name never hides an unknown key', () => {
    const s = z.object({ constructor: z.unknown().optional(), a: z.string() }).strict();
    expect(fastSchema(s).safeParse({ a: 'x', z: 1 }).success).toBe(false);
  });

  it('agrees with zod on undefined values, prototype-named keys and inherited keys', () => {
    const strict = z
      .object({ a: z.string(), b: z.string().optional(), constructor: z.number() })
      .strict();
    const loose = z.object({ a: z.string(), b: z.string().optional() }).catchall(z.unknown());
    const values = [
      { a: 'x', constructor: 1 },
      { a: 'x', b: 'y', constructor: 1 },
      { a: 'x', b: undefined, constructor: 1 },
      { a: undefined, constructor: 1 },
      { a: 'x' },
      { a: 'x', constructor: 1, valueOf: 2 },
      Object.assign(Object.create({ a: 'inherited' }) as object, { constructor: 1 }),
      Object.assign(Object.create({ b: 'inherited' }) as object, { a: 'x', constructor: 1 }),
      Object.assign(Object.create(null) as object, { a: 'x', constructor: 1 }),
      JSON.parse('{"a":"x","constructor":1,"__proto__":{"b":"y"}}'),
    ];
    expect(agree(strict, values)).toBe(values.length);
    agree(loose, values);
  });

  it('agrees with zod on the field checks it writes inline (numbers, booleans, nullable, unknown)', () => {
    const s = z
      .object({
        n: z.number(),
        b: z.boolean(),
        nn: z.number().nullable(),
        ob: z.boolean().optional(),
        u: z.unknown(),
        ns: z.string().nullable().optional(),
      })
      .strict();
    const kinds: unknown[] = [0, -1.5, 2 ** 60, NaN, Infinity, '1', true, false, null, [], {}];
    const base = { n: 1, b: true, nn: null, u: 'x' };
    const values = [
      base,
      ...Object.keys({ ...base, ob: 0, ns: 0 }).flatMap((k) =>
        kinds.map((v) => ({ ...base, [k]: v })),
      ),
    ];
    expect(agree(s, values)).toBe(values.length);
  });

  it('refuses a "__proto__" key that zod would silently leave out of its result', () => {
    const hex = 'a'.repeat(64);
    const manifest = fastSchema(S.Manifest);
    const hidden = JSON.parse(`{"__proto__":"not hex","evidence/a.txt":"${hex}"}`);
    expect(S.Manifest.safeParse(hidden).success).toBe(true); // what zod alone does
    const r = manifest.safeParse(hidden);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path)).toEqual([['__proto__']]);
    // The path written ahead of time refuses it too, and so the run's own check says why.
    expect(traceFastPaths().Manifest!(hidden)).toBe(false);
    expect(
      fast()
        .Manifest.safeParse(hidden)
        .error?.issues.map((i) => i.path),
    ).toEqual([['__proto__']]);
    const deep = JSON.parse(`{"a":[{"b":1,"c":{"__proto__":"x"}}]}`);
    const nested = z.object({ a: z.array(z.record(z.string(), z.unknown())) }).strict();
    const numbers = z.object({
      a: z.array(z.object({ b: z.number(), c: z.record(z.string(), z.number()) })),
    });
    expect(fastSchema(numbers).safeParse(deep).error?.issues[0]?.path).toEqual([
      'a',
      0,
      'c',
      '__proto__',
    ]);
    expect(fastSchema(nested).safeParse(deep).success).toBe(true); // z.unknown() keeps it
    // Refused whatever its value, and whether or not code generation is allowed.
    expect(manifest.safeParse(JSON.parse(`{"__proto__":"${hex}"}`)).success).toBe(false);
    const loose = fastSchema(z.object({ a: z.number() }).catchall(z.unknown()));
    expect(loose.safeParse(JSON.parse('{"a":1,"__proto__":{}}')).success).toBe(false);
  });

  it('falls back to zod alone where code generation is disabled', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--disallow-code-generation-from-strings',
        path.resolve('dist/cli/index.js'),
        'trace',
        path.join(FIXTURES, 'clean-run/input'),
      ],
      { encoding: 'utf8' },
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
  });
});

function relTrace(fixture: string): string {
  const runs = path.join(FIXTURES, fixture, 'input/artifacts/runs');
  return path.join('artifacts/runs', fs.readdirSync(runs)[0]!, 'trace.jsonl');
}
