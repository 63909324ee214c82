import { z } from 'zod';

type Pred = (v: unknown) => boolean;

class Unsupported extends Error {}

/** The parts of a zod 4 schema definition this compiler reads. */
interface Def {
  type: string;
  checks?: ZodCheck[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  innerType?: Schema;
  element?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  options?: Schema[];
  discriminator?: string;
  partial?: boolean;
}
interface Schema {
  _zod: { def: Def; traits?: Set<string> };
}

/**
 * Whether the compiler may read `s` by its def alone. A format schema (z.int(), z.email(),
 * z.iso.datetime()) is its own check, and z.exactOptional refuses an explicit undefined: both are
 * left to zod.
 */
const plain = (s: Schema): boolean =>
  !s._zod.traits?.has('$ZodCheck') && !s._zod.traits?.has('$ZodExactOptional');
interface ZodCheck {
  _zod: {
    def: {
      check: string;
      format?: string;
      pattern?: RegExp;
      minimum?: number;
      value?: unknown;
      inclusive?: boolean;
      fn?: unknown;
    };
    check(payload: { value: unknown; issues: unknown[] }): unknown;
  };
}

/**
 * A refinement's function that holds a value to a list of literals (e.g. a seed's `true`, or
 * `0.8 | 0.9`), marked so the compiler writes it as plain comparisons: `.refine(oneOf([0.8, 0.9]))`.
 */
export function oneOf<T extends number | boolean | string>(
  values: readonly T[],
): ((v: T) => boolean) & { oneOf: readonly T[] } {
  return Object.assign((v: T) => values.includes(v), { oneOf: values });
}

/**
 * A refinement's function with its condition also written as source, so the emitter can put it
 * into generated code: `.refine(withSource(([a, b]) => a < b, 'v[0] < v[1]'))`. The source names
 * the checked value `v` (the emitter's own name for it) and runs only after the base type
 * matched; the fast-path tests hold the two to agreeing on every fixture value and edits of them.
 */
export function withSource<F extends (v: never) => unknown>(
  fn: F,
  source: string,
): F & { source: string } {
  return Object.assign(fn, { source });
}

const sourceOf = (fn: unknown): string | undefined => {
  const source = typeof fn === 'function' ? (fn as { source?: unknown }).source : undefined;
  return typeof source === 'string' ? source : undefined;
};

const oneOfValues = (fn: unknown): readonly unknown[] | undefined => {
  const values = typeof fn === 'function' ? (fn as { oneOf?: unknown }).oneOf : undefined;
  return Array.isArray(values) ? values : undefined;
};

export interface FastSchema<S extends z.ZodType> {
  /** Whether the fast path exists (false: every value goes to zod). */
  readonly compiled: boolean;
  safeParse(v: unknown): z.ZodSafeParseResult<z.output<S>>;
}

/**
 * A fast path in front of a zod schema: a predicate compiled from the schema's own definition
 * (its checks are zod's own check functions) that is true only when zod would accept the value
 * and return it unchanged. Any other value, and any schema the compiler does not know, goes to
 * zod, which stays the source of truth and explains every rejection.
 */
export function fastSchema<S extends z.ZodType>(schema: S): FastSchema<S> {
  // Compiled on first use: a pack's module declares its fast paths at load, and a run that never
  // reads that pack's files should not pay for compiling them at start-up.
  let accept: Pred | undefined | null = null;
  const predicate = (): Pred | undefined => {
    if (accept !== null) return accept;
    try {
      accept = compile(schema as unknown as Schema);
    } catch (err) {
      // Code generation may be disabled (--disallow-code-generation-from-strings), or a schema
      // that refers to itself nests without end (RangeError): zod alone then.
      if (!unwritable(err) && !(err instanceof EvalError)) throw err;
      accept = undefined;
    }
    return accept;
  };
  return withZod(predicate, () => schema);
}

/**
 * A fast path written ahead of time (emitModule's output, in a generated file) in front of a zod
 * schema that is built only when a value needs zod: a run whose values all pass builds none.
 * Without a written path, the schema's own is compiled when first needed, as by fastSchema.
 */
export function writtenSchema<S extends z.ZodType>(
  accept: Pred | undefined,
  schema: () => S,
): FastSchema<S> {
  let built: S | undefined;
  const zod = () => (built ??= schema());
  if (accept) return withZod(() => accept, zod);
  let compiled: FastSchema<S> | undefined;
  const fallback = () => (compiled ??= fastSchema(zod()));
  return {
    get compiled() {
      return fallback().compiled;
    },
    safeParse: (v) => fallback().safeParse(v),
  };
}

/** A predicate in front of zod, which decides (and explains) every value it does not accept. */
function withZod<S extends z.ZodType>(
  predicate: () => Pred | undefined,
  schema: () => S,
): FastSchema<S> {
  return {
    get compiled() {
      return predicate() !== undefined;
    },
    safeParse: (v) => {
      if (predicate()?.(v)) return { success: true, data: v } as z.ZodSafeParseResult<z.output<S>>;
      const r = schema().safeParse(v);
      // zod leaves "__proto__" keys out of records and catch-all objects (it cannot set them
      // safely): such a value is not the one zod vouched for, so it is refused, not checked
      // without the key.
      const at = r.success ? droppedProto(v, r.data) : undefined;
      if (!at) return r;
      return {
        success: false,
        error: new z.ZodError([
          {
            code: 'custom',
            path: at,
            message: 'has the key "__proto__", which cannot be checked',
            input: v,
          },
        ]),
      } as z.ZodSafeParseResult<z.output<S>>;
    },
  };
}

/**
 * Where zod's result lacks an own "__proto__" key that the input had (records and catch-all
 * objects drop it; values under z.unknown() keep it), walking input and result side by side.
 */
function droppedProto(input: unknown, output: unknown): (string | number)[] | undefined {
  interface Step {
    a: unknown;
    b: unknown;
    key: string | number;
    up: Step | undefined;
  }
  const pathTo = (s: Step, last: string): (string | number)[] => {
    const out: (string | number)[] = [last];
    for (let x: Step | undefined = s; x?.up; x = x.up) out.push(x.key);
    return out.reverse();
  };
  const stack: Step[] = [{ a: input, b: output, key: '', up: undefined }];
  for (let s = stack.pop(); s; s = stack.pop()) {
    const { a, b } = s;
    if (a === b || typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
      continue;
    if (Array.isArray(a)) {
      if (!Array.isArray(b)) continue;
      for (let i = 0; i < a.length; i++) stack.push({ a: a[i], b: b[i], key: i, up: s });
    } else {
      if (Object.hasOwn(a, '__proto__') && !Object.hasOwn(b, '__proto__'))
        return pathTo(s, '__proto__');
      for (const k of Object.keys(a))
        if (Object.hasOwn(b, k))
          stack.push({
            a: (a as Record<string, unknown>)[k],
            b: (b as Record<string, unknown>)[k],
            key: k,
            up: s,
          });
    }
  }
  return undefined;
}

/**
 * What the emitter writes for one schema: function definitions (and constants) in order, and the
 * values its code needs that are not source text (zod's own check functions), as `r[i]`.
 */
interface Emitter {
  defs: string[];
  refs: unknown[];
  /** Source for a generated file (emitModule): a part that needs such a value cannot be written. */
  standalone: boolean;
  /** Each schema object's function, written once however often it is nested. */
  named: Map<Schema, string>;
  /** Each definition's name by its text: two schemas written alike share one definition. */
  texts: Map<string, string>;
}

/** Helpers the emitted code calls, bound once: a checkout's values cannot reach them. */
const PRELUDE =
  'const hasOwn = Object.hasOwn, getPrototypeOf = Object.getPrototypeOf, objectPrototype = Object.prototype;\n' +
  "const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);\n";

/** The predicate for `s`, compiled here (zod's own check functions allowed). */
function compile(s: Schema): Pred {
  const e: Emitter = { defs: [], refs: [], standalone: false, named: new Map(), texts: new Map() };
  const root = emitNode(s, e);
  return new Function('r', `${PRELUDE}${e.defs.join('\n')}\nreturn ${root};`)(e.refs) as Pred;
}

/**
 * The predicates for `schemas` as the source of one JavaScript module body, for a generated file
 * that needs neither zod nor code generation at run time: the helpers, every definition (a schema
 * nested in several is written once), and for each key the name of its predicate, or undefined
 * where a part of its schema is not expressible as source (a refinement's own function) or not
 * supported. It is the same code `fastSchema` compiles.
 */
export function emitModule(schemas: Record<string, z.ZodType>): {
  source: string;
  names: Record<string, string | undefined>;
} {
  const e: Emitter = { defs: [], refs: [], standalone: true, named: new Map(), texts: new Map() };
  const names: Record<string, string | undefined> = {};
  for (const [key, schema] of Object.entries(schemas)) {
    const defs = e.defs.length;
    const named = new Map(e.named);
    const texts = new Map(e.texts);
    try {
      names[key] = emitNode(schema as unknown as Schema, e);
    } catch (err) {
      if (!unwritable(err)) throw err;
      e.defs.length = defs; // what this schema wrote is dropped, and names nothing
      e.named = named;
      e.texts = texts;
      names[key] = undefined;
    }
  }
  return { source: `${PRELUDE}${e.defs.join('\n')}\n`, names };
}

/** A schema part the compiler does not write, or one that refers to itself without end. */
const unwritable = (err: unknown): boolean =>
  err instanceof Unsupported || err instanceof RangeError;

/**
 * Defines a function (or a constant, when `params` is undefined) and returns its name; a
 * definition with the same text as an earlier one is that one.
 */
function define(e: Emitter, body: string, params?: string): string {
  const text = `${params ?? ''}\n${body}`;
  const known = e.texts.get(text);
  if (known) return known;
  const name = `${params === undefined ? 'c' : 'f'}${e.defs.length}`;
  e.defs.push(
    params === undefined ? `const ${name} = ${body};` : `function ${name}(${params}) {\n${body}\n}`,
  );
  e.texts.set(text, name);
  return name;
}

/** A value the code uses by reference (compile only). */
function reference(e: Emitter, value: unknown): string {
  if (e.standalone) throw new Unsupported();
  e.refs.push(value);
  return `r[${e.refs.length - 1}]`;
}

/** A value a schema compares with, as source: a string, number, boolean or null. */
function literal(x: unknown): string {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return JSON.stringify(x);
  // String() spells every number as source (Infinity and NaN are the globals), except -0.
  if (typeof x === 'number') return Object.is(x, -0) ? '-0' : String(x);
  throw new Unsupported();
}

/** Whether the expression `x` is one of `values`. */
const anyOf = (x: string, values: readonly unknown[]): string =>
  `(${values.map((v) => `${x} === ${literal(v)}`).join(' || ')})`;

/** The plain types' conditions on the expression `x`. */
const LEAF: Record<string, (x: string) => string> = {
  string: (x) => `typeof ${x} === 'string'`,
  number: (x) => `(typeof ${x} === 'number' && Number.isFinite(${x}))`,
  boolean: (x) => `typeof ${x} === 'boolean'`,
  unknown: () => 'true',
};

/** The name of the function that tests a value against `s` (its type, then its checks). */
function emitNode(s: Schema, e: Emitter): string {
  const known = e.named.get(s);
  if (known) return known;
  if (!plain(s)) throw new Unsupported();
  const def = s._zod.def;
  const tests = [emitType(def, e), ...(def.checks ?? []).map((c) => emitCheck(c, e))];
  // A schema that is only a call of another function is that function.
  const call = tests.length === 1 ? /^(f\d+)\(v\)$/.exec(tests[0]!) : null;
  const name = call ? call[1]! : define(e, `return ${tests.join(' && ')};`, 'v');
  e.named.set(s, name);
  return name;
}

/**
 * The checks the run formats use, as plain conditions on `v` (same conditions as zod's check
 * functions, run after the base type matched); any other check runs zod's own function.
 */
function emitCheck(c: ZodCheck, e: Emitter): string {
  const d = c._zod.def;
  const pattern = d.pattern;
  if (d.check === 'string_format' && d.format === 'regex' && pattern instanceof RegExp) {
    if (!pattern.global && !pattern.sticky) return `${define(e, pattern.toString())}.test(v)`;
  } else if (d.check === 'min_length' && typeof d.minimum === 'number') {
    // zod counts code points, which only matters between min and 2 × min UTF-16 units; source
    // counts them itself (as strict as zod or stricter: a value it refuses goes to zod).
    const min = literal(d.minimum);
    const exact = e.standalone ? `[...v].length >= ${min}` : `${reference(e, runCheck(c))}(v)`;
    return `(v.length >= 2 * ${min} || (v.length >= ${min} && ${exact}))`;
  } else if (d.check === 'number_format' && d.format === 'safeint') {
    return 'Number.isSafeInteger(v)';
  } else if (d.check === 'greater_than' && typeof d.value === 'number') {
    return `v ${d.inclusive ? '>=' : '>'} ${literal(d.value)}`;
  } else if (d.check === 'less_than' && typeof d.value === 'number') {
    return `v ${d.inclusive ? '<=' : '<'} ${literal(d.value)}`;
  } else if (d.check === 'custom') {
    const values = oneOfValues(d.fn);
    if (values) return anyOf('v', values);
    const source = sourceOf(d.fn);
    if (source) return `(${source})`;
  }
  return `${reference(e, runCheck(c))}(v)`;
}

function runCheck(c: ZodCheck): Pred {
  return (value) => {
    const payload = { value, issues: [] as unknown[] };
    const r = c._zod.check(payload);
    // An async refinement, or a check that rewrites the value, is left to zod.
    return !(r instanceof Promise) && payload.issues.length === 0 && payload.value === value;
  };
}

/** The base type's condition on `v`. */
function emitType(def: Def, e: Emitter): string {
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'unknown':
      return LEAF[def.type]!('v');
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? def.values! : Object.values(def.entries!);
      if (!values.every((x) => typeof x === 'string')) throw new Unsupported();
      if (values.length <= 8) return anyOf('v', values);
      return `${define(e, `new Set([${values.map(literal).join(', ')}])`)}.has(v)`;
    }
    case 'nullable':
      return `(v === null || ${emitNode(def.innerType!, e)}(v))`;
    case 'optional':
      return `(v === undefined || ${emitNode(def.innerType!, e)}(v))`;
    case 'array': {
      const el = emitNode(def.element!, e);
      // Indexed, not every(): a hole is an undefined element to zod.
      const body = `if (!Array.isArray(v)) return false;\nfor (let i = 0; i < v.length; i++) if (!${el}(v[i])) return false;\nreturn true;`;
      return `${define(e, body, 'v')}(v)`;
    }
    case 'tuple': {
      if (def.rest) throw new Unsupported();
      const items = def.items!.map((x, i) => `${emitNode(x, e)}(v[${i}])`);
      return `(Array.isArray(v) && v.length === ${items.length}${items.map((t) => ` && ${t}`).join('')})`;
    }
    case 'record': {
      // String keys, or (z.partialRecord) keys from an enum, none of them required.
      const keys = def.keyType!._zod.def.type;
      if (keys !== 'string' && !(def.partial === true && (keys === 'enum' || keys === 'literal')))
        throw new Unsupported();
      const key = emitNode(def.keyType!, e);
      const value = emitNode(def.valueType!, e);
      // "__proto__" goes to zod, which drops it, and is then refused (see safeParse).
      // zod takes plain objects only (no class instance, Map or Date) and reads symbol keys too.
      const body = `if (!isObject(v)) return false;\nconst proto = getPrototypeOf(v);\nif (proto !== objectPrototype && proto !== null) return false;\nif (Object.getOwnPropertySymbols(v).length > 0) return false;\nfor (const k of Object.keys(v)) if (k === '__proto__' || !${key}(k) || !${value}(v[k])) return false;\nreturn true;`;
      return `${define(e, body, 'v')}(v)`;
    }
    case 'object':
      return `${emitObject(def, e)}(v)`;
    case 'union':
      return emitUnion(def, e);
    default:
      throw new Unsupported();
  }
}

