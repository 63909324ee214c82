import fs from 'node:fs';
import { z } from 'zod';
import type { Location } from '../../model/finding.js';
import { decodeUtf8, listNames, readSmallFile } from '../../io/files.js';
import { writtenSchema, type FastSchema } from '../../io/fast-schema.js';
import { loadJsonObject, MAX_JSON_BYTES } from '../../io/json-file.js';
import {
  firstRepeatedKey,
  keysSpelled,
  parseJson,
  parseJsonTree,
  repeatedKey,
  type JsonDoc,
} from '../../io/json.js';
import type { Workspace } from '../../io/workspace.js';
import { onFirstUse } from '../kit/first-use.js';
import { firstIssue, streamText } from '../kit/index.js';
import { ADDENDA_B } from './codes.js';
import { RECORD_GROUPS, type GroupTest, type RecordGroup } from './record-groups.js';
import { recordSchemas, idFieldOf } from './records.js';
import { fastPaths } from './schema/fast-paths.generated.js';

/** bundle.json: what run the records belong to, and the time the bundle speaks for. */
export const bundleMetaSchema = onFirstUse(() =>
  z
    .object({
      $schema: z.string().optional(),
      schema_version: z.literal('1.0'),
      task_id: z.string().min(1),
      run_id: z.string().min(1),
      matter_id: z.string().min(1).optional(),
      as_of: z.iso.datetime({ offset: true }).describe('RFC 3339 time the bundle speaks for'),
    })
    .strict(),
);
export type BundleMeta = z.infer<ReturnType<typeof bundleMetaSchema>>;

/**
 * Seed records nest a few levels; a record nested deeper is refused, since the rules' recursive
 * readers (canonical JSON, non-finite scans) would overflow the stack on it.
 */
export const MAX_RECORD_DEPTH = 100;

/**
 * What is wrong with a record's shape, if anything: `true` when it nests arrays or objects deeper
 * than `max` levels, the key when an object holds "toString" or "valueOf" (as own keys of a parsed
 * object they stand in for JavaScript's own conversion methods, so a rule that quotes or compares
 * the value would throw). Recursive, but never more than `max` + 1 frames deep, and
 * allocation-free: it runs on every record.
 */
function shapeProblem(value: unknown, max: number): true | string | undefined {
  return value !== null && typeof value === 'object' ? containerProblem(value, max - 1) : undefined;
}

/** The keys of the objects the last shapeProblem walked (a counter, so the walk allocates nothing). */
let heldKeys = 0;

