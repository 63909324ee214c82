import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { groupDigits } from './text.js';
import { losesNames, NON_UTF8_NAME, readSmallFile } from './files.js';
import { holdsDotGit, realPathOf, trackedUnder, type GitProbes } from './git-index.js';
import { isBelow, isInside, linkRoute, NotUtf8PathError, realDirectory } from './paths.js';
import { errorText, isGitDir } from './workspace.js';

export interface DirEntry {
  abs: string;
  /** Its real path, where the walk reached it through a symlink. */
  real?: string;
  rel: string;
  /** Child names that are not directories (symlinks included, but for those the walk follows). */
  files: Set<string>;
  /** Child directories the walk descends into. */
  dirs: Set<string>;
  /** Child symlinks: in `dirs` when the walk follows them to a directory, else in `files`. */
  links: Set<string>;
  /** The indexes of the repositories around this directory (shared, not copied). */
  indexes?: readonly TrackedIndex[];
  /** The real path of the tree the walk's links may lead into (the workspace). */
  scope?: string;
}

interface TrackedIndex {
  /** The walk-relative path of the repository's top ("" for the root). */
  base: string;
  /** Tracked paths, relative to `base`. */
  paths: ReadonlySet<string>;
  /** Tracked files' sizes as the index records them, relative to `base`. */
  sizes: ReadonlyMap<string, number>;
}

/** Installed dependencies: skipped where a git index says nothing in them is committed. */
const UNTRACKED_SKIPPED = 'node_modules';
/** A .gitignore larger than this is not applied (nothing is hidden by it): it is not read whole. */
const MAX_GITIGNORE_BYTES = 1024 * 1024;
/** .gitignore bytes read in one walk, at most; the files past it are not applied either. */
const MAX_GITIGNORE_BYTES_TOTAL = 8 * 1024 * 1024;
/**
 * Ignore patterns become backtracking regexes: `**` against a deep path takes time that grows
 * with the path's depth to the power of the `**` count, and the lines add up. A line with more
 * than MAX_GLOBSTARS, or past MAX_GLOBSTARS_TOTAL in one walk (every .gitignore and the exclude
 * list), is not applied, and paths deeper than MAX_MATCH_DEPTH are never matched: not applying a
 * pattern only makes the walk search more.
 */
const MAX_GLOBSTARS = 2;
const MAX_GLOBSTARS_TOTAL = 32;
const MAX_MATCH_DEPTH = 32;
/**
 * Directories reached through symlinks, and entries listed in them, at most: links that fan out
 * (ten links to a directory that holds ten links to the next…) multiply without a loop. Past
 * either the walk stops following links and fails closed.
 */
const MAX_LINKED_DIRS = 20_000;
const MAX_LINKED_ENTRIES = 200_000;
/**
 * Symlinks resolved, followed or not, at most: each costs a few system calls at any depth, and
 * links never followed (to files, or loops) would otherwise cost without limit.
 */
const MAX_LINKS_RESOLVED = 20_000;
/**
 * Characters of the paths of directories reached through links, at most, and of one such path:
 * each link lengthens the path of everything below it, so 40 links into deep trees build paths of
 * hundreds of kilobytes (20,000 of them exhausted memory), and no reader can open one over PATH_MAX.
 */
const MAX_LINKED_PATH_CHARS = 16 * 1024 * 1024;
const MAX_PATH_CHARS = 4096;
/**
 * Links followed on the way to one directory, at most (the kernel's own limit is 40): each link
 * is checked against those before it, and the path grows with each, so a chain of thousands is
 * quadratic in time and memory. Past it the walk fails closed.
 */
const MAX_LINK_CHAIN = 40;

/**
 * The symlinks followed on the way to a directory, innermost first. Each starts a stretch of the
 * walk at its target; the stretch before ended at the real directory holding it.
 */
interface LinkChain {
  start: string;
  holder: string;
  up: LinkChain | undefined;
  depth: number;
}

interface Pending {
  abs: string;
  rel: string;
  rules: Rules[];
  git: GitScope | undefined;
  /** The directory's real path, below a followed symlink (elsewhere it follows from `abs`). */
  real?: string;
  /** Below a followed symlink: its walk-relative path, and its target's (what the index knows). */
  alias?: { from: string; to: string };
  links?: LinkChain;
}

interface Rules {
  base: string; // repo-relative dir of the .gitignore ("" for the root)
  ig: Ignore;
}

