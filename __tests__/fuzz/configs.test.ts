// Fuzz: random .audit-gate.json files (well-formed configs with hostile values, random JSON, broken
// text, and config files that are symlinks, directories or FIFOs) in a checkout whose git index
// tracks a paper that blocks at submission. Verified through the CLI in-process with the trusted
// flag --assurance submission. Invariants: never a crash or a stack trace, always a sound
// GateReport, no secret in any output, nothing written, and never a green gate while the blocking
// paper is in the checkout: the config belongs to the pull request, the flag to the workflow.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { writePaper } from '../../scripts/lib/aris-paper.mjs';
import { EFFORTS } from '../../src/policy/assurance.js';
import { cli } from '../support/cli.js';
import { mkfifo } from '../support/temp.js';
import {
  applyJsonTextEdit,
  hostileJson,
  hostileString,
  jsonTextEdit,
  type JsonTextEdit,
} from '../support/arbitraries.js';
import {
  OUTSIDE_SECRET,
  expectNoCrashText,
  expectCleanRun,
  git,
  params,
  sandbox,
  timeout,
  snapshot,
  type Sandbox,
} from '../support/fuzz.js';

const CONFIG = '.audit-gate.json';
const KEYS = [
  '$schema',
  'paths',
  'exclude',
  'assurance',
  'effort',
  'fail_on',
  'allow_empty',
  'fixtures',
  'packs',
  'trace',
];

// <ws>: a git checkout (index written by git) tracking papers/good (passes), papers/bad (an input
// changed after its audits: blocks at submission) and a clean trace run; fx/ holds one fixture.
let box: Sandbox;

beforeAll(() => {
  box = sandbox('configs');
  writePaper(path.join(box.ws, 'papers/good'), { assurance: 'submission' });
  writePaper(path.join(box.ws, 'papers/bad'), { assurance: 'submission' });
  fs.appendFileSync(path.join(box.ws, 'papers/bad/main.tex'), '% edited after the audits\n');
  fs.cpSync(path.resolve('conformance/trace/clean-run/input'), box.ws, { recursive: true });
  fs.cpSync(path.resolve('conformance/aris/clean-all-pass'), path.join(box.ws, 'fx/aris/clean'), {
    recursive: true,
  });
  // A lenient config outside the workspace, carrying a secret that must never reach a report.
  fs.writeFileSync(
    path.join(box.outside, 'lenient.json'),
    JSON.stringify({ paths: ['papers/good', OUTSIDE_SECRET] }),
  );
  fs.symlinkSync(box.outside, path.join(box.ws, 'link-out'));
  git(box.ws, 'add', '-A');
  mkfifo(path.join(box.ws, 'fifo')); // after `git add`, which refuses FIFOs
});
afterAll(() => box?.dispose());

// ---------------------------------------------------------------------------------------------

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const orHostile = (xs: readonly string[]) =>
  fc.oneof({ weight: 4, arbitrary: pick(xs) }, { weight: 1, arbitrary: hostileString() });
const orJson = (a: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 5, arbitrary: a }, { weight: 1, arbitrary: hostileJson({ depth: 2 }) });

const PATHS = [
  'papers/good',
  'papers/bad',
  'papers',
  '.',
  '..',
  '../outside',
  '{outside}',
  '/etc',
  '',
  'missing',
  'papers/../..',
  'link-out',
  'fifo',
  '.git',
  'papers/bad/main.tex',
];
const PATTERNS = [
  'papers/bad/',
  'papers/',
  '*',
  '**',
  '!papers/bad',
  '**/*.json',
  'PROOF_AUDIT.json',
  '',
  '#',
  '\\',
  '[',
  '/',
  '.git',
  'artifacts/',
];

