/**
 * Python's text primitives as the producer's code applies them: its whitespace (str.isspace, which
 * str.strip and the `\s` of its regular expressions use) and strip, over code points.
 */

/** Python's str.isspace (JavaScript's trim differs on U+001C–U+001F, U+0085 and U+FEFF). */
export function isPySpace(cp: number): boolean {
  return (
    (cp >= 0x09 && cp <= 0x0d) ||
    (cp >= 0x1c && cp <= 0x20) ||
    cp === 0x85 ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** Python's `s.strip()` (or only its right half) over code points [a, b). */
export function pyStrip(
  cps: readonly number[],
  a: number,
  b: number,
  left = true,
): [number, number] {
  while (left && a < b && isPySpace(cps[a]!)) a++;
  while (b > a && isPySpace(cps[b - 1]!)) b--;
  return [a, b];
}

export function pyStripString(s: string): string {
  // Python's whitespace is all in the BMP, and no surrogate is whitespace: UTF-16 units will do.
  let a = 0;
  let b = s.length;
  while (a < b && isPySpace(s.charCodeAt(a))) a++;
  while (b > a && isPySpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/**
 * The producer's bm25 `tokenize`: `[A-Za-z0-9_]+` under re.ASCII, each match lower-cased. Its
 * retrieval record names this tokenizer "unicode_word", but it matches ASCII words only.
 */
export function producerTokens(s: string): string[] {
  return (s.match(/[A-Za-z0-9_]+/g) ?? []).map((w) => w.toLowerCase());
}

/** Code points [a, b) as a string, a slice at a time (a spread of a long text overflows the stack). */
export function text(cps: readonly number[], a: number, b: number): string {
  let out = '';
  for (let i = a; i < b; i += 4096)
    out += String.fromCodePoint(...cps.slice(i, Math.min(b, i + 4096)));
  return out;
}
