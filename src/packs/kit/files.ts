import fs from 'node:fs';
import path from 'node:path';
import { losesNames } from '../../io/files.js';
import { dirPrefix, linkRoute, NotUtf8PathError, realpathText } from '../../io/paths.js';
import { errorText, isGitDir } from '../../io/workspace.js';

const MAX_LIST_DEPTH = 16;
const MAX_LIST_ENTRIES = 1_000_000;

export type EntryKind = 'file' | 'symlink' | 'other';

/** One entry of a target directory's listing. */
export interface TargetEntry {
  /** POSIX path relative to the target directory. */
  rel: string;
  abs: string;
  kind: EntryKind;
  /** The real path: for files, under the real target directory; for symlinks, when it resolves. */
  real?: string;
  /** For symlinks: whether the link stays inside the target directory and ends at a regular file. */
  insideFile?: boolean;
  detail?: string;
}

const PLAIN_PATH = /^(?![A-Za-z]:)[^/\\\0]+(?:\/[^/\\\0]+)*$/;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/**
 * True when `p` is a plain relative POSIX path: no `..` or `.` segment, no absolute path or drive
 * letter, no backslash, no NUL, no empty segment. Paths an artifact names must be plain.
 */
export function isPlainRelative(p: string): boolean {
  return PLAIN_PATH.test(p) && !DOT_SEGMENT.test(p);
}

/** `rel` (POSIX, plain) under `dir`, without path.join's normalizing. */
export function inDir(dir: string, rel: string): string {
  return path.sep === '/' ? `${dir}/${rel}` : path.join(dir, ...rel.split('/'));
}

const GIT_DIR = 'is a git directory, which is never read';

/**
 * Lists every file under a target directory without following symlinks (lstat), so a symlink
 * loop or a link out of the target cannot trap or widen the walk. FIFOs and sockets are listed as
 * 'other' and never opened, and so is a git directory (`.git`, or one by git's own test), which
 * is not entered: it holds the checkout's credentials. `name` says what the directory is in
 * messages ("the run directory").
 */
export function listTarget(dir: string, realDir: string, name: string): TargetEntry[] {
  const out: TargetEntry[] = [];
  const stack: { abs: string; rel: string; depth: number }[] = [{ abs: dir, rel: '', depth: 0 }];
  while (stack.length > 0 && out.length < MAX_LIST_ENTRIES) {
    const { abs, rel, depth } = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch (err) {
      // The target itself was checked to be a directory; one below it that cannot be listed
      // holds files nothing has looked at.
      if (rel)
        out.push({ rel, abs, kind: 'other', detail: `cannot be listed (${errorText(err)})` });
      continue;
    }
    const lossy = losesNames(abs, entries);
    for (const e of entries) {
      const childAbs = path.join(abs, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (lossy && e.name.includes('\ufffd')) {
        // Its path would reach a sibling spelled with U+FFFD (see losesNames): never read.
        out.push({
          rel: childRel,
          abs: childAbs,
          kind: 'other',
          detail: 'has a name that is not valid UTF-8',
        });
      } else if (e.name.toLowerCase() === '.git' || (e.isDirectory() && isGitDir(childAbs))) {
        out.push({ rel: childRel, abs: childAbs, kind: 'other', detail: GIT_DIR });
      } else if (e.isDirectory()) {
        if (depth < MAX_LIST_DEPTH) stack.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
        else
          out.push({ rel: childRel, abs: childAbs, kind: 'other', detail: 'is nested too deeply' });
      } else if (e.isFile()) {
        // Reached through real directories only (symlinked ones are not entered), so its real
        // path needs no realpath call.
        out.push({ rel: childRel, abs: childAbs, kind: 'file', real: inDir(realDir, childRel) });
      } else if (e.isSymbolicLink()) {
        out.push(symlinkEntry(childRel, childAbs, realDir, name));
      } else {
        out.push({
          rel: childRel,
          abs: childAbs,
          kind: 'other',
          detail: 'is a FIFO, socket or device, not a regular file',
        });
      }
    }
  }
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

function symlinkEntry(rel: string, abs: string, realDir: string, name: string): TargetEntry {
  const entry: TargetEntry = { rel, abs, kind: 'symlink' };
  // A link out (or back in through outside folders) is said alike whatever is out there, before
  // the system is asked anything about it: no answer may tell what exists outside.
  const route = linkRoute(inDir(realDir, rel), realDir);
  if (route !== 'inside') {
    entry.detail =
      route === 'loop'
        ? 'is a symlink loop'
        : route === 'not-utf8'
          ? 'is a symlink to a path that is not valid UTF-8'
          : `is a symlink that leads outside ${name}`;
    return entry;
  }
  try {
    const real = realpathText(abs);
    entry.real = real;
    const inside = real.startsWith(dirPrefix(realDir));
    const intoGit = inside && inGitDir(realDir, real);
    entry.insideFile = inside && !intoGit && fs.statSync(real).isFile();
    if (!inside) entry.detail = `is a symlink that leads outside ${name}`;
    else if (intoGit) entry.detail = 'is a symlink into a git directory, which is never read';
    else if (!entry.insideFile)
      entry.detail = 'is a symlink to something other than a regular file';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    entry.detail =
      code === 'ELOOP'
        ? 'is a symlink loop'
        : err instanceof NotUtf8PathError
          ? 'is a symlink to a path that is not valid UTF-8'
          : `is a dangling symlink (${errorText(err)})`;
  }
  return entry;
}

/** Whether `real`, below `realDir`, is or lies in a git directory below `realDir`. */
export function inGitDir(realDir: string, real: string): boolean {
  for (let d = real; d.length > realDir.length; d = path.dirname(d)) if (isGitDir(d)) return true;
  return false;
}

/** A regular file, or a symlink to one inside the target: what may be read (at its `real` path). */
export function readable(e: TargetEntry): boolean {
  return e.kind === 'file' || (e.kind === 'symlink' && e.insideFile === true);
}

/** The listed file, if it may be read (see `readable`). */
export function usable(listing: Map<string, TargetEntry>, name: string): TargetEntry | undefined {
  const e = listing.get(name);
  return e && readable(e) ? e : undefined;
}
