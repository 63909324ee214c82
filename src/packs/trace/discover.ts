import fs from 'node:fs';
import path from 'node:path';
import type { DirEntry } from '../../io/walk.js';

/** Files whose presence marks a run directory (any one: a run that lost its trace is still a run). */
const MARKERS = ['trace.jsonl', 'run_meta.json', 'fingerprint.txt'];

/**
 * Run directories in a repository listing: `…/runs/<run_id>/` holding trace.jsonl (where the
 * producer puts them by default: `artifacts/bijux-canon-reason/runs/<run_id>/`, and
 * `eval/<suite>/case_N/runs/<run_id>/` for an evaluation suite), or run_meta.json / fingerprint.txt when the trace itself
 * is gone, so a deleted trace is reported rather than silently skipped. A symlink in a `runs/`
 * directory to such a directory is a run too: the walk follows links inside its root, and one
 * leading out of it is still a run here, which the pack then refuses to read.
 */
export function discoverRuns(dirs: DirEntry[]): string[] {
  const found = new Set<string>();
  for (const d of dirs) {
    if (path.basename(path.dirname(d.abs)) === 'runs' && MARKERS.some((m) => d.files.has(m)))
      found.add(d.abs);
    if (path.basename(d.abs) !== 'runs') continue;
    for (const name of d.links) {
      const link = path.join(d.abs, name);
      if (MARKERS.some((m) => fs.existsSync(path.join(link, m)))) found.add(link);
    }
  }
  return [...found].sort();
}
