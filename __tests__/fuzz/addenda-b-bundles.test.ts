// Fuzz: byte-level, record-level and file-kind mutations of the clean Addenda B bundles (the
// conformance clean fixtures). Invariants: never a crash or a stack trace, a sound GateReport, no
// secret in any output, nothing written, and never a green gate when the reference rule says the
// bundle cannot be read as the seed writes it: bundle.json, records.jsonl or a registry/*.json
// file that is not UTF-8 JSON, an object that repeats a key, a record of a type the seed does not
// define or that does not match its schema in schemas/ (checked here by a plain JSON Schema
// reading, not by the pack's generated validators), or one of those files gone, not a regular
// file, or linked out of the workspace.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { verify } from '../../src/pipeline/verify.js';
import { validate, type Schema } from '../support/json-schema.js';
import { applyByteEdit, byteEdit, hostileString, type ByteEdit } from '../support/arbitraries.js';
import {
  copiesDir,
  expectCleanRun,
  fileName,
  expectNotGreen,
  params,
  NODE_KINDS,
  replaceNode,
  restore,
  sandbox,
  snapshot,
  timeout,
  Tally,
  type NodeKind,
  type Sandbox,
} from '../support/fuzz.js';

const CONFORMANCE = path.resolve('conformance/addenda-b');
const BASES = fs
  .readdirSync(CONFORMANCE)
  .filter((d) => /^(s\d+-)?clean-/.test(d))
  .sort();

const schemaFile = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve('schemas', `addenda-b-${name}.schema.json`), 'utf8'));
const BUNDLE_SCHEMA = schemaFile('bundle') as Schema;
/** The seed's record types by name: the record schema is one branch per type. */
const RECORD_SCHEMAS = new Map<string, Schema>(
  (schemaFile('record').oneOf as Schema[]).map((s) => [
    (s['properties'] as Record<string, Schema>)['type']!['const'] as string,
    s,
  ]),
);

const BUNDLE_DIR = 'bundle';

interface Base {
  name: string;
  pristine: string;
  /** The bundle's files, relative to it: bundle.json, records.jsonl, registry/*.json. */
  files: string[];
}

let box: Sandbox;
const bases: Base[] = [];

beforeAll(() => {
  box = sandbox('addenda-b');
  for (const name of BASES) {
    const pristine = path.join(box.base, 'pristine', name);
    fs.cpSync(path.join(CONFORMANCE, name, 'input'), pristine, { recursive: true });
    const registry = path.join(pristine, 'registry');
    const files = ['bundle.json', 'records.jsonl'].filter((f) =>
      fs.existsSync(path.join(pristine, f)),
    );
    if (fs.existsSync(registry))
      for (const f of fs.readdirSync(registry).sort()) files.push(`registry/${f}`);
    bases.push({ name, pristine, files });
  }
  // Byte-identical copies outside the workspace: a reader that followed a link out would find
  // every file as it should be.
  fs.cpSync(path.join(box.base, 'pristine'), path.join(box.outside, 'bundles'), {
    recursive: true,
  });
});
afterAll(() => box?.dispose());

const bundleDir = () => path.join(box.ws, BUNDLE_DIR);

function install(b: Base): string {
  restore(b.pristine, bundleDir());
  return bundleDir();
}

// ---------------------------------------------------------------------------------------------
// The reference reading

