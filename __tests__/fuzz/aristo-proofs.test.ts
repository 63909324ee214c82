// Fuzz: byte-level, character, structural and file-kind mutations of the clean aristo conformance
// crates (and the realistic one, its refutation waived by the workflow's config): proofs, Rust
// sources, the index, Cargo.toml, expectations.toml and their folders; code grounds citing other
// files and ranges, grounds citing other annotations, added proofs and waivers. Verified with the
// assurance pinned to submission. Invariants: never a crash or a stack trace, a sound GateReport,
// no secret in any output, nothing written, and never a green gate when the reference rule says
// the crate is bad: a stamped ground hash that no longer matches what it cites, a ground the SDK's
// validator rejects, a proof whose verdict, body or tree the validator rejects or that is no longer
// a readable proof inside the repository, an added proof, a visible change inside a proved item's
// covered region or a proved or cited annotation, a file holding those annotations gone or linked
// out, an index that no longer agrees with the source, or a Cargo.toml that is not TOML.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse as parseToml } from 'smol-toml';
import { verify } from '../../src/pipeline/verify.js';
import { mkfifo } from '../support/temp.js';
import {
  applyByteEdit,
  byteEdit,
  hostileString,
  strictUtf8,
  type ByteEdit,
} from '../support/arbitraries.js';
import {
  copiesDir,
  copyFixture,
  expectCleanRun,
  expectNotGreen,
  NODE_KINDS,
  params,
  restore,
  sandbox,
  snapshot,
  timeout,
  Tally,
  type NodeKind,
  type Sandbox,
} from '../support/fuzz.js';

const CONFORMANCE = path.resolve('conformance/aristo');
const FIXTURES = [
  ...fs
    .readdirSync(CONFORMANCE)
    .filter((d) => d.startsWith('clean-'))
    .sort(),
  'realistic-crate',
];
const PROOFS = '.aristo/proofs';
/** The aristo workspace, relative to the repository (so `.git` lies above it). */
const CRATE = 'crate';

type Group = 'proof' | 'source' | 'other' | 'dir';

interface Base {
  name: string;
  pristine: string;
  /** The workflow's config: the realistic crate's refutation is waived there, as it may be. */
  configJson?: string;
  /** The untouched crate's conclusion and finding codes at submission. */
  expected: [string, string[]];
  files: Record<Group, string[]>;
  /** Each proof (file name) as it was parsed. */
  proofs: Map<string, Toml>;
  /** Text hash of every id a proof was produced for or a ground cites, as recorded there. */
  textHashes: Map<string, string>;
  /** Every annotation in the sources: its claim and its `verify` argument, by id. */
  annotations: Map<string, { text: string; verify?: string }>;
  /** Sources holding the annotation of a proved or cited id. */
  annotated: Set<string>;
  /** Byte spans of each source where a visible change must make the crate bad. */
  spans: Map<string, Span[]>;
  index?: Toml;
}

type Toml = Record<string, unknown>;

/** Bytes [start, end) of a source: the covered region or the annotation of a proved or cited id. */
interface Span {
  id: string;
  what: 'region' | 'annotation';
  start: number;
  end: number;
}

let box: Sandbox;
const bases: Base[] = [];

const readToml = (text: string): Toml => parseToml(text, { integersAsBigInt: true }) as Toml;
const isObj = (v: unknown): v is Toml => typeof v === 'object' && v !== null && !Array.isArray(v);

