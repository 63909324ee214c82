#!/usr/bin/env node
import { runCli } from './commands.js';
import { allowWorkers, isVerifyWorker, runVerifyWorker } from '../pipeline/parallel.js';

/**
 * A writer to stdout or stderr that goes quiet once the reader has gone (`verify --format json |
 * head -1` closes the pipe): the run still finishes and exits with its own code, with no EPIPE
 * stack trace.
 */
function writer(stream: NodeJS.WriteStream): (s: string) => void {
  let closed = false;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') closed = true;
    else throw err;
  });
  return (s) => {
    if (!closed) stream.write(s);
  };
}

allowWorkers(import.meta.url);
if (isVerifyWorker()) runVerifyWorker();
else {
  const stderr = writer(process.stderr);
  runCli(process.argv.slice(2), {
    stdout: writer(process.stdout),
    stderr,
    cwd: process.cwd(),
    isTTY: Boolean(process.stderr.isTTY),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      stderr(`audit-gate: internal error: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
