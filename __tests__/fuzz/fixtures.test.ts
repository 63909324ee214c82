// Fuzz: hostile conformance fixtures (fixture.json fields, symlinks in the input bundle, huge
// expected lists), run through the CLI's `fixtures` command in-process. Invariants: never a
// crash or a stack trace, a sound GateReport, no secret in any output, no file created or changed
// outside the scratch copy (the workspace and a sentinel directory outside it are snapshotted),
// no temp directory left behind, and never a passing fixture for a fixture.json the reference
// rule calls invalid.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { allCodes } from '../../src/packs/registry.js';
import { cli } from '../support/cli.js';
import {
  applyJsonTextEdit,
  hostileJson,
  hostileString,
  isPlainObject,
  jsonTextEdit,
  strictJson,
  type JsonTextEdit,
} from '../support/arbitraries.js';
import {
  expectNoCrashText,
  expectCleanRun,
  params,
  sandbox,
  timeout,
  snapshot,
  withTmpdir,
  type Sandbox,
} from '../support/fuzz.js';

const CODES = allCodes().map((c) => c.code);
const FIXTURE_KEYS = [
  '$schema',
  'schema_version',
  'fixture_id',
  'fixture_kind',
  'pack',
  'description',
  'input',
  'target',
  'options',
  'empty_dirs',
  'expected_validation_codes',
  'expected_terminal_state',
];

// <ws>/fx/aris/f/            the fixture folder under test: fixture.json, input/ (a clean paper)
//   input/link-out           → <outside>          (absolute symlink out of the workspace)
//   input/paper/link-up      → ../../../../..     (relative symlink climbing out)
//   input/link-git           → <ws>/.git
//   link-out                 → <outside>/bundle   (a whole input bundle outside)
// <outside>/bundle/paper     a clean paper too: reading it would make a fixture pass
let box: Sandbox;
let folder: string;

beforeAll(() => {
  box = sandbox('fixtures');
  folder = path.join(box.ws, 'fx', 'aris', 'f');
  const clean = path.resolve('conformance/aris/clean-all-pass/input');
  fs.cpSync(clean, path.join(folder, 'input'), { recursive: true });
  fs.cpSync(clean, path.join(box.outside, 'bundle'), { recursive: true });
  fs.symlinkSync(box.outside, path.join(folder, 'input', 'link-out'));
  fs.symlinkSync('../../../../..', path.join(folder, 'input', 'paper', 'link-up'));
  fs.symlinkSync(path.join(box.ws, '.git'), path.join(folder, 'input', 'link-git'));
  fs.symlinkSync(path.join(box.outside, 'bundle'), path.join(folder, 'link-out'));
});
afterAll(() => box?.dispose());

// ---------------------------------------------------------------------------------------------

const INPUTS = [
  'input',
  'link-out',
  'input/link-out/bundle',
  '../../../../outside/bundle',
  '{outside}/bundle',
  '.',
  '..',
  '',
  'missing',
  'input/paper/main.tex',
];
const TARGETS = [
  '.',
  'paper',
  'paper/.',
  '..',
  '../..',
  '/',
  '{outside}/bundle/paper',
  'link-out/bundle/paper',
  'paper/link-up/outside/bundle/paper',
  'link-git',
  'missing',
  'paper/main.tex',
];
const EMPTY_DIRS = [
  'new',
  'paper/new/deeper',
  '.',
  '../escape',
  '../../../escape',
  '{outside}/made-abs',
  'link-out/made-through-link',
  'paper/link-up/outside/made-through-relative-link',
  'link-git/made-in-git',
  'paper/main.tex/under-a-file',
  `${'d/'.repeat(200)}deep`,
  'x'.repeat(300),
  'nul\u0000byte',
];

type Fx = Record<string, unknown>;
/** One field of the clean fixture set to a hostile value (`drop`: removed). */
type Change = { key: string; value: unknown } | { key: 'drop'; value: string };
interface FixtureCase {
  changes: Change[];
  emptyDirs?: string[];
  text?: JsonTextEdit;
  /** fixture.json itself: a file, or a symlink out of the workspace / into .git, or a directory */
  node: 'file' | 'link-outside' | 'link-git-config' | 'dir';
}

const CLEAN_FIXTURE: Fx = {
  schema_version: '1.0',
  fixture_id: 'f',
  fixture_kind: 'clean',
  pack: 'aris',
  input: 'input',
  target: 'paper',
  options: { assurance: 'submission' },
  expected_validation_codes: [],
  expected_terminal_state: 'accepted',
};

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const orHostile = (xs: readonly string[]) =>
  fc.oneof({ weight: 4, arbitrary: pick(xs) }, { weight: 1, arbitrary: hostileString() });
