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
