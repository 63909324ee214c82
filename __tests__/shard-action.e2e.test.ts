// End to end: a sharded matrix through the built Action (dist/index.js) against the GitHub
// stand-in: shard jobs publish nothing, the final job merges their reports into one check run.
import fs from 'node:fs';
import path from 'node:path';
import type { GateReport } from '../src/model/report.js';
import { MockGitHub } from './support/mock-github.js';
import { DIST, examplePayload, runAction, type RunOptions } from './support/action-runner.js';
import { writeMonorepo } from './support/monorepo.js';
import { tempRepo } from './support/repo.js';

let gh: MockGitHub;
let workspace: string;
const payload = () => examplePayload('pull_request', (e) => e['action'] === 'opened');
const run = (o: Partial<RunOptions>) =>
  runAction({ apiUrl: gh.url, workspace, eventName: 'pull_request', payload: payload(), ...o });
const gateCodes = (r: GateReport) =>
  r.findings.filter((f) => f.code.startsWith('gate.')).map((f) => f.code);

beforeAll(() => {
  if (!fs.existsSync(DIST)) throw new Error(`${DIST} does not exist: run "npm run build" first.`);
  workspace = tempRepo();
  writeMonorepo(workspace);
});
afterAll(() => fs.rmSync(workspace, { recursive: true, force: true }));
beforeEach(async () => {
  gh = new MockGitHub();
  await gh.start();
});
afterEach(async () => {
  await gh.stop();
});

test('shard jobs publish nothing; the merging job publishes one check run like a single run', async () => {
  const single = await run({ inputs: { 'report-path': 'single/report.json' } });
  const reference = JSON.parse(single.report!) as GateReport;
  expect(reference.conclusion).toBe('failure');
  gh.checkRuns.clear();
  gh.comments.length = 0;

  for (let k = 1; k <= 4; k++) {
    const r = await run({
      inputs: { shard: `${k}/4`, 'report-path': `reports/shard-${k}/report.json` },
    });
    expect(r.stdout).toContain(`Verifying shard ${k}/4`);
  }
  expect(gh.checkRuns.size).toBe(0);
  expect(gh.comments).toEqual([]);

  const merged = await run({
    inputs: { report: 'reports/**/report.json', 'sarif-file': 'm.sarif' },
  });
  expect(merged.code).toBe(1);
  expect(merged.stdout).toContain('Merging and publishing 4 reports.');
  expect(gh.violations()).toEqual([]);
  const checks = [...gh.checkRuns.values()];
  expect(checks).toHaveLength(1);
  expect(checks[0]!.conclusion).toBe('failure');
  expect(gh.comments).toHaveLength(1);
  const report = JSON.parse(merged.report!) as GateReport;
  expect(report.counts).toEqual(reference.counts);
  expect(gateCodes(report)).toEqual([]);
  expect(fs.existsSync(path.join(workspace, 'm.sarif'))).toBe(true);
});

test('a missing shard report turns the published check red: gate.shard_missing', async () => {
  const reports = path.join(workspace, 'partial');
  for (let k = 1; k <= 2; k++)
    await run({ inputs: { shard: `${k}/2`, 'report-path': `partial/${k}.json` } });
  // The uploaded artifact of shard 2 never arrived; shard 1's alone is no verdict on the commit.
  fs.rmSync(path.join(reports, '2.json'));
  const res = await run({ inputs: { report: 'partial/*.json' } });
  expect(res.code).toBe(1);
  const report = JSON.parse(res.report!) as GateReport;
  expect(gateCodes(report)).toContain('gate.shard_missing');
  expect([...gh.checkRuns.values()].map((c) => c.conclusion)).toEqual(['failure']);
});

test('report globs stay inside the workspace and the runner temp dir, and must match', async () => {
  const outside = await run({ inputs: { report: '/etc/**/*.json' } });
  expect(outside.code).toBe(1);
  expect(outside.stdout).toContain('lies outside the workspace and the runner temp directory');
  const none = await run({ inputs: { report: 'nowhere/*.json' } });
  expect(none.code).toBe(1);
  expect(none.stdout).toContain('matches no file');
  // A symlink in the workspace leading out is not followed.
  fs.symlinkSync('/etc', path.join(workspace, 'link'));
  const linked = await run({ inputs: { report: 'link/*.json' } });
  expect(linked.stdout).toContain('lies outside the workspace');
  fs.rmSync(path.join(workspace, 'link'));
});
