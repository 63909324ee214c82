import { decodeUtf8, readSmallFile } from '../../io/files.js';
import type { Workspace } from '../../io/workspace.js';

/** Proofs, the index and expectations are small; a bigger file is refused unread. */
export const MAX_TOML_BYTES = 4 * 1024 * 1024;
/** Rust sources and files cited by code grounds. */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export type ReadText =
  | { ok: true; text: string; rel: string; real: string }
  | { ok: false; missing: boolean; detail: string; rel: string };

/**
 * Reads a UTF-8 text file at `p` (relative to `dir`) that must really lie inside the workspace:
 * never through a symlink out, never a FIFO or device, never more than `maxBytes`.
 */
export function readText(ws: Workspace, dir: string, p: string, maxBytes: number): ReadText {
  const r = ws.resolve(dir, p);
  if (!r.ok) return { ok: false, missing: r.reason === 'missing', detail: r.detail, rel: r.rel };
  const read = readSmallFile(r.real, maxBytes);
  if (!read.ok)
    return { ok: false, missing: read.kind === 'missing', detail: read.detail, rel: r.rel };
  const text = decodeUtf8(read.bytes);
  if (!text.ok) return { ok: false, missing: false, detail: text.detail, rel: r.rel };
  return { ok: true, text: text.text, rel: r.rel, real: r.real };
}
