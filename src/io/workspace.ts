import fs from 'node:fs';
import path from 'node:path';

export type Resolved =
  | { ok: true; abs: string; real: string; rel: string }
  | {
      ok: false;
      reason: 'empty' | 'nul' | 'outside_root' | 'missing' | 'loop' | 'unreadable';
      rel: string;
      detail: string;
    };

/**
 * The repository the verifier may read. Every path that comes from an artifact is resolved
 * through `resolve`, which refuses to leave the root (lexically, or through a symlink)
 * unless outside reads were explicitly allowed.
 */
export class Workspace {
  readonly root: string;

  constructor(
    root: string,
    readonly allowOutside = false,
  ) {
    this.root = fs.realpathSync(root);
  }

  /** Repo-relative POSIX path for reports; paths outside the root stay absolute. */
  rel(abs: string): string {
    const r = path.relative(this.root, abs);
    if (r === '') return '.';
    if (r.startsWith('..') || path.isAbsolute(r)) return abs;
    return r.split(path.sep).join('/');
  }

  contains(abs: string): boolean {
    return abs === this.root || abs.startsWith(this.root + path.sep);
  }

  /** Resolves `p` (relative to `base`, or absolute) to an existing path inside the root. */
  resolve(base: string, p: string): Resolved {
    if (p.length === 0) return { ok: false, reason: 'empty', rel: p, detail: 'the path is empty' };
    if (p.includes('\0'))
      return { ok: false, reason: 'nul', rel: p, detail: 'the path contains a NUL byte' };
    const abs = path.resolve(base, p);
    const rel = this.rel(abs);
    if (!this.allowOutside && !this.contains(abs)) {
      return {
        ok: false,
        reason: 'outside_root',
        rel,
        detail: `resolves outside the workspace root ${this.root}`,
      };
    }
    let real: string;
    try {
      real = fs.realpathSync(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR')
        return { ok: false, reason: 'missing', rel, detail: 'does not exist' };
      if (code === 'ELOOP') return { ok: false, reason: 'loop', rel, detail: 'is a symlink loop' };
      return { ok: false, reason: 'unreadable', rel, detail: errorText(err) };
    }
    if (!this.allowOutside && !this.contains(real)) {
      return {
        ok: false,
        reason: 'outside_root',
        rel,
        detail: `is a symlink to ${real}, outside the workspace root`,
      };
    }
    return { ok: true, abs, real, rel };
  }
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