/** What git tracks in one part of the walk: the indexes of the repository here and those around it. */
interface GitScope {
  indexes: TrackedIndex[];
  /** What git tracks here is unknown: .gitignore rules are not trusted, everything is walked. */
  blind: boolean;
  /** Blind because no repository holds the walk at all (a tarball checkout, a plain folder). */
  gitless?: boolean;
}

/** Whether a `.git` lies in `dir` or in a directory between it and `top` (exclusive). */
function hasGitBetween(dir: string, top: string, probes?: GitProbes): boolean {
  for (let d = dir; isBelow(d, top); d = path.dirname(d)) if (holdsDotGit(d, probes)) return true;
  return false;
}

/** Whether `rel` has more than `max` path segments. */
function depthOver(rel: string, max: number): boolean {
  let n = 0;
  for (let i = rel.indexOf('/'); i >= 0; i = rel.indexOf('/', i + 1)) if (++n >= max) return true;
  return false;
}

export interface Walk {
  dirs: DirEntry[];
  /**
   * Repositories whose index could not be read, and why (the walk went through them blind);
   * `gitless`: no repository at all holds the walk, and a .gitignore was passed over.
   */
  unknown: { dir: string; detail: string; gitless?: true }[];
  /**
   * Directories that could not be listed, and why: whatever they hold was not searched. `links`:
   * too many directories were reached through symlinks.
   */
  unreadable: {
    dir: string;
    detail: string;
    links?: true;
    nonUtf8Name?: true;
    nonUtf8Link?: true;
  }[];
}

export interface WalkOptions {
  /** Gitignore-syntax patterns (the config's exclude), applied to tracked files too. */
  extra?: string[];
  onDir?: (dir: DirEntry) => void;
  /**
   * A directory below the root that holds an entry of this name is not entered (nor listed in
   * the result): it belongs to another target (aristo's nested workspaces, `.aristo`).
   */
  stopAtHolder?: string;
  /** The run's memory of repositories and real paths (Workspace.probes): see GitProbes. */
  probes?: GitProbes;
  /**
   * The workspace root, when the walk starts below it: a `.git` between the two is nested (it
   * only adds to what the workspace's repository tracks), and one naming a git directory outside
   * the workspace is not read.
   */
  top?: string;
  /**
   * Walk symlinks to directories inside the root at the link's path too: a link must not hide a
   * target from discovery, nor a module from aristo's scan of sources.
   */
  followLinks?: boolean;
  /** Lower bounds than MAX_LINKED_DIRS, MAX_LINKED_ENTRIES and MAX_LINKS_RESOLVED (tests). */
  linkLimits?: { dirs: number; entries: number; resolved?: number };
}

/**
 * Lists the directories of a repository the way git would see them: `.gitignore` files at every
 * level are honoured, except for what git tracks (a committed file is never ignored, so a
 * `.gitignore` line cannot hide a committed audit). What git tracks comes from the index of the
 * repository holding `root`, and of any real repository (a HEAD and an index) found below it; a
 * `.git` that is less than that is no repository, and the index around it still decides. Where
 * an index cannot be read the walk fails closed and ignores nothing there but `extra`; so it does
 * without any git repository. `.git` is skipped, and so is a `node_modules`
 * git tracks nothing in (installed dependencies; without an index it is walked). With
 * `followLinks`, a symlink to a directory inside `top` (else `root`) is walked at the link's path too
 * (never into a git directory, never round a loop, within MAX_LINKED_DIRS, MAX_LINKED_ENTRIES and
 * MAX_LINKS_RESOLVED): a link must not hide what lies behind it. `extra` patterns (the config's exclude) use
 * gitignore syntax and apply to tracked files too. `onDir` sees each directory as soon as it is
 * listed, in walk order.
 */
