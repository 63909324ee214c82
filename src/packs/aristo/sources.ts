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
 */
export async function scanSources(
  ws: Workspace,
  targetDir: string,
  subject: string,
  f: Findings,
): Promise<SourceScan> {
  const out: SourceScan = { annotations: [], covered: new Set(), failed: new Set() };
  const { dirs, unreadable } = walkRepository(targetDir, { gitlessIgnores: true });
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
  const files: string[] = [];
  for (const d of dirs) {
    if (d.rel !== '.' && nested.size > 0 && inNested(d.rel)) continue;
    if (d.rel.split('/').includes('.aristo')) continue;
    for (const name of d.files)
      if (name.endsWith('.rs')) files.push(d.rel === '.' ? name : `${d.rel}/${name}`);
  }
  files.sort();
  let parser: Awaited<ReturnType<typeof rustParser>> | undefined;
  try {
    for (const file of files) {
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
        );
      for (const a of r.annotations) out.annotations.push({ ...a, file });
    }
  } finally {
    parser?.delete();
  }
  return out;
}
