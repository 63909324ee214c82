import { codePointCompare } from '../../io/text.js';
import { readable } from '../kit/index.js';
import { TRACE, type TraceCodeDef } from './codes.js';
import { asRecord, q, type RunCtx, short } from './context.js';
import { retrievalProvenance } from './corpus.js';
import { producerTokens } from './python-text.js';
import { readRunFile } from './files.js';
import { pythonIntOf } from './policy.js';
import type { RuleMeta } from '../kit/index.js';
import type { EventVisitor } from './rules/event-visitor.js';
import type { EvidenceRef, Plan, TraceHeader } from './schema.js';
import { canonicalJson } from '../kit/index.js';

export const INDEX_PATH = 'provenance/index/bm25_index.json';

/** The largest index read to rank again (the producer's holds every chunk's text). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;
/** Chunk scores computed per run (searches × chunks); past it the ranking is reported unchecked. */
const MAX_SCORED = 20_000_000;
/** Searches remembered per run. */
const MAX_SEARCHES = 10_000;
/** Scores the producer rounds to six decimals; closer than this they may rank either way. */
const TIE = 2e-6;

interface Returned {
  key: string;
  chunkId: string;
  score: unknown;
}

interface Search {
  line: number;
  step: string;
  /** The call's arguments in canonical form, to compare with the plan's request. */
  args: string;
  query: string;
  k: number;
  returned?: Returned[];
  resultLine?: number;
}

/** One chunk of the pinned index: its place, its length in words, its term counts. */
interface IndexChunk {
  key: string;
  chunkId: string;
  docId: string;
  length: number;
  tf: Record<string, unknown>;
}

const chunkKey = (chunkId: string, b0: unknown, b1: unknown) => `${chunkId}\0${b0}\0${b1}`;

/**
 * The producer's searches, ranked again: each `retrieve` call of a run that carries its BM25 index
 * (`provenance/index/bm25_index.json`, whose sha256 the header records) must return the chunks
 * BM25 ranks first for its query over that index, with their scores, and every registered
 * evidence must be a chunk a search returned. A run whose producer left out its best hit, or
 * registered evidence no search found, is caught here.
 */
