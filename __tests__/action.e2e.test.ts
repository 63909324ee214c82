import fs from 'node:fs';
import path from 'node:path';
import { MockGitHub } from './support/mock-github.js';
import { LoopbackProxy } from './support/proxy.js';
import { sarifProblems } from './support/sarif.js';
import {
  DIST,
  TOKEN,
  examplePayload,
  runAction,
  type RunOptions,
} from './support/action-runner.js';
import { SKILLS, tempRepo, writePaper } from './support/repo.js';

/**
 * End-to-end: the committed/built dist/index.js runs in a child process exactly as on a runner,
 * against a local GitHub stand-in that validates every request against GitHub's REST description.
 * `npm test` runs after `npm run build`; these tests never rebuild.
 */

const MERGE_SHA = 'f000000000000000000000000000000000000001';

let gh: MockGitHub;
beforeAll(() => {
  if (!fs.existsSync(DIST))
    throw new Error(`${DIST} does not exist: run "npm run build" before the tests.`);
});
beforeEach(async () => {
  gh = new MockGitHub();
  await gh.start();
});
afterEach(async () => {
  await gh.stop();
});

function prOpened(): Record<string, unknown> {
  return examplePayload('pull_request', (e) => e['action'] === 'opened');
}
function prSynchronize(): Record<string, unknown> {
  return examplePayload('pull_request', (e) => e['action'] === 'synchronize');
}
/** The real `opened` payload with the head moved to a fork (the examples hold no fork PR). */
function prFromFork(): Record<string, unknown> {
  const p = prOpened();
  const pr = p['pull_request'] as {
    head: { repo: Record<string, unknown>; label: string; user: Record<string, unknown> };
  };
  pr.head.repo = {
    ...pr.head.repo,
    full_name: 'forker/Hello-World',
    fork: true,
    owner: { ...(pr.head.repo['owner'] as object), login: 'forker' },
  };
  pr.head.label = 'forker:changes';
  return p;
}
function headSha(p: Record<string, unknown>): string {
  return (p['pull_request'] as { head: { sha: string } }).head.sha;
}

function run(o: Partial<RunOptions> & { workspace: string; payload: unknown; eventName: string }) {
  return runAction({ apiUrl: gh.url, sha: MERGE_SHA, ...o });
}

function failingRepo(missing = 30): string {
  const root = tempRepo();
  writePaper(root, 'paper', { missingInputs: missing });
  return root;
}

/** A pull_request (opened) run over a repo whose paper is missing `missing` inputs. */
function runOpenedPr(missing = 1) {
  return run({ workspace: failingRepo(missing), eventName: 'pull_request', payload: prOpened() });
}

/** Every status the mock answered for one operation, failed attempts included (unlike callsTo). */
function statuses(operationId: string): number[] {
  return gh.calls.filter((c) => c.operationId === operationId).map((c) => c.status);
}

function annotationBatches(): number[] {
  return gh
    .callsTo('checks/update')
    .map(
      (c) =>
        ((c.body as { output?: { annotations?: unknown[] } }).output?.annotations ?? []).length,
    );
}

