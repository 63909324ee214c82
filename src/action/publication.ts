import * as core from '@actions/core';
import { createClient, describeError, isPermissionError, type Api } from '../github/client.js';
import type { CheckRunRef } from '../github/check-run.js';
import { readEventPayload, resolveTarget, runUrl, type PublishTarget } from '../github/context.js';
import type { Settings } from '../github/inputs.js';

const READ_ONLY_HINT =
  'This is expected on pull requests from forks, whose token is read-only. Results go to the job summary and ' +
  'workflow annotations instead, and the job result still follows the verdicts. To publish a check run and a comment ' +
  'for forks, use the two-workflow workflow_run setup (docs/github-action.md); otherwise grant the job ' +
  '`checks: write` and `pull-requests: write`.';

/**
 * Where the results go and what publishing them has done so far. Without a target (no commit to
 * publish on) or an api (no token), only the job summary and workflow annotations are written.
 */
export interface Publication {
  settings: Settings;
  target?: PublishTarget;
  api?: Api;
  /** The workflow run's page. */
  url?: string;
  check?: CheckRunRef;
  checkDenied?: string;
  commentUrl?: string;
  /** Warnings printed about publishing (each takes one of the step's 10 warning slots). */
  warnings?: number;
}

/** The commit and pull request to publish on, and a client when there is a token. */
export function connect(settings: Settings, env: NodeJS.ProcessEnv): Publication {
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
  return {
    settings,
    ...(target ? { target } : {}),
    ...(api ? { api } : {}),
    ...(url ? { url } : {}),
  };
}

/** Logs one clear line the first time the token is refused, instead of a stack trace per call. */
export function refused(pub: Publication, what: string, err: unknown): void {
  if (isPermissionError(err) && pub.checkDenied !== undefined) {
    core.info(`audit-gate cannot ${what} either (${describeError(err)}).`);
    return;
  }
  pub.warnings = (pub.warnings ?? 0) + 1;
  if (isPermissionError(err)) {
    core.warning(`audit-gate cannot ${what} (${describeError(err)}). ${READ_ONLY_HINT}`);
  } else {
    core.warning(
      `audit-gate could not ${what} (${describeError(err)}); the results are in the job summary.`,
    );
  }
}
