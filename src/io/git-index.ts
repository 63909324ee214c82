import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readSmallFile, statPath } from './files.js';
import { isBelow, isInside, realOr } from './paths.js';

/** Larger indexes (millions of files) are not read: .gitignore rules alone decide there. */
const MAX_INDEX_BYTES = 512 * 1024 * 1024;
const MAX_PATH_BYTES = 64 * 1024;

/**
 * What one run learns about the checkout's repositories and asks again for every target it
 * walks: whether a directory holds `.git`, real paths, parsed indexes. The checkout does not
 * change while a run reads it; without this, each of many targets deep in a tree paid for every
 * ancestor again (1,500 nested aristo workspaces took minutes). One per run (the Workspace's).
 */
export interface GitProbes {
  gitAt: Map<string, boolean>;
  real: Map<string, string>;
  index: Map<string, { files: string[]; sizes: number[] } | string>;
}

export function newGitProbes(): GitProbes {
  return { gitAt: new Map(), real: new Map(), index: new Map() };
}

/** Whether `dir` holds a `.git` (anything by that name). */
export function holdsDotGit(dir: string, probes?: GitProbes): boolean {
  let v = probes?.gitAt.get(dir);
  if (v === undefined) {
    v = fs.existsSync(path.join(dir, '.git'));
    probes?.gitAt.set(dir, v);
  }
  return v;
}

/** realOr, remembered for the run, and found from the parent's (one lstat for a new path). */
export function realPathOf(p: string, probes?: GitProbes): string {
  if (!probes) return realOr(p);
  let v = probes.real.get(p);
  if (v === undefined) {
    const parent = path.dirname(p);
    let st: fs.Stats | undefined;
    try {
      st = parent === p ? undefined : fs.lstatSync(p, { throwIfNoEntry: false });
    } catch {
      st = undefined; // realOr says what it can
    }
    v =
      st === undefined || st.isSymbolicLink()
        ? realOr(p)
        : path.join(realPathOf(parent, probes), path.basename(p));
    probes.real.set(p, v);
  }
  return v;
}

/** What git tracks under a directory, read from the index file (git itself is never run). */
export type Tracked =
  | {
      state: 'tracked';
      paths: Set<string>;
      /** Each tracked file's size as the index records it (what sharding weighs a target by). */
      sizes: Map<string, number>;
    }
  | { state: 'no-git' }
  | { state: 'unreadable'; detail: string };

/**
 * The paths git tracks under `dir` (files, and every directory holding one), relative to `dir`.
 * The index is parsed here rather than asking `git ls-files`: running git inside a checkout lets
 * the repository's own files (a committed bare-repository look-alike, its config) run commands.
 *
 * `nested`: `dir` holds a `.git` found inside another repository's work tree. It counts as a
 * repository only when it is a real checkout (a HEAD and an index); anything less (a `.git`
 * holding only HEAD, a `.git` file naming no git directory) is 'no-git', so the repository
 * around it keeps deciding, and a stray `.git` cannot blind discovery.
 *
 * `within` (the workspace root): a `.git` below it is the checkout's own content, so a git
 * directory it names outside the workspace is never read ('no-git' when nested, 'unreadable'
 * otherwise). `from`: look for the repository from there upwards instead of from `dir` (the
 * workspace root, so a `.git` between it and `dir` is not taken for the repository holding `dir`).
 */
export function trackedUnder(
  dir: string,
  {
    nested = false,
    within,
    from,
    probes,
  }: { nested?: boolean; within?: string; from?: string; probes?: GitProbes } = {},
): Tracked {
  const top = gitTop(from ?? dir, probes);
  if (!top) return { state: 'no-git' };
  const git = resolveGitDir(top, within !== undefined && isBelow(top, within) ? within : undefined);
  if ('state' in git) return nested ? { state: 'no-git' } : git;
  const index = path.join(git.dir, 'index');
  let parsed = probes?.index.get(index);
  if (parsed === undefined) {
    const read = readSmallFile(index, MAX_INDEX_BYTES);
    if (!read.ok && read.kind === 'missing') {
      if (nested) return { state: 'no-git' };
      if (headOf(git) === 'unborn') return { state: 'tracked', paths: new Set(), sizes: new Map() }; // nothing committed or staged yet
    }
    if (!read.ok) return { state: 'unreadable', detail: `${index} ${read.detail}` };
    const sizes: number[] = [];
    const files = parseIndex(read.bytes, hashSize(read.bytes, git.common), sizes);
    parsed = typeof files === 'string' ? files : { files, sizes };
    probes?.index.set(index, parsed);
  }
  if (typeof parsed === 'string') return { state: 'unreadable', detail: parsed };
  const { files, sizes: sizeOf } = parsed;
  // Real paths: a directory named through a symlink is still the same place in the index.
  const prefix = path
    .relative(realPathOf(top, probes), realPathOf(dir, probes))
    .split(path.sep)
    .join('/');
  const paths = new Set<string>();
  const sizes = new Map<string, number>();
  for (const [n, f] of files.entries()) {
    const rel = prefix === '' ? f : f.startsWith(prefix + '/') ? f.slice(prefix.length + 1) : '';
    if (!rel) continue;
    paths.add(rel);
    sizes.set(rel, sizeOf[n]!);
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) {
      const d = rel.slice(0, i);
      if (paths.has(d)) break;
      paths.add(d);
    }
  }
  return { state: 'tracked', paths, sizes };
}

