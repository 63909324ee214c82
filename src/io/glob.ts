import fs from 'node:fs';
import path from 'node:path';
import { losesNames } from './files.js';
import { namedInside, reallyInside } from './paths.js';

/** Files one pattern may name at most, and entries its walk may look at. */
const MAX_MATCHES = 1000;
const MAX_ENTRIES = 100_000;

export const isGlob = (pattern: string) => /[*?]/.test(pattern);

/**
 * A glob as a regular expression: `**` any characters, `*` any run of characters that are not in
 * `ends` (the characters that end a segment), `?` one such character.
 */
export function globRegExp(glob: string, ends = '/'): RegExp {
  const other = `[^${ends}]`;
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += `${other}*`;
    else if (c === '?') re += other;
    else re += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

/**
 * The regular files an absolute glob (`*` within a segment, `**` across, `?` one character)
 * matches, sorted. Only under one of `roots` (the workspace, the runner's temp dir): the walk
 * starts at the pattern's fixed prefix, which must really lie inside one, and neither follows nor
 * matches symlinks, so a downloaded artifact cannot lead it elsewhere.
 */
export function expandGlob(
  pattern: string,
  roots: readonly string[],
): { ok: true; files: string[] } | { ok: false; problem: string } {
  const segments = path.resolve(pattern).split(path.sep);
  const fixed = segments.findIndex(isGlob);
  const base = segments.slice(0, fixed).join(path.sep) || path.sep;
  if (namedInside(base, roots) === undefined || !reallyInside(base, roots))
    return {
      ok: false,
      problem: 'lies outside the workspace and the runner temp directory',
    };
  const match = globRegExp(segments.slice(fixed).join('/'));
  const files: string[] = [];
  let seen = 0;
  const stack = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(base, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    // A name that is not UTF-8 would be matched and read as its U+FFFD twin.
    if (losesNames(path.join(base, rel), entries))
      return {
        ok: false,
        problem: `reaches a folder holding a name that is not valid UTF-8 (${rel || '.'})`,
      };
    for (const e of entries) {
      if (++seen > MAX_ENTRIES)
        return { ok: false, problem: `walks more than ${MAX_ENTRIES} entries` };
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) stack.push(child);
      else if (e.isFile() && match.test(child)) {
        if (files.length >= MAX_MATCHES)
          return { ok: false, problem: `matches more than ${MAX_MATCHES} files` };
        files.push(path.join(base, child));
      }
    }
  }
  return { ok: true, files: files.sort() };
}
