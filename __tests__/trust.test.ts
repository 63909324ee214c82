// Nothing in a pull request may put a secret into a report, or hide a committed audit from
// discovery (issue 9, items 2 and 8).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { write, writeArtifact, writePaper } from '../scripts/lib/aris-paper.mjs';
import { buildAnnotations } from '../src/github/annotations.js';
import type { GateReport } from '../src/model/report.js';
import { renderArisReport } from '../src/packs/aris/outputs.js';
import {
  renderCards,
  renderComment,
  renderJobSummary,
  renderSummary,
} from '../src/render/markdown.js';
import { renderSarif } from '../src/render/sarif.js';
import { renderText } from '../src/render/text.js';
import { verify } from '../src/pipeline/verify.js';
import { cli } from './support/cli.js';
import { CLEAN_RUN_ROOT } from './support/trace.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();
const SECRET = 'c2VjcmV0';
const CHECKOUT_CONFIG = `[core]\n\trepositoryformatversion = 0\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${SECRET}\n`;

/** Everything a report is published as: JSON, text, Markdown (comment, check run, job summary), annotations, SARIF. */
function published(report: GateReport): string {
  const opts = { checkName: 'audit-gate' };
  return [
    JSON.stringify(report),
    renderText(report),
    renderComment(report, opts),
    renderSummary(report, opts),
    renderCards(report, opts),
    renderJobSummary(report, opts),
    JSON.stringify(buildAnnotations(report)),
    JSON.stringify(renderSarif(report)),
    ...report.targets
      .filter((t) => t.pack === 'aris')
      .map((t) => JSON.stringify(renderArisReport(report, t.id))),
  ].join('\n');
}

const git = (cwd: string, ...args: string[]) =>
  expect(spawnSync('git', args, { cwd, encoding: 'utf8' }).status).toBe(0);

