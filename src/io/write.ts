import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a report atomically (temp file + rename), so an interrupted run never leaves a
 * truncated file, and refuses to replace anything that is not a regular file.
 */
export function writeReportFile(file: string, content: string): void {
  const abs = path.resolve(file);
  let existing: fs.Stats | undefined;
  try {
    existing = fs.lstatSync(abs);
  } catch {
    // does not exist yet
  }
  if (existing && !existing.isFile()) {
    throw new Error(`${file} exists and is not a regular file; refusing to replace it`);
  }
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  const tmp = `${abs}.tmp-${process.pid}-${Date.now()}`;
  try {
    fs.writeFileSync(tmp, content, { encoding: 'utf8', flag: 'wx' });
    fs.renameSync(tmp, abs);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
