import fs from 'node:fs';
import * as core from '@actions/core';
import { workflowWaivers } from '../config.js';
import { Workspace } from '../io/workspace.js';
import { GateReport } from '../model/report.js';
import { allCodes } from '../packs/registry.js';
import { recheckReport } from '../policy/recheck.js';
import type { Settings } from '../github/inputs.js';
import { ToolFailure } from './failure.js';

/** The largest report file `report:` reads (a report of many thousand findings fits easily). */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/**
 * The inputs that only verifying uses, given with `report:`: a warning names them. assurance:
 * submission still applies (a report verified at another assurance is refused), and so do the
 * waivers of the workflow's own config (a report cannot waive its findings).
 */
export function warnIgnoredInputs(settings: Settings): void {
  const ignored = (
    [
      ['paths', 'paths'],
      ['assurance', 'assurance'],
      ['effort', 'effort'],
      ['fixtures', 'fixtures'],
    ] as const
  )
    .filter(
      ([k]) => settings[k] !== undefined && !(k === 'assurance' && settings[k] === 'submission'),
    )
    .map(([, name]) => name);
  if (ignored.length)
    core.warning(
      `${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored when publishing a report: the workflow that verified applied its own. fail-on, assurance: submission and the waivers of config / config-json still apply.`,
    );
}

/**
 * Reads a report produced by an earlier audit-gate run (the workflow_run half of the fork setup).
 * It comes from a pull request's workflow, so its verdict is decided again (recheckReport) and a
 * report that contradicts its own findings is refused.
 */
export function loadReport(file: string, settings: Settings): GateReport {
  let text: string;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new Error('not a regular file');
    if (st.size > MAX_REPORT_BYTES) throw new Error(`larger than ${MAX_REPORT_BYTES} bytes`);
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ToolFailure(
      `The report file ${file} cannot be read (${(err as Error).message}).`,
      'Download the report artifact before this step and point `report:` at the JSON file inside it.',
    );
  }
  let parsed: ReturnType<typeof GateReport.safeParse>;
  try {
    parsed = GateReport.safeParse(JSON.parse(text));
  } catch (err) {
    throw new ToolFailure(
      `The report file ${file} is not JSON (${(err as Error).message}).`,
      'Point `report:` at the JSON report the audit-gate step wrote (its report-path output).',
    );
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ToolFailure(
      `The report file ${file} is not an audit-gate JSON report: ${issue.path.join('.') || 'top level'}: ${issue.message}.`,
      'Point `report:` at the JSON report the audit-gate step wrote (its report-path output), produced by the same audit-gate version.',
    );
  }
  const checked = recheckReport(parsed.data, {
    failOn: settings.failOn,
    codes: allCodes(),
    waivers: workflowWaivers(new Workspace(settings.workspace), {
      root: settings.workspace,
      ...(settings.config !== undefined ? { file: settings.config } : {}),
      ...(settings.configJson !== undefined ? { json: settings.configJson } : {}),
    }),
    ...(settings.assurance ? { assurance: settings.assurance } : {}),
  });
  if (!checked.ok) {
    const more = checked.more ? `; and ${checked.more} more` : '';
    throw new ToolFailure(
      `The report file ${file} is not published: ${checked.problems.join('; ')}${more}.`,
      'Publish the unedited report of the audit-gate step (its report-path output), written by the same audit-gate version and verified at the assurance this workflow requires; rerun the verifying workflow.',
    );
  }
  return checked.report;
}
