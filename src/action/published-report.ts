import * as core from '@actions/core';
import { workflowRules } from '../config/config.js';
import { Workspace } from '../io/workspace.js';
import type { GateReport } from '../model/report.js';
import { expandGlob, isGlob } from '../io/glob.js';
import { mergeReports, readReportFiles } from '../policy/merge.js';
import { allCodes, assurancePacks, packs } from '../packs/registry.js';
import { recheckReport } from '../policy/recheck.js';
import type { Settings } from '../github/inputs.js';
import { ToolFailure } from './failure.js';

/**
 * The inputs that only verifying uses, given with `report:`: a warning names them. assurance:
 * submission still applies (a report verified at another assurance is refused), and so do the
 * waivers of the workflow's own config (a report cannot waive its findings).
 */
export function warnIgnoredInputs(settings: Settings): void {
  const ignored = (
    [
      ['paths', 'paths'],
      ['papers', 'papers'],
      ['targets', 'targets'],
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

/** Where reports are read from: the workspace, and the runner's temp dir (downloaded artifacts). */
const reportRoots = (settings: Settings): string[] => [
  settings.workspace,
  ...(settings.runnerTemp ? [settings.runnerTemp] : []),
];

/**
 * The files the `report:` input names: each line a path, or a glob expanded inside the workspace
 * or the runner's temp dir (where actions/download-artifact puts them), never through a symlink.
 */
export function reportFiles(settings: Settings): string[] {
  const roots = reportRoots(settings);
  return settings.report!.flatMap((pattern) => {
    if (!isGlob(pattern)) return [pattern];
    const expanded = expandGlob(pattern, roots);
    if (!expanded.ok || expanded.files.length === 0)
      throw new ToolFailure(
        `The report pattern ${pattern} ${expanded.ok ? 'matches no file' : expanded.problem}.`,
        'Download the report artifacts before this step (actions/download-artifact) into the workspace or $RUNNER_TEMP, and point `report:` at their JSON files.',
      );
    return expanded.files;
  });
}

const REPORT_REMEDIATION = {
  unreadable:
    'Download the report artifact before this step and point `report:` at the JSON file inside it (the file itself, not a symlink to it).',
  not_json:
    'Point `report:` at the JSON report the audit-gate step wrote (its report-path output).',
  not_report:
    'Point `report:` at the JSON report the audit-gate step wrote (its report-path output), produced by the same audit-gate version.',
} as const;

/**
 * Reads the reports produced by earlier audit-gate runs (the workflow_run half of the fork setup,
 * or the shard reports of a matrix). They come from other workflows, so each one's verdict is
 * decided again (recheckReport) and a report that contradicts its own findings is refused. Shard
 * reports are merged (mergeReports), failing closed on a missing or duplicated shard.
 */
export function loadReports(files: string[], settings: Settings): GateReport {
  const roots = reportRoots(settings);
  const read = readReportFiles(
    files.map((f) => ({ file: f, name: f })),
    roots,
  );
  const opts = {
    failOn: settings.failOn,
    codes: allCodes(),
    assurancePacks: assurancePacks(),
    ...workflowRules(
      new Workspace(settings.workspace),
      {
        root: settings.workspace,
        ...(settings.config !== undefined ? { file: settings.config } : {}),
        ...(settings.configJson !== undefined ? { json: settings.configJson } : {}),
      },
      packs(),
    ),
    ...(settings.assurance ? { assurance: settings.assurance } : {}),
  };
  const one = read.length === 1 ? read[0]! : undefined;
  if (!one || (one.ok && one.report.shard !== undefined))
    return mergeReports(read, {
      ...opts,
      emptyRemediation:
        'Give `report:` the reports of every verify job (a glob such as reports/**/report.json), or set allow-empty on them if an empty run is expected.',
    });
  const file = one.name;
  if (!one.ok)
    throw new ToolFailure(`The report file ${file} ${one.problem}.`, REPORT_REMEDIATION[one.kind]);
  const checked = recheckReport(one.report, opts);
  if (!checked.ok) {
    const more = checked.more ? `; and ${checked.more} more` : '';
    throw new ToolFailure(
      `The report file ${file} is not published: ${checked.problems.join('; ')}${more}.`,
      'Publish the unedited report of the audit-gate step (its report-path output), written by the same audit-gate version and verified at the assurance and with the options this workflow requires; rerun the verifying workflow.',
    );
  }
  return checked.report;
}
