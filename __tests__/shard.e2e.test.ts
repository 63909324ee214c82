// End to end: verify --shard K/N and merge, through the built CLI bundle (npm run build first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GateReport } from '../src/model/report.js';
import { walkRepository } from '../src/io/walk.js';
import { assignShards, byteEstimator, estimateBytes, parseShard } from '../src/pipeline/shard.js';
import { markGitTop } from './support/temp.js';
import { WAIVING_CONFIG, writeMonorepo } from './support/monorepo.js';

const CLI = path.resolve('dist/cli/index.js');
const cli = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });

let base: string;
let repo: string;
let work: string;
let full: GateReport;
const shards: string[] = [];

/** Writes the report of `verify ARGS` to work/NAME and returns its path. */
function verifyTo(name: string, args: string[], root = repo): string {
  const out = path.join(work, name);
  const r = cli(
    ['verify', '--root', root, '--config', path.join(base, 'config.json'), '--out', out, ...args],
    work,
  );
  expect(r.stderr).toBe('');
  return out;
}

function merge(files: string[], extra: string[] = []): { code: number | null; report: GateReport } {
  const r = cli(
    ['merge', ...files, '--config', path.join(base, 'config.json'), '--format', 'json', ...extra],
    work,
  );
  expect(r.stderr).toBe('');
  return { code: r.status, report: JSON.parse(r.stdout) as GateReport };
}

const read = (f: string): GateReport => JSON.parse(fs.readFileSync(f, 'utf8'));
const gateCodes = (r: GateReport) =>
  r.findings.filter((f) => f.code.startsWith('gate.')).map((f) => f.code);
