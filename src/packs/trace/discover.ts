import path from 'node:path';
import type { DirEntry } from '../../io/walk.js';

/** Files whose presence marks a run directory (any one: a run that lost its trace is still a run). */
const MARKERS = ['trace.jsonl', 'run_meta.json', 'fingerprint.txt'];

/**
 * Run directories in a repository listing. Every entry of an `artifacts/runs/` directory (the
 * producer's layout) that is a directory or a symlink is a run, even one a `.gitignore` hides or
 * one whose own files are hidden: a run cannot be dropped from the gate by an ignore rule. Elsewhere
 * `…/runs/<run_id>/` is a run when it holds trace.jsonl, or run_meta.json / fingerprint.txt when
 * the trace itself is gone, so a deleted trace is reported rather than silently skipped.
 */
export function discoverRuns(dirs: DirEntry[]): string[] {
  const found = new Set<string>();
  for (const d of dirs) {
    if (path.basename(d.abs) === 'runs' && path.basename(path.dirname(d.abs)) === 'artifacts') {
      for (const name of [...d.dirs, ...d.links, ...d.hidden]) found.add(path.join(d.abs, name));
    } else if (path.basename(path.dirname(d.abs)) === 'runs') {
      if (MARKERS.some((m) => d.files.has(m))) found.add(d.abs);
    }
  }
  return [...found].sort();
}