beforeAll(() => {
  box = sandbox('aristo');
  for (const name of FIXTURES) {
    const pristine = path.join(box.base, 'pristine', name);
    copyFixture(CONFORMANCE, name, pristine);
    const proofNames = fs
      .readdirSync(path.join(pristine, PROOFS))
      .filter((n) => n.endsWith('.proof'))
      .sort();
    const sources = fs
      .readdirSync(path.join(pristine, 'src'))
      .filter((n) => n.endsWith('.rs'))
      .map((n) => `src/${n}`)
      .sort();
    const other = ['Cargo.toml', '.aristo/index.toml', '.aristo/expectations.toml'].filter((f) =>
      fs.existsSync(path.join(pristine, f)),
    );
    const proofs = new Map<string, Toml>();
    const textHashes = new Map<string, string>();
    for (const n of proofNames) {
      const data = readToml(fs.readFileSync(path.join(pristine, PROOFS, n), 'utf8'));
      proofs.set(n, data);
      textHashes.set(
        n.slice(0, -'.proof'.length),
        (data['verdict'] as Toml)['produced_at_text_hash'] as string,
      );
      for (const g of grounds(data))
        if (typeof g['id'] === 'string' && typeof g['at_text_hash'] === 'string')
          textHashes.set(g['id'], g['at_text_hash']);
    }
    const annotated = new Set(
      sources.filter((s) => {
        const text = fs.readFileSync(path.join(pristine, s), 'utf8');
        return [...textHashes.keys()].some((id) => text.includes(`id = "${id}"`));
      }),
    );
    const annotations = new Map(
      sources.flatMap((src) =>
        [...fs.readFileSync(path.join(pristine, src), 'utf8').matchAll(ANNOTATION)].map(
          (m) => [m[2]!, { text: m[1]!, ...(m[3] ? { verify: m[3] } : {}) }] as const,
        ),
      ),
    );
    const spans = new Map(
      sources.map((src) => {
        const text = fs.readFileSync(path.join(pristine, src), 'latin1');
        return [src, [...bodyRegions(text, proofs), ...annotationSpans(text, textHashes)]];
      }),
    );
    const waived = name === 'realistic-crate';
    bases.push({
      name,
      pristine,
      ...(waived
        ? {
            configJson: JSON.stringify({
              waivers: [
                {
                  code: 'aristo.refuted',
                  subject: `aristo:${CRATE}#any_capacity_usable`,
                  reason: 'new(0) is fixed upstream',
                },
              ],
            }),
          }
        : {}),
      expected: waived
        ? ['neutral', ['aristo.inconclusive', 'aristo.refuted', 'aristo.waivers_not_trusted']]
        : ['success', []],
      files: {
        proof: proofNames.map((n) => `${PROOFS}/${n}`),
        source: sources,
        other,
        dir: [PROOFS, 'src', '.aristo'],
      },
      proofs,
      textHashes,
      annotations,
      annotated,
      spans,
      ...(other.includes('.aristo/index.toml')
        ? { index: readToml(fs.readFileSync(path.join(pristine, '.aristo/index.toml'), 'utf8')) }
        : {}),
    });
  }
  // A FIFO, and a link out, for code grounds to cite.
  mkfifo(path.join(box.ws, 'fifo'));
  fs.symlinkSync(box.outside, path.join(box.ws, 'link-out'));
  // Byte-identical copies outside the workspace: a verifier that followed a link out would find
  // every hash right.
  fs.cpSync(path.join(box.base, 'pristine'), path.join(box.outside, 'crates'), {
    recursive: true,
  });
});
afterAll(() => box?.dispose());

const crateDir = () => path.join(box.ws, CRATE);

function install(b: Base): string {
  restore(b.pristine, crateDir());
  return crateDir();
}

// ---------------------------------------------------------------------------------------------

// The SDK's enums (aristo.md §1).
const BODIES = ['verified', 'counterexample', 'inconclusive'];
const PROPERTY_KINDS = [
  'invariant',
  'postcondition',
  'precondition',
  'equivalence',
  'safety',
  'progress',
];
const STEP_RELATIONS = [
  'decomposes',
  'instantiates',
  'restricts',
  'composes',
  'excludes-counterexample',
];
const GROUND_RELATIONS = [
  'instantiates',
  'restricts',
  'composes',
  'excludes-counterexample',
  'promoted',
];
const INDEX_STATUSES = [
  'verified',
  'tested',
  'neural',
  'stale',
  'orphan',
  'forged',
  'unknown',
  'pending-deepen',
  'counterexample',
  'inconclusive',
];
const INDEX_META_KEYS = ['schema_version', 'generated_by', 'generated_at', 'source_root'];

/** The shared file-kind swaps, and a link to a sibling file of the same group. */
type AristoNode = NodeKind | 'link-sibling';

type AristoCase =
  | { kind: 'bytes'; base: number; group: Group; file: number; edits: ByteEdit[] }
  | { kind: 'char'; base: number; group: Group; file: number; at: number; char: string }
  | { kind: 'node'; base: number; group: Group; file: number; node: AristoNode }
  | {
      kind: 'toml';
      base: number;
      group: 'proof' | 'other';
      file: number;
      line: number;
      op: 'repeat' | 'quoted' | 'raw';
      value: string;
    }
  | {
      kind: 'ground';
      base: number;
      proof: number;
      at: number;
      key: 'file' | 'lines';
      value: string;
    }
  | {
      kind: 'cite';
      base: number;
      proof: number;
      ground: 'intent' | 'assume';
      id: number;
      relation: string;
      hash: 'right' | 'wrong' | 'none';
    }
  | { kind: 'extra-proof'; base: number; name: string; content: string }
  | { kind: 'waiver'; base: number; id: string; reason: string };

