import * as core from '@actions/core';
import { finding, type Finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import { lexicallyInside, writeReportFile } from '../io/write.js';
import { GATE } from '../policy/codes.js';
import { withBlockingRunFindings } from '../policy/gate.js';
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

interface ReportFile {
  file: string;
  what: string;
  render: (report: GateReport) => string;
}

export interface Written {
  /** The report to publish: it fails the gate when a file could not be written. */
  report: GateReport;
  /** The JSON report's path, or undefined when it was not written (nothing there is ours). */
  reportPath: string | undefined;
}

/**
 * The JSON report (report-path) and, when asked for, SARIF. A file that cannot be written fails
 * the gate: a later step (upload-artifact, upload-sarif) would otherwise publish whatever the
 * checkout put at that path, such as a forged green report behind a symlink or a directory.
 */
export function writeReportFiles(settings: Settings, report: GateReport): Written {
  const files: ReportFile[] = [
    {
      file: settings.reportPath,
      what: 'The JSON report',
      render: (r) => JSON.stringify(r, null, 2) + '\n',
    },
  ];
  if (settings.sarifFile)
    files.push({
      file: settings.sarifFile,
      what: 'SARIF',
      render: (r) => JSON.stringify(renderSarif(r, { codes: allCodes() }), null, 2) + '\n',
    });
  const refused = new Set<ReportFile>();
  const write = (out: ReportFile, r: GateReport): Finding | undefined => {
    try {
      writeReportFile(out.file, out.render(r), confinement(out.file, settings.workspace));
      return undefined;
    } catch (err) {
      refused.add(out);
      return finding(GATE.reportUnwritten, {
        subject: 'gate',
        message: `${out.what} could not be written to ${out.file}: ${(err as Error).message}.`,
      });
    }
  };
  const failed = files.map((out) => write(out, report)).filter((f) => f !== undefined);
  if (failed.length === 0) return { report, reportPath: settings.reportPath };
  const failing = withBlockingRunFindings(report, failed);
  // What was written must say that the gate failed too.
  for (const out of files)
    if (!refused.has(out) && write(out, failing))
      core.warning(`${out.file} holds the report before ${out.what} failed; do not publish it.`);
  return {
    report: failing,
    reportPath: refused.has(files[0]!) ? undefined : settings.reportPath,
  };
}
