import type { GateReport } from '../../src/model/report.js';
import { buildAnnotations } from '../../src/github/annotations.js';
import { allCodes, packs } from '../../src/packs/registry.js';
import {
  CHECK_OUTPUT_LIMIT,
  COMMENT_LIMIT,
  checkTitle,
  renderCards,
  renderComment,
  renderJobSummary,
  renderSummary,
} from '../../src/render/markdown.js';
import { renderSarif } from '../../src/render/sarif.js';
import { renderText } from '../../src/render/text.js';

/** Every rendering of a report that reaches a user, as the CLI and the Action produce them. */
export function renderAll(report: GateReport): Record<string, string> {
  const md = { checkName: 'audit-gate', runUrl: 'https://github.com/o/r/actions/runs/1' };
  return {
    text: renderText(report),
    title: checkTitle(report),
    summary: renderSummary(report, { ...md, limit: CHECK_OUTPUT_LIMIT - 400 }),
    cards: renderCards(report, { ...md, limit: CHECK_OUTPUT_LIMIT }),
    comment: renderComment(report, { ...md, limit: COMMENT_LIMIT }),
    jobSummary: renderJobSummary(report, md),
    sarif: JSON.stringify(renderSarif(report, { codes: allCodes() })),
    annotations: JSON.stringify(buildAnnotations(report)),
    packOutputs: JSON.stringify(renderPackOutputs(report)),
  };
}

/** Every pack output (the legacy ARIS report, trace verification reports, …) of every target. */
function renderPackOutputs(report: GateReport): unknown[] {
  return packs().flatMap((pack) =>
    Object.values(pack.outputs ?? {}).flatMap((output) =>
      report.targets.filter((t) => t.pack === pack.id).map((t) => output.render(report, t.id)),
    ),
  );
}
