// Shared fast-check arbitraries for hostile repository content: strings, JSON values, paths,
// byte-level edits of a file and text-level edits of a JSON document. Every mutation is plain
// data (so fast-check can print and shrink it) with an `apply` function beside it.
import fc from 'fast-check';

/** Strings that have broken parsers, renderers and terminals before. */
export const CURATED_STRINGS = [
  '',
  ' ',
  '\t\n',
  'PASS\n',
  ' PASS',
  'pass',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  '\u0000',
  '\ufeff',
  '\u202eevil\u202c',
  '\u001b[31mred\u001b[0m\u001b]8;;https://evil.example\u0007link',
  '\ud800',
  '\udfff lone',
  'a|b,c;d',
  '"quoted" \\ backslash',
  '::error file=main.tex,line=1::forged',
  '::stop-commands::x',
  '@octocat @github/security',
  '#1 GH-2 https://evil.example www.evil.example',
  '<img src=x onerror=alert(1)>',
  '<!-- audit-gate -->',
  '[click](javascript:alert(1)) ![x](https://evil.example/x.png)',
  '${{ secrets.GITHUB_TOKEN }}',
  '`code` ``` fence',
  '| table | break |\n| --- | --- |',
  '%s %n %x',
  '{{7*7}}',
  '../../../../../../etc/passwd',
  'C:\\Windows\\system32',
  '🙂👩‍👩‍👧‍👦',
  'é'.normalize('NFD'),
] as const;

/** A code unit alphabet rich in separators, escapes and control characters. */
const NASTY_UNIT = fc.constantFrom(
  'a',
  '/',
  '.',
  '\\',
  '"',
  "'",
  '`',
  '|',
  ',',
  ':',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udc00',
  '@',
  '#',
  '<',
  '>',
  '&',
  '$',
  '%',
  '🙂',
);

/** Hostile strings of every shape; `huge` allows strings up to ~300 k characters. */
export function hostileString(opts: { huge?: boolean } = {}): fc.Arbitrary<string> {
  const arbs: fc.Arbitrary<string>[] = [
    fc.constantFrom(...CURATED_STRINGS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: NASTY_UNIT, maxLength: 60 }),
  ];
  if (opts.huge)
    arbs.push(
      fc
        .tuple(
          fc.constantFrom('A', '\u00e9', '🙂', '\\', '\n', '<', '|'),
          fc.integer({ min: 1e3, max: 3e5 }),
        )
        .map(([c, n]) => c.repeat(n)),
    );
  return fc.oneof(...arbs);
}

/** JSON values (as JSON.parse returns them) with hostile strings and numbers in them. */
export function hostileJson(opts: { huge?: boolean; depth?: number } = {}): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    hostileString(opts),
    fc.constantFrom(null, true, false, 0, -0, 1, -1, 1e308, -1e-308, 2 ** 53 + 1, 0.1),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: opts.depth ?? 3 },
      leaf,
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(hostileString(), tie('value'), { maxKeys: 5 }),
    ),
  }));
  return value;
}

// ---------------------------------------------------------------------------------------------
// Byte-level edits of a file's content.

export type ByteEdit =
  | { op: 'flip'; at: number; xor: number }
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; bytes: number[] }
  | { op: 'delete'; at: number; count: number }
  | { op: 'duplicate'; at: number; count: number };

export const byteEdit: fc.Arbitrary<ByteEdit> = fc.oneof(
  fc.record({
    op: fc.constant('flip' as const),
    at: fc.nat(),
    xor: fc.integer({ min: 1, max: 255 }),
  }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    op: fc.constant('delete' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 16 }),
  }),
  fc.record({
    op: fc.constant('duplicate' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 64 }),
  }),
);

/** Applies an edit; positions wrap around the content's length. Always changes a non-empty file. */
export function applyByteEdit(b: Buffer, e: ByteEdit): Buffer {
  const n = b.length;
  const at = n === 0 ? 0 : e.at % n;
  switch (e.op) {
    case 'flip': {
      if (n === 0) return Buffer.from([e.xor]);
      const out = Buffer.from(b);
      out[at] = out[at]! ^ e.xor;
      return out;
    }
    case 'truncate':
      return b.subarray(0, at);
    case 'insert':
      return Buffer.concat([b.subarray(0, at), Buffer.from(e.bytes), b.subarray(at)]);
    case 'delete':
      return Buffer.concat([b.subarray(0, at), b.subarray(at + e.count)]);
    case 'duplicate':
      return Buffer.concat([b.subarray(0, at + e.count), b.subarray(at)]);
  }
}

