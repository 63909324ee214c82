// The fuzz suite's runner settings and the invariants every property checks.
//
// CI (`npm test`): a fixed seed and a small number of runs per property, so the suite is
// deterministic and fast. Long campaigns (`npm run fuzz`): FUZZ_RUNS runs per property and a
// random seed, printed so a failure can be replayed with FUZZ_SEED (and FUZZ_PATH, which
// fast-check prints with the counterexample). FUZZ_KNOWN=1 also runs the generator cases of
// known bugs that other branches are fixing (see KNOWN below).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { reportSchemas, type GateReport } from '../../src/model/report.js';
import { renderAll } from './render-all.js';
import { mkfifo } from './temp.js';

const env = process.env;
const intEnv = (name: string): number | undefined => {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw new Error(`${name} must be an integer, not "${v}"`);
  return Number(v);
};

const RUNS = intEnv('FUZZ_RUNS');
/** The seed CI always uses: any failure there is reproducible as it is. */
const CI_SEED = 20261122;
const SEED = intEnv('FUZZ_SEED') ?? (RUNS === undefined ? CI_SEED : randomSeed());
/** A long campaign (FUZZ_RUNS set): more runs, more time. */
const CAMPAIGN = RUNS !== undefined;
/** Run the generator cases of known bugs too (after the fixes are merged). */
const WITH_KNOWN = env['FUZZ_KNOWN'] === '1';

function randomSeed(): number {
  return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
}

if (CAMPAIGN)
  process.stderr.write(
    `fuzz: seed ${SEED}, ${RUNS} runs per property (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})\n`,
  );

/**
 * fast-check parameters: `ciRuns` in CI, FUZZ_RUNS in a campaign. `examples` run first, every
 * time: the reproducers of bugs that were known here until their fix was merged.
 */
export function params<T>(ciRuns: number, examples?: NoInfer<T>[]): fc.Parameters<T> {
  const p: fc.Parameters<T> = { numRuns: RUNS ?? ciRuns, seed: SEED };
  if (examples) p.examples = examples;
  if (env['FUZZ_PATH']) p.path = env['FUZZ_PATH'];
  // Shrinking re-runs the property many times; a campaign reports the first counterexample fast.
  if (CAMPAIGN) p.endOnFailure = env['FUZZ_SHRINK'] !== '1';
  return p;
}

/** A jest timeout that grows with the campaign (CI keeps jest's default). */
export function timeout(msPerRun = 200): number | undefined {
  return CAMPAIGN ? Math.max(60_000, RUNS! * msPerRun * 4) : undefined;
}

/**
 * Known bugs (issue 9's, and those this suite found) in code other branches are changing. A
 * generator case that hits one is tagged with its key: the main property skips it (unless
 * FUZZ_KNOWN=1), and a `test.failing` named `KNOWN(<key>)` runs only that case and proves the bug
 * is still there. When the fix is merged, that test starts failing: delete the key, its tagging
 * and its test, and pass the reproducer to `params` as an example of the main property.
 */
export const KNOWN = {
  // None at present: every bug this suite found is fixed and its reproducer is an example.
} as const;
export type KnownBug = keyof typeof KNOWN;

/** Whether a case tagged with `known` runs in the main property. */
export function runsNow(known: KnownBug | undefined): boolean {
  return known === undefined || WITH_KNOWN;
}

/**
 * Counts cases by kind and how many of them the reference rule called bad, printed after the
 * file with FUZZ_STATS=1: a property whose reference never says "bad" proves nothing.
 */
export class Tally {
  private readonly counts = new Map<string, { runs: number; bad: number }>();

  add(kind: string, bad: boolean): void {
    const c = this.counts.get(kind) ?? { runs: 0, bad: 0 };
    c.runs++;
    if (bad) c.bad++;
    this.counts.set(kind, c);
  }

