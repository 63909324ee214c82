import { parseJsonBytes, type JsonDoc } from './json.js';
import { readSmallFile } from './files.js';
import type { Workspace } from './workspace.js';

/** Artifacts and configs are small JSON; anything bigger is refused rather than read into memory. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;

export type LoadedJson =
  | { state: 'ok'; data: Record<string, unknown>; doc: JsonDoc; rel: string }
  | { state: 'missing'; rel: string }
  | {
      state: 'bad';
      rel: string;
      why: 'unreadable' | 'too_large' | 'unparseable' | 'not_object' | 'outside_root';
      detail: string;
      line?: number;
    };

/**
 * Loads a JSON object file inside the workspace, turning every failure into a described state.
 * With `rejectDuplicates`, a repeated key makes the file unparseable at its line (see
 * parseJsonText); without, the caller reads `doc.duplicates` and says what it means.
 */
export function loadJsonObject(
  ws: Workspace,
  dir: string,
  name: string,
  { maxBytes = MAX_JSON_BYTES, rejectDuplicates = false } = {},
): LoadedJson {
  const resolved = ws.resolve(dir, name);
  const rel = resolved.rel;
  if (!resolved.ok) {
    if (resolved.reason === 'missing') return { state: 'missing', rel };
    if (resolved.reason === 'outside_root')
      return { state: 'bad', rel, why: 'outside_root', detail: resolved.detail };
    return { state: 'bad', rel, why: 'unreadable', detail: resolved.detail };
  }
  const read = readSmallFile(resolved.real, maxBytes);
  if (!read.ok) {
    if (read.kind === 'missing') return { state: 'missing', rel };
    if (read.kind === 'too_large')
      return { state: 'bad', rel, why: 'too_large', detail: read.detail };
    return { state: 'bad', rel, why: 'unreadable', detail: read.detail };
  }
  const parsed = parseJsonBytes(read.bytes, rejectDuplicates);
  if (parsed.state === 'malformed')
    return { state: 'bad', rel, why: 'unparseable', detail: parsed.detail, line: parsed.line };
  const v = parsed.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    const what = v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;
    return {
      state: 'bad',
      rel,
      why: 'not_object',
      detail: `is ${what}, not a JSON object`,
      line: 1,
    };
  }
  return { state: 'ok', data: v as Record<string, unknown>, doc: parsed.doc, rel };
}