test('pull_request: check run on the head sha, 120 annotations in batches of at most 50, one comment, job fails', async () => {
  const payload = prOpened();
  const res = await run({ workspace: failingRepo(30), eventName: 'pull_request', payload });
  expect(gh.violations()).toEqual([]);
  expect(res.code).toBe(1);

  const creates = gh.callsTo('checks/create');
  expect(creates).toHaveLength(1);
  const body = creates[0]!.body as { head_sha: string; status: string; name: string };
  expect(body.head_sha).toBe(headSha(payload));
  expect(body.head_sha).not.toBe(MERGE_SHA);
  expect(body.status).toBe('in_progress');
  expect(body.name).toBe('audit-gate');

  const [runRecord] = [...gh.checkRuns.values()];
  expect(runRecord!.status).toBe('completed');
  expect(runRecord!.conclusion).toBe('failure');
  expect(runRecord!.annotations).toHaveLength(120);
  const batches = annotationBatches();
  expect(Math.max(...batches)).toBeLessThanOrEqual(50);
  expect(batches.reduce((a, b) => a + b, 0)).toBe(120);
  // Every annotation points at the exact line of the recorded hash in the artifact.
  const a0 = runRecord!.annotations[0] as {
    path: string;
    start_line: number;
    annotation_level: string;
    title: string;
  };
  expect(a0.path).toMatch(/^paper\/[A-Z_]+\.json$/);
  expect(a0.start_line).toBeGreaterThan(1);
  expect(a0.annotation_level).toBe('failure');
  // The last update completes the run.
  const last = gh.callsTo('checks/update').at(-1)!.body as { status?: string; conclusion?: string };
  expect(last).toMatchObject({ status: 'completed', conclusion: 'failure' });

  expect(gh.comments).toHaveLength(1);
  expect(gh.comments[0]!.issue_number).toBe((payload['pull_request'] as { number: number }).number);
  expect(gh.comments[0]!.body).toContain('<!-- audit-gate:sticky-comment check="audit-gate" -->');
  expect(gh.comments[0]!.body).toMatch(/✗ STALE — proof-checker/);

  expect(res.outputs['conclusion']).toBe('failure');
  expect(res.outputs['submission-ready']).toBe('no');
  expect(res.outputs['blocking']).toBe('4');
  expect(res.outputs['check-run-id']).toBe(String(runRecord!.id));
  expect(res.outputs['check-run-url']).toMatch(/\/runs\/\d+$/);
  expect(res.outputs['comment-url']).toMatch(/#issuecomment-\d+$/);
  const report = JSON.parse(res.report!) as { findings: unknown[] };
  expect(report.findings).toHaveLength(120);
  expect(res.summary).toContain('submission-ready: no');
  expect(res.stdout).toContain('::error::audit-gate:');
  // The token is never printed.
  expect(res.stdout + res.stderr).not.toContain(TOKEN);
  expect(gh.calls.every((c) => c.authorization === `token ${TOKEN}`)).toBe(true);
});

test('160 FAIL verdicts with CJK and emoji summaries: check-run output stays under 65,535 bytes and the run completes', async () => {
  const root = tempRepo();
  const fail = {
    verdict: 'FAIL',
    reason_code: 'claims_unsupported',
    summary: '第3节的主张没有证据支持，审稿人认为结果不可复现 🚫📉 '.repeat(10),
  };
  const overrides = Object.fromEntries(Object.keys(SKILLS).map((f) => [f, fail]));
  for (let i = 0; i < 40; i++) writePaper(root, `papers/p${i}`, { overrides });
  const res = await run({ workspace: root, eventName: 'pull_request', payload: prOpened() });
  // GitHub answers 422 "summary exceeds a maximum bytesize of 65535"; the mock does the same.
  expect(gh.violations()).toEqual([]);
  const [check] = [...gh.checkRuns.values()];
  expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
  for (const field of [check!.output.summary!, check!.output.text!]) {
    expect(Buffer.byteLength(field, 'utf8')).toBeLessThanOrEqual(65_535);
    expect(field).not.toMatch(/[\ud800-\udfff]/u);
  }
  expect(check!.output.text).toMatch(/\*\*Trimmed:\*\* \d+ more failure cards/);
  expect(gh.comments).toHaveLength(1);
  expect(Array.from(gh.comments[0]!.body).length).toBeLessThanOrEqual(65_536);
  expect(res.outputs['blocking']).toBe('160');
  expect(res.code).toBe(1);
});

test('two consecutive runs (opened, then synchronize) leave exactly one comment, the second an update', async () => {
  const workspace = failingRepo(1);
  await run({ workspace, eventName: 'pull_request', payload: prOpened() });
  writePaper(workspace, 'paper', { missingInputs: 2 });
  const second = await run({ workspace, eventName: 'pull_request', payload: prSynchronize() });
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('issues/create-comment')).toHaveLength(1);
  expect(gh.callsTo('issues/update-comment')).toHaveLength(1);
  expect(gh.comments).toHaveLength(1);
  expect(gh.comments[0]!.body).toContain('missing\\_1');
  expect(second.outputs['comment-url']).toBe(
    gh.comments[0] &&
      `https://github.com/Codertocat/Hello-World/pull/2#issuecomment-${gh.comments[0].id}`,
  );

  // Fixed: the same comment turns green; still no second comment.
  writePaper(workspace, 'paper');
  const third = await run({ workspace, eventName: 'pull_request', payload: prSynchronize() });
  expect(third.code).toBe(0);
  expect(gh.comments).toHaveLength(1);
  expect(gh.comments[0]!.body).toMatch(/✓ audit-gate: all 4 subjects pass/);
  expect([...gh.checkRuns.values()].map((r) => r.conclusion)).toEqual([
    'failure',
    'failure',
    'success',
  ]);
});

test('a comment by someone else that quotes the marker is never edited', async () => {
  gh.seedComment(2, 'Quoting: <!-- audit-gate:sticky-comment check="audit-gate" -->', 'octocat');
  await runOpenedPr();
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('issues/update-comment')).toHaveLength(0);
  expect(gh.callsTo('issues/create-comment')).toHaveLength(1);
  expect(gh.comments.find((c) => c.login === 'octocat')!.body).toMatch(/^Quoting/);
});

