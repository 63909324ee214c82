import * as core from '@actions/core';
import type { GateReport } from '../model/report.js';
import { checkTitle } from '../render/markdown.js';
import { logSafe, plain } from '../render/sanitize.js';
import type { Written } from './files.js';
import type { Publication } from './publication.js';

/** The step's outputs (action.yml); a file's path is empty when audit-gate did not write it. */
export function setOutputs(pub: Publication, report: GateReport, written: Written): void {
  const c = report.counts;
  core.setOutput('conclusion', report.conclusion);
  core.setOutput('submission-ready', report.submission_ready);
  core.setOutput('report-path', written.reportPath ?? '');
  core.setOutput('sarif-file', written.sarifFile ?? '');
  core.setOutput('subjects', c.subjects);
  core.setOutput('pass', c.pass);
  core.setOutput('problem', c.problem);
  core.setOutput('blocking', c.blocking);
  core.setOutput('skipped', c.skipped);
  core.setOutput('errors', c.errors);
  core.setOutput('warnings', c.warnings);
  core.setOutput('check-run-id', pub.check ? String(pub.check.id) : '');
  core.setOutput('check-run-url', pub.check?.url ?? '');
  core.setOutput('comment-url', pub.commentUrl ?? '');
}

/** The verdict in the log, and a failed step when the gate fails. */
export function concludeStep(checkName: string, report: GateReport): void {
  core.info(`${checkName}: ${report.conclusion} — ${checkTitle(report)}`);
  if (report.conclusion !== 'failure') return;
  // Findings about the run itself (nothing verified, no checkout, unreadable report) are spelled out here.
  const subjects = new Set([
    ...report.subjects.map((x) => x.id),
    ...report.targets.map((t) => t.id),
  ]);
  const runLevel = report.findings
    .filter((f) => f.blocking && !subjects.has(f.subject))
    .map((f) => ` ${f.message} ${f.remediation}`);
  // Messages from a published report are escaped once more: the log is read by the runner.
  core.setFailed(
    logSafe(
      plain(
        `${checkName}: ${checkTitle(report)}.${runLevel.join('')} The failure cards in the job summary say what to fix.`,
      ),
    ),
  );
}
