import fs from 'node:fs';
import path from 'node:path';
import { decodeUtf8 } from '../../io/files.js';
import type { ReadHashed } from '../../io/hashing.js';
import { parseJson, type JsonDoc } from '../../io/json.js';
import { errorText } from '../../io/workspace.js';
import { isCanonicalText } from './canonical.js';
import { TRACE, type TraceCodeDef } from './codes.js';
import type { RunCtx } from './context.js';

/** Run files other than trace.jsonl are small JSON; anything bigger is refused rather than read. */
export const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;
const MAX_LIST_DEPTH = 16;
const MAX_LIST_ENTRIES = 1_000_000;

export type EntryKind = 'file' | 'symlink' | 'other';

export interface RunEntry {
  /** POSIX path relative to the run directory. */
  rel: string;
  abs: string;
  kind: EntryKind;
  /** The real path: for files, under the real run directory; for symlinks, when it resolves. */
  real?: string;
  /** For symlinks: whether the target stays inside the run directory and is a regular file. */
  insideFile?: boolean;
  detail?: string;
}

const PLAIN_PATH = /^(?![A-Za-z]:)[^/\\\0]+(?:\/[^/\\\0]+)*$/;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/** True when `p` is a plain relative POSIX path: no `..`, no absolute path, no backslash, no empty segment. */
export function isPlainRelative(p: string): boolean {
  return PLAIN_PATH.test(p) && !DOT_SEGMENT.test(p);
}

/**
 * Lists every file under the run directory without following symlinks (lstat), so a symlink
 * loop or a link out of the run cannot trap or widen the walk. FIFOs and sockets are listed as
 * 'other' and never opened.
 */
export function listRun(runDir: string, realRunDir: string): RunEntry[] {
  const out: RunEntry[] = [];
  const stack: { abs: string; rel: string; depth: number }[] = [{ abs: runDir, rel: '', depth: 0 }];
  while (stack.length > 0 && out.length < MAX_LIST_ENTRIES) {
    const { abs, rel, depth } = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const childAbs = path.join(abs, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (depth < MAX_LIST_DEPTH) stack.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
        else
          out.push({ rel: childRel, abs: childAbs, kind: 'other', detail: 'is nested too deeply' });
      } else if (e.isFile()) {
        // Reached through real directories only (symlinked ones are not entered), so its real
        // path needs no realpath call.
        out.push({ rel: childRel, abs: childAbs, kind: 'file', real: inDir(realRunDir, childRel) });
      } else if (e.isSymbolicLink()) {
        const entry: RunEntry = { rel: childRel, abs: childAbs, kind: 'symlink' };
        try {
          const real = fs.realpathSync.native(childAbs);
          entry.real = real;
          const inside = real.startsWith(realRunDir + path.sep);
          entry.insideFile = inside && fs.statSync(real).isFile();
          if (!inside) entry.detail = `is a symlink to ${real}, outside the run directory`;
          else if (!entry.insideFile)
            entry.detail = 'is a symlink to something other than a regular file';
        } catch (err) {
          entry.detail =
            (err as NodeJS.ErrnoException).code === 'ELOOP'
              ? 'is a symlink loop'
              : `is a dangling symlink (${errorText(err)})`;
        }
        out.push(entry);
      } else {
        out.push({
          rel: childRel,
          abs: childAbs,
          kind: 'other',
          detail: 'is a FIFO, socket or device, not a regular file',
        });
      }
    }
  }
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

export type SmallJson =
  | {
      state: 'ok';
      value: unknown;
      doc: JsonDoc;
      text: string;
      /** Spans of the top-level members, when the file is canonical JSON. */
      members?: Map<string, [number, number]>;
    }
  | { state: 'missing' }
  | { state: 'unreadable'; detail: string }
  | { state: 'malformed'; detail: string; line: number };

/** `rel` (POSIX) under `dir`, without path.join's normalizing (rel is already plain). */
export function inDir(dir: string, rel: string): string {
  return path.sep === '/' ? `${dir}/${rel}` : path.join(dir, ...rel.split('/'));
}

/**
 * Reads a run file through the run's listing and the shared Hasher, which keeps its hash (the
 * manifest check then needs no second read). Missing means not in the listing; a listed entry
 * that is not a regular file inside the run is not read.
 */
