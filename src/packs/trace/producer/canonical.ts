/**
 * Canonical JSON as the producer writes it (Python `json.dumps(sort_keys=True, separators=(",",
 * ":"), ensure_ascii=False, allow_nan=False)`): sorted keys, no whitespace, Python's string escapes
 * and Python's float repr. Two paths:
 *
 * - fast: `JSON.parse` then re-serialize with sorted keys; a line equal to that is canonical (and
 *   has no duplicate keys, since a repeated key would vanish from the re-serialization);
 * - exact: a small scanner that explains why a line is not canonical (syntax error with its column,
 *   NaN, a duplicate key, unsorted keys, whitespace, an escape or number Python would not write),
 *   and accepts what only Python writes (floats such as `1.0` or `1e-05`).
 */
import { codePointCompare } from '../../kit/index.js';

export type CanonicalProblem =
  | { kind: 'syntax'; column: number; message: string }
  | { kind: 'duplicate'; column: number; key: string; message: string }
  | { kind: 'noncanonical'; column: number; message: string };

export type CanonicalResult =
  | { ok: true; value: unknown; members: Map<string, [number, number]> | undefined }
  | { ok: false; problem: CanonicalProblem; value?: unknown };

/** Python's repr of a finite float (shortest round-trip digits; exponent form below 1e-4 and from 1e16). */
export function pyFloatRepr(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expStr] = x.toExponential().split('e') as [string, string];
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const e = Number(expStr);
  let s: string;
  if (e >= -4 && e < 16) {
    if (e >= 0) {
      const intPart = digits.slice(0, e + 1).padEnd(e + 1, '0');
      s = `${intPart}.${digits.slice(e + 1) || '0'}`;
    } else {
      s = `0.${'0'.repeat(-e - 1)}${digits}`;
    }
  } else {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    s = `${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return neg ? `-${s}` : s;
}

/** A JSON string literal the way Python writes it with ensure_ascii=False (same as JSON.stringify for well-formed text). */
function pyString(s: string): string {
  return JSON.stringify(s);
}

/** Thrown inside the scanner; not an Error, so no stack trace is captured per bad line. */
class Fail {
  constructor(readonly problem: CanonicalProblem) {}
}

const INT_RE = /^-?(?:0|[1-9]\d*)$/;
const NUM_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The exact scanner: parses `text` and reports the first reason it is not canonical JSON. */
export function scanCanonical(text: string): CanonicalResult {
  let i = 0;
  let firstNoncanonical: CanonicalProblem | undefined;
  let firstDuplicate: CanonicalProblem | undefined;
  const soft = (column: number, message: string) => {
    firstNoncanonical ??= { kind: 'noncanonical', column, message };
  };
  const syntax = (message: string, at = i): never => {
    throw new Fail({ kind: 'syntax', column: at + 1, message: `${message} at column ${at + 1}` });
  };
  const skipWs = () => {
    const start = i;
    while (
      i < text.length &&
      (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')
    )
      i++;
    if (i > start)
      soft(start + 1, `has whitespace at column ${start + 1} (canonical JSON is compact)`);
  };
  let topMembers: Map<string, [number, number]> | undefined;

  const value = (depth: number): unknown => {
    if (depth > 512) syntax('nests deeper than 512 levels');
    skipWs();
    const c = text[i];
    if (c === '{') return object(depth);
    if (c === '[') return array(depth);
    if (c === '"') return string();
    if (c === 't' && text.startsWith('true', i)) return ((i += 4), true);
    if (c === 'f' && text.startsWith('false', i)) return ((i += 5), false);
    if (c === 'n' && text.startsWith('null', i)) return ((i += 4), null);
    if (
      text.startsWith('NaN', i) ||
      text.startsWith('Infinity', i) ||
      text.startsWith('-Infinity', i)
    ) {
      const word = text.startsWith('NaN', i) ? 'NaN' : c === '-' ? '-Infinity' : 'Infinity';
      throw new Fail({
        kind: 'syntax',
        column: i + 1,
        message: `has ${word} at column ${i + 1}, which JSON does not allow`,
      });
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    if (c === undefined) return syntax('ends where a value was expected');
    return syntax(`has an unexpected character ${JSON.stringify(c)}`);
  };

  const number = (): number => {
    const start = i;
    while (i < text.length && /[-+0-9.eE]/.test(text[i]!)) i++;
    const lex = text.slice(start, i);
    if (!NUM_RE.test(lex)) syntax(`has an invalid number ${JSON.stringify(lex)}`, start);
    const n = Number(lex);
    if (!Number.isFinite(n)) syntax(`has a number out of range ${JSON.stringify(lex)}`, start);
    if (INT_RE.test(lex)) {
      if (lex === '-0') soft(start + 1, `writes -0 at column ${start + 1}`);
    } else if (lex !== pyFloatRepr(n) || Object.is(n, -0)) {
      soft(
        start + 1,
        `writes the number ${lex} at column ${start + 1}, not in canonical form (${Object.is(n, -0) ? '0.0' : pyFloatRepr(n)})`,
      );
    }
    return n;
  };

  const string = (): string => {
    const start = i;
    i++;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) syntax('has an unterminated string', start);
      if (c === 0x22) break;
      if (c < 0x20) syntax('has a raw control character inside a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            syntax('has an invalid \\u escape');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) syntax('has an invalid escape');
        i += 2;
        continue;
      }
      i++;
    }
    i++;
    const raw = text.slice(start, i);
    const decoded = JSON.parse(raw) as string;
    if (pyString(decoded) !== raw)
      soft(start + 1, `escapes a string differently from canonical JSON at column ${start + 1}`);
    return decoded;
  };

  const array = (depth: number): unknown[] => {
    i++;
    const out: unknown[] = [];
    skipWs();
    if (text[i] === ']') return (i++, out);
    for (;;) {
      out.push(value(depth + 1));
      skipWs();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') return (i++, out);
      return syntax('expects , or ] in an array');
    }
  };

  const object = (depth: number): Record<string, unknown> => {
    i++;
    const out: Record<string, unknown> = {};
    const members = depth === 0 ? new Map<string, [number, number]>() : undefined;
    if (members) topMembers = members;
    let prev: string | undefined;
    const seen = new Set<string>();
    skipWs();
    if (text[i] === '}') return (i++, out);
    for (;;) {
      skipWs();
      if (text[i] !== '"') syntax('expects a quoted key');
      const keyAt = i;
      const key = string();
      skipWs();
      if (text[i] !== ':') syntax('expects : after a key');
      i++;
      skipWs();
      const vStart = i;
      const v = value(depth + 1);
      if (seen.has(key)) {
        // Keep reading (the last value wins, as in most parsers) so the rest can still be checked.
        firstDuplicate ??= {
          kind: 'duplicate',
          column: keyAt + 1,
          key,
          message: `repeats the key ${JSON.stringify(key)} at column ${keyAt + 1}`,
        };
      } else if (prev !== undefined && codePointCompare(prev, key) > 0)
        soft(
          keyAt + 1,
          `has key ${JSON.stringify(key)} after ${JSON.stringify(prev)} at column ${keyAt + 1} (keys must be sorted)`,
        );
      seen.add(key);
      prev = key;
      Object.defineProperty(out, key, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      members?.set(key, [vStart, i]);
      skipWs();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') return (i++, out);
      return syntax('expects , or } in an object');
    }
  };

  try {
    if (text.charCodeAt(0) === 0xfeff) syntax('starts with a UTF-8 byte order mark (BOM)', 0);
    if (text.length === 0) syntax('is empty', 0);
    const v = value(0);
    skipWs();
    if (i < text.length) syntax('has text after the JSON value');
    if (firstDuplicate) return { ok: false, problem: firstDuplicate, value: v };
    if (firstNoncanonical) return { ok: false, problem: firstNoncanonical, value: v };
    return { ok: true, value: v, members: topMembers };
  } catch (err) {
    if (err instanceof Fail) return { ok: false, problem: err.problem };
    throw err;
  }
}

const MAX_DEPTH = 512;

/**
 * What the producer would write for the document in `text`: Python's json.loads, then json.dumps
 * with sort_keys, compact separators and ensure_ascii=False. Integers keep their digits, floats
 * become Python's repr, strings are re-escaped and keys sorted by code point, so formatting never
 * changes a content id. Undefined when the text is not JSON, repeats a key, nests deeper than 512
 * levels or holds a number Python could not write back (infinite).
 */
export function canonicalizeText(text: string): string | undefined {
  try {
    JSON.parse(text); // syntax first: the walk below trusts it
  } catch {
    return undefined;
  }
  let i = 0;
  const ws = () => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;)
      c = text.charCodeAt(++i);
  };
  const string = (): string => {
    const start = i++;
    for (let c = text.charCodeAt(i); c !== 0x22; c = text.charCodeAt(i)) i += c === 0x5c ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (depth: number): string => {
    if (depth > MAX_DEPTH) throw new Fail({ kind: 'syntax', column: i + 1, message: 'too deep' });
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      ws();
      const close = c === '{' ? '}' : ']';
      const parts: [string, string][] = [];
      while (text[i] !== close) {
        ws();
        let key = '';
        if (c === '{') {
          key = string();
          ws();
          i++; // :
        }
        parts.push([key, value(depth + 1)]);
        ws();
        if (text[i] === ',') i++;
      }
      i++;
      if (c === '[') return `[${parts.map((p) => p[1]).join(',')}]`;
      parts.sort((a, b) => codePointCompare(a[0], b[0]));
      for (let k = 1; k < parts.length; k++)
        if (parts[k - 1]![0] === parts[k]![0])
          throw new Fail({ kind: 'duplicate', column: i, key: parts[k]![0], message: 'repeats' });
      return `{${parts.map(([k, v]) => `${pyString(k)}:${v}`).join(',')}}`;
    }
    if (c === '"') return pyString(string());
    for (const lit of ['true', 'false', 'null'])
      if (text.startsWith(lit, i)) return ((i += lit.length), lit);
    const start = i;
    while (i < text.length && /[-+0-9.eE]/.test(text[i]!)) i++;
    const lex = text.slice(start, i);
    if (INT_RE.test(lex)) return lex === '-0' ? '0' : lex;
    const x = Number(lex);
    if (!Number.isFinite(x)) throw new Fail({ kind: 'syntax', column: start + 1, message: lex });
    return pyFloatRepr(x);
  };
  try {
    return value(0);
  } catch (err) {
    if (err instanceof Fail) return undefined;
    throw err;
  }
}

/** The code of a hex digit in lowercase, or -1 (Python writes `\u001f`, never `\u001F`). */
function lowerHex(c: number): number {
  return c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
}

// Per open container: where the previous key of that object starts and ends (-1: none yet).
// Shared scratch space: isCanonicalText is synchronous and not re-entered.
const keyStart = new Int32Array(MAX_DEPTH + 1);
const keyEnd = new Int32Array(MAX_DEPTH + 1);

/**
 * Whether `text`, which JSON.parse has already accepted, is canonical JSON, judged from its
 * characters in one pass without building anything: no whitespace between tokens, object keys in
 * strictly increasing order (so no duplicate), only the escapes Python writes, integers without
 * -0, and floats as Python's repr. False means "not proven": keys with escapes or non-ASCII,
 * floats outside the plain decimal range and deep nesting are left to the exact scanner.
 * `members`, when given, receives the spans of the top-level object's members; `ascii` says the
 * caller knows the text is ASCII (its UTF-8 is as long as it is), which spares the key checks.
 */
export function isCanonicalText(
  text: string,
  members?: Map<string, [number, number]>,
  ascii = false,
): boolean {
  const n = text.length;
  let member = '';
  let memberStart = -1;
  let bs = text.indexOf('\\');
  if (bs < 0) bs = n;
  let depth = -1;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = text.indexOf('"', i + 1);
      if (j < 0) return false; // unterminated: not text JSON.parse accepted
      let escaped = false;
      while (bs < j) {
        escaped = true;
        const e = text.charCodeAt(bs + 1);
        if (e === 0x75) {
          // \u00XX, only for the control characters that have no short escape.
          if (text.charCodeAt(bs + 2) !== 0x30 || text.charCodeAt(bs + 3) !== 0x30) return false;
          const hi = text.charCodeAt(bs + 4) - 0x30;
          const lo = lowerHex(text.charCodeAt(bs + 5));
          if ((hi !== 0 && hi !== 1) || lo < 0) return false;
          const cp = hi * 16 + lo;
          if (cp === 8 || cp === 9 || cp === 10 || cp === 12 || cp === 13) return false;
          bs += 6;
        } else if (
          e === 0x22 || // \"
          e === 0x5c || // \\
          e === 0x6e || // \n
          e === 0x72 || // \r
          e === 0x74 || // \t
          e === 0x62 || // \b
          e === 0x66 // \f
        ) {
          bs += 2;
        } else return false;
        if (bs > j && (j = text.indexOf('"', bs)) < 0) return false; // that quote was escaped
        const next = text.indexOf('\\', bs);
        bs = next < 0 ? n : next;
      }
      if (text.charCodeAt(j + 1) !== 0x3a) {
        i = j + 1;
        continue;
      }
      // A key: plain ASCII (or the scanner decides), strictly after the object's previous key.
      if (escaped) return false;
      if (!ascii) {
        for (let k = i + 1; k < j; k++) if (text.charCodeAt(k) >= 0x80) return false;
      }
      const pa = keyStart[depth]!;
      if (pa >= 0 && !asciiLess(text, pa, keyEnd[depth]!, i + 1, j)) return false;
      keyStart[depth] = i + 1;
      keyEnd[depth] = j;
      if (depth === 0 && members) {
        member = text.slice(i + 1, j);
        memberStart = j + 2;
      }
      i = j + 2;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (++depth >= MAX_DEPTH) return false;
      keyStart[depth] = -1;
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d || c === 0x2c) {
      if (depth === 0 && memberStart >= 0) {
        members!.set(member, [memberStart, i]);
        memberStart = -1;
      }
      if (c !== 0x2c) depth--;
      i++;
    } else if (c === 0x74 || c === 0x6e) {
      i += 4; // true, null
    } else if (c === 0x66) {
      i += 5; // false
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i++;
      let plain = true;
      for (; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d >= 0x30 && d <= 0x39) continue;
        if (d !== 0x2e && d !== 0x65 && d !== 0x45 && d !== 0x2b && d !== 0x2d) break;
        plain = false;
      }
      if (plain) {
        if (c === 0x2d && i - start === 2 && text.charCodeAt(start + 1) === 0x30) return false; // -0
        // 309 digits and more overflow to Infinity, which the scanner rejects as out of range.
        if (i - start > 308 && !Number.isFinite(Number(text.slice(start, i)))) return false;
      } else if (!plainFloat(text.slice(start, i))) return false;
    } else {
      return false; // whitespace
    }
  }
  return true;
}

/** Whether key [a0, a1) sorts strictly before key [b0, b1) (ASCII, so code units are code points). */
function asciiLess(text: string, a0: number, a1: number, b0: number, b1: number): boolean {
  const la = a1 - a0;
  const lb = b1 - b0;
  const m = la < lb ? la : lb;
  for (let k = 0; k < m; k++) {
    const x = text.charCodeAt(a0 + k);
    const y = text.charCodeAt(b0 + k);
    if (x !== y) return x < y;
  }
  return la < lb;
}

/** A float in the range where Python's repr is a plain decimal, written exactly that way. */
function plainFloat(lex: string): boolean {
  if (lex === '0.0') return true;
  const x = Number(lex);
  const ax = Math.abs(x);
  if (!(ax >= 1e-4 && ax < 1e16) || lex.indexOf('e') >= 0 || lex.indexOf('E') >= 0) return false;
  // In this range JavaScript and Python agree on the digits; Python keeps ".0" on whole floats.
  const js = String(x);
  return js === lex || (js.length + 2 === lex.length && lex.endsWith('.0') && lex.startsWith(js));
}

/**
 * Checks one line: JSON.parse and a one-pass character check first, the exact scanner only when
 * those cannot prove the line canonical (it then says why, or accepts a Python-only form).
 * `needMembers` asks for the spans of the top-level members (for re-hashing content ids).
 */
export function checkLine(text: string, needMembers = false, ascii = false): CanonicalResult {
  // A trace line is an object: anything else goes straight to the scanner, which says why.
  if (text.charCodeAt(0) === 0x7b) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      return scanCanonical(text); // it says where the syntax breaks
    }
    const members = needMembers ? new Map<string, [number, number]>() : undefined;
    if (isCanonicalText(text, members, ascii)) return { ok: true, value: v, members };
  }
  return scanCanonical(text);
}
