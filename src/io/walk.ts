import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

export interface DirEntry {
  abs: string;
  rel: string;
  /** Child names that are not directories (symlinks included). */
  files: Set<string>;
  /** Child directories the walk descends into. */
  dirs: Set<string>;
  /** Child symlinks (also in `files`): the walk never follows them. */
  links: Set<string>;
}

const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

interface Rules {
  base: string; // repo-relative dir of the .gitignore ("" for the root)
  ig: Ignore;
}

/**
 * Lists the directories of a repository the way git would see them: `.gitignore` files at every
 * level are honoured, except for `tracked` paths (what git tracks: a committed file is never
 * ignored, so a `.gitignore` line cannot hide a committed audit); `.git` and `node_modules` are
 * skipped, and symlinked directories are not followed (so a symlink loop cannot trap the walk).
 * `extra` patterns (the config's exclude) use gitignore syntax and apply to tracked files too.
 */
export function walkRepository(
  root: string,
  extra: string[] = [],
  tracked?: ReadonlySet<string>,
): DirEntry[] {
  const out: DirEntry[] = [];
  const rootRules: Rules[] = extra.length ? [{ base: '', ig: ignore().add(extra) }] : [];
  const stack: { abs: string; rel: string; rules: Rules[] }[] = [
    { abs: root, rel: '', rules: rootRules },
  ];
  while (stack.length > 0) {
    const { abs, rel, rules: inherited } = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      continue; // an unreadable directory holds nothing we can verify; its artifacts are then "missing"
    }
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
    };
    const ignored = (childRel: string, isDir: boolean) =>
      (isIgnored(rules, childRel, isDir) && !tracked?.has(childRel)) ||
      (rootRules.length > 0 && isIgnored(rootRules, childRel, isDir));
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (ALWAYS_SKIPPED.has(e.name) || ignored(childRel, true)) continue;
        entry.dirs.add(e.name);
        stack.push({ abs: path.join(abs, e.name), rel: childRel, rules });
      } else if (!ignored(childRel, false)) {
        entry.files.add(e.name);
        if (e.isSymbolicLink()) entry.links.add(e.name);
      }
    }
    out.push(entry);
  }
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

function isIgnored(rules: Rules[], rel: string, isDir: boolean): boolean {
  for (const r of rules) {
    const local = r.base ? rel.slice(r.base.length + 1) : rel;
    if (r.ig.ignores(isDir ? `${local}/` : local)) return true;
  }
  return false;
}
