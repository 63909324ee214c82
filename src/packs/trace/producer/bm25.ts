import { createHash } from 'node:crypto';
import { sha256Hex } from '../../../io/hashing.js';
import { codePointCompare } from '../../../io/text.js';
import { pyFloatRepr } from './canonical.js';
import { producerTokens } from './python-text.js';

/**
 * The producer's chunked BM25 index (chunked_bm25.py), built again from the run's pinned corpus:
 * documents cut into overlapping runs of characters with UTF-8 byte spans (chunking.py), chunk ids
 * the sha256 of the chunk bytes, chunks sorted by (document, start, end, id), term counts over
 * the producer's tokens. Its canonical JSON is hashed as `to_json` writes it, so the index the
 * header pins can be proved to be this one, and searches are ranked over it, never over a file
 * the run could have edited.
 */

/** In u-mode a surrogate range matches only surrogates that pair with nothing. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The index settings a run records in its retrieval_provenance. */
export interface IndexConfig {
  chunkChars: number;
  overlapChars: number;
  maxChunks: number | null;
  maxDocs: number | null;
}

/** A corpus document as the producer's loader yields it. */
export interface CorpusDoc {
  docId: string;
  text: string;
  title: string | null;
  source: string | null;
}

export interface IndexChunk {
  docId: string;
  chunkId: string;
  docSha256: string;
  start: number;
  end: number;
  text: string;
  title: string | null;
  source: string | null;
  /** Tokens in the chunk (BM25's document length). */
  length: number;
}

/** How often each of the producer's tokens occurs in a text. */
function termCounts(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of producerTokens(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
  return tf;
}

/** Which chunks hold a term, and how often (chunk indexes ascending). */
interface Postings {
  chunks: number[];
  counts: number[];
}

export interface Bm25Index {
  chunks: IndexChunk[];
  avgdl: number;
  /** sha256 of the index as the producer writes it (ChunkedBM25Index.to_json). */
  sha256: string;
  postings: Map<string, Postings>;
}

/** Chunks built again per run, and their characters: small chunks or a large overlap multiply both. */
export const MAX_INDEX_CHUNKS = 150_000;
export const MAX_CHUNKED_CHARS = 64 * 1024 * 1024;
/** Distinct terms and (term, chunk) entries kept per run: a corpus of unique words has many. */
export const MAX_TERMS = 500_000;
export const MAX_POSTING_ENTRIES = 8_000_000;

/**
 * Builds the index; or says why the producer could not have built it (`refused`), or that it is
 * past what is built again per run (`tooLarge`), judged from the chunk count before any is cut.
 */
export function buildIndex(
  docs: readonly CorpusDoc[],
  corpusSha256: string,
  cfg: IndexConfig,
): Bm25Index | { refused: string } | { tooLarge: string } {
  if (cfg.maxDocs !== null && cfg.maxDocs > 0 && docs.length > cfg.maxDocs)
    return {
      refused: `it holds ${docs.length} documents, over the run's max_docs ${cfg.maxDocs}, so the producer refuses it`,
    };
  const { chunkChars, step } = chunking(cfg);
  let count = 0;
  let chars = 0;
  for (const d of docs) {
    const n = codePoints(d.text);
    const k = n === 0 ? 0 : 1 + Math.ceil(Math.max(0, n - chunkChars) / step);
    count += k;
    chars += k * Math.min(chunkChars, n);
  }
  if (count > MAX_INDEX_CHUNKS || chars > MAX_CHUNKED_CHARS)
    return {
      tooLarge: `its settings (chunk_chars ${cfg.chunkChars}, overlap_chars ${cfg.overlapChars}) cut it into ${count} chunks of ${chars} characters in all, past the ${MAX_INDEX_CHUNKS} chunks and ${MAX_CHUNKED_CHARS} characters built again per run`,
    };
  const chunks: IndexChunk[] = [];
  for (const d of docs) {
    for (const s of [d.docId, d.text, d.title ?? '', d.source ?? ''])
      if (LONE_SURROGATE.test(s))
        return {
          refused: `document ${JSON.stringify(d.docId)} holds a lone surrogate, which the producer cannot encode as UTF-8`,
        };
    chunkDocument(d, chunkChars, step, chunks);
    if (cfg.maxChunks !== null && chunks.length > cfg.maxChunks)
      return {
        refused: `it cuts into more than the run's max_chunks ${cfg.maxChunks} chunks, so the producer refuses it`,
      };
  }
  if (chunks.length === 0)
    return {
      refused: 'it holds no document, and the producer builds no index for an empty corpus',
    };
  // Array.prototype.sort is stable, as Python's sorted is.
  chunks.sort(
    (x, y) =>
      codePointCompare(x.docId, y.docId) ||
      x.start - y.start ||
      x.end - y.end ||
      codePointCompare(x.chunkId, y.chunkId),
  );

  const postings = new Map<string, Postings>();
  let total = 0;
  let entries = 0;
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i]!;
    const tf = termCounts(c.text);
    c.length = 0;
    for (const n of tf.values()) c.length += n;
    total += c.length;
    entries += tf.size;
    for (const [t, n] of tf) {
      let p = postings.get(t);
      if (!p) postings.set(t, (p = { chunks: [], counts: [] }));
      p.chunks.push(i);
      p.counts.push(n);
    }
    if (postings.size > MAX_TERMS || entries > MAX_POSTING_ENTRIES)
      return {
        tooLarge: `its ${chunks.length} chunks hold more than ${MAX_TERMS} distinct terms or ${MAX_POSTING_ENTRIES} term-chunk entries, past what is indexed again per run`,
      };
  }
  const avgdl = total / chunks.length;
  return {
    chunks,
    avgdl,
    postings,
    sha256: indexSha256(chunks, postings, avgdl, corpusSha256, cfg),
  };
}

