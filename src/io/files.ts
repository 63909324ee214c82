import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { NotUtf8PathError } from './paths.js';
import { errorText } from './workspace.js';

export type FileKind = 'file' | 'dir' | 'other' | 'missing' | 'unreadable';

export interface Stat {
  kind: FileKind;
  size: number;
  detail: string;
}

/** Classifies a path without opening it (opening a FIFO would block). Follows symlinks. */
export function statPath(abs: string): Stat {
  try {
    const st = fs.statSync(abs);
    if (st.isFile()) return { kind: 'file', size: st.size, detail: '' };
    if (st.isDirectory()) return { kind: 'dir', size: 0, detail: '' };
    return {
      kind: 'other',
      size: st.size,
      detail: 'is not a regular file or directory (FIFO, socket or device)',
    };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { kind: 'missing', size: 0, detail: 'does not exist' };
    return { kind: 'unreadable', size: 0, detail: errorText(err) };
  }
}

export type ReadResult =
  | { ok: true; bytes: Buffer }
  | { ok: false; kind: 'missing' | 'dir' | 'other' | 'unreadable' | 'too_large'; detail: string };

export type Opened =
  | { ok: true; fd: number; size: number }
  | { ok: false; kind: 'missing' | 'dir' | 'other' | 'unreadable'; detail: string };

// Non-blocking, so a FIFO cannot hang the open; never the controlling terminal, should a tty be
// swapped in.
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | (fs.constants.O_NOCTTY ?? 0);

/**
 * Opens a regular file for reading. Opens non-blocking and checks the type on the descriptor, so
 * a FIFO swapped in after a stat cannot hang the run. The caller closes `fd`.
 */
export function openRegularFile(abs: string): Opened {
  let fd: number;
  try {
    fd = fs.openSync(abs, OPEN_FLAGS);
  } catch (err) {
    return openError(err);
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isFile()) return { ok: true, fd, size: st.size };
    fs.closeSync(fd);
    return notRegular(st.isDirectory());
  } catch (err) {
    fs.closeSync(fd);
    return { ok: false, kind: 'unreadable', detail: errorText(err) };
  }
}

/** Why a file could not be opened (also for an error a hashing worker sends back). */
export function openError(err: unknown): Exclude<Opened, { ok: true }> {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return { ok: false, kind: 'missing', detail: 'does not exist' };
  if (code === 'EISDIR') return { ok: false, kind: 'dir', detail: 'is a directory' };
  return { ok: false, kind: 'unreadable', detail: errorText(err) };
}

/** An opened path that is not a regular file. */
export function notRegular(isDir: boolean): Exclude<Opened, { ok: true }> {
  return isDir
    ? { ok: false, kind: 'dir', detail: 'is a directory' }
    : { ok: false, kind: 'other', detail: 'is not a regular file (FIFO, socket or device)' };
}

/** An open or read failure in the missing / not_file / unreadable terms of hashing and streaming. */
export function openFailure(o: Exclude<ReadResult, { ok: true }>): {
  ok: false;
  reason: 'missing' | 'not_file' | 'unreadable';
  detail: string;
} {
  const reason =
    o.kind === 'missing' || o.kind === 'unreadable'
      ? o.kind
      : o.kind === 'too_large'
        ? 'unreadable'
        : 'not_file';
  return { ok: false, reason, detail: o.detail };
}

/** Reads a small regular file whole; anything over `maxBytes` is refused unread. */
export function readSmallFile(abs: string, maxBytes: number): ReadResult {
  const opened = openRegularFile(abs);
  if (!opened.ok) return opened;
  const { fd, size } = opened;
  try {
    if (size > maxBytes) {
      return {
        ok: false,
        kind: 'too_large',
        detail: `is ${size} bytes, over the ${maxBytes}-byte limit`,
      };
    }
    return { ok: true, bytes: readOpened(fd, size) };
  } catch (err) {
    return { ok: false, kind: 'unreadable', detail: errorText(err) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads the `size` bytes fstat reported (fewer if the file shrank), in as few reads as the kernel allows. */
export function readOpened(fd: number, size: number): Buffer {
  const buf = Buffer.allocUnsafe(size);
  let pos = 0;
  while (pos < size) {
    const n = fs.readSync(fd, buf, pos, size - pos, pos);
    if (n === 0) break;
    pos += n;
  }
  return pos === size ? buf : buf.subarray(0, pos);
}

/** Decodes UTF-8 strictly: invalid bytes are an error, not replacement characters (a BOM is kept). */
export function decodeUtf8(
  bytes: Buffer,
): { ok: true; text: string } | { ok: false; detail: string } {
  return isUtf8(bytes)
    ? { ok: true, text: bytes.toString('utf8') }
    : { ok: false, detail: 'is not valid UTF-8' };
}

/** What a directory holding a name that is not UTF-8 is, in messages. */
export const NON_UTF8_NAME =
  'holds a name that is not valid UTF-8: what lies under that name was not verified';

/**
 * Whether the listing of `dir` lost bytes. readdir gives a name that is not UTF-8 with U+FFFD in
 * place of its bytes, so it reads as a sibling really spelled with U+FFFD, and a path built from
 * it reaches that sibling: the entry itself would never be looked at. Only a listing whose names
 * hold U+FFFD is read again, as bytes.
 */
export function losesNames(dir: string, entries: readonly { name: string }[]): boolean {
  for (const { name } of entries) {
    if (!name.includes('\ufffd')) continue;
    try {
      return fs.readdirSync(dir, { encoding: 'buffer' }).some((raw) => !isUtf8(raw));
    } catch {
      return true; // listed once, now not: whatever it holds cannot be told apart
    }
  }
  return false;
}

/**
 * The names in `dir` (readdir's), refusing a listing that lost bytes (see losesNames) with a
 * NotUtf8PathError: a path built from such a name would open its U+FFFD twin.
 */
export function listNames(dir: string): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (losesNames(dir, entries)) throw new NotUtf8PathError(NON_UTF8_NAME);
  return entries.map((e) => e.name);
}
