import fs from 'node:fs';
import * as core from '@actions/core';
import { finding } from './model/finding.js';
import { GateReport, type Conclusion } from './model/report.js';
import { workflowWaivers } from './config.js';
import { headCommit } from './io/git-index.js';
import { Workspace } from './io/workspace.js';
import { lexicallyInside, writeReportFile } from './io/write.js';
import { allCodes } from './packs/registry.js';
import { GATE } from './policy/codes.js';
import { decide } from './policy/gate.js';
import { mergeReports, readReportFile } from './policy/merge.js';
import { recheckReport } from './policy/recheck.js';
import { expandGlob, isGlob } from './io/glob.js';
import {
  checkTitle,
  COMMENT_LIMIT,
  CHECK_OUTPUT_LIMIT,
  commentMarker,
  isFailing,
  renderCards,
  renderComment,
  renderJobSummary,
  renderSummary,
  units,
} from './render/markdown.js';
import { renderSarif } from './render/sarif.js';
import { logSafe, plain } from './render/sanitize.js';
import { verify } from './verify.js';
import { buildAnnotations } from './github/annotations.js';
import { completeCheckRun, createCheckRun, type CheckRunRef } from './github/check-run.js';
import { createClient, describeError, isPermissionError, type Api } from './github/client.js';
import { appBotLogin, findPullByHead, upsertComment } from './github/comment.js';
import { readEventPayload, resolveTarget, runUrl, type PublishTarget } from './github/context.js';
import { InputError, readSettings, type Settings } from './github/inputs.js';
import { emitWorkflowAnnotations } from './github/workflow-commands.js';

const READ_ONLY_HINT =
  'This is expected on pull requests from forks, whose token is read-only. Results go to the job summary and ' +
  'workflow annotations instead, and the job result still follows the verdicts. To publish a check run and a comment ' +
  'for forks, use the two-workflow workflow_run setup (docs/github-action.md); otherwise grant the job ' +
  '`checks: write` and `pull-requests: write`.';

class ToolFailure extends Error {
  constructor(
    message: string,
    readonly remediation: string,
  ) {
    super(message);
  }
}

/** A report for a run that could not verify anything: the gate fails closed. */
function failureReport(settings: Settings, message: string, remediation: string): GateReport {
  return decide([], {
    root: settings.workspace,
    failOn: settings.failOn,
    runFindings: [finding(GATE.internalError, { subject: 'gate', message, remediation })],
  });
}

function ensureCheckedOut(workspace: string): void {
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(workspace);
  } catch {
    // missing: handled below
  }
  if (entries.length === 0) {
    throw new ToolFailure(
      `The workspace ${workspace} is empty: the repository has not been checked out, so there is nothing to verify.`,
      'Add `- uses: actions/checkout@v4` as a step before audit-gate.',
    );
  }
}

/** Events whose GITHUB_SHA is the pull request's merge commit (a checkout of it is the PR). */
const MERGE_SHA_EVENTS = new Set([
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment',
]);

/**
 * The check run goes on `target.sha`: the checkout must be that commit (or the merge commit of
 * a pull_request event), else a green check would vouch for files nobody verified. With
 * pull_request_target and workflow_run, actions/checkout takes the base branch by default.
 */
function ensureCommit(workspace: string, target: PublishTarget, env: NodeJS.ProcessEnv): void {
  const head = headCommit(workspace);
  if (head === undefined) {
    core.warning(
      `audit-gate cannot tell which commit is checked out in ${workspace} (no readable .git); it assumes ${target.sha}.`,
    );
    return;
  }
  const merge = MERGE_SHA_EVENTS.has(target.eventName) ? env['GITHUB_SHA'] : undefined;
  if (head === target.sha || head === merge) return;
  throw new ToolFailure(
    `The checked-out commit ${head.slice(0, 12)} is not ${target.sha.slice(0, 12)}, the commit this check is published on (${target.source}), so its files cannot vouch for it.`,
    `Check out the commit being gated: with ${target.eventName || 'this event'}, give actions/checkout \`ref: ${target.sha}\` (for pull_request_target, only if the workflow treats the pull request's files as untrusted), or publish a report from a workflow that verified it.`,
  );
}

/**
 * Files written inside the checked-out workspace must really stay there: the checkout is
 * untrusted (a pull request can symlink a directory elsewhere). Paths outside it were chosen in
 * the workflow itself and are written as given.
 */
function confinement(file: string, workspace: string): string | undefined {
  return lexicallyInside(file, workspace) ? workspace : undefined;
}

