import path from 'node:path';
import type { DirEntry } from '../../io/walk.js';

/** Files whose presence marks a run directory (any one: a run that lost its trace is still a run). */
const MARKERS = ['trace.jsonl', 'run_meta.json', 'fingerprint.txt'];

/**
 * Run directories in a repository listing: `…/runs/<run_id>/` holding trace.jsonl (the producer's
 * `artifacts/runs/<run_id>/trace.jsonl`), or run_meta.json / fingerprint.txt when the trace itself
 * is gone, so a deleted trace is reported rather than silently skipped.
 */
export function discoverRuns(dirs: DirEntry[]): string[] {
  const found: string[] = [];
  for (const d of dirs) {
    if (path.basename(path.dirname(d.abs)) !== 'runs') continue;
    if (MARKERS.some((m) => d.files.has(m))) found.push(d.abs);
  }
  return found.sort();
}