describe('files under a git directory never reach a report', () => {
  it('a paper that links its assurance, manifest, artifact, inputs and trace into .git/ leaks nothing', async () => {
    const root = repo();
    write(path.join(root, '.git/config'), CHECKOUT_CONFIG);
    // A JSON file in .git, so a parser would get far enough to list its keys.
    write(path.join(root, '.git/info/keys.json'), `{"AUTHORIZATION: basic ${SECRET}": 1}\n`);

    writePaper(path.join(root, 'a'), { assurance: 'draft' });
    fs.rmSync(path.join(root, 'a/.aris/assurance.txt'));
    fs.symlinkSync('../../.git/config', path.join(root, 'a/.aris/assurance.txt'));
    fs.symlinkSync('../../.git/info/keys.json', path.join(root, 'a/.aris/audit-manifest.json'));

    const b = writePaper(path.join(root, 'b'), { assurance: 'submission' });
    fs.rmSync(path.join(root, 'b/PROOF_AUDIT.json'));
    fs.symlinkSync('../.git/config', path.join(root, 'b/PROOF_AUDIT.json'));
    writeArtifact(path.join(root, 'b'), 'CITATION_AUDIT.json', {
      ...b['CITATION_AUDIT.json'],
      audited_input_hashes: { '../.git/config': `sha256:${'0'.repeat(64)}` },
      trace_path: '../.git',
    });

    const report = await verify({ root });
    const out = published(report);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('extraheader');

    const codes = (target: string) =>
      report.findings.filter((f) => f.subject.startsWith(`aris:${target}`)).map((f) => f.code);
    // Each refusal is a finding, and the assurance fails closed to submission.
    expect(codes('a')).toEqual(
      expect.arrayContaining(['aris.assurance_invalid', 'aris.manifest_invalid']),
    );
    expect(report.targets.find((t) => t.path === 'a')!.context).toMatchObject({
      assurance: 'submission',
    });
    const assurance = report.findings.find((f) => f.code === 'aris.assurance_invalid')!;
    expect(assurance.message).toMatch(
      /is a symlink into the git directory \.git, which is never read/,
    );
    expect(codes('b')).toEqual(
      expect.arrayContaining([
        'aris.artifact_unreadable',
        'aris.input_outside_root',
        'aris.trace_outside_root',
      ]),
    );
    expect(report.conclusion).toBe('failure');
  });

  it("refuses a symlink into a nested repository's .git, and into the git dir a .git file names", async () => {
    const root = repo();
    const nested = path.join(root, 'vendor/lib');
    fs.mkdirSync(nested, { recursive: true });
    git(nested, 'init', '-q');
    fs.appendFileSync(path.join(nested, '.git/config'), CHECKOUT_CONFIG);
    // A submodule-style checkout: its .git is a file naming a git directory elsewhere.
    const store = path.join(root, 'store/modules/sub');
    for (const d of ['objects', 'refs']) fs.mkdirSync(path.join(store, d), { recursive: true });
    write(path.join(store, 'HEAD'), 'ref: refs/heads/main\n');
    write(path.join(store, 'config'), CHECKOUT_CONFIG);
    write(path.join(root, 'sub/.git'), 'gitdir: ../store/modules/sub\n');

    for (const [dir, link] of [
      ['p1', '../../vendor/lib/.git/config'],
      ['p2', '../../store/modules/sub/config'],
    ] as const) {
      writePaper(path.join(root, dir));
      fs.symlinkSync(link, path.join(root, dir, '.aris/assurance.txt'));
    }
    const report = await verify({ root });
    expect(published(report)).not.toContain(SECRET);
    const refused = report.findings.filter((f) => f.code === 'aris.assurance_invalid');
    expect(refused.map((f) => f.location?.path)).toEqual([
      'p1/.aris/assurance.txt',
      'p2/.aris/assurance.txt',
    ]);
    expect(refused[0]!.message).toMatch(/the git directory vendor\/lib\/\.git/);
    expect(refused[1]!.message).toMatch(/the git directory store\/modules\/sub\b/);
  });

  it('the aris CLI refuses such an assurance.txt as a bad argument without quoting it', async () => {
    const root = repo();
    write(path.join(root, '.git/config'), CHECKOUT_CONFIG);
    writePaper(path.join(root, 'p'));
    fs.symlinkSync('../../.git/config', path.join(root, 'p/.aris/assurance.txt'));
    const r = await cli(
      ['aris', 'p', '--root', root, '--json-out', path.join(root, 'r.json')],
      root,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a symlink into the git directory \.git/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });
});

describe('file contents are quoted only as a short escaped prefix', () => {
  it('a long assurance.txt is quoted as its first 80 characters', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    write(
      path.join(root, 'p/.aris/assurance.txt'),
      `${'A'.repeat(100)}TAIL\u202e${'B'.repeat(3000)}`,
    );
    const report = await verify({ root });
    const f = report.findings.find((x) => x.code === 'aris.assurance_invalid')!;
    expect(f.message).toContain(`"${'A'.repeat(79)}…"`);
    expect(f.message).not.toContain('TAIL');
    expect(f.message.length).toBeLessThan(200);
    expect(published(report)).not.toContain('B'.repeat(81));
  });

  it('artifact values (verdict, skill, summary, keys) are capped in messages, issues and reasons', async () => {
    const root = repo();
    const arts = writePaper(path.join(root, 'p'), { assurance: 'submission' });
    const long = (tag: string) => `${tag}${'x'.repeat(5000)}`;
    writeArtifact(path.join(root, 'p'), 'PROOF_AUDIT.json', {
      ...arts['PROOF_AUDIT.json'],
      verdict: 'FAIL',
      reason_code: long('RC'),
      summary: long('SUMMARY'),
    });
    writeArtifact(path.join(root, 'p'), 'CITATION_AUDIT.json', {
      ...arts['CITATION_AUDIT.json'],
      verdict: long('V'),
      audit_skill: long('S'),
      review_independence: long('I'),
      audited_input_hashes: { [long('K')]: 'sha256:00' },
    });
    const report = await verify({ root });
    for (const f of report.findings) {
      expect(f.message.length).toBeLessThan(700);
      const issue = f.details?.['issue'];
      if (issue && !issue.startsWith('stale:')) expect(issue.length).toBeLessThan(200);
    }
    for (const s of report.subjects) expect((s.reason ?? '').length).toBeLessThan(200);
    const fail = report.findings.find((f) => f.code === 'aris.verdict_fail')!;
    expect(fail.message).toContain(`"SUMMARY${'x'.repeat(72)}…"`);
  });

  it('a manifest lists unknown keys as short excerpts, at most three', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    const keys = Object.fromEntries(
      ['k1', 'k2', 'k3', 'k4'].map((k) => [`${k}${'y'.repeat(200)}`, 1]),
    );
    write(
      path.join(root, 'p/.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: 'PROOF_AUDIT.json', audit_skill: 'proof-checker' }],
        ...keys,
      }),
    );
    const report = await verify({ root });
    const f = report.findings.find((x) => x.code === 'aris.manifest_invalid')!;
    expect(f.message).toMatch(/unrecognized keys "k1y+…", "k2y+…", "k3y+…" and 1 more/);
    expect(f.message).not.toContain('y'.repeat(80));
  });

  it('a manifest cannot name a skill long enough to flood every message about its audit', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    write(
      path.join(root, 'p/.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: 'PROOF_AUDIT.json', audit_skill: 'S'.repeat(5000) }],
      }),
    );
    const report = await verify({ root });
    const f = report.findings.find((x) => x.code === 'aris.manifest_invalid')!;
    expect(f.message).toMatch(/at audits\.0\.audit_skill: Too big/);
    expect(published(report)).not.toContain('S'.repeat(101));
  });
});

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