export function walkRepository(root: string, opts: WalkOptions = {}): Walk {
  const { extra = [], onDir, top, probes } = opts;
  const out: DirEntry[] = [];
  const unknown: Walk['unknown'] = [];
  const unreadable: Walk['unreadable'] = [];
  // A file any of these repositories tracks is committed, so no .gitignore may hide it: a nested
  // repository adds its index to the outer one's, never replaces it.
  const scopeAt = (abs: string, rel: string, outer: GitScope | undefined): GitScope => {
    const around = outer ?? { indexes: [], blind: false };
    const t = trackedUnder(abs, {
      nested: outer !== undefined,
      probes,
      ...(top ? { within: top } : {}),
    });
    if (t.state === 'tracked')
      return {
        indexes: [...around.indexes, { base: rel, paths: t.paths, sizes: t.sizes }],
        blind: around.blind,
      };
    if (t.state === 'no-git') return outer ? around : { ...around, blind: true, gitless: true };
    unknown.push({ dir: abs, detail: t.detail });
    return { indexes: around.indexes, blind: true };
  };
  // The repository around the walk's root. Below the workspace root, the workspace's repository
  // decides first, and a .git between the two only adds what it tracks, as one met in the walk.
  const rootScope = (): GitScope => {
    if (!top || !isBelow(root, top)) return scopeAt(root, '', undefined);
    const outer = trackedUnder(root, { from: top, probes });
    const around: GitScope =
      outer.state === 'tracked'
        ? { indexes: [{ base: '', paths: outer.paths, sizes: outer.sizes }], blind: false }
        : outer.state === 'no-git'
          ? { indexes: [], blind: true, gitless: true }
          : (unknown.push({ dir: root, detail: outer.detail }), { indexes: [], blind: true });
    return hasGitBetween(root, top, probes) ? scopeAt(root, '', around) : around;
  };
  const budget = { globstars: MAX_GLOBSTARS_TOTAL };
  const rootRules: Rules[] = extra.length ? [{ base: '', ig: ignoreLines(extra, budget) }] : [];
  const rootReal = realPathOf(root, probes);
  const stack: Pending[] = [{ abs: root, rel: '', rules: [], git: undefined }];
  // Kept only below followed links: a string per directory of a large tree costs tens of MB.
  const realOf = (p: Pending) => p.real ?? rootReal + p.abs.slice(root.length);
  let gitlessNoted = false;
  const {
    dirs: maxDirs,
    entries: maxEntries,
    resolved: maxResolved = MAX_LINKS_RESOLVED,
  } = opts.linkLimits ?? { dirs: MAX_LINKED_DIRS, entries: MAX_LINKED_ENTRIES };
  let linkedDirs = 0;
  let linkedEntries = 0;
  let linksResolved = 0;
  let linkedPathChars = 0;
  let gitignoreBytes = 0;
  /** Each .gitignore's rules by its real path: a directory reached through links again reuses them. */
  const ignoreFiles = new Map<string, Ignore | undefined>();
  const rulesOf = (dirReal: string): Ignore | undefined => {
    const file = dirReal + path.sep + '.gitignore';
    if (ignoreFiles.has(file)) return ignoreFiles.get(file);
    let ig: Ignore | undefined;
    // Unreadable, too large, or past the walk's budget: it ignores nothing.
    const read =
      gitignoreBytes < MAX_GITIGNORE_BYTES_TOTAL
        ? readSmallFile(file, MAX_GITIGNORE_BYTES)
        : undefined;
    if (read?.ok && (gitignoreBytes += read.bytes.length) <= MAX_GITIGNORE_BYTES_TOTAL)
      ig = ignoreLines(read.bytes.toString('utf8'), budget);
    ignoreFiles.set(file, ig);
    return ig;
  };
  let linksSpent = false;
  /** Past a bound on links, the walk stops following them and fails closed, said once. */
  const spend = (dir: string, detail: string): void => {
    if (!linksSpent) unreadable.push({ dir, detail, links: true });
    linksSpent = true;
  };
  let chainNoted = false;
  // Links may lead anywhere in the workspace: below a searched path, a link to a sibling of it
  // shows what lies there at the link's path.
  const scopeReal = top !== undefined && isBelow(root, top) ? realPathOf(top, probes) : rootReal;
  /** Directories with no git directory at or above them, up to scopeReal: climbed once each. */
  const gitFree = new Set<string>();
  const inGitDir = (dir: string): boolean => {
    const climbed: string[] = [];
    for (let d = dir; d !== scopeReal && !gitFree.has(d); d = path.dirname(d)) {
      if (isGitDir(d)) return true;
      climbed.push(d);
    }
    for (const d of climbed) gitFree.add(d);
    return false;
  };
  /** Where each symlink (by its own real path) leads, when that is a directory the walk may enter. */
  const targets = new Map<string, string | undefined>();
  const resolveLink = (linkReal: string): string | undefined => {
    if (targets.has(linkReal)) return targets.get(linkReal);
    targets.set(linkReal, undefined); // a path that is not UTF-8 throws, and is reported once
    // A link whose route leaves the workspace is not followed, even back in: whether the system
    // could take it would tell what exists outside.
    const route = linkRoute(linkReal, scopeReal);
    // One whose target is not UTF-8 is not followed (decoded, it would name a twin spelled with
    // U+FFFD) and always reported: where it leads cannot be judged without following it, and
    // asking the system would tell what exists outside.
    if (route === 'not-utf8') throw new NotUtf8PathError();
    if (route !== 'inside') return undefined;
    let target = realDirectory(linkReal); // undefined: dangling, a loop, or not a directory
    if (target !== undefined && (!isInside(target, scopeReal) || inGitDir(target)))
      target = undefined;
    targets.set(linkReal, target);
    return target;
  };
  /**
   * Where a symlink to a directory inside the workspace leads, when the walk should go on
   * through it: the layout a pack looks for may exist only at the link's path (a `runs` link),
   * or its target may be skipped (under node_modules). Not into a git directory, and not round a
   * loop: to a directory holding one this branch of the walk is in, within the stretch it walked
   * (from the walk's root, or from the target of a link it followed, down). Above a stretch's
   * start nothing was walked, so a link up there is followed, and the walk below it meets the
   * same link again as a loop.
   */
  const follow = (name: string, from: Pending): string | undefined => {
    if (linksSpent) return undefined;
    if (++linksResolved > maxResolved) {
      spend(from.abs, `more than ${groupDigits(maxResolved)} symlinks are resolved`);
      return undefined;
    }
    // Through the link's own real path: its parent is resolved already, so a path reached
    // through many links is not resolved link by link again.
    const fromReal = realOf(from);
    let target: string | undefined;
    try {
      target = resolveLink(fromReal + path.sep + name);
    } catch (err) {
      if (!(err instanceof NotUtf8PathError)) throw err;
      // Decoded, the path would name a sibling spelled with U+FFFD: not followed, and reported.
      unreadable.push({
        dir: from.abs,
        detail: `holds the symlink ${JSON.stringify(name)}, which leads to a path that is not valid UTF-8: what lies behind it was not verified`,
        nonUtf8Link: true,
      });
      return undefined;
    }
    if (target === undefined) return undefined;
    if ((from.links?.depth ?? 0) >= MAX_LINK_CHAIN) {
      if (!chainNoted)
        unreadable.push({
          dir: from.abs,
          detail: `more than ${MAX_LINK_CHAIN} symlinks are followed one after another`,
          links: true,
        });
      chainNoted = true;
      return undefined;
    }
    const walked = (end: string, start: string) => isInside(end, target) && isInside(target, start);
    if (walked(fromReal, from.links?.start ?? rootReal)) return undefined;
    for (let c = from.links; c; c = c.up)
      if (walked(c.holder, c.up?.start ?? rootReal)) return undefined;
    return target;
  };
  while (stack.length > 0) {
    const here = stack.pop()!;
    const { abs, rel, rules: inherited, git: outer } = here;
    if (here.alias) {
      const over = linksSpent
        ? 'links are no longer followed'
        : abs.length > MAX_PATH_CHARS
          ? `its path through symlinks is longer than ${groupDigits(MAX_PATH_CHARS)} characters`
          : (linkedPathChars += abs.length) > MAX_LINKED_PATH_CHARS
            ? `the paths of the directories reached through symlinks exceed ${groupDigits(MAX_LINKED_PATH_CHARS)} characters`
            : ++linkedDirs > maxDirs
              ? `more than ${groupDigits(maxDirs)} directories are reached through symlinks`
              : undefined;
      if (over !== undefined) {
        spend(abs, over);
        continue;
      }
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(here.real ?? abs, { withFileTypes: true });
    } catch (err) {
      // Fail closed: what it holds cannot be verified (a path over PATH_MAX, no permission), and
      // the caller reports it. (A name that is not UTF-8 is never entered: see losesNames below.)
      unreadable.push({ dir: abs, detail: errorText(err) });
      continue;
    }
    if (here.alias && (linkedEntries += entries.length) > maxEntries) {
      spend(abs, `more than ${groupDigits(maxEntries)} entries are listed through symlinks`);
      continue;
    }
    // A name that is not UTF-8 reads as its U+FFFD spelling, which a sibling may really have:
    // such names are not followed (the sibling would stand in), and the caller reports the place.
    if (opts.stopAtHolder !== undefined && rel !== '')
      if (entries.some((e) => e.name === opts.stopAtHolder)) continue;
    const lossy = losesNames(here.real ?? abs, entries);
    if (lossy) unreadable.push({ dir: abs, detail: NON_UTF8_NAME, nonUtf8Name: true });
    // The root's repository (found upwards), or a repository nested in the walk.
    const git = !outer
      ? rootScope()
      : entries.some((e) => e.name === '.git')
        ? scopeAt(abs, rel, outer)
        : outer;
    const rules = [...inherited];
    if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      if (git.gitless && !gitlessNoted) {
        gitlessNoted = true;
        unknown.push({ dir: abs, detail: 'no git repository holds it', gitless: true });
      }
      const ig = git.blind ? undefined : rulesOf(realOf(here));
      if (ig) rules.push({ base: rel, ig });
    }
    const entry: DirEntry = {
      abs,
      ...(here.real !== undefined ? { real: here.real } : {}),
      rel: rel || '.',
      files: new Set(),
      dirs: new Set(),
      links: new Set(),
      indexes: git.indexes,
      scope: scopeReal,
    };
    const trackedAs = (childRel: string) =>
      here.alias ? here.alias.to + childRel.slice(here.alias.from.length) : childRel;
    const tracked = (childRel: string) => {
      const t = trackedAs(childRel);
      return git.indexes.some((i) => i.paths.has(i.base ? t.slice(i.base.length + 1) : t));
    };
    // The config's exclude always applies; .gitignore files only where they can be trusted, and
    // never to what git tracks (checked first: committed paths are never matched against them).
    // A committed node_modules is part of the change like any folder (a crate moved into one still
    // compiles); without an index to tell, it is walked too.
    const skipped = (name: string, childRel: string) =>
      name === '.git' || (name === UNTRACKED_SKIPPED && !git.blind && !tracked(childRel));
    const ignored = (childRel: string, isDir: boolean) =>
      isIgnored(rootRules, childRel, isDir) ||
      (!git.blind && rules.length > 0 && !tracked(childRel) && isIgnored(rules, childRel, isDir));
    for (const e of entries) {
      if (lossy && e.name.includes('\ufffd')) continue;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (skipped(e.name, childRel) || ignored(childRel, true)) continue;
        entry.dirs.add(e.name);
        const child: Pending = { ...here, abs: path.join(abs, e.name), rel: childRel, rules, git };
        // A name from readdir: the real path needs no normalizing.
        if (here.real !== undefined) child.real = here.real + path.sep + e.name;
        stack.push(child);
      } else if (!ignored(childRel, false)) {
        if (!e.isSymbolicLink() || !opts.followLinks || skipped(e.name, childRel)) {
          entry.files.add(e.name);
          if (e.isSymbolicLink()) entry.links.add(e.name);
          continue;
        }
        entry.links.add(e.name);
        const linkAbs = path.join(abs, e.name);
        const target = follow(e.name, here);
        if (target === undefined) {
          entry.files.add(e.name);
          continue;
        }
        entry.dirs.add(e.name);
        const to = path.relative(rootReal, target).split(path.sep).join('/');
        stack.push({
          abs: linkAbs,
          rel: childRel,
          rules,
          git,
          real: target,
          alias: { from: childRel, to },
          links: {
            start: target,
            holder: realOf(here),
            up: here.links,
            depth: (here.links?.depth ?? 0) + 1,
          },
        });
      }
    }
    out.push(entry);
    onDir?.(entry);
  }
  return {
    dirs: out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)),
    unknown,
    unreadable,
  };
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

/** Gitignore lines, without those whose `**` would make matching blow up (see MAX_GLOBSTARS). */
function ignoreLines(text: string | string[], budget: { globstars: number }): Ignore {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : text;
  return ignore().add(
    lines.filter((l) => {
      const n = l.split('**').length - 1;
      if (n > MAX_GLOBSTARS || n > budget.globstars) return false;
      budget.globstars -= n;
      return true;
    }),
  );
}

function isIgnored(rules: Rules[], rel: string, isDir: boolean): boolean {
  if (rules.length === 0 || depthOver(rel, MAX_MATCH_DEPTH)) return false;
  for (const r of rules) {
    const local = r.base ? rel.slice(r.base.length + 1) : rel;
    if (r.ig.ignores(isDir ? `${local}/` : local)) return true;
  }
  return false;
}
