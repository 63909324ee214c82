// Nothing in a pull request may put a secret into a report, or hide a committed audit from
// discovery (issue 9, items 2 and 8).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '../src/verify.js';
import { CLEAN_RUN_ROOT } from './support/trace.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();

describe('a symlinked run that points outside the root', () => {
  it("is the run's own unreadable-file finding, not an internal error", async () => {
    const root = repo();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-outside-'));
    try {
      fs.cpSync(path.join(CLEAN_RUN_ROOT, 'artifacts/runs'), outside, { recursive: true });
      const [runId] = fs.readdirSync(outside);
      fs.mkdirSync(path.join(root, 'artifacts/runs'), { recursive: true });
      fs.symlinkSync(path.join(outside, runId!), path.join(root, 'artifacts/runs', runId!));
      const report = await verify({ root });
      expect(report.findings.map((f) => f.code)).toEqual(['trace.file_unreadable']);
      expect(report.findings[0]!.message).toMatch(
        /outside the workspace root; nothing in it was read/,
      );
      expect(report.targets).toHaveLength(1);
      expect(report.conclusion).toBe('failure');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
