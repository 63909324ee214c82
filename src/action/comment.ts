import * as core from '@actions/core';
import type { GateReport } from '../model/report.js';
import {
  COMMENT_LIMIT,
  commentMarker,
  isFailing,
  renderComment,
  units,
} from '../render/markdown.js';
import { appBotLogin, findPullByHead, upsertComment } from '../github/comment.js';
import { markdownOptions } from './summary.js';
import { refused, type Publication } from './publication.js';

/** The sticky pull-request comment (settings.comment says when). */
export async function postComment(pub: Publication, report: GateReport): Promise<void> {
  const { api, target, settings } = pub;
  if (!api || !target || settings.comment === 'off') return;
  try {
    if (target.pullNumber === undefined && target.lookup) {
      const n = await findPullByHead(api, target);
      if (n !== undefined) target.pullNumber = n;
    }
    const failing = units(report).some(isFailing);
    const res = await upsertComment(api, target, {
      mode: settings.comment,
      marker: commentMarker(settings.checkName),
      body: renderComment(report, { ...markdownOptions(pub), limit: COMMENT_LIMIT }),
      failing,
      // The check run's App is who the token comments as (GET /user refuses App tokens).
      ...(pub.check?.appSlug ? { author: appBotLogin(pub.check.appSlug) } : {}),
    });
    if (res.action === 'skipped') core.info(`No pull-request comment: ${res.reason}.`);
    else core.info(`Pull-request comment ${res.action}: ${res.url ?? ''}`);
    if (res.url) pub.commentUrl = res.url;
  } catch (err) {
    refused(pub, 'write the pull-request comment', err);
  }
}
