#!/usr/bin/env node
import { runCli } from './cli.js';
import { allowWorkers, isVerifyWorker, runVerifyWorker } from './parallel.js';

allowWorkers(import.meta.url);
if (isVerifyWorker()) runVerifyWorker();
else
  runCli(process.argv.slice(2), {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    cwd: process.cwd(),
    isTTY: Boolean(process.stderr.isTTY),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`audit-gate: internal error: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
