// Fuzz: hostile ARIS papers. A passing submission paper is mutated (artifact fields, types,
// verdicts, hashes, paths, bytes, file kinds, symlinks; its inputs; .aris/assurance.txt and
// .aris/audit-manifest.json) and verified through the CLI in-process, with the trusted
// --assurance submission flag or without it. Invariants: never a crash or a stack trace, a sound
// GateReport, no secret in any output, nothing written anywhere, and never a green gate for a
// paper judged at submission that the reference rule calls bad. The reference rule is written here
// from the contract, independently of the verifier.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { AUDITS, writePaper } from '../../scripts/lib/aris-paper.mjs';
import { mkfifo } from '../support/temp.js';
import { cli } from '../support/cli.js';
import {
  applyByteEdit,
  applyJsonTextEdit,
  byteEdit,
  hostileJson,
  hostileString,
  isPlainObject,
  jsonTextEdit,
  strictJson,
  type ByteEdit,
  type JsonTextEdit,
} from '../support/arbitraries.js';
import {
  expectNoCrashText,
  expectCleanRun,
  expectNotGreen,
  params,
  restore,
  sandbox,
  timeout,
  Tally,
  snapshot,
  type Sandbox,
} from '../support/fuzz.js';

const FILES = AUDITS.map(([f]) => f);
const SKILL = Object.fromEntries(AUDITS) as Record<string, string>;
const INPUTS = ['main.tex', 'sections/evidence.tex', 'refs.bib', 'results/run_2026_04_19.json'];
const REQUIRED = [
  'audit_skill',
  'verdict',
  'reason_code',
  'summary',
  'audited_input_hashes',
  'trace_path',
  'reviewer_model',
  'reviewer_reasoning',
  'generated_at',
];
const STRING_FIELDS = REQUIRED.filter((k) => k !== 'audited_input_hashes');
const GOOD_VERDICTS = new Set(['PASS', 'WARN', 'NOT_APPLICABLE']);

// ---------------------------------------------------------------------------------------------
// The world: <ws>/paper (a passing submission paper) and, outside the workspace, byte-identical
// copies of its inputs, traces and artifacts, so that a verifier that followed a path out would
// find every hash right and say PASS. Only confinement can tell.

let box: Sandbox;
let paper: string;
let pristine: string;
let artifacts: Record<string, Record<string, unknown>>;

beforeAll(() => {
  box = sandbox('aris');
  paper = path.join(box.ws, 'paper');
  artifacts = writePaper(paper, { assurance: 'submission' });
  fs.cpSync(paper, path.join(box.outside, 'paper'), { recursive: true });
  // Symlinks a pull request can commit: out of the workspace, into .git, and harmless ones.
  fs.symlinkSync(path.join(box.outside, 'paper', 'main.tex'), path.join(paper, 'link-out.tex'));
  fs.symlinkSync('main.tex', path.join(paper, 'link-in.tex'));
  fs.symlinkSync('../../outside/paper/.aris/traces', path.join(paper, 'traces-out'));
  fs.symlinkSync('../.git/config', path.join(paper, 'git-config'));
  fs.symlinkSync('loop-b', path.join(paper, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(paper, 'loop-b'));
  // The file system stores a lone surrogate as U+FFFD: an artifact's "\udc00.tex" names this file.
  fs.writeFileSync(path.join(paper, '\ufffd.tex'), 'replacement character\n');
  mkfifo(path.join(box.ws, 'fifo')); // beside the paper: a FIFO cannot be copied
  pristine = path.join(box.base, 'pristine');
  fs.cpSync(paper, pristine, { recursive: true, verbatimSymlinks: true });
});
afterAll(() => box?.dispose());

// ---------------------------------------------------------------------------------------------
// Paths an artifact can name, relative to the paper dir unless absolute (resolved at apply time).

const PATH_CHOICES = [
  'main.tex',
  './main.tex',
  'sections/../main.tex',
  'link-in.tex',
  'link-out.tex',
  'git-config',
  '../.git/config',
  '../.git/HEAD',
  '../../outside/paper/main.tex',
  '{outside}/paper/main.tex',
  '{outside}/secret.txt',
  '{paper}/main.tex',
  '/etc/passwd',
  '/dev/zero',
  '/proc/self/environ',
  '../fifo',
  'loop-a',
  'missing.tex',
  '\udc00.tex',
  'sections',
  '.',
  '..',
  '',
  'main.tex/',
  'main.tex\u0000.png',
  'x'.repeat(300),
  `${'a/'.repeat(3000)}x`,
  'file:///etc/passwd',
  '~/.ssh/id_rsa',
  'C:\\secret.txt',
] as const;

const TRACE_CHOICES = [
  'OK', // the audit's own trace (unchanged)
  '.aris/traces/proof-checker/2026-04-21_run01/prompt.md',
  'traces-out/proof-checker/2026-04-21_run01/',
  '../../outside/paper/.aris/traces/proof-checker/2026-04-21_run01/',
  '{outside}/paper/.aris/traces/proof-checker/2026-04-21_run01',
  '{outside}/secret.txt',
  '../.git',
  'git-config',
  '.aris',
  '.aris/assurance.txt',
  'PROOF_AUDIT.json',
  './CITATION_AUDIT.json',
  '../fifo',
  'loop-a',
  '/dev/zero',
  '.',
  '..',
  '',
  '   ',
  'missing/',
] as const;

const pathArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATH_CHOICES) },
  { weight: 1, arbitrary: hostileString() },
);
const traceArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRACE_CHOICES) },
  { weight: 1, arbitrary: hostileString() },
);

