import path from 'node:path';
import { walkRepository } from '../../io/walk.js';
import type { Workspace } from '../../io/workspace.js';
import { ARISTO } from './codes.js';
import { MAX_SOURCE_BYTES, readText } from './files.js';
import type { Findings } from './model.js';
import {
  extractAnnotations,
  MAX_NESTING,
  mayHoldAnnotations,
  type ExtractedAnnotation,
} from './rust/extract.js';
import { rustParser } from './rust/grammar.js';

export interface SourceAnnotation extends ExtractedAnnotation {
  /** Relative to the aristo workspace, POSIX. */
  file: string;
}

export interface SourceScan {
  annotations: SourceAnnotation[];
  /** .rs files (workspace-relative) whose annotations are known from the source. */
  covered: Set<string>;
  /** .rs files that could not be read or parsed: their index entries stand. */
  failed: Set<string>;
}

/**
 * Every Rust file of the aristo workspace (the walk honours .gitignore and skips nested
 * workspaces, which are targets of their own), parsed when it can hold an annotation.
 * `unproven` is the severity of an intent no proof can be about (a malformed annotation), as
 * for one without a proof.
 */
export async function scanSources(
  ws: Workspace,
  targetDir: string,
  subject: string,
  f: Findings,
  unproven: { severity?: 'error' } = {},
): Promise<SourceScan> {
  const out: SourceScan = { annotations: [], covered: new Set(), failed: new Set() };
  // As discovery walks: links inside the workspace are followed (a linked folder of modules still
  // compiles), and without git .gitignore hides nothing.
  const { dirs, unreadable } = walkRepository(targetDir, { followLinks: true, top: ws.root });
  // A directory the walk could not list, or only in part, may hold a module the crate compiles.
  for (const u of unreadable) {
    const rel = ws.rel(u.dir);
    f.add(
      ARISTO.sourceUnparseable,
      subject,
      u.nonUtf8Name
        ? `${rel} ${u.detail}; the annotations of Rust files there are checked against the index alone.`
        : `${rel} could not be listed (${u.detail}); the annotations of Rust files there are checked against the index alone.`,
      { path: rel },
    );
  }
  const nested = new Set(
    dirs.filter((d) => d.abs !== targetDir && d.dirs.has('.aristo')).map((d) => d.rel),
  );
  // Looked up by ancestor, not tested against every nested workspace: 40,000 of them took minutes.
  const inNested = (rel: string) => {
    let prefix = '';
    for (const part of rel.split('/')) {
      prefix = prefix ? `${prefix}/${part}` : part;
      if (nested.has(prefix)) return true;
    }
    return false;
  };
  // Files in folders reached through a link come after the others, so a file reached both ways is
  // scanned at its own path (once: see `scanned` below).
  const direct: string[] = [];
  const linked: string[] = [];
  for (const d of dirs) {
    if (d.rel !== '.' && nested.size > 0 && inNested(d.rel)) continue;
    for (const name of d.files)
      if (name.endsWith('.rs'))
        (d.real === undefined ? direct : linked).push(d.rel === '.' ? name : `${d.rel}/${name}`);
  }
  const files = [...direct.sort(), ...linked.sort()];
  const scanned = new Set<string>();
  // Modules the crate compiles from elsewhere (`#[path = "…"]`, `include!("…")`) are scanned too.
  const seen = new Set(files);
  const refer = (from: string, text: string) => {
    const there = (p: string) => {
      const r = ws.resolve(targetDir, p);
      return r.ok || r.reason !== 'missing'; // a path refused (out through a link) is read, to say so
    };
    for (const to of moduleFiles(from, text, there)) {
      if (seen.has(to.file)) continue;
      if (seen.size >= MAX_SOURCE_FILES) {
        f.add(
          ARISTO.sourceUnparseable,
          subject,
          `${ws.rel(path.join(targetDir, from))} names more modules than the ${MAX_SOURCE_FILES} Rust files a workspace's scan reads; the annotations of ${to.file} are checked against the index alone.`,
          { path: ws.rel(path.join(targetDir, from)), line: to.line },
        );
        return;
      }
      seen.add(to.file);
      files.push(to.file);
    }
  };
  let parser: Awaited<ReturnType<typeof rustParser>> | undefined;
  try {
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      const read = readText(ws, targetDir, file, MAX_SOURCE_BYTES);
      const repoRel = read.rel;
      if (!read.ok) {
        out.failed.add(file);
        f.add(
          ARISTO.sourceUnparseable,
          subject,
          `${repoRel} ${read.detail}; its annotations are checked against the index alone.`,
          {
            path: repoRel,
          },
        );
        continue;
      }
      if (scanned.has(read.real)) {
        out.covered.add(file);
        continue;
      }
      scanned.add(read.real);
      refer(file, read.text);
      if (!mayHoldAnnotations(read.text)) {
        out.covered.add(file);
        continue;
      }
      parser ??= await rustParser();
      const r = extractAnnotations(parser, read.text);
      if (r.tooDeep) {
        out.failed.add(file);
        f.add(
          ARISTO.sourceUnparseable,
          subject,
          `${repoRel} nests items or blocks more than ${MAX_NESTING} deep (line ${r.tooDeep.line}); its annotations are checked against the index alone.`,
          { path: repoRel, line: r.tooDeep.line, column: r.tooDeep.column },
        );
        continue;
      }
      if (r.syntaxError) {
        out.failed.add(file);
        f.add(
          ARISTO.sourceUnparseable,
          subject,
          `${repoRel} does not parse as Rust (line ${r.syntaxError.line}, column ${r.syntaxError.column}); its annotations are checked against the index alone.`,
          { path: repoRel, line: r.syntaxError.line, column: r.syntaxError.column },
        );
        continue;
      }
      out.covered.add(file);
      for (const m of r.malformed)
        f.add(
          ARISTO.annotationMalformed,
          subject,
          `${repoRel}:${m.line}: ${m.detail}; the SDK skips this annotation, so no proof can be about it.`,
          { path: repoRel, line: m.line },
          unproven,
        );
      for (const a of r.annotations) out.annotations.push({ ...a, file });
    }
  } finally {
    parser?.delete();
  }
  return out;
}