/** chunking.chunk_document: `chunk_chars` code points a chunk, each `chunk_chars - overlap` on. */
function chunkDocument(d: CorpusDoc, chunkChars: number, step: number, out: IndexChunk[]): void {
  const bytes = Buffer.from(d.text, 'utf8');
  const docSha256 = sha256Hex(bytes);
  // Code point i starts at UTF-16 unit unit(i) and UTF-8 byte byte(i): the same i in ASCII text.
  const ascii = bytes.length === d.text.length;
  const units: number[] = [];
  const at: number[] = [];
  if (!ascii) {
    let b = 0;
    for (let u = 0; u < d.text.length;) {
      const cp = d.text.codePointAt(u)!;
      units.push(u);
      at.push(b);
      u += cp > 0xffff ? 2 : 1;
      b += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
    units.push(d.text.length);
    at.push(b);
  }
  const unit = (i: number) => (ascii ? i : units[i]!);
  const byte = (i: number) => (ascii ? i : at[i]!);
  const n = ascii ? d.text.length : units.length - 1;
  for (let start = 0; start < n; start += step) {
    const end = Math.min(n, start + chunkChars);
    out.push({
      docId: d.docId,
      chunkId: sha256Hex(bytes.subarray(byte(start), byte(end))),
      docSha256,
      start: byte(start),
      end: byte(end),
      text: d.text.slice(unit(start), unit(end)),
      title: d.title,
      source: d.source,
      length: 0,
    });
    if (end >= n) break;
  }
}

/**
 * sha256 of provenance/chunks.jsonl as the producer writes it from the index
 * (`_write_chunk_manifest`): one canonical line per chunk, in the index's order.
 */
export function chunkManifestSha256(index: Bm25Index): string {
  const h = createHash('sha256');
  for (const c of index.chunks)
    h.update(
      `{"chunk_id":"${c.chunkId}","chunk_sha256":"${c.chunkId}","doc_id":${JSON.stringify(c.docId)},"doc_sha256":"${c.docSha256}","end_byte":${c.end},"start_byte":${c.start}}\n`,
      'utf8',
    );
  return h.digest('hex');
}

/** The chunker's size and stride: an overlap at least the chunk becomes a quarter of it. */
function chunking(cfg: IndexConfig): { chunkChars: number; step: number } {
  const chunkChars = Math.max(1, cfg.chunkChars);
  let overlap = Math.max(0, cfg.overlapChars);
  if (overlap >= chunkChars) overlap = Math.max(0, Math.floor(chunkChars / 4));
  return { chunkChars, step: Math.max(1, chunkChars - overlap) };
}

/** Code points in a string (a surrogate pair is one). */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * sha256 of canonical_dumps(to_json payload): sorted keys, no spaces, ensure_ascii=False (which
 * JSON.stringify matches on well-formed text), Python's float repr for avgdl. Fed to the hash in
 * pieces, so the index is never held as one string.
 */
function indexSha256(
  chunks: readonly IndexChunk[],
  postings: ReadonlyMap<string, Postings>,
  avgdl: number,
  corpusSha256: string,
  cfg: IndexConfig,
): string {
  const h = createHash('sha256');
  let buf = '';
  const put = (s: string) => {
    buf += s;
    if (buf.length > 1 << 16) {
      h.update(buf, 'utf8');
      buf = '';
    }
  };
  const counts = (m: ReadonlyMap<string, number>) =>
    `{${[...m.keys()]
      .sort()
      .map((t) => `${JSON.stringify(t)}:${m.get(t)}`)
      .join(',')}}`;
  put(`{"avgdl":${pyFloatRepr(avgdl)},"chunk_chars":${cfg.chunkChars},"chunks":[`);
  chunks.forEach((c, i) =>
    put(
      `${i ? ',' : ''}{"chunk_id":${JSON.stringify(c.chunkId)},"doc_id":${JSON.stringify(c.docId)},"doc_sha256":"${c.docSha256}","end_byte":${c.end},"source":${JSON.stringify(c.source)},"start_byte":${c.start},"text":${JSON.stringify(c.text)},"title":${JSON.stringify(c.title)}}`,
    ),
  );
  put(`],"corpus_sha256":${JSON.stringify(corpusSha256)},"df":`);
  put(counts(new Map([...postings].map(([t, p]) => [t, p.chunks.length]))));
  put(',"doc_tf":[');
  // Counted again rather than kept: a map per chunk would outweigh the corpus.
  chunks.forEach((c, i) => put(`${i ? ',' : ''}${counts(termCounts(c.text))}`));
  put(
    `],"max_chunks":${cfg.maxChunks},"max_docs":${cfg.maxDocs},"overlap_chars":${cfg.overlapChars},"schema_version":1}`,
  );
  h.update(buf, 'utf8');
  return h.digest('hex');
}

/**
 * BM25 over the index as `ChunkedBM25Index.top_k` ranks it: each chunk's terms summed in the
 * query's first-seen order, the sum rounded to six decimals, best first, then by document and
 * chunk id. Only the postings of the query's terms are read (the cost is the postings touched,
 * not chunks × terms), into scratch arrays reused from one query to the next.
 */
export class Ranker {
  private readonly norm: Float64Array;
  private readonly sums: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly touched: Int32Array;
  private now = 0;
  private tieOrder?: { order: number[]; tie: Int32Array };

  constructor(
    private readonly index: Bm25Index,
    private readonly k1: number,
    b: number,
  ) {
    const n = index.chunks.length;
    this.norm = new Float64Array(n);
    for (let i = 0; i < n; i++)
      this.norm[i] = k1 * (1.0 - b + b * (index.chunks[i]!.length / index.avgdl));
    this.sums = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.touched = new Int32Array(n);
  }

  /**
   * Chunks in the order equal scores rank (document, then chunk id, then place in the index),
   * and each chunk's place in it: sorted once, so a tie costs an integer compare, not two
   * string compares.
   */
  private ties(): { order: number[]; tie: Int32Array } {
    if (!this.tieOrder) {
      const c = this.index.chunks;
      const order = c
        .map((_, i) => i)
        .sort(
          (x, y) =>
            codePointCompare(c[x]!.docId, c[y]!.docId) ||
            codePointCompare(c[x]!.chunkId, c[y]!.chunkId) ||
            x - y,
        );
      const tie = new Int32Array(c.length);
      order.forEach((i, at) => (tie[i] = at));
      this.tieOrder = { order, tie };
    }
    return this.tieOrder;
  }

  /**
   * The first `k` chunks for `query`, and the score of any chunk (valid until the next call); or
   * why the producer could not have ranked them (a score that is not a finite number: its
   * division by zero raises, an overflow leaves NaN, which sorts nowhere).
   */
  rank(
    query: string,
    k: number,
  ): { top: number[]; score: (i: number) => number } | { refused: string } {
    const { index, k1, norm, sums, stamp, touched } = this;
    const now = ++this.now;
    const qf = new Map<string, number>();
    for (const t of producerTokens(query)) qf.set(t, (qf.get(t) ?? 0) + 1);
    const n = index.chunks.length;
    let t = 0;
    for (const [term, count] of qf) {
      const p = index.postings.get(term);
      if (!p) continue;
      const m = p.chunks.length;
      const idf = Math.log(1.0 + (n - m + 0.5) / (m + 0.5));
      for (let j = 0; j < m; j++) {
        const i = p.chunks[j]!;
        const f = p.counts[j]!;
        if (stamp[i] !== now) {
          stamp[i] = now;
          sums[i] = 0.0;
          touched[t++] = i;
        }
        sums[i] = sums[i]! + idf * ((f * (k1 + 1.0)) / (f + norm[i]!)) * count;
      }
    }
    // A touched chunk scores above 0 unless k1 ≤ -1 (the producer takes any float): those at 0
    // rank with the untouched ones, those below after them.
    const above: number[] = [];
    const below: number[] = [];
    for (let j = 0; j < t; j++) {
      const i = touched[j]!;
      if (!Number.isFinite(sums[i]!))
        return {
          refused: `BM25 with k1 ${k1} gives chunk ${j + 1} of the query's hits no finite score (the producer divides by zero or overflows there)`,
        };
      const v = (sums[i] = round6(sums[i]!));
      if (v > 0) above.push(i);
      else if (v < 0) below.push(i);
    }
    const { order, tie } = this.ties();
    const after = (x: number, y: number) => sums[y]! - sums[x]! || tie[x]! - tie[y]!;
    const want = Math.min(Math.max(0, k), n);
    const top = firstOf(above, want, after);
    if (top.length < want)
      for (const i of order) {
        if (top.length >= want) break;
        if (stamp[i] !== now || sums[i] === 0) top.push(i);
      }
    if (top.length < want) for (const i of firstOf(below, want - top.length, after)) top.push(i);
    return { top, score: (i) => (stamp[i] === now ? sums[i]! : 0) };
  }
}

/** The first `want` items of `items` in `after`'s order, without sorting all of them. */
function firstOf(items: number[], want: number, after: (x: number, y: number) => number): number[] {
  if (want <= 0) return [];
  if (want >= items.length) return items.sort(after);
  // A heap of the best `want` so far, its worst on top: each item costs log(want), not log(n).
  const heap: number[] = [];
  const worse = (a: number, b: number) => after(heap[a]!, heap[b]!) > 0;
  const down = (at: number) => {
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let w = at;
      if (l < heap.length && worse(l, w)) w = l;
      if (r < heap.length && worse(r, w)) w = r;
      if (w === at) return;
      [heap[at], heap[w]] = [heap[w]!, heap[at]!];
      at = w;
    }
  };
  for (const i of items) {
    if (heap.length < want) {
      heap.push(i);
      for (let at = heap.length - 1; at > 0;) {
        const up = (at - 1) >> 1;
        if (!worse(at, up)) break;
        [heap[at], heap[up]] = [heap[up]!, heap[at]!];
        at = up;
      }
    } else if (after(i, heap[0]!) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(after);
}

/**
 * Python's round(x, 6): the nearest six-decimal value, half to even (symmetric about 0).
 * Away from a half the nearest is clear from x·10⁶; near one, toFixed (which rounds an exact
 * half up) decides, and only a multiple of 1/128 can be an exact half (seven decimals ending in 5).
 */
export function round6(x: number): number {
  if (x < 0) return -round6(-x);
  // From 2^33 a double's step exceeds 10⁻⁶: moving it by half of that (what rounding to six
  // decimals does) lands nearest to itself. (toFixed also turns to exponents from 1e21.)
  if (x >= 2 ** 33 || !Number.isFinite(x)) return x;
  const y = x * 1e6;
  const f = Math.floor(y);
  const frac = y - f;
  // y is x·10⁶ to within half an ulp: past that margin, the side of the half is certain.
  if (Math.abs(frac - 0.5) > 1e-9 + y * 1e-15) return (frac < 0.5 ? f : f + 1) / 1e6;
  const up = Number(x.toFixed(6));
  if (!Number.isInteger(x * 128)) return up;
  const exact = x.toFixed(7);
  if (!exact.endsWith('5') || Number(exact) !== x) return up;
  const down = exact.slice(0, -1);
  return Number(down.at(-1)!) % 2 === 0 ? Number(down) : up;
}

/** Postings a query would touch: the sum of its distinct terms' document frequencies. */
export function queryCost(index: Bm25Index, query: string): number {
  let cost = 0;
  for (const t of new Set(producerTokens(query))) cost += index.postings.get(t)?.chunks.length ?? 0;
  return cost;
}