const expandAll = (v: unknown): unknown =>
  typeof v === 'string'
    ? expand(v)
    : Array.isArray(v)
      ? v.map(expandAll)
      : isPlainObject(v)
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expandAll(x)]))
        : v;

const expand = (p: string) => p.replace('{outside}', box.outside).replace('{paper}', paper);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The sha256 of whatever `p` names, wherever it is (the hash a forger would record). */
function hashOf(p: string): string | undefined {
  try {
    const abs = path.resolve(paper, p);
    if (!fs.statSync(abs).isFile()) return undefined;
    return sha(fs.readFileSync(abs));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations

type FieldEdit =
  | { op: 'delete'; key: string }
  | { op: 'set'; key: string; value: unknown }
  | { op: 'verdict'; value: string }
  | {
      op: 'add-input';
      key: string;
      value: 'true-hash' | 'wrong-hash' | 'bare-upper' | 'junk';
      junk: unknown;
    }
  | {
      op: 'edit-hash';
      index: number;
      how: 'flip' | 'upper' | 'bare' | 'sha1-prefix' | 'drop-input';
    }
  | { op: 'trace'; value: string };

const VERDICTS = [
  'PASS',
  'WARN',
  'NOT_APPLICABLE',
  'FAIL',
  'BLOCKED',
  'ERROR',
  'pass',
  'Pass',
  ' PASS',
  'PASS\n',
  '',
  'UNKNOWN',
];

const fieldEdit: fc.Arbitrary<FieldEdit> = fc.oneof(
  fc.record({
    op: fc.constant('delete' as const),
    key: fc.constantFrom(...REQUIRED, 'thread_id', 'review_independence'),
  }),
  fc.record({
    op: fc.constant('set' as const),
    key: fc.constantFrom(
      ...REQUIRED,
      'thread_id',
      'agent_id',
      'acceptance_status',
      'executor_model',
      'reviewer_family',
      '__proto__',
      'extra',
    ),
    value: hostileJson({ huge: true }),
  }),
  fc.record({
    op: fc.constant('verdict' as const),
    value: fc.oneof(fc.constantFrom(...VERDICTS), hostileString()),
  }),
  fc.record({
    op: fc.constant('add-input' as const),
    key: pathArb,
    value: fc.constantFrom(
      'true-hash' as const,
      'wrong-hash' as const,
      'bare-upper' as const,
      'junk' as const,
    ),
    junk: hostileJson({ depth: 1 }),
  }),
  fc.record({
    op: fc.constant('edit-hash' as const),
    index: fc.nat(),
    how: fc.constantFrom(
      'flip' as const,
      'upper' as const,
      'bare' as const,
      'sha1-prefix' as const,
      'drop-input' as const,
    ),
  }),
  fc.record({ op: fc.constant('trace' as const), value: traceArb }),
);

function applyFieldEdit(a: Record<string, any>, e: FieldEdit): void {
  const hashes = isPlainObject(a['audited_input_hashes']) ? a['audited_input_hashes'] : undefined;
  switch (e.op) {
    case 'delete':
      delete a[e.key];
      return;
    case 'set':
      Object.defineProperty(a, e.key, {
        value: e.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return;
    case 'verdict':
      a['verdict'] = e.value;
      return;
    case 'add-input': {
      if (!hashes) return;
      const key = expand(e.key);
      const h = hashOf(key) ?? sha(Buffer.from(key));
      const value =
        e.value === 'true-hash'
          ? `sha256:${h}`
          : e.value === 'bare-upper'
            ? h.toUpperCase()
            : e.value === 'wrong-hash'
              ? `sha256:${sha(Buffer.from(`not ${key}`))}`
              : e.junk;
      Object.defineProperty(hashes, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return;
    }
    case 'edit-hash': {
      if (!hashes) return;
      const keys = Object.keys(hashes);
      if (keys.length === 0) return;
      const k = keys[e.index % keys.length]!;
      // An earlier edit may have set a value String() cannot print (an object without a prototype).
      const v = typeof hashes[k] === 'string' ? hashes[k] : (JSON.stringify(hashes[k]) ?? '');
      if (e.how === 'drop-input') delete hashes[k];
      else if (e.how === 'upper') hashes[k] = v.toUpperCase();
      else if (e.how === 'bare') hashes[k] = v.replace(/^sha256:/, '');
      else if (e.how === 'sha1-prefix') hashes[k] = v.replace(/^sha256:/, 'sha1:');
      else hashes[k] = v.slice(0, -1) + (v.endsWith('0') ? '1' : '0');
      return;
    }
    case 'trace':
      if (e.value !== 'OK') a['trace_path'] = expand(e.value);
      return;
  }
}

type FsKind =
  | 'dir'
  | 'fifo'
  | 'empty'
  | 'link-outside-copy'
  | 'link-git-config'
  | 'link-other-artifact'
  | 'link-loop'
  | 'link-dangling';
type InputKind =
  'edit' | 'delete' | 'dir' | 'fifo' | 'link-outside-copy' | 'link-inside-copy' | 'link-loop';

type ArisCase =
  | { kind: 'fields'; file: string; edits: FieldEdit[] }
  | { kind: 'text'; file: string; edits: FieldEdit[]; text: JsonTextEdit }
  | { kind: 'bytes'; file: string; edit: ByteEdit }
  | { kind: 'artifact-node'; file: string; node: FsKind }
  | { kind: 'input-node'; input: string; node: InputKind; edit: ByteEdit }
  | { kind: 'assurance'; text: string; node: AssuranceNode; proof: string }
  | { kind: 'manifest'; manifest: unknown; node: ManifestNode; proof: string };
type AssuranceNode = 'file' | 'delete' | 'link-git-config' | 'link-outside' | 'dir' | 'fifo';
type ManifestNode = 'file' | 'link-git-config' | 'link-outside';

/** A case and whether the workflow passes the trusted --assurance submission flag. */
interface ArisRun {
  c: ArisCase;
  flag: boolean;
}

const fileArb = fc.constantFrom(...FILES);

const arisCase: fc.Arbitrary<ArisCase> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('fields' as const),
      file: fileArb,
      edits: fc.array(fieldEdit, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      file: fileArb,
      edits: fc.array(fieldEdit, { maxLength: 2 }),
      text: jsonTextEdit([...REQUIRED, 'thread_id']),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bytes' as const), file: fileArb, edit: byteEdit }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('artifact-node' as const),
      file: fileArb,
      node: fc.constantFrom<FsKind>(
        'dir',
        'fifo',
        'empty',
        'link-outside-copy',
        'link-git-config',
        'link-other-artifact',
        'link-loop',
        'link-dangling',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('input-node' as const),
      input: fc.constantFrom(...INPUTS),
      node: fc.constantFrom<InputKind>(
        'edit',
        'delete',
        'dir',
        'fifo',
        'link-outside-copy',
        'link-inside-copy',
        'link-loop',
      ),
      edit: byteEdit,
    }),
  },
);

const manifestArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      schema_version: fc.oneof(fc.constant('1'), hostileJson({ depth: 0 })),
      audits: fc.array(
        fc.record({
          artifact: fc.oneof(fc.constantFrom(...FILES), pathArb),
          audit_skill: fc.oneof(fc.constantFrom(...Object.values(SKILL)), hostileString()),
        }),
        { maxLength: 5 },
      ),
    }),
  },
  { weight: 1, arbitrary: hostileJson({ depth: 3 }) },
);

