/**
 * The files a Rust source names as code it compiles: `#[path = "…"]` (also inside
 * `cfg_attr(…, path = "…")`) on a module, and `include!("…")`. The text is tokenized first, as
 * rustc reads it: comments are dropped and every string literal (plain, raw, byte, C) becomes a
 * blank placeholder, so nothing inside a comment or a string can start, end or hide a match; the
 * placeholders' values are looked up where a path is expected. What a macro builds
 * (`include!(concat!(…))`, a literal passed into `macro_rules!`, an `include` imported under
 * another name) cannot be read this way.
 */

export interface ModuleRef {
  /** The literal as rustc reads it. */
  lit: string;
  line: number;
}

/** References read from one file, at most: past it the file is reported, not read on. */
export const MAX_REFS_PER_FILE = 1000;

// Rust's whitespace (Pattern_White_Space), which is more than JavaScript's \s in places.
const WS = '[\\t\\n\\v\\f\\r \\u0085\\u200e\\u200f\\u2028\\u2029]';
// Linear whatever the text: no two optional runs of whitespace side by side (a long run of spaces
// after `#`), and a cfg_attr predicate stops at the next `#` (a file of unclosed `#[cfg_attr(`).
const PATH_ATTR = `#${WS}*(?:!${WS}*)?\\[${WS}*(?:(?:r#)?cfg_attr${WS}*\\((?:[^\\]#]|#(?=[A-Za-z_]))*?,${WS}*)?(?:r#)?path${WS}*=${WS}*"`;
const INCLUDE = `(?<![\\w#])(?:r#)?include${WS}*!${WS}*[([{]${WS}*"`;
const MODULE_FILE = new RegExp(`${PATH_ATTR}|${INCLUDE}`, 'gu');

/** The references in `text`, in order; `capped` when there were more than MAX_REFS_PER_FILE. */
export function moduleRefs(text: string): { refs: ModuleRef[]; capped: boolean } {
  const refs: ModuleRef[] = [];
  if (!text.includes('path') && !text.includes('include')) return { refs, capped: false };
  const { code, strings } = tokenize(text);
  let line = 1;
  let counted = 0;
  MODULE_FILE.lastIndex = 0;
  for (let m = MODULE_FILE.exec(code); m; m = MODULE_FILE.exec(code)) {
    const open = m.index + m[0].length - 1; // the placeholder's opening quote
    const lit = strings.get(open);
    if (lit === undefined || lit === '') continue; // a byte or C string names no file
    if (refs.length === MAX_REFS_PER_FILE) return { refs, capped: true };
    for (
      let i = code.indexOf('\n', counted);
      i >= 0 && i < m.index;
      i = code.indexOf('\n', i + 1)
    ) {
      line++;
      counted = i + 1;
    }
    refs.push({ lit, line });
  }
  return { refs, capped: false };
}

/**
 * `text` with comments turned to spaces and each string literal to a placeholder of the same
 * length (`"` and spaces, newlines kept, so lines still count), and each plain or raw string's
 * value by the index of its placeholder's opening quote.
 */
