import fs from 'node:fs';
import path from 'node:path';
import { dirPrefix, leavesBase, linkRoute, realpathText } from './paths.js';
import { newGitProbes } from './git-index.js';
import { REFERENCE_RUN } from './reference.js';

export type Resolved =
  | { ok: true; abs: string; real: string; rel: string }
  | {
      ok: false;
      reason: 'empty' | 'nul' | 'outside_root' | 'missing' | 'loop' | 'unreadable';
      rel: string;
      detail: string;
      /** An outside_root refusal because the path lies in, or links into, a git directory. */
      gitDir?: true;
    };

/**
 * The repository the verifier may read. Every path that comes from an artifact is resolved
 * through `resolve`, which refuses to leave the root (lexically, or through a symlink)
 * unless outside reads were explicitly allowed. Git directories are never part of the
 * workspace, even with outside reads allowed: `.git/config` can hold the token
 * actions/checkout saves. A path that resolves into one is refused as outside the root.
 */
export class Workspace {
  readonly root: string;
  /** The root with one trailing separator: every path below the root starts with it. */
  private readonly prefix: string;
  /** What this run's walks learn about repositories (see GitProbes). */
  readonly probes = newGitProbes();
  /** Directories already classified by `isGitDir`. */
  private readonly gitDirs = new Map<string, boolean>();
  /** Real paths of directories already resolved: a path, 'missing', or the error to throw again. */
  private readonly realDirs = new Map<string, string | 'missing' | { error: unknown }>();
  private readonly canonicals = new Map<string, string>();
  /** What `realpath` returned for each path asked about: artifacts cite the same inputs again. */
  private readonly reals = new Map<string, string | undefined>();
  /** Sizes of the regular files `realpath` looked at, by real path (see sizeOf). */
  private readonly sizes = new Map<string, number>();

  constructor(
    root: string,
    readonly allowOutside = false,
  ) {
    this.root = fs.realpathSync(root);
    this.prefix = dirPrefix(this.root);
  }

  /** Repo-relative POSIX path for reports; paths outside the root stay absolute. */
  rel(abs: string): string {
    // Most paths are already normal and below the root: cut the prefix instead of path.relative.
    if (path.sep === '/' && abs.startsWith(this.prefix)) {
      const r = abs.slice(this.prefix.length);
      if (!NOT_NORMAL.test(r)) return r;
    }
    const r = path.relative(this.root, abs);
    if (r === '') return '.';
    if (leavesBase(r)) return abs;
    return r.split(path.sep).join('/');
  }

  contains(abs: string): boolean {
    return abs === this.root || abs.startsWith(this.prefix);
  }