/** The nearest directory at or above `dir` holding a `.git` entry. */
function gitTop(dir: string, probes?: GitProbes): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (holdsDotGit(d, probes)) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

interface GitDir {
  /** Where this work tree's index and HEAD are. */
  dir: string;
  /** Where the refs and config are (a linked worktree shares its main repository's). */
  common: string;
}

/**
 * `.git` is the git dir, or (worktrees, submodules) a file `gitdir: <path>` naming it; either
 * way it must hold a HEAD, so an empty or stale `.git` is not mistaken for "nothing tracked".
 * `confine`: the git directory (and its common directory) must lie inside it, or nothing there
 * is read (a `.git` the checkout holds may name any path on the runner).
 */
function resolveGitDir(top: string, confine?: string): GitDir | Tracked {
  const dotGit = path.join(top, '.git');
  // Lexically first, so a path outside is never touched; then through symlinks.
  const outside = (d: string) =>
    confine !== undefined &&
    (!isInside(path.resolve(d), path.resolve(confine)) || !isInside(realOr(d), realOr(confine)));
  let dir: string | undefined;
  if (statPath(dotGit).kind === 'dir') dir = dotGit;
  else {
    const read = readSmallFile(dotGit, 4096); // never blocks: a FIFO is refused, not opened
    const m = read.ok ? /^gitdir: (.+?)\r?\n?$/.exec(read.bytes.toString('utf8')) : null;
    if (m) dir = path.resolve(top, m[1]!);
  }
  if (dir && outside(dir))
    return { state: 'unreadable', detail: `${dotGit} names a git directory outside the workspace` };
  if (!dir || statPath(path.join(dir, 'HEAD')).kind !== 'file')
    return { state: 'unreadable', detail: `${dotGit} is not a git directory (no HEAD)` };
  const link = readSmallFile(path.join(dir, 'commondir'), 4096);
  const common = link.ok ? path.resolve(dir, link.bytes.toString('utf8').trim()) : dir;
  if (outside(common))
    return { state: 'unreadable', detail: `${dotGit} names a git directory outside the workspace` };
  return { dir, common };
}

/**
 * The commit HEAD names: its id; 'unborn' for a branch with no commit yet; undefined when that
 * cannot be read (callers then assume there is history).
 */
function headOf(git: GitDir): string | 'unborn' | undefined {
  const head = readSmallFile(path.join(git.dir, 'HEAD'), 4096);
  if (!head.ok) return undefined;
  const text = head.bytes.toString('utf8').trim();
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text)) return text; // detached
  const ref = /^ref: (refs\/\S+)$/.exec(text)?.[1];
  if (!ref || ref.split('/').includes('..')) return undefined;
  const loose = readSmallFile(path.join(git.common, ref), 4096);
  if (loose.ok) return /^[0-9a-f]{40,64}/.exec(loose.bytes.toString('utf8'))?.[0];
  const packed = readSmallFile(path.join(git.common, 'packed-refs'), MAX_INDEX_BYTES);
  if (packed.ok)
    for (const line of packed.bytes.toString('utf8').split('\n'))
      if (line.endsWith(` ${ref}`)) return line.slice(0, line.indexOf(' '));
  return loose.kind === 'missing' ? 'unborn' : undefined;
}

/**
 * 20-byte (sha1) or 32-byte (sha256) object ids: whichever trailing checksum matches the file;
 * with no checksum (index.skipHash), the repository's extensions.objectFormat decides.
 */