test('a GitHub App token (GET /user refused, comments by <app>[bot]) keeps one comment, and never edits a person quoting the marker', async () => {
  gh.appSlug = 'audit-gate-app';
  gh.seedComment(2, 'Quoting: <!-- audit-gate:sticky-comment check="audit-gate" -->', 'octocat');
  const workspace = failingRepo(1);
  await run({ workspace, eventName: 'pull_request', payload: prOpened() });
  writePaper(workspace, 'paper', { missingInputs: 2 });
  await run({ workspace, eventName: 'pull_request', payload: prSynchronize() });
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('issues/create-comment')).toHaveLength(1);
  expect(gh.callsTo('issues/update-comment')).toHaveLength(1);
  const ours = gh.comments.filter((c) => c.login === 'audit-gate-app[bot]');
  expect(ours).toHaveLength(1);
  expect(ours[0]!.body).toContain('missing\\_1');
  expect(gh.comments.find((c) => c.login === 'octocat')!.body).toMatch(/^Quoting/);
});

test('behind a proxy (HTTPS_PROXY / HTTP_PROXY), every GitHub request goes through it', async () => {
  const proxy = new LoopbackProxy();
  await proxy.start();
  try {
    // A host name that does not resolve: only a client that asks the proxy reaches the mock.
    // (@actions/http-client never proxies loopback addresses such as 127.0.0.1.)
    const port = new URL(gh.url).port;
    gh.url = `http://api.github.test:${port}`;
    const res = await run({
      workspace: failingRepo(1),
      eventName: 'pull_request',
      payload: prOpened(),
      apiUrl: gh.url,
      env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url },
    });
    expect(gh.violations()).toEqual([]);
    expect(res.stdout).not.toMatch(/HTTP 500/);
    expect([...gh.checkRuns.values()].map((r) => [r.status, r.conclusion])).toEqual([
      ['completed', 'failure'],
    ]);
    expect(gh.comments).toHaveLength(1);
    expect(proxy.destinations.length).toBeGreaterThan(0);
    expect(new Set(proxy.destinations)).toEqual(new Set([`api.github.test:${port}`]));
    expect(res.code).toBe(1);
  } finally {
    await proxy.stop();
  }
});

test('a green run with comment: failures creates no comment; the check name is the one chosen', async () => {
  const root = tempRepo();
  writePaper(root, 'paper');
  const res = await run({
    workspace: root,
    eventName: 'pull_request',
    payload: prOpened(),
    inputs: { 'check-name': 'papers / audit' },
  });
  expect(res.code).toBe(0);
  expect(gh.comments).toHaveLength(0);
  expect(gh.callsTo('checks/create')[0]!.body).toMatchObject({ name: 'papers / audit' });
  expect([...gh.checkRuns.values()][0]!.conclusion).toBe('success');
  expect(res.outputs['submission-ready']).toBe('yes');
  expect(res.outputs['comment-url']).toBe('');
});

test('pull_request_target with the base branch checked out fails: its files cannot vouch for the head', async () => {
  const root = tempRepo();
  writePaper(root, 'paper');
  const payload = prOpened();
  const res = await run({ workspace: root, eventName: 'pull_request_target', payload });
  expect(res.code).toBe(1);
  const r = [...gh.checkRuns.values()][0]!;
  expect(r.head_sha).toBe(headSha(payload));
  expect(r.conclusion).toBe('failure');
  expect(r.output.text).toContain('so its files cannot vouch for it');
  // Checked out at the head, the same run passes.
  const head = tempRepo();
  writePaper(head, 'paper');
  const ok = await run({
    workspace: head,
    eventName: 'pull_request_target',
    payload,
    checkedOut: headSha(payload),
  });
  expect(ok.code).toBe(0);
  expect([...gh.checkRuns.values()].at(-1)!.conclusion).toBe('success');
});

test('fork pull request: 403 degrades to job summary and capped workflow annotations, and the job result still follows the verdicts', async () => {
  gh.readOnly = true;
  const res = await run({
    workspace: failingRepo(30),
    eventName: 'pull_request',
    payload: prFromFork(),
  });
  expect(gh.violations()).toEqual([]);
  expect(res.code).toBe(1);
  expect(res.outputs['conclusion']).toBe('failure');
  expect(res.outputs['check-run-id']).toBe('');
  // One clear line about the read-only token; no stack trace.
  const readOnlyLines = res.stdout.split('\n').filter((l) => l.includes('read-only'));
  expect(readOnlyLines).toHaveLength(1);
  expect(res.stdout + res.stderr).not.toMatch(/\n\s+at /);
  // Workflow-command annotations within GitHub's caps, most severe first, and a note about the rest.
  const errors = res.stdout.split('\n').filter((l) => /^::error [^:]*file=/.test(l));
  // GitHub shows 10 errors per step: 9 annotations, then the step's own failure line.
  expect(errors.length).toBe(9);
  const allErrors = res.stdout.split('\n').filter((l) => l.startsWith('::error'));
  expect(allErrors).toHaveLength(10);
  expect(allErrors.at(-1)).toMatch(/^::error::audit-gate: /);
  expect(res.stdout).toContain('111 more annotations not shown');
  expect(res.summary).toContain('STALE');
  expect(res.stdout + res.stderr).not.toContain(TOKEN);

  // A passing fork PR is green even though nothing could be published.
  const root = tempRepo();
  writePaper(root, 'paper');
  const green = await run({ workspace: root, eventName: 'pull_request', payload: prFromFork() });
  expect(green.code).toBe(0);
  expect(green.outputs['conclusion']).toBe('success');
});

