import type { Conclusion } from '../model/report.js';
import { CHECK_OUTPUT_LIMIT, clip, sizeOf } from '../render/markdown.js';
import type { Annotation } from './annotations.js';
import type { Api } from './client.js';
import type { PublishTarget } from './context.js';

/** The Checks API takes at most 50 annotations per request; more go in repeated updates (they append). */
export const ANNOTATION_BATCH = 50;
/**
 * A documented cap on annotations per check run (20 updates). Past it, the summary says how many
 * were left out and where to find them; nothing is dropped silently.
 */
export const MAX_ANNOTATIONS = 1000;

export interface CheckRunRef {
  id: number;
  url: string;
  /**
   * The GitHub App the token belongs to (`github-actions` for GITHUB_TOKEN, the App's slug for an
   * App installation token): its comments are authored by `<slug>[bot]`.
   */
  appSlug?: string;
}

export interface CheckOutput {
  title: string;
  summary: string;
  text?: string;
}

/**
 * GitHub rejects (422) a check-run output.summary or output.text over 65,535 UTF-8 bytes, which
 * would leave the check run pending for ever: both are clipped here, on a character boundary and
 * with a visible note, keeping `note` whole at the end of the summary.
 */
function withinLimits(output: CheckOutput, note = ''): CheckOutput {
  return {
    ...output,
    summary: clip(output.summary, CHECK_OUTPUT_LIMIT - sizeOf(note, 'bytes'), 'bytes') + note,
    ...(output.text !== undefined ? { text: clip(output.text, CHECK_OUTPUT_LIMIT, 'bytes') } : {}),
  };
}

function ref(data: {
  id?: unknown;
  html_url?: unknown;
  app?: { slug?: unknown } | null;
}): CheckRunRef {
  if (typeof data?.id !== 'number')
    throw new Error('GitHub answered the check-run request without an id.');
  const slug = data.app?.slug;
  return {
    id: data.id,
    url: typeof data.html_url === 'string' ? data.html_url : '',
    ...(typeof slug === 'string' && slug ? { appSlug: slug } : {}),
  };
}

/** Creates the check run on the target commit, `in_progress`, before anything is verified. */
export async function createCheckRun(
  api: Api,
  t: PublishTarget,
  name: string,
  output: CheckOutput,
  detailsUrl?: string,
): Promise<CheckRunRef> {
  const res = await api.rest.checks.create({
    owner: t.owner,
    repo: t.repo,
    name,
    head_sha: t.sha,
    status: 'in_progress',
    started_at: new Date().toISOString(),
    ...(detailsUrl ? { details_url: detailsUrl } : {}),
    output: withinLimits(output),
  });
  return ref(res.data);
}

export function batches<T>(items: T[], size = ANNOTATION_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface CompleteResult {
  sent: number;
  omitted: number;
  requests: number;
}

/**
 * Sends every annotation in batches of 50 through check-run updates, and completes the run with
 * its conclusion in the last update. Past MAX_ANNOTATIONS the summary carries a visible note.
 */
export async function completeCheckRun(
  api: Api,
  t: PublishTarget,
  run: CheckRunRef,
  conclusion: Conclusion,
  output: CheckOutput,
  annotations: Annotation[],
): Promise<CompleteResult> {
  const kept = annotations.slice(0, MAX_ANNOTATIONS);
  const omitted = annotations.length - kept.length;
  const out = withinLimits(
    output,
    omitted > 0
      ? `\n\n> **Annotations capped:** ${omitted} more annotation${omitted === 1 ? '' : 's'} past the first ${MAX_ANNOTATIONS} are not attached to this check run; they are all in the JSON report and the job summary.\n`
      : '',
  );
  const groups = batches(kept);
  if (groups.length === 0) groups.push([]);
  let requests = 0;
  for (const [i, group] of groups.entries()) {
    const last = i === groups.length - 1;
    await api.rest.checks.update({
      owner: t.owner,
      repo: t.repo,
      check_run_id: run.id,
      ...(last ? { status: 'completed', conclusion, completed_at: new Date().toISOString() } : {}),
      output: { ...out, ...(group.length ? { annotations: group } : {}) },
    });
    requests++;
  }
  return { sent: kept.length, omitted, requests };
}