const aristoCase: fc.Arbitrary<AristoCase> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('bytes' as const),
      base: fc.nat(),
      group: fc.constantFrom<Group>('proof', 'proof', 'source', 'source', 'other'),
      file: fc.nat(),
      edits: fc.array(byteEdit, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    // One ASCII character for another: the file mostly still parses, so the edit reaches the
    // hashes, the tree and the grounds rather than the parser.
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('char' as const),
      base: fc.nat(),
      group: fc.constantFrom<Group>('proof', 'proof', 'source', 'source', 'other'),
      file: fc.nat(),
      at: fc.nat(),
      char: fc.constantFrom(...'0123456789abcdef_-. "\'=#[]{}()\n\t\r'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('node' as const),
      base: fc.nat(),
      group: fc.constantFrom<Group>('proof', 'source', 'other', 'dir'),
      file: fc.nat(),
      node: fc.constantFrom<AristoNode>(...NODE_KINDS, 'link-sibling'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('toml' as const),
      base: fc.nat(),
      group: fc.constantFrom('proof' as const, 'proof' as const, 'other' as const),
      file: fc.nat(),
      line: fc.nat(),
      op: fc.constantFrom('repeat' as const, 'quoted' as const, 'raw' as const),
      value: hostileString(),
    }),
  },
  {
    // A code ground citing another file (in the repository, through a link out, outside, a
    // FIFO, .git/config) or another range.
    weight: 2,
    arbitrary: fc.oneof(
      fc.record({
        kind: fc.constant('ground' as const),
        base: fc.nat(),
        proof: fc.nat(),
        at: fc.nat(),
        key: fc.constant('file' as const),
        value: fc.oneof(
          fc.constantFrom(
            '../.git/config',
            '../link-out/secret.txt',
            '../../outside/secret.txt',
            '<outside>/secret.txt',
            '../fifo',
            '/dev/zero',
            'src/./ring.rs',
            './src/ring.rs',
            '../crate/src/ring.rs',
            'src/ring.rs/',
            'src\\ring.rs',
            'src',
            '',
            'Cargo.toml',
            '.aristo/proofs/len_bounded.proof',
          ),
          hostileString(),
        ),
      }),
      fc.record({
        kind: fc.constant('ground' as const),
        base: fc.nat(),
        proof: fc.nat(),
        at: fc.nat(),
        key: fc.constant('lines' as const),
        value: fc.oneof(
          fc.constantFrom('0', '1', '5-4', '1-1000000', '99999999999999999999', '+5', ' 5', '05'),
          fc.constantFrom('1-', '-1', '1--2', '\u0663', '1-2-3', '1-47', '1-48', '47-48'),
          hostileString(),
        ),
      }),
    ),
  },
  {
    // A ground citing another annotation (verify=false, refuted, an assume, unknown), its text
    // hash stamped right, wrong or not at all.
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cite' as const),
      base: fc.nat(),
      proof: fc.nat(),
      ground: fc.constantFrom('intent' as const, 'assume' as const),
      id: fc.nat(),
      relation: fc.constantFrom(...GROUND_RELATIONS, 'supports'),
      hash: fc.constantFrom('right' as const, 'wrong' as const, 'none' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra-proof' as const),
      base: fc.nat(),
      name: fc.oneof(
        fc.constantFrom('elem_docs', 'alloc_exact', 'no_such_id', 'aristos__x', 'Bad-Id', '..'),
        hostileString(),
      ),
      content: fc.oneof(
        hostileString(),
        fc.constantFrom('[verdict]\ntype = "verified"\n', '[verified.proof]\nconclusion = "x"\n'),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('waiver' as const),
      base: fc.nat(),
      id: fc.oneof(
        fc.constantFrom('len_bounded', 'any_capacity_usable', 'elem_docs', 'no_such_id'),
        hostileString(),
      ),
      reason: hostileString(),
    }),
  },
);

// ---------------------------------------------------------------------------------------------
// The reference: the contract (docs/aristo.md, the SDK's validator and hashes), written here.

const sha = (s: string | Buffer) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

/** Rust's `str::lines()`: split at `\n`, dropping a `\r` before it; a final `\n` ends a line. */
function rustLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  const terminated = lines[lines.length - 1] === '';
  if (terminated) lines.pop();
  return lines.map((l, i) =>
    (i < lines.length - 1 || terminated) && l.endsWith('\r') ? l.slice(0, -1) : l,
  );
}

/** An annotation as the fixtures write them: its claim, id and verify (quotes kept). */
const ANNOTATION =
  /(?:#\[aristo::(?:intent|assume)|aristo::intent_stmt!)\("((?:[^"\\\r\n]|\\.)*)", id = "([a-z0-9_]+)"(?:, verify = ("[a-z]+"|true|false))?\)/g;

/** The SDK's text hash: trimmed, each run of ASCII whitespace one space (ASCII claims only). */
const textHash = (claim: string) => sha(claim.trim().replace(/[ \t\n\f\r]+/g, ' '));

/**
 * Where each proof's covered region lies in `text` (read byte for byte): found by hashing every
 * `{…}` block as the SDK hashes a body (lines rejoined with `\n`, `\r` dropped), not by parsing.
 */
function bodyRegions(text: string, proofs: Map<string, Toml>): Span[] {
  const wanted = new Map<unknown, string[]>();
  for (const [n, d] of proofs) {
    const h = at(d, 'verdict', 'produced_at_body_hash');
    wanted.set(h, [...(wanted.get(h) ?? []), n.slice(0, -'.proof'.length)]);
  }
  const out: Span[] = [];
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    for (let end = start; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) {
        const block = text.slice(start, end + 1).replace(/\r\n/g, '\n');
        for (const id of wanted.get(sha(Buffer.from(block, 'latin1'))) ?? [])
          out.push({ id, what: 'region', start, end: end + 1 });
        break;
      }
    }
  }
  return out;
}

