import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { trackedUnder } from './git-index.js';

export interface DirEntry {
  abs: string;
  rel: string;
  /** Child names that are not directories (symlinks included). */
  files: Set<string>;
  /** Child directories the walk descends into. */
  dirs: Set<string>;
  /** Child symlinks (also in `files`): the walk never follows them. */
  links: Set<string>;
  /** The indexes of the repositories around this directory (shared, not copied). */
  indexes?: readonly TrackedIndex[];
}

interface TrackedIndex {
  /** The walk-relative path of the repository's top ("" for the root). */
  base: string;
  /** Tracked paths, relative to `base`. */
  paths: ReadonlySet<string>;
  /** Tracked files' sizes as the index records them, relative to `base`. */
  sizes: ReadonlyMap<string, number>;
}

const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

interface Rules {
  base: string; // repo-relative dir of the .gitignore ("" for the root)
  ig: Ignore;
}

/** What git tracks in one part of the walk: the indexes of the repository here and those around it. */
interface GitScope {
  indexes: TrackedIndex[];
  /** What git tracks here is unknown: .gitignore rules are not trusted, everything is walked. */
  blind: boolean;
}

export interface Walk {
  dirs: DirEntry[];
  /** Repositories whose index could not be read, and why (the walk went through them blind). */
  unknown: { dir: string; detail: string }[];
}

/**
 * Lists the directories of a repository the way git would see them: `.gitignore` files at every
 * level are honoured, except for what git tracks (a committed file is never ignored, so a
 * `.gitignore` line cannot hide a committed audit). What git tracks comes from the index of the
 * repository holding `root`, and of any real repository (a HEAD and an index) found below it; a
 * `.git` that is less than that is no repository, and the index around it still decides. Where
 * an index cannot be read the walk fails closed and ignores nothing there but `extra`. Without git at all, the rules
 * alone decide. `.git` and `node_modules` are skipped, and symlinked directories are not
 * followed (so a symlink loop cannot trap the walk). `extra` patterns (the config's exclude) use
 * gitignore syntax and apply to tracked files too. `onDir` sees each directory as soon as it is
 * listed, in walk order.
 */
export function walkRepository(
  root: string,
  extra: string[] = [],
  onDir?: (dir: DirEntry) => void,
): Walk {
  const out: DirEntry[] = [];
  const unknown: Walk['unknown'] = [];
  // A file any of these repositories tracks is committed, so no .gitignore may hide it: a nested
  // repository adds its index to the outer one's, never replaces it.
  const scopeAt = (abs: string, rel: string, outer: GitScope | undefined): GitScope => {
    const around = outer ?? { indexes: [], blind: false };
    const t = trackedUnder(abs, { nested: outer !== undefined });
    if (t.state === 'tracked')
      return {
        indexes: [...around.indexes, { base: rel, paths: t.paths, sizes: t.sizes }],
        blind: around.blind,
      };
    if (t.state === 'no-git') return around;
    unknown.push({ dir: abs, detail: t.detail });
    return { indexes: around.indexes, blind: true };
  };
  const rootRules: Rules[] = extra.length ? [{ base: '', ig: ignore().add(extra) }] : [];
  const stack: { abs: string; rel: string; rules: Rules[]; git: GitScope | undefined }[] = [
    { abs: root, rel: '', rules: [], git: undefined },
  ];
  while (stack.length > 0) {
    const { abs, rel, rules: inherited, git: outer } = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      continue; // an unreadable directory holds nothing we can verify; its artifacts are then "missing"
    }
    // The root's repository (found upwards), or a repository nested in the walk.
    const git = !outer || entries.some((e) => e.name === '.git') ? scopeAt(abs, rel, outer) : outer;
    const rules = [...inherited];
    if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      try {
        rules.push({
          base: rel,
          ig: ignore().add(fs.readFileSync(path.join(abs, '.gitignore'), 'utf8')),
        });
      } catch {
        // unreadable .gitignore: ignore nothing extra
      }
    }
    const entry: DirEntry = {
      abs,
      rel: rel || '.',
      files: new Set(),
      dirs: new Set(),
      links: new Set(),
      indexes: git.indexes,
    };
    const tracked = (childRel: string) =>
      git.indexes.some((i) => i.paths.has(i.base ? childRel.slice(i.base.length + 1) : childRel));
    // The config's exclude always applies; .gitignore files only where they can be trusted.
    const ignored = (childRel: string, isDir: boolean) =>
      isIgnored(rootRules, childRel, isDir) ||
      (!git.blind && isIgnored(rules, childRel, isDir) && !tracked(childRel));
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (ALWAYS_SKIPPED.has(e.name) || ignored(childRel, true)) continue;
        entry.dirs.add(e.name);
        stack.push({ abs: path.join(abs, e.name), rel: childRel, rules, git });
      } else if (!ignored(childRel, false)) {
        entry.files.add(e.name);
        if (e.isSymbolicLink()) entry.links.add(e.name);
      }
    }
    out.push(entry);
    onDir?.(entry);
  }
  return { dirs: out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)), unknown };
}

/** The size an index records for file `name` of `dir`, or undefined if no index tracks it. */
export function indexedSize(dir: DirEntry, name: string): number | undefined {
  const rel = dir.rel === '.' ? name : `${dir.rel}/${name}`;
  for (const i of dir.indexes ?? []) {
    const size = i.sizes.get(i.base ? rel.slice(i.base.length + 1) : rel);
    if (size !== undefined) return size;
  }
  return undefined;
}

function isIgnored(rules: Rules[], rel: string, isDir: boolean): boolean {
  for (const r of rules) {
    const local = r.base ? rel.slice(r.base.length + 1) : rel;
    if (r.ig.ignores(isDir ? `${local}/` : local)) return true;
  }
  return false;
}
