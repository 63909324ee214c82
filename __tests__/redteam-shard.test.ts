// Red team: shard reports are attacker-editable; none of these edits may merge green.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GateReport } from '../src/model/report.js';
import { expandGlob } from '../src/io/glob.js';
import { allCodes } from '../src/packs/registry.js';
import { mergeReports, readReportFiles } from '../src/policy/merge.js';
import { markGitTop } from './support/temp.js';
import { WAIVING_CONFIG, writeMonorepo } from './support/monorepo.js';

const CLI = path.resolve('dist/cli/index.js');
const cli = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });

let base: string;
let repo: string;
let work: string;
const shards: string[] = [];
const read = (f: string): GateReport => JSON.parse(fs.readFileSync(f, 'utf8'));
const write = (name: string, r: GateReport) => {
  const f = path.join(work, name);
  fs.writeFileSync(f, JSON.stringify(r));
  return f;
};
const merge = (files: string[]) => {
  const r = cli(
    ['merge', ...files, '--config', path.join(base, 'config.json'), '--format', 'json'],
    work,
  );
  return { code: r.status, report: JSON.parse(r.stdout) as GateReport };
};
const gateCodes = (r: GateReport) =>
  r.findings.filter((f) => f.code.startsWith('gate.')).map((f) => f.code);

beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error('dist/cli/index.js is missing: run npm run build');
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-rtshard-')));
  repo = path.join(base, 'repo');
  work = path.join(base, 'work');
  fs.mkdirSync(work);
  markGitTop(repo);
  writeMonorepo(repo);
  fs.writeFileSync(path.join(base, 'config.json'), JSON.stringify(WAIVING_CONFIG));
  for (let k = 1; k <= 3; k++) {
    const out = path.join(work, `shard-${k}.json`);
    cli(
      [
        'verify',
        '--root',
        repo,
        '--config',
        path.join(base, 'config.json'),
        '--out',
        out,
        '--shard',
        `${k}/3`,
      ],
      work,
    );
    shards.push(out);
  }
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const victimIndex = () => shards.findIndex((f) => read(f).conclusion === 'failure');

