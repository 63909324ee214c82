import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether `rel` (a path.relative result) leaves its base: `..` or `../…`, or another drive. A
 * name that merely starts with two dots (`..store`) is inside.
 */
export function leavesBase(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
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

/** The real path of `p`, or `p` resolved where it does not exist. */
export function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