const arisRun: fc.Arbitrary<ArisRun> = fc.record({
  c: fc.oneof(
    { weight: 10, arbitrary: arisCase },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('assurance' as const),
        text: fc.oneof(
          fc.constantFrom('submission\n', 'draft\n', ' d r a f t ', 'DRAFT', 'submission\u0000'),
          hostileString({ huge: true }),
        ),
        node: fc.constantFrom<AssuranceNode>(
          'file',
          'file',
          'delete',
          'link-git-config',
          'link-outside',
          'dir',
          'fifo',
        ),
        proof: fc.constantFrom(...VERDICTS),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('manifest' as const),
        manifest: manifestArb,
        node: fc.constantFrom<ManifestNode>(
          'file',
          'file',
          'file',
          'link-git-config',
          'link-outside',
        ),
        proof: fc.constantFrom(...VERDICTS),
      }),
    },
  ),
  flag: fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
});

function replaceWith(abs: string, make: (abs: string) => void): void {
  fs.rmSync(abs, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  make(abs);
}

function writeProofVerdict(verdict: string): void {
  const a = structuredClone(artifacts['PROOF_AUDIT.json']!);
  a['verdict'] = verdict;
  fs.writeFileSync(path.join(paper, 'PROOF_AUDIT.json'), JSON.stringify(a, null, 2) + '\n');
}

function applyCase(c: ArisCase): void {
  switch (c.kind) {
    case 'assurance': {
      writeProofVerdict(c.proof);
      replaceWith(path.join(paper, '.aris', 'assurance.txt'), (p) => {
        if (c.node === 'file') fs.writeFileSync(p, c.text);
        else if (c.node === 'link-git-config') fs.symlinkSync('../../.git/config', p);
        else if (c.node === 'link-outside') fs.symlinkSync(path.join(box.outside, 'secret.txt'), p);
        else if (c.node === 'dir') fs.mkdirSync(p);
        else if (c.node === 'fifo') mkfifo(p);
      });
      return;
    }
    case 'manifest': {
      writeProofVerdict(c.proof);
      replaceWith(path.join(paper, '.aris', 'audit-manifest.json'), (p) => {
        if (c.node === 'file') fs.writeFileSync(p, JSON.stringify(expandAll(c.manifest), null, 2));
        else if (c.node === 'link-git-config') fs.symlinkSync('../../.git/config', p);
        else {
          const out = path.join(box.outside, 'manifest.json');
          fs.writeFileSync(
            out,
            JSON.stringify({
              schema_version: '1',
              audits: [{ artifact: 'CITATION_AUDIT.json', audit_skill: 'citation-audit' }],
            }),
          );
          fs.symlinkSync(out, p);
        }
      });
      return;
    }
    case 'fields': {
      const a = structuredClone(artifacts[c.file]!);
      for (const e of c.edits) applyFieldEdit(a, e);
      fs.writeFileSync(path.join(paper, c.file), JSON.stringify(a, null, 2) + '\n');
      return;
    }
    case 'text': {
      const a = structuredClone(artifacts[c.file]!);
      for (const e of c.edits) applyFieldEdit(a, e);
      fs.writeFileSync(
        path.join(paper, c.file),
        applyJsonTextEdit(JSON.stringify(a, null, 2) + '\n', c.text),
      );
      return;
    }
    case 'bytes': {
      const abs = path.join(paper, c.file);
      fs.writeFileSync(abs, applyByteEdit(fs.readFileSync(abs), c.edit));
      return;
    }
    case 'artifact-node': {
      const abs = path.join(paper, c.file);
      const other = FILES[(FILES.indexOf(c.file) + 1) % FILES.length]!;
      replaceWith(abs, (p) => {
        if (c.node === 'dir') fs.mkdirSync(path.join(p, 'x'), { recursive: true });
        else if (c.node === 'fifo') mkfifo(p);
        else if (c.node === 'empty') fs.writeFileSync(p, '');
        else if (c.node === 'link-outside-copy')
          fs.symlinkSync(path.join(box.outside, 'paper', c.file), p);
        else if (c.node === 'link-git-config') fs.symlinkSync('../.git/config', p);
        else if (c.node === 'link-other-artifact') fs.symlinkSync(other, p);
        else if (c.node === 'link-loop') fs.symlinkSync('loop-a', p);
        else fs.symlinkSync('nowhere.json', p);
      });
      return;
    }
    case 'input-node': {
      const abs = path.join(paper, c.input);
      if (c.node === 'edit') {
        const next = applyByteEdit(fs.readFileSync(abs), c.edit);
        fs.writeFileSync(abs, next);
        return;
      }
      replaceWith(abs, (p) => {
        if (c.node === 'delete') return;
        if (c.node === 'dir') fs.mkdirSync(p);
        else if (c.node === 'fifo') mkfifo(p);
        else if (c.node === 'link-outside-copy')
          fs.symlinkSync(path.join(box.outside, 'paper', c.input), p);
        else if (c.node === 'link-inside-copy') {
          fs.copyFileSync(path.join(pristine, c.input), `${p}.copy`);
          fs.symlinkSync(`${path.basename(p)}.copy`, p);
        } else fs.symlinkSync(path.relative(path.dirname(p), path.join(paper, 'loop-a')), p);
      });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The reference rule (submission assurance): an artifact that is not a readable JSON object
// inside the workspace, lacks a required field, has a verdict other than PASS/WARN/
// NOT_APPLICABLE, names the wrong skill, or cites any input that is missing, outside the
// workspace, not a file, or whose bytes do not hash to the recorded value, blocks. So does a
// trace_path that names nothing non-empty inside the workspace.

function inside(root: string, p: string): boolean {
  return p === root || p.startsWith(root + path.sep);
}

function realInside(p: string): string | undefined {
  try {
    const real = fs.realpathSync(p);
    return inside(box.ws, real) ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the paper is judged at submission: the flag, else its own .aris/assurance.txt (a file
 * that is there but not understood, unreadable or outside fails closed to submission; a missing
 * one leaves the default, draft).
 */
function submissionAssurance(flag: boolean): boolean {
  if (flag) return true;
  const file = path.join(paper, '.aris', 'assurance.txt');
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return !(code === 'ENOENT' || code === 'ENOTDIR');
  }
  if (!inside(box.ws, real) || !fs.statSync(real).isFile() || fs.statSync(real).size > 4096)
    return true;
  return fs.readFileSync(real, 'utf8').replace(/\s+/g, '') !== 'draft';
}

function referenceBad(): string | undefined {
  for (const file of FILES) {
    const why = artifactBad(file);
    if (why) return `${file}: ${why}`;
  }
  return undefined;
}

function artifactBad(file: string): string | undefined {
  const real = realInside(path.join(paper, file));
  if (!real) return 'missing or outside the workspace';
  if (!fs.statSync(real).isFile()) return 'not a regular file';
  const parsed = strictJson(fs.readFileSync(real));
  if (!parsed) return 'not strict UTF-8 JSON';
  const a = parsed.value;
  if (!isPlainObject(a)) return 'not an object';
  for (const k of REQUIRED)
    if (!Object.hasOwn(a, k) || a[k] === null || a[k] === '') return `no ${k}`;
  if (!Object.hasOwn(a, 'thread_id') && !Object.hasOwn(a, 'agent_id'))
    return 'no thread_id or agent_id';
  for (const k of STRING_FIELDS) if (typeof a[k] !== 'string') return `${k} is not a string`;
  if (!GOOD_VERDICTS.has(a['verdict'] as string)) return `verdict ${JSON.stringify(a['verdict'])}`;
  if (a['audit_skill'] !== SKILL[file]) return 'wrong audit_skill';
  const hashes = a['audited_input_hashes'];
  if (!isPlainObject(hashes)) return 'audited_input_hashes is not an object';
  for (const [k, v] of Object.entries(hashes)) {
    if (typeof v !== 'string') return `hash of ${k} is not a string`;
    const hex = v.replace(/^sha256:/, '');
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) return `hash of ${k} is malformed`;
    if (k === '' || k.includes('\0')) return `input ${JSON.stringify(k)} is no path`;
    const r = realInside(path.resolve(paper, k));
    if (!r) return `input ${k} is missing or outside`;
    if (!fs.statSync(r).isFile()) return `input ${k} is not a file`;
    if (sha(fs.readFileSync(r)) !== hex.toLowerCase()) return `input ${k} is stale`;
  }
  return traceBad(a['trace_path'] as string);
}

function traceBad(tp: string): string | undefined {
  if (tp.trim() === '' || tp.includes('\0')) return 'empty trace_path';
  const bases: string[] = [];
  for (let d = paper; inside(box.ws, d); d = path.dirname(d)) bases.push(d);
  for (const base of path.isAbsolute(tp) ? [paper] : bases) {
    const real = realInside(path.resolve(base, tp));
    if (!real) continue;
    const st = fs.statSync(real);
    if (st.isDirectory() ? fs.readdirSync(real).length === 0 : !st.isFile() || st.size === 0)
      return `trace ${tp} is empty or not a file`;
    return undefined;
  }
  return `trace ${tp} names nothing inside the workspace`;
}

// ---------------------------------------------------------------------------------------------

const tally = new Tally();
afterAll(() => tally.print('ARIS artifact cases'));

async function check({ c, flag }: ArisRun): Promise<void> {
  restore(pristine, paper);
  applyCase(c);
  const bad = submissionAssurance(flag) ? referenceBad() : undefined;
  tally.add(
    (flag ? '' : 'no flag: ') +
      (c.kind === 'fields'
        ? `fields:${c.edits[0]!.op}`
        : c.kind === 'text'
          ? `text:${c.text.op}`
          : c.kind),
    bad !== undefined,
  );
  const before = snapshot(box);
  const r = await cli(
    [
      'verify',
      '--root',
      box.ws,
      ...(flag ? ['--assurance', 'submission'] : []),
      '--format',
      'json',
    ],
    box.ws,
  );
  expectNoCrashText(r.stderr, 'stderr');
  expect([0, 1]).toContain(r.code);
  const report = expectCleanRun(box, before, JSON.parse(r.stdout), r.stdout + r.stderr);
  expect(r.code).toBe(report.exit_code);
  expectNotGreen(report, bad);
}

describe('fuzz: ARIS papers', () => {
  it('the untouched paper passes, so the property below is not vacuous', async () => {
    restore(pristine, paper);
    expect(referenceBad()).toBeUndefined();
    const r = await cli(
      ['verify', '--root', box.ws, '--assurance', 'submission', '--format', 'json'],
      box.ws,
    );
    expect(JSON.parse(r.stdout).conclusion).toBe('success');
  });

  it(
    'a mutated paper never crashes, leaks, writes, or passes when the reference rule says it blocks',
    async () => {
      await fc.assert(
        fc.asyncProperty(arisRun, check),
        params(120, [
          // Formerly known: assurance.txt symlinked into .git/config, read and quoted.
          [
            {
              c: { kind: 'assurance', text: '', node: 'link-git-config', proof: 'PASS' },
              flag: false,
            },
          ],
          // Formerly known: a manifest that omits a committed FAIL artifact.
          [
            {
              c: {
                kind: 'manifest',
                manifest: {
                  schema_version: '1',
                  audits: [{ artifact: 'CITATION_AUDIT.json', audit_skill: 'citation-audit' }],
                },
                node: 'file',
                proof: 'FAIL',
              },
              flag: true,
            },
          ],
          // Formerly a crash of this harness: a hash edit on a value String() cannot print.
          [
            {
              c: {
                kind: 'fields',
                file: 'PROOF_AUDIT.json',
                edits: [
                  {
                    op: 'set',
                    key: 'audited_input_hashes',
                    value: { 'main.tex': [Object.create(null)] },
                  },
                  { op: 'edit-hash', index: 0, how: 'upper' },
                ],
              },
              flag: true,
            },
          ],
          // Formerly known: an empty summary passed (found by a 20,000-run pass, seed 1739289786).
          [
            {
              c: {
                kind: 'fields',
                file: 'KILL_ARGUMENT.json',
                edits: [{ op: 'set', key: 'summary', value: '' }],
              },
              flag: true,
            },
          ],
        ]),
      );
    },
    timeout(),
  );
});
