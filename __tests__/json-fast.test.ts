// parseJson reads well-formed JSON with the engine's parser and one scan for repeated keys, and
// everything else through jsonc-parser's syntax tree (parseJsonTree). Both must give the same
// answer on every text: the same verdict, value, repeated keys and lines.
import fc from 'fast-check';
import {
  MAX_JSON_DEPTH,
  parseJson,
  parseJsonTree,
  repeatedKey,
  type JsonParse,
} from '../src/io/json.js';
import { hostileJson, hostileString } from './support/arbitraries.js';
import { params } from './support/fuzz.js';

/** What a parse says, with values compared as their own-key structure (so "__proto__" counts). */
function outcome(r: JsonParse): unknown {
  if (!r.ok) return r;
  return { value: structure(r.value), duplicates: r.doc.duplicates };
}
function structure(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structure);
  if (v !== null && typeof v === 'object')
    return Object.getOwnPropertyNames(v).map((k) => [
      k,
      structure((v as Record<string, unknown>)[k]),
    ]);
  return Object.is(v, -0) ? '-0' : v;
}
function expectSame(text: string): void {
  const fast = parseJson(text);
  const tree = parseJsonTree(text);
  expect(outcome(fast)).toEqual(outcome(tree));
  if (fast.ok && tree.ok) {
    for (const path of paths(fast.value))
      expect([path, fast.doc.lineOf(path)]).toEqual([path, tree.doc.lineOf(path)]);
  }
}
/** Every path to a value (a handful per level), for lineOf. */
function paths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(v)) v.slice(0, 5).forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v !== null && typeof v === 'object')
    for (const k of Object.getOwnPropertyNames(v).slice(0, 5))
      paths((v as Record<string, unknown>)[k], [...prefix, k], out);
  return out;
}

/** A JSON text with the given members, repeated keys and escaped spellings of keys allowed. */
const objectText = (members: [string, string][], pretty: boolean) =>
  `{${pretty ? '\n  ' : ''}${members.map(([k, v]) => `${k}:${pretty ? ' ' : ''}${v}`).join(pretty ? ',\n  ' : ',')}${pretty ? '\n' : ''}}`;
const keySpelling = fc
  .constantFrom('a', 'b', '__proto__', 'constructor', 'é', 'a"b', 'a\\b', '')
  .chain((k) =>
    fc.constantFrom(
      JSON.stringify(k),
      JSON.stringify(k).replace(/a/g, '\\u0061'),
      JSON.stringify(k).replace(/b/g, '\\u0062'),
    ),
  );
const memberText: fc.Memo<string> = fc.memo((n) =>
  n <= 1
    ? fc.oneof(
        hostileJson({ depth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
        hostileString().map((s) => JSON.stringify(s)),
      )
    : fc.oneof(
        memberText(1),
        fc
          .tuple(fc.array(fc.tuple(keySpelling, memberText(n - 1)), { maxLength: 5 }), fc.boolean())
          .map(([m, pretty]) => objectText(m, pretty)),
        fc.array(memberText(n - 1), { maxLength: 4 }).map((a) => `[${a.join(', ')}]`),
      ),
);

describe('parseJson: the fast path reads as the syntax tree does', () => {
  it('on well-formed JSON with repeated and escaped keys, at any nesting', () => {
    fc.assert(fc.property(memberText(4), expectSame), params(300));
  });

  it('on texts that are not JSON, or only nearly', () => {
    const edit = fc.tuple(
      memberText(3),
      fc.nat(),
      fc.constantFrom('', ',', '}', ']', '"', '\\', '\u00a0', '\u000b', '/*x*/', 'NaN', '01', '\n'),
    );
    fc.assert(
      fc.property(edit, ([text, at, insert]) => {
        const i = at % (text.length + 1);
        expectSame(text.slice(0, i) + insert + text.slice(i));
      }),
      params(300),
    );
  });

  it('on deep nesting, on both sides of the depth limit', () => {
    for (const depth of [511, 512, 513, 2000, 100_000]) {
      expectSame('['.repeat(depth) + ']'.repeat(depth));
      expectSame('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    }
  });
  const nested = (depth: number) => '{"a":'.repeat(depth - 1) + '[1]' + '}'.repeat(depth - 1);
  const tooDeep = {
    ok: false,
    reason: 'syntax',
    message: `nests arrays or objects more than ${MAX_JSON_DEPTH} deep`,
    position: { line: 1, column: 1 },
  };

  it('reads MAX_JSON_DEPTH levels and refuses one more, whatever stack is left', () => {
    expect(parseJson(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    // Deeper than the limit but far from overflowing the stack: refused by the count alone.
    for (const depth of [MAX_JSON_DEPTH + 1, 600, 1500]) {
      expect(parseJson(nested(depth))).toEqual(tooDeep);
      expect(parseJsonTree(nested(depth))).toEqual(tooDeep);
    }
  });

  it('counts only brackets outside strings; deep text that is not JSON is refused too', () => {
    expect(parseJson(JSON.stringify({ a: '{['.repeat(2000), b: '\\"[[[' })).ok).toBe(true);
    expect(parseJson('['.repeat(MAX_JSON_DEPTH + 1))).toEqual(tooDeep);
    // An unclosed string ends the count: the syntax error is reported where it is.
    expect(parseJson('["' + '['.repeat(2000))).toMatchObject({ ok: false, reason: 'syntax' });
    expect(parseJson('["' + '['.repeat(2000))).not.toEqual(tooDeep);
  });

  it('on the edge cases of strings and keys', () => {
    for (const text of [
      '{"a":1,"a":2}',
      '{"a":1,"\\u0061":2,"a":3}',
      '{"a\\\\":1,"a\\\\":2}',
      '{"x":"\\"","x":"\\\\"}',
      '{"__proto__":{"a":1},"__proto__":2}',
      '[{},{"a":1,"a":1},[],{"b":{"b":{"b":1}},"b":2}]',
      '{"":1,"":2}',
      ' \n\t{"a" : [ 1 , 2 ] , "a" : { } } \r\n',
      '{"a":"\\ud800"}',
      '-0',
      '1e400',
      '"\\u0000"',
    ])
      expectSame(text);
  });
});

describe('repeatedKey: the cheap check for a repeated key in a line JSON.parse read', () => {
  it('names the first repeated key the syntax tree finds, and none where it finds none', () => {
    fc.assert(
      fc.property(memberText(4), (text) => {
        const tree = parseJsonTree(text);
        if (!tree.ok) return;
        expect(repeatedKey(text, JSON.parse(text))).toBe(tree.doc.duplicates[0]?.key);
      }),
      params(500),
    );
  });
  it('is not fooled by quotes, colons and backslashes inside strings', () => {
    const tricky = { a: 'b":1', '"': '\\', c: { d: ['":', '\\"', ' : "x" :'] } };
    for (const text of [JSON.stringify(tricky), JSON.stringify(tricky, null, 2), '["a", ":"]'])
      expect([text, repeatedKey(text, JSON.parse(text))]).toEqual([text, undefined]);
    const twice = '{"k":{"a" :1,"\\u0061": 2}}';
    expect(repeatedKey(twice, JSON.parse(twice))).toBe('a');
  });
  it('still says a key repeats past the depth where it no longer names it', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}{"a":1,"a":2}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(repeatedKey(deep, JSON.parse(deep))).toBe('');
  });
});