export class RetrievalChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'retrieval',
    description:
      'Each search returns what BM25 ranks first over the run’s pinned index, and every evidence was returned by a search.',
    codes: [TRACE.retrievalMismatch],
  };
  readonly on: EventVisitor['on'] = {
    tool_called: (ev, l) => this.called(ev.call, l.no),
    tool_returned: (ev, l) => this.returned(ev.result, l.no),
  };

  private readonly searches = new Map<string, Search>();

  constructor(private readonly ctx: RunCtx) {}

  /** Every retrieve call, in order, with its step and arguments (what the plan must request). */
  private readonly calls: { line: number; step: string; args: string; query: unknown }[] = [];

  private called(
    call: { id: string; tool_name: string; arguments: Record<string, unknown>; step_id: string },
    line: number,
  ): void {
    if (call.tool_name !== 'retrieve' || this.searches.size >= MAX_SEARCHES) return;
    const args = canonicalJson(call.arguments);
    this.calls.push({ line, step: call.step_id, args, query: call.arguments['query'] });
    if (this.searches.has(call.id)) return; // tool_call_duplicate
    const a = call.arguments;
    // As the producer's BM25Retriever.invoke reads them: str(query), int(top_k) else 3.
    const rawK = Object.hasOwn(a, 'top_k') ? a['top_k'] : 3;
    const k =
      typeof rawK === 'boolean' || typeof rawK === 'number' || typeof rawK === 'string'
        ? pythonIntOf(rawK)
        : 3;
    const query = a['query'];
    if (k === undefined || (query !== undefined && typeof query !== 'string')) return;
    this.searches.set(call.id, { line, step: call.step_id, args, query: query ?? '', k });
  }

  private returned(
    result: { call_id: string; success: boolean; result?: unknown; error?: string | null },
    line: number,
  ): void {
    const s = this.searches.get(result.call_id);
    if (!s || s.returned || !result.success || result.error) return;
    const r = result.result;
    const list = asRecord(r)?.['evidences'];
    if (!Array.isArray(list)) return;
    s.resultLine = line;
    s.returned = list.map((e) => {
      const o = (e && typeof e === 'object' ? e : {}) as Record<string, unknown>;
      const span = Array.isArray(o['span']) ? o['span'] : [];
      const id = o['chunk_id'];
      const chunkId = typeof id === 'string' ? id : (JSON.stringify(id) ?? 'null');
      return { key: chunkKey(chunkId, span[0], span[1]), chunkId, score: o['score'] };
    });
  }

  /**
   * The producer runs exactly the searches its plan requests, step by step and in order, with the
   * arguments the plan gives: a search the plan does not request could bring in evidence of its
   * own choosing.
   */
  private planned(plan: Plan, bad: (message: string, line?: number) => void): void {
    const requested = new Map<string, { args: string; words: string }[]>();
    for (const n of plan.nodes)
      requested.set(
        n.id,
        (n.step.tool_requests ?? [])
          .filter((r) => r.tool_name === 'retrieve')
          .map((r) => {
            const a = r.arguments ?? {};
            return {
              args: canonicalJson(a),
              words: `query ${q(a['query'], 80)}, top_k ${q(a['top_k'] ?? 3, 20)}`,
            };
          }),
      );
    const made = new Map<string, number>();
    for (const c of this.calls) {
      const i = made.get(c.step) ?? 0;
      made.set(c.step, i + 1);
      const want = requested.get(c.step)?.[i];
      if (want?.args !== c.args)
        bad(
          `The retrieve call on line ${c.line} (query ${q(c.query, 80)}) is ${want === undefined ? 'not one plan.json requests' : `not the search plan.json requests there (${want.words})`} for step ${q(c.step, 80)}: the producer runs exactly the searches its plan lists.`,
          c.line,
        );
    }
    for (const [step, wants] of requested) {
      const n = made.get(step) ?? 0;
      if (n < wants.length)
        bad(
          `plan.json requests ${wants.length} search(es) in step ${q(step, 80)}, but the trace makes ${n}: a search was removed after the run.`,
        );
    }
  }

  /**
   * Once the trace and the evidence are read: the searches ranked again over the pinned index,
   * and the registered evidence held to what they returned.
   */
  check(
    header: TraceHeader | undefined,
    evidence: readonly { ev: EvidenceRef; line: number }[],
    plan?: Plan,
  ) {
    const prov = retrievalProvenance(header);
    const recorded = prov['index_sha256'];
    if (prov['index_path'] !== INDEX_PATH || typeof recorded !== 'string') return;
    const f = this.ctx.f;
    const rel = this.ctx.rel(INDEX_PATH);
    const bad = (message: string, line?: number) =>
      f.add(TRACE.retrievalMismatch, message, line ? this.ctx.at(line) : { path: rel });

    if (plan) this.planned(plan, bad);
    const searches = [...this.searches.values()].filter((s) => s.returned);
    const returned = new Set(searches.flatMap((s) => s.returned!.map((r) => r.key)));
    for (const { ev, line } of evidence)
      if (!returned.has(chunkKey(ev.chunk_id, ev.span[0], ev.span[1])))
        bad(
          `Evidence ${q(ev.id)} on line ${line} (chunk ${short(ev.chunk_id)}, bytes [${ev.span[0]}, ${ev.span[1]})) was returned by no search of the run: evidence is registered from what the retrieve calls return.`,
          line,
        );

    const entry = this.ctx.listing.get(INDEX_PATH);
    if (!entry || !readable(entry)) {
      bad(
        `The trace header records the BM25 index the run searched (index_sha256 ${short(recorded)}), but ${INDEX_PATH} ${entry ? (entry.detail ?? 'is not a regular file') : 'is missing'}: the searches cannot be ranked again.`,
      );
      return;
    }
    const read = readRunFile(this.ctx, INDEX_PATH, MAX_INDEX_BYTES);
    if (!read.ok) {
      bad(`${INDEX_PATH} ${read.detail}: the searches cannot be ranked again.`);
      return;
    }
    if (read.sha256 !== recorded) {
      bad(
        `${INDEX_PATH} hashes to ${short(read.sha256)}, but the trace header records index_sha256 ${short(recorded)}: the index changed after the run.`,
      );
      return;
    }
    const index = parseIndex(read.bytes);
    if (typeof index === 'string') {
      bad(`${INDEX_PATH} is not the producer's BM25 index: ${index}.`);
      return;
    }
    if (searches.length * index.chunks.length > MAX_SCORED) {
      bad(
        `The run's ${searches.length} search(es) over ${index.chunks.length} chunks exceed what is ranked again per run (${MAX_SCORED} chunk scores): their results are not checked.`,
      );
      return;
    }
    const k1 = typeof prov['k1'] === 'number' ? prov['k1'] : 1.2;
    const b = typeof prov['b'] === 'number' ? prov['b'] : 0.75;
    const byKey = new Map(index.chunks.map((c, i) => [c.key, i]));
    for (const s of searches) {
      const scores = scoreAll(index, s.query, k1, b);
      const ranked = index.chunks
        .map((_, i) => i)
        .sort(
          (x, y) =>
            round6(scores[y]!) - round6(scores[x]!) ||
            codePointCompare(index.chunks[x]!.docId, index.chunks[y]!.docId) ||
            codePointCompare(index.chunks[x]!.chunkId, index.chunks[y]!.chunkId),
        )
        .slice(0, Math.max(0, s.k));
      const got = s.returned!;
      const where = `The retrieve call on line ${s.line} (query ${q(s.query, 80)}, top_k ${s.k})`;
      if (got.length !== ranked.length) {
        bad(
          `${where} returned ${got.length} chunk(s) on line ${s.resultLine}; BM25 over the pinned index returns ${ranked.length}.`,
          s.resultLine,
        );
        continue;
      }
      for (let i = 0; i < got.length; i++) {
        const at = byKey.get(got[i]!.key);
        const want = ranked[i]!;
        if (at === undefined) {
          bad(
            `${where} returned chunk ${short(got[i]!.chunkId)} as hit ${i + 1}, which the pinned index does not hold.`,
            s.resultLine,
          );
          break;
        }
        // Scores within a rounding step of each other may rank either way.
        if (at !== want && Math.abs(scores[at]! - scores[want]!) > TIE) {
          const c = index.chunks[want]!;
          bad(
            `${where} returned chunk ${short(got[i]!.chunkId)} (score ${fmt(scores[at]!)}) as hit ${i + 1}, but BM25 over the pinned index ranks chunk ${short(c.chunkId)} of document ${q(c.docId, 60)} (score ${fmt(scores[want]!)}) there: the search results were edited.`,
            s.resultLine,
          );
          break;
        }
        const score = got[i]!.score;
        if (typeof score !== 'number' || Math.abs(score - scores[at]!) > TIE) {
          bad(
            `${where} gives hit ${i + 1} the score ${q(score, 40)}; BM25 over the pinned index gives it ${fmt(scores[at]!)}.`,
            s.resultLine,
          );
          break;
        }
      }
    }
  }
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** `_score_document` for every chunk, summing the query's terms in first-seen order as Python does. */
function scoreAll(index: ParsedIndex, query: string, k1: number, b: number): number[] {
  const qf = new Map<string, number>();
  for (const t of producerTokens(query)) qf.set(t, (qf.get(t) ?? 0) + 1);
  const n = index.chunks.length;
  const idf = new Map<string, number>();
  for (const t of qf.keys()) {
    const m = index.df[t];
    idf.set(t, typeof m === 'number' && m > 0 ? Math.log(1.0 + (n - m + 0.5) / (m + 0.5)) : 0);
  }
  return index.chunks.map((c) => {
    const norm = k1 * (1.0 - b + b * (c.length / index.avgdl));
    let s = 0.0;
    for (const [t, count] of qf) {
      const f = Object.hasOwn(c.tf, t) ? c.tf[t] : 0;
      if (typeof f !== 'number' || f === 0) continue;
      const w = idf.get(t)!;
      if (w === 0) continue;
      s += w * ((f * (k1 + 1.0)) / (f + norm)) * count;
    }
    return s;
  });
}

