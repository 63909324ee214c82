import type { Api } from './client.js';
import { httpStatus } from './client.js';
import type { PublishTarget } from './context.js';

/** The login GITHUB_TOKEN comments as. */
export const ACTIONS_BOT = 'github-actions[bot]';

export interface IssueComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { login?: string; type?: string } | null;
}

export type CommentMode = 'failures' | 'always' | 'off';

export interface CommentResult {
  action: 'created' | 'updated' | 'skipped';
  url?: string;
  id?: number;
  reason?: string;
}

/** The most comments read while looking for ours (100 pages of 100). */
const MAX_COMMENT_PAGES = 100;

/** The login comments made through a GitHub App's installation token are authored by. */
export function appBotLogin(appSlug: string): string {
  return `${appSlug}[bot]`;
}

/**
 * Who a personal access token comments as (GET /user). Installation tokens (GITHUB_TOKEN, GitHub
 * App tokens) are refused there: undefined.
 */
export async function tokenLogin(api: Api): Promise<string | undefined> {
  try {
    const res = await api.rest.users.getAuthenticated();
    return res.data.login || undefined;
  } catch (err) {
    const s = httpStatus(err);
    if (s === 401 || s === 403 || s === 404) return undefined;
    throw err;
  }
}

/**
 * Every comment on the pull request that starts with the marker, oldest first (all pages). Ours
 * always start with it; a marker further down is quoted text (a path in a code span can be any
 * check's marker), and would let one check take another check's comment for its own.
 */
export async function markedComments(
  api: Api,
  t: PublishTarget,
  pull: number,
  marker: string,
): Promise<IssueComment[]> {
  let pages = 0;
  const all = await api.paginate(
    api.rest.issues.listComments,
    { owner: t.owner, repo: t.repo, issue_number: pull, per_page: 100 },
    (res, done) => {
      if (++pages >= MAX_COMMENT_PAGES) done();
      return res.data;
    },
  );
  return all.filter((c) => typeof c.body === 'string' && c.body.startsWith(marker));
}

/**
 * Whether a marked comment is this check's own. With a known login (the check run's App, or a
 * personal token's user) only that author's comment is; without one, only a bot's: the comments
 * of an installation token are authored by `<app>[bot]`, never by a person, so a marker pasted
 * into a person's comment never makes it ours.
 */
function isOwn(c: IssueComment, login: string | undefined): boolean {
  const author = c.user?.login;
  if (login !== undefined) return author === login;
  return c.user?.type === 'Bot' && typeof author === 'string' && author.endsWith('[bot]');
}

/**
 * Finds this check's comment (marker + author) and updates it in place, or creates it. `author` is
 * the login the token comments as when known (from the check run's App); otherwise GET /user
 * answers it for a personal token. With `failures`, a green run creates nothing but still turns an
 * existing comment green; with `off`, nothing is touched.
 */
export async function upsertComment(
  api: Api,
  t: PublishTarget,
  opts: { mode: CommentMode; marker: string; body: string; failing: boolean; author?: string },
): Promise<CommentResult> {
  if (opts.mode === 'off') return { action: 'skipped', reason: 'comment: off' };
  if (t.pullNumber === undefined)
    return { action: 'skipped', reason: 'no pull request for this run' };
  const marked = await markedComments(api, t, t.pullNumber, opts.marker);
  let mine: IssueComment | undefined;
  if (marked.length > 0) {
    const login = opts.author ?? (await tokenLogin(api));
    mine = marked.find((c) => isOwn(c, login));
  }
  if (mine) {
    const res = await api.rest.issues.updateComment({
      owner: t.owner,
      repo: t.repo,
      comment_id: mine.id,
      body: opts.body,
    });
    return { action: 'updated', id: mine.id, url: res.data.html_url ?? mine.html_url };
  }
  if (opts.mode === 'failures' && !opts.failing)
    return { action: 'skipped', reason: 'nothing failed and no earlier comment to update' };
  const res = await api.rest.issues.createComment({
    owner: t.owner,
    repo: t.repo,
    issue_number: t.pullNumber,
    body: opts.body,
  });
  return { action: 'created', id: res.data.id, url: res.data.html_url };
}

/** For workflow_run from a fork (GitHub lists no pull requests there): the open PR whose head is this commit. */
export async function findPullByHead(api: Api, t: PublishTarget): Promise<number | undefined> {
  if (!t.lookup) return undefined;
  const res = await api.rest.pulls.list({
    owner: t.owner,
    repo: t.repo,
    state: 'open',
    head: `${t.lookup.headOwner}:${t.lookup.headBranch}`,
    per_page: 100,
  });
  return res.data.find((p) => p.head?.sha === t.sha)?.number;
}