test('a 500 is retried and the run completes; a 422 is not retried', async () => {
  gh.fail({ operationId: 'checks/create', status: 500 });
  gh.fail({ operationId: 'issues/create-comment', status: 502 });
  const res = await runOpenedPr();
  expect(statuses('checks/create')).toEqual([500, 201]);
  expect(statuses('issues/create-comment')).toEqual([502, 201]);
  expect([...gh.checkRuns.values()][0]!.conclusion).toBe('failure');
  expect(res.code).toBe(1);

  gh.fail({ operationId: 'checks/update', status: 422, message: 'Validation Failed' });
  const rejected = await runOpenedPr();
  expect(statuses('checks/update').filter((s) => s === 422)).toHaveLength(1);
  // Never left in_progress: completed with the verdict alone.
  const last = [...gh.checkRuns.values()].at(-1)!;
  expect([last.status, last.conclusion]).toEqual(['completed', 'failure']);
  expect(last.output.summary).toContain('could not be attached');
  expect(rejected.code).toBe(1);
});

test('429 (rate limit) is retried with backoff', async () => {
  gh.fail({ operationId: 'checks/update', status: 429, headers: { 'retry-after': '1' } });
  const res = await runOpenedPr();
  expect(statuses('checks/update')).toEqual([429, 200]);
  expect([...gh.checkRuns.values()][0]!.status).toBe('completed');
  expect(res.code).toBe(1);
});

