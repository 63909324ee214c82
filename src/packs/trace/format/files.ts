import { decodeUtf8 } from '../../../io/files.js';
import type { ReadHashed } from '../../../io/hashing.js';
import { JsonDoc, parseJsonText } from '../../../io/json.js';
import { firstIssue, listTarget, readable, type TargetEntry } from '../../kit/index.js';
import { checkLine } from '../producer/canonical.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import type { RunCtx } from '../context.js';

/** Run files other than trace.jsonl are small JSON; anything bigger is refused rather than read. */
export const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Lists every file under the run directory (see the kit's listTarget): symlinks are not followed,
 * FIFOs and sockets are listed as 'other' and never opened.
 */
export function listRun(runDir: string, realRunDir: string): TargetEntry[] {
  return listTarget(runDir, realRunDir, 'the run directory');
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
  // What the producer writes (canonical JSON + newline) needs no located parse unless something
  // must be pointed at: canonical keys are strictly sorted, so none repeats. Proved in one pass,
  // or by the exact scanner for forms only Python writes (`1e-05`, `2.5e+16`).
  const body = text.text.endsWith('\n') ? text.text.slice(0, -1) : text.text;
  // A raw newline is never canonical (strings escape theirs): laid-out files go straight to the
  // located parser, without a scan that could only reject them.
  if (body.charCodeAt(0) === 0x7b && !body.includes('\n')) {
    const r = checkLine(body, true);
    // A JsonDoc builds its syntax tree on the first lineOf; sorted keys repeat none.
    if (r.ok)
      return {
        state: 'ok',
        value: r.value,
        doc: new JsonDoc(text.text, []),
        text: text.text,
        members: r.members,
      };
  }
  return parseJsonText(text.text, true);
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
    const issue = firstIssue(parsed.error, { style: 'verbatim' });
    ctx.f.add(invalid, `${name} ${what} at ${issue.where}: ${issue.why}.`, {
      path: rel,
      line: loaded.doc.lineOf(issue.path) ?? 1,
    });
    return undefined;
  }
  return { data: parsed.data, doc: loaded.doc, rel, text: loaded.text, members: loaded.members };
}
