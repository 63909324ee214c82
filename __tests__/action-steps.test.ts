// The Action's steps (src/action/), each on its own: main.ts only strings them together, and
// __tests__/action.e2e.test.ts runs the whole pipeline through the built bundle.
import fs from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { failureReport, ToolFailure } from '../src/action/failure.js';
import { writeReportFiles } from '../src/action/files.js';
import { concludeStep } from '../src/action/outputs.js';
import { produceReport } from '../src/action/produce.js';
import { loadReports } from '../src/action/published-report.js';
import { annotateWorkflow } from '../src/action/summary.js';
import type { Publication } from '../src/action/publication.js';
import type { Settings } from '../src/github/inputs.js';
import { decide } from '../src/policy/gate.js';
import { finding } from '../src/model/finding.js';
import { GATE } from '../src/policy/codes.js';
import { tempRepo, writePaper } from './support/repo.js';

function settingsFor(workspace: string, extra: Partial<Settings> = {}): Settings {
  return {
    workspace,
    token: '',
    checkName: 'audit-gate',
    comment: 'off',
    failOn: 'blocking',
    reportPath: path.join(workspace, 'report.json'),
    ...extra,
  };
}

/** What the step printed to stdout (workflow commands included) while `fn` ran. */
async function stdoutOf(fn: () => unknown): Promise<string> {
  const out: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return out.join('');
}

async function verifiedPaper(): Promise<{ root: string; settings: Settings }> {
  const root = tempRepo();
  writePaper(root, 'paper');
  const settings = settingsFor(root, { paths: ['paper'] });
  let report;
  await stdoutOf(async () => (report = await produceReport(settings, undefined, {})));
  fs.writeFileSync(path.join(root, 'report.json'), JSON.stringify(report));
  return { root, settings };
}

describe('produceReport', () => {
  test('an empty workspace is a failed gate that says to check out, never a green one', async () => {
    const empty = tempRepo();
    let r!: Awaited<ReturnType<typeof produceReport>>;
    await stdoutOf(async () => (r = await produceReport(settingsFor(empty), undefined, {})));
    expect(r.conclusion).toBe('failure');
    expect(r.findings[0]!.message).toContain('has not been checked out');
    expect(r.findings[0]!.remediation).toContain('actions/checkout');
  });

  test('report: loads the published report and warns about the inputs it ignores', async () => {
    const { root, settings } = await verifiedPaper();
    let r!: Awaited<ReturnType<typeof produceReport>>;
    const log = await stdoutOf(
      async () =>
        (r = await produceReport(
          { ...settings, report: [path.join(root, 'report.json')], effort: 'max' },
          undefined,
          {},
        )),
    );
    expect(r.conclusion).toBe('success');
    expect(log).toMatch(/::warning::paths, effort are ignored when publishing a report/);
  });
});

describe('loadReports', () => {
  test('a directory, a non-JSON file and a non-report are refused, each saying what to point at', () => {
    const root = tempRepo();
    const settings = settingsFor(root);
    fs.writeFileSync(path.join(root, 'x.json'), '{nope');
    fs.writeFileSync(path.join(root, 'y.json'), '{"conclusion": "success"}');
    expect(() => loadReports([root], settings)).toThrow(/cannot be read \(not a regular file\)/);
    expect(() => loadReports([path.join(root, 'x.json')], settings)).toThrow(/is not valid JSON/);
    expect(() => loadReports([path.join(root, 'y.json')], settings)).toThrow(
      /is not an audit-gate JSON report/,
    );
  });

  test('its verdict is decided again by the shared recheck: an edited conclusion is refused', async () => {
    const { root, settings } = await verifiedPaper();
    const file = path.join(root, 'report.json');
    const given = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(loadReports([file], settings).conclusion).toBe('success');
    fs.writeFileSync(file, JSON.stringify({ ...given, conclusion: 'neutral' }));
    let err: unknown;
    try {
      loadReports([file], settings);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolFailure);
    expect((err as ToolFailure).message).toMatch(/is not published: the conclusion is neutral/);
  });
});

describe('failureReport', () => {
  test('a ToolFailure keeps its words; any other error says to rerun', () => {
    const s = settingsFor('/w');
    const tf = failureReport(s, new ToolFailure('No checkout.', 'Check out.'));
    expect(tf.conclusion).toBe('failure');
    expect(tf.findings.map((f) => [f.message, f.remediation, f.blocking])).toEqual([
      ['No checkout.', 'Check out.', true],
    ]);
    const other = failureReport(s, new Error('boom'));
    expect(other.findings[0]!.message).toBe('audit-gate failed: boom.');
    expect(other.findings[0]!.remediation).toMatch(/^Rerun the job/);
  });
});