test('a hostile artifact summary cannot inject HTML, mentions or links anywhere', async () => {
  const root = tempRepo();
  const hostile =
    '<img src=x onerror=alert(1)> @octocat cc @github/security </details></summary> | x | ' +
    '[click](https://evil.example/a) ![pixel](https://evil.example/p.png) https://evil.example/raw www.evil.example ' +
    '`` ` `` <script>alert(1)</script> fixes #1\n\n# Heading\n<!-- audit-gate:sticky-comment check="audit-gate" -->';
  writePaper(root, 'paper', {
    overrides: {
      'PAPER_CLAIM_AUDIT.json': { verdict: 'BLOCKED', reason_code: '<b>x</b>', summary: hostile },
    },
  });
  const res = await run({ workspace: root, eventName: 'pull_request', payload: prOpened() });
  expect(res.code).toBe(1);
  const run0 = [...gh.checkRuns.values()][0]!;
  const surfaces = {
    comment: gh.comments[0]!.body,
    summary: run0.output.summary!,
    text: run0.output.text!,
    job: res.summary,
  };
  for (const [name, md] of Object.entries(surfaces)) {
    const own = md.replace(/^<!-- audit-gate:sticky-comment check="audit-gate" -->\n/, '');
    expect({ name, html: own.match(/<(img|script|b|!--)/gi) }).toEqual({ name, html: null });
    expect({ name, mention: own.match(/@(octocat|github)/g) }).toEqual({ name, mention: null });
    expect({ name, link: own.match(/\]\(https?:\/\/evil|https:\/\/evil|www\.evil/g) }).toEqual({
      name,
      link: null,
    });
    expect({ name, ref: own.match(/#1\b/g) }).toEqual({ name, ref: null });
    // Only the <details> we open ourselves are closed.
    expect((own.match(/<\/details>/g) ?? []).length).toBe((own.match(/<details>/g) ?? []).length);
    expect(own).not.toMatch(/^# Heading/m);
  }
  // The comment marker appears exactly once, so the hostile copy cannot be mistaken for it.
  expect(gh.comments[0]!.body.split('<!-- audit-gate:sticky-comment').length).toBe(2);
});

test('push: check run on GITHUB_SHA and no comment', async () => {
  const payload = examplePayload('push', (e) => e['ref'] === 'refs/heads/master');
  const res = await run({
    workspace: failingRepo(1),
    eventName: 'push',
    payload,
    sha: String(payload['after']),
  });
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('checks/create')[0]!.body).toMatchObject({ head_sha: payload['after'] });
  expect(gh.callsTo('issues/list-comments')).toHaveLength(0);
  expect(res.code).toBe(1);
});

test('workflow_dispatch: inputs (assurance, paths) apply and the check run lands on the dispatched commit', async () => {
  const root = tempRepo();
  writePaper(root, 'papers/a', { missingInputs: 1 });
  writePaper(root, 'papers/b', { missingInputs: 3 });
  const payload = examplePayload('workflow_dispatch');
  const dispatched = 'abcdef0000000000000000000000000000000002';
  const res = await run({
    workspace: root,
    eventName: 'workflow_dispatch',
    payload,
    sha: dispatched,
    repository: 'octo-org/octo-repo',
    inputs: { assurance: 'draft', paths: 'papers/a\n' },
  });
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('checks/create')[0]!.body).toMatchObject({ head_sha: dispatched });
  expect(gh.callsTo('checks/create')[0]!.path).toBe('/repos/octo-org/octo-repo/check-runs');
  // Draft: problems are reported, the run is neutral, the job passes; only papers/a was verified.
  expect([...gh.checkRuns.values()][0]!.conclusion).toBe('neutral');
  expect(res.code).toBe(0);
  expect(res.outputs['conclusion']).toBe('neutral');
  expect(res.outputs['warnings']).toBe('4');
  const annotations = [...gh.checkRuns.values()][0]!.annotations as {
    annotation_level: string;
    path: string;
  }[];
  expect(
    annotations.every((a) => a.annotation_level === 'warning' && a.path.startsWith('papers/a/')),
  ).toBe(true);
});

/** The report a fork's pull_request run wrote, edited by `edit`, as an uploaded artifact. */
async function editedForkReport(edit: (report: any) => void, workspace = failingRepo(1)) {
  const prRun = await run({
    workspace,
    eventName: 'pull_request',
    payload: prFromFork(),
    inputs: { 'report-path': 'out/report.json' },
  });
  const report = JSON.parse(fs.readFileSync(prRun.outputs['report-path']!, 'utf8'));
  edit(report);
  const reportDir = tempRepo('audit-gate-artifact-');
  const reportFile = path.join(reportDir, 'report.json');
  fs.writeFileSync(reportFile, JSON.stringify(report));
  return { reportDir, reportFile };
}

/** The privileged workflow_run half: publishes an uploaded report for a pull request. */
async function publishReport(
  workspace: string,
  reportFile: string,
  inputs: Record<string, string> = {},
) {
  const payload = examplePayload(
    'workflow_run',
    (e) => ((e['workflow_run'] as { pull_requests: unknown[] }).pull_requests ?? []).length > 0,
  );
  // As GitHub lists the pull request a run was triggered by: its head is the run's head sha (the
  // example's is another commit, which must never get the comment).
  const wr = payload['workflow_run'] as {
    head_sha: string;
    pull_requests: { head: { sha: string } }[];
  };
  wr.pull_requests[0]!.head.sha = wr.head_sha;
  const res = await run({
    workspace,
    eventName: 'workflow_run',
    payload,
    repository: 'octo-org/octo-repo',
    inputs: { report: reportFile, ...inputs },
  });
  return { payload, res };
}

test('workflow_run: publishes an uploaded report on the triggering head sha and its pull request', async () => {
  // First the pull_request half (read-only token on a fork) writes the report...
  gh.readOnly = true;
  const prRun = await run({
    workspace: failingRepo(2),
    eventName: 'pull_request',
    payload: prFromFork(),
    inputs: { 'report-path': 'out/report.json' },
  });
  expect(prRun.code).toBe(1);
  const reportDir = tempRepo('audit-gate-artifact-');
  const reportFile = path.join(reportDir, 'report.json');
  fs.copyFileSync(prRun.outputs['report-path']!, reportFile);

  // ...then the privileged workflow_run half publishes it.
  gh.readOnly = false;
  const { payload, res } = await publishReport(reportDir, reportFile);
  const wr = payload['workflow_run'] as { head_sha: string };
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('checks/create')[0]!.body).toMatchObject({ head_sha: wr.head_sha });
  const published = [...gh.checkRuns.values()][0]!;
  expect(published.conclusion).toBe('failure');
  expect(published.annotations).toHaveLength(8);
  expect(gh.comments).toHaveLength(1);
  expect(gh.comments[0]!.issue_number).toBe(2);
  expect(res.code).toBe(1);
});

test('workflow_run: a forged report that claims success while a subject blocks is published as failure', async () => {
  // The forger clears the findings' blocking flags and the verdict, but a subject still blocks.
  const { reportDir, reportFile } = await editedForkReport((report) => {
    for (const f of report.findings) f.blocking = false;
    Object.assign(report, { conclusion: 'success', exit_code: 0 });
  });
  const { res } = await publishReport(reportDir, reportFile);
  expect([...gh.checkRuns.values()].at(-1)!.conclusion).toBe('failure');
  expect(res.code).toBe(1);
});

test('workflow_run: a forged report whose flags all say success is refused, not published green', async () => {
  // Every flag edited to agree: error findings not blocking, subjects passing, counts, verdict.
  const { reportDir, reportFile } = await editedForkReport((report) => {
    for (const f of report.findings) f.blocking = false;
    for (const s of report.subjects) s.outcome = 'pass';
    for (const t of report.targets) t.terminal_state = 'accepted';
    Object.assign(report.counts, { pass: report.counts.subjects, problem: 0, blocking: 0 });
    Object.assign(report, { conclusion: 'success', exit_code: 0, submission_ready: 'yes' });
  });
  const { res } = await publishReport(reportDir, reportFile);
  const published = [...gh.checkRuns.values()].at(-1)!;
  expect(published.conclusion).toBe('failure');
  expect(res.outputs['conclusion']).toBe('failure');
  expect(res.outputs['submission-ready']).toBe('no');
  expect(res.code).toBe(1);
  expect(res.stdout).toMatch(/is not published: finding "aris\.input_missing"/);
});

test('workflow_run: a report glob matching a file name that holds workflow commands logs it escaped', async () => {
  const { reportDir, reportFile } = await editedForkReport(() => {});
  const evil = path.join(
    reportDir,
    'shards',
    'x\n::add-mask::audit-gate\n::error file=README.md,line=1::Approved\n::stop-commands::zz',
  );
  fs.mkdirSync(evil, { recursive: true });
  fs.renameSync(reportFile, path.join(evil, 'report.json'));
  const { res } = await publishReport(reportDir, 'shards/**/report.json');
  expect([...gh.checkRuns.values()].at(-1)!.conclusion).toBe('failure');
  expect(res.stdout).toContain('Publishing the report ');
  expect(
    res.stdout.split('\n').filter((l) => /^\s*::(add-mask|stop-commands|error file)/.test(l)),
  ).toEqual([]);
});

test('workflow_run with assurance: submission refuses a report verified at draft', async () => {
  const draft = tempRepo();
  writePaper(draft, 'paper', { assurance: 'draft', missingInputs: 1 });
  const { reportDir, reportFile } = await editedForkReport(() => {}, draft);
  const { res } = await publishReport(reportDir, reportFile, { assurance: 'submission' });
  expect([...gh.checkRuns.values()].at(-1)!.conclusion).toBe('failure');
  expect(res.code).toBe(1);
  expect(res.stdout).toMatch(
    /was verified at assurance \\?"draft\\?", and assurance submission is required/,
  );
  expect(res.stdout).not.toMatch(/assurance is ignored/);
});

test('workflow_run from a fork (no pull_requests listed): the PR is found by its head branch', async () => {
  const root = tempRepo();
  writePaper(root, 'paper', { missingInputs: 1 });
  const first = await run({
    workspace: root,
    eventName: 'push',
    payload: examplePayload('push', (e) => e['ref'] === 'refs/heads/master'),
    inputs: { 'report-path': 'report.json' },
  });
  const payload = examplePayload('workflow_run', (e) => e['action'] === 'completed');
  const wr = payload['workflow_run'] as Record<string, unknown>;
  wr['event'] = 'pull_request';
  wr['pull_requests'] = [];
  wr['head_branch'] = 'changes';
  wr['head_repository'] = {
    ...(wr['head_repository'] as object),
    full_name: 'forker/octo-repo',
    owner: { login: 'forker' },
  };
  gh.pulls = [
    {
      number: 7,
      head: {
        sha: 'ffff000000000000000000000000000000000000',
        ref: 'changes',
        label: 'forker:changes',
      },
    },
    { number: 9, head: { sha: String(wr['head_sha']), ref: 'changes', label: 'forker:changes' } },
  ];
  await run({
    workspace: root,
    eventName: 'workflow_run',
    payload,
    repository: 'octo-org/octo-repo',
    inputs: { report: first.outputs['report-path'] ?? '' },
  });
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('pulls/list')[0]!.query).toMatchObject({
    head: 'forker:changes',
    state: 'open',
  });
  expect(gh.comments.map((c) => c.issue_number)).toEqual([9]);
});

