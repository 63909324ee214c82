// The aristo pack's domain core: hashes (aristo.md §2 worked examples), the located TOML reader,
// Rust string literals, and the annotation extractor against the SDK walker's own test cases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  codeTextHash,
  normalizeText,
  rangeHasher,
  parseLineRange,
  rustLines,
  textHash,
  bodyHash,
  sha256,
} from '../src/packs/aristo/hash.js';
import { idFromProofFileName, isAnnotationId } from '../src/packs/aristo/ids.js';
import { parseToml } from '../src/packs/aristo/toml.js';
import { rustStringValue } from '../src/packs/aristo/rust/literal.js';
import { cAnnotations, isCSource, loadCSources } from '../src/packs/aristo/c-sources.js';
import { Workspace } from '../src/io/workspace.js';
import { extractAnnotations } from '../src/packs/aristo/rust/extract.js';
import { cParser, rustParser } from '../src/packs/aristo/grammar.js';
import type { Parser } from 'web-tree-sitter';

describe('hashes (aristo.md §2)', () => {
  it('text_hash normalises as the SDK does', () => {
    const t = '  len() is always\n    at most   the capacity.\n';
    expect(normalizeText(t)).toBe('len() is always at most the capacity.');
    expect(textHash(t)).toBe(
      'sha256:b4e227586121ea7b3499e4e4e395840be3c03bf7a229884a7b4e7a2e71ee09f7',
    );
  });
  it('reproduces the SDK index value for body_hash_is_verbatim', () => {
    expect(
      textHash(
        'Every byte inside the covered region is significant to the body hash. Identical hash means byte-identical region; any difference, including whitespace, is drift.',
      ),
    ).toBe('sha256:e95670473c6cdceaa8221ae7737fb289b9fe8dfbc3a1ca6d85a49e7c2fe365ea');
  });
  it('trims Unicode whitespace like Rust (NEL yes, BOM no) and keeps \\v inside', () => {
    expect(normalizeText('\u0085 a \u000b b\u3000')).toBe('a \u000b b');
    expect(normalizeText('\ufeffa')).toBe('\ufeffa');
  });
  it('trims as Rust does on any mix of whitespace, and on a million-character inner run', () => {
    const ws = '\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000';
    const trim = new RegExp(`^[${ws}]+|[${ws}]+$`, 'g');
    const reference = (t: string) => t.replace(trim, '').replace(/[ \t\n\f\r]+/g, ' ');
    const alphabet = [
      'a',
      ' ',
      '\t',
      '\u000b',
      '\u0085',
      '\u00a0',
      '\u2007',
      '\u200b',
      '\ufeff',
      '\u3000',
      'é',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const t = Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(
        '',
      );
      expect(normalizeText(t)).toBe(reference(t));
    }
    // A regular expression's `[ws]+$` retried this from each of the million positions.
    expect(normalizeText(`a${'\u00a0'.repeat(1_000_000)}b`)).toHaveLength(1_000_002);
  });
  it('body_hash is the region verbatim', () => {
    expect(bodyHash('{\n        self.len\n    }')).toBe(
      'sha256:def1443eb4bf70242958cb207555a0d25c49c353777f9ed0d6b9972b3921b555',
    );
  });
  it('code_text_hash follows str::lines()', () => {
    const lines = rustLines('a\nb\r\nc\n');
    expect(lines).toEqual(['a', 'b', 'c']);
    expect(codeTextHash(lines, 2, 3)).toBe(sha256('b\nc'));
    expect(rustLines('x')).toEqual(['x']);
    expect(rustLines('')).toEqual([]);
  });
  it('parses line ranges as the SDK does', () => {
    expect(parseLineRange('3')).toEqual({ lo: 3, hi: 3 });
    expect(parseLineRange('2-5')).toEqual({ lo: 2, hi: 5 });
    for (const bad of ['0', '5-2', '1-', '-1', ' 1', 'a', '0-3'])
      expect(parseLineRange(bad)).toBeUndefined();
  });
});

describe('ids', () => {
  it('follows the id grammar', () => {
    for (const ok of ['a', '_x9', 'aristos:wal_sync', 'kanon:k', 'aret_AbC1'])
      expect(isAnnotationId(ok)).toBe(true);
    for (const bad of ['A', '9a', 'foo:bar', 'aret_A', 'a-b', '', 'x'.repeat(129)])
      expect(isAnnotationId(bad)).toBe(false);
  });
  it('decodes proof file names, refusing ":" and undecodable names', () => {
    expect(idFromProofFileName('aristos__wal.proof')).toEqual({ ok: true, id: 'aristos:wal' });
    expect(idFromProofFileName('aristos:wal.proof').ok).toBe(false);
    expect(idFromProofFileName('foo__bar.proof').ok).toBe(false);
  });
});

