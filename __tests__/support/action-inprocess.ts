import fs from 'node:fs';
import path from 'node:path';
import { run } from '../../src/action/main.js';
import { parseOutputFile } from './action-runner.js';

export interface InProcessRun {
  /** Everything the Action printed (log lines and workflow commands). */
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
  /** process.exitCode as the Action left it (1 after core.setFailed). */
  exitCode: number | string | undefined;
}

/**
 * Runs the Action's `run()` in this process, without a token or an event (so nothing is sent to
 * GitHub): inputs as INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files in `tmp`.
 * Faster than starting dist/index.js, for properties that need many runs.
 */
export async function runActionInProcess(
  workspace: string,
  tmp: string,
  inputs: Record<string, string>,
): Promise<InProcessRun> {
  fs.mkdirSync(tmp, { recursive: true });
  const outputFile = path.join(tmp, 'output');
  const summaryFile = path.join(tmp, 'summary');
  fs.writeFileSync(outputFile, '');
  fs.writeFileSync(summaryFile, '');
  const env: NodeJS.ProcessEnv = {
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: tmp,
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  // @actions/core reads its files from process.env and writes the log to process.stdout.
  const saved = { ...process.env };
  const savedExit = process.exitCode;
  Object.assign(process.env, env);
  let stdout = '';
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  let exitCode: InProcessRun['exitCode'];
  try {
    process.exitCode = undefined;
    await run(env);
    exitCode = process.exitCode;
  } finally {
    process.stdout.write = write;
    process.exitCode = savedExit;
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
  return {
    stdout,
    outputs: parseOutputFile(fs.readFileSync(outputFile, 'utf8')),
    summary: fs.readFileSync(summaryFile, 'utf8'),
    exitCode,
  };
}