test('an empty workspace (no actions/checkout) fails with a message that says to add it', async () => {
  const empty = tempRepo('audit-gate-empty-');
  const res = await run({ workspace: empty, eventName: 'pull_request', payload: prOpened() });
  expect(res.code).toBe(1);
  expect(res.stdout).toContain('actions/checkout');
  const r = [...gh.checkRuns.values()][0]!;
  expect(r.conclusion).toBe('failure');
  expect(r.output.text).toContain('actions/checkout');
});

test('nothing verified is a failure unless allow-empty', async () => {
  const root = tempRepo();
  fs.writeFileSync(path.join(root, 'README.md'), 'no papers here\n');
  const red = await run({ workspace: root, eventName: 'push', payload: examplePayload('push') });
  expect(red.code).toBe(1);
  expect(red.stdout).toContain('set `allow-empty: true` if an empty run is expected');
  expect(red.stdout).not.toContain('--allow-empty');
  expect([...gh.checkRuns.values()][0]!.conclusion).toBe('failure');
  const green = await run({
    workspace: root,
    eventName: 'push',
    payload: examplePayload('push'),
    inputs: { 'allow-empty': 'true' },
  });
  expect(green.code).toBe(0);
  expect([...gh.checkRuns.values()][1]!.conclusion).toBe('success');
});

