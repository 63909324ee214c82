import fs from 'node:fs';
import * as core from '@actions/core';
import { headCommit } from '../io/git-index.js';
import type { PublishTarget } from '../github/context.js';
import { ToolFailure } from './failure.js';

export function ensureCheckedOut(workspace: string): void {
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
export function ensureCommit(
  workspace: string,
  target: PublishTarget,
  env: NodeJS.ProcessEnv,
): void {
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