const change = (key: string, value: fc.Arbitrary<unknown>) =>
  fc.record({ key: fc.constant(key), value });

const codesArb = fc.oneof(
  fc.array(pick(CODES), { maxLength: 5 }),
  fc.array(fc.oneof(pick(CODES), hostileString()), { maxLength: 5 }),
  fc
    .tuple(pick(CODES), fc.integer({ min: 1000, max: 20000 }))
    .map(([c, n]) => Array(n).fill(c) as string[]),
  fc
    .integer({ min: 1000, max: 5000 })
    .map((n) => Array.from({ length: n }, (_, i) => `x.code_${i}`)),
  hostileJson({ depth: 2 }),
);

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  change('schema_version', hostileJson({ depth: 1 })),
  change('fixture_id', hostileString({ huge: true })),
  change('fixture_kind', hostileString()),
  change(
    'pack',
    fc.oneof(pick(['trace', 'fixtures', 'ARIS', '', 'aris ']), hostileJson({ depth: 1 })),
  ),
  change('input', orHostile(INPUTS)),
  change('target', orHostile(TARGETS)),
  change(
    'options',
    fc.oneof(
      fc.record({ assurance: pick(['submission', 'draft', 'bogus']) }, { requiredKeys: [] }),
      fc.record(
        { min_supports: fc.oneof(fc.integer(), fc.double()), effort: hostileString() },
        { requiredKeys: [] },
      ),
      hostileJson({ depth: 2 }),
    ),
  ),
  change('empty_dirs', hostileJson({ depth: 1 })),
  change('expected_validation_codes', codesArb),
  change(
    'expected_terminal_state',
    fc.oneof(pick(['blocked', 'provisional', 'rejected']), hostileString()),
  ),
  fc.record({ key: hostileString(), value: hostileJson({ depth: 1 }) }),
  fc.record({ key: fc.constant('drop' as const), value: pick(FIXTURE_KEYS) }),
);

const fixtureCase: fc.Arbitrary<FixtureCase> = fc.record({
  changes: fc.array(changeArb, { maxLength: 3 }),
  emptyDirs: fc.option(fc.array(orHostile(EMPTY_DIRS), { minLength: 1, maxLength: 4 }), {
    nil: undefined,
  }),
  text: fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: jsonTextEdit(FIXTURE_KEYS) },
  ),
  node: fc.oneof(
    { weight: 12, arbitrary: fc.constant('file' as const) },
    { weight: 1, arbitrary: pick(['link-outside', 'link-git-config', 'dir'] as const) },
  ),
});

const expand = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replace('{outside}', box.outside)
    : Array.isArray(v)
      ? v.map(expand)
      : v;

/** The fixture.json object a case writes (before any text edit). */
function fixtureObject(c: FixtureCase): Fx {
  const obj: Fx = { ...CLEAN_FIXTURE };
  if (c.emptyDirs) obj['empty_dirs'] = c.emptyDirs;
  for (const ch of c.changes) {
    if (ch.key === 'drop') delete obj[ch.value as string];
    else
      Object.defineProperty(obj, ch.key, {
        value: ch.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, expand(v)]));
}

/** The clean fixture (it passes), with `fields` changed. */
const VALID = (fields: Fx = {}): FixtureCase => ({
  changes: Object.entries(fields).map(([key, value]) => ({ key, value })),
  node: 'file',
});

function write(c: FixtureCase): void {
  const file = path.join(folder, 'fixture.json');
  fs.rmSync(file, { recursive: true, force: true });
  if (c.node === 'link-outside') {
    fs.writeFileSync(path.join(box.outside, 'fixture.json'), JSON.stringify(CLEAN_FIXTURE));
    fs.symlinkSync(path.join(box.outside, 'fixture.json'), file);
    return;
  }
  if (c.node === 'link-git-config')
    return fs.symlinkSync(path.join(box.ws, '.git', 'config'), file);
  if (c.node === 'dir') return fs.mkdirSync(file);
  const text = JSON.stringify(fixtureObject(c), null, 2) + '\n';
  fs.writeFileSync(file, c.text ? applyJsonTextEdit(text, c.text) : text);
}

// ---------------------------------------------------------------------------------------------
// The reference rule: a fixture.json that is not a strict JSON object inside the workspace, lacks
// an id, kind or expected code list, has an empty or non-string pack, names (or sits in the folder
// of) a pack audit-gate does not have, or whose input
// (or target inside it) is not a directory inside the workspace, never passes.

