// Fuzz: discovery in a real git checkout. The index tracks a paper that blocks at submission; a
// pull request adds .gitignore files, nested .git directories or files (empty, fake, pointing
// elsewhere), FIFOs and symlink loops around it. Invariants: never a crash, a sound report, no
// secret, nothing written, and never a green gate while the tracked blocking paper is there: a
// file git tracks is verified whatever the checkout says about it.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { writePaper } from '../../scripts/lib/aris-paper.mjs';
import { cli } from '../support/cli.js';
import { mkfifo } from '../support/temp.js';
import { hostileString } from '../support/arbitraries.js';
import {
  expectNoCrashText,
  expectCleanRun,
  git,
  params,
  sandbox,
  timeout,
  snapshot,
  Tally,
  type Sandbox,
} from '../support/fuzz.js';

let box: Sandbox;
/** A readable git dir outside the workspace: HEAD and an empty index. */
let fakeGitOutside: string;

beforeAll(() => {
  box = sandbox('discovery');
  writePaper(path.join(box.ws, 'papers/bad'), { assurance: 'submission' });
  fs.appendFileSync(path.join(box.ws, 'papers/bad/main.tex'), '% edited after the audits\n');
  writePaper(path.join(box.ws, 'papers/good'), { assurance: 'submission' });
  fs.cpSync(path.resolve('conformance/trace/clean-run/input'), box.ws, { recursive: true });
  git(box.ws, 'add', '-A');
  fakeGitOutside = path.join(box.outside, 'fake.git');
  fs.mkdirSync(fakeGitOutside);
  fs.writeFileSync(path.join(fakeGitOutside, 'HEAD'), 'ref: refs/heads/main\n');
  fs.copyFileSync(emptyIndexFile(), path.join(fakeGitOutside, 'index'));
});
afterAll(() => box?.dispose());

/** An empty git index written by git itself. */
function emptyIndexFile(): string {
  const dir = path.join(box.base, 'empty-repo');
  fs.mkdirSync(dir);
  git(dir, 'init', '-q');
  fs.writeFileSync(path.join(dir, 'x'), 'x');
  git(dir, 'add', 'x');
  git(dir, 'rm', '-q', '--cached', 'x');
  return path.join(dir, '.git', 'index');
}

// ---------------------------------------------------------------------------------------------

const DIRS = ['.', 'papers', 'papers/bad', 'papers/bad/.aris', 'artifacts', 'artifacts/runs'];
const PATTERNS = [
  '*',
  '**',
  'papers/',
  'papers/bad/',
  'bad/',
  '*.json',
  'PROOF_AUDIT.json',
  '.aris/',
  '!good',
  '/papers',
  '**/bad/**',
  'artifacts/',
  '#',
  '\\',
  '[',
];
type NestedGit =
  | 'empty-dir'
  | 'head-only'
  | 'head-empty-index'
  | 'head-junk-index'
  | 'gitdir-outside'
  | 'gitdir-root'
  | 'gitdir-missing'
  | 'fifo'
  | 'symlink-root-git'
  | 'symlink-outside'
  | 'junk-file';

type Change =
  | { op: 'gitignore'; dir: string; lines: string[] }
  | { op: 'nested-git'; dir: string; kind: NestedGit }
  | { op: 'symlink'; at: string; to: string }
  | { op: 'fifo'; at: string };

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('gitignore' as const),
      dir: pick(DIRS),
      lines: fc.array(
        fc.oneof(
          { weight: 5, arbitrary: pick(PATTERNS) },
          { weight: 1, arbitrary: hostileString() },
        ),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('nested-git' as const),
      dir: pick(['papers', 'papers/bad', 'papers/good', 'artifacts']),
      kind: pick<NestedGit>([
        'empty-dir',
        'head-only',
        'head-empty-index',
        'head-junk-index',
        'gitdir-outside',
        'gitdir-root',
        'gitdir-missing',
        'fifo',
        'symlink-root-git',
        'symlink-outside',
        'junk-file',
      ]),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('symlink' as const),
      at: pick(['papers/alias', 'papers/bad/loop', 'loop', 'artifacts/runs/alias']),
      to: pick(['bad', '.', '..', '/', '{outside}', 'papers/bad']),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('fifo' as const),
      at: pick(['papers/fifo', 'papers/bad/.aris/fifo']),
    }),
  },
);

