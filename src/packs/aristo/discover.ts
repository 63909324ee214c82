import path from 'node:path';
import { readSmallFile } from '../../io/files.js';
import type { DirEntry } from '../../io/walk.js';

/** A manifest larger than this is not read: its crate is taken to use aristo (fail closed). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
const NAMES_ARISTO = /\baristo\b/i;

/**
 * Aristo workspaces in a repository listing: every directory holding `.aristo` (as a directory,
 * or anything else by that name, which the pack then reports), and every crate whose Cargo.toml
 * names aristo but that no workspace covers. Deleting `.aristo` must not take a crate's intents
 * out of the gate: such a crate is checked from its source, where each intent that asks for
 * verification has no proof. A crate inside a workspace, or holding one, is that workspace's; a
 * crate inside another such crate is the outer one's (its scan covers the inner one).
 */
export function discoverWorkspaces(dirs: DirEntry[]): string[] {
  const covered = new Set<string>();
  for (const d of dirs) {
    if (d.dirs.has('.aristo') || d.files.has('.aristo')) covered.add(d.abs);
    // A walk that starts inside .aristo (a path named it) still finds the workspace around it.
    if (path.basename(d.abs) === '.aristo') covered.add(path.dirname(d.abs));
  }
  const workspaces = [...covered];
  const holdsOne = new Set<string>();
  for (const w of workspaces)
    for (let up = path.dirname(w); !holdsOne.has(up); up = path.dirname(up)) {
      holdsOne.add(up);
      if (path.dirname(up) === up) break;
    }
  const crates = dirs
    .filter((d) => d.files.has('Cargo.toml') && !covered.has(d.abs) && !holdsOne.has(d.abs))
    .filter((d) => usesAristo(d))
    .map((d) => d.abs)
    .sort();
  // Sorted, so an outer crate comes before the crates inside it.
  const taken = new Set(workspaces);
  const found = [...workspaces];
  for (const c of crates) {
    if (within(c, taken)) continue;
    taken.add(c);
    found.push(c);
  }
  return found.sort();
}

/** Whether `dir` or one of its ancestors is in `set`. */
function within(dir: string, set: ReadonlySet<string>): boolean {
  for (let up = dir; ; up = path.dirname(up)) {
    if (set.has(up)) return true;
    if (path.dirname(up) === up) return false;
  }
}

/** A manifest that names aristo, or one that cannot be read as a small regular file. */
function usesAristo(d: DirEntry): boolean {
  if (d.links.has('Cargo.toml')) return true;
  const read = readSmallFile(path.join(d.abs, 'Cargo.toml'), MAX_MANIFEST_BYTES);
  return !read.ok || NAMES_ARISTO.test(read.bytes.toString('latin1'));
}
