import type { Api } from './client.js';
import { httpStatus } from './client.js';
import type { PublishTarget } from './context.js';

/** The login GITHUB_TOKEN comments as; used when the token cannot tell who it is (GET /user 403). */
export const ACTIONS_BOT = 'github-actions[bot]';

export interface IssueComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { login?: string } | null;
}

export type CommentMode = 'failures' | 'always' | 'off';

export interface CommentResult {
  action: 'created' | 'updated' | 'skipped';
  url?: string;
  id?: number;
  reason?: string;
}

/** Who the token comments as: GET /user for a personal token; GitHub's Actions bot for GITHUB_TOKEN. */
export async function tokenLogin(api: Api): Promise<string> {
  try {
    const res = await api.request('GET /user');
    const login = (res.data as { login?: unknown }).login;
    return typeof login === 'string' && login ? login : ACTIONS_BOT;
  } catch (err) {
    const s = httpStatus(err);
    if (s === 401 || s === 403 || s === 404) return ACTIONS_BOT;
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
  const found: IssueComment[] = [];
  const perPage = 100;
  for (let page = 1; page <= 100; page++) {
    const res = await api.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: t.owner,
      repo: t.repo,
      issue_number: pull,
      per_page: perPage,
      page,
    });
    const list = Array.isArray(res.data) ? (res.data as IssueComment[]) : [];
    for (const c of list) if (typeof c.body === 'string' && c.body.startsWith(marker)) found.push(c);
    if (list.length < perPage) break;
  }
  return found;
}

/**
 * Finds this check's comment (marker + author, so a human quoting the marker is never edited) and
 * updates it in place, or creates it. With `failures`, a green run creates nothing but still turns
 * an existing comment green; with `off`, nothing is touched.
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
    const author = opts.author ?? (await tokenLogin(api));
    mine = marked.find((c) => c.user?.login === author);
  }
  if (mine) {
    const res = await api.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: t.owner,
      repo: t.repo,
      comment_id: mine.id,
      body: opts.body,
    });
    const d = res.data as IssueComment;
    return { action: 'updated', id: mine.id, url: d.html_url ?? mine.html_url };
  }
  if (opts.mode === 'failures' && !opts.failing)
    return { action: 'skipped', reason: 'nothing failed and no earlier comment to update' };
  const res = await api.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: t.owner,
    repo: t.repo,
    issue_number: t.pullNumber,
    body: opts.body,
  });
  const d = res.data as IssueComment;
  return { action: 'created', id: d.id, url: d.html_url };
}

/** For workflow_run from a fork (GitHub lists no pull requests there): the open PR whose head is this commit. */
export async function findPullByHead(api: Api, t: PublishTarget): Promise<number | undefined> {
  if (!t.lookup) return undefined;
  const res = await api.request('GET /repos/{owner}/{repo}/pulls', {
    owner: t.owner,
    repo: t.repo,
    state: 'open',
    head: `${t.lookup.headOwner}:${t.lookup.headBranch}`,
    per_page: 100,
  });
  const list = Array.isArray(res.data)
    ? (res.data as { number: number; head?: { sha?: string } }[])
    : [];
  return list.find((p) => p.head?.sha === t.sha)?.number;
}