describe('writeReportFiles', () => {
  test('a refused file fails the gate as a run finding would, and what was written says so', async () => {
    const { root, settings } = await verifiedPaper();
    const produced = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8'));
    expect(produced.conclusion).toBe('success');
    const sarif = path.join(root, 'out.sarif');
    fs.mkdirSync(sarif);
    let written!: ReturnType<typeof writeReportFiles>;
    await stdoutOf(() => (written = writeReportFiles({ ...settings, sarifFile: sarif }, produced)));
    expect(written.reportPath).toBe(settings.reportPath);
    expect(written.sarifFile).toBeUndefined();
    const onDisk = JSON.parse(fs.readFileSync(settings.reportPath, 'utf8'));
    expect(onDisk).toEqual(written.report);
    // The same verdict decide gives with the finding as a run finding.
    const f = finding(GATE.reportUnwritten, { subject: 'gate', message: 'x' });
    const decided = decide([], { root, failOn: 'blocking', runFindings: [f] });
    expect(written.report.conclusion).toBe(decided.conclusion);
    expect(written.report.exit_code).toBe(decided.exit_code);
    expect(written.report.submission_ready).toBe(decided.submission_ready);
    expect(written.report.counts.errors).toBe(produced.counts.errors + 1);
    expect(written.report.findings.at(-1)).toMatchObject({
      code: 'gate.report_unwritten',
      blocking: true,
      message: `sarif-file ${sarif} was not written: exists and is not a regular file; refusing to replace it.`,
    });
    // Published later (report:), it passes the recheck and still fails.
    const republished = loadReports([settings.reportPath], settings);
    expect(republished.conclusion).toBe('failure');
    expect(republished.findings.map((x) => x.code)).toEqual(['gate.report_unwritten']);
  });

  test('an unwritten JSON report empties report-path; once writable, the report is as produced', async () => {
    const { root, settings } = await verifiedPaper();
    const produced = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8'));
    fs.rmSync(settings.reportPath);
    fs.mkdirSync(settings.reportPath);
    const sarif = path.join(root, 'out.sarif');
    let refused!: ReturnType<typeof writeReportFiles>;
    await stdoutOf(() => (refused = writeReportFiles({ ...settings, sarifFile: sarif }, produced)));
    expect(refused.reportPath).toBeUndefined();
    expect(refused.sarifFile).toBe(sarif);
    expect(refused.report.conclusion).toBe('failure');
    fs.rmSync(settings.reportPath, { recursive: true });
    const ok = writeReportFiles(settings, produced);
    expect(ok).toEqual({ report: produced, reportPath: settings.reportPath, sarifFile: undefined });
  });

  test('a file written before another failed, that cannot be rewritten, loses its output and warns', async () => {
    const { root, settings } = await verifiedPaper();
    const produced = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8'));
    const sarif = path.join(root, 'out.sarif');
    fs.mkdirSync(sarif);
    // The first write of the JSON report succeeds; its rewrite (with the failure) does not.
    const real = fs.renameSync;
    let renames = 0;
    const rename = jest.spyOn(fs, 'renameSync').mockImplementation((a, b) => {
      if (++renames > 1) throw new Error('disk full');
      real(a, b);
    });
    let written!: ReturnType<typeof writeReportFiles>;
    let out: string;
    try {
      out = await stdoutOf(
        () => (written = writeReportFiles({ ...settings, sarifFile: sarif }, produced)),
      );
    } finally {
      rename.mockRestore();
    }
    expect(written.reportPath).toBeUndefined();
    expect(written.report.conclusion).toBe('failure');
    expect(written.report.findings.map((f) => f.code)).toEqual(['gate.report_unwritten']);
    expect(out).toContain(
      `::warning::${settings.reportPath} holds a report written before the gate failed, and could not be updated; its report-path output is empty.`,
    );
  });
});

describe('concludeStep and annotateWorkflow', () => {
  const failed = failureReport(settingsFor('/w'), new ToolFailure('No checkout.', 'Check out.'));

  test('a failed gate fails the step and spells out the run-level findings', async () => {
    const before = process.exitCode;
    try {
      const log = await stdoutOf(() => concludeStep('gate', failed));
      expect(process.exitCode).toBe(1);
      expect(log).toContain('::error::gate: nothing verified');
      expect(log).toContain(' No checkout. Check out. The failure cards');
    } finally {
      process.exitCode = before;
    }
  });

  test('run-level messages from a published report reach the log escaped', async () => {
    const before = process.exitCode;
    try {
      const forged = failureReport(
        settingsFor('/w'),
        new ToolFailure('Bad \u001b[2J\u202egnissap\u0085 report.', 'Fix it.'),
      );
      const log = await stdoutOf(() => concludeStep('gate', forged));
      expect(log).toContain('Bad \\u001b[2J\\u202egnissap\\u0085 report.');
      expect(log).not.toMatch(/[\u001b\u0085\u202e]/);
    } finally {
      process.exitCode = before;
    }
  });

  test('annotations go to the log only when no check run carries them', async () => {
    const pub: Publication = { settings: settingsFor('/w') };
    const located = [
      {
        path: 'a.json',
        start_line: 1,
        end_line: 1,
        annotation_level: 'failure' as const,
        title: 't',
        message: 'm',
      },
    ];
    expect(await stdoutOf(() => annotateWorkflow(pub, failed, located))).toContain(
      'file=a.json,line=1',
    );
    pub.check = { id: 1, url: 'u' };
    expect(await stdoutOf(() => annotateWorkflow(pub, failed, located))).toBe('');
    pub.checkDenied = '403';
    expect(await stdoutOf(() => annotateWorkflow(pub, failed, located))).toContain(
      'file=a.json,line=1',
    );
  });
});