export function tokenize(text: string): { code: string; strings: Map<number, string> } {
  const strings = new Map<number, string>();
  const parts: string[] = [];
  const n = text.length;
  let kept = 0; // text before this is in parts
  const blank = (from: number, to: number, quoteAt = -1) => {
    const body = text.slice(from, to).replace(/[^\n]/g, ' ');
    parts.push(text.slice(kept, from));
    parts.push(quoteAt < 0 ? body : `"${body.slice(1, -1)}"`);
    kept = to;
  };
  // rustc drops a first line starting `#!` that is not an inner attribute (`#![…]`): a shebang.
  let i = /^#!(?![\t\n\v\f\r ]*\[)/.test(text) ? text.indexOf('\n') : 0;
  if (i < 0) i = n;
  if (i > 0) blank(0, i);
  while (i < n) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c === 0x2f && next === 0x2f) {
      const end = text.indexOf('\n', i);
      const to = end < 0 ? n : end;
      blank(i, to);
      i = to;
    } else if (c === 0x2f && next === 0x2a) {
      let depth = 1;
      let k = i + 2;
      while (k < n && depth > 0) {
        const a = text.charCodeAt(k);
        const b = text.charCodeAt(k + 1);
        if (a === 0x2f && b === 0x2a) {
          depth++;
          k += 2;
        } else if (a === 0x2a && b === 0x2f) {
          depth--;
          k += 2;
        } else k++;
      }
      blank(i, k);
      i = k;
    } else if (c === 0x27) {
      // A char literal ('"', '\'', '\u{2f}', '😀'); anything else is a lifetime or a label.
      const lit = CHAR_LITERAL.exec(text.slice(i, i + 16));
      i += lit ? lit[0].length : 1;
    } else {
      // A quote always opens a string (after a number too: `1"…"` is two tokens); a prefix letter
      // (b, c, r) only where it starts a token, not inside a name or after a lifetime's quote.
      const before = text.charCodeAt(i - 1);
      const s =
        c !== 0x22 && (isWordChar(before) || before === 0x27) ? undefined : stringAt(text, i);
      if (s === undefined) {
        i++;
        continue;
      }
      blank(i, s.end, 0);
      if (s.value !== undefined) strings.set(i, s.value);
      i = s.end;
    }
  }
  parts.push(text.slice(kept));
  return { code: parts.join(''), strings };
}

/**
 * The string literal starting at `i` (`"…"`, `r#"…"#`, and the byte and C forms `b"…"`, `br"…"`,
 * `c"…"`, `cr"…"`): where it ends, and its value for a plain or raw string (undefined for the
 * byte and C forms, which name no file). Undefined when no literal starts there.
 */
function stringAt(text: string, i: number): { end: number; value?: string } | undefined {
  let k = i;
  const prefix = text[k] === 'b' || text[k] === 'c' ? text[k++] : '';
  const raw = text[k] === 'r';
  if (raw) k++;
  let hashes = 0;
  while (raw && text.charCodeAt(k) === 0x23) {
    hashes++;
    k++;
  }
  if (text.charCodeAt(k) !== 0x22 || (!raw && hashes > 0)) return undefined;
  if (prefix === '' && !raw && k !== i) return undefined;
  if (raw) {
    const close = text.indexOf(`"${'#'.repeat(hashes)}`, k + 1);
    const end = close < 0 ? text.length : close + 1 + hashes;
    return prefix ? { end } : { end, value: text.slice(k + 1, close < 0 ? text.length : close) };
  }
  let j = k + 1;
  for (; j < text.length; j++) {
    if (text.charCodeAt(j) === 0x5c) j++;
    else if (text.charCodeAt(j) === 0x22) break;
  }
  const end = Math.min(j + 1, text.length);
  return prefix ? { end } : { end, value: unescape(text.slice(k + 1, j)) };
}

const CHAR_LITERAL = /^'(?:[^'\\\n]|\\(?:u\{[0-9a-fA-F_]{1,8}\}|x[0-9a-fA-F]{2}|.))'/u;

function isWordChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f
  );
}

/** A Rust string literal's escapes decoded (`\x2e`, `\u{2e}`, `\n`, `\\`, a line continuation). */
function unescape(s: string): string {
  // After a line continuation rustc skips ASCII whitespace only.
  return s.replace(
    /\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]{1,8}\}|\r?\n[ \t\n\r]*|[^])/g,
    (_, e: string) => {
      if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
      if (e[0] === 'u') {
        const cp = parseInt(e.slice(2, -1).replace(/_/g, ''), 16);
        return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
      }
      if (e[0] === '\n' || e[0] === '\r') return '';
      return ({ n: '\n', r: '\r', t: '\t', '0': '\0' } as Record<string, string>)[e] ?? e;
    },
  );
}