const structured = fc.record(
  {
    $schema: hostileString(),
    paths: orJson(fc.array(orHostile(PATHS), { maxLength: 3 })),
    exclude: orJson(fc.array(orHostile(PATTERNS), { maxLength: 3 })),
    assurance: orJson(orHostile(['draft', 'submission'])),
    effort: orJson(orHostile(EFFORTS)),
    fail_on: orJson(orHostile(['blocking', 'problem'])),
    allow_empty: orJson(fc.boolean()),
    fixtures: orJson(
      orHostile([
        'fx',
        '../outside',
        '{outside}',
        '/etc',
        'missing',
        '.',
        'link-out',
        'fifo',
        '.git',
      ]),
    ),
    packs: orJson(fc.array(orHostile(['aris', 'trace', 'fixtures']), { maxLength: 3 })),
    trace: orJson(
      fc.record(
        {
          min_supports: orJson(
            fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double(), fc.constant(2 ** 53)),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    unknown: hostileJson({ depth: 1 }),
  },
  { requiredKeys: [] },
);

type Node = 'file' | 'link-outside' | 'link-git-config' | 'link-dev-zero' | 'dir' | 'fifo' | 'huge';
interface ConfigCase {
  content: unknown;
  text?: JsonTextEdit;
  node: Node;
}

const configCase: fc.Arbitrary<ConfigCase> = fc.record({
  content: fc.oneof(
    { weight: 4, arbitrary: structured },
    { weight: 1, arbitrary: hostileJson({ huge: true }) },
  ),
  text: fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: jsonTextEdit(KEYS) },
  ),
  node: fc.oneof(
    { weight: 12, arbitrary: fc.constant('file' as const) },
    {
      weight: 1,
      arbitrary: pick([
        'link-outside',
        'link-git-config',
        'link-dev-zero',
        'dir',
        'fifo',
        'huge',
      ] as const),
    },
  ),
});

const expand = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replace('{outside}', box.outside)
    : Array.isArray(v)
      ? v.map(expand)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x)]))
        : v;

function write(c: ConfigCase): void {
  const file = path.join(box.ws, CONFIG);
  fs.rmSync(file, { recursive: true, force: true });
  switch (c.node) {
    case 'link-outside':
      return fs.symlinkSync(path.join(box.outside, 'lenient.json'), file);
    case 'link-git-config':
      return fs.symlinkSync('.git/config', file);
    case 'link-dev-zero':
      return fs.symlinkSync('/dev/zero', file);
    case 'dir':
      return fs.mkdirSync(file);
    case 'fifo':
      return mkfifo(file);
    case 'huge':
      return fs.writeFileSync(file, `{"$schema": "${'x'.repeat(2 * 1024 * 1024)}"}`);
    case 'file': {
      const text = JSON.stringify(expand(c.content), null, 2) + '\n';
      fs.writeFileSync(file, c.text ? applyJsonTextEdit(text, c.text) : text);
    }
  }
}

async function run(): Promise<ReturnType<typeof cli>> {
  return cli(['verify', '--root', box.ws, '--assurance', 'submission', '--format', 'json'], box.ws);
}

async function check(c: ConfigCase): Promise<void> {
  write(c);
  const before = snapshot(box);
  const r = await run();
  expectNoCrashText(r.stderr, 'stderr');
  expect([0, 1]).toContain(r.code);
  const report = expectCleanRun(box, before, JSON.parse(r.stdout), r.stdout + r.stderr);
  if (report.conclusion !== 'failure')
    throw new Error(
      `papers/bad blocks, but with this config the gate concluded ${report.conclusion}`,
    );
}

describe('fuzz: .audit-gate.json', () => {
  it('without a config, papers/bad blocks and the rest passes, so the property is not vacuous', async () => {
    fs.rmSync(path.join(box.ws, CONFIG), { force: true });
    const report = JSON.parse((await run()).stdout);
    expect(report.conclusion).toBe('failure');
    const blocking = report.findings.filter((f: { blocking: boolean }) => f.blocking);
    expect(blocking.length).toBeGreaterThan(0);
    expect(blocking.every((f: any) => f.location.path.startsWith('papers/bad/'))).toBe(true);
  });

  it(
    'any config: no crash, a sound report, no secret, no write, and never green while papers/bad blocks',
    async () => {
      await fc.assert(
        fc.asyncProperty(configCase, async (c) => {
          await check(c);
        }),
        params(100, [
          // Formerly known: a checkout config that narrows discovery, and one read from outside.
          [{ content: { exclude: ['papers/bad/'] }, node: 'file' }],
          [
            {
              content: { paths: ['papers/good'], packs: ['trace'], allow_empty: true },
              node: 'file',
            },
          ],
          [{ content: {}, node: 'link-outside' }],
        ]),
      );
    },
    timeout(),
  );
});