/**
 * The annotations of the ids in `ids`, from `#` (or `aristo::intent_stmt!`) to the closing `)`:
 * a visible change there changes the claim's text, its id, its verify or whether it is an
 * annotation at all.
 */
function annotationSpans(text: string, ids: Map<string, string>): Span[] {
  return [...text.matchAll(ANNOTATION)]
    .filter((m) => ids.has(m[2]!))
    .map((m) => ({ id: m[2]!, what: 'annotation', start: m.index, end: m.index + m[0].length }));
}

type Node = { kind: 'missing' | 'outside' | 'dir' | 'special' } | { kind: 'file'; bytes: Buffer };

/** What the path is once links are followed; never reads outside the repository or a FIFO. */
function lookAt(abs: string): Node {
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch {
    return { kind: 'missing' };
  }
  const rel = path.relative(box.ws, real);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { kind: 'outside' };
  const st = fs.statSync(real);
  if (st.isDirectory()) return { kind: 'dir' };
  if (!st.isFile()) return { kind: 'special' };
  return { kind: 'file', bytes: fs.readFileSync(real) };
}

/** The text of a file the pack must be able to read, or why it cannot be. */
function textOf(abs: string): { text: string } | { bad: string } {
  const n = lookAt(abs);
  if (n.kind !== 'file') return { bad: n.kind };
  const text = strictUtf8(n.bytes);
  return text === undefined ? { bad: 'not UTF-8' } : { text };
}

function tomlOf(abs: string): { data: Toml } | { bad: string } {
  const t = textOf(abs);
  if ('bad' in t) return t;
  try {
    return { data: readToml(t.text) };
  } catch {
    return { bad: 'not TOML' };
  }
}

