// Whether a string says anything. Whitespace and invisible format characters (zero-width spaces
// and joiners, a BOM) say nothing, so a field holding only them is as missing as an empty one.
const VISIBLE = /[^\s\p{Cf}]/u;

/** A string with at least one character that is neither whitespace nor an invisible format character. */
export const hasText = (v: string): boolean => VISIBLE.test(v);

/**
 * Orders strings by code point, which is the byte order of their UTF-8 (Python's and Rust's
 * string order); JavaScript's `<` compares UTF-16 code units, which differs above U+FFFF.
 */
export function codePointCompare(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/**
 * A whole number with its thousands separated by commas ("65,536"), as `toLocaleString('en-US')`
 * writes it, without loading ICU's number formatting: called at load, that had delayed every
 * command's start (docs/performance.md, sixteenth pass).
 */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The known name a misspelt one most likely meant: at most a third of its letters apart. */
export function closest(key: string, known: readonly string[]): string | undefined {
  if (key.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(key.length / 3)) + 1;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** Levenshtein distance (two rows). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length]!;
}
