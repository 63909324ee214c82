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
}
interface Schema {
  _zod: { def: Def };
}
interface ZodCheck {
  _zod: {
    def: {
      check: string;
      format?: string;
      pattern?: RegExp;
      minimum?: number;
      value?: unknown;
      inclusive?: boolean;
    };
    check(payload: { value: unknown; issues: unknown[] }): unknown;
  };
}

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
      // Code generation may be disabled (--disallow-code-generation-from-strings): zod alone then.
      if (!(err instanceof Unsupported) && !(err instanceof EvalError)) throw err;
      accept = undefined;
    }
    return accept;
  };
  return {
    get compiled() {
      return predicate() !== undefined;
    },
    safeParse: (v) => {
      if (predicate()?.(v)) return { success: true, data: v } as z.ZodSafeParseResult<z.output<S>>;
      const r = schema.safeParse(v);
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

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function compile(s: Schema): Pred {
  const def = s._zod.def;
  const base = compileType(def);
  const checks = (def.checks ?? []).map(compileCheck);
  if (checks.length === 0) return base;
  if (checks.length === 1) {
    const only = checks[0]!;
    return (v) => base(v) && only(v);
  }
  return (v) => base(v) && checks.every((c) => c(v));
}

/**
 * The checks the run formats use, as plain predicates (same conditions as zod's check functions,
 * run after the base type matched); any other check runs zod's own function.
 */
function compileCheck(c: ZodCheck): Pred {
  const d = c._zod.def;
  const pattern = d.pattern;
  if (d.check === 'string_format' && d.format === 'regex' && pattern instanceof RegExp) {
    if (!pattern.global && !pattern.sticky) return (v) => pattern.test(v as string);
  } else if (d.check === 'min_length' && typeof d.minimum === 'number') {
    // zod counts code points, which only matters between min and 2 × min UTF-16 units.
    const min = d.minimum;
    const exact = runCheck(c);
    return (v) => {
      const units = (v as { length: number }).length;
      return units >= 2 * min || (units >= min && exact(v));
    };
  } else if (d.check === 'number_format' && d.format === 'safeint') {
    return (v) => Number.isSafeInteger(v);
  } else if (d.check === 'greater_than' && typeof d.value === 'number') {
    const min = d.value;
    return d.inclusive ? (v) => (v as number) >= min : (v) => (v as number) > min;
  } else if (d.check === 'less_than' && typeof d.value === 'number') {
    const max = d.value;
    return d.inclusive ? (v) => (v as number) <= max : (v) => (v as number) < max;
  }
  return runCheck(c);
}

function runCheck(c: ZodCheck): Pred {
  return (value) => {
    const payload = { value, issues: [] as unknown[] };
    const r = c._zod.check(payload);
    // An async refinement, or a check that rewrites the value, is left to zod.
    return !(r instanceof Promise) && payload.issues.length === 0 && payload.value === value;
  };
}

function compileType(def: Def): Pred {
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'unknown':
      return () => true;
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? def.values! : Object.values(def.entries!);
      if (!values.every((x) => typeof x === 'string')) throw new Unsupported();
      const set = new Set<unknown>(values);
      return (v) => set.has(v);
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case 'array': {
      const el = compile(def.element!);
      return (v) => {
        if (!Array.isArray(v)) return false;
        // Indexed, not every(): a hole is an undefined element to zod.
        for (let i = 0; i < v.length; i++) if (!el(v[i])) return false;
        return true;
      };
    }
    case 'tuple': {
      if (def.rest) throw new Unsupported();
      const items = def.items!.map(compile);
      return (v) => Array.isArray(v) && v.length === items.length && items.every((p, i) => p(v[i]));
    }
    case 'record': {
      if (def.keyType!._zod.def.type !== 'string') throw new Unsupported();
      const key = compile(def.keyType!);
      const value = compile(def.valueType!);
      return (v) => {
        if (!isObject(v)) return false;
        // "__proto__" goes to zod, which drops it, and is then refused (see safeParse).
        for (const k of Object.keys(v))
          if (k === '__proto__' || !key(k) || !value(v[k])) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(def);
    case 'union':
      return compileUnion(def);
    default:
      throw new Unsupported();
  }
}

function compileObject(def: Def): Pred {
  const catchall = def.catchall?._zod.def.type;
  // Without a catchall zod strips unknown keys (a changed value): only an exact match is fast.
  const extraOk = catchall === 'unknown';
  if (catchall !== undefined && catchall !== 'never' && catchall !== 'unknown')
    throw new Unsupported();
  const entries = Object.entries(def.shape!);
  const preds = entries.map(([, s]) => compile(s));
  // Generated per object schema (keys are the schema's own, never input): one shared closure for
  // every object would see every shape at its property loads, which V8 then does slowly.
  const lines = entries.map(([k, s], i) => {
    const key = JSON.stringify(k);
    const absent = s._zod.def.type === 'optional' ? 'x = undefined;' : 'return false;';
    const test = inlineTest(s) ?? `p[${i}](x)`;
    // One load where Object.prototype lacks the key (the value's only prototype, checked below):
    // a value read as undefined is then absent (a parsed value never holds undefined, and one
    // that does goes to zod: counted as absent, a required key fails and a strict object's key
    // count does not match).
    if (!(k in Object.prototype))
      return `x = v[${key}]; if (x !== undefined) present++; else ${absent} if (!(${test})) return false;`;
    return `if (hasOwn(v, ${key})) { present++; x = v[${key}]; } else ${absent} if (!(${test})) return false;`;
  });
  // An own "__proto__" key goes to zod (which drops it) and is then refused, as it is without
  // code generation.
  const rest = extraOk
    ? 'return !hasOwn(v, "__proto__");'
    : 'return Object.keys(v).length === present;';
  const source = `return function object(v) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const proto = getPrototypeOf(v);
    if (proto !== objectPrototype && proto !== null) return false;
    let present = 0, x;
    ${lines.join('\n    ')}
    ${rest}
  };`;
  return new Function('hasOwn', 'getPrototypeOf', 'objectPrototype', 'p', source)(
    Object.hasOwn,
    Object.getPrototypeOf,
    Object.prototype,
    preds,
  ) as Pred;
}

/**
 * The predicate of the commonest field schemas (a plain string, number or boolean, unknown, a
 * small string enum, optional and nullable ones) as an expression over `x`, so the generated object check calls no closure for them;
 * undefined for any other schema (its compiled predicate is called).
 */
function inlineTest(s: Schema): string | undefined {
  const def = s._zod.def;
  if (def.checks?.length) return undefined;
  switch (def.type) {
    case 'string':
      return "typeof x === 'string'";
    case 'number':
      return "(typeof x === 'number' && Number.isFinite(x))";
    case 'boolean':
      return "typeof x === 'boolean'";
    case 'unknown':
      return 'true';
    case 'optional': {
      const inner = inlineTest(def.innerType!);
      return inner && `(x === undefined || ${inner})`;
    }
    case 'nullable': {
      const inner = inlineTest(def.innerType!);
      return inner && `(x === null || ${inner})`;
    }
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? def.values! : Object.values(def.entries!);
      if (values.length > 8 || !values.every((v) => typeof v === 'string')) return undefined;
      return `(${values.map((v) => `x === ${JSON.stringify(v)}`).join(' || ')})`;
    }
    default:
      return undefined;
  }
}

function compileUnion(def: Def): Pred {
  const options = def.options!.map((o) => ({ o, p: compile(o) }));
  const disc = def.discriminator;
  if (disc === undefined) return (v) => options.some(({ p }) => p(v));
  const byTag = new Map<unknown, Pred>();
  for (const { o, p } of options) {
    const tag = o._zod.def.shape?.[disc]?._zod.def;
    if (tag?.type !== 'literal') throw new Unsupported();
    for (const x of tag.values!) byTag.set(x, p);
  }
  const tagOf = new Function('v', `return v[${JSON.stringify(disc)}];`) as (v: object) => unknown;
  return (v) => isObject(v) && (byTag.get(tagOf(v)) ?? (() => false))(v);
}
