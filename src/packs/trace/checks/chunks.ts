import { decodeUtf8 } from '../../../io/files.js';
import { parseJson } from '../../../io/json.js';
import { firstIssue } from '../../kit/index.js';
import { checkLine } from '../producer/canonical.js';
import { TRACE } from '../codes.js';
import { fast } from '../format/fast.js';
import { q, type RunCtx, short } from '../context.js';
import { MAX_RUN_FILE_BYTES, readRunFile } from '../format/files.js';

export interface ChunkEntry {
  start: number;
  end: number;
  sha: string;
  line: number;
}
/** One chunk id's spans, in file order and by `start:end`; `last` is its last line's span. */
export interface ChunkSpans {
  entries: ChunkEntry[];
  at: Map<string, ChunkEntry>;
  last: ChunkEntry;
}

/**
 * Chunks by id. A chunk id is the sha256 of the chunk's bytes, so a corpus with repeated text
 * lists one id at several spans: a chunk is (id, start, end).
 */
export type ChunkIndex = Map<string, ChunkSpans>;

/** The key of a span in `ChunkSpans.at`. */
export const spanKey = (start: number, end: number): string => `${start}:${end}`;

export const CHUNKS_PATH = 'provenance/chunks.jsonl';

/**
 * Loads provenance/chunks.jsonl (one chunk record per line). Returns undefined when it cannot be
 * used; a run that registers evidence must have it ("citing whole documents instead of chunks is
 * rejected for missing chunk alignment").
 */
export function loadChunks(ctx: RunCtx, evidenceCount: number): ChunkIndex | undefined {
  const f = ctx.f;
  const rel = ctx.rel(CHUNKS_PATH);
  const read = readRunFile(ctx, CHUNKS_PATH, MAX_RUN_FILE_BYTES);
  if (!read.ok) {
    if (read.kind === 'missing') {
      if (evidenceCount > 0)
        f.add(
          TRACE.chunksInvalid,
          `The run registers ${evidenceCount} evidence item(s) but has no ${CHUNKS_PATH}, so no evidence can be aligned with its chunk.`,
          { path: rel },
        );
      return undefined;
    }
    f.add(TRACE.chunksInvalid, `${CHUNKS_PATH} ${read.detail}.`, { path: rel });
    return undefined;
  }
  const text = decodeUtf8(read.bytes);
  if (!text.ok) {
    f.add(TRACE.chunksInvalid, `${CHUNKS_PATH} ${text.detail}.`, { path: rel, line: 1 });
    return undefined;
  }
  const index: ChunkIndex = new Map();
  let bad = false;
  const lines = text.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const no = i + 1;
    if (line.trim() === '') continue;
    const parsed = parseChunkLine(line);
    if (!parsed.ok) {
      f.add(
        TRACE.chunksInvalid,
        `Line ${no} of ${CHUNKS_PATH} ${parsed.message.replace(/at line 1, /, 'at ')}.`,
        { path: rel, line: no },
      );
      bad = true;
      continue;
    }
    const dup = parsed.duplicate;
    if (dup) {
      f.add(TRACE.chunksInvalid, `Line ${no} of ${CHUNKS_PATH} repeats the key ${q(dup.key)}.`, {
        path: rel,
        line: no,
      });
      bad = true;
      continue;
    }
    const rec = fast().ChunkRecord.safeParse(parsed.value);
    if (!rec.success) {
      const { where, why } = firstIssue(rec.error, { style: 'verbatim' });
      f.add(
        TRACE.chunksInvalid,
        `Line ${no} of ${CHUNKS_PATH} is not a chunk record at ${where}: ${why}.`,
        { path: rel, line: no },
      );
      bad = true;
      continue;
    }
    const c = rec.data;
    if (c.end_byte <= c.start_byte) {
      f.add(
        TRACE.chunksInvalid,
        `Chunk ${short(c.chunk_id)} on line ${no} of ${CHUNKS_PATH} spans [${c.start_byte}, ${c.end_byte}), which is empty or reversed.`,
        { path: rel, line: no },
      );
      bad = true;
      continue;
    }
    if (c.chunk_id !== c.chunk_sha256) {
      f.add(
        TRACE.chunksInvalid,
        `Chunk ${short(c.chunk_id)} on line ${no} of ${CHUNKS_PATH} records chunk_sha256 ${short(c.chunk_sha256)}; a chunk id is the sha256 of the chunk’s bytes, so the two must be equal.`,
        { path: rel, line: no },
      );
      bad = true;
      continue;
    }
    const key = spanKey(c.start_byte, c.end_byte);
    const spans = index.get(c.chunk_id);
    const entry = { start: c.start_byte, end: c.end_byte, sha: c.chunk_sha256, line: no };
    if (!spans)
      index.set(c.chunk_id, { entries: [entry], at: new Map([[key, entry]]), last: entry });
    else {
      spans.last = entry;
      if (spans.at.has(key)) continue; // listed twice: the first line stays the span's
      spans.entries.push(entry);
      spans.at.set(key, entry);
    }
  }
  return bad ? undefined : index;
}

type ChunkLine =
  { ok: true; value: unknown; duplicate?: { key: string } } | { ok: false; message: string };

/** The producer writes canonical lines: those need no located parse (nor a duplicate-key scan). */
function parseChunkLine(line: string): ChunkLine {
  if (line.charCodeAt(0) === 0x7b) {
    // Canonical keys are strictly sorted, so none repeats; the located parser says where
    // anything else breaks.
    const r = checkLine(line);
    if (r.ok) return { ok: true, value: r.value };
  }
  const parsed = parseJson(line);
  if (!parsed.ok) return parsed;
  return { ok: true, value: parsed.value, duplicate: parsed.doc.duplicates[0] };
}