test('sarif-file writes SARIF 2.1.0 with one result per located finding', async () => {
  const root = failingRepo(2);
  const res = await run({
    workspace: root,
    eventName: 'push',
    payload: examplePayload('push'),
    inputs: { 'sarif-file': 'out/audit-gate.sarif', comment: 'off' },
  });
  expect(res.outputs['sarif-file']).toBe(path.join(root, 'out', 'audit-gate.sarif'));
  const sarif = JSON.parse(fs.readFileSync(path.join(root, 'out', 'audit-gate.sarif'), 'utf8')) as {
    version: string;
    runs: { results: { ruleId: string; locations: unknown[] }[] }[];
  };
  expect(sarifProblems(sarif)).toEqual([]);
  expect(sarif.version).toBe('2.1.0');
  expect(sarif.runs[0]!.results).toHaveLength(8);
  expect(
    sarif.runs[0]!.results.every(
      (r) => r.ruleId === 'aris.input_missing' && r.locations.length === 1,
    ),
  ).toBe(true);
  expect(res.code).toBe(1);
});

test('a report-path the checkout holds as a symlink fails the gate, and the forged file is not output', async () => {
  const root = tempRepo();
  writePaper(root, 'papers/ok');
  const forged = '{"conclusion":"success","forged":true}\n';
  fs.writeFileSync(path.join(root, 'forged.json'), forged);
  fs.symlinkSync('forged.json', path.join(root, 'report.json'));
  const res = await run({
    workspace: root,
    eventName: 'push',
    payload: examplePayload('push'),
    inputs: { 'report-path': 'report.json', comment: 'off' },
  });
  expect(gh.violations()).toEqual([]);
  expect(res.code).toBe(1);
  expect(res.outputs['report-path']).toBe('');
  expect(res.outputs['conclusion']).toBe('failure');
  expect(fs.readFileSync(path.join(root, 'forged.json'), 'utf8')).toBe(forged);
  expect(fs.lstatSync(path.join(root, 'report.json')).isSymbolicLink()).toBe(true);
  const r = [...gh.checkRuns.values()][0]!;
  expect(r.conclusion).toBe('failure');
  expect(r.output.text).toContain('gate.report_unwritten');
  expect(res.stdout).toContain('report-path');
  expect(r.output.text).toContain('exists and is not a regular file');
});

test('a sarif-file the checkout holds as a directory fails the gate, and the JSON report says so', async () => {
  const root = tempRepo();
  writePaper(root, 'papers/ok');
  fs.mkdirSync(path.join(root, 'audit-gate.sarif'));
  fs.writeFileSync(path.join(root, 'audit-gate.sarif', 'forged.sarif'), '{"runs":[]}\n');
  const res = await run({
    workspace: root,
    eventName: 'push',
    payload: examplePayload('push'),
    inputs: { 'sarif-file': 'audit-gate.sarif', 'report-path': 'out/report.json', comment: 'off' },
  });
  expect(res.code).toBe(1);
  expect(res.outputs['sarif-file']).toBe('');
  expect([...gh.checkRuns.values()][0]!.conclusion).toBe('failure');
  const report = JSON.parse(fs.readFileSync(res.outputs['report-path']!, 'utf8')) as {
    conclusion: string;
    exit_code: number;
    counts: { pass: number; errors: number };
    findings: { code: string; blocking: boolean; subject: string }[];
  };
  expect(report.conclusion).toBe('failure');
  expect(report.exit_code).toBe(1);
  expect(report.counts.pass).toBeGreaterThan(0);
  expect(report.counts.errors).toBe(1);
  expect(report.findings).toEqual([
    expect.objectContaining({ code: 'gate.report_unwritten', blocking: true, subject: 'gate' }),
  ]);
});

test('bad inputs fail the step with a clear message', async () => {
  const res = await run({
    workspace: failingRepo(1),
    eventName: 'push',
    payload: examplePayload('push'),
    inputs: { comment: 'sometimes' },
  });
  expect(res.code).toBe(1);
  expect(res.stdout).toContain('Input "comment" must be one of failures, always, off');
  expect(gh.calls).toHaveLength(0);
});

/** papers/ok passes; papers/blocked is missing an input (it blocks under submission). */
function pinnedRepo(config?: unknown): string {
  const root = tempRepo();
  writePaper(root, 'papers/ok');
  writePaper(root, 'papers/blocked', { missingInputs: 1 });
  if (config !== undefined)
    fs.writeFileSync(path.join(root, '.audit-gate.json'), JSON.stringify(config, null, 2) + '\n');
  return root;
}

