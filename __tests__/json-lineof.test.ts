import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import { parseJson, type JsonDoc } from '../src/io/json.js';
import { LineIndex } from '../src/io/lines.js';

type Path = (string | number)[];

function parsed(text: string): { doc: JsonDoc; value: unknown } {
  const r = parseJson(text);
  if (!r.ok) throw new Error(r.message);
  return r;
}

/** The old lineOf: jsonc-parser's lookup (the FIRST of repeated keys) and the same anchor rule. */
function lineViaJsonc(doc: JsonDoc, lines: LineIndex, path: Path): number | undefined {
  const node = findNodeAtLocation(doc.tree, path);
  return node && anchorLine(node, lines);
}

/** The same linear lookup, but the LAST of repeated keys wins, as in the parsed value. */
function findLastWins(root: Node, path: Path): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'string') {
      if (node.type !== 'object') return undefined;
      const prop: Node | undefined = [...(node.children ?? [])]
        .reverse()
        .find((p) => p.children?.length === 2 && p.children[0]!.value === segment);
      node = prop?.children?.[1];
    } else {
      if (node.type !== 'array') return undefined;
      node = node.children?.[segment];
    }
  }
  return node;
}

function anchorLine(node: Node, lines: LineIndex): number {
  const anchor = node.parent?.type === 'property' ? node.parent : node;
  return lines.position(anchor.offset).line;
}

/** Every path to a value in the tree, repeated keys included (once per occurrence). */
function allPaths(node: Node, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (node.type === 'object')
    for (const prop of node.children ?? [])
      out.push(...allPaths(prop.children![1]!, [...prefix, String(prop.children![0]!.value)]));
  if (node.type === 'array')
    (node.children ?? []).forEach((c, i) => out.push(...allPaths(c, [...prefix, i])));
  return out;
}

function valueAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const s of path) v = (v as Record<string | number, unknown>)[s];
  return v;
}

const VARIED = `{
  "a": 1,
  "obj": {
    "x": [10, {"y": null}, [true, false]],
    "dup": "first",
    "z": {"deep": {"deeper": [1, 2, {"k": "v"}]}},
    "dup": "second"
  },
  "__proto__": {"polluted": true},
  "constructor": "c",
  "toString": {"inner": 1},
  "": "empty key",
  "arr": [
    {"id": 1, "id": 2},
    [],
    {}
  ],
  "dup": {"nested": 1},
  "dup": {"other": 2},
  "s": "text"
}
`;

describe('JsonDoc.lineOf', () => {
  const { doc, value } = parsed(VARIED);
  const lines = new LineIndex(VARIED);
  const present = allPaths(doc.tree);
  const missing: Path[] = [
    ['nope'],
    ['a', 'b'],
    ['a', 0],
    ['obj', 0],
    ['obj', 'x', 3],
    ['obj', 'x', -1],
    ['obj', 'x', 1.5],
    ['obj', 'x', '0'],
    ['arr', 99],
    ['arr', 0, 'missing'],
    ['dup', 'nested'], // only in the first "dup", which the value does not hold
    ['obj', 'dup', 'x'],
    ['__proto__', 'other'],
    ['hasOwnProperty'],
    ['valueOf'],
    ['toString', 'toString'],
    ['constructor', 'name'],
    ['s', 0],
    ['s', 'length'],
  ];

  it('agrees with jsonc-parser wherever no key repeats', () => {
    for (const p of [...present, ...missing]) {
      const last = findLastWins(doc.tree, p);
      const first = findNodeAtLocation(doc.tree, p);
      if (first === last) expect([p, doc.lineOf(p)]).toEqual([p, lineViaJsonc(doc, lines, p)]);
    }
  });

  it('takes the last of repeated keys, the one whose value the parsed value holds', () => {
    for (const p of [...present, ...missing]) {
      const node = findLastWins(doc.tree, p);
      expect([p, doc.lineOf(p)]).toEqual([p, node && anchorLine(node, lines)]);
      if (node) expect([p, getNodeValue(node)]).toEqual([p, valueAt(value, p)]);
    }
    expect(doc.lineOf(['obj', 'dup'])).toBe(7);
    expect(doc.lineOf(['dup'])).toBe(19);
    expect(doc.lineOf(['dup', 'other'])).toBe(19);
    expect(doc.lineOf(['arr', 0, 'id'])).toBe(14);
    // jsonc-parser alone would point at the first occurrence, whose value is discarded.
    expect(lineViaJsonc(doc, lines, ['obj', 'dup'])).toBe(5);
    expect(lineViaJsonc(doc, lines, ['dup', 'other'])).toBeUndefined();
  });

  it('keeps the anchor rule: the key of a property, the element of an array, the root', () => {
    expect(doc.lineOf([])).toBe(1);
    expect(doc.lineOf(['a'])).toBe(2);
    expect(doc.lineOf(['obj'])).toBe(3);
    expect(doc.lineOf(['obj', 'x', 1, 'y'])).toBe(4);
    expect(doc.lineOf(['arr', 1])).toBe(15);
    expect(doc.lineOf(['arr', 2])).toBe(16);
    expect(doc.lineOf(['__proto__'])).toBe(9);
    expect(doc.lineOf(['__proto__', 'polluted'])).toBe(9);
    expect(doc.lineOf(['constructor'])).toBe(10);
    expect(doc.lineOf(['toString', 'inner'])).toBe(11);
    expect(doc.lineOf([''])).toBe(12);
  });

  it('gives undefined for every missing path, prototype names included', () => {
    for (const p of missing) expect([p, doc.lineOf(p)]).toEqual([p, undefined]);
    expect(parsed('[1, 2]').doc.lineOf(['length'])).toBeUndefined();
    expect(parsed('"s"').doc.lineOf([0])).toBeUndefined();
  });

  it('locates every key of a 100,000-key object, indexing the object once', () => {
    const n = 100_000;
    const text = `{\n${Array.from({ length: n }, (_, i) => `"k${i}": ${i}`).join(',\n')}\n}\n`;
    const big = parsed(text).doc;
    // Count how often the object's property list is walked.
    let reads = 0;
    const children = big.tree.children;
    Object.defineProperty(big.tree, 'children', {
      get: () => {
        reads++;
        return children;
      },
    });
    expect(big.lineOf(['k0'])).toBe(2);
    const afterFirst = reads;
    let wrong = 0;
    for (let i = 0; i < n; i++) if (big.lineOf([`k${i}`]) !== i + 2) wrong++;
    expect(wrong).toBe(0);
    expect(big.lineOf([`k${n}`])).toBeUndefined();
    expect(reads).toBe(afterFirst);
  });
});
