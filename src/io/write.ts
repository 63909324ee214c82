import fs from 'node:fs';
import path from 'node:path';
import { dirPrefix, leavesBase } from './paths.js';

/** A report write refused because its destination is not what it looks like. */
export class WriteRefused extends Error {}

/** Whether `p` lies lexically inside `root` (before symlinks are considered). */
export function lexicallyInside(p: string, root: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(p));
  return !leavesBase(rel);
}

/**
 * Writes a report atomically (temp file + rename), so an interrupted run never leaves a
 * truncated file, and refuses to replace anything that is not a regular file. With `confineTo`,
 * the report's directory must really lie inside that root: a symlinked `.aris` (or any symlinked
 * parent) pointing elsewhere is refused before anything is created.
 */
export function writeReportFile(file: string, content: string, confineTo?: string): void {
  const abs = path.resolve(file);
  if (confineTo !== undefined) assertInside(path.dirname(abs), confineTo);
  let existing: fs.Stats | undefined;
  try {
    existing = fs.lstatSync(abs);
  } catch {
    // does not exist yet
  }
  if (existing && !existing.isFile()) {
    throw new WriteRefused(`${file} exists and is not a regular file; refusing to replace it`);
  }
  try {
    makeFolders(path.dirname(abs));
  } catch (err) {
    // A dangling link or a file on the way: said as a refusal, not an internal error.
    throw new WriteRefused(
      `cannot create the folder of ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}); refusing to write the report`,
    );
  }
  if (confineTo !== undefined) assertInside(path.dirname(abs), confineTo);
  const tmp = `${abs}.tmp-${process.pid}-${Date.now()}`;
  try {
    fs.writeFileSync(tmp, content, { encoding: 'utf8', flag: 'wx' });
    fs.renameSync(tmp, abs);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new WriteRefused(
      `cannot write ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}); the report was not written`,
    );
  }
}

/**
 * mkdir -p, a folder at a time: Node's recursive mkdir retries forever where the system answers
 * ENOENT for a folder whose parent exists (as /proc does).
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d) && path.dirname(d) !== d; d = path.dirname(d))
    missing.push(d);
  for (const d of missing.reverse()) fs.mkdirSync(d);
}

/** The nearest existing ancestor of `dir` (itself included) must resolve inside `root`. */
function assertInside(dir: string, root: string): void {
  const realRoot = fs.realpathSync(root);
  let probe = dir;
  for (;;) {
    let exists = true;
    try {
      fs.lstatSync(probe);
    } catch {
      exists = false;
    }
    if (exists) break;
    const up = path.dirname(probe);
    if (up === probe) break;
    probe = up;
  }
  let real: string;
  try {
    real = fs.realpathSync(probe);
  } catch {
    throw new WriteRefused(`${probe} is a broken symlink; refusing to write the report through it`);
  }
  if (real !== realRoot && !real.startsWith(dirPrefix(realRoot))) {
    throw new WriteRefused(
      `${dir} resolves to ${real}, outside ${realRoot}; refusing to write the report there`,
    );
  }
}