/** shapeProblem below `v` (itself a container), with `left` more levels allowed. */
function containerProblem(v: object, left: number): true | string | undefined {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const child: unknown = v[i];
      if (child !== null && typeof child === 'object') {
        const problem = left === 0 || containerProblem(child, left - 1);
        if (problem) return problem;
      }
    }
    return undefined;
  }
  // for-in sees the own enumerable keys of a parsed object (JSON.parse makes no others, and an own
  // "__proto__" key is an ordinary own key), without the array Object.values would allocate.
  for (const k in v) {
    heldKeys++;
    if (k === 'toString' || k === 'valueOf') return k;
    const child: unknown = (v as Record<string, unknown>)[k];
    if (child !== null && typeof child === 'object') {
      const problem = left === 0 || containerProblem(child, left - 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Registry files past this count are not read (a finding says so). */
export const MAX_REGISTRY_FILES = 1000;

export interface BundleRecord {
  type: string;
  data: Record<string, unknown>;
  /** Where the record stands: records.jsonl:<line> or registry/<file>:<line>. */
  at: Location;
  /** Event order: the records.jsonl line; registry records come before every event (0). */
  seq: number;
  registry: boolean;
  /** Its place in bundle order, set when the bundle takes it (registry records all have seq 0). */
  pos?: number;
}

export interface Issue {
  code: (typeof ADDENDA_B)[keyof typeof ADDENDA_B];
  message: string;
  at: Location;
}

/** The records of one type, and what is looked up once per type: its id field and its groups. */
interface TypeSlot {
  records: BundleRecord[];
  idField: string | undefined;
  /** The groups every record of the type is in. */
  groups: BundleRecord[][];
  /** The groups a record of the type is in when its data says so. */
  maybe: Array<{ members: BundleRecord[]; data: NonNullable<GroupTest['data']> }>;
}

const NONE: readonly BundleRecord[] = Object.freeze([]);

const GROUP_NAMES = Object.keys(RECORD_GROUPS) as RecordGroup[];

/** A read bundle: every record that is well-formed and matches its seed type, indexed. */
export class Bundle {
  readonly records: BundleRecord[] = [];
  private readonly byType = new Map<string, TypeSlot>();
  /** Own id → its record, or its records when the id is repeated (most ids are not: no array each). */
  private readonly byId = new Map<string, BundleRecord | BundleRecord[]>();
  /**
   * The same per type: a lookup of one type never walks the records of others that share the
   * id (thousands of FormulaValues named like a request made resolving the request slow).
   */
  private readonly byTypeId = new Map<string, Map<string, BundleRecord | BundleRecord[]>>();
  /** The members of each record group, by the group's place in GROUP_NAMES. */
  private readonly members: BundleRecord[][] = GROUP_NAMES.map(() => []);
  /** Memo for derived views that several rules share (e.g. formula recomputation). */
  readonly memo = new Map<string, unknown>();

  constructor(
    readonly dir: string,
    readonly rel: string,
    readonly meta: BundleMeta | undefined,
  ) {}

  add(r: BundleRecord): void {
    // On the record, not in a Map keyed by it: a Map gives each of 100,000 records an identity hash.
    r.pos = this.records.length;
    this.records.push(r);
    const slot = this.byType.get(r.type) ?? this.slotFor(r.type);
    slot.records.push(r);
    for (const members of slot.groups) members.push(r);
    for (const g of slot.maybe) if (g.data(r.data)) g.members.push(r);
    const id = slot.idField ? r.data[slot.idField] : undefined;
    if (typeof id !== 'string') return;
    let ofType = this.byTypeId.get(r.type);
    if (!ofType) this.byTypeId.set(r.type, (ofType = new Map()));
    for (const index of [this.byId, ofType]) {
      const same = index.get(id);
      if (same === undefined) index.set(id, r);
      else if (Array.isArray(same)) same.push(r);
      else index.set(id, [same, r]);
    }
  }

  /** The records of `type` whose own id is `ref`, in bundle order. */
  private ofTypeWithId(type: string, ref: string): readonly BundleRecord[] {
    const found = this.byTypeId.get(type)?.get(ref);
    return found === undefined ? NONE : Array.isArray(found) ? found : [found];
  }

  private slotFor(type: string): TypeSlot {
    const slot: TypeSlot = { records: [], idField: idFieldOf(type), groups: [], maybe: [] };
    GROUP_NAMES.forEach((name, i) => {
      const test: GroupTest = RECORD_GROUPS[name];
      if (test.type?.(type)) slot.groups.push(this.members[i]!);
      else if (test.data) slot.maybe.push({ members: this.members[i]!, data: test.data });
    });
    this.byType.set(type, slot);
    return slot;
  }

  of(type: string): readonly BundleRecord[] {
    return this.byType.get(type)?.records ?? NONE;
  }

  /** The records of a group (see RECORD_GROUPS), in bundle order. */
  group(name: RecordGroup): readonly BundleRecord[] {
    return this.members[GROUP_NAMES.indexOf(name)] ?? NONE;
  }

  /** The records whose own id is `ref` (of one of `types`, when given). */
  lookup(ref: unknown, types?: readonly string[]): BundleRecord[] {
    if (typeof ref !== 'string') return [];
    if (types) {
      const out = types.flatMap((t) => this.ofTypeWithId(t, ref));
      return types.length > 1 ? out.sort((x, y) => x.pos! - y.pos!) : out;
    }
    const found = this.byId.get(ref);
    if (found === undefined) return [];
    return Array.isArray(found) ? found.slice() : [found];
  }

  /**
   * Whether a record whose own id is `ref`, of one of `types`, passes `test`: lookup without the
   * copy, for rules that ask per listed reference (an id may hold thousands of records).
   */
  some(ref: unknown, types: readonly string[], test: (r: BundleRecord) => boolean): boolean {
    if (typeof ref !== 'string') return false;
    for (const t of types) for (const r of this.ofTypeWithId(t, ref)) if (test(r)) return true;
    return false;
  }

  /** Whether more than one record has the own id `ref` (a repeat, maybe a rewrite). */
  repeated(ref: unknown): boolean {
    return typeof ref === 'string' && Array.isArray(this.byId.get(ref));
  }

  /** The first record whose own id is `ref`, of `type` or one of the types listed (no allocation: rules call it per record). */
  resolve(ref: unknown, type?: string | readonly string[]): BundleRecord | undefined {
    if (typeof ref !== 'string') return undefined;
    if (type === undefined) {
      const found = this.byId.get(ref);
      return Array.isArray(found) ? found[0] : found;
    }
    if (typeof type === 'string') return this.ofTypeWithId(type, ref)[0];
    // The first of each type's first record with the id, in bundle order.
    let first: BundleRecord | undefined;
    for (const t of type) {
      const r = this.ofTypeWithId(t, ref)[0];
      if (r && (!first || r.pos! < first.pos!)) first = r;
    }
    return first;
  }

  /**
   * The latest record of `type` whose own id is `ref`: the current state of a record the seed
   * writes again as it changes (a projection, a candidate, a source). A copy written first does
   * not stand in for it.
   */
  current(ref: unknown, type: string): BundleRecord | undefined {
    if (typeof ref !== 'string') return undefined;
    return this.ofTypeWithId(type, ref).at(-1);
  }
}

interface ReadOptions {
  maxLineBytes?: number;
}

/** Reads `<dir>`: bundle.json, records.jsonl and registry/*.json; every defect becomes an issue. */
export function readBundle(
  ws: Workspace,
  dir: string,
  opts: ReadOptions = {},
): { bundle: Bundle; issues: Issue[] } {
  const issues: Issue[] = [];
  const rel = ws.rel(dir);
  const fileRel = (name: string) => (rel === '.' ? name : `${rel}/${name}`);
  const problem = (code: Issue['code'], message: string, at: Location) =>
    issues.push({ code, message, at });

  const metaFile = loadJsonObject(ws, dir, 'bundle.json', { rejectDuplicates: true });
  let meta: BundleMeta | undefined;
  if (metaFile.state !== 'ok') {
    problem(
      ADDENDA_B.bundleUnreadable,
      `bundle.json ${metaFile.state === 'missing' ? 'is missing' : metaFile.detail}.`,
      metaFile.state === 'bad' && metaFile.line
        ? { path: metaFile.rel, line: metaFile.line }
        : { path: metaFile.rel },
    );
  } else {
    const parsed = bundleMetaSchema().safeParse(metaFile.data);
    if (parsed.success) meta = parsed.data;
    else {
      const issue = firstIssue(parsed.error);
      problem(
        ADDENDA_B.bundleUnreadable,
        `bundle.json is invalid at ${issue.where}: ${issue.why}.`,
        { path: metaFile.rel, line: metaFile.doc.lineOf(issue.path) ?? 1 },
      );
    }
  }

  const bundle = new Bundle(dir, rel, meta);
  readRegistry(ws, dir, fileRel('registry'), bundle, problem);
  readRecords(ws, dir, fileRel('records.jsonl'), bundle, problem, opts);
  return { bundle, issues };
}

type Problem = (code: Issue['code'], message: string, at: Location) => void;

/** A record type the seed defines: its name as the schema table spells it, and its validator. */
interface TypeEntry {
  type: string;
  validator: FastSchema<z.ZodType>;
}

const types = new Map<string, TypeEntry>();
function typeEntry(type: string): TypeEntry | undefined {
  let e = types.get(type);
  if (!e) {
    // A record's "type" is checkout content: `constructor` or `__proto__` must not reach the
    // prototype's members. The generated table lists every record type (a test holds it to the
    // schemas), so a clean bundle is checked without building the seed's zod schemas.
    const written = fastPaths().records;
    if (!Object.hasOwn(written, type)) return undefined;
    // The table's own key is an internalized string: records carry it instead of the copy each
    // line parses to, so the rules' type comparisons and lookups compare pointers, not text.
    const own = Object.keys(written).find((k) => k === type)!;
    const validator = writtenSchema(written[own], () => recordSchemas()[own]!);
    types.set(own, (e = { type: own, validator }));
  }
  return e;
}

/** Where a record stands: records.jsonl's path (the line is the record's seq), or a registry item's place. */
type Place = string | Location;
const locate = (place: Place, seq: number): Location =>
  typeof place === 'string' ? { path: place, line: seq } : place;

/** A record as the bundle holds it; its Location is built when a finding asks for it. */
class HeldRecord implements BundleRecord {
  pos = 0;

  constructor(
    readonly type: string,
    readonly data: Record<string, unknown>,
    readonly seq: number,
    readonly registry: boolean,
    private readonly place: Place,
  ) {}

  get at(): Location {
    return locate(this.place, this.seq);
  }
}

/** Checks one parsed value against its seed type and adds it; false when it was refused. */
function admit(
  value: unknown,
  place: Place,
  seq: number,
  registry: boolean,
  bundle: Bundle,
  problem: Problem,
  /** The line the value was parsed from, to refuse a repeated key (registry files check theirs whole). */
  text?: string,
): void {
  const at = () => locate(place, seq);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problem(ADDENDA_B.recordMalformed, 'The record is not a JSON object.', at());
    return;
  }
  const data = value as Record<string, unknown>;
  const type = data.type;
  if (typeof type !== 'string' || type === '') {
    problem(ADDENDA_B.recordMalformed, 'The record has no "type" naming its seed interface.', at());
    return;
  }
  const known = typeEntry(type);
  if (!known) {
    problem(
      ADDENDA_B.unknownRecordType,
      `Record type "${type.slice(0, 80)}" is not an interface of DOC23 Addenda B.`,
      at(),
    );
    return;
  }
  heldKeys = 0;
  const shape = shapeProblem(data, MAX_RECORD_DEPTH);
  // The walk counted the keys the record holds: fewer than the line spells means one repeated.
  if (!shape && text !== undefined && keysSpelled(text) !== heldKeys) {
    problem(ADDENDA_B.recordMalformed, `The line ${repeats(firstRepeatedKey(text) ?? '')}.`, at());
    return;
  }
  if (shape) {
    problem(
      ADDENDA_B.schemaViolation,
      shape === true
        ? `${type} nests arrays or objects deeper than ${MAX_RECORD_DEPTH} levels.`
        : `${type} holds a key named "${shape}", which no seed record has and which would stand in for JavaScript's own method when the record is read: rename or remove it.`,
      at(),
    );
    return;
  }
  const parsed = known.validator.safeParse(data);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    problem(ADDENDA_B.schemaViolation, `${type} is invalid at ${issue.where}: ${issue.why}.`, at());
    return;
  }
  bundle.add(new HeldRecord(known.type, data, seq, registry, place));
}

function readRecords(
  ws: Workspace,
  dir: string,
  relPath: string,
  bundle: Bundle,
  problem: Problem,
  opts: ReadOptions,
): void {
  const resolved = ws.resolve(dir, 'records.jsonl');
  if (!resolved.ok) {
    problem(
      ADDENDA_B.bundleUnreadable,
      `records.jsonl ${resolved.reason === 'missing' ? 'is missing' : resolved.detail}.`,
      { path: relPath },
    );
    return;
  }
  const outcome = streamText(
    resolved.real,
    (line) => {
      const at = () => ({ path: relPath, line: line.no }); // for a problem with the line itself
      if (line.kind === 'too_long') {
        problem(ADDENDA_B.recordMalformed, `The line is ${line.bytes} bytes, over the cap.`, at());
        return;
      }
      if (line.kind === 'invalid_utf8') {
        problem(ADDENDA_B.recordMalformed, 'The line is not valid UTF-8.', at());
        return;
      }
      if (line.text.trim() === '') {
        if (!line.final) problem(ADDENDA_B.recordMalformed, 'The line is empty.', at());
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(line.text);
      } catch (err) {
        // Said as every JSON file is (what is expected, and where), not in V8's words.
        const tree = parseJsonTree(line.text);
        const why = tree.ok
          ? `is not JSON: ${(err as Error).message}`
          : tree.message.replace(/ at line 1, column /, ' at column ');
        problem(ADDENDA_B.recordMalformed, `The line ${why}.`, at());
        return;
      }
      admit(value, relPath, line.no, false, bundle, problem, line.text);
    },
    opts.maxLineBytes,
  );
  if (!outcome.ok)
    problem(
      ADDENDA_B.bundleUnreadable,
      `records.jsonl ${outcome.reason === 'missing' ? 'is missing' : outcome.detail}.`,
      { path: relPath },
    );
}

function readRegistry(
  ws: Workspace,
  dir: string,
  relDir: string,
  bundle: Bundle,
  problem: Problem,
): void {
  const resolved = ws.resolve(dir, 'registry');
  if (!resolved.ok) {
    if (resolved.reason !== 'missing')
      problem(ADDENDA_B.bundleUnreadable, `registry/ ${resolved.detail}.`, { path: relDir });
    return;
  }
  let names: string[];
  try {
    if (!fs.statSync(resolved.real).isDirectory()) throw new Error('is not a directory');
    names = listNames(resolved.real)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch (err) {
    problem(ADDENDA_B.bundleUnreadable, `registry/ ${(err as Error).message}.`, { path: relDir });
    return;
  }
  if (names.length > MAX_REGISTRY_FILES) {
    problem(
      ADDENDA_B.bundleUnreadable,
      `registry/ holds ${names.length} JSON files; only the first ${MAX_REGISTRY_FILES} were read.`,
      { path: relDir },
    );
    names = names.slice(0, MAX_REGISTRY_FILES);
  }
  for (const name of names) {
    const fileRel = `${relDir}/${name}`;
    const file = ws.resolve(resolved.real, name);
    const read = file.ok ? readSmallFile(file.real, MAX_JSON_BYTES) : undefined;
    if (!file.ok || !read?.ok) {
      const detail = !file.ok ? file.detail : read && !read.ok ? read.detail : 'is unreadable';
      problem(ADDENDA_B.bundleUnreadable, `${name} ${detail}.`, { path: fileRel });
      continue;
    }
    const text = decodeUtf8(read.bytes);
    // JSON.parse first (the located parser is slow, and its objects are slow to read); the
    // located parse runs only to say where a malformed file breaks, or on which line an item
    // that a finding names stands. Both keep an own "__proto__"; a repeated key is refused.
    const value = text.ok ? parseFast(text.text) : undefined;
    if (!text.ok || value === undefined) {
      const parsed = text.ok ? parseJson(text.text) : undefined;
      const detail = !text.ok ? text.detail : parsed && !parsed.ok ? parsed.message : 'is not JSON';
      const line = parsed && !parsed.ok ? parsed.position.line : 1;
      problem(ADDENDA_B.bundleUnreadable, `${name} ${detail}.`, { path: fileRel, line });
      continue;
    }
    if (repeatedKey(text.text, value.v) !== undefined) {
      const dup = parseJson(text.text);
      const first = dup.ok ? dup.doc.duplicates[0] : undefined;
      problem(ADDENDA_B.bundleUnreadable, `${name} ${repeats(first?.key ?? '')}.`, {
        path: fileRel,
        line: first?.line ?? 1,
      });
      continue;
    }
    if (!Array.isArray(value.v)) {
      admit(value.v, { path: fileRel, line: 1 }, 0, true, bundle, problem);
      continue;
    }
    let doc: JsonDoc | undefined;
    const lineOf = (i: number): number => {
      if (!doc) {
        const parsed = parseJson(text.text);
        if (!parsed.ok) return 1;
        doc = parsed.doc;
      }
      return doc.lineOf([i]) ?? 1;
    };
    value.v.forEach((item: unknown, i: number) => {
      const at = {
        path: fileRel,
        get line(): number {
          return lineOf(i);
        },
      };
      admit(item, at, 0, true, bundle, problem);
    });
  }
}

/**
 * A repeated key refused in words: JSON.parse keeps the last value, other readers the first or
 * neither, so the gate would judge a record another reader sees otherwise.
 */
const repeats = (key: string) =>
  `repeats ${key === '' ? 'a key' : `the key ${JSON.stringify(key.slice(0, 80))}`} in one object, which readers resolve differently: keep one`;

/** JSON.parse, or undefined where it refuses the text (then the located parser says why). */
function parseFast(text: string): { v: unknown } | undefined {
  try {
    return { v: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