  /** Resolves `p` (relative to `base`, or absolute) to an existing path inside the root. */
  resolve(base: string, p: string): Resolved {
    if (p.length === 0) return { ok: false, reason: 'empty', rel: p, detail: 'the path is empty' };
    if (p.includes('\0'))
      return { ok: false, reason: 'nul', rel: p, detail: 'the path contains a NUL byte' };
    let abs = path.resolve(base, p);
    let rel = this.rel(abs);
    if (!this.allowOutside && !this.contains(abs)) {
      return {
        ok: false,
        reason: 'outside_root',
        rel,
        detail: `resolves outside the workspace root ${this.root}`,
      };
    }
    const lexical = abs;
    const written = path.isAbsolute(p) ? p : `${base}${path.sep}${p}`;
    // A route through a link that leaves the root is refused wherever it ends and whatever the
    // system answers out there (missing, unreadable, a loop), and so is said the same way: no
    // answer may tell what exists outside. Where a link leads is never said either.
    const route = (): Resolved | undefined => {
      if (this.allowOutside) return undefined;
      const r = linkRoute(written, this.root);
      if (r === 'not-utf8')
        return {
          ok: false,
          reason: 'unreadable',
          rel,
          detail: 'leads to a path that is not valid UTF-8',
        };
      return r === 'outside' ? this.linkedOut(rel) : r === 'loop' ? this.loop(rel) : undefined;
    };
    let real: string | undefined;
    try {
      // `dir/..` is dir's parent as the system finds it: where dir is a link, the parent of the
      // link's target, not the folder holding the link. Such a path is resolved as written, by
      // realpath(3), and reported as what it reached.
      if (INNER_DOT_DOT.test(p)) {
        real = realOrMissing(written);
        if (real !== undefined) rel = this.rel((abs = real));
      } else real = this.realpath(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR')
        return route() ?? { ok: false, reason: 'missing', rel, detail: 'does not exist' };
      if (code === 'ELOOP') return route() ?? this.loop(rel);
      return route() ?? { ok: false, reason: 'unreadable', rel, detail: errorText(err) };
    }
    if (real === undefined)
      return route() ?? { ok: false, reason: 'missing', rel, detail: 'does not exist' };
    // A real path other than the one written went through a link, and `dir/..` may step out and
    // back without one: out (and back in, or not), or past the links the system follows, is
    // refused.
    if (real !== lexical || INNER_DOT_DOT.test(p)) {
      const refused = route();
      if (refused) return refused;
    }
    if (!this.allowOutside && !this.contains(real)) return this.linkedOut(rel);
    const gitDir = this.gitDirHolding(real);
    if (gitDir !== undefined) {
      const where = `the git directory ${this.rel(gitDir)}`;
      return {
        ok: false,
        reason: 'outside_root',
        rel,
        detail: `${real === abs ? 'lies in' : 'is a symlink into'} ${where}, which is never read`,
        gitDir: true,
      };
    }
    // `file/` names a directory, and the system refuses it (ENOTDIR); path.resolve drops the `/`.
    if (/\/\.?$/.test(p) && !isDirectory(real))
      return {
        ok: false,
        reason: 'missing',
        rel,
        detail: 'is not a directory, yet is named with a trailing /',
      };
    return { ok: true, abs, real, rel };
  }

  private loop(rel: string): Resolved {
    return { ok: false, reason: 'loop', rel, detail: 'is a symlink loop' };
  }

  private linkedOut(rel: string): Resolved {
    return {
      ok: false,
      reason: 'outside_root',
      rel,
      detail: 'is or passes through a symlink that leads outside the workspace root',
    };
  }

  /**
   * What fs.realpathSync(abs) returns for an absolute, normal path, or undefined where nothing
   * exists there (ENOENT, ENOTDIR); other errors are thrown as realpathSync throws them. The real
   * path of each directory is looked up once per run: checking thousands of files in one tree
   * would otherwise lstat every ancestor of each again.
   */
  realpath(abs: string): string | undefined {
    if (REFERENCE_RUN) return realOrMissing(abs);
    if (this.reals.has(abs)) return this.reals.get(abs);
    const dir = path.dirname(abs);
    if (dir === abs) return abs;
    const realDir = this.realDir(dir);
    if (realDir === undefined) return undefined;
    const { leaf, st, real } = realChild(realDir, path.basename(abs));
    // A regular file holds no HEAD: it is a git directory by its name alone (see isGitDir).
    if (st?.isFile()) {
      this.gitDirs.set(leaf, isNamedGit(leaf));
      this.sizes.set(leaf, st.size);
    }
    this.reals.set(abs, real);
    return real;
  }

  /**
   * The size of a regular file when it was resolved, if `resolve` saw it: a hint (which hashing
   * path to take), never a fact to judge by; the file may have changed since.
   */
  sizeOf(real: string): number | undefined {
    return this.sizes.get(real);
  }

  /**
   * The real path of `abs`, or, when it does not exist, the real path of its nearest existing
   * ancestor joined with the rest: symlinks are followed as far as they go, so two spellings
   * of one file compare equal whether or not it exists yet.
   */
  canonical(abs: string): string {
    const start = path.resolve(abs);
    let known = REFERENCE_RUN ? undefined : this.canonicals.get(start);
    if (known !== undefined) return known;
    const rest: string[] = [];
    for (let d = start; ; d = path.dirname(d)) {
      let real: string | undefined;
      try {
        real = this.realpath(d);
      } catch {
        // unreadable or a loop: as if it did not exist
      }
      if (real !== undefined) known = path.join(real, ...rest.reverse());
      else if (path.dirname(d) === d) known = start;
      else {
        rest.push(path.basename(d));
        continue;
      }
      this.canonicals.set(start, known);
      return known;
    }
  }

  /**
   * From its parent's, which is remembered: one lstat for a directory not seen before, whatever
   * its depth (realpath(3) reads every component again, and many targets deep in a tree made
   * that quadratic in the depth for each).
   */
  private realDir(dir: string): string | undefined {
    let known = this.realDirs.get(dir);
    if (known === undefined) {
      try {
        known = this.realDirFromParent(dir) ?? 'missing';
      } catch (error) {
        known = { error };
      }
      this.realDirs.set(dir, known);
    }
    if (typeof known === 'object') throw known.error;
    return known === 'missing' ? undefined : known;
  }

  private realDirFromParent(dir: string): string | undefined {
    const parent = path.dirname(dir);
    if (parent === dir || REFERENCE_RUN) return realOrMissing(dir);
    const realParent = this.realDir(parent);
    return realParent === undefined ? undefined : realChild(realParent, path.basename(dir)).real;
  }

  /**
   * The git directory `real` (a real path) is or lies in: a directory named `.git`, or one git
   * itself would take for a git directory (the target of a `.git` file, a bare repository, a
   * submodule's or worktree's git dir). Only directories below the root are looked at, and all
   * ancestors of a path outside it.
   */
  private gitDirHolding(real: string): string | undefined {
    const inside = this.contains(real);
    for (let d = real; inside ? d !== this.root : path.dirname(d) !== d; d = path.dirname(d)) {
      let known = this.gitDirs.get(d);
      if (known === undefined) {
        known = isGitDir(d);
        this.gitDirs.set(d, known);
      }
      if (known) return d;
    }
    return undefined;
  }
}

function isDirectory(real: string): boolean {
  try {
    return fs.statSync(real).isDirectory();
  } catch {
    return false;
  }
}

/** A `..` segment after a named one (`a/..`), which a link at `a` takes elsewhere. */
const INNER_DOT_DOT = /(?:^|\/)(?!\.\.?(?:\/|$))[^/]+\/+(?:\.\/+)*\.\.(?:\/|$)/;

/** `.`, `..` or empty segments, or a trailing separator: a path `rel` must normalise. */
const NOT_NORMAL = /(^|\/)\.{0,2}(\/|$)/;

/** fs.realpathSync.native, with a path that does not exist as undefined rather than an error. */
/**
 * `name` in the directory whose real path is `realParent`: its path there, what lstat says of it,
 * and its real path (through a link, realpath(3)), or undefined where nothing is (ENOENT, or the
 * parent is no directory: ENOTDIR); other errors are thrown.
 */
function realChild(
  realParent: string,
  name: string,
): { leaf: string; st?: fs.Stats; real: string | undefined } {
  const leaf = path.join(realParent, name);
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(leaf, { throwIfNoEntry: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return { leaf, real: undefined };
    throw err;
  }
  if (st === undefined) return { leaf, real: undefined };
  return { leaf, st, real: st.isSymbolicLink() ? realOrMissing(leaf) : leaf };
}

function realOrMissing(p: string): string | undefined {
  try {
    // One realpath(3) call, not an lstat per component; a real path that is not UTF-8 throws.
    return realpathText(p);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

const isNamedGit = (p: string) => path.basename(p).toLowerCase() === '.git';

/**
 * Named `.git`, or a git directory by git's own test (setup.c, is_git_directory): a HEAD, with
 * objects/ and refs/ or a commondir.
 */
export function isGitDir(dir: string): boolean {
  if (isNamedGit(dir)) return true;
  // Nearly every directory has no HEAD: one access(2) call says so, with no Stats object.
  if (!fs.existsSync(path.join(dir, 'HEAD'))) return false;
  const kind = (name: string) => {
    try {
      const st = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
      return st === undefined ? 'none' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
    } catch {
      return 'none';
    }
  };
  if (kind('HEAD') !== 'file') return false;
  return kind('commondir') === 'file' || (kind('objects') === 'dir' && kind('refs') === 'dir');
}

/**
 * What went wrong, for a message. A file system error says it without the path it carries
 * (`ENOENT: no such file or directory, open`): the caller names the file, and the path could be
 * any length, or an absolute path of the runner.
 */
export function errorText(err: unknown): string {
  // Duck-typed: an error from another realm (a worker, a vm context) is no `instanceof Error`.
  if (typeof err === 'object' && err !== null && typeof (err as Error).message === 'string') {
    const { code, syscall, message } = err as NodeJS.ErrnoException;
    if (code && syscall) {
      const at = message.indexOf(`, ${syscall} `);
      if (at >= 0) return message.slice(0, at + syscall.length + 2);
    }
    return code && !message.startsWith(`${code}:`) ? `${code}: ${message}` : message;
  }
  return String(err);
}