describe('located TOML', () => {
  const text = [
    '[verdict]', // 1
    'type = "verified"', // 2
    'attempts = 1', // 3
    '', // 4
    '[verified.proof]', // 5
    'conclusion = """multi', // 6
    '[not.a.table]', // 7
    'still = "text"', // 8
    '"""', // 9
    '[[verified.proof.steps]]', // 10
    'path = "0"', // 11
    '[[verified.proof.steps.grounds]]', // 12
    'kind = "composition"', // 13
    '[[verified.proof.steps]]', // 14
    'path = "0.0"', // 15
    '[[verified.proof.steps.grounds]]', // 16
    'kind = "code"', // 17
    '[[verified.proof.steps.grounds]]', // 18
    '"kind" = "prior-step"', // 19
    '["aristos:x"]', // 20
    'a.b = 1', // 21
  ].join('\n');
  it('parses values with bigint integers and locates tables, array elements and keys', () => {
    const r = parseToml(text);
    if (!r.ok) throw new Error(r.message);
    const d = r.doc;
    expect((d.data['verdict'] as Record<string, unknown>)['attempts']).toBe(1n);
    expect(d.lineOf(['verdict', 'attempts'])).toBe(3);
    expect(d.lineOf(['verified', 'proof', 'conclusion'])).toBe(6);
    expect(d.lineOf(['verified', 'proof', 'steps', 1])).toBe(14);
    expect(d.lineOf(['verified', 'proof', 'steps', 1, 'path'])).toBe(15);
    expect(d.lineOf(['verified', 'proof', 'steps', 1, 'grounds', 1, 'kind'])).toBe(19);
    expect(d.lineOf(['verified', 'proof', 'steps', 0, 'grounds', 0])).toBe(12);
    expect(d.lineOf(['verified', 'proof', 'steps', 1, 'claim'])).toBe(14); // missing → its table
    expect(d.lineOf(['aristos:x', 'a', 'b'])).toBe(21);
    expect(d.lineOf(['not'])).toBe(1);
  });
  it('locates keys after a string that holds a key of 100,000 segments, without building its prefixes', () => {
    const text = `x = [ '''\n${'a.'.repeat(100_000)}a = 1\n''' ]\n[verdict]\ntype = "verified"\n`;
    const r = parseToml(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.lineOf(['x'])).toBe(1);
    expect(r.doc.lineOf(['verdict', 'type'])).toBe(5);
  });
  it('reports syntax errors and duplicates with a line', () => {
    expect(parseToml('a = 1\na = 2')).toMatchObject({ ok: false, line: 2 });
    expect(parseToml('[x]\n[x]')).toMatchObject({ ok: false, line: 2 });
    expect(parseToml('a = "open')).toMatchObject({ ok: false, line: 1 });
  });
});

describe('Rust string literals', () => {
  it('decodes escapes, continuations and raw strings like syn', () => {
    expect(rustStringValue('"a\\nb\\t\\"c\\\\"')).toBe('a\nb\t"c\\');
    expect(rustStringValue('"one \\\n     two"')).toBe('one two');
    expect(rustStringValue('"\\u{1F600}\\x41"')).toBe('😀A');
    expect(rustStringValue('r#"raw "q" \\n"#')).toBe('raw "q" \\n');
    expect(rustStringValue('b"bytes"')).toBeUndefined();
    expect(rustStringValue('"\\q"')).toBeUndefined();
    // At most six hex digits in \u{…}, as Rust's lexer reads them; underscores between them.
    expect(rustStringValue('"\\u{0000041}"')).toBeUndefined();
    expect(rustStringValue('"\\u{_41}"')).toBeUndefined();
    expect(rustStringValue('"\\u{4_1}"')).toBe('A');
  });
});

