import { createHash } from 'node:crypto';

/**
 * The SDK's hashes (aristo.md §2, `aristo-core/src/hash.rs`). Every hash string is
 * `sha256:` + 64 lowercase hex.
 */
export function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/**
 * Rust's `char::is_whitespace` (Unicode White_Space), which is not JavaScript's `\s` (JS adds
 * U+FEFF, Rust adds U+0085). All of it lies in the BMP.
 */
export function isRustWhitespace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * Rust's `str::trim`, which the SDK's emptiness checks use too: unlike JavaScript's `trim` it
 * removes U+0085 and keeps U+FEFF. A loop, not a regular expression: `[ws]+$` retries from every position of
 * a long inner run of whitespace, which took minutes on a hostile proof's megabyte of spaces.
 */
/** Rust's `str::trim_start`. */
export function rustTrimStart(text: string): string {
  let start = 0;
  while (start < text.length && isRustWhitespace(text.charCodeAt(start))) start++;
  return text.slice(start);
}

export function rustTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isRustWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isRustWhitespace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** Whether the SDK finds `text` empty once trimmed (`text.trim().is_empty()`). */
export const rustBlank = (text: string): boolean => rustTrim(text).length === 0;

// Runs of ASCII whitespace as Rust's `char::is_ascii_whitespace` sees it: no vertical tab.
const ASCII_RUN = /[ \t\n\f\r]+/g;

/** The SDK's text normalisation: trim, then each run of ASCII whitespace becomes one space. */
export function normalizeText(text: string): string {
  return rustTrim(text).replace(ASCII_RUN, ' ');
}

export function textHash(text: string): string {
  return sha256(normalizeText(text));
}

/** The covered region, verbatim. */
export function bodyHash(region: string): string {
  return sha256(region);
}

/**
 * Rust's `str::lines()`: split at `\n`, a `\r` right before it dropped; a final line ending
 * does not start another line.
 */
export function rustLines(source: string): string[] {
  if (source.length === 0) return [];
  const lines = source.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    // The last piece has no `\n` after it, so its `\r` is kept.
    if (i < lines.length - 1 || source.endsWith('\n'))
      if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
  }
  return lines;
}

/** Parses a code ground's `lines` as the SDK does: `N` or `N-M`, 1 ≤ N ≤ M. */
export function parseLineRange(s: string): { lo: number; hi: number } | undefined {
  const m = /^(\d+)(?:-(\d+))?$/.exec(s);
  if (!m) return undefined;
  const lo = Number(m[1]);
  const hi = m[2] === undefined ? lo : Number(m[2]);
  if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || lo === 0 || hi < lo)
    return undefined;
  return { lo, hi };
}

/** A code ground's hash: lines lo..hi of `lines` (from {@link rustLines}) joined by `\n`. */
export function codeTextHash(lines: readonly string[], lo: number, hi: number): string {
  return sha256(lines.slice(lo - 1, hi).join('\n'));
}

/**
 * The characters the code grounds of one workspace may have re-hashed from one file: this many
 * times the file, and RANGE_BUDGET_SLACK besides. A proof may cite every line of a small file
 * many times over; 20,000 grounds citing two million lines each (minutes of hashing) may not.
 */
export const RANGE_BUDGET_FACTOR = 64;
export const RANGE_BUDGET_SLACK = 1024 * 1024;

/**
 * {@link codeTextHash} over one file: each range hashed once, however many grounds cite it, and
 * undefined once the file's distinct ranges would cost more than `budget` characters (by default
 * RANGE_BUDGET_FACTOR times the file and RANGE_BUDGET_SLACK). A range's cost is read from running
 * totals, so a refused range costs nothing either. Needs 1 ≤ lo ≤ hi ≤ lines.length.
 */
export function rangeHasher(
  lines: readonly string[],
  budget?: number,
): (lo: number, hi: number) => string | undefined {
  // at[i]: the characters of lines 1..i, each with its line ending (source files are < 4 GiB).
  const at = new Uint32Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) at[i + 1] = at[i]! + lines[i]!.length + 1;
  let left = budget ?? RANGE_BUDGET_FACTOR * at[lines.length]! + RANGE_BUDGET_SLACK;
  const memo = new Map<string, string>();
  return (lo, hi) => {
    const key = `${lo}-${hi}`;
    let hash = memo.get(key);
    if (hash !== undefined) return hash;
    if (!(lo >= 1 && hi >= lo && hi <= lines.length)) return undefined;
    const cost = at[hi]! - at[lo - 1]!;
    if (cost > left) return undefined;
    left -= cost;
    hash = codeTextHash(lines, lo, hi);
    memo.set(key, hash);
    return hash;
  };
}

export const HASH_RE = /^sha256:[0-9a-f]{64}$/;