function hashSize(index: Buffer, common: string): number {
  for (const [size, algo] of [
    [20, 'sha1'],
    [32, 'sha256'],
  ] as const) {
    if (index.length < 12 + size) continue;
    const sum = index.subarray(index.length - size);
    if (
      createHash(algo)
        .update(index.subarray(0, index.length - size))
        .digest()
        .equals(sum)
    )
      return size;
  }
  const read = readSmallFile(path.join(common, 'config'), 1 << 20);
  const config = read.ok ? read.bytes.toString('utf8') : '';
  return /^\s*objectformat\s*=\s*"?sha256"?\s*$/im.test(config) ? 32 : 20;
}

/**
 * The paths of a git index file (versions 2, 3 and 4), or why it cannot be read. Every offset
 * is bounds-checked: a damaged or hostile index is "unreadable", never a crash or a loop.
 * `sizes`, when given, receives each entry's recorded file size, in the order of the paths.
 */
export function parseIndex(b: Buffer, hashBytes: number, sizes?: number[]): string[] | string {
  if (b.length < 12 + hashBytes || b.toString('latin1', 0, 4) !== 'DIRC')
    return 'the git index has no DIRC header';
  const version = b.readUInt32BE(4);
  if (version < 2 || version > 4) return `the git index has version ${version}, not 2, 3 or 4`;
  const count = b.readUInt32BE(8);
  const end = b.length - hashBytes; // the trailing checksum (all zeros with index.skipHash)
  const sum = b.subarray(end);
  if (sum.some((x) => x !== 0)) {
    const algo = hashBytes === 32 ? 'sha256' : 'sha1';
    if (!createHash(algo).update(b.subarray(0, end)).digest().equals(sum))
      return 'the git index is damaged (its checksum does not match)';
  }
  const out: string[] = [];
  let at = 12;
  let previous = Buffer.alloc(0);
  // Version 4 paths repeat their predecessor's prefix: bounded, so a crafted index cannot
  // decode to gigabytes.
  let decoded = 0;
  for (let n = 0; n < count; n++) {
    const fixed = 40 + hashBytes + 2; // stat data, object id, flags
    if (at + fixed > end) return 'the git index ends inside an entry';
    const flags = b.readUInt16BE(at + 40 + hashBytes);
    let name = at + fixed + (version >= 3 && flags & 0x4000 ? 2 : 0);
    let prefix = Buffer.alloc(0);
    if (version === 4) {
      // The path is the previous path less `strip` trailing bytes, then this entry's suffix.
      let strip = 0;
      let byte: number;
      let first = true;
      do {
        if (name >= end) return 'the git index ends inside an entry';
        byte = b[name++]!;
        strip = first ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f);
        first = false;
        if (strip > previous.length) return 'the git index has a bad path prefix';
      } while (byte & 0x80);
      prefix = previous.subarray(0, previous.length - strip);
    }
    const nul = b.indexOf(0, name);
    if (nul < 0 || nul >= end) return 'the git index ends inside a path';
    const bytes = Buffer.concat([prefix, b.subarray(name, nul)]);
    decoded += bytes.length;
    if (bytes.length > MAX_PATH_BYTES || decoded > 16 * b.length + 4096)
      return 'the git index holds paths longer than any checkout can have';
    const full = bytes.toString('utf8');
    const mode = b.readUInt32BE(at + 24);
    // A sparse index lists a whole directory as one entry ("dir/", mode 040000).
    out.push((mode & 0o170000) === 0o040000 ? full.replace(/\/$/, '') : full);
    sizes?.push(b.readUInt32BE(at + 36));
    previous = bytes;
    // Versions 2 and 3 pad each entry with 1 to 8 NULs to a multiple of 8 bytes.
    at = version === 4 ? nul + 1 : at + Math.ceil((nul + 1 - at) / 8) * 8;
  }
  // Extensions: a split index keeps its entries in another file, which is not read here.
  while (at + 8 <= end) {
    const sig = b.toString('latin1', at, at + 4);
    if (sig === 'link')
      return 'the git index is split (core.splitIndex); its shared part is not read';
    at += 8 + b.readUInt32BE(at + 4);
  }
  return out;
}

/** The commit checked out at `dir` (HEAD resolved through refs), or undefined if unknown. */
export function headCommit(dir: string): string | undefined {
  const top = gitTop(dir);
  const git = top ? resolveGitDir(top) : undefined;
  if (!git || 'state' in git) return undefined;
  const head = headOf(git);
  return head === 'unborn' ? undefined : head;
}
