/**
 * The files a Rust source names as code it compiles: `#[path = "…"]` (also inside
 * `cfg_attr(…, path = "…")`) on a module, and `include!("…")`. Read from the text with comments
 * blanked out, for plain (escapes decoded) and raw string literals. What a macro builds
 * (`include!(concat!(…))`, a path passed into `macro_rules!`) cannot be read this way.
 */

export interface ModuleRef {
  /** The literal as rustc reads it. */
  lit: string;
  line: number;
}

/** References read from one file, at most: past it the file is reported, not read on. */
export const MAX_REFS_PER_FILE = 1000;

const SPACE = String.raw`(?:\s|/\*[^]*?\*/)*`;
const LITERAL = String.raw`(?:"((?:[^"\\]|\\[^])*)"|r(#*)"([^]*?)"\$H)`;
const PATH_ATTR = String.raw`#${SPACE}!?${SPACE}\[${SPACE}(?:cfg_attr${SPACE}\([^\]]*?,${SPACE})?path${SPACE}=${SPACE}${LITERAL.replace('$H', '2')}`;
const INCLUDE = String.raw`\binclude${SPACE}!${SPACE}[([{]${SPACE}${LITERAL.replace('$H', '5')}`;
// Groups: 1 and 4 a plain literal's text, 3 and 6 a raw one's (2 and 5 its hashes).
const MODULE_FILE = new RegExp(`${PATH_ATTR}|${INCLUDE}`, 'g');

/** The references in `text`, in order; `capped` when there were more than MAX_REFS_PER_FILE. */
export function moduleRefs(text: string): { refs: ModuleRef[]; capped: boolean } {
  const refs: ModuleRef[] = [];
  if (!text.includes('path') && !text.includes('include')) return { refs, capped: false };
  const code = blankComments(text);
  let line = 1;
  let counted = 0;
  MODULE_FILE.lastIndex = 0;
  for (let m = MODULE_FILE.exec(code); m; m = MODULE_FILE.exec(code)) {
    if (refs.length === MAX_REFS_PER_FILE) return { refs, capped: true };
    for (
      let i = code.indexOf('\n', counted);
      i >= 0 && i < m.index;
      i = code.indexOf('\n', i + 1)
    ) {
      line++;
      counted = i + 1;
    }
    const plain = m[1] ?? m[4];
    const lit = plain !== undefined ? unescape(plain) : (m[3] ?? m[6])!;
    if (lit !== '') refs.push({ lit, line });
  }
  return { refs, capped: false };
}

/** A Rust string literal's escapes decoded (`\x2e`, `\u{2e}`, `\n`, `\\`, a line continuation). */
function unescape(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]{1,8}\}|\r?\n\s*|[^])/g, (_, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === 'u') {
      const cp = parseInt(e.slice(2, -1).replace(/_/g, ''), 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    }
    if (e[0] === '\n' || e[0] === '\r') return '';
    return ({ n: '\n', r: '\r', t: '\t', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

/**
 * `text` with every comment's characters turned to spaces (newlines kept, so lines still count),
 * and strings and char literals left as they are: a path in a doc comment names nothing.
 */
export function blankComments(text: string): string {
  if (!text.includes('/*') && !text.includes('//')) return text;
  const parts: string[] = [];
  const n = text.length;
  let kept = 0; // text before this is in parts
  const blank = (from: number, to: number) => {
    parts.push(text.slice(kept, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    kept = to;
  };
  let i = 0;
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
    } else if (c === 0x22) {
      i = stringEnd(text, i + 1);
    } else if (
      c === 0x72 &&
      (next === 0x22 || next === 0x23) &&
      !isWordChar(text.charCodeAt(i - 1))
    ) {
      let k = i + 1;
      while (text.charCodeAt(k) === 0x23) k++;
      if (text.charCodeAt(k) !== 0x22) {
        i = k;
        continue;
      }
      const close = text.indexOf(`"${'#'.repeat(k - i - 1)}`, k + 1);
      i = close < 0 ? n : close + (k - i);
    } else if (c === 0x27) {
      // A char literal ('"', '\'', '\u{2f}'); anything else is a lifetime or a label.
      const lit = CHAR_LITERAL.exec(text.slice(i, i + 16));
      i += lit ? lit[0].length : 1;
    } else i++;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}

const CHAR_LITERAL = /^'(?:[^'\\\n]|\\(?:u\{[0-9a-fA-F_]{1,8}\}|x[0-9a-fA-F]{2}|.))'/;

function isWordChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f
  );
}

/** The index just past the `"` closing a plain string whose text starts at `i`. */
function stringEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