interface ParsedIndex {
  avgdl: number;
  df: Record<string, unknown>;
  chunks: IndexChunk[];
}

/** The index the producer writes (ChunkedBM25Index.to_json), or why it is not one. */
function parseIndex(bytes: Buffer): ParsedIndex | string {
  let v: unknown;
  try {
    v = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'it is not JSON';
  }
  const o = asRecord(v) ?? {};
  const { avgdl, df, chunks, doc_tf: tfs } = o;
  if (typeof avgdl !== 'number' || !(avgdl > 0)) return 'avgdl is not a positive number';
  if (!df || typeof df !== 'object' || Array.isArray(df)) return 'df is not an object';
  if (!Array.isArray(chunks) || !Array.isArray(tfs) || chunks.length !== tfs.length)
    return 'chunks and doc_tf are not two lists of one length';
  const out: IndexChunk[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i] as Record<string, unknown> | null;
    const tf = tfs[i] as Record<string, unknown> | null;
    if (!c || typeof c !== 'object' || !tf || typeof tf !== 'object')
      return `chunk ${i + 1} is not an object with its term counts`;
    const { chunk_id: id, doc_id: doc, text, start_byte: b0, end_byte: b1 } = c;
    if (typeof id !== 'string' || typeof doc !== 'string' || typeof text !== 'string')
      return `chunk ${i + 1} lacks its chunk_id, doc_id or text`;
    out.push({
      key: chunkKey(id, b0, b1),
      chunkId: id,
      docId: doc,
      length: producerTokens(text).length,
      tf,
    });
  }
  return { avgdl, df: df as Record<string, unknown>, chunks: out };
}