const byKey = <T>(xs: T[], key: (x: T) => string) =>
  [...xs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const findingKey = (f: GateReport['findings'][number]) => `${f.subject}\0${f.code}\0${f.message}`;

beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error('dist/cli/index.js is missing: run npm run build');
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-shard-')));
  repo = path.join(base, 'repo');
  work = path.join(base, 'work');
  fs.mkdirSync(work);
  markGitTop(repo);
  writeMonorepo(repo);
  // The workflow's config, outside the checkout: trusted by verify and merge alike.
  fs.writeFileSync(path.join(base, 'config.json'), JSON.stringify(WAIVING_CONFIG));
  full = read(verifyTo('full.json', []));
  for (let k = 1; k <= 4; k++) shards.push(verifyTo(`shard-${k}.json`, ['--shard', `${k}/4`]));
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('verify --shard K/N and merge', () => {
  test('four shards merged give the verdict, subjects and findings of one unsharded run', () => {
    expect(full.conclusion).toBe('failure');
    expect(full.counts.suppressed).toBeGreaterThan(0); // the workflow's waiver applies
    const { code, report } = merge(shards);
    expect(code).toBe(1);
    expect(gateCodes(report)).toEqual([]);
    expect(report.conclusion).toBe(full.conclusion);
    expect(report.submission_ready).toBe(full.submission_ready);
    expect(report.counts).toEqual(full.counts);
    expect(byKey(report.targets, (t) => t.id)).toEqual(byKey(full.targets, (t) => t.id));
    expect(byKey(report.subjects, (s) => s.id)).toEqual(byKey(full.subjects, (s) => s.id));
    expect(byKey(report.findings, findingKey)).toEqual(byKey(full.findings, findingKey));
    expect(report.shard).toBeUndefined();
  });

  test('each shard holds its own share, cut the same way every time and balanced by bytes', () => {
    const records = shards.map((f) => read(f).shard!);
    const all = records.flatMap((r) => r.targets);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(full.targets.map((t) => t.id).sort());
    expect(new Set(records.map((r) => r.targets_digest)).size).toBe(1);
    expect(new Set(records.map((r) => r.config_digest)).size).toBe(1);
    expect(records.map((r) => [r.index, r.count])).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    // A re-run shard verifies the same targets.
    expect(read(verifyTo('again-2.json', ['--shard', '2/4'])).shard).toEqual(records[1]);
    // The heavy papers (a 50 kB results file) each get a shard of their own.
    const heavy = ['aris:teams/language/papers/paper-0', 'aris:teams/theory/papers/paper-0'];
    expect(heavy.map((id) => records.findIndex((r) => r.targets.includes(id)))).not.toContain(-1);
  });

  test('a dropped shard fails the merge: gate.shard_missing', () => {
    const { code, report } = merge([shards[0]!, shards[1]!, shards[3]!]);
    expect(code).toBe(1);
    expect(report.conclusion).toBe('failure');
    expect(gateCodes(report)).toContain('gate.shard_missing');
    // One shard alone is no report of the whole list either.
    expect(gateCodes(merge([shards[0]!]).report)).toContain('gate.shard_missing');
  });

  test('a duplicated shard fails the merge: gate.shard_duplicate', () => {
    const copy = path.join(work, 'copy-of-3.json');
    fs.copyFileSync(shards[2]!, copy);
    const { code, report } = merge([...shards, copy]);
    expect(code).toBe(1);
    expect(gateCodes(report)).toEqual(['gate.shard_duplicate']);
  });

  test('an edited shard report fails the merge', () => {
    // The shard whose report fails: the one an attacker would want green.
    const victim = shards.findIndex((f) => read(f).conclusion === 'failure');
    const edit = (name: string, change: (r: GateReport) => void) => {
      const r = read(shards[victim]!);
      change(r);
      const file = path.join(work, name);
      fs.writeFileSync(file, JSON.stringify(r));
      return merge(shards.map((f, i) => (i === victim ? file : f))).report;
    };
    // Its verdict flags contradict its findings: refused, so its shard is missing as well.
    const green = edit('green.json', (r) => {
      for (const f of r.findings) f.blocking = false;
      r.conclusion = 'success';
      r.exit_code = 0;
    });
    expect(green.conclusion).toBe('failure');
    expect(gateCodes(green)).toContain('gate.report_refused');
    expect(gateCodes(green)).toContain('gate.shard_missing');
    // Its findings and subjects cut out, with its share emptied to match: the list is incomplete.
    const emptied = edit('emptied.json', (r) => {
      r.targets = [];
      r.subjects = [];
      r.findings = r.findings.filter((f) => f.subject === 'gate');
      r.shard!.targets = [];
      r.counts = { ...r.counts, targets: 0, subjects: 0, pass: 0, problem: 0, blocking: 0 };
      r.counts.errors = r.findings.filter((f) => f.severity === 'error').length;
      r.counts.warnings = r.findings.filter((f) => f.severity === 'warning').length;
      r.counts.suppressed = 0;
      r.conclusion = r.counts.errors ? 'failure' : r.counts.warnings ? 'neutral' : 'success';
      r.exit_code = r.conclusion === 'failure' ? 1 : 0;
      r.submission_ready = 'no';
    });
    expect(gateCodes(emptied)).toContain('gate.shard_incomplete');
    expect(gateCodes(emptied)).not.toContain('gate.report_refused');
    // Claiming another shard's target as well.
    const other = read(shards[(victim + 1) % 4]!).shard!.targets[0]!;
    const claimed = edit('claimed.json', (r) => r.shard!.targets.push(other));
    expect(gateCodes(claimed)).toContain('gate.shard_overlap');
    // Its record says another list.
    const moved = edit('moved.json', (r) => {
      r.shard!.targets_digest = `sha256:${'0'.repeat(64)}`;
    });
    expect(gateCodes(moved)).toContain('gate.shard_mismatch');
  });

  test('shards cut from other lists or with other settings fail the merge', () => {
    const three = verifyTo('of-three.json', ['--shard', '2/3']);
    expect(gateCodes(merge([shards[0]!, three, shards[2]!, shards[3]!]).report)).toEqual(
      expect.arrayContaining(['gate.shard_mismatch', 'gate.shard_missing']),
    );
    const draft = verifyTo('draft-2.json', ['--shard', '2/4', '--assurance', 'draft']);
    expect(gateCodes(merge([shards[0]!, draft, shards[2]!, shards[3]!]).report)).toContain(
      'gate.shard_config_mismatch',
    );
    // A shard cut after the repository changed (another commit).
    const later = path.join(base, 'later');
    fs.cpSync(repo, later, { recursive: true });
    fs.rmSync(path.join(later, 'teams', 'theory', 'papers', 'gap'), { recursive: true });
    const moved = verifyTo('later-4.json', ['--shard', '4/4'], later);
    expect(gateCodes(merge([shards[0]!, shards[1]!, shards[2]!, moved]).report)).toContain(
      'gate.shard_mismatch',
    );
    // A report written without --shard.
    expect(gateCodes(merge([...shards, path.join(work, 'full.json')]).report)).toContain(
      'gate.shard_mismatch',
    );
    // A file that is no report.
    const junk = path.join(work, 'junk.json');
    fs.writeFileSync(junk, '{"not": "a report"}');
    expect(gateCodes(merge([...shards, junk]).report)).toContain('gate.report_refused');
  });

  test('more shards than targets: empty shards are fine, an empty list still fails', () => {
    const many = Array.from({ length: 16 }, (_, i) =>
      verifyTo(`many-${i + 1}.json`, ['--shard', `${i + 1}/16`]),
    );
    expect(read(many[15]!).findings).toEqual([]);
    expect(read(many[15]!).conclusion).toBe('success');
    const { report } = merge(many);
    expect(report.counts).toEqual(full.counts);
    expect(gateCodes(report)).toEqual([]);

    const empty = path.join(base, 'empty');
    markGitTop(empty);
    const a = verifyTo('empty-1.json', ['--shard', '1/2'], empty);
    const b = verifyTo('empty-2.json', ['--shard', '2/2'], empty);
    // (The workflow's waiver matches nothing here either.)
    expect(gateCodes(merge([a, b]).report)).toEqual([
      'gate.nothing_verified',
      'gate.waiver_unmatched',
    ]);
    const ok = [1, 2].map((k) =>
      verifyTo(`allowed-${k}.json`, ['--shard', `${k}/2`, '--allow-empty'], empty),
    );
    expect(gateCodes(merge(ok).report)).toEqual(['gate.waiver_unmatched']);
  });

  test('bad --shard values are usage errors', () => {
    for (const bad of ['0/4', '5/4', '1/0', 'x', '1/300'])
      expect(cli(['verify', '--root', repo, '--shard', bad], work).status).toBe(2);
    expect(cli(['merge'], work).status).toBe(2);
    const typo = cli(['merge', 'shard-9.json'], work);
    expect([typo.status, typo.stderr]).toEqual([
      2,
      expect.stringMatching(/report not found: shard-9\.json/),
    ]);
  });
});

describe('shard assignment', () => {
  test('largest first to the least-loaded shard, ties by id', () => {
    const t = (id: string, bytes: number) => ({ id, bytes });
    expect(assignShards([t('a', 5), t('b', 5), t('c', 9), t('d', 1), t('e', 1)], 2)).toEqual([
      ['c', 'd', 'e'],
      ['a', 'b'],
    ]);
    expect(assignShards([t('a', 1)], 3)).toEqual([['a'], [], []]);
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(typeof parseShard('4/2')).toBe('string');
  });

  test('bytes come from the walk discovery did, as a stat walk of the directory would count them', () => {
    // "paper-1-old" sorts between "paper-1" and "paper-1/…": it must not be counted in.
    const old = path.join(repo, 'teams', 'vision', 'papers', 'paper-1-old');
    fs.mkdirSync(old, { recursive: true });
    fs.writeFileSync(path.join(old, 'notes.txt'), 'x'.repeat(1000));
    const est = byteEstimator(walkRepository(repo).dirs);
    const dirs = ['teams/vision/papers/paper-1', 'teams/language/papers/paper-0', 'teams'];
    for (const d of dirs) expect(est(path.join(repo, d))).toBe(estimateBytes(path.join(repo, d)));
    expect(est(path.join(repo, 'teams/language/papers/paper-0'))).toBeGreaterThan(50_000);
    fs.rmSync(old, { recursive: true });
  });

  test('a tracked file weighs what the git index records (no stat), an untracked one its size', () => {
    const r = path.join(base, 'indexed');
    fs.mkdirSync(path.join(r, 'paper'), { recursive: true });
    fs.writeFileSync(path.join(r, 'paper', 'tracked.txt'), 'x'.repeat(100));
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: r }).status).toBe(0);
    git('init', '-q');
    git('add', 'paper/tracked.txt');
    // Grown after it was staged: the index still says 100 bytes.
    fs.writeFileSync(path.join(r, 'paper', 'tracked.txt'), 'x'.repeat(5000));
    fs.writeFileSync(path.join(r, 'paper', 'untracked.txt'), 'y'.repeat(30));
    const est = byteEstimator(walkRepository(r).dirs);
    expect(est(path.join(r, 'paper'))).toBe(1 + 100 + 30);
  });
});
