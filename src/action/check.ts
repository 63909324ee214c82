import * as core from '@actions/core';
import type { GateReport, Conclusion } from '../model/report.js';
import { checkTitle, CHECK_OUTPUT_LIMIT, renderCards, renderSummary } from '../render/markdown.js';
import type { Annotation } from '../github/annotations.js';
import { completeCheckRun, createCheckRun } from '../github/check-run.js';
import { describeError } from '../github/client.js';
import { markdownOptions } from './summary.js';
import { refused, type Publication } from './publication.js';

/** Creates the check run, in progress, on the target commit. */
export async function startCheck(pub: Publication): Promise<void> {
  const { api, target, settings } = pub;
  if (!api || !target) return;
  try {
    pub.check = await createCheckRun(
      api,
      target,
      settings.checkName,
      {
        title: 'Verifying audit artifacts…',
        summary: 'audit-gate is verifying the audit artifacts of this commit.',
      },
      pub.url,
    );
    core.info(`Check run "${settings.checkName}" created on ${target.sha} (${target.source}).`);
  } catch (err) {
    refused(pub, `create the check run "${settings.checkName}"`, err);
    pub.checkDenied = describeError(err);
  }
}

/** The last resort for a created check run: the verdict alone, no details or annotations. */
function completeBriefly(
  pub: Publication,
  conclusion: Conclusion,
  title: string,
  summary: string,
): Promise<unknown> {
  return completeCheckRun(pub.api!, pub.target!, pub.check!, conclusion, { title, summary }, []);
}

/**
 * A cancelled job (the runner sends SIGINT, then SIGTERM) must not leave the check pending:
 * once the check run exists (its creation, `started`, may still be in flight), it is completed
 * as failed. `release` removes the handlers once the run has finished.
 */
export function failCheckOnCancel(pub: Publication, started: Promise<void>): () => void {
  const cancelled = (signal: NodeJS.Signals) => {
    const exit = () => process.exit(1);
    void started.then(() =>
      pub.api && pub.target && pub.check
        ? completeBriefly(
            pub,
            'failure',
            'cancelled before verification finished',
            `The workflow run was cancelled (${signal}) before audit-gate finished, so nothing was verified. Re-run the job.`,
          ).then(exit, exit)
        : exit(),
    );
  };
  process.once('SIGINT', cancelled);
  process.once('SIGTERM', cancelled);
  return () => {
    process.off('SIGINT', cancelled);
    process.off('SIGTERM', cancelled);
  };
}

/** The check run completed: summary tables, failure cards, every located finding as an annotation. */
export async function completeCheck(
  pub: Publication,
  report: GateReport,
  annotations: Annotation[],
): Promise<void> {
  const { api, target, check } = pub;
  if (!api || !target || !check) return;
  const md = markdownOptions(pub);
  try {
    const result = await completeCheckRun(
      api,
      target,
      check,
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
        pub,
        report.conclusion,
        checkTitle(report),
        `The full report could not be attached (${describeError(err)}); see the job summary of the workflow run${pub.url ? `: ${pub.url}` : ''}.`,
      );
      core.warning(
        `audit-gate completed the check run without its details: ${describeError(err)}.`,
      );
    } catch {
      refused(pub, 'complete the check run', err);
      pub.checkDenied ??= describeError(err);
    }
  }
}