export function readRunFile(ctx: RunCtx, name: string, maxBytes: number): ReadHashed {
  const e = ctx.listing.get(name);
  if (!e) return { ok: false, kind: 'missing', detail: 'does not exist' };
  if (!readable(e))
    return { ok: false, kind: 'other', detail: e.detail ?? 'is not a regular file' };
  return ctx.hasher.read(e.real!, maxBytes);
}

/** Reads and parses a small JSON run file (located errors; duplicate keys are malformed). */
export function readRunJson(ctx: RunCtx, name: string): SmallJson {
  const read = readRunFile(ctx, name, MAX_RUN_FILE_BYTES);
  if (!read.ok) {
    if (read.kind === 'missing') return { state: 'missing' };
    return { state: 'unreadable', detail: read.detail };
  }
  const text = decodeUtf8(read.bytes);
  if (!text.ok) return { state: 'malformed', detail: text.detail, line: 1 };
  // Fast path for what the producer writes (canonical JSON + newline): no located parse needed
  // unless something must be pointed at; canonical keys are strictly sorted, so none repeats.
  const body = text.text.endsWith('\n') ? text.text.slice(0, -1) : text.text;
  if (body.charCodeAt(0) === 0x7b) {
    try {
      const value: unknown = JSON.parse(body);
      const members = new Map<string, [number, number]>();
      if (isCanonicalText(body, members)) {
        let doc: JsonDoc | undefined;
        const lazy = {
          lineOf: (p: (string | number)[]) =>
            (doc ??= (parseJson(text.text) as { doc: JsonDoc }).doc).lineOf(p),
        } as JsonDoc;
        return { state: 'ok', value, doc: lazy, text: text.text, members };
      }
    } catch {
      // fall through to the located parser, which says where it breaks
    }
  }
  const parsed = parseJson(text.text);
  if (!parsed.ok) return { state: 'malformed', detail: parsed.message, line: parsed.position.line };
  const dup = parsed.doc.duplicates[0];
  if (dup) return { state: 'malformed', detail: `repeats the key "${dup.key}"`, line: dup.line };
  return { state: 'ok', value: parsed.value, doc: parsed.doc, text: text.text };
}

/** A regular file, or a symlink to one inside the run: what may be read (at its `real` path). */
export function readable(e: RunEntry): boolean {
  return e.kind === 'file' || (e.kind === 'symlink' && e.insideFile === true);
}

/** The run file, if it is a regular file (or a symlink to one inside the run) that may be read. */
export function usable(listing: Map<string, RunEntry>, name: string): RunEntry | undefined {
  const e = listing.get(name);
  return e && readable(e) ? e : undefined;
}

interface Validator<T> {
  safeParse(
    v: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * Reads a JSON run file and validates it. An unreadable file is trace.file_unreadable; malformed
 * JSON or a schema violation is `invalid`, at its line, with "<name> <what> at <where>: <why>."
 * Returns undefined when anything was reported (or the file is missing: the core-file check says so).
 */
export function loadRunFile<T>(
  ctx: RunCtx,
  name: string,
  schema: Validator<T>,
  invalid: TraceCodeDef,
  what: string,
):
  | { data: T; doc: JsonDoc; rel: string; text: string; members?: Map<string, [number, number]> }
  | undefined {
  const rel = ctx.rel(name);
  const loaded = readRunJson(ctx, name);
  if (loaded.state === 'missing') return undefined;
  if (loaded.state === 'unreadable') {
    ctx.f.add(TRACE.fileUnreadable, `${name} ${loaded.detail}.`, { path: rel });
    return undefined;
  }
  if (loaded.state === 'malformed') {
    ctx.f.add(invalid, `${name} ${loaded.detail}.`, { path: rel, line: loaded.line });
    return undefined;
  }
  const parsed = schema.safeParse(loaded.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.filter((x): x is string | number => typeof x !== 'symbol');
    ctx.f.add(invalid, `${name} ${what} at ${at.join('.') || 'the top level'}: ${issue.message}.`, {
      path: rel,
      line: loaded.doc.lineOf(at) ?? 1,
    });
    return undefined;
  }
  return { data: parsed.data, doc: loaded.doc, rel, text: loaded.text, members: loaded.members };
}
