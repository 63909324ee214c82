import * as core from '@actions/core';
import type { GateReport } from '../model/report.js';
import { renderJobSummary, type MarkdownOptions } from '../render/markdown.js';
import { buildAnnotations, type Annotation } from '../github/annotations.js';
import { emitWorkflowAnnotations } from '../github/workflow-commands.js';
import type { Publication } from './publication.js';

/** What every markdown rendering of this run is told: the check's name and the run's page. */
export function markdownOptions(pub: Publication): MarkdownOptions {
  return { checkName: pub.settings.checkName, ...(pub.url ? { runUrl: pub.url } : {}) };
}

/** Every located finding as an annotation (none, with a warning, if that fails). */
export function annotationsOf(report: GateReport): Annotation[] {
  try {
    return buildAnnotations(report);
  } catch (err) {
    core.warning(`audit-gate could not build annotations: ${(err as Error).message}`);
    return [];
  }
}

/** The job summary: written on every run that has one. */
export async function writeJobSummary(
  pub: Publication,
  report: GateReport,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    if (env['GITHUB_STEP_SUMMARY'])
      await core.summary.addRaw(renderJobSummary(report, markdownOptions(pub)), true).write();
  } catch (err) {
    core.warning(`audit-gate could not write the job summary: ${(err as Error).message}`);
  }
}

/** Workflow-command annotations, when there is no check run to carry them. */
export function annotateWorkflow(
  pub: Publication,
  report: GateReport,
  annotations: Annotation[],
): void {
  if (pub.check && pub.checkDenied === undefined) return;
  emitWorkflowAnnotations(
    annotations,
    {
      error: (m, p) => core.error(m, p),
      warning: (m, p) => core.warning(m, p),
      notice: (m, p) => core.notice(m, p),
      info: (m) => core.info(m),
    },
    // core.setFailed at the end, and the warnings that the check run could not be written.
    { failure: report.conclusion === 'failure' ? 1 : 0, warning: pub.warnings ?? 0 },
  );
}