/** Applies the changes; returns the paths it created, to remove afterwards. */
function apply(changes: Change[]): string[] {
  const made: string[] = [];
  const fresh = (rel: string) => {
    const abs = path.join(box.ws, rel);
    try {
      fs.lstatSync(abs);
      return undefined; // already there (tracked, or made by an earlier change): leave it
    } catch {
      made.push(abs);
      return abs;
    }
  };
  for (const c of changes) {
    if (c.op === 'gitignore') {
      const abs = fresh(path.join(c.dir, '.gitignore'));
      if (abs) fs.writeFileSync(abs, c.lines.join('\n') + '\n');
    } else if (c.op === 'fifo') {
      const abs = fresh(c.at);
      if (abs) mkfifo(abs);
    } else if (c.op === 'symlink') {
      const abs = fresh(c.at);
      if (abs) fs.symlinkSync(c.to.replace('{outside}', box.outside), abs);
    } else {
      const abs = fresh(path.join(c.dir, '.git'));
      if (abs) makeGit(abs, c.kind);
    }
  }
  return made;
}

function makeGit(abs: string, kind: NestedGit): void {
  const dir = () => fs.mkdirSync(abs);
  switch (kind) {
    case 'empty-dir':
      return dir();
    case 'head-only':
      dir();
      return fs.writeFileSync(path.join(abs, 'HEAD'), 'ref: refs/heads/main\n');
    case 'head-empty-index':
    case 'head-junk-index':
      dir();
      fs.writeFileSync(path.join(abs, 'HEAD'), 'ref: refs/heads/main\n');
      if (kind === 'head-empty-index')
        return fs.copyFileSync(path.join(fakeGitOutside, 'index'), path.join(abs, 'index'));
      return fs.writeFileSync(path.join(abs, 'index'), 'DIRC junk');
    case 'gitdir-outside':
      return fs.writeFileSync(abs, `gitdir: ${fakeGitOutside}\n`);
    case 'gitdir-root':
      return fs.writeFileSync(abs, `gitdir: ${path.join(box.ws, '.git')}\n`);
    case 'gitdir-missing':
      return fs.writeFileSync(abs, 'gitdir: /nonexistent/.git\n');
    case 'fifo':
      return mkfifo(abs);
    case 'symlink-root-git':
      return fs.symlinkSync(path.join(box.ws, '.git'), abs);
    case 'symlink-outside':
      return fs.symlinkSync(fakeGitOutside, abs);
    case 'junk-file':
      return fs.writeFileSync(abs, 'not a gitdir line');
  }
}

const tally = new Tally();
afterAll(() => tally.print('discovery cases'));

async function check(changes: Change[]): Promise<void> {
  const made = apply(changes);
  tally.add(changes.map((c) => c.op).join(','), true);
  try {
    const before = snapshot(box);
    const r = await cli(
      ['verify', '--root', box.ws, '--assurance', 'submission', '--format', 'json'],
      box.ws,
    );
    expectNoCrashText(r.stderr, 'stderr');
    const report = expectCleanRun(box, before, JSON.parse(r.stdout), r.stdout + r.stderr);
    if (report.conclusion !== 'failure')
      throw new Error(`the tracked papers/bad blocks, but the gate concluded ${report.conclusion}`);
  } finally {
    for (const p of made.reverse()) fs.rmSync(p, { recursive: true, force: true });
  }
}

describe('fuzz: discovery in a git checkout', () => {
  it('untouched, papers/bad blocks, so the property below is not vacuous', async () => {
    await check([]);
  });

  it(
    'nothing a pull request adds around a tracked blocking paper hides it',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(changeArb, { minLength: 1, maxLength: 4 }), check),
        params(100, [
          // Formerly known: a fake nested .git and a .gitignore around the tracked paper.
          [
            [
              { op: 'nested-git', dir: 'papers/bad', kind: 'head-only' },
              { op: 'gitignore', dir: 'papers/bad', lines: ['*'] },
            ],
          ],
        ]),
      );
    },
    timeout(),
  );
});
