import fs from 'node:fs';

/**
 * Where to publish: the repository, the commit a check run belongs on, and the pull request a
 * comment belongs on, resolved from the event that started the workflow.
 */
export interface PublishTarget {
  owner: string;
  repo: string;
  /** The commit the check run goes on: a PR's head commit, never the merge commit. */
  sha: string;
  /** The pull request for the comment, when one is known. */
  pullNumber?: number;
  /** For workflow_run from a fork, where the PR has to be looked up by head branch. */
  lookup?: { headOwner: string; headBranch: string };
  eventName: string;
  /** How the sha was chosen, for the log. */
  source: string;
}

export interface RunnerEnv {
  GITHUB_EVENT_NAME?: string;
  GITHUB_EVENT_PATH?: string;
  GITHUB_SHA?: string;
  GITHUB_REPOSITORY?: string;
  GITHUB_SERVER_URL?: string;
  GITHUB_RUN_ID?: string;
  GITHUB_RUN_ATTEMPT?: string;
  [key: string]: string | undefined;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}

export function readEventPayload(env: RunnerEnv): Json {
  const file = env.GITHUB_EVENT_PATH;
  if (!file || !fs.existsSync(file)) return {};
  try {
    return obj(JSON.parse(fs.readFileSync(file, 'utf8'))) ?? {};
  } catch {
    return {};
  }
}

const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
]);

/**
 * Resolves the publish target. `pull_request*` → the PR's head sha (GITHUB_SHA is the merge
 * commit); `workflow_run` → the triggering run's head sha and its pull request; anything else
 * (push, workflow_dispatch, schedule) → GITHUB_SHA, with `pullRequest` naming a PR if given.
 */
export function resolveTarget(env: RunnerEnv, payload: Json, pullRequest?: number): PublishTarget {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const repoFull = env.GITHUB_REPOSITORY ?? str(obj(payload['repository'])?.['full_name']) ?? '';
  const [owner = '', repo = ''] = repoFull.split('/');
  if (!owner || !repo)
    throw new Error(
      'GITHUB_REPOSITORY is not set; run audit-gate as a step of a GitHub Actions job.',
    );

  if (PULL_REQUEST_EVENTS.has(eventName)) {
    const pr = obj(payload['pull_request']);
    const sha = str(obj(pr?.['head'])?.['sha']);
    const number = num(pr?.['number']) ?? num(payload['number']);
    if (sha) {
      return {
        owner,
        repo,
        sha,
        eventName,
        source: 'pull_request.head.sha',
        ...((pullRequest ?? number) ? { pullNumber: pullRequest ?? number } : {}),
      };
    }
  }
  if (eventName === 'workflow_run') {
    const run = obj(payload['workflow_run']);
    const sha = str(run?.['head_sha']);
    if (sha) {
      const prs = Array.isArray(run?.['pull_requests']) ? (run['pull_requests'] as unknown[]) : [];
      // Only a pull request whose head is this very sha: GitHub also lists those that merely share
      // the run's branch name (another fork's, or this one's after a newer push), and the comment
      // would then speak for a commit that was never verified. None for forks: the lookup below.
      const match = prs.map(obj).find((p) => str(obj(p?.['head'])?.['sha']) === sha);
      const number = pullRequest ?? num(match?.['number']);
      const headRepo = obj(run?.['head_repository']);
      const headOwner = str(obj(headRepo?.['owner'])?.['login']);
      const headBranch = str(run?.['head_branch']);
      const triggeredByPr = PULL_REQUEST_EVENTS.has(str(run?.['event']) ?? '');
      return {
        owner,
        repo,
        sha,
        eventName,
        source: 'workflow_run.head_sha',
        ...(number ? { pullNumber: number } : {}),
        ...(!number && triggeredByPr && headOwner && headBranch
          ? { lookup: { headOwner, headBranch } }
          : {}),
      };
    }
  }
  const sha = env.GITHUB_SHA;
  if (!sha)
    throw new Error('GITHUB_SHA is not set; run audit-gate as a step of a GitHub Actions job.');
  return {
    owner,
    repo,
    sha,
    eventName,
    source: 'GITHUB_SHA',
    ...(pullRequest ? { pullNumber: pullRequest } : {}),
  };
}

/** The link to this workflow run, for the comment and the check run's details. */
export function runUrl(env: RunnerEnv): string | undefined {
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  if (!env.GITHUB_REPOSITORY || !env.GITHUB_RUN_ID || !/^\d+$/.test(env.GITHUB_RUN_ID))
    return undefined;
  if (!/^https?:\/\/[^\s()<>]+$/.test(server) || !/^[\w.-]+\/[\w.-]+$/.test(env.GITHUB_REPOSITORY))
    return undefined;
  const attempt =
    env.GITHUB_RUN_ATTEMPT && /^\d+$/.test(env.GITHUB_RUN_ATTEMPT)
      ? `/attempts/${env.GITHUB_RUN_ATTEMPT}`
      : '';
  return `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}${attempt}`;
}