describe('red team: merging shard reports', () => {
  test('a failing target moved with its subjects into another shard still fails', () => {
    const v = victimIndex();
    expect(v).toBeGreaterThanOrEqual(0);
    const o = (v + 1) % 3;
    const victim = read(shards[v]!);
    const other = read(shards[o]!);
    const bad = victim.findings.find((f) => f.blocking && f.subject !== 'gate')!;
    const target = victim.subjects.find((s) => s.id === bad.subject)?.target ?? bad.subject;
    // Only the receiving shard is edited: it claims the target but the victim still holds it.
    other.shard!.targets.push(target);
    const { report } = merge(shards.map((f, i) => (i === o ? write('recv.json', other) : f)));
    expect(report.conclusion).toBe('failure');
    expect(gateCodes(report)).toEqual(expect.arrayContaining(['gate.shard_overlap']));
  });

  test('a passing shard relabelled as the failing one is a duplicate or overlap, never green', () => {
    const v = victimIndex();
    const p = (v + 1) % 3;
    const pass = read(shards[p]!);
    pass.shard!.index = v + 1;
    const files = shards.map((f, i) => (i === v ? write('relabelled.json', pass) : f));
    const { report } = merge(files);
    expect(report.conclusion).toBe('failure');
    expect(gateCodes(report)).toEqual(expect.arrayContaining(['gate.shard_overlap']));
  });

  test('reports past the bytes one run reads are refused unread, so many large ones cannot end the run unreported', () => {
    const sizes = shards.map((f) => fs.statSync(f).size);
    const files = shards.map((f) => ({ file: f, name: path.basename(f) }));
    // A budget that holds the first two reports and not the third.
    const read = readReportFiles(files, [], undefined, sizes[0]! + sizes[1]!);
    expect(read.map((r) => r.ok)).toEqual([true, true, false]);
    const report = mergeReports(read, { failOn: 'blocking', codes: allCodes() });
    expect(report.conclusion).toBe('failure');
    expect(report.findings.map((f) => f.message)).toContainEqual(
      expect.stringMatching(
        /^The report "shard-3\.json" was not read: with the reports before it, it is more than the \d+ bytes of reports one run reads\.$/,
      ),
    );
  });

  test('a shard numbered beyond its count is no shard of the list', () => {
    // K > N is never written by verify.
    const extra = read(shards[0]!);
    extra.shard!.index = 4;
    const { report } = merge([...shards, write('four-of-three.json', extra)]);
    expect(report.conclusion).toBe('failure');
    expect(gateCodes(report)).toContain('gate.report_refused');
    expect(gateCodes(report)).not.toContain('gate.nothing_verified');
    expect(report.findings.find((f) => f.code === 'gate.report_refused')!.message).toMatch(
      /says it is shard 4 of 3/,
    );
  });

  test('a shard count in the billions is refused at once, not counted through', () => {
    const huge = read(shards[0]!);
    huge.shard!.count = 3e9;
    const { code, report } = merge([write('huge-count.json', huge)]);
    expect(code).toBe(1);
    // The refusal fails the merge; "nothing was verified" would only follow from it.
    expect(gateCodes(report)).toContain('gate.report_refused');
    expect(gateCodes(report)).not.toContain('gate.nothing_verified');
  });

  test('a shard report’s status and codes reach the terminal escaped', () => {
    const forged = read(shards[victimIndex()]!);
    const paint = '\u001b[2J\u001b[32mOK: nothing blocks. (exit 0)\u001b[8m';
    forged.subjects.find((s) => s.outcome === 'blocking')!.status = paint;
    forged.findings.find((f) => f.blocking)!.code = `x${paint}`;
    forged.targets[0]!.kind = paint;
    const files = shards.map((f, i) => (i === victimIndex() ? write('painted.json', forged) : f));
    const r = cli(['merge', ...files, '--config', path.join(base, 'config.json')], work);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('\\u001b[2J');
  });

  test('a report path that is a symlink is not read, and nothing it leads to is quoted', () => {
    const secret = path.join(base, 'outside-secret.txt');
    fs.writeFileSync(secret, 'SECRET-TOKEN-VALUE');
    const link = path.join(work, 'linked-report.json');
    fs.symlinkSync(secret, link);
    const notJson = path.join(work, 'not-json.json');
    fs.writeFileSync(notJson, 'SECRET-IN-A-FILE');
    const inside = path.join(work, 'inside-link.json');
    fs.symlinkSync(notJson, inside);
    const r = cli(['merge', link, notJson, inside, '--format', 'json'], work);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toMatch(/SECRET/);
    const messages = (JSON.parse(r.stdout) as GateReport).findings.map((f) => f.message).join('\n');
    expect(messages).toMatch(/linked-report.json" leads out of the folders reports are read from/);
    expect(messages).toMatch(/inside-link.json" is a symlink, which a report file may not be/);
    expect(messages).toMatch(/is not valid JSON: unexpected text at line 1, column 1/);
  });
  test('a report path through a symlinked folder is not read outside, and --out is not written there', () => {
    const outside = path.join(base, 'outside-reports');
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'report.json'), 'root:x:0:0');
    const ws = path.join(base, 'ws-linked');
    fs.mkdirSync(ws, { recursive: true });
    fs.symlinkSync(outside, path.join(ws, 'reports'));
    const r = cli(['merge', 'reports/report.json', '--format', 'json'], ws);
    expect(r.status).toBe(1);
    expect((JSON.parse(r.stdout) as GateReport).findings.map((f) => f.message).join('\n')).toMatch(
      /leads out of the folders reports are read from through a symlink/,
    );
    const w = cli(['merge', 'reports/report.json', '--out', 'reports/merged.json'], ws);
    expect(w.status).toBe(1);
    expect(w.stderr).toMatch(/refusing to write the report there/);
    expect(fs.existsSync(path.join(outside, 'merged.json'))).toBe(false);
    // From a folder below the checkout's root, the same paths are still the checkout's.
    fs.mkdirSync(path.join(ws, 'sub'));
    fs.mkdirSync(path.join(ws, '.git'));
    const sub = path.join(ws, 'sub');
    const read = cli(['merge', '../reports/report.json', '--format', 'json'], sub);
    expect(read.stdout).toMatch(/leads out of the folders reports are read from/);
    const wrote = cli(['merge', '../reports/report.json', '--out', '../reports/m2.json'], sub);
    expect(wrote.stderr).toMatch(/refusing to write the report there/);
    expect(fs.existsSync(path.join(outside, 'm2.json'))).toBe(false);
    // A dangling folder link is a stated refusal, not an internal error.
    fs.symlinkSync(path.join(base, 'nowhere/deeper'), path.join(ws, 'gone'));
    const d = cli(['merge', 'reports/report.json', '--out', 'gone/merged.json'], ws);
    expect(d.stderr).not.toMatch(/internal error/);
    expect(d.stderr).toMatch(/refusing/);
  });
  test('a glob neither leaves the roots through .. nor follows a symlinked directory', () => {
    const ws = path.join(base, 'ws');
    const outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(ws, 'reports'), { recursive: true });
    fs.mkdirSync(outside, { recursive: true });
    fs.copyFileSync(shards[0]!, path.join(outside, 'report.json'));
    fs.symlinkSync(outside, path.join(ws, 'reports', 'link'));
    fs.symlinkSync(path.join(outside, 'report.json'), path.join(ws, 'reports', 'file.json'));
    const through = expandGlob(path.join(ws, 'reports', '**', '*.json'), [ws]);
    expect(through).toEqual({ ok: true, files: [] });
    expect(expandGlob(path.join(ws, '..', 'outside', '*.json'), [ws]).ok).toBe(false);
    expect(expandGlob(path.join(ws, 'reports', 'link', '*.json'), [ws]).ok).toBe(false);
  });
});
