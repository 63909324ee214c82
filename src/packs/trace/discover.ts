import fs from 'node:fs';
import path from 'node:path';
import { linkRoute, realOr } from '../../io/paths.js';
import type { DirEntry } from '../../io/walk.js';

/** Files whose presence marks a run directory (any one: a run that lost its trace is still a run). */
const MARKERS = ['trace.jsonl', 'run_meta.json', 'fingerprint.txt'];
/** Other files and folders the producer writes into every run. */
const RUN_FILES = [
  'plan.json',
  'spec.json',
  'manifest.json',
  'verify.json',
  'evidence',
  'provenance',
];
/** The name the producer gives a run directory: its content-derived run id. */
const RUN_ID = /^run_v1_[0-9a-f]{64}$/;

/** Whether a `runs/` directory holds `d`, at any depth (the walk's root counts by its own name). */
function underRuns(d: DirEntry): boolean {
  return (
    path.basename(path.dirname(d.abs)) === 'runs' || d.rel.split('/').slice(0, -1).includes('runs')
  );
}

/**
 * Whether a link under `runs/` that the walk did not follow stands for a run: its route leaves
 * the workspace (then nothing behind it is looked at), or a marker is behind it.
 */
function linkedRun(d: DirEntry, name: string): boolean {
  const real = path.join(d.real ?? realOr(d.abs), name);
  if (linkRoute(real, d.scope ?? realOr(d.abs)) !== 'inside') return true;
  return MARKERS.some((m) => listed(path.join(real, m)));
}

/** Whether a name is there as listed (lstat): a marker that is itself a link is not followed. */
function listed(p: string): boolean {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // ENOTDIR and the like: nothing is there
  }
}

/**
 * Run directories in a repository listing, found where the producer puts them and wherever a
 * pull request could move them to:
 * - a directory holding any marker below a `runs/` directory, at any depth (the producer's
 *   default places are `artifacts/bijux-canon-reason/runs/<run_id>/` and
 *   `eval/<suite>/case_N/runs/<run_id>/`), so a deleted trace is reported rather than skipped,
 *   and there one holding no marker but two other files or folders of a run;
 * - a directory named like a run id (`run_v1_<64 hex>`), at any depth and under any parent, so
 *   renaming `runs/` does not hide it;
 * - a directory holding a marker and one more file or folder the producer writes into every run
 *   (another marker, plan.json, spec.json, manifest.json, verify.json, evidence/, provenance/),
 *   whatever its names.
 * A marker counts as present whatever it was replaced by (a directory, a symlink): the pack then
 * reports it. A symlink to a run is a run too: the walk follows links inside the workspace. Under
 * `runs/`, a link the walk did not follow is a run when its route leaves the workspace, whatever
 * lies out there (looking would tell the pull request what exists outside; the pack then refuses
 * to read it), and otherwise when a marker is behind it.
 */
export function discoverRuns(dirs: DirEntry[]): string[] {
  const found = new Set<string>();
  const has = (d: DirEntry, name: string) =>
    d.files.has(name) || d.dirs.has(name) || d.links.has(name);
  for (const d of dirs) {
    const markers = MARKERS.filter((m) => has(d, m)).length;
    const others = RUN_FILES.filter((m) => has(d, m)).length;
    if (
      RUN_ID.test(path.basename(d.abs)) ||
      (markers > 0 && (markers + others >= 2 || underRuns(d))) ||
      (others >= 2 && underRuns(d))
    )
      found.add(d.abs);
    for (const name of d.links) {
      const link = path.join(d.abs, name);
      if (RUN_ID.test(name)) found.add(link);
      else if (path.basename(d.abs) === 'runs' && !d.dirs.has(name) && linkedRun(d, name))
        found.add(link);
    }
  }
  return [...found].sort();
}
