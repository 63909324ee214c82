import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readSmallFile, statPath } from './files.js';

/** Larger indexes (millions of files) are not read: .gitignore rules alone decide there. */
const MAX_INDEX_BYTES = 512 * 1024 * 1024;

/** What git tracks under a directory, read from the index file (git itself is never run). */
export type Tracked =
  | { state: 'tracked'; paths: Set<string> }
  | { state: 'no-git' }
  | { state: 'unreadable'; detail: string };

/**
 * The paths git tracks under `dir` (files, and every directory holding one), relative to `dir`.
 * The index is parsed here rather than asking `git ls-files`: running git inside a checkout lets
 * the repository's own files (a committed bare-repository look-alike, its config) run commands.
 */
export function trackedUnder(dir: string): Tracked {
  const top = gitTop(dir);
  if (!top) return { state: 'no-git' };
  const gitDir = resolveGitDir(top);
  if (typeof gitDir !== 'string') return gitDir;
  const index = path.join(gitDir, 'index');
  const read = readSmallFile(index, MAX_INDEX_BYTES);
  // A repository with nothing staged has no index yet.
  if (!read.ok && read.kind === 'missing') return { state: 'tracked', paths: new Set() };
  if (!read.ok) return { state: 'unreadable', detail: `${index} ${read.detail}` };
  const files = parseIndex(read.bytes, hashSize(gitDir));
  if (typeof files === 'string') return { state: 'unreadable', detail: files };
  const prefix = path.relative(top, dir).split(path.sep).join('/');
  const paths = new Set<string>();
  for (const f of files) {
    const rel = prefix === '' ? f : f.startsWith(prefix + '/') ? f.slice(prefix.length + 1) : '';
    if (!rel) continue;
    paths.add(rel);
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) {
      const d = rel.slice(0, i);
      if (paths.has(d)) break;
      paths.add(d);
    }
  }
  return { state: 'tracked', paths };
}

/** The nearest directory at or above `dir` holding a `.git` entry. */
function gitTop(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/** `.git` is the git dir, or (worktrees, submodules) a file `gitdir: <path>` naming it. */
function resolveGitDir(top: string): string | Tracked {
  const dotGit = path.join(top, '.git');
  if (statPath(dotGit).kind === 'dir') return dotGit;
  const read = readSmallFile(dotGit, 4096); // never blocks: a FIFO is refused, not opened
  const m = read.ok ? /^gitdir: (.+?)\r?\n?$/.exec(read.bytes.toString('utf8')) : null;
  if (m) return path.resolve(top, m[1]!);
  return { state: 'unreadable', detail: `${dotGit} is neither a git directory nor a gitdir link` };
}

/** 32-byte object ids in a sha256 repository (extensions.objectFormat), else 20 (sha1). */
function hashSize(gitDir: string): number {
  const read = readSmallFile(path.join(gitDir, 'config'), 1 << 20);
  const config = read.ok ? read.bytes.toString('utf8') : '';
  return /^\s*objectformat\s*=\s*sha256\s*$/im.test(config) ? 32 : 20;
}

/**
 * The paths of a git index file (versions 2, 3 and 4), or why it cannot be read. Every offset
 * is bounds-checked: a damaged or hostile index is "unreadable", never a crash or a loop.
 */
export function parseIndex(b: Buffer, hashBytes: number): string[] | string {
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
    const full = bytes.toString('utf8');
    const mode = b.readUInt32BE(at + 24);
    // A sparse index lists a whole directory as one entry ("dir/", mode 040000).
    out.push((mode & 0o170000) === 0o040000 ? full.replace(/\/$/, '') : full);
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