function emitObject(def: Def, e: Emitter): string {
  const catchall = def.catchall?._zod.def.type;
  // Without a catchall zod strips unknown keys (a changed value): only an exact match is fast.
  const extraOk = catchall === 'unknown';
  if (catchall !== undefined && catchall !== 'never' && catchall !== 'unknown')
    throw new Unsupported();
  // One function per object schema (keys are the schema's own, never input): one shared function
  // for every object would see every shape at its property loads, which V8 then does slowly.
  const lines = Object.entries(def.shape!).map(([k, s]) => {
    // zod reads a key named like an Object.prototype member (or "__proto__") through the
    // prototype when the value lacks it: such a schema is left to zod.
    if (k in Object.prototype) throw new Unsupported();
    const key = JSON.stringify(k);
    const optional = s._zod.def.type === 'optional';
    const test = inlineTest(s, 'x') ?? `${emitNode(s, e)}(x)`;
    // One load (Object.prototype, the value's only prototype, lacks the key): a value read as
    // undefined is absent (a parsed value never holds undefined, and one that does goes to zod:
    // counted as absent, a required key fails and a strict object's key count does not match).
    // An object that allows other keys counts none.
    if (extraOk)
      return `x = v[${key}]; if (${optional ? '' : 'x === undefined || '}!(${test})) return false;`;
    return `x = v[${key}]; if (x !== undefined) present++;${optional ? '' : ' else return false;'} if (!(${test})) return false;`;
  });
  // An own "__proto__" key goes to zod (which drops it) and is then refused, as it is without
  // code generation.
  const rest = extraOk
    ? 'return !hasOwn(v, "__proto__");'
    : 'return Object.keys(v).length === present;';
  const body = [
    "if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;",
    'const proto = getPrototypeOf(v);',
    'if (proto !== objectPrototype && proto !== null) return false;',
    'let present = 0, x;',
    ...lines,
    rest,
  ].join('\n');
  return define(e, body, 'v');
}