test('assurance pins the gate: a .audit-gate.json in the pull request cannot exclude the failing paper', async () => {
  const exclude = { exclude: ['papers/blocked/'] };
  // Unpinned, the checkout's config applies, as documented.
  const free = await run({
    workspace: pinnedRepo(exclude),
    eventName: 'pull_request',
    payload: prOpened(),
  });
  expect(free.outputs['conclusion']).toBe('success');
  const res = await run({
    workspace: pinnedRepo(exclude),
    eventName: 'pull_request',
    payload: prOpened(),
    inputs: { assurance: 'submission' },
  });
  expect(gh.violations()).toEqual([]);
  expect(res.code).toBe(1);
  expect(res.outputs['conclusion']).toBe('failure');
  const r = [...gh.checkRuns.values()].at(-1)!;
  expect(r.conclusion).toBe('failure');
  const ignored = (
    r.annotations as {
      path: string;
      start_line: number;
      annotation_level: string;
      message: string;
    }[]
  ).find((a) => a.path === '.audit-gate.json')!;
  expect(ignored).toMatchObject({ start_line: 2, annotation_level: 'warning' });
  expect(ignored.message).toContain('"exclude" (it would hide directories from discovery)');
});

test('a config from the workflow applies when pinned: config-json, or a config file outside the checkout', async () => {
  const exclude = { exclude: ['papers/blocked/'] };
  const inline = await run({
    workspace: pinnedRepo({ paths: ['nowhere'] }),
    eventName: 'pull_request',
    payload: prOpened(),
    inputs: { assurance: 'submission', 'config-json': JSON.stringify(exclude) },
  });
  expect(inline.code).toBe(0);
  expect(inline.outputs['conclusion']).toBe('success');

  const trusted = path.join(tempRepo('audit-gate-workflow-config-'), 'gate.json');
  fs.writeFileSync(trusted, JSON.stringify(exclude));
  const file = await run({
    workspace: pinnedRepo(),
    eventName: 'pull_request',
    payload: prOpened(),
    inputs: { assurance: 'submission', config: trusted },
  });
  expect(file.outputs['conclusion']).toBe('success');
  // The same file in the checkout, named by the same input, is checkout content.
  const root = pinnedRepo();
  fs.writeFileSync(path.join(root, 'gate.json'), JSON.stringify(exclude));
  const inside = await run({
    workspace: root,
    eventName: 'pull_request',
    payload: prOpened(),
    inputs: { assurance: 'submission', config: 'gate.json' },
  });
  expect(inside.outputs['conclusion']).toBe('failure');
  expect(inside.report).toContain('gate.config_key_ignored');

  const both = await run({
    workspace: pinnedRepo(),
    eventName: 'push',
    payload: examplePayload('push'),
    inputs: { config: trusted, 'config-json': '{}' },
  });
  expect(both.code).toBe(1);
  expect(both.stdout).toContain('Give either "config" or "config-json", not both.');
});

test('a conformance/ directory symlinked outside the workspace is not walked and names nothing outside', async () => {
  const root = pinnedRepo();
  fs.rmSync(path.join(root, 'papers/blocked'), { recursive: true });
  const elsewhere = tempRepo('audit-gate-elsewhere-');
  fs.mkdirSync(path.join(elsewhere, 'aris/OUTSIDE_NAME_z9'), { recursive: true });
  fs.writeFileSync(path.join(elsewhere, 'aris/OUTSIDE_NAME_z9/fixture.json'), '{}');
  fs.symlinkSync(elsewhere, path.join(root, 'conformance'));
  const res = await run({ workspace: root, eventName: 'push', payload: examplePayload('push') });
  expect(res.code).toBe(1);
  expect(res.report).toContain('Fixture directory conformance leads outside the workspace');
  for (const text of [res.report!, res.stdout, res.summary])
    expect(text).not.toContain('OUTSIDE_NAME');
});

test('workflow_run: the publishing workflow’s fail-on applies to the report it publishes', async () => {
  // A report with problems but nothing blocking: a draft paper's.
  const draft = tempRepo();
  writePaper(draft, 'paper', { assurance: 'draft', missingInputs: 1 });
  const { reportDir, reportFile } = await editedForkReport(() => {}, draft);
  const lenient = await publishReport(reportDir, reportFile);
  expect([...gh.checkRuns.values()].at(-1)!.conclusion).toBe('neutral');
  expect(lenient.res.code).toBe(0);
  const strict = await publishReport(reportDir, reportFile, { 'fail-on': 'problem' });
  expect([...gh.checkRuns.values()].at(-1)!.conclusion).toBe('failure');
  expect(strict.res.code).toBe(1);
});

test('a cancelled job (SIGTERM during verification) completes its check run instead of leaving it pending', async () => {
  const root = tempRepo();
  for (let i = 0; i < 400; i++) writePaper(root, `papers/p${i}`, { missingInputs: 20 });
  const res = await run({
    workspace: root,
    eventName: 'pull_request',
    payload: prOpened(),
    started: (child) => {
      const poll = setInterval(() => {
        if (gh.callsTo('checks/create').length === 0) return;
        clearInterval(poll);
        child.kill('SIGTERM');
      }, 5);
    },
  });
  expect(res.code).toBe(1);
  const r = [...gh.checkRuns.values()].at(-1)!;
  expect([r.status, r.conclusion]).toEqual(['completed', 'failure']);
  expect(r.output.summary).toContain('cancelled (SIGTERM)');
}, 60_000);
