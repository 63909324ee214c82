/**
 * The most characters (UTF-16 code units) a report keeps of any one string. Artifacts may hold
 * strings of tens of megabytes (a verdict, a summary, a reviewer name); a report repeats such a
 * value in several fields, and a few of them would make it larger than a JavaScript string can
 * be, so no report could be written at all. Longer than any path, message or summary a producer
 * writes on purpose.
 */
export const FIELD_MAX = 8192;

/** The visible end of a capped string: how big the whole value was. */
export function truncationMark(bytes: number): string {
  return `…[truncated, ${bytes} bytes]`;
}

/**
 * `s` when it has at most `max` characters, else its start and a truncation mark, `max`
 * characters in all (so capping twice changes nothing), never cutting a surrogate pair.
 */
export function capField(s: string, max = FIELD_MAX): string {
  if (s.length <= max) return s;
  const mark = truncationMark(Buffer.byteLength(s, 'utf8'));
  let end = Math.max(0, max - mark.length);
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return s.slice(0, end) + mark;
}

/**
 * A JSON-like value with every string in it (not object keys) capped by capField. Objects and
 * arrays are copied only where something was capped; the rest is the value itself.
 */
export function capFields<T>(value: T, max = FIELD_MAX): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.length > max ? capField(v, max) : v;
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const x = walk(v[i]);
        if (x !== v[i]) (out ??= v.slice())[i] = x;
      }
      return out ?? v;
    }
    let out: object | undefined;
    for (const [k, x] of Object.entries(v)) {
      const y = walk(x);
      // Defined, not assigned: a "__proto__" key stays a key.
      if (y !== x)
        Object.defineProperty((out ??= { ...v }), k, {
          value: y,
          writable: true,
          enumerable: true,
          configurable: true,
        });
    }
    return out ?? v;
  };
  return walk(value) as T;
}