// ---------------------------------------------------------------------------------------------
// Text-level edits of a JSON document (after it was serialized).

export type JsonTextEdit =
  | { op: 'bom' }
  | { op: 'crlf' }
  | { op: 'duplicate-key'; key: string; value: unknown; last: boolean }
  | { op: 'nan'; literal: 'NaN' | 'Infinity' | '-Infinity' }
  | { op: 'invalid-utf8'; at: number; bytes: number[] }
  | { op: 'deep'; depth: number }
  | { op: 'comment' }
  | { op: 'trailing'; text: string }
  | { op: 'bytes'; edit: ByteEdit };

export function jsonTextEdit(keys: readonly string[]): fc.Arbitrary<JsonTextEdit> {
  return fc.oneof(
    fc.constant({ op: 'bom' as const }),
    fc.constant({ op: 'crlf' as const }),
    fc.record({
      op: fc.constant('duplicate-key' as const),
      key: fc.constantFrom(...keys),
      value: hostileJson({ depth: 1 }),
      last: fc.boolean(),
    }),
    fc.record({
      op: fc.constant('nan' as const),
      literal: fc.constantFrom('NaN' as const, 'Infinity' as const, '-Infinity' as const),
    }),
    fc.record({
      op: fc.constant('invalid-utf8' as const),
      at: fc.nat(),
      bytes: fc
        .constantFrom(
          [0xff],
          [0xc0, 0x80],
          [0xed, 0xa0, 0x80],
          [0xe2, 0x82],
          [0xf8, 0x88, 0x80, 0x80, 0x80],
        )
        .map((b) => [...b]),
    }),
    fc.record({ op: fc.constant('deep' as const), depth: fc.integer({ min: 100, max: 200_000 }) }),
    fc.constant({ op: 'comment' as const }),
    fc.record({
      op: fc.constant('trailing' as const),
      text: fc.constantFrom(',', '}', '{}', '\u0000', 'x'),
    }),
    fc.record({ op: fc.constant('bytes' as const), edit: byteEdit }),
  );
}

/** Applies a text edit to the JSON document `text` (an object serialized with 2-space indent). */
export function applyJsonTextEdit(text: string, e: JsonTextEdit): Buffer {
  switch (e.op) {
    case 'bom':
      return Buffer.from('\ufeff' + text);
    case 'crlf':
      return Buffer.from(text.replace(/\n/g, '\r\n'));
    case 'duplicate-key': {
      const member = `  ${JSON.stringify(e.key)}: ${JSON.stringify(e.value) ?? 'null'}`;
      return Buffer.from(
        e.last
          ? text.replace(/\n}\s*$/, `,\n${member}\n}\n`)
          : text.replace(/^{\n/, `{\n${member},\n`),
      );
    }
    case 'nan':
      return Buffer.from(text.replace(/^{\n/, `{\n  "score": ${e.literal},\n`));
    case 'invalid-utf8': {
      const b = Buffer.from(text);
      const at = e.at % (b.length + 1);
      return Buffer.concat([b.subarray(0, at), Buffer.from(e.bytes), b.subarray(at)]);
    }
    case 'deep':
      return Buffer.from(
        text.replace(/^{\n/, `{\n  "deep": ${'['.repeat(e.depth)}${']'.repeat(e.depth)},\n`),
      );
    case 'comment':
      return Buffer.from(`// a comment\n${text.replace(/^{\n/, '{\n  /* inline */\n')}`);
    case 'trailing':
      return Buffer.from(text.replace(/\n}\s*$/, `\n}${e.text}\n`));
    case 'bytes':
      return applyByteEdit(Buffer.from(text), e.edit);
  }
}

/** Strict UTF-8 decoding, as a reference parser does it (no replacement characters). */
export function strictUtf8(b: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(b);
  } catch {
    return undefined;
  }
}

/** JSON.parse that says undefined instead of throwing (a BOM is not JSON). */
export function strictJson(b: Buffer): { value: unknown } | undefined {
  const text = strictUtf8(b);
  if (text === undefined) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