const at = (v: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((o, k) => (isObj(o) ? o[k] : undefined), v);

/** The steps of every body the proof has (the reference first checks that it has one). */
function steps(data: Toml): unknown[] {
  const s = [
    at(data, 'verified', 'proof', 'steps'),
    at(data, 'counterexample', 'violation', 'trigger_steps'),
    at(data, 'inconclusive', 'partial_proof', 'steps'),
  ];
  return s.flatMap((x) => (Array.isArray(x) ? x : []));
}

function grounds(data: Toml): Toml[] {
  return steps(data).flatMap((s) => {
    const g = at(s, 'grounds');
    return Array.isArray(g) ? g.filter(isObj) : [];
  });
}

/** Why a code ground's stamped hash no longer holds (SDK check 12), if it does not. */
function codeGroundDrift(crate: string, g: Toml): string | undefined {
  const { file, lines, code_text_hash: hash } = g;
  if (typeof hash !== 'string') return undefined; // unstamped: nothing to compare
  const where = `code ground ${canon(file)}:${canon(lines)}`;
  if (typeof file !== 'string' || typeof lines !== 'string') return `${where} is not text`;
  const m = /^(\d+)(?:-(\d+))?$/.exec(lines);
  if (!m) return /[^0-9+\-\s]/.test(lines) ? `${where}: not a range` : undefined;
  const lo = Number(m[1]);
  const hi = Number(m[2] ?? m[1]);
  if (file.includes('\0')) return `${where}: no such file`;
  const t = textOf(path.resolve(crate, file));
  if ('bad' in t) return `${where}: the file is ${t.bad}`;
  const all = rustLines(t.text);
  if (lo < 1 || hi < lo || hi > all.length) return `${where}: out of range`;
  return sha(all.slice(lo - 1, hi).join('\n')) === hash ? undefined : `${where} drifted`;
}

/** Blank as both Rust's and JavaScript's `trim` see it (they differ beyond ASCII), or no text. */
const blank = (v: unknown) => typeof v !== 'string' || /^[ \t\n\r]*$/.test(v);

/** Why a ground is bad (SDK checks 11–14), given the paths of its tree and its step's path. */
function groundProblem(
  b: Base,
  crate: string,
  g: Toml,
  paths: Set<string>,
  step: string,
): string | undefined {
  const kind = g['kind'];
  if (kind === 'intent' || kind === 'assume') {
    if (!GROUND_RELATIONS.includes(g['relation'] as string))
      return `ground relation ${String(g['relation'])}`;
    const id = g['id'];
    if (typeof id !== 'string') return 'ground id is not text';
    const cited = b.annotations.get(id);
    if (!cited) return `cited id ${id} not found`;
    const stamped = g['at_text_hash'];
    if (stamped !== undefined && stamped !== textHash(cited.text))
      return `ground ${id} at_text_hash drifted`;
    // Assume grounds are exempt from these two.
    if (kind === 'intent' && cited.verify === 'false') return `cites ${id}, verify=false`;
    if (
      kind === 'intent' &&
      at(b.proofs.get(`${id}.proof`), 'verdict', 'type') === 'counterexample'
    )
      return `cites ${id}, refuted`;
    return undefined;
  }
  if (kind === 'code')
    return typeof g['reason'] !== 'string'
      ? 'code ground without reason'
      : codeGroundDrift(crate, g);
  if (kind === 'prior-step') {
    const p = g['path'];
    if (typeof p !== 'string' || !paths.has(p))
      return `prior-step ${String(p)} resolves to no step`;
    // Rust compares bytes, JavaScript UTF-16 units: the same order for ASCII only.
    if (/^[\x00-\x7f]*$/.test(p + step) && p >= step)
      return `prior-step ${p} is not before ${step}`;
    return undefined;
  }
  if (kind === 'composition') return blank(g['reason']) ? 'composition without reason' : undefined;
  return `ground kind ${String(kind)}`;
}

/** Why the body is bad (SDK checks 7–10, 13, 14; the skill's rules 9 and 11), if it is. */
function bodyProblem(b: Base, crate: string, data: Toml, type: unknown): string | undefined {
  if (type === 'verified') {
    if (blank(at(data, 'verified', 'proof', 'conclusion'))) return 'blank conclusion';
    const s = at(data, 'verified', 'proof', 'steps');
    if (!Array.isArray(s) || s.length === 0) return 'no steps';
  } else if (type === 'counterexample') {
    const v = at(data, 'counterexample', 'violation');
    if (blank(at(v, 'description')) || blank(at(v, 'violated_step_path')))
      return 'blank description or violated_step_path';
    const s = at(v, 'trigger_steps');
    if (!Array.isArray(s) || s.length === 0) return 'no trigger steps';
    if (!s.some((t) => at(t, 'path') === at(v, 'violated_step_path')))
      return 'violated_step_path names no trigger step';
  } else if (type === 'inconclusive') {
    const g = at(data, 'inconclusive', 'gap');
    if (blank(at(g, 'description')) || blank(at(g, 'unfilled_path')))
      return 'blank gap description or unfilled_path';
    const s = at(g, 'suggested_annotations');
    if (!Array.isArray(s) || s.length === 0) return 'no suggested annotation';
  }
  const all = steps(data);
  const paths = new Set<string>();
  for (const s of all) {
    if (!isObj(s) || typeof s['path'] !== 'string' || typeof s['claim'] !== 'string')
      return 'a step without path or claim';
    if (paths.has(s['path'])) return `duplicate step ${s['path']}`;
    paths.add(s['path']);
  }
  if (all.length > 0 && !paths.has('0')) return 'no step 0';
  for (const s of all as Toml[]) {
    const p = s['path'] as string;
    if (!STEP_RELATIONS.includes(s['relation_to_parent'] as string))
      return `relation_to_parent ${String(s['relation_to_parent'])}`;
    const sub = s['subgoal_paths'];
    if (sub !== undefined) {
      if (!Array.isArray(sub)) return `step ${p}: subgoal_paths is not a list`;
      if (sub.length > 3) return `step ${p} has ${sub.length} subgoals`;
      for (const q of sub)
        if (typeof q !== 'string' || !paths.has(q) || !q.startsWith(`${p}.`))
          return `step ${p}: subgoal ${String(q)}`;
    }
    const gs = s['grounds'];
    if (!Array.isArray(gs) || gs.length === 0) return `step ${p} has no grounds`;
    for (const g of gs) {
      if (!isObj(g)) return `step ${p}: a ground is not a table`;
      const why = groundProblem(b, crate, g, paths, p);
      if (why) return `step ${p}: ${why}`;
    }
  }
  return undefined;
}

/** Why the proof at `name` is bad as it is now (the rest of the crate as it was), if it is. */
function proofProblem(b: Base, crate: string, name: string): string | undefined {
  const abs = path.join(crate, PROOFS, name);
  const n = lookAt(abs);
  // At submission a missing proof blocks like a stale one.
  if (n.kind === 'missing') return `${name} is gone`;
  const parsed = tomlOf(abs);
  if ('bad' in parsed) return `${name} is ${parsed.bad}`;
  const data = parsed.data;
  const orig = b.proofs.get(name)!;
  const v = data['verdict'];
  if (!isObj(v)) return `${name}: no [verdict]`;
  // The source is as it was: the focal entry's hashes and method are the original ones.
  for (const k of ['type', 'method', 'produced_at_text_hash', 'produced_at_body_hash'])
    if (v[k] !== (orig['verdict'] as Toml)[k]) return `${name}: verdict.${k} changed`;
  const attempts = v['attempts'];
  if (typeof attempts !== 'bigint' || attempts < 1n || attempts > 3n)
    return `${name}: attempts ${String(attempts)}`;
  if ('property_kind' in v && !PROPERTY_KINDS.includes(v['property_kind'] as string))
    return `${name}: property_kind ${String(v['property_kind'])}`;
  const present = BODIES.filter((k) => k in data);
  if (present.length !== 1 || present[0] !== v['type']) return `${name}: body ${present}`;
  const why = bodyProblem(b, crate, data, v['type']);
  return why ? `${name}: ${why}` : undefined;
}

/** Canonical text of a TOML value, for comparing (bigints and dates included). */
const canon = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));

