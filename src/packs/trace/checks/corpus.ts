import fs from 'node:fs';
import { sha256Hex } from '../../../io/hashing.js';
import { readable, streamText } from '../../kit/index.js';
import { TRACE } from '../codes.js';
import { asRecord, q, qid, type RunCtx, short } from '../context.js';
import { pyStripString as pyStrip } from '../producer/python-text.js';
import type { CorpusDoc } from '../producer/bm25.js';
import type { EvidenceRef, TraceHeader } from '../format/schema.js';

export const CORPUS_PATH = 'provenance/corpus.jsonl';

/** The largest corpus read whole, its documents kept (the index is built again from them). */
/** The corpus size whose index is built again per run, by default and at most (pack option max_corpus_mib). */
export const DEFAULT_CORPUS_MIB = 16;
export const MAX_CORPUS_MIB = 64;
export const MAX_CORPUS_BYTES = DEFAULT_CORPUS_MIB * 1024 * 1024;
/** That limit for a run (a fixture may lower it to test it). */
export const corpusLimit = (ctx: RunCtx): number => ctx.maxCorpusBytes ?? MAX_CORPUS_BYTES;

/** A corpus document and the line it is on. */
export type CorpusLine = CorpusDoc & { line: number };

const wholeCorpus = new WeakMap<RunCtx, CorpusLine[] | false>();

/**
 * Every document of a corpus within the limit, read once per run: the evidence check and the
 * index rebuild share them, and a corpus the producer could not read is reported once.
 * Undefined, with that finding, when it could not.
 */
export function corpusDocs(ctx: RunCtx, real: string): CorpusLine[] | undefined {
  let docs = wholeCorpus.get(ctx);
  if (docs === undefined) {
    const all: CorpusLine[] = [];
    const ok = eachCorpusDoc(ctx, real, (docId, text, line, o) =>
      all.push({
        docId,
        text,
        line,
        title: typeof o['title'] === 'string' ? o['title'] : null,
        source: typeof o['source'] === 'string' ? o['source'] : null,
      }),
    );
    wholeCorpus.set(ctx, (docs = ok ? all : false));
  }
  return docs || undefined;
}

const CORPUS_URI = /^corpus:\/\/(.+)#(\d+)-(\d+)$/s;

/**
 * What the trace header records of the run's retrieval (its corpus and index, paths, sha256s
 * and settings), or undefined when it records none.
 */
export function retrievalProvenance(
  header: TraceHeader | undefined,
): Record<string, unknown> | undefined {
  return asRecord(header?.metadata['retrieval_provenance']);
}

/**
 * Whether the run carries its corpus: the header records its sha256 and the file is there. Its
 * evidence is then checked against it, so evidence cut from two documents holding the same text
 * are two sources (`corpus://` names which).
 */
export function carriesCorpus(ctx: RunCtx, header: TraceHeader | undefined): boolean {
  return (
    typeof retrievalProvenance(header)?.['corpus_sha256'] === 'string' &&
    ctx.listing.has(CORPUS_PATH)
  );
}

/**
 * The pinned corpus: a run that retrieved from provenance/corpus.jsonl (its header's
 * retrieval_provenance records the corpus and its sha256) holds that corpus, and each intact
 * evidence file is the bytes its `corpus://<doc>#<start>-<end>` address names in it. Evidence
 * rewritten with every hash and id after it recomputed still differs from the document it
 * claims to be cut from. The corpus is read as the producer reads it (corpus.py): universal
 * newlines, each line stripped, document ids stripped, NaN allowed. A run without a corpus (a
 * synthetic run, or one that retrieved elsewhere) is not checked here.
 */
