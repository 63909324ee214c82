// Nothing in a pull request may put a secret into a report, or hide a committed audit from
// discovery (issue 9, items 2 and 8).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { write, writePaper } from '../scripts/lib/aris-paper.mjs';
import { verify } from '../src/verify.js';
import { CLEAN_RUN_ROOT } from './support/trace.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();

const git = (cwd: string, ...args: string[]) =>
  expect(spawnSync('git', args, { cwd, encoding: 'utf8' }).status).toBe(0);

describe('discovery cannot be blinded by a stray .git', () => {
  it('a committed FAIL paper under a directory whose .git holds only HEAD is still found', async () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    git(root, 'init', '-q');
    writePaper(path.join(root, 'sub/paper'), {
      assurance: 'submission',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    write(path.join(root, 'sub/.gitignore'), 'paper/\n');
    git(root, 'add', '-f', '.');
    write(path.join(root, 'sub/.git/HEAD'), 'ref: refs/heads/main\n');
    const report = await verify({ root });
    expect(report.targets.map((t) => t.path)).toEqual(['sub/paper']);
    expect(report.findings.map((f) => f.code)).toContain('aris.verdict_fail');
    expect(report.conclusion).toBe('failure');
  });

  it('a real nested repository adds its index; what the outer one tracks stays visible', async () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    git(root, 'init', '-q');
    writePaper(path.join(root, 'sub/outer'), { assurance: 'draft' });
    writePaper(path.join(root, 'sub/inner'), { assurance: 'draft' });
    writePaper(path.join(root, 'sub/scratch'), { assurance: 'draft' });
    write(path.join(root, 'sub/.gitignore'), '*/\n');
    git(root, 'add', '-f', 'sub/outer');
    git(path.join(root, 'sub'), 'init', '-q');
    git(path.join(root, 'sub'), 'add', '-f', 'inner');
    const report = await verify({ root });
    expect(report.targets.map((t) => t.path)).toEqual(['sub/inner', 'sub/outer']);
    expect(report.findings.filter((f) => f.code.startsWith('gate.'))).toEqual([]);
  });
});

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