/** The first key an object of `text` (valid JSON) spells twice, or undefined. */
function repeatedKey(text: string): string | undefined {
  const stack: Array<{ keys: Set<string> | undefined; expectKey: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (c === '[') stack.push({ keys: undefined, expectKey: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return key;
        top.keys.add(key);
        top.expectKey = false;
      }
      i = j;
    }
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** JSON text read as the seed writes it, or why it cannot be. */
function readJson(bytes: Buffer): { value: unknown } | { bad: string } {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { bad: 'not UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { bad: 'not JSON' };
  }
  const key = repeatedKey(text);
  return key === undefined ? { value } : { bad: `repeats the key ${JSON.stringify(key)}` };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a record is not one the seed defines, or undefined. */
function recordDefect(value: unknown): string | undefined {
  if (!isObject(value) || typeof value['type'] !== 'string') return 'is not an object with a type';
  const schema = RECORD_SCHEMAS.get(value['type']);
  if (!schema) return `names the type ${JSON.stringify(value['type'])} the seed does not define`;
  // JSON.parse turns a number past the double range into Infinity: the reference does not judge it.
  if (hasNonFinite(value)) return undefined;
  const errors = validate(schema, value);
  return errors.length ? `does not match its schema: ${errors[0]}` : undefined;
}

function hasNonFinite(v: unknown): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (typeof v !== 'object' || v === null) return false;
  return Object.values(v).some(hasNonFinite);
}

/** Why the bundle file `rel` (as it is now in `dir`) cannot be read as the seed writes it. */
function fileDefect(dir: string, rel: string): string | undefined {
  const abs = path.join(dir, rel);
  const st = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return rel === 'records.jsonl' || rel === 'bundle.json' ? 'is gone' : undefined;
  if (!st.isFile()) return st.isSymbolicLink() ? undefined : 'is not a regular file';
  if (rel.startsWith('registry/') && !rel.endsWith('.json')) return undefined; // never read
  const bytes = fs.readFileSync(abs);
  if (rel === 'records.jsonl') {
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return 'is not UTF-8';
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.trim() === '') continue; // a blank line: the reference does not judge it
      const read = readJson(Buffer.from(line));
      if ('bad' in read) return `line ${i + 1} ${read.bad}`;
      const defect = recordDefect(read.value);
      if (defect) return `line ${i + 1} ${defect}`;
    }
    return undefined;
  }
  const read = readJson(bytes);
  if ('bad' in read) return read.bad;
  if (rel === 'bundle.json') {
    const errors = isObject(read.value) ? validate(BUNDLE_SCHEMA, read.value) : ['not an object'];
    return errors.length ? `does not match its schema: ${errors[0]}` : undefined;
  }
  for (const item of Array.isArray(read.value) ? read.value : [read.value]) {
    const defect = recordDefect(item);
    if (defect) return `an item ${defect}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Cases

type RecordEdit =
  | { op: 'drop-field'; key: number }
  | { op: 'odd-value'; key: number; value: unknown }
  | { op: 'extra-field'; name: string; value: unknown }
  | { op: 'rename-type'; name: string }
  | { op: 'repeat-key'; key: number; value: unknown; last: boolean }
  | { op: 'duplicate-line' }
  | { op: 'delete-line' }
  | { op: 'raw-line'; text: string };

type BundleCase =
  | { kind: 'bytes'; base: number; file: number; edits: ByteEdit[] }
  | { kind: 'record'; base: number; line: number; edit: RecordEdit }
  | { kind: 'node'; base: number; file: number; node: NodeKind }
  | { kind: 'extra'; base: number; name: string; content: string };

/** Values of every JSON kind, the seed's non-finite spellings and hostile strings among them. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 0, -1, 1.5, true, false, [], {}, [null], 'NaN', 'Infinity', ''),
  fc.constantFrom('sha256:' + '0'.repeat(64), '2026-03-02T09:00:00Z', { constructor: 'x' }),
  hostileString(),
);

const recordEdit: fc.Arbitrary<RecordEdit> = fc.oneof(
  fc.record({ op: fc.constant('drop-field' as const), key: fc.nat() }),
  fc.record({ op: fc.constant('odd-value' as const), key: fc.nat(), value: oddValue }),
  fc.record({
    op: fc.constant('extra-field' as const),
    name: fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', 'status'), hostileString()),
    value: oddValue,
  }),
  fc.record({
    op: fc.constant('rename-type' as const),
    name: fc.oneof(
      fc.constantFrom('NoSuchType', 'constructor', '__proto__', 'toString', '', 'FormulaValue'),
      fc.constantFrom(...RECORD_SCHEMAS.keys()),
      hostileString(),
    ),
  }),
  fc.record({
    op: fc.constant('repeat-key' as const),
    key: fc.nat(),
    value: oddValue,
    last: fc.boolean(),
  }),
  fc.constant({ op: 'duplicate-line' as const }),
  fc.constant({ op: 'delete-line' as const }),
  fc.record({
    op: fc.constant('raw-line' as const),
    text: fc.oneof(
      fc.constantFrom('{', '[1,2]', 'null', '"text"', '{"type":7}', '{}', '\ufeff{}', '{"a":1}\r'),
      hostileString(),
    ),
  }),
);

const runCase: fc.Arbitrary<BundleCase> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bytes' as const),
      base: fc.nat(),
      file: fc.nat(),
      edits: fc.array(byteEdit, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      base: fc.nat(),
      line: fc.nat(),
      edit: recordEdit,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('node' as const),
      base: fc.nat(),
      file: fc.nat(),
      node: fc.constantFrom(...NODE_KINDS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      base: fc.nat(),
      name: fc.oneof(
        fc.constantFrom('x.json', 'notes.txt', '.json', 'a.json.bak'),
        hostileString(),
      ),
      content: fc.oneof(fc.constantFrom('[]', '{}', '[{"type":"NoSuchType"}]'), hostileString()),
    }),
  },
);

/** `record` as a JSON line with `key` written twice, the hostile value first or last. */
function withRepeatedKey(
  record: Record<string, unknown>,
  key: string,
  value: unknown,
  last: boolean,
) {
  const body = JSON.stringify(record).slice(1, -1);
  const dup = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  return last ? `{${body},${dup}}` : `{${dup},${body}}`;
}

function editRecordLine(file: string, at: number, edit: RecordEdit): void {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return;
  const i = at % lines.length;
  const record = JSON.parse(lines[i]!) as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => k !== 'type');
  const key = (n: number) => keys[n % keys.length];
  switch (edit.op) {
    case 'drop-field':
      if (keys.length) delete record[key(edit.key)!];
      lines[i] = JSON.stringify(record);
      break;
    case 'odd-value':
      if (keys.length) record[key(edit.key)!] = edit.value;
      lines[i] = JSON.stringify(record);
      break;
    case 'extra-field':
      Object.defineProperty(record, edit.name, { value: edit.value, enumerable: true });
      lines[i] = JSON.stringify(record);
      break;
    case 'rename-type':
      record['type'] = edit.name;
      lines[i] = JSON.stringify(record);
      break;
    case 'repeat-key':
      lines[i] = withRepeatedKey(record, key(edit.key) ?? 'type', edit.value, edit.last);
      break;
    case 'duplicate-line':
      lines.splice(i, 0, lines[i]!);
      break;
    case 'delete-line':
      lines.splice(i, 1);
      break;
    case 'raw-line':
      lines.splice(i, 0, edit.text.replace(/\n/g, ' '));
      break;
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** Applies the case; returns why the reference calls the bundle bad (undefined: no verdict). */
function applyCase(c: BundleCase): string | undefined {
  const b = bases[c.base % bases.length]!;
  const dir = install(b);
  switch (c.kind) {
    case 'bytes': {
      const rel = b.files[c.file % b.files.length]!;
      const abs = path.join(dir, rel);
      const before = fs.readFileSync(abs);
      let after: Buffer = before;
      for (const e of c.edits) after = applyByteEdit(after, e);
      fs.writeFileSync(abs, after);
      return verdictOf(dir, rel);
    }
    case 'record': {
      if (!b.files.includes('records.jsonl')) return undefined;
      editRecordLine(path.join(dir, 'records.jsonl'), c.line, c.edit);
      return verdictOf(dir, 'records.jsonl');
    }
    case 'node': {
      const rel = b.files[c.file % b.files.length]!;
      const changed = replaceNode(box, path.join(dir, rel), c.node, {
        outsideCopy: path.join(box.outside, 'bundles', b.name, rel),
        pristine: path.join(b.pristine, rel),
        rel,
      });
      if (!changed) return undefined;
      if (c.node.startsWith('link-')) return `${rel} is a link out of the workspace`;
      return verdictOf(dir, rel);
    }
    case 'extra': {
      const abs = path.join(dir, 'registry', fileName(c.name));
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      if (fs.existsSync(abs)) return undefined;
      fs.writeFileSync(abs, c.content);
      return verdictOf(dir, path.relative(dir, abs).split(path.sep).join('/'));
    }
  }
}

function verdictOf(dir: string, rel: string): string | undefined {
  const why = fileDefect(dir, rel);
  return why && `${rel} ${why}`;
}

const tally = new Tally();
afterAll(() => tally.print('addenda-b bundle cases'));

async function check(c: BundleCase): Promise<void> {
  const bad = applyCase(c);
  tally.add(
    c.kind === 'record' ? `record:${c.edit.op}` : c.kind === 'node' ? `node:${c.node}` : c.kind,
    bad !== undefined,
  );
  const before = snapshot(box);
  const report = expectCleanRun(box, before, await verify({ root: box.ws }));
  expectNotGreen(report, bad);
  fs.rmSync(copiesDir(box), { recursive: true, force: true });
}

describe('fuzz: Addenda B bundles', () => {
  it('every clean bundle passes untouched and the reference finds nothing in it', async () => {
    for (const b of bases) {
      const dir = install(b);
      expect([b.name, b.files.map((f) => fileDefect(dir, f)).filter(Boolean)]).toEqual([
        b.name,
        [],
      ]);
      const r = await verify({ root: box.ws });
      expect([b.name, r.conclusion, r.findings.map((f) => f.code)]).toEqual([
        b.name,
        'success',
        [],
      ]);
    }
  });

  it('the reference reading calls a record that repeats a key or breaks its schema bad', () => {
    expect(repeatedKey('{"a":1,"b":{"a":2},"c":[{"a":1,"a":2}]}')).toBe('a');
    expect(repeatedKey('{"a":"\\"a\\"","b":["a","a"]}')).toBeUndefined();
    expect(recordDefect({ type: 'NoSuchType' })).toMatch(/does not define/);
    expect(recordDefect({ type: 'constructor' })).toMatch(/does not define/);
    expect(recordDefect({ type: 'EventProjectionLink' })).toMatch(/does not match its schema/);
  });

  it(
    'a mutated bundle never crashes, leaks, writes, or verifies green',
    async () => {
      await fc.assert(fc.asyncProperty(runCase, check), params(150));
    },
    timeout(),
  );
});
