import fs from 'node:fs';
import path from 'node:path';
import { walkRepository } from '../../io/walk.js';
import type { Workspace } from '../../io/workspace.js';
import { ARISTO } from './codes.js';
import { MAX_SOURCE_BYTES, readText } from './files.js';
import { parseToml } from './toml.js';
import type { Findings } from './model.js';
import { MAX_REFS_PER_FILE, moduleRefs, type ModuleRef } from './rust/modules.js';
import {
  extractAnnotations,
  MAX_NESTING,
  mayHoldAnnotations,
  type ExtractedAnnotation,
} from './rust/extract.js';
import { rustParser } from './grammar.js';

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
  opts: { unproven?: { severity?: 'error' }; cache?: ParseCache } = {},
): Promise<SourceScan> {
  const unproven = opts.unproven ?? {};
  const cache = opts.cache ?? new Map();
  const out: SourceScan = { annotations: [], covered: new Set(), failed: new Set() };
  // As discovery walks: links inside the workspace are followed (a linked folder of modules still
  // compiles), and without git .gitignore hides nothing. A nested workspace (a folder holding
  // .aristo) is a target of its own, and is not entered.
  const { dirs, unreadable } = walkRepository(targetDir, {
    followLinks: true,
    top: ws.root,
    stopAtHolder: '.aristo',
    probes: ws.probes,
  });
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
  // Files in folders reached through a link come after the others, so a file reached both ways is
  // scanned at its own path (once: see `scanned` below). Every file name is kept, by base name,
  // for modules named by #[path] from inside an inline module.
  const direct: string[] = [];
  const linked: string[] = [];
  const byName = new Map<string, string[]>();
  for (const d of dirs)
    for (const name of d.files) {
      const rel = d.rel === '.' ? name : `${d.rel}/${name}`;
      const same = byName.get(name);
      if (same) same.push(rel);
      else byName.set(name, [rel]);
      if (name.endsWith('.rs')) (d.real === undefined ? direct : linked).push(rel);
    }
  const files = [...direct.sort(), ...linked.sort()];
  const scanned = new Set<string>();
  const seen = new Set(files);
  const at = (file: string) => ws.rel(path.join(targetDir, file));
  const exists = (p: string) => {
    const r = ws.resolve(targetDir, p);
    return r.ok || r.reason !== 'missing'; // refused (out through a link): read, to say so
  };
  const onDisk = (p: string) => {
    try {
      const real = fs.realpathSync.native(`${targetDir}${path.sep}${p}`);
      return path.relative(targetDir, real).split(path.sep).join('/');
    } catch {
      return undefined;
    }
  };
  const refer = (from: string, { refs, capped }: ParsedSource) => {
    if (capped)
      f.add(
        ARISTO.sourceUnparseable,
        subject,
        `${at(from)} names more than ${MAX_REFS_PER_FILE} module files (#[path] or include!); those past them were not read, and their annotations are checked against the index alone.`,
        { path: at(from) },
      );
    for (const ref of refs) {
      const candidates = moduleFiles(from, ref.lit, byName, exists, onDisk);
      if (candidates === TOO_MANY) {
        f.add(
          ARISTO.sourceUnparseable,
          subject,
          `${at(from)} names ${JSON.stringify(ref.lit)}, a name more than ${MAX_SAME_NAME} files in the workspace have; which one rustc reads was not worked out, and none was scanned.`,
          { path: at(from), line: ref.line },
        );
        continue;
      }
      for (const file of candidates) {
        if (seen.has(file)) continue;
        if (seen.size >= MAX_SOURCE_FILES) {
          f.add(
            ARISTO.sourceUnparseable,
            subject,
            `${at(from)} names more modules than the ${MAX_SOURCE_FILES} Rust files a workspace's scan reads; the annotations of ${file} are checked against the index alone.`,
            { path: at(from), line: ref.line },
          );
          return;
        }
        seen.add(file);
        files.push(file);
      }
    }
  };
  // Cargo compiles the targets a manifest names wherever they are ([lib] path = "…", bins,
  // examples, tests, benches, the build script): those of every crate in the workspace (a path
  // dependency's too) are scanned. A manifest that cannot be read as TOML is reported.
  for (const d of dirs) {
    if (!d.files.has('Cargo.toml')) continue;
    const from = d.rel === '.' ? 'Cargo.toml' : `${d.rel}/Cargo.toml`;
    const manifest = readText(ws, targetDir, from, MAX_SOURCE_BYTES);
    const toml = manifest.ok ? parseToml(manifest.text) : undefined;
    if (!toml?.ok) {
      const why = !manifest.ok
        ? manifest.detail
        : `is not TOML (line ${toml!.line}): ${toml!.message}`;
      f.add(
        ARISTO.sourceUnparseable,
        subject,
        `${at(from)} ${why}; the files its targets name ([lib] path, bins, the build script) were not found.`,
        { path: at(from) },
      );
      continue;
    }
    refer(from, {
      refs: cargoTargets(toml.doc.data).map((lit) => ({ lit, line: 1 })),
      capped: false,
    });
  }
  let parser: Awaited<ReturnType<typeof rustParser>> | undefined;
  try {
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      // One read and parse per file a run reads, however many workspaces reach it (links).
      const real = ws.resolve(targetDir, file);
      let parsed = real.ok ? cache.get(real.real) : undefined;
      if (!parsed) {
        const read = readText(ws, targetDir, file, MAX_SOURCE_BYTES);
        if (!read.ok) {
          out.failed.add(file);
          f.add(
            ARISTO.sourceUnparseable,
            subject,
            `${read.rel} ${read.detail}; its annotations are checked against the index alone.`,
            { path: read.rel },
          );
          continue;
        }
        parsed = {
          ...moduleRefs(read.text),
          ...(mayHoldAnnotations(read.text)
            ? { extraction: extractAnnotations((parser ??= await rustParser()), read.text) }
            : {}),
        };
        cache.set(read.real, parsed);
      }
      const repoRel = at(file);
      const key = real.ok ? real.real : file;
      if (scanned.has(key)) {
        out.covered.add(file);
        continue;
      }
      scanned.add(key);
      refer(file, parsed);
      const r = parsed.extraction;
      if (!r) {
        out.covered.add(file);
        continue;
      }
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

/** What a scan takes from one source file: the files it names, its annotations when it may hold any. */
interface ParsedSource {
  refs: ModuleRef[];
  capped: boolean;
  extraction?: ReturnType<typeof extractAnnotations>;
}

/** Sources read by real path, for one run: workspaces that reach a file through links share it. */
export type ParseCache = Map<string, ParsedSource>;

/** Files a workspace's scan reads at most, those its walk found and those modules name. */
const MAX_SOURCE_FILES = 20_000;

/**
 * The files (relative to the workspace's folder, POSIX) that `lit`, named in `from`, may be:
 * rustc reads it from the file's folder, or from a folder named after the file, or (inside an
 * inline module) from a folder below either. Every one of those that exists is returned, and every
 * listed file under the file's folder whose path ends with it: scanning a decoy too costs a read,
 * missing the module would hide it. A path with `..` is resolved on disk, as rustc does (`l/..`
 * through a link `l` is not the file's folder), by `onDisk`. A path found nowhere, or an absolute
 * one, is returned as written, to be reported missing or refused: fail closed.
 */
export function moduleFiles(
  from: string,
  lit: string,
  byName: ReadonlyMap<string, readonly string[]>,
  exists: (p: string) => boolean,
  onDisk: (unnormalized: string) => string | undefined,
): string[] | typeof TOO_MANY {
  if (path.posix.isAbsolute(lit) || /^[A-Za-z]:[\\/]/.test(lit)) return [lit];
  const dir = path.posix.dirname(from);
  const stem = path.posix.join(dir, path.posix.basename(from, '.rs'));
  const bases = [dir, stem];
  if (lit.split(/[\\/]/).includes('..')) {
    // From an inline module's folder `..` may land anywhere below: every file of that name is a
    // candidate too.
    const named = byName.get(path.posix.basename(lit)) ?? [];
    if (named.length > MAX_SAME_NAME) return TOO_MANY;
    const found = [...bases.flatMap((b) => onDisk(`${b}/${lit}`) ?? []), ...named];
    return found.length ? [...new Set(found)] : [path.posix.join(dir, lit)];
  }
  const found = bases.map((b) => path.posix.join(b, lit)).filter(exists);
  const tail = `/${path.posix.normalize(lit)}`;
  const under = dir === '.' ? '' : `${dir}/`;
  const named = byName.get(path.posix.basename(lit)) ?? [];
  if (named.length > MAX_SAME_NAME) return TOO_MANY;
  for (const p of named) if (p.startsWith(under) && `/${p}`.endsWith(tail)) found.push(p);
  return found.length ? [...new Set(found)] : [path.posix.join(dir, lit)];
}

/** Files of one name a module path may be, at most: past it the path is reported, not followed. */
const MAX_SAME_NAME = 256;
/** What moduleFiles returns for a name too many files have. */
export const TOO_MANY: unique symbol = Symbol('too many');

/** The source paths a Cargo manifest names for its targets and build script. */
export function cargoTargets(data: Record<string, unknown>): string[] {
  const out: string[] = [];
  const take = (v: unknown) => {
    if (v && typeof v === 'object' && typeof (v as { path?: unknown }).path === 'string')
      out.push((v as { path: string }).path);
  };
  take(data['lib']);
  for (const key of ['bin', 'example', 'test', 'bench']) {
    const list = data[key];
    if (Array.isArray(list)) list.forEach(take);
  }
  const build = (data['package'] as { build?: unknown } | undefined)?.build;
  if (typeof build === 'string') out.push(build);
  return out;
}
