// JavaScript source in ASCII only. V8 holds a source with any non-ASCII character two bytes a
// character: the CLI bundle (≈ 2 MB) would be decoded, kept and scanned as 4 MB, which cost ≈ 4 ms
// of every start (docs/performance.md). The source is parsed, and a non-ASCII character is
// escaped only where a \uXXXX escape stands for the same character: in a string literal, the
// text of an untagged template, a regular expression, a comment or a name. Anywhere else the
// build fails: a tagged template (its tag can read the text raw, escapes and all), a line
// separator in a comment (it ends a line comment and counts as a line break), non-ASCII
// whitespace between tokens, or a character that is escaped already.
import { parse } from 'acorn';

const ESCAPABLE = new Set(['string', 'template', 'regexp', 'name', 'privateId']);
const NON_ASCII = /[\u0080-\uffff]/;

/** `source` with each non-ASCII UTF-16 unit written as a \uXXXX escape; throws where unsafe. */
export function asciiOnly(source) {
  const escaped = source.match(/\\[\u0080-\uffff]/);
  if (escaped) throw new Error(`an escaped non-ASCII character: ${escaped[0]}`);
  const where = []; // [start, end, kind] of each comment or token holding non-ASCII text
  const note = (start, end, kind) => {
    if (NON_ASCII.test(source.slice(start, end))) where.push([start, end, kind]);
  };
  const ast = parse(source, {
    ecmaVersion: 'latest',
    sourceType: 'script',
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
    allowHashBang: true,
    onComment: (_block, _text, start, end) => note(start, end, 'comment'),
    onToken: (t) => {
      if (ESCAPABLE.has(t.type.label)) note(t.start, t.end, t.type.label);
    },
  });
  for (const quasi of taggedTemplateText(ast))
    if (NON_ASCII.test(source.slice(quasi.start, quasi.end)))
      throw new Error(`a tagged template with non-ASCII text at ${at(source, quasi.start)}`);
  // Comments are reported as they are read, tokens after: one order for the walk below.
  where.sort((a, b) => a[0] - b[0]);
  let k = 0;
  return source.replace(/[\u0080-\uffff]/g, (c, offset) => {
    while (k < where.length && where[k][1] <= offset) k++;
    const span = where[k];
    if (span === undefined || span[0] > offset)
      throw new Error(`non-ASCII ${hex(c)} between tokens at ${at(source, offset)}`);
    if (span[2] === 'comment' && (c === '\u2028' || c === '\u2029'))
      throw new Error(`a line separator ${hex(c)} in a comment at ${at(source, offset)}`);
    return `\\u${hex(c).slice(2)}`;
  });
}

/** The text parts of every tagged template in a parsed program. */
function* taggedTemplateText(node) {
  if (Array.isArray(node)) {
    for (const n of node) yield* taggedTemplateText(n);
    return;
  }
  if (node === null || typeof node !== 'object' || typeof node.type !== 'string') return;
  if (node.type === 'TaggedTemplateExpression') yield* node.quasi.quasis;
  for (const key of Object.keys(node))
    if (key !== 'type' && key !== 'start' && key !== 'end') yield* taggedTemplateText(node[key]);
}

const hex = (c) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

function at(source, offset) {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}