/**
 * The files the `report:` input names: each line a path, or a glob expanded inside the workspace
 * or the runner's temp dir (where actions/download-artifact puts them), never through a symlink.
 */
function reportFiles(settings: Settings): string[] {
  const roots = [settings.workspace, ...(settings.runnerTemp ? [settings.runnerTemp] : [])];
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
    'Download the report artifact before this step and point `report:` at the JSON file inside it.',
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
function loadReports(files: string[], settings: Settings): GateReport {
  const read = files.map((f) => readReportFile(f));
  const opts = {
    failOn: settings.failOn,
    codes: allCodes(),
    waivers: workflowWaivers(new Workspace(settings.workspace), {
      root: settings.workspace,
      ...(settings.config !== undefined ? { file: settings.config } : {}),
      ...(settings.configJson !== undefined ? { json: settings.configJson } : {}),
    }),
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
      'Publish the unedited report of the audit-gate step (its report-path output), written by the same audit-gate version and verified at the assurance this workflow requires; rerun the verifying workflow.',
    );
  }
  return checked.report;
}

interface PublishState {
  check?: CheckRunRef;
  checkDenied?: string;
  commentUrl?: string;
  /** Warnings printed about publishing (each takes one of the step's 10 warning slots). */
  warnings?: number;
}

/** Logs one clear line the first time the token is refused, instead of a stack trace per call. */
function refused(state: PublishState, what: string, err: unknown): void {
  if (isPermissionError(err) && state.checkDenied !== undefined) {
    core.info(`audit-gate cannot ${what} either (${describeError(err)}).`);
    return;
  }
  state.warnings = (state.warnings ?? 0) + 1;
  if (isPermissionError(err)) {
    core.warning(`audit-gate cannot ${what} (${describeError(err)}). ${READ_ONLY_HINT}`);
  } else {
    core.warning(
      `audit-gate could not ${what} (${describeError(err)}); the results are in the job summary.`,
    );
  }
}

