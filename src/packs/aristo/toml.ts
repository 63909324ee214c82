import { parse, TomlError } from 'smol-toml';

/**
 * TOML with source lines. Values come from smol-toml (small, fast, TOML 1.0, and it refuses
 * duplicate keys and tables, as the SDK's `toml` crate does); integers are kept as bigint so
 * `attempts = 1.0` is told from `attempts = 1`. Lines come from a small scanner over the text
 * (table headers, array-of-table headers and `key =` lines, skipping multi-line strings), built
 * only when a finding asks for one: a clean run never pays for it.
 */
export type TomlPath = readonly (string | number)[];

export interface TomlDoc {
  data: Record<string, unknown>;
  /** 1-based line of the key or table at `path`, or of its nearest ancestor that has one. */
  lineOf(path: TomlPath): number;
}

export type TomlResult =
  { ok: true; doc: TomlDoc } | { ok: false; message: string; line: number; column: number };

export function parseToml(text: string): TomlResult {
  let data: Record<string, unknown>;
  try {
    data = parse(text, { integersAsBigInt: true }) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof TomlError) {
      const first = err.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
      return { ok: false, message: first, line: err.line, column: err.column };
    }
    // Nesting past smol-toml's depth limit, or anything else it throws: still a located finding.
    return { ok: false, message: String((err as Error)?.message ?? err), line: 1, column: 1 };
  }
  let lines: Map<string, number> | undefined;
  return {
    ok: true,
    doc: {
      data,
      lineOf(path) {
        lines ??= scanLines(text);
        for (let n = path.length; n > 0; n--) {
          const hit = lines.get(pathKey(path.slice(0, n)));
          if (hit !== undefined) return hit;
        }
        return 1;
      },
    },
  };
}

const pathKey = (p: TomlPath) => p.join('\u0000');

/**
 * The most segments of a dotted key or header the scanner locates. No proof nests that deep, and
 * a hostile line (or one inside a string the scanner takes for a key) of 100,000 segments made
 * it build a path for every prefix: quadratic time, and gigabytes of keys.
 */
const MAX_KEY_SEGMENTS = 64;

/**
 * Splits a dotted TOML key (`a."b.c".d`) into its segments; undefined if it is not a key, or has
 * more than MAX_KEY_SEGMENTS.
 */
function splitKey(s: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  const ws = () => {
    while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  for (;;) {
    ws();
    if (i >= n) return undefined;
    if (s[i] === '"') {
      let j = i + 1;
      let v = '';
      while (j < n && s[j] !== '"') {
        if (s[j] === '\\' && j + 1 < n) {
          const e = s[j + 1]!;
          v += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else v += s[j++];
      }
      if (j >= n) return undefined;
      out.push(v);
      i = j + 1;
    } else if (s[i] === "'") {
      const j = s.indexOf("'", i + 1);
      if (j < 0) return undefined;
      out.push(s.slice(i + 1, j));
      i = j + 1;
    } else {
      // Scanned in place: matching a regular expression against s.slice(i) copied the rest of
      // the line for every segment, quadratic on a long dotted key.
      const start = i;
      while (i < n && /[A-Za-z0-9_-]/.test(s[i]!)) i++;
      if (i === start) return undefined;
      out.push(s.slice(start, i));
    }
    ws();
    if (i >= n) return out;
    if (s[i] !== '.' || out.length >= MAX_KEY_SEGMENTS) return undefined;
    i++;
  }
}

/** Where each table, array-of-tables element and key starts, keyed by its concrete path. */
function scanLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const arrays = new Map<string, number>(); // concrete array path → last index
  let table: (string | number)[] = [];
  let inString: '"""' | "'''" | undefined;
  const rows = text.split('\n');
  // Resolves a header's segments to a concrete path: each prefix that is an array of tables
  // means "its last element".
  const concrete = (segs: string[]): (string | number)[] => {
    const out: (string | number)[] = [];
    for (const s of segs) {
      out.push(s);
      const last = arrays.get(pathKey(out));
      if (last !== undefined) out.push(last);
    }
    return out;
  };
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    if (inString) {
      // The rest of the line after the closing quotes holds no key.
      if (row.includes(inString)) inString = undefined;
      continue;
    }
    const line = r + 1;
    const trimmed = row.trim();
    if (trimmed.startsWith('[[')) {
      const close = trimmed.indexOf(']]');
      const segs = close > 0 ? splitKey(trimmed.slice(2, close)) : undefined;
      if (!segs) continue;
      const parent = concrete(segs.slice(0, -1));
      const arr = [...parent, segs[segs.length - 1]!];
      const k = pathKey(arr);
      const index = (arrays.get(k) ?? -1) + 1;
      arrays.set(k, index);
      if (!lines.has(k)) lines.set(k, line);
      table = [...arr, index];
      lines.set(pathKey(table), line);
      continue;
    }
    if (trimmed.startsWith('[')) {
      const close = trimmed.indexOf(']');
      const segs = close > 0 ? splitKey(trimmed.slice(1, close)) : undefined;
      if (!segs) continue;
      table = concrete(segs);
      if (!lines.has(pathKey(table))) lines.set(pathKey(table), line);
      continue;
    }
    const eq = findEquals(row);
    if (eq < 0) continue;
    const segs = splitKey(row.slice(0, eq));
    if (!segs) continue;
    const full = [...table, ...segs];
    // Dotted keys define their intermediate tables here too.
    for (let n = table.length + 1; n <= full.length; n++) {
      const k = pathKey(full.slice(0, n));
      if (!lines.has(k)) lines.set(k, line);
    }
    const value = row.slice(eq + 1);
    const opener = /^\s*("""|''')/.exec(value);
    if (opener && value.indexOf(opener[1]!, value.indexOf(opener[1]!) + 3) < 0)
      inString = opener[1] as '"""' | "'''";
  }
  return lines;
}

/** The `=` of a `key = value` line (outside quoted key segments), or -1. */
function findEquals(row: string): number {
  let quote: string | undefined;
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '=') return i;
    else if (c === '#' || c === '{' || c === '[' || c === ',') return -1;
  }
  return -1;
}
