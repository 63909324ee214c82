import { runCli } from '../../src/cli/commands.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output. */
export async function cli(args: string[], cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    cwd,
    isTTY: false,
  });
  return { code, stdout, stderr };
}