async function startCheck(
  api: Api | undefined,
  target: PublishTarget | undefined,
  settings: Settings,
  state: PublishState,
  url?: string,
): Promise<void> {
  if (!api || !target) return;
  try {
    state.check = await createCheckRun(
      api,
      target,
      settings.checkName,
      {
        title: 'Verifying audit artifacts…',
        summary: 'audit-gate is verifying the audit artifacts of this commit.',
      },
      url,
    );
    core.info(`Check run "${settings.checkName}" created on ${target.sha} (${target.source}).`);
  } catch (err) {
    refused(state, `create the check run "${settings.checkName}"`, err);
    state.checkDenied = describeError(err);
  }
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let settings: Settings;
  try {
    settings = readSettings(env);
  } catch (err) {
    core.setFailed(
      err instanceof InputError
        ? err.message
        : `audit-gate could not read its inputs: ${(err as Error).message}`,
    );
    return;
  }
  // The token is never logged: the runner already masks ${{ github.token }} and secrets, and
  // core.setSecret would echo it in an ::add-mask:: command.

  let target: PublishTarget | undefined;
  try {
    target = resolveTarget(env, readEventPayload(env), settings.pullRequest);
  } catch (err) {
    core.warning(`${(err as Error).message} Publishing only the job summary.`);
  }
  if (target && !settings.token)
    core.info('github-token is empty: publishing only the job summary and workflow annotations.');
  // One matrix job's share is no verdict on the commit: the job that merges the shards publishes.
  if (settings.shard)
    core.info(
      `Verifying shard ${settings.shard.index}/${settings.shard.count}: publishing only the report, the job summary and workflow annotations (the merging job publishes the check run).`,
    );
  const api =
    target && settings.token && !settings.shard
      ? createClient({
          token: settings.token,
          ...(settings.apiUrl ? { baseUrl: settings.apiUrl } : {}),
          ...(settings.retryBaseMs !== undefined ? { retryBaseMs: settings.retryBaseMs } : {}),
          ...(settings.writeIntervalMs !== undefined
            ? { writeIntervalMs: settings.writeIntervalMs }
            : {}),
          log: { warn: (m) => core.info(m), debug: (m) => core.debug(m) },
        })
      : undefined;
  const url = runUrl(env);
  const state: PublishState = {};
  // A cancelled job (the runner sends SIGINT, then SIGTERM) must not leave the check pending:
  // once the check run exists (its creation may still be in flight), it is completed as failed.
  // The last resort for a created check run: the verdict alone, no details or annotations.
  const completeBriefly = (conclusion: Conclusion, title: string, summary: string) =>
    completeCheckRun(api!, target!, state.check!, conclusion, { title, summary }, []);
  let created: Promise<void> = Promise.resolve();
  const cancelled = (signal: NodeJS.Signals) => {
    const exit = () => process.exit(1);
    void created.then(() =>
      api && target && state.check
        ? completeBriefly(
            'failure',
            'cancelled before verification finished',
            `The workflow run was cancelled (${signal}) before audit-gate finished, so nothing was verified. Re-run the job.`,
          ).then(exit, exit)
        : exit(),
    );
  };
  process.once('SIGINT', cancelled);
  process.once('SIGTERM', cancelled);
  created = startCheck(api, target, settings, state, url);
  await created;

  // Verify (or load the report of an earlier run). Any failure here is a failed gate, never green.
  let report: GateReport;
  try {
    if (settings.report) {
      const files = reportFiles(settings);
      core.info(
        files.length === 1
          ? `Publishing the report ${files[0]}.`
          : `Merging and publishing ${files.length} reports.`,
      );
      // assurance: submission still applies (a report verified at another assurance is refused),
      // and so do the waivers of the workflow's own config (a report cannot waive its findings).
      const ignored = (
        [
          ['paths', 'paths'],
          ['assurance', 'assurance'],
          ['effort', 'effort'],
          ['fixtures', 'fixtures'],
        ] as const
      )
        .filter(
          ([k]) =>
            settings[k] !== undefined && !(k === 'assurance' && settings[k] === 'submission'),
        )
        .map(([, name]) => name);
      if (ignored.length)
        core.warning(
          `${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored when publishing a report: the workflow that verified applied its own. fail-on, assurance: submission and the waivers of config / config-json still apply.`,
        );
      report = loadReports(files, settings);
    } else {
      ensureCheckedOut(settings.workspace);
      if (target) ensureCommit(settings.workspace, target, env);
      report = await verify({
        root: settings.workspace,
        ...(settings.config ? { config: settings.config } : {}),
        ...(settings.configJson ? { configJson: settings.configJson } : {}),
        ...(settings.paths ? { paths: settings.paths } : {}),
        ...(settings.assurance ? { assurance: settings.assurance } : {}),
        ...(settings.effort ? { effort: settings.effort } : {}),
        ...(settings.fixtures !== undefined ? { fixtures: settings.fixtures } : {}),
        ...(settings.defaultFixtures ? { defaultFixtures: settings.defaultFixtures } : {}),
        ...(settings.allowEmpty !== undefined ? { allowEmpty: settings.allowEmpty } : {}),
        ...(settings.shard ? { shard: settings.shard } : {}),
        emptyRemediation:
          'Point audit-gate at the paper or run directories (the paths input, or a config file), or set `allow-empty: true` if an empty run is expected.',
        failOn: settings.failOn,
        // Progress names directories: escaped, so a name cannot be a workflow command in the
        // log (a newline starting ::error or ::stop-commands, or a legacy ##[error]).
        onProgress: (m) => core.info(logSafe(plain(m))),
      });
    }
  } catch (err) {
    const tf = err instanceof ToolFailure ? err : undefined;
    report = failureReport(
      settings,
      tf ? tf.message : `audit-gate failed: ${(err as Error).message ?? String(err)}.`,
      tf ? tf.remediation : 'Rerun the job; if it fails again, report this message.',
    );
  }

  // Files: the JSON report (report-path) and SARIF.
  try {
    writeReportFile(
      settings.reportPath,
      JSON.stringify(report, null, 2) + '\n',
      confinement(settings.reportPath, settings.workspace),
    );
  } catch (err) {
    core.warning(
      `audit-gate could not write the JSON report to ${settings.reportPath}: ${(err as Error).message}`,
    );
  }
  if (settings.sarifFile) {
    try {
      writeReportFile(
        settings.sarifFile,
        JSON.stringify(renderSarif(report, { codes: allCodes() }), null, 2) + '\n',
        confinement(settings.sarifFile, settings.workspace),
      );
    } catch (err) {
      core.warning(
        `audit-gate could not write SARIF to ${settings.sarifFile}: ${(err as Error).message}`,
      );
    }
  }

  const md = { checkName: settings.checkName, ...(url ? { runUrl: url } : {}) };
  let annotations: ReturnType<typeof buildAnnotations> = [];
  try {
    annotations = buildAnnotations(report);
  } catch (err) {
    core.warning(`audit-gate could not build annotations: ${(err as Error).message}`);
  }

  // The check run: summary tables, failure cards, every located finding as an annotation.
  if (api && target && state.check) {
    try {
      const result = await completeCheckRun(
        api,
        target,
        state.check,
        report.conclusion,
        {
          title: checkTitle(report),
          summary: renderSummary(report, { ...md, limit: CHECK_OUTPUT_LIMIT - 400 }),
          text: renderCards(report, { ...md, limit: CHECK_OUTPUT_LIMIT }),
        },
        annotations,
      );
      core.info(
        `Check run completed: ${report.conclusion}, ${result.sent} annotations in ${result.requests} update${result.requests === 1 ? '' : 's'}.`,
      );
    } catch (err) {
      // A check run left in_progress keeps a required check pending for ever: complete it
      // with the verdict alone (no annotations, a short summary) before giving up.
      try {
        await completeBriefly(
          report.conclusion,
          checkTitle(report),
          `The full report could not be attached (${describeError(err)}); see the job summary of the workflow run${url ? `: ${url}` : ''}.`,
        );
        core.warning(
          `audit-gate completed the check run without its details: ${describeError(err)}.`,
        );
      } catch {
        refused(state, 'complete the check run', err);
        state.checkDenied ??= describeError(err);
      }
    }
  }

  // The sticky pull-request comment.
  if (api && target && settings.comment !== 'off') {
    try {
      if (target.pullNumber === undefined && target.lookup) {
        const n = await findPullByHead(api, target);
        if (n !== undefined) target.pullNumber = n;
      }
      const failing = units(report).some(isFailing);
      const res = await upsertComment(api, target, {
        mode: settings.comment,
        marker: commentMarker(settings.checkName),
        body: renderComment(report, { ...md, limit: COMMENT_LIMIT }),
        failing,
        // The check run's App is who the token comments as (GET /user refuses App tokens).
        ...(state.check?.appSlug ? { author: appBotLogin(state.check.appSlug) } : {}),
      });
      if (res.action === 'skipped') core.info(`No pull-request comment: ${res.reason}.`);
      else core.info(`Pull-request comment ${res.action}: ${res.url ?? ''}`);
      if (res.url) state.commentUrl = res.url;
    } catch (err) {
      refused(state, 'write the pull-request comment', err);
    }
  }

  // Job summary (always), and workflow-command annotations when there is no check run to carry them.
  try {
    if (env['GITHUB_STEP_SUMMARY'])
      await core.summary.addRaw(renderJobSummary(report, md), true).write();
  } catch (err) {
    core.warning(`audit-gate could not write the job summary: ${(err as Error).message}`);
  }
  if (!state.check || state.checkDenied !== undefined) {
    emitWorkflowAnnotations(
      annotations,
      {
        error: (m, p) => core.error(m, p),
        warning: (m, p) => core.warning(m, p),
        notice: (m, p) => core.notice(m, p),
        info: (m) => core.info(m),
      },
      // core.setFailed below, and the warning that the check run could not be written.
      { failure: report.conclusion === 'failure' ? 1 : 0, warning: state.warnings ?? 0 },
    );
  }

  const c = report.counts;
  core.setOutput('conclusion', report.conclusion);
  core.setOutput('submission-ready', report.submission_ready);
  core.setOutput('report-path', settings.reportPath);
  core.setOutput('subjects', c.subjects);
  core.setOutput('pass', c.pass);
  core.setOutput('problem', c.problem);
  core.setOutput('blocking', c.blocking);
  core.setOutput('skipped', c.skipped);
  core.setOutput('errors', c.errors);
  core.setOutput('warnings', c.warnings);
  core.setOutput('check-run-id', state.check ? String(state.check.id) : '');
  core.setOutput('check-run-url', state.check?.url ?? '');
  core.setOutput('comment-url', state.commentUrl ?? '');

  process.off('SIGINT', cancelled);
  process.off('SIGTERM', cancelled);
  core.info(`${settings.checkName}: ${report.conclusion} — ${checkTitle(report)}`);
  if (report.conclusion === 'failure') {
    // Findings about the run itself (nothing verified, no checkout, unreadable report) are spelled out here.
    const subjects = new Set([
      ...report.subjects.map((x) => x.id),
      ...report.targets.map((t) => t.id),
    ]);
    const runLevel = report.findings
      .filter((f) => f.blocking && !subjects.has(f.subject))
      .map((f) => ` ${f.message} ${f.remediation}`);
    core.setFailed(
      `${settings.checkName}: ${checkTitle(report)}.${runLevel.join('')} The failure cards in the job summary say what to fix.`,
    );
  }
}
