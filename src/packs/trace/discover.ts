import fs from 'node:fs';
import path from 'node:path';
import type { DirEntry } from '../../io/walk.js';

/** Files whose presence marks a run directory (any one: a run that lost its trace is still a run). */
const MARKERS = ['trace.jsonl', 'run_meta.json', 'fingerprint.txt'];
/** The name the producer gives a run directory: its content-derived run id. */
const RUN_ID = /^run_v1_[0-9a-f]{64}$/;

/**
 * Run directories in a repository listing, found where the producer puts them and wherever a
 * pull request could move them to:
 * - `…/runs/<dir>/` holding any marker (the producer's default places:
 *   `artifacts/bijux-canon-reason/runs/<run_id>/`, `eval/<suite>/case_N/runs/<run_id>/`), so a
 *   deleted trace is reported rather than silently skipped;
 * - a directory named like a run id (`run_v1_<64 hex>`), at any depth and under any parent, so
 *   renaming `runs/` or moving a run one level down does not hide it;
 * - a directory holding two markers, whatever its names.
 * A marker counts as present whatever it was replaced by (a directory, a symlink): the pack then
 * reports it. A symlink to a run is a run too: the walk follows links inside its root, and one
 * leading out of it is still a run here, which the pack then refuses to read.
 */
export function discoverRuns(dirs: DirEntry[]): string[] {
  const found = new Set<string>();
  for (const d of dirs) {
    const markers = MARKERS.filter((m) => d.files.has(m) || d.dirs.has(m) || d.links.has(m));
    if (
      RUN_ID.test(path.basename(d.abs)) ||
      markers.length >= 2 ||
      (markers.length > 0 && path.basename(path.dirname(d.abs)) === 'runs')
    )
      found.add(d.abs);
    for (const name of d.links) {
      const link = path.join(d.abs, name);
      if (
        RUN_ID.test(name) ||
        (path.basename(d.abs) === 'runs' && MARKERS.some((m) => fs.existsSync(path.join(link, m))))
      )
        found.add(link);
    }
  }
  return [...found].sort();
}
