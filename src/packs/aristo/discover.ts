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
 * verification has no proof. A crate inside a workspace is that workspace's, and one inside
 * another such crate the outer one's (its scan covers the inner one); a crate holding a
 * workspace further down is a target too (its scan stops at that workspace).
 */
export function discoverWorkspaces(dirs: DirEntry[]): string[] {
  const covered = new Set<string>();
  for (const d of dirs) {
    if (d.dirs.has('.aristo') || d.files.has('.aristo')) covered.add(d.abs);
    // A walk that starts inside .aristo (a path named it) still finds the workspace around it.
    if (path.basename(d.abs) === '.aristo') covered.add(path.dirname(d.abs));
  }
  const workspaces = [...covered];
  const crates = dirs
    .filter((d) => d.files.has('Cargo.toml') && !covered.has(d.abs))
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

/**
 * A manifest that names aristo, or may (a TOML escape can spell any name: "arist\u006f"), or
 * one that cannot be read as a small regular file.
 */
function usesAristo(d: DirEntry): boolean {
  if (d.links.has('Cargo.toml')) return true;
  const read = readSmallFile(path.join(d.abs, 'Cargo.toml'), MAX_MANIFEST_BYTES);
  if (!read.ok) return true;
  const text = read.bytes.toString('latin1');
  return NAMES_ARISTO.test(text) || /\\[uU]/.test(text);
}
