import { completeCheck, failCheckOnCancel, startCheck } from './check.js';
import { postComment } from './comment.js';
import { writeReportFiles } from './files.js';
import { concludeStep, setOutputs } from './outputs.js';
import { produceReport } from './produce.js';
import { connect } from './publication.js';
import { settingsOrFail } from './settings.js';
import { annotateWorkflow, annotationsOf, writeJobSummary } from './summary.js';

/**
 * The Action: settings → a check run in progress → verify (or load a published report) →
 * publish (report files, check run with annotations, sticky comment, job summary) → outputs
 * and the step's result. Each step is a module of src/action/.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = settingsOrFail(env);
  if (!settings) return;
  const pub = connect(settings, env);
  const started = startCheck(pub);
  const release = failCheckOnCancel(pub, started);
  await started;

  const written = writeReportFiles(settings, await produceReport(settings, pub.target, env));
  const report = written.report;
  const annotations = annotationsOf(report);
  await completeCheck(pub, report, annotations);
  await postComment(pub, report);
  await writeJobSummary(pub, report, env);
  annotateWorkflow(pub, report, annotations);

  setOutputs(pub, report, written);
  release();
  concludeStep(settings.checkName, report);
}