/** Why the committed index no longer agrees with the (unchanged) source, if it does not. */
function indexProblem(b: Base, crate: string): string | undefined {
  const abs = path.join(crate, '.aristo/index.toml');
  const n = lookAt(abs);
  if (n.kind === 'missing') return undefined; // no index: entries come from the source
  const parsed = tomlOf(abs);
  if ('bad' in parsed) return `index.toml is ${parsed.bad}`;
  const data = parsed.data;
  const meta = data['__meta__'];
  if (meta !== undefined) {
    if (!isObj(meta)) return 'index.toml: __meta__ is not a table';
    const unknown = Object.keys(meta).find((k) => !INDEX_META_KEYS.includes(k));
    if (unknown !== undefined) return `index.toml: __meta__.${unknown}`;
  }
  const ids = (t: Toml) => Object.keys(t).filter((k) => k !== '__meta__');
  if (canon(ids(data).sort()) !== canon(ids(b.index!).sort())) return 'index.toml: entries differ';
  for (const id of ids(data)) {
    const now = data[id];
    const was = b.index![id] as Toml;
    if (!isObj(now)) return `index.toml: ${id} is not a table`;
    if (!INDEX_STATUSES.includes(now['status'] as string))
      return `index.toml: ${id}.status ${String(now['status'])}`;
    const fields = new Set([...Object.keys(now), ...Object.keys(was)]);
    fields.delete('status');
    for (const k of fields)
      if (canon(now[k]) !== canon(was[k])) return `index.toml: ${id}.${k} changed`;
  }
  return undefined;
}

/** Why Cargo.toml can no longer be read as TOML, if it cannot ("a blocking finding"). */
function manifestProblem(crate: string): string | undefined {
  const abs = path.join(crate, 'Cargo.toml');
  const n = lookAt(abs);
  if (n.kind === 'missing' || n.kind === 'dir') return undefined;
  const parsed = tomlOf(abs);
  return 'bad' in parsed ? `Cargo.toml is ${parsed.bad}` : undefined;
}

/** What a case did to one source file, for the rules the state alone cannot tell. */
type Hint =
  { rel: string; node: AristoNode } | { rel: string; at: number; was: number; now: number };

const isSpace = (byte: number) => ' \t\n\r\f\v'.includes(String.fromCharCode(byte));

/** Why the case's own change of a source file is bad, if it is. */
function hintProblem(b: Base, h: Hint): string | undefined {
  if ('node' in h)
    return b.annotated.has(h.rel) &&
      (h.node === 'empty' || h.node === 'link-sibling' || h.node === 'link-git-config')
      ? `${h.rel} lost its annotations`
      : undefined;
  // A region is hashed verbatim but for its line endings; an annotation's text is normalised
  // (and whitespace between its tokens means nothing): there only a visible change counts.
  const counts = (x: Span) =>
    x.what === 'region' ? h.was !== 0x0d && h.now !== 0x0d : !isSpace(h.was) && !isSpace(h.now);
  const r = b.spans.get(h.rel)?.find((x) => h.at >= x.start && h.at < x.end && counts(x));
  return r ? `${h.rel}:${h.at} changed inside the ${r.what} of ${r.id}` : undefined;
}

/** Why the crate as it is now must not verify green at submission, if the contract says so. */
function reference(b: Base, crate: string, hint?: Hint): string | undefined {
  const why = hint && hintProblem(b, hint);
  if (why) return why;
  for (const name of b.proofs.keys()) {
    const why = proofProblem(b, crate, name);
    if (why) return why;
  }
  const dir = path.join(crate, PROOFS);
  for (const name of lookAt(dir).kind === 'dir' ? fs.readdirSync(dir) : []) {
    const stem = name.slice(0, -'.proof'.length);
    // A dot file is not `*.proof` to a shell glob: no verdict.
    if (name.endsWith('.proof') && stem !== '' && !stem.startsWith('.') && !b.proofs.has(name))
      return `${name} was added`;
  }
  for (const src of b.annotated) {
    const n = lookAt(path.join(crate, src));
    if (n.kind !== 'file') return `${src}, which holds proved or cited annotations, is ${n.kind}`;
  }
  if (b.index) {
    const why = indexProblem(b, crate);
    if (why) return why;
  }
  return manifestProblem(crate);
}

