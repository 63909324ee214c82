import { rustStringValue } from './rust/literal.js';

export interface CDirective {
  kind: 'intent' | 'assume';
  text: string;
  /** 1-based line of the directive. */
  line: number;
}

/** `// @aristo intent(` or `assume(`, as the SDK's C front-end reads a line comment. */
const DIRECTIVE = /^\s*\/\/\s*@aristo\s*(intent|assume)\s*\(\s*(r#*"|")/;

/**
 * The `// @aristo intent("…", …)` and `assume("…")` line comments of a C source, with the text of
 * each (its first argument, a Rust string literal, as the SDK parses it). A line scan, not a C
 * parse: it does not check that a function follows, so it tells what a file could have given
 * the SDK's index, not what it did.
 */
export function cDirectives(source: string): CDirective[] {
  const out: CDirective[] = [];
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = DIRECTIVE.exec(lines[i]!);
    if (!m) continue;
    const start = m.index + m[0].length - m[2]!.length;
    const literal = firstLiteral(lines[i]!.slice(start));
    const text = literal === undefined ? undefined : rustStringValue(literal);
    if (text !== undefined) out.push({ kind: m[1] as CDirective['kind'], text, line: i + 1 });
  }
  return out;
}

/** The string literal at the start of `s` (`"…"` with escapes, or `r#"…"#`), else undefined. */
function firstLiteral(s: string): string | undefined {
  const raw = /^r(#*)"/.exec(s);
  if (raw) {
    const end = s.indexOf(`"${raw[1]}`, raw[0].length);
    return end < 0 ? undefined : s.slice(0, end + 1 + raw[1]!.length);
  }
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return s.slice(0, i + 1);
  }
  return undefined;
}
