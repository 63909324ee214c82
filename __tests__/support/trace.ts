import fs from 'node:fs';
import path from 'node:path';

/** The clean conformance run every trace test starts from. */
export const CLEAN_RUN_ROOT = path.resolve('conformance/trace/clean-run/input');

/** The clean run's trace.jsonl, one string per line (no trailing empty line). */
export function cleanTraceLines(): string[] {
  const runs = path.join(CLEAN_RUN_ROOT, 'artifacts/runs');
  return fs
    .readFileSync(path.join(runs, fs.readdirSync(runs)[0]!, 'trace.jsonl'), 'utf8')
    .replace(/\n$/, '')
    .split('\n');
}