function realIn(root: string, p: string): string | undefined {
  try {
    const r = fs.realpathSync(p);
    return r === root || r.startsWith(root + path.sep) ? r : undefined;
  } catch {
    return undefined;
  }
}

function referenceInvalid(): string | undefined {
  const real = realIn(box.ws, path.join(folder, 'fixture.json'));
  if (!real || !fs.statSync(real).isFile())
    return 'fixture.json is not a file inside the workspace';
  const parsed = strictJson(fs.readFileSync(real));
  if (!parsed || !isPlainObject(parsed.value)) return 'not a JSON object';
  const fx = parsed.value;
  for (const k of ['fixture_id', 'fixture_kind'])
    if (typeof fx[k] !== 'string' || fx[k] === '') return `no ${k}`;
  // Without a "pack" field the pack is the folder the fixture folder is in (fx/aris/f: aris).
  const pack = Object.hasOwn(fx, 'pack') ? fx['pack'] : path.basename(path.dirname(folder));
  if (typeof pack !== 'string' || pack === '') return 'no pack';
  if (!['aris', 'trace'].includes(pack)) return `pack ${pack}`;
  const codes = fx['expected_validation_codes'];
  if (!Array.isArray(codes) || codes.some((x) => typeof x !== 'string'))
    return 'no expected code list';
  const input = realIn(
    box.ws,
    path.resolve(folder, typeof fx['input'] === 'string' ? fx['input'] : 'input'),
  );
  if (!input || !fs.statSync(input).isDirectory()) return 'input is not a directory inside';
  const target = realIn(
    input,
    path.resolve(input, typeof fx['target'] === 'string' ? fx['target'] : '.'),
  );
  if (!target || !fs.statSync(target).isDirectory())
    return 'target is not a directory inside the input';
  return undefined;
}

// ---------------------------------------------------------------------------------------------

async function check(c: FixtureCase): Promise<void> {
  write(c);
  const invalid = referenceInvalid();
  const before = snapshot(box);
  const r = await withTmpdir(box.tmp, () =>
    cli(['fixtures', path.join(box.ws, 'fx'), '--root', box.ws, '--format', 'json'], box.ws),
  );
  expectNoCrashText(r.stderr, 'stderr');
  const report = expectCleanRun(box, before, JSON.parse(r.stdout), r.stdout + r.stderr);
  const left = fs.readdirSync(box.tmp);
  if (left.length) {
    for (const d of left) fs.rmSync(path.join(box.tmp, d), { recursive: true, force: true });
    throw new Error(`temp dirs left behind: ${left.join(', ')}`);
  }
  const crashed = report.findings.find((f) => / crashed the \S+ pack/.test(f.message));
  if (crashed) throw new Error(`a pack crashed: ${crashed.message}`);
  const passed = report.targets.some((t) => t.pack === 'fixtures' && t.terminal_state === 'passed');
  if (invalid !== undefined && passed)
    throw new Error(`reference says invalid (${invalid}) but the fixture passed`);
}

describe('fuzz: conformance fixtures', () => {
  it('the untouched fixture passes, so the property below is not vacuous', async () => {
    write(VALID());
    const r = await cli(
      ['fixtures', path.join(box.ws, 'fx'), '--root', box.ws, '--format', 'json'],
      box.ws,
    );
    expect(JSON.parse(r.stdout).conclusion).toBe('success');
  });

  it(
    'a hostile fixture never crashes, leaks, writes outside its scratch copy, leaves temp dirs, or passes when invalid',
    async () => {
      await fc.assert(
        fc.asyncProperty(fixtureCase, check),
        params(120, [
          // Formerly known: empty_dirs through a symlink, and one mkdir cannot create.
          [VALID({ empty_dirs: ['link-out/made-through-link'] })],
          [VALID({ empty_dirs: ['paper/main.tex/under-a-file'] })],
          // A fixture without "pack" is its folder's pack's (the oracle once called it invalid).
          [{ changes: [{ key: 'drop', value: 'pack' }], node: 'file' }],
        ]),
      );
    },
    timeout(),
  );

  it('scratch copies go to the temp dir the property watches', async () => {
    write(VALID({ empty_dirs: ['new'] }));
    const blocked = path.join(box.base, 'not-a-dir');
    fs.writeFileSync(blocked, '');
    const r = await withTmpdir(blocked, () =>
      cli(['fixtures', path.join(box.ws, 'fx'), '--root', box.ws, '--format', 'json'], box.ws),
    );
    // mkdtemp under a file: the scratch copy went to the os.tmpdir() the test set.
    expect(r.stdout).toMatch(/ENOTDIR: not a directory, mkdtemp/);
  });
});