  print(title: string): void {
    if (env['FUZZ_STATS'] !== '1') return;
    const rows = [...this.counts].sort(([a], [b]) => (a < b ? -1 : 1));
    process.stderr.write(
      `${title}\n${rows.map(([k, c]) => `  ${k}: ${c.runs} runs, ${c.bad} reference-bad`).join('\n')}\n`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Invariants

/** What a crash looks like in text meant for users: a stack frame or a JS error name. */
const CRASH_PATTERNS: [RegExp, string][] = [
  [/^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m, 'a stack frame'],
  [/\b(TypeError|ReferenceError|RangeError|InternalError)\b/, 'a JavaScript error name'],
  [/Cannot read propert(y|ies) of (undefined|null)/, 'a property read on undefined'],
  [/is not a function|is not iterable|Maximum call stack/, 'a JavaScript runtime error'],
  [/internal error/i, '"internal error"'],
];

/** Fails when `text` (a report, a message, program output) shows a crash instead of a finding. */
export function expectNoCrashText(text: string, where: string): void {
  for (const [re, what] of CRASH_PATTERNS) {
    const m = re.exec(text);
    if (m) {
      const at = Math.max(0, m.index - 200);
      throw new Error(
        `${where} contains ${what}: …${text.slice(at, m.index + 300)}…`.slice(0, 2000),
      );
    }
  }
}

/**
 * A report every renderer can trust: it matches the GateReport schema, its verdict fields agree,
 * and no finding is a crash (gate.internal_error is the fail-closed path for an exception).
 */
export function expectSoundReport(report: unknown, where = 'the report'): GateReport {
  const parsed = reportSchemas().GateReport.safeParse(report);
  if (!parsed.success)
    throw new Error(`${where} is not a GateReport: ${JSON.stringify(parsed.error.issues[0])}`);
  const r = parsed.data;
  if (r.exit_code !== (r.conclusion === 'failure' ? 1 : 0))
    throw new Error(`${where}: exit_code ${r.exit_code} with conclusion ${r.conclusion}`);
  if (r.conclusion !== 'failure' && r.findings.some((f) => f.blocking))
    throw new Error(`${where}: a blocking finding with conclusion ${r.conclusion}`);
  const crash = r.findings.find((f) => f.code === 'gate.internal_error');
  if (crash) throw new Error(`${where}: gate.internal_error: ${crash.message}`);
  for (const f of r.findings)
    expectNoCrashText(`${f.message}\n${f.remediation}`, `${where}: ${f.code}`);
  return r;
}

/** Fails when `text` holds any of the secrets. */
export function expectNoSecret(text: string, secrets: readonly string[], where: string): void {
  for (const s of secrets)
    if (text.includes(s)) throw new Error(`${where} contains the secret ${s.slice(0, 12)}…`);
}

/** The workspace and the outside as they were before a run, to hold the run to writing nothing. */
export interface Snapshot {
  ws: Map<string, string>;
  outside: Map<string, string>;
}

export function snapshot(box: Sandbox): Snapshot {
  return { ws: tree(box.ws), outside: tree(box.outside) };
}

/**
 * What every property checks after a run: a sound report; no secret in it, in any rendering of
 * it, or in what the run printed (`printed`); nothing changed in the workspace or outside it.
 */
export function expectCleanRun(
  box: Sandbox,
  before: Snapshot,
  report: unknown,
  printed = '',
): GateReport {
  const r = expectSoundReport(report);
  expectNoSecret(
    `${printed}\n${JSON.stringify(report)}\n${Object.values(renderAll(r)).join('\n')}`,
    box.secrets,
    'the output',
  );
  expectSameTree(before.ws, tree(box.ws), 'the workspace');
  expectSameTree(before.outside, tree(box.outside), 'the outside');
  return r;
}

/** Fails when the reference rule called the input bad (`bad` says why) and the gate did not fail. */
export function expectNotGreen(report: GateReport, bad: string | undefined): void {
  if (bad !== undefined && report.conclusion !== 'failure')
    throw new Error(`reference says bad (${bad}) but the gate concluded ${report.conclusion}`);
}

// ---------------------------------------------------------------------------------------------
// Sandboxes: a workspace, and beside it an "outside" the run must never read or write.

export interface Sandbox {
  /** Parent of everything below; removed by `dispose`. */
  base: string;
  /** The workspace root (a git top level). */
  ws: string;
  /** A directory outside the workspace holding the sentinels. */
  outside: string;
  /** A private temp dir (os.tmpdir() while a fixture property runs) to catch leftover temp dirs. */
  tmp: string;
  /** Secrets planted where a run must never read them: .git/config and the outside dir. */
  secrets: string[];
  dispose(): void;
}

/** The secret actions/checkout leaves in .git/config when it persists credentials. */
export const GIT_SECRET = 'ghs_FUZZSECRETgitconfig0123456789abcdef';
/** A secret in a file outside the workspace. */
export const OUTSIDE_SECRET = 'FUZZSECRET-outside-9f8e7d6c5b4a';

export function sandbox(prefix: string): Sandbox {
  const base = fs.realpathSync(
    fs.mkdtempSync(path.join(os.tmpdir(), `audit-gate-fuzz-${prefix}-`)),
  );
  const ws = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  const tmp = path.join(base, 'tmp');
  for (const d of [ws, outside, tmp]) fs.mkdirSync(d);
  git(ws, 'init', '-q', '-b', 'main');
  fs.appendFileSync(
    path.join(ws, '.git', 'config'),
    `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${GIT_SECRET}\n`,
  );
  fs.writeFileSync(path.join(outside, 'secret.txt'), `${OUTSIDE_SECRET}\n`);
  return {
    base,
    ws,
    outside,
    tmp,
    secrets: [GIT_SECRET, OUTSIDE_SECRET],
    dispose: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}

/** Runs git in `cwd`, isolated from the machine's and the user's git config. */
export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** Every path under `dir` with its type, size, mode and mtime (symlinks not followed). */
export function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    let names: string[];
    try {
      names = fs.readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const p = path.join(d, name);
      const st = fs.lstatSync(p);
      const kind = st.isSymbolicLink()
        ? `l:${fs.readlinkSync(p)}`
        : st.isDirectory()
          ? 'd'
          : `f:${st.size}`;
      out.set(path.relative(dir, p), `${kind}:${st.mode}:${st.mtimeMs}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

/** Fails with the paths that differ between two `tree` snapshots. */
export function expectSameTree(
  before: Map<string, string>,
  after: Map<string, string>,
  where: string,
): void {
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (k) => before.get(k) !== after.get(k),
  );
  if (changed.length)
    throw new Error(
      `${where} changed: ${changed
        .slice(0, 10)
        .map((k) => `${k} (${before.get(k) ?? 'absent'} → ${after.get(k) ?? 'absent'})`)
        .join(', ')}`,
    );
}

/**
 * Runs `fn` with os.tmpdir() answering `tmp`, to catch temp dirs a run leaves behind. (Setting
 * TMPDIR does not work under jest: its `process.env` is a copy the os module never reads.)
 */
export async function withTmpdir<T>(tmp: string, fn: () => Promise<T>): Promise<T> {
  const mod = os as { tmpdir: () => string };
  const original = mod.tmpdir;
  mod.tmpdir = () => tmp;
  try {
    return await fn();
  } finally {
    mod.tmpdir = original;
  }
}

/** Replaces `dir` with a fresh copy of `pristine` (symlinks copied as links). */
export function restore(pristine: string, dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(pristine, dir, { recursive: true, verbatimSymlinks: true });
}

/** What a file of the checkout can be turned into. */
export type NodeKind =
  | 'delete'
  | 'dir'
  | 'fifo'
  | 'empty'
  | 'link-outside-copy'
  | 'link-inside-copy'
  | 'link-git-config';

export const NODE_KINDS: readonly NodeKind[] = [
  'delete',
  'dir',
  'fifo',
  'empty',
  'link-outside-copy',
  'link-inside-copy',
  'link-git-config',
];

/** Where `link-inside-copy` puts its copies; remove it after each case. */
export const copiesDir = (box: Sandbox) => path.join(box.ws, 'copies');

/**
 * Replaces the file `abs` by `kind`. `outsideCopy` is a byte-identical copy outside the workspace
 * (a reader that followed the link out would find every byte right); `link-inside-copy` links to
 * a copy of `pristine` inside the workspace. Returns whether the run now reads other content
 * (false for an empty file left empty, or the same bytes linked inside the workspace).
 */
export function replaceNode(
  box: Sandbox,
  abs: string,
  kind: NodeKind,
  files: { outsideCopy: string; pristine: string; rel: string },
): boolean {
  const size = fs.statSync(abs).size;
  fs.rmSync(abs, { force: true });
  switch (kind) {
    case 'delete':
      return true;
    case 'dir':
      fs.mkdirSync(path.join(abs, 'x'), { recursive: true });
      return true;
    case 'fifo':
      mkfifo(abs);
      return true;
    case 'empty':
      fs.writeFileSync(abs, '');
      return size !== 0;
    case 'link-outside-copy':
      fs.symlinkSync(files.outsideCopy, abs);
      return true;
    case 'link-inside-copy': {
      const copy = path.join(copiesDir(box), files.rel);
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.copyFileSync(files.pristine, copy);
      fs.symlinkSync(path.relative(path.dirname(abs), copy), abs);
      return false;
    }
    case 'link-git-config':
      fs.symlinkSync(path.join(box.ws, '.git', 'config'), abs);
      return true;
  }
}

/** A usable file name from a hostile string (the name itself is not what is under test). */
export function fileName(s: string): string {
  const n = s.replace(/[/\0]/g, '_').slice(0, 100);
  return n === '' || n === '.' || n === '..' ? `_${n}` : n;
}

/**
 * Copies conformance fixture `name`'s input (with the empty directories git cannot hold) to
 * `dest`; returns its fixture.json.
 */
export function copyFixture(
  conformance: string,
  name: string,
  dest: string,
): Record<string, unknown> {
  const fixture = JSON.parse(fs.readFileSync(path.join(conformance, name, 'fixture.json'), 'utf8'));
  fs.cpSync(path.join(conformance, name, 'input'), dest, { recursive: true });
  for (const d of (fixture.empty_dirs as string[] | undefined) ?? [])
    fs.mkdirSync(path.join(dest, d), { recursive: true });
  return fixture as Record<string, unknown>;
}