/**
 * The condition of the commonest field schemas (a plain string, number or boolean, unknown, a
 * small string enum, optional and nullable ones) as an expression over `x`, so the generated
 * object check calls no function for them; undefined for any other schema.
 */
function inlineTest(s: Schema, x: string): string | undefined {
  const def = s._zod.def;
  if (def.checks?.length || !plain(s)) return undefined;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'unknown':
      return LEAF[def.type]!(x);
    case 'optional': {
      const inner = inlineTest(def.innerType!, x);
      return inner && `(${x} === undefined || ${inner})`;
    }
    case 'nullable': {
      const inner = inlineTest(def.innerType!, x);
      return inner && `(${x} === null || ${inner})`;
    }
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? def.values! : Object.values(def.entries!);
      if (values.length > 8 || !values.every((v) => typeof v === 'string')) return undefined;
      return anyOf(x, values);
    }
    default:
      return undefined;
  }
}

/** Whether zod may accept a value of `s` with changes: an object that strips keys, a record. */
function mayChange(s: Schema): boolean {
  const def = s._zod.def;
  switch (def.type) {
    case 'object':
      return def.catchall === undefined || Object.values(def.shape!).some((x) => mayChange(x));
    case 'record':
      return true;
    case 'array':
      return mayChange(def.element!);
    case 'optional':
    case 'nullable':
      return mayChange(def.innerType!);
    case 'tuple':
      return def.items!.some(mayChange);
    case 'union':
      return def.options!.some(mayChange);
    default:
      return false;
  }
}

function emitUnion(def: Def, e: Emitter): string {
  const options = def.options!.map((o) => ({ o, f: emitNode(o, e) }));
  const disc = def.discriminator;
  if (disc === undefined) {
    // zod returns the first option that succeeds, even with a changed value (a stripped key):
    // a later option's exact match then differs from zod's result.
    if (options.slice(0, -1).some(({ o }) => mayChange(o))) throw new Unsupported();
    return `(${options.map(({ f }) => `${f}(v)`).join(' || ')})`;
  }
  const byTag = new Map<unknown, string>();
  for (const { o, f } of options) {
    const tag = o._zod.def.shape?.[disc]?._zod.def;
    if (tag?.type !== 'literal') throw new Unsupported();
    for (const x of tag.values!) {
      if (byTag.has(x)) throw new Unsupported(); // zod refuses a repeated tag
      byTag.set(x, f);
    }
  }
  const cases = [...byTag].map(([t, f]) => `if (t === ${literal(t)}) return ${f}(v);`);
  const body = `if (!isObject(v)) return false;\nconst t = v[${JSON.stringify(disc)}];\n${cases.join('\n')}\nreturn false;`;
  return `${define(e, body, 'v')}(v)`;
}