describe('C annotations (the SDK’s C front-end on tree-sitter-c)', () => {
  let c: Parser;
  let rust: Parser;
  beforeAll(async () => {
    c = await cParser();
    rust = await rustParser();
  });
  afterAll(() => {
    c.delete();
    rust.delete();
  });
  const read = (src: string) => cAnnotations(c, rust, src);

  it('reads a run of directives on the function defined on the next line', () => {
    const src = [
      '#include <stdio.h>',
      '// @aristo intent("adds one to the input", verify = "test", id = "add_one")',
      'int add_one(int x) { return x + 1; }',
      '  //   @aristo   assume ( r#"raw "quoted" text"# )',
      '// @aristo intent("child", parent = ["a", "b"])',
      'static char *',
      'make_buf(int n)',
      '{',
      '  // @aristo intent("inside a body: the SDK never sees it")',
      '  return 0;',
      '}',
    ].join('\n');
    expect(read(src)).toEqual([
      {
        kind: 'intent',
        text: 'adds one to the input',
        verify: 'test',
        id: 'add_one',
        site: 'fn add_one (line 2)',
      },
      { kind: 'assume', text: 'raw "quoted" text', verify: true, site: 'fn make_buf (line 4)' },
      {
        kind: 'intent',
        text: 'child',
        verify: true,
        parent: ['a', 'b'],
        site: 'fn make_buf (line 5)',
      },
    ]);
  });
  const T = '// @aristo assume("x")';
  it.each([
    ['in a block comment', `/* retired:\n${T}\n*/\nint f(void) { return 0; }`],
    ['under #if 0', `#if 0\n${T}\nint f(void) { return 0; }\n#endif`],
    [
      'under a conditional opened mid-line',
      `/* g */ #if 0\nint g(void);\n${T}\nint f(void) { return 0; }\n#endif`,
    ],
    [
      'swallowed by a macro continued with CRLF',
      `#define SHIM 1 \\\r\n${T}\nint f(void) { return 0; }`,
    ],
    ['continuing a comment with CRLF', `// note \\\r\n${T}\nint f(void) { return 0; }`],
    ['a blank line before the function', `${T}\n\nint f(void) { return 0; }`],
    ['a stray token before the function', `${T}\n, int f(void) { return 0; }`],
    ['a declaration, not a definition', `${T}\nint f(void);`],
    ['another comment between', `${T}\n// note\nint f(void) { return 0; }`],
    ['a function whose name the SDK cannot reach', `${T}\nint (*f(int n))(int) { return 0; }`],
    ['a macro-made definition', `${T}\nSHIM_FN(f) { return 0; }`],
    [
      'an argument the SDK does not know',
      '// @aristo assume("x", bogus)\nint f(void) { return 0; }',
    ],
    ['an unknown key', '// @aristo assume("x", foo = "y")\nint f(void) { return 0; }'],
    [
      'arguments that close the wrapper',
      '// @aristo assume("x")] fn g() {} #[a(\nint f(void) { return 0; }',
    ],
    ['no text first', '// @aristo intent(no_text = "x")\nint f(void) { return 0; }'],
    [
      'arguments that close the attribute early',
      '// @aristo assume("x")] #[a()\nint f(void) { return 0; }',
    ],
    [
      'arguments that close it with a comment',
      '// @aristo intent("x")] //)\nint f(void) { return 0; }',
    ],
    ['a BOM Rust does not trim', '// @aristo intent("x")\ufeff\nint f(void) { return 0; }'],
    ['a BOM before @aristo', '//\ufeff@aristo intent("x")\nint f(void) { return 0; }'],
    [
      'a \\u{} escape of seven digits',
      '// @aristo assume("\\u{0000041}")\nint f(void) { return 0; }',
    ],
    ['not a directive', '// @aristo intentional("x")\nint f(void) { return 0; }'],
  ])('none %s', (_, src) => expect(read(src)).toEqual([]));

  it('keeps what holds a bracket inside a string, and trims U+0085 as Rust does', () => {
    expect(read('// @aristo assume(r#"a)]"#)\nint f(void) { return 0; }')).toEqual([
      { kind: 'assume', text: 'a)]', verify: true, site: 'fn f (line 1)' },
    ]);
    expect(read('// @aristo assume("\\u{1F600}")\u0085\nint f(void) { return 0; }')).toEqual([
      { kind: 'assume', text: '😀', verify: true, site: 'fn f (line 1)' },
    ]);
  });
  it('takes the name through attributes, and counts lines through continued strings', () => {
    expect(read(`${T}\n__attribute__((noinline)) int f(int n) { return n; }`)).toEqual([
      { kind: 'assume', text: 'x', verify: true, site: 'fn f (line 1)' },
    ]);
    expect(read(`const char *s = "a\\\nb";\n${T}\nint f(void) { return 0; }`)).toEqual([
      { kind: 'assume', text: 'x', verify: true, site: 'fn f (line 3)' },
    ]);
  });

  it('honours aristo.toml’s [index].exclude, and refuses C entries where it cannot read it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aristo-excl-'));
    try {
      fs.mkdirSync(path.join(dir, 'csrc'));
      fs.writeFileSync(path.join(dir, 'csrc/a.c'), `${T}\nint f(void) { return 0; }\n`);
      const load = async (toml: string) => {
        fs.writeFileSync(path.join(dir, 'aristo.toml'), toml);
        const got = await loadCSources(new Workspace(dir), dir, ['csrc/a.c', 'target/x.c']);
        return [...got.values()].map((v) => ('unread' in v ? v.unread : v.annotations.length));
      };
      expect(await load('[index]\nexclude = ["vendor/**"]\n')).toEqual([1]);
      expect(await load('[index]\nexclude = ["*.{c,h}"]\n')).toEqual(['excluded']);
      expect(await load('[index]\nexclude = "csrc"\n')).toEqual(['config-unreadable']);
      expect(await load('[index\n')).toEqual(['config-unreadable']);
      // Backtracking grows with the wildcards: a pattern with many is refused, not matched.
      expect(await load(`[index]\nexclude = ["${'*a'.repeat(40)}b"]\n`)).toEqual([
        'config-unreadable',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('reads a C file as the SDK’s walk names it: .c and .h, not a name that is only a dot', () => {
    expect(['a.c', 'x/b.h', 'x/.c', '.h', 'a.cc', 'a.c.txt', 'a.C'].map(isCSource)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('annotation extractor (the SDK walker’s cases)', () => {
  let parser: Parser;
  beforeAll(async () => {
    parser = await rustParser();
  });
  afterAll(() => parser.delete());
  const extract = (s: string) => extractAnnotations(parser, s);

  it('a method: site, line, region and the worked body hash', () => {
    const src = [
      'pub struct RingBuffer { len: usize }',
      'impl RingBuffer {',
      '    #[aristo::intent("len() is always at most the capacity.", id = "len_bounded", verify = "neural")]',
      '    pub fn len(&self) -> usize {',
      '        self.len',
      '    }',
      '}',
    ].join('\n');
    const [a, ...rest] = extract(src).annotations;
    expect(rest).toEqual([]);
    expect(a).toMatchObject({
      kind: 'intent',
      id: 'len_bounded',
      verify: 'neural',
      label: 'impl RingBuffer::len',
      site: 'impl RingBuffer::len (line 3)',
      covered_region: 'function',
      body_hash: 'sha256:def1443eb4bf70242958cb207555a0d25c49c353777f9ed0d6b9972b3921b555',
      text_hash: textHash('len() is always at most the capacity.'),
    });
  });
  it('items of every kind, bare forms and statement macros', () => {
    const src = `
use aristo::intent;
#[aristo::intent("a tiny holder", verify = true, id = "tiny_holder")]
struct Holder { value: i32 }
#[intent("inherent impl on Holder")]
impl<T> Holder<T> {
    #[aristo::intent("constructor preserves value")]
    fn new(value: i32) -> Self { Self { value } }
    fn check(&self) -> bool {
        match self.value { 0 => { aristo::intent_stmt!("zero is even", verify = "test"); true } _ => false }
    }
}
#[aristo::intent("Holder is sendable")]
impl Send for a::Holder<u8> {}
#[aristo::intent("doublable things")]
trait Doublable {
    #[aristo::intent("doubles")]
    fn doubled(&self) -> i32;
}
#[aristo::intent("math helpers")]
mod math {
    #[aristo::assume("squares its input")]
    fn sq(x: i32) -> i32 { x * x }
}
#[aristo::intent("alias")]
type SmallInt = i32;
#[aristo::intent("an enum")]
enum E { A, B }
fn outer() {
    // comment between
    #[aristo::intent("nested fn")]
    fn inner() {}
    let f = || { assume_stmt!("closure body"); };
}
`;
    const got = extract(src).annotations.map((a) => [a.kind, a.label, a.covered_region, a.verify]);
    expect(got).toEqual([
      ['intent', 'struct Holder', 'type', true],
      ['intent', 'impl Holder', 'impl_methods', true],
      ['intent', 'impl Holder::new', 'function', true],
      ['intent', 'impl Holder::check', 'statement', 'test'],
      ['intent', 'impl Send for a::Holder', 'impl_methods', true],
      ['intent', 'trait Doublable', 'type', true],
      ['intent', 'trait Doublable::doubled', 'function', true],
      ['intent', 'mod math', 'module_inline_body', true],
      ['assume', 'fn sq', 'function', true],
      ['intent', 'type SmallInt', 'type', true],
      ['intent', 'enum E', 'type', true],
      ['intent', 'fn inner', 'function', true],
      ['assume', 'fn outer', 'statement', true],
    ]);
    const byLabel = Object.fromEntries(extract(src).annotations.map((a) => [a.label, a]));
    expect(byLabel['struct Holder']!.body_hash).toBe(bodyHash('{ value: i32 }'));
    expect(byLabel['trait Doublable::doubled']!.body_hash).toBe(
      bodyHash('fn doubled(&self) -> i32'),
    );
    expect(byLabel['type SmallInt']!.body_hash).toBe(bodyHash('i32'));
    expect(byLabel['impl Holder::check']!.body_hash).toBe(
      bodyHash('aristo::intent_stmt!("zero is even", verify = "test");'),
    );
  });
  it('an impl of a path of 200,000 segments is labelled, not a stack overflow', () => {
    const segments = Array.from({ length: 200_000 }, () => 'a');
    const src = `#[aristo::intent("deep")]\nimpl ${segments.join('::')} {}\n`;
    const r = extract(src);
    expect(r.syntaxError).toBeUndefined();
    expect(r.annotations.map((a) => a.label)).toEqual([`impl ${segments.join('::')}`]);
  });
  it('hashes a cited range once, and stops at its budget', () => {
    const lines = ['fn a() {', '    1', '}'];
    const whole = 'fn a() {\n    1\n}\n'.length;
    const hash = rangeHasher(lines, whole);
    expect(hash(1, 3)).toBe(codeTextHash(lines, 1, 3));
    expect(hash(1, 3)).toBe(codeTextHash(lines, 1, 3)); // remembered: costs nothing more
    expect(hash(2, 2)).toBeUndefined(); // the budget is spent
  });
  it('one item with thousands of attributes: each annotation has the item’s body hash', () => {
    const body = `{\n${'    let x = 1;\n'.repeat(5000)}}`;
    const attrs = Array.from({ length: 2000 }, (_, i) => `#[aristo::intent("claim ${i}")]`);
    const r = extract(`${attrs.join('\n')}\nfn f() ${body}\n`);
    expect(r.annotations).toHaveLength(2000);
    expect(new Set(r.annotations.map((a) => a.body_hash))).toEqual(new Set([bodyHash(body)]));
  });
  it('annotated unit structs all cover the whole file, hashed once', () => {
    const src = Array.from(
      { length: 2000 },
      (_, i) => `#[aristo::assume("a", id = "a${i}")]\r\nstruct S${i};`,
    ).join('\r\n');
    const r = extract(src);
    expect(r.annotations).toHaveLength(2000);
    expect(new Set(r.annotations.map((a) => a.body_hash))).toEqual(
      new Set([bodyHash(src.replace(/\r\n/g, '\n'))]),
    );
  });
  it('regions are taken with CRLF rejoined by \\n, attributes excluded', () => {
    const src = '#[aristo::intent("x")]\r\nfn f() {\r\n    1\r\n}\r\n';
    expect(extract(src).annotations[0]!.body_hash).toBe(bodyHash('{\n    1\n}'));
  });
  it('parent, malformed arguments, and annotations where the SDK does not look (reported: it skips them)', () => {
    const src = `
#[aristo::intent("list", parent = ["one", "two"])]
fn b() {}
#[aristo::intent(no_text_arg = "x")]
fn c() {}
#[aristo::intent("x", verify = "yolo")]
fn d() {}
#[aristo::intent("x", colour = "red")]
fn e() {}
#[aristo::intent]
fn g() {}
#[other::intent("not ours")]
fn h() {}
#[aristo::intent("on a const: the SDK does not look")]
const K: u8 = 1;
`;
    const r = extract(src);
    expect(r.annotations.map((a) => [a.label, a.parent])).toEqual([['fn b', ['one', 'two']]]);
    expect(r.malformed.map((m) => m.line)).toEqual([4, 6, 8, 10, 14]);
    expect(r.malformed.at(-1)?.detail).toBe(
      '#[intent] is on a const, which the SDK does not read annotations from',
    );
    expect(r.syntaxError).toBeUndefined();
  });
  it('reports where the Rust stops parsing', () => {
    const r = extract('#[aristo::intent("x")]\nfn f() {\n  let = ;\n}\n');
    expect(r.syntaxError?.line).toBe(3);
  });
});