describe('pack commands pin enforcement as verify does', () => {
  const copy = (from: string) => {
    const root = repo();
    fs.cpSync(path.resolve(from), root, { recursive: true });
    return root;
  };
  const waive = (root: string, code: string) =>
    write(
      path.join(root, '.audit-gate.json'),
      JSON.stringify({ waivers: [{ code, subject: '**', reason: 'the pull request waives it' }] }),
    );

  it('addenda-b --assurance submission: the checkout’s config can no longer waive a finding', async () => {
    const root = copy('conformance/addenda-b/api-policy-without-cost-cap/input');
    waive(root, 'validation.externalization_cost_cap_missing');
    const unpinned = await cli(['addenda-b', root, '--root', root, '--format', 'json'], root);
    expect(JSON.parse(unpinned.stdout).counts.suppressed).toBeGreaterThan(0);
    const pinned = await cli(
      ['addenda-b', root, '--root', root, '--format', 'json', '--assurance', 'submission'],
      root,
    );
    expect(pinned.code).toBe(1);
    const codes = JSON.parse(pinned.stdout).findings.map((f: { code: string }) => f.code);
    expect(codes).toContain('validation.externalization_cost_cap_missing');
    expect(codes).toContain('gate.config_key_ignored');
    expect((await cli(['addenda-b', root, '--assurance', 'draft'], root)).code).toBe(2);
  });

  it('aristo --assurance submission judges as the pinned Action does: a malformed intent blocks', async () => {
    const root = copy('conformance/aristo/annotation-malformed-blocks-when-pinned/input');
    expect((await cli(['aristo', root], root)).code).toBe(0);
    const pinned = await cli(
      ['aristo', root, '--assurance', 'submission', '--format', 'json'],
      root,
    );
    expect(pinned.code).toBe(1);
    const report = JSON.parse(pinned.stdout);
    expect(report.targets[0].context.assurance).toBe('submission');
    expect(report.findings.map((f: { code: string }) => f.code)).toContain(
      'aristo.annotation_malformed',
    );
    expect((await cli(['aristo', root, '--assurance', 'strict'], root)).code).toBe(2);
  });
});
