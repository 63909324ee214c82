import { sha256Hex } from '../../io/hashing.js';
import { decodeUtf8 } from '../../io/files.js';
import { parseJson } from '../../io/json.js';
import { TRACE } from './codes.js';
import { q, type RunCtx } from './context.js';
import { MAX_RUN_FILE_BYTES, readRunFile } from './files.js';
import type { EvidenceRef, TraceHeader } from './schema.js';

export const CORPUS_PATH = 'provenance/corpus.jsonl';

const CORPUS_URI = /^corpus:\/\/(.+)#(\d+)-(\d+)$/s;

/**
 * The pinned corpus: a run that retrieved from provenance/corpus.jsonl (its header's
 * retrieval_provenance records the corpus and its sha256) holds that corpus, and each intact
 * evidence file is the bytes its `corpus://<doc>#<start>-<end>` address names in it. Evidence
 * rewritten with every hash and id after it recomputed still differs from the document it
 * claims to be cut from. A run without a corpus (a synthetic run, or one that retrieved
 * elsewhere) is not checked here.
 */
export function checkCorpus(
  ctx: RunCtx,
  header: TraceHeader | undefined,
  evidence: readonly { ev: EvidenceRef; line: number }[],
): void {
  const f = ctx.f;
  const rel = ctx.rel(CORPUS_PATH);
  const rp = header?.metadata['retrieval_provenance'];
  const declared =
    rp && typeof rp === 'object' && !Array.isArray(rp) ? (rp as Record<string, unknown>) : {};
  const declaredPath = declared['corpus_path'];
  const declaredSha = declared['corpus_sha256'];
  if (declaredPath !== undefined && declaredPath !== null && declaredPath !== CORPUS_PATH)
    f.add(
      TRACE.chunksInvalid,
      `The trace header's retrieval_provenance places the corpus at ${q(String(declaredPath))}; the producer keeps it at ${CORPUS_PATH}, which is what is checked.`,
      ctx.at(1),
    );
  const read = readRunFile(ctx, CORPUS_PATH, MAX_RUN_FILE_BYTES);
  if (!read.ok) {
    if (read.kind !== 'missing')
      f.add(TRACE.chunksInvalid, `${CORPUS_PATH} ${read.detail}.`, { path: rel });
    else if (typeof declaredSha === 'string')
      f.add(
        TRACE.chunksInvalid,
        `The trace header records the corpus the run retrieved from (corpus_sha256 ${declaredSha.slice(0, 12)}…), but the run has no ${CORPUS_PATH}: its evidence cannot be traced to it.`,
        { path: rel },
      );
    return;
  }
  const sha = sha256Hex(read.bytes);
  if (typeof declaredSha === 'string' && declaredSha !== sha)
    f.add(
      TRACE.chunksInvalid,
      `${CORPUS_PATH} hashes to ${sha.slice(0, 12)}…, but the trace header's retrieval_provenance records corpus_sha256 ${declaredSha.slice(0, 12)}…: the corpus changed after the run.`,
      { path: rel },
    );
  const docs = loadDocs(ctx, read.bytes);
  if (!docs) return;
  for (const { ev, line } of evidence) {
    const m = CORPUS_URI.exec(ev.uri);
    const at = ctx.at(line);
    const where = [{ path: rel }];
    if (!m) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${q(ev.id)} on line ${line} has uri ${q(ev.uri, 80)}, which is not a corpus://<doc>#<start>-<end> address into the run's ${CORPUS_PATH}.`,
        at,
        where,
      );
      continue;
    }
    const [, docId, s0, s1] = m as unknown as [string, string, string, string];
    const b0 = Number(s0);
    const b1 = Number(s1);
    const doc = docs.get(docId);
    if (!doc) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${q(ev.id)} on line ${line} is cut from document ${q(docId)}, which ${CORPUS_PATH} does not hold.`,
        at,
        where,
      );
    } else if (b0 !== ev.span[0] || b1 !== ev.span[1]) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${q(ev.id)} on line ${line} spans [${ev.span[0]}, ${ev.span[1]}) but its uri names bytes [${b0}, ${b1}) of document ${q(docId)}.`,
        at,
        where,
      );
    } else if (b1 > doc.bytes.length || sha256Hex(doc.bytes.subarray(b0, b1)) !== ev.sha256) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${q(ev.id)} on line ${line} is not bytes [${b0}, ${b1}) of document ${q(docId)} in ${CORPUS_PATH} (line ${doc.line}): the evidence was rewritten after it was retrieved.`,
        at,
        [{ path: rel, line: doc.line }],
      );
    }
  }
}

/** The corpus documents by id, as UTF-8 bytes (the producer's byte spans are over them). */
function loadDocs(
  ctx: RunCtx,
  bytes: Buffer,
): Map<string, { bytes: Buffer; line: number }> | undefined {
  const rel = ctx.rel(CORPUS_PATH);
  const text = decodeUtf8(bytes);
  if (!text.ok) {
    ctx.f.add(TRACE.chunksInvalid, `${CORPUS_PATH} ${text.detail}.`, { path: rel, line: 1 });
    return undefined;
  }
  const docs = new Map<string, { bytes: Buffer; line: number }>();
  const lines = text.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const parsed = parseJson(line);
    const v = parsed.ok ? (parsed.value as Record<string, unknown> | null) : undefined;
    const docId = v && typeof v === 'object' ? v['doc_id'] : undefined;
    const body = v && typeof v === 'object' ? v['text'] : undefined;
    if (typeof docId !== 'string' || typeof body !== 'string') {
      ctx.f.add(
        TRACE.chunksInvalid,
        `Line ${i + 1} of ${CORPUS_PATH} is not a document record ({"doc_id": string, "text": string, …}).`,
        { path: rel, line: i + 1 },
      );
      return undefined;
    }
    const prev = docs.get(docId);
    const own = Buffer.from(body, 'utf8');
    if (prev && !prev.bytes.equals(own)) {
      ctx.f.add(
        TRACE.chunksInvalid,
        `Line ${i + 1} of ${CORPUS_PATH} holds document ${q(docId)} again with other text (first on line ${prev.line}).`,
        { path: rel, line: i + 1 },
      );
      return undefined;
    }
    docs.set(docId, prev ?? { bytes: own, line: i + 1 });
  }
  return docs;
}
