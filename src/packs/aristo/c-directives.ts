import { rustStringValue } from './rust/literal.js';

export interface CDirective {
  kind: 'intent' | 'assume';
  text: string;
  /** 1-based line of the directive: the `(line N)` of the index entry's site. */
  line: number;
  /** The function definition the directive is attached to (the entry's site is `fn <name>`). */
  fn: string;
}

/** One top-level item of a C file, as the SDK's tree-sitter parse lists the translation unit. */
type Item =
  | { kind: 'comment'; text: string; line: number; endLine: number }
  | { kind: 'code'; line: number; fn?: string }
  | { kind: 'other' };

/**
 * The `// @aristo intent("…", …)` and `assume("…")` directives the SDK's C front-end would index
 * (`walk/extract_c.rs`): line comments at the top level of the file (not inside a function, a
 * block comment, a string or a preprocessor conditional), in a run of such comments on
 * consecutive lines that a function definition follows on the very next line. This is a small
 * lexer, not a C parser: it is enough to refuse a directive the compiler never sees or the SDK
 * never attaches, not to rebuild the entry's body hash.
 */
export function cDirectives(source: string): CDirective[] {
  const out: CDirective[] = [];
  let pending: { d: Omit<CDirective, 'fn'>; endLine: number }[] = [];
  for (const item of topLevelItems(source)) {
    if (item.kind === 'comment') {
      const d = directive(item.text);
      if (!d) {
        pending = [];
        continue;
      }
      const last = pending.at(-1);
      if (last && item.line !== last.endLine + 1) pending = [];
      pending.push({ d: { ...d, line: item.line }, endLine: item.endLine });
      continue;
    }
    const last = pending.at(-1);
    if (item.kind === 'code' && item.fn !== undefined && last && item.line === last.endLine + 1)
      for (const p of pending) out.push({ ...p.d, fn: item.fn });
    pending = [];
  }
  return out;
}

/** `// @aristo intent(<args>)` or `assume(<args>)` with a text literal first, as the SDK reads it. */
function directive(comment: string): Omit<CDirective, 'line' | 'fn'> | undefined {
  if (!comment.startsWith('//')) return undefined;
  const body = comment.slice(2).trimStart();
  if (!body.startsWith('@aristo')) return undefined;
  const rest = body.slice('@aristo'.length).trimStart();
  const kind = rest.startsWith('intent') ? 'intent' : rest.startsWith('assume') ? 'assume' : null;
  if (!kind) return undefined;
  const args = rest.slice(kind.length).trim();
  if (!args.startsWith('(') || !args.endsWith(')')) return undefined;
  const inner = args.slice(1, -1).trimStart();
  const literal = firstLiteral(inner);
  if (literal === undefined) return undefined;
  const after = inner.slice(literal.length).trimStart();
  if (after !== '' && !after.startsWith(',')) return undefined;
  const text = rustStringValue(literal);
  return text === undefined ? undefined : { kind, text };
}

/** The string literal at the start of `s` (`"…"` with escapes, or `r#"…"#`), else undefined. */
function firstLiteral(s: string): string | undefined {
  const raw = /^r(#*)"/.exec(s);
  if (raw) {
    const end = s.indexOf(`"${raw[1]}`, raw[0].length);
    return end < 0 ? undefined : s.slice(0, end + 1 + raw[1]!.length);
  }
  if (!s.startsWith('"')) return undefined;
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return s.slice(0, i + 1);
  }
  return undefined;
}

const IDENT = /[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The items at the top level of a C file: its comments, the start of each declaration or
 * definition (with the function's name when it is a definition: a `(` then a `{` before any `;`
 * or `=`), and preprocessor lines. What lies inside braces or a preprocessor conditional is not
 * listed: tree-sitter nests it, so the SDK never pairs a directive there.
 */
function topLevelItems(src: string): Item[] {
  const items: Item[] = [];
  let line = 1;
  let depth = 0; // braces
  let conditional = 0; // #if … #endif
  let lineStart = true; // only whitespace since the last newline
  let header: { line: number; text: string; parens: number; sawParen: boolean } | undefined;
  const n = src.length;
  let i = 0;
  const top = () => depth === 0 && conditional === 0;
  const endHeader = (fn?: string) => {
    if (header)
      items.push({ kind: 'code', line: header.line, ...(fn !== undefined ? { fn } : {}) });
    header = undefined;
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '\n') {
      line++;
      lineStart = true;
      if (header && !header.sawParen) header.text += ' ';
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      if (header && !header.sawParen) header.text += ' ';
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      line++;
      i += 2;
      continue;
    }
    if (c === '#' && lineStart && !header) {
      // A preprocessor line, continued by backslash-newline.
      let j = i;
      while (j < n && !(src[j] === '\n' && src[j - 1] !== '\\')) j++;
      const word = /^#\s*(\w+)/.exec(src.slice(i, Math.min(j, i + 64)))?.[1];
      if (word === 'if' || word === 'ifdef' || word === 'ifndef') {
        if (top()) items.push({ kind: 'other' });
        conditional++;
      } else if (word === 'endif') conditional = Math.max(0, conditional - 1);
      else if (top()) items.push({ kind: 'other' });
      for (let k = i; k < j; k++) if (src[k] === '\n') line++;
      i = j;
      continue;
    }
    lineStart = false;
    if (c === '/' && src[i + 1] === '/') {
      let j = i;
      while (j < n && !(src[j] === '\n' && src[j - 1] !== '\\')) j++;
      const start = line;
      for (let k = i; k < j; k++) if (src[k] === '\n') line++;
      if (top() && !header)
        items.push({ kind: 'comment', text: src.slice(i, j), line: start, endLine: line });
      i = j;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const j = src.indexOf('*/', i + 2);
      const end = j < 0 ? n : j + 2;
      for (let k = i; k < end; k++) if (src[k] === '\n') line++;
      // A block comment is an item of its own: it breaks a run of directives.
      if (top() && !header) items.push({ kind: 'other' });
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      if (header) header.text += ' ';
      i = j + 1;
      continue;
    }
    if (top() && !header) header = { line, text: '', parens: 0, sawParen: false };
    if (header) {
      if (c === '(') {
        if (header.parens === 0 && !header.sawParen) {
          header.sawParen = true;
          header.text = IDENT.exec(header.text.trimEnd())?.[0] ?? '';
        }
        header.parens++;
      } else if (c === ')') header.parens = Math.max(0, header.parens - 1);
      else if (!header.sawParen) header.text += c;
      if (header.parens === 0 && (c === ';' || c === '=')) endHeader();
      else if (header.parens === 0 && c === '{')
        endHeader(header.sawParen && header.text !== '' ? header.text : undefined);
    }
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    i++;
  }
  return items;
}
