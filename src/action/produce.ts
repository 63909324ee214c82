import * as core from '@actions/core';
import type { GateReport } from '../model/report.js';
import { logSafe, plain } from '../render/sanitize.js';
import { verify } from '../pipeline/verify.js';
import type { PublishTarget } from '../github/context.js';
import type { Settings } from '../github/inputs.js';
import { ensureCheckedOut, ensureCommit } from './checkout.js';
import { failureReport } from './failure.js';
import { loadReports, reportFiles, warnIgnoredInputs } from './published-report.js';

/**
 * The report to publish: the workspace verified, or the report of an earlier run (`report:`).
 * Any failure here is a failed gate, never green.
 */
export async function produceReport(
  settings: Settings,
  target: PublishTarget | undefined,
  env: NodeJS.ProcessEnv,
): Promise<GateReport> {
  try {
    if (settings.report) {
      const files = reportFiles(settings);
      core.info(
        files.length === 1
          ? `Publishing the report ${logSafe(plain(files[0]!))}.`
          : `Merging and publishing ${files.length} reports.`,
      );
      warnIgnoredInputs(settings);
      return loadReports(files, settings);
    }
    ensureCheckedOut(settings.workspace);
    if (target) ensureCommit(settings.workspace, target, env);
    return await verifyWorkspace(settings);
  } catch (err) {
    return failureReport(settings, err);
  }
}

function verifyWorkspace(settings: Settings): Promise<GateReport> {
  return verify({
    root: settings.workspace,
    ...(settings.config ? { config: settings.config } : {}),
    ...(settings.configJson ? { configJson: settings.configJson } : {}),
    ...(settings.paths ? { paths: settings.paths } : {}),
    ...(settings.papers ? { papers: settings.papers } : {}),
    ...(settings.targets ? { targets: settings.targets } : {}),
    ...(settings.assurance ? { assurance: settings.assurance } : {}),
    ...(settings.effort ? { effort: settings.effort } : {}),
    ...(settings.fixtures !== undefined ? { fixtures: settings.fixtures } : {}),
    ...(settings.defaultFixtures ? { defaultFixtures: settings.defaultFixtures } : {}),
    ...(settings.allowEmpty !== undefined ? { allowEmpty: settings.allowEmpty } : {}),
    ...(settings.shard ? { shard: settings.shard } : {}),
    emptyRemediation:
      'Point audit-gate at the paper or run directories (the paths input, or a config file), or set `allow-empty: true` if an empty run is expected.',
    failOn: settings.failOn,
    // Progress names directories: escaped, so a name cannot be a workflow command in the
    // log (a newline starting ::error or ::stop-commands, or a legacy ##[error]).
    onProgress: (m) => core.info(logSafe(plain(m))),
  });
}
