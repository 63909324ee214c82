import * as core from '@actions/core';
import { finding, type Finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import { namedInside } from '../io/paths.js';
import { writeReportFile } from '../io/write.js';
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
  return namedInside(file, [workspace]);
}

interface ReportFile {
  /** The Action input that names it. */
  input: 'report-path' | 'sarif-file';
  file: string;
  render: (report: GateReport) => string;
}

export interface Written {
  /** The report to publish: it fails the gate when a file could not be written. */
  report: GateReport;
  /** The JSON report's path, or undefined when audit-gate did not write it. */
  reportPath: string | undefined;
  /** The SARIF's path, or undefined when none was asked for or audit-gate did not write it. */
  sarifFile: string | undefined;
}

/**
 * The JSON report (report-path) and, when asked for, SARIF. A file that cannot be written fails
 * the gate and its output is empty: a later step (upload-artifact, upload-sarif) would otherwise
 * publish whatever the checkout put at that path, such as a forged green report behind a symlink.
 */
export function writeReportFiles(settings: Settings, report: GateReport): Written {
  const files: ReportFile[] = [
    {
      input: 'report-path',
      file: settings.reportPath,
      render: (r) => JSON.stringify(r, null, 2) + '\n',
    },
  ];
  if (settings.sarifFile)
    files.push({
      input: 'sarif-file',
      file: settings.sarifFile,
      render: (r) => JSON.stringify(renderSarif(r, { codes: allCodes() }), null, 2) + '\n',
    });
  const failed = new Map<ReportFile, string>(); // why each file was not written
  const write = (out: ReportFile, r: GateReport) => {
    try {
      writeReportFile(out.file, out.render(r), confinement(out.file, settings.workspace));
      return true;
    } catch (err) {
      failed.set(out, (err as Error).message);
      return false;
    }
  };
  const written = files.filter((out) => write(out, report));
  if (failed.size > 0) {
    report = withBlockingRunFindings(
      report,
      [...failed].map(([out, why]) => unwritten(out, why)),
    );
    // What was written must say that the gate failed too; a file that then fails is not ours.
    for (const out of written)
      if (!write(out, report))
        core.warning(
          `${out.file} holds a report written before the gate failed, and could not be updated; its ${out.input} output is empty.`,
        );
  }
  const path = (input: ReportFile['input']) => {
    const out = files.find((f) => f.input === input);
    return out && !failed.has(out) ? out.file : undefined;
  };
  return { report, reportPath: path('report-path'), sarifFile: path('sarif-file') };
}

function unwritten(out: ReportFile, why: string): Finding {
  return finding(GATE.reportUnwritten, {
    subject: 'gate',
    // The reason may start with the path again ("<file> exists and is not a regular file").
    message: `${out.input} ${out.file} was not written: ${why.startsWith(`${out.file} `) ? why.slice(out.file.length + 1) : why}.`,
  });
}