/** Files a workspace's scan reads at most, those its walk found and those modules name. */
const MAX_SOURCE_FILES = 20_000;
const MODULE_FILE = /#\s*\[\s*path\s*=\s*"([^"\\]*)"\s*\]|\binclude\s*!\s*[([{]\s*"([^"\\]*)"/g;

/**
 * The files `#[path = "…"]` and `include!("…")` in `file` (workspace-relative, POSIX) name,
 * relative to the workspace's folder. rustc reads such a path from the file's folder, or from a
 * folder named after the file for a module declared inside another; the first that `exists` is
 * taken. Candidates only: a match in a comment or a string is read too, which costs a read and
 * hides nothing.
 */
export function moduleFiles(
  file: string,
  text: string,
  exists: (p: string) => boolean,
): { file: string; line: number }[] {
  // (Absolute paths are given as they are, to be refused.)
  if (!text.includes('path') && !text.includes('include')) return [];
  const out: { file: string; line: number }[] = [];
  const dir = path.posix.dirname(file);
  const stem = path.posix.join(dir, path.posix.basename(file, '.rs'));
  let line = 1;
  let counted = 0;
  MODULE_FILE.lastIndex = 0;
  for (let m = MODULE_FILE.exec(text); m; m = MODULE_FILE.exec(text)) {
    const lit = (m[1] ?? m[2])!;
    for (
      let i = text.indexOf('\n', counted);
      i >= 0 && i < m.index;
      i = text.indexOf('\n', i + 1)
    ) {
      line++;
      counted = i + 1;
    }
    if (lit === '') continue;
    if (path.posix.isAbsolute(lit)) {
      out.push({ file: lit, line });
      continue;
    }
    const candidates = [path.posix.join(dir, lit), path.posix.join(stem, lit)];
    const found = candidates.find(exists);
    // One in neither place lies in a module nested deeper, inside the crate, which the walk lists;
    // one that leaves the crate is read, to be refused or reported missing.
    if (found !== undefined) out.push({ file: found, line });
    else if (candidates[0]!.startsWith('../')) out.push({ file: candidates[0]!, line });
  }
  return out;
}
