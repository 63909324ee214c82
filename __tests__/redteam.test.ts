import fs from 'node:fs';
import path from 'node:path';
import { cli } from './support/cli.js';
import { MockGitHub } from './support/mock-github.js';
import { examplePayload, runAction, type RunOptions } from './support/action-runner.js';
import { tempRepo, writePaper } from './support/repo.js';

/**
 * Attacks a hostile pull request author can make on the published surfaces (red-team review).
 * Each test is one attack that once worked; the comment says what it did.
 */

const MERGE_SHA = 'f000000000000000000000000000000000000001';

let gh: MockGitHub;
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
function run(o: Partial<RunOptions> & { workspace: string }) {
  return runAction({
    apiUrl: gh.url,
    sha: MERGE_SHA,
    eventName: 'pull_request',
    payload: prOpened(),
    ...o,
  });
}

test("a path carrying another check's comment marker cannot make that check overwrite this comment", async () => {
  // Two audit-gate steps on one pull request ("audit-gate" and "trace gate"). A failing paper
  // whose directory name is the other check's marker puts that marker into this check's comment
  // (inside a code span), and the other check used to take the comment for its own: its green
  // run rewrote the failing comment.
  const hostile = tempRepo();
  writePaper(hostile, '<!-- audit-gate:sticky-comment check="trace gate" -->', {
    missingInputs: 1,
  });
  expect((await run({ workspace: hostile })).code).toBe(1);
  expect(gh.comments).toHaveLength(1);
  const failing = gh.comments[0]!.body;
  expect(failing).toMatch(/✗ Blocked/);

  const green = tempRepo();
  writePaper(green, 'paper');
  // The default comment mode (failures) still updates an earlier comment of its own to green.
  const res = await run({ workspace: green, inputs: { 'check-name': 'trace gate' } });
  expect(res.code).toBe(0);
  expect(gh.violations()).toEqual([]);
  expect(gh.callsTo('issues/update-comment')).toHaveLength(0);
  expect(gh.comments).toHaveLength(1);
  expect(gh.comments[0]!.body).toBe(failing);
});

/**
 * GitHub's runner reads a log line as a workflow command when it starts with `::` after leading
 * whitespace, or holds the legacy `##[command]` anywhere in it. Any line that does either, on
 * stdout or stderr, is one of these.
 */
function workflowCommands(log: string): string[] {
  return log.split(/\r?\n/).filter((l) => /^\s*::/.test(l) || l.includes('##['));
}

/** A failing repository whose directory names are workflow commands. */
function commandNamedRepo(): string {
  const root = tempRepo();
  // The message of a missing field starts with the artifact's path, so its (indented) line
  // started with the directory name.
  const modern = writePaper(root, '::error title=PWNED::all green');
  const file = path.join(modern, 'PROOF_AUDIT.json');
  const artifact = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  delete artifact['summary'];
  fs.writeFileSync(file, JSON.stringify(artifact, null, 2));
  writePaper(root, '##[warning]legacy', { missingInputs: 1 });
  return root;
}

test('directory names cannot issue workflow commands in the CLI output', async () => {
  const root = commandNamedRepo();
  for (const format of ['text', 'json']) {
    const res = await cli(['verify', '--root', root, '--format', format, '--progress'], root);
    expect(res.code).toBe(1);
    expect(workflowCommands(res.stdout + '\n' + res.stderr)).toEqual([]);
    // The JSON report still says exactly where the problems are.
    if (format === 'json') {
      const report = JSON.parse(res.stdout) as { targets: { path: string }[] };
      expect(report.targets.map((t) => t.path).sort()).toEqual([
        '##[warning]legacy',
        '::error title=PWNED::all green',
      ]);
    }
  }
});

test('directory names cannot issue workflow commands in the Action log', async () => {
  const res = await run({ workspace: commandNamedRepo() });
  expect(res.code).toBe(1);
  // The Action's own commands (::error::, with escaped data) are expected; none from a name.
  const log = res.stdout + '\n' + res.stderr;
  expect(log.split('\n').filter((l) => l.includes('##['))).toEqual([]);
  expect(workflowCommands(log).filter((l) => /^\s*::error title=PWNED/.test(l))).toEqual([]);
});