export async function checkCorpus(
  ctx: RunCtx,
  header: TraceHeader | undefined,
  evidence: readonly { ev: EvidenceRef; line: number }[],
): Promise<void> {
  const f = ctx.f;
  const rel = ctx.rel(CORPUS_PATH);
  const declared = retrievalProvenance(header) ?? {};
  const declaredPath = declared['corpus_path'];
  const declaredSha = declared['corpus_sha256'];
  if (declaredPath !== undefined && declaredPath !== null && declaredPath !== CORPUS_PATH)
    f.add(
      TRACE.chunksInvalid,
      `The trace header's retrieval_provenance places the corpus at ${q(declaredPath)}; the producer keeps it at ${CORPUS_PATH}, which is what is checked.`,
      ctx.at(1),
    );
  const entry = ctx.listing.get(CORPUS_PATH);
  if (!entry) {
    if (typeof declaredSha === 'string')
      f.add(
        TRACE.chunksInvalid,
        `The trace header records the corpus the run retrieved from (corpus_sha256 ${short(declaredSha)}), but the run has no ${CORPUS_PATH}: its evidence cannot be traced to it.`,
        { path: rel },
      );
    return;
  }
  if (!readable(entry)) {
    f.add(TRACE.chunksInvalid, `${CORPUS_PATH} ${entry.detail ?? 'is not a regular file'}.`, {
      path: rel,
    });
    return;
  }
  const hashed = await ctx.hasher.hash(entry.real!);
  if (!hashed.ok) {
    f.add(TRACE.chunksInvalid, `${CORPUS_PATH} ${hashed.detail}.`, { path: rel });
    return;
  }
  if (typeof declaredSha === 'string' && declaredSha !== hashed.sha256)
    f.add(
      TRACE.chunksInvalid,
      `${CORPUS_PATH} hashes to ${short(hashed.sha256)}, but the trace header's retrieval_provenance records corpus_sha256 ${short(declaredSha)}: the corpus changed after the run.`,
      { path: rel },
    );

  // Only the documents the evidence names are kept: a corpus may be far larger than the run.
  const wanted = new Set<string>();
  const cut: { ev: EvidenceRef; line: number; doc: string; b0: number; b1: number }[] = [];
  for (const { ev, line } of evidence) {
    const m = CORPUS_URI.exec(ev.uri);
    if (!m) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${qid(ev.id)} on line ${line} has uri ${q(ev.uri, 80)}, which is not a corpus://<doc>#<start>-<end> address into the run's ${CORPUS_PATH}.`,
        ctx.at(line),
        [{ path: rel }],
      );
      continue;
    }
    wanted.add(m[1]!);
    cut.push({ ev, line, doc: m[1]!, b0: Number(m[2]), b1: Number(m[3]) });
  }
  if (cut.length === 0) return;
  const docs = loadDocs(ctx, entry.real!, wanted);
  if (!docs) return;
  const sliceSha = new Map<string, string>();
  for (const { ev, line, doc: docId, b0, b1 } of cut) {
    const at = ctx.at(line);
    const doc = docs.get(docId);
    if (!doc) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${qid(ev.id)} on line ${line} is cut from document ${q(docId)}, which ${CORPUS_PATH} does not hold.`,
        at,
        [{ path: rel }],
      );
    } else if (b0 !== ev.span[0] || b1 !== ev.span[1]) {
      f.add(
        TRACE.evidenceChunkMismatch,
        `Evidence ${qid(ev.id)} on line ${line} spans [${ev.span[0]}, ${ev.span[1]}) but its uri names bytes [${b0}, ${b1}) of document ${q(docId)}.`,
        at,
        [{ path: rel }],
      );
    } else {
      // Each document text's span is hashed once, however many evidence records name it.
      const holds = doc.texts.some((t, i) => {
        if (b1 > t.length) return false;
        const key = `${docId}\0${i}\0${b0}\0${b1}`;
        let sha = sliceSha.get(key);
        if (sha === undefined) sliceSha.set(key, (sha = sha256Hex(t.subarray(b0, b1))));
        return sha === ev.sha256;
      });
      if (!holds)
        f.add(
          TRACE.evidenceChunkMismatch,
          `Evidence ${qid(ev.id)} on line ${line} is not bytes [${b0}, ${b1}) of document ${q(docId)} in ${CORPUS_PATH} (line ${doc.line}): the evidence was rewritten after it was retrieved.`,
          at,
          [{ path: rel, line: doc.line }],
        );
    }
  }
}

/**
 * The `wanted` documents of the corpus, by id, as UTF-8 bytes (the producer's byte spans are over
 * them); a document id given twice keeps each text. Undefined, with a finding, when the producer
 * could not have read the corpus.
 */
function loadDocs(
  ctx: RunCtx,
  real: string,
  wanted: ReadonlySet<string>,
): Map<string, { texts: Buffer[]; shas: Set<string>; line: number }> | undefined {
  // A document id given again with the same text adds nothing (compared by hash: linear).
  const docs = new Map<string, { texts: Buffer[]; shas: Set<string>; line: number }>();
  const keep = (id: string, body: string, no: number) => {
    if (!wanted.has(id)) return;
    const bytes = Buffer.from(body, 'utf8');
    const sha = sha256Hex(bytes);
    const doc = docs.get(id);
    if (!doc) docs.set(id, { texts: [bytes], shas: new Set([sha]), line: no });
    else if (!doc.shas.has(sha)) {
      doc.shas.add(sha);
      doc.texts.push(bytes);
    }
  };
  // A corpus within the limit is read whole, once, for the index too; a larger one is streamed.
  if (fs.statSync(real).size <= corpusLimit(ctx)) {
    const all = corpusDocs(ctx, real);
    for (const d of all ?? []) keep(d.docId, d.text, d.line);
    return all ? docs : undefined;
  }
  return eachCorpusDoc(ctx, real, keep) ? docs : undefined;
}

/**
 * Every document of the corpus in file order, as the producer's load_corpus_jsonl_stream yields
 * them: universal newlines, each line stripped, its id stripped, its text as it is. False, with a
 * finding, when the producer could not have read the corpus.
 */
function eachCorpusDoc(
  ctx: RunCtx,
  real: string,
  visit: (docId: string, text: string, lineNo: number, record: Record<string, unknown>) => void,
): boolean {
  const rel = ctx.rel(CORPUS_PATH);
  let bad: { no: number; why: string } | undefined;
  const outcome = streamText(real, (l) => {
    if (bad) return;
    if (l.kind === 'invalid_utf8') return void (bad = { no: l.no, why: 'is not valid UTF-8' });
    if (l.kind === 'too_long')
      return void (bad = { no: l.no, why: `is ${l.bytes} bytes long, over the verifier's limit` });
    // Python's text mode ends a line at \r too.
    for (const piece of l.text.split('\r')) {
      const line = pyStrip(piece);
      if (line === '') continue;
      const v = pyJson(line);
      const docId = v?.['doc_id'];
      const body = v?.['text'];
      if (
        typeof docId !== 'string' ||
        pyStrip(docId) === '' ||
        typeof body !== 'string' ||
        pyStrip(body) === ''
      )
        return void (bad = {
          no: l.no,
          why: 'is not a document record ({"doc_id": non-blank string, "text": non-blank string, …}), which the producer refuses',
        });
      visit(pyStrip(docId), body, l.no, v!);
    }
  });
  if (!outcome.ok) {
    ctx.f.add(TRACE.chunksInvalid, `${CORPUS_PATH} ${outcome.detail}.`, { path: rel });
    return false;
  }
  if (bad) {
    ctx.f.add(TRACE.chunksInvalid, `Line ${bad.no} of ${CORPUS_PATH} ${bad.why}.`, {
      path: rel,
      line: bad.no,
    });
    return false;
  }
  return true;
}

/**
 * A JSON object as Python's json.loads reads it, which also takes NaN, Infinity and -Infinity;
 * undefined when it is not an object. Only its string members are used here.
 */
function pyJson(line: string): Record<string, unknown> | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    try {
      v = JSON.parse(withoutNonFinite(line));
    } catch {
      return undefined;
    }
  }
  return asRecord(v);
}

/** NaN, Infinity and -Infinity outside strings written as null. */
function withoutNonFinite(s: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += s[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    const word = s.startsWith('-Infinity', i)
      ? 9
      : s.startsWith('Infinity', i)
        ? 8
        : s.startsWith('NaN', i)
          ? 3
          : 0;
    if (word) {
      out += 'null';
      i += word - 1;
    } else out += c;
  }
  return out;
}
