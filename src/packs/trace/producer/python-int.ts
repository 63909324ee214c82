// Python's int() as the producer applies it to a run's recorded policy, over code points.
const PY_INT = /^[+-]?\p{Nd}+(?:_\p{Nd}+)*$/u;
const PY_MAX_STR_DIGITS = 4300;
const SPACE =
  '[\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const INT_SPACE = new RegExp(`^${SPACE}+|${SPACE}+$`, 'gu');

/** Python's int() of a JSON value: a bool, a number (toward zero), a string; else undefined. */
export function pythonIntOf(raw: unknown): number | undefined {
  if (typeof raw === 'boolean') return Number(raw);
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.trunc(raw) : undefined;
  return typeof raw === 'string' ? pythonInt(raw) : undefined;
}

/**
 * Python's int() of a string, as the producer's verifier reads the policy: surrounding
 * whitespace, a sign, digits of any script and single underscores between them (`" 3_0"` is 30,
 * `"３"` is 3); undefined where Python raises ValueError. Unicode's decimal digits come in runs
 * of ten, 0 to 9, so a digit's value is its distance from the start of its run, modulo ten.
 */
export function pythonInt(text: string): number | undefined {
  // int() strips Unicode whitespace but not U+001C–U+001F or U+FEFF (which JavaScript's \s
  // holds), and strips NEL (which \s does not): measured against Python 3.11 over every code point.
  const t = text.replace(INT_SPACE, '');
  if (!PY_INT.test(t)) return undefined;
  // Python refuses more than 4,300 digits (sys.get_int_max_str_digits()).
  if (t.replace(/[+\-_]/g, '').length > PY_MAX_STR_DIGITS) return undefined;
  let n = 0;
  for (const ch of t) {
    if (ch === '+' || ch === '-' || ch === '_') continue;
    let start = ch.codePointAt(0)!;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    n = n * 10 + ((ch.codePointAt(0)! - start) % 10);
  }
  return t.startsWith('-') ? -n : n;
}
