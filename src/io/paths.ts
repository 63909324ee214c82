import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether `rel` (a path.relative result) leaves its base: `..` or `../…`, or another drive. A
 * name that merely starts with two dots (`..store`) is inside.
 */
export function leavesBase(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
}

/** `dir` with one trailing separator, the prefix of every path below it (`/` stays `/`). */
export function dirPrefix(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

/** Whether `p` lies strictly below `top` (both absolute, compared as written). */
export function isBelow(p: string, top: string): boolean {
  const rel = path.relative(top, p);
  return rel !== '' && !leavesBase(rel);
}

/** Whether `p` is `top` or lies below it. */
export function isInside(p: string, top: string): boolean {
  return !leavesBase(path.relative(top, p));
}

/** Links followed at most, as the system does (Linux's MAXSYMLINKS). */
const MAX_LINK_HOPS = 40;

export type LinkRoute = 'inside' | 'outside' | 'loop' | 'not-utf8';

/**
 * Where resolving `p` (absolute, spelled as given) as the system does goes, whether or not
 * anything is found at its end: `outside` where it leaves `base` (a real path) on the way,
 * wherever it ends; `loop` past the links the system follows (it answers ELOOP there, while a
 * path resolved a folder at a time may still find an end); `not-utf8` at a link whose target is
 * not UTF-8 (it is not followed); else `inside`. Each link's text is
 * read and followed, and `..` taken after it. Nothing outside `base` is looked at but the folders
 * above it, so a path behind a link out is refused alike whatever is out there.
 */
export function linkRoute(p: string, base: string): LinkRoute {
  const pending = p.split('/').reverse();
  let cur = '/';
  let hops = 0;
  while (pending.length > 0) {
    const seg = pending.pop()!;
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      cur = path.dirname(cur);
      continue;
    }
    const next = path.join(cur, seg);
    if (!isInside(next, base) && !isInside(base, next)) return 'outside';
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(next, { throwIfNoEntry: false });
    } catch {
      return 'inside'; // no folder here, or unreadable: it ends inside
    }
    if (st === undefined) return 'inside';
    if (!st.isSymbolicLink()) {
      cur = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return 'loop';
    let target: string;
    try {
      const bytes = fs.readlinkSync(next, { encoding: 'buffer' });
      // Decoded, a target that is not UTF-8 names a sibling spelled with U+FFFD: where it
      // really leads is not known, and is said so, alike wherever it leads.
      if (!isUtf8(bytes)) return 'not-utf8';
      target = bytes.toString('utf8');
    } catch {
      return 'inside';
    }
    if (path.isAbsolute(target)) cur = '/';
    pending.push(...target.split('/').reverse());
  }
  return isInside(cur, base) ? 'inside' : 'outside';
}

/** The real path of `p`, or `p` resolved where it does not exist. */
export function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * The root among `roots` that `p` is named inside, as spelled or through the root's real path
 * (undefined when none): a path named there is the checkout's to resolve, links and all.
 */
export function namedInside(p: string, roots: readonly string[]): string | undefined {
  const abs = path.resolve(p);
  return roots.find((r) => isInside(abs, path.resolve(r)) || isInside(abs, realOr(r)));
}

/**
 * Whether `p` really lies inside one of `roots` (their real paths), whatever folder on its way is
 * a symlink; a path that does not exist is judged where it would be created or read.
 */
export function reallyInside(p: string, roots: readonly string[]): boolean {
  let real: string;
  try {
    real = fs.realpathSync(p);
  } catch {
    return true; // nothing there to lead anywhere: the read or write says so
  }
  return roots.some((r) => isInside(real, realOr(r)));
}

/**
 * A path the system gave back (realpath, readlink) whose bytes are not UTF-8: decoded, U+FFFD
 * stands in for them, and the text names another file, a sibling really spelled so.
 */
export class NotUtf8PathError extends Error {
  constructor(message = 'leads to a path that is not valid UTF-8') {
    super(message);
  }
}

/** Throws NotUtf8PathError when `text`, decoded from `bytes()`, lost bytes. */
function checkDecoded(text: string, bytes: () => Buffer): string {
  if (text.includes('\ufffd') && !isUtf8(bytes())) throw new NotUtf8PathError();
  return text;
}

/** fs.realpathSync.native, refusing a real path that is not UTF-8 (NotUtf8PathError). */
export function realpathText(p: string): string {
  return checkDecoded(fs.realpathSync.native(p), () =>
    fs.realpathSync.native(p, { encoding: 'buffer' }),
  );
}

/**
 * The real path of the directory at `p` (links followed), or undefined where there is none: a
 * missing path, a dangling link, a loop, or something other than a directory. On Linux it is
 * the kernel's name for the directory once opened: realpath(3) reads the link of every prefix
 * of the path, which grows with the square of its depth (26 ms at 1,000 levels, against 0.1 ms).
 * Throws NotUtf8PathError where the directory's path is not UTF-8.
 */
export function realDirectory(p: string): string | undefined {
  if (process.platform === 'linux') {
    let fd: number;
    try {
      fd = fs.openSync(p, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
      fd = -1; // no permission to open it: realpath(3) below still knows where it leads
    }
    if (fd >= 0) {
      let real: string | undefined;
      try {
        const link = `/proc/self/fd/${fd}`;
        real = checkDecoded(fs.readlinkSync(link), () =>
          fs.readlinkSync(link, { encoding: 'buffer' }),
        );
      } catch (err) {
        if (err instanceof NotUtf8PathError) throw err;
        // no /proc: realpath(3) below
      } finally {
        fs.closeSync(fd);
      }
      if (real !== undefined && path.isAbsolute(real) && !real.endsWith(' (deleted)')) return real;
    }
  }
  try {
    const real = realpathText(p);
    return fs.statSync(real).isDirectory() ? real : undefined;
  } catch (err) {
    if (err instanceof NotUtf8PathError) throw err;
    return undefined;
  }
}
