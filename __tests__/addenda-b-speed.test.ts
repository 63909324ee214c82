// The Addenda B pack's speed work must not change a report. A mixed bundle of many mutated records
// (every fixture's mutation plus seeded random ones: odd values, moved references, repeats, raw
// lines, deep nesting) is read and checked, and its findings must equal the golden file written by
// the code before that work. UPDATE_GOLDEN=1 rewrites it: only on purpose, when a rule's findings
// are meant to change.
import fs from 'node:fs';
import path from 'node:path';
import { Workspace } from '../src/io/workspace.js';
import { fastSchema } from '../src/io/fast-schema.js';
import { parseJsonTree } from '../src/io/json.js';
import { firstIssue } from '../src/packs/kit/index.js';
import { MAX_RECORD_DEPTH, readBundle, type BundleRecord } from '../src/packs/addenda-b/bundle.js';
import { RECORD_GROUPS, type RecordGroup } from '../src/packs/addenda-b/record-groups.js';
import { recordSchemas } from '../src/packs/addenda-b/records.js';
import { checkBundle } from '../src/packs/addenda-b/verify.js';
import { mutantModel, writeMutantBundle } from './support/addenda-b-mutants.js';

const GOLDEN = path.resolve('__tests__/golden/addenda-b__mutants.json');

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'ab-speed-'));
  writeMutantBundle(path.join(root, 'b'), mutantModel(2026, 8, 600));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const line = (f: { code: string; message: string; at: { path: string; line?: number } }) =>
  `${f.at.path}:${f.at.line ?? ''} ${f.code} ${f.message}`;

describe('Addenda B: the speed work leaves every report as it was', () => {
  it('a mixed bundle of mutated records gives the findings the code gave before', () => {
    const { bundle, issues } = readBundle(new Workspace(root), path.join(root, 'b'));
    const found = [
      ...issues.map((i) => line({ code: i.code.code, message: i.message, at: i.at })),
      ...checkBundle(bundle).map(line),
    ];
    if (process.env['UPDATE_GOLDEN'] === '1')
      fs.writeFileSync(GOLDEN, JSON.stringify(found, null, 1) + '\n');
    const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as string[];
    // Many codes fire, from both the reader and the rules: the comparison means something.
    expect(new Set(golden.map((l) => l.split(' ')[1])).size).toBeGreaterThan(100);
    expect(found).toEqual(golden);
  });

  it('each record group holds the records a walk over every record would pick, in bundle order', () => {
    const { bundle } = readBundle(new Workspace(root), path.join(root, 'b'));
    const has = (k: string) => (r: BundleRecord) => Object.hasOwn(r.data, k);
    const plain: Record<RecordGroup, (r: BundleRecord) => boolean> = {
      learningMode: has('learning_mode'),
      legacyProgress: has('requires_background_progress'),
      privileged: (r) => r.data.data_class === 'privileged' || r.data.privileged === true,
      taintBearing: (r) =>
        r.type === 'SourceRecord' || has('taint_class')(r) || has('governance')(r),
      receipts: (r) => r.type.endsWith('Receipt'),
      cascadeEvents: (r) =>
        [
          'RevalidationCascadeRun',
          'RevalidationCascadeReceipt',
          'RevisionExecutionLifecycleTransition',
          'RevisionCycleOutcomeObservation',
        ].includes(r.type),
    };
    for (const name of Object.keys(RECORD_GROUPS) as RecordGroup[]) {
      const want = bundle.records.filter(plain[name]);
      // Every group is exercised: a mutant bundle holds members of each.
      expect({ name, some: want.length > 0 }).toEqual({ name, some: true });
      expect(bundle.group(name)).toEqual(want);
    }
  });

  it('the reader admits and refuses each line as JSON.parse, a plain depth walk and the schema do', () => {
    const { bundle, issues } = readBundle(new Workspace(root), path.join(root, 'b'));
    const rel = 'b/records.jsonl';
    const got = new Map<number, string>();
    // Where a line is not JSON, the reader says why in its own words; the verdict is what counts.
    const verdict = (m: string) => (m.startsWith('The line is not valid JSON: ') ? NOT_JSON : m);
    for (const i of issues) if (i.at.path === rel) got.set(i.at.line!, verdict(i.message));
    for (const r of bundle.records) if (!r.registry) got.set(r.at.line!, `admitted ${r.type}`);

    const want = new Map<number, string>();
    const text = fs.readFileSync(path.join(root, rel), 'utf8');
    text
      .split('\n')
      .slice(0, -1)
      .forEach((raw, i) => want.set(i + 1, referenceVerdict(raw.replace(/\r$/, ''))));
    expect(got).toEqual(want);
  });
});

const NOT_JSON = 'The line is not valid JSON.';

/**
 * The reader's verdict on one line, the plain way: repeated keys found by the syntax tree, every
 * record walked with an explicit stack.
 */
function referenceVerdict(text: string): string {
  if (text.trim() === '') return 'The line is empty.';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'The record is not a JSON object.';
  const data = value as Record<string, unknown>;
  const type = data.type;
  if (typeof type !== 'string' || type === '')
    return 'The record has no "type" naming its seed interface.';
  const schemas = recordSchemas();
  if (!Object.hasOwn(schemas, type))
    return `Record type "${type.slice(0, 80)}" is not an interface of DOC23 Addenda B.`;
  const stack: Array<[unknown, number]> = [[data, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, depth] = top;
    if (depth > MAX_RECORD_DEPTH)
      return `${type} nests arrays or objects deeper than ${MAX_RECORD_DEPTH} levels.`;
    const key = Array.isArray(v)
      ? undefined
      : Object.keys(v as object).find((k) => k === 'toString' || k === 'valueOf');
    if (key)
      return `${type} holds a key named "${key}", which no seed record has and which would stand in for JavaScript's own method when the record is read: rename or remove it.`;
    for (const child of Array.isArray(v) ? v : Object.values(v as object))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  const tree = parseJsonTree(text);
  const repeated = tree.ok ? tree.doc.duplicates[0]?.key : undefined;
  if (repeated !== undefined)
    return `The line repeats the key "${repeated}" in one object, which readers resolve differently: keep one.`;
  const parsed = fastSchema(schemas[type]!).safeParse(data);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return `${type} is invalid at ${issue.where}: ${issue.why}.`;
  }
  return `admitted ${type}`;
}
