import * as core from '@actions/core';
import type { GateReport } from '../model/report.js';
import { lexicallyInside, writeReportFile } from '../io/write.js';
import { allCodes } from '../packs/registry.js';
import { renderSarif } from '../render/sarif.js';
import type { Settings } from '../github/inputs.js';

/**
 * Files written inside the checked-out workspace must really stay there: the checkout is
 * untrusted (a pull request can symlink a directory elsewhere). Paths outside it were chosen in
 * the workflow itself and are written as given.
 */
function confinement(file: string, workspace: string): string | undefined {
  return lexicallyInside(file, workspace) ? workspace : undefined;
}

/** The JSON report (report-path) and, when asked for, SARIF; a write that fails is a warning. */
export function writeReportFiles(settings: Settings, report: GateReport): void {
  try {
    writeReportFile(
      settings.reportPath,
      JSON.stringify(report, null, 2) + '\n',
      confinement(settings.reportPath, settings.workspace),
    );
  } catch (err) {
    core.warning(
      `audit-gate could not write the JSON report to ${settings.reportPath}: ${(err as Error).message}`,
    );
  }
  if (!settings.sarifFile) return;
  try {
    writeReportFile(
      settings.sarifFile,
      JSON.stringify(renderSarif(report, { codes: allCodes() }), null, 2) + '\n',
      confinement(settings.sarifFile, settings.workspace),
    );
  } catch (err) {
    core.warning(
      `audit-gate could not write SARIF to ${settings.sarifFile}: ${(err as Error).message}`,
    );
  }
}