// ---------------------------------------------------------------------------------------------
// Applying a case

/** A safe file name from a hostile string, at most 200 bytes. */
function fileName(s: string): string {
  let n = s.replace(/[/\0]/g, '_');
  while (Buffer.byteLength(n) > 200) n = n.slice(0, -1);
  return n;
}

/** A TOML basic string holding `s` (control characters escaped; lone surrogates left as they are). */
function tomlString(s: string): string {
  return `"${s.replace(/[\\"\u0000-\u001f\u007f]/g, (c) =>
    c === '\\' || c === '"' ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}"`;
}

/** The bare key that stands for `id` in a TOML header (quoted unless it is a bare key). */
const tomlKey = (id: string) => (/^[A-Za-z0-9_-]+$/.test(id) ? id : tomlString(id));

/** The files of a group; sources holding proved or cited annotations count twice. */
const poolOf = (b: Base, g: Group) =>
  g === 'source' ? [...b.files.source, ...b.annotated] : b.files[g];

/** Applies the case; returns what it did to a source file, or that it changed nothing. */
function applyCase(b: Base, c: AristoCase): Hint | 'unchanged' | undefined {
  const crate = install(b);
  switch (c.kind) {
    case 'bytes': {
      const pool = poolOf(b, c.group);
      const rel = pool[c.file % pool.length]!;
      const abs = path.join(crate, rel);
      const before = fs.readFileSync(abs);
      let after: Buffer = before;
      for (const e of c.edits) after = applyByteEdit(after, e);
      fs.writeFileSync(abs, after);
      return after.equals(before) ? 'unchanged' : undefined;
    }
    case 'char': {
      const pool = poolOf(b, c.group);
      const rel = pool[c.file % pool.length]!;
      const abs = path.join(crate, rel);
      const bytes = fs.readFileSync(abs);
      const i = c.at % bytes.length;
      const was = bytes[i]!;
      if (was >= 0x80 || was === c.char.charCodeAt(0)) return 'unchanged';
      bytes[i] = c.char.charCodeAt(0);
      fs.writeFileSync(abs, bytes);
      return { rel, at: i, was, now: bytes[i]! };
    }
    case 'node': {
      const pool = poolOf(b, c.group);
      const rel = pool[c.file % pool.length]!;
      const abs = path.join(crate, rel);
      fs.rmSync(abs, { recursive: true, force: true });
      if (c.node === 'dir') fs.mkdirSync(path.join(abs, 'x'), { recursive: true });
      else if (c.node === 'fifo') mkfifo(abs);
      else if (c.node === 'empty') fs.writeFileSync(abs, '');
      else if (c.node === 'link-outside-copy')
        fs.symlinkSync(path.join(box.outside, 'crates', b.name, rel), abs);
      else if (c.node === 'link-inside-copy') {
        const copy = path.join(copiesDir(box), rel);
        fs.mkdirSync(path.dirname(copy), { recursive: true });
        fs.cpSync(path.join(b.pristine, rel), copy, { recursive: true });
        fs.symlinkSync(path.relative(path.dirname(abs), copy), abs);
      } else if (c.node === 'link-sibling') {
        const sibling = path.join(crate, pool[(c.file + 1) % pool.length]!);
        fs.symlinkSync(path.relative(path.dirname(abs), sibling), abs);
      } else if (c.node === 'link-git-config')
        fs.symlinkSync(path.join(box.ws, '.git', 'config'), abs);
      return { rel, node: c.node };
    }
    case 'toml': {
      const pool = b.files[c.group].filter((f) => !f.endsWith('.rs'));
      const rel = pool[c.file % pool.length]!;
      const abs = path.join(crate, rel);
      const lines = fs.readFileSync(abs, 'utf8').split('\n');
      const candidates = lines
        .map((l, i) => [l, i] as const)
        .filter(([l]) =>
          (c.op === 'repeat' ? /^\s*(\[|[\w".-]+\s*=)/ : /^\s*[\w".-]+\s*=/).test(l),
        );
      if (candidates.length === 0) return 'unchanged';
      const [line, i] = candidates[c.line % candidates.length]!;
      if (c.op === 'repeat') lines.splice(i, 0, line);
      else {
        const key = line.slice(0, line.indexOf('=') + 1);
        lines[i] = `${key} ${c.op === 'quoted' ? tomlString(c.value) : c.value}`;
      }
      fs.writeFileSync(abs, lines.join('\n'));
      return undefined;
    }
    case 'ground': {
      const pool = b.files.proof;
      const abs = path.join(crate, pool[c.proof % pool.length]!);
      const lines = fs.readFileSync(abs, 'utf8').split('\n');
      const keyed = lines.flatMap((l, i) => (l.startsWith(`${c.key} = `) ? [i] : []));
      if (keyed.length === 0) return 'unchanged';
      const value = c.value.replace('<outside>', box.outside);
      lines[keyed[c.at % keyed.length]!] = `${c.key} = ${tomlString(value)}`;
      fs.writeFileSync(abs, lines.join('\n'));
      return undefined;
    }
    case 'cite': {
      const name = b.files.proof[c.proof % b.files.proof.length]!;
      const steps = {
        verified: 'verified.proof.steps',
        counterexample: 'counterexample.violation.trigger_steps',
        inconclusive: 'inconclusive.partial_proof.steps',
      }[at(b.proofs.get(path.basename(name)), 'verdict', 'type') as string];
      const ids = [...b.annotations.keys(), 'no_such_id'];
      const id = ids[c.id % ids.length]!;
      const claim = b.annotations.get(id)?.text ?? 'nothing';
      const hash = c.hash === 'right' ? textHash(claim) : sha(`${claim}.`);
      // Appended last, the ground belongs to the body's last step.
      fs.appendFileSync(
        path.join(crate, name),
        `\n[[${steps}.grounds]]\nkind = "${c.ground}"\nid = "${id}"\nrelation = "${c.relation}"\n${
          c.hash === 'none' ? '' : `at_text_hash = "${hash}"\n`
        }`,
      );
      return undefined;
    }
    case 'extra-proof': {
      const abs = path.join(crate, PROOFS, `${fileName(c.name)}.proof`);
      if (fs.existsSync(abs)) return 'unchanged';
      fs.writeFileSync(abs, c.content);
      return undefined;
    }
    case 'waiver': {
      fs.appendFileSync(
        path.join(crate, '.aristo/expectations.toml'),
        `\n[${tomlKey(c.id)}]\nreason = ${tomlString(c.reason)}\naccepted_at = "2026-06-01T12:00:00Z"\n`,
      );
      return undefined;
    }
  }
}

const tally = new Tally();
afterAll(() => tally.print('aristo crate cases'));

const run = (b: Base) =>
  verify({
    root: box.ws,
    assurance: 'submission',
    ...(b.configJson !== undefined ? { configJson: b.configJson } : {}),
  });

async function check(c: AristoCase): Promise<void> {
  const b = bases[c.base % bases.length]!;
  const hint = applyCase(b, c);
  const bad = hint === 'unchanged' ? undefined : reference(b, crateDir(), hint);
  tally.add(
    c.kind === 'bytes' || c.kind === 'char' || c.kind === 'toml'
      ? `${c.kind}:${c.kind === 'toml' ? `${c.op} ` : ''}${c.group}`
      : c.kind === 'ground'
        ? `ground:${c.key}`
        : c.kind === 'cite'
          ? `cite:${c.ground}`
          : c.kind === 'node'
            ? `node:${c.node} ${c.group}`
            : c.kind,
    bad !== undefined,
  );
  const before = snapshot(box);
  const report = expectCleanRun(box, before, await run(b));
  expectNotGreen(report, bad);
  fs.rmSync(copiesDir(box), { recursive: true, force: true });
}

describe('fuzz: aristo proofs and sources', () => {
  it('every base passes untouched at submission, and the reference finds nothing in it', async () => {
    for (const b of bases) {
      install(b);
      const r = await run(b);
      expect([b.name, r.conclusion, r.findings.map((f) => f.code).sort()]).toEqual([
        b.name,
        ...b.expected,
      ]);
      expect([b.name, reference(b, crateDir())]).toEqual([b.name, undefined]);
      // The span rule is not vacuous: every region but a statement's was found, and every
      // annotation a proof or a ground names.
      const found = (what: Span['what']) =>
        [...b.spans.values()]
          .flat()
          .filter((x) => x.what === what)
          .map((x) => x.id)
          .sort();
      const ids = [...b.proofs.keys()].map((n) => n.slice(0, -'.proof'.length));
      expect(found('region')).toEqual(ids.filter((id) => id !== 'head_in_range').sort());
      expect(found('annotation')).toEqual([...b.textHashes.keys()].sort());
      // The reference's text hash is the SDK's: it reproduces every hash the proofs record.
      for (const [id, hash] of b.textHashes)
        expect([id, textHash(b.annotations.get(id)!.text)]).toEqual([id, hash]);
    }
  });

  it(
    'a mutated crate never crashes, leaks, writes, or verifies green when the reference says bad',
    async () => {
      await fc.assert(fc.asyncProperty(aristoCase, check), params(300));
    },
    timeout(),
  );
});
