// Control characters (including ESC, so no ANSI sequences), bidi overrides and marks, line and
// paragraph separators, and every invisible (default-ignorable) character from artifact text are
// shown escaped, so an artifact cannot repaint or reorder the terminal, or make two names look
// alike. The joiners (U+200C, U+200D) and the emoji presentation selector (U+FE0F) stay:
// scripts and emoji sequences need them.
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u2028\u2029\u202a-\u202e\u2066-\u2069]|(?!\u200c|\u200d|\ufe0f)\p{Default_Ignorable_Code_Point}|[\u115f\u1160\u3164\uffa0]/gu;

export function plain(s: string): string {
  return s.replace(UNSAFE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    const cp = c.codePointAt(0)!;
    return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Output for a log (the CLI's stdout and stderr, the Action's log), which GitHub's runner scans
 * for workflow commands: a line that starts with `::` after leading whitespace, or that holds
 * the legacy `##[command]` anywhere. A path or value from a file may be neither: the second
 * character of either is shown escaped (`:\u003a`, `#\u0023[`), as plain() shows control
 * characters. In JSON output these only occur inside strings, so the JSON is still valid and
 * means the same.
 */
export function logSafe(text: string): string {
  return text.replace(/##\[/g, '#\\u0023[').replace(/^([\s\u180e]*)::/gm, '$1:\\u003a');
}

/** Cuts a string to at most `max` characters (code points), marking the cut. */
export function cap(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max ? s : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

// ---------------------------------------------------------------------------------------------
// Markdown (GitHub-flavoured) escaping for text that came from artifacts. GitHub renders check-run
// summaries, comments and job summaries as Markdown with HTML, @mentions, #references and
// autolinks; untrusted text must not produce any of them, nor break out of a table or code span.

const ZWSP = '\u200b';
// Characters with a meaning in CommonMark/GFM inline syntax, tables or GitHub's math ($).
const MD_PUNCT = /[\\`*_{}[\]()<>#!|~$&:]/g;

/**
 * Escapes untrusted text for inline Markdown (a paragraph, list item or table cell): no raw HTML
 * (every `<`, `>` and `&` is escaped), no links or images (brackets, parentheses and `!` escaped,
 * bare URLs and `www.` broken so GFM does not autolink them), no `@mention` pings and no `#123`
 * cross-references (a zero-width space after `@` and `#`, inside `GH-123` and full commit SHAs),
 * no table break-out (`|` escaped, line
 * breaks folded into spaces). The result is capped at `max` characters.
 */
export function mdText(s: string, max = 1000): string {
  const folded = cap(plain(s.replace(/\r\n?|\n/g, ' ')), max);
  return (
    folded
      .replace(MD_PUNCT, (c) =>
        c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`,
      )
      .replace(/@/g, `@${ZWSP}`)
      .replace(/#/g, `#${ZWSP}`)
      .replace(/\\:\/\//g, `\\:${ZWSP}//`)
      .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
      // GitHub also autolinks GH-123 issue references and full commit SHAs.
      .replace(/\b(GH)-(?=\d)/gi, `$1${ZWSP}-`)
      .replace(/\b([0-9a-f]{7})(?=[0-9a-f]{33}\b)/gi, `$1${ZWSP}`)
      // A leading list, heading-underline or numbered-list marker stays text, indented too.
      .replace(/^(\s*)([-+=]|\d+[.)])/, (_, ws: string, m: string) => `${ws}\\${m}`)
  );
}

/**
 * Untrusted text as an inline code span: the fence is longer than any backtick run inside, so the
 * text cannot close it early; `|` is escaped when the span sits in a table cell (GFM splits cells
 * before it parses code spans). Code spans render no HTML, mentions or links.
 */
export function mdCode(s: string, max = 300, inTable = true): string {
  let text = cap(plain(s.replace(/\r\n?|\n/g, ' ')), max);
  if (inTable) text = text.replace(/\|/g, '\\|');
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text that is safe inside an HTML comment (used for hidden markers): no `--` and no `>`. */
export function htmlCommentText(s: string): string {
  return plain(s)
    .replace(/-{2,}/g, (m) => m.replace(/-/g, '‐'))
    .replace(/[<>]/g, '_');
}

// ---------------------------------------------------------------------------------------------
// Values from untrusted files inside messages. A message may show a value the verifier parsed
// (a verdict, a key, a path an artifact names), never a file's raw text, and only this much of it.

/** The most characters of a parsed value that a message, reason or issue string shows. */
export const VALUE_EXCERPT_MAX = 80;

/** At most `max` characters (code points) of `s`, the cut marked with an ellipsis. */
function cutValue(s: string, max = VALUE_EXCERPT_MAX): string {
  // Slice first, so a 64 MiB value is never split into code points whole: 2·max+2 code units
  // always hold more than max code points when `s` is longer than that.
  return cap(s.length > 2 * max + 2 ? s.slice(0, 2 * max + 2) : s, max);
}

/** A parsed value as a short, escaped, unquoted prefix (for legacy issue strings and reasons). */
export function valueExcerpt(s: string): string {
  return plain(cutValue(s));
}

/** A parsed value as a short (`max` code points), escaped, double-quoted prefix, for messages. */
export function quoteValue(s: string, max = VALUE_EXCERPT_MAX): string {
  // JSON escapes quotes, backslashes and C0 controls; plain() then escapes C1 and bidi controls.
  return plain(JSON.stringify(cutValue(s, max)));
}

/** The most characters of a path in the repository that a message shows. */
export const PATH_EXCERPT_MAX = 160;

/**
 * A path in the repository, escaped and double-quoted as quoteValue quotes values. A long one
 * keeps its start and its end, where the name that matters is, and elides the middle.
 */
export function quotePath(p: string): string {
  // As cutValue: slice before splitting into code points, so a huge path is never split whole.
  const bound = 2 * PATH_EXCERPT_MAX + 2;
  if (p.length <= bound && Array.from(p).length <= PATH_EXCERPT_MAX)
    return plain(JSON.stringify(p));
  const keep = Math.floor((PATH_EXCERPT_MAX - 1) / 2);
  const head = Array.from(p.slice(0, bound)).slice(0, PATH_EXCERPT_MAX - 1 - keep);
  const tail = Array.from(p.slice(-bound)).slice(-keep);
  return plain(JSON.stringify(`${head.join('')}…${tail.join('')}`));
}

/**
 * Where a schema (zod) issue is and what it says, with every key taken from the file shown as a
 * value excerpt: the path's segments, and the keys an "unrecognized key" issue lists.
 */
export function schemaIssueText(issue: {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}): { where: string; why: string } {
  const segments = issue.path.filter((x): x is string | number => typeof x !== 'symbol');
  const where = segments.length
    ? segments.map((x) => (typeof x === 'number' ? String(x) : valueExcerpt(x))).join('.')
    : 'the top level';
  if (issue.code !== 'unrecognized_keys' || !issue.keys)
    return { where, why: plainSchemaMessage(issue.message) };
  const shown = issue.keys
    .slice(0, 3)
    .map((k) => quoteValue(k))
    .join(', ');
  const more = issue.keys.length > 3 ? ` and ${issue.keys.length - 3} more` : '';
  return { where, why: `unrecognized key${issue.keys.length === 1 ? '' : 's'} ${shown}${more}` };
}

/** How a schema's type name reads in a sentence. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  array: 'an array',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'a boolean',
  null: 'null',
  undefined: 'nothing',
  nan: 'NaN',
};
const typeWord = (t: string): string => TYPE_WORDS[t] ?? t;

/**
 * A schema library's message in the terms of the file it judged: `Invalid input: expected
 * string, received undefined` says the field is missing, `… received number` that it has the
 * wrong type. Messages of other shapes are kept as they are.
 */
export function plainSchemaMessage(message: string): string {
  let m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (m)
    return m[2] === 'undefined'
      ? m[1] === 'nonoptional'
        ? 'missing (a value is required)'
        : `missing (${typeWord(m[1]!)} is required)`
      : `${typeWord(m[2]!)} where ${typeWord(m[1]!)} is required`;
  m = /^Invalid input: expected ("(?:[^"\\]|\\.)*")$/.exec(message);
  if (m) return `must be ${m[1]}`;
  m = /^Too small: expected string to have >=1 characters$/.exec(message);
  if (m) return 'empty, where text is required';
  m = /^Invalid option: expected one of (.*)$/s.exec(message);
  if (m) return `not one of ${m[1]}`;
  return message;
}
