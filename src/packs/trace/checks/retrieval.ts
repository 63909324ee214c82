import fs from 'node:fs';
import { sha256Hex } from '../../../io/hashing.js';
import { canonicalJson, readable } from '../../kit/index.js';
import {
  type Bm25Index,
  buildIndex,
  chunkManifestSha256,
  type IndexChunk,
  type IndexConfig,
  queryCost,
  Ranker,
} from '../producer/bm25.js';
import { pyFloatRepr } from '../producer/canonical.js';
import { CHUNKS_PATH } from './chunks.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import { asRecord, q, qid, type RunCtx, short } from '../context.js';
import { CORPUS_PATH, corpusDocs, corpusLimit, retrievalProvenance } from './corpus.js';
import { MAX_RUN_FILE_BYTES, readRunFile, readRunJson } from '../format/files.js';
import { pythonIntOf } from '../producer/python-int.js';
import type { RuleMeta } from '../../kit/index.js';
import type { Location } from '../../../model/finding.js';
import type { EventVisitor } from './event-visitor.js';
import type { EvidenceRef, Plan, TraceHeader } from '../format/schema.js';

export const INDEX_PATH = 'provenance/index/bm25_index.json';
export const PROVENANCE_PATH = 'provenance/retrieval_provenance.json';

/** The largest index file hashed (the producer's holds every chunk's text). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;
/** Term postings read per run to rank its searches (each distinct query once). */
const MAX_POSTINGS = 20_000_000;
/** Searches remembered per run. */
const MAX_SEARCHES = 10_000;
const MIB = 1024 * 1024;
/**
 * How far a hit's reported score may be from the one computed here: one step of its sixth
 * decimal. The sums are the producer's, in its order, but its `math.log` (C's libm) and
 * JavaScript's may differ in the last bit, which can move a rounding. Which chunks rank where is
 * compared exactly.
 */
const SCORE_STEP = 2e-6;

interface Returned {
  /** The hit's uri and chunk key: twin documents hold one chunk id at one span each. */
  key: string;
  chunkId: string;
  score: unknown;
  /** The hit as the result lists it. */
  record: Record<string, unknown>;
  /** Its document and chunk, as the rebuilt index keys them. */
  place: string;
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

/** The title and source the producer reports for a document id: its last document's. */
interface DocMeta {
  title: string | null;
  source: string | null;
}

/** Reports one retrieval finding where it is, with the remedy for that case when it differs. */
type Bad = (message: string, where: Location, remediation?: string) => void;

const RESTORE_PLAN =
  'Restore trace.jsonl and plan.json as the producer wrote them, or re-run the producer: it runs exactly the searches its plan requests, in order.';
const RESTORE_RECORD =
  'Restore the trace header’s metadata.retrieval_provenance, provenance/retrieval_provenance.json and the search results as the producer wrote them (one record, the same in all three), or re-run the producer.';
const RESTORE_CORPUS =
  'Restore provenance/corpus.jsonl and provenance/index/ as the producer pinned them, or re-run the producer: the index it pins is the one BM25 builds from that corpus.';

const chunkKey = (chunkId: string, b0: unknown, b1: unknown) => `${chunkId}\0${b0}\0${b1}`;

/**
 * The producer's searches, ranked again: the BM25 index is built again from the run's pinned
 * corpus with the settings its retrieval record gives (and must hash to the index_sha256 the
 * header pins), each `retrieve` call must return the chunks BM25 ranks first for its query over
 * it, as the producer writes them, and every registered evidence must be a chunk a search
 * returned. A run whose producer left out its best hit, registered evidence no search found, or
 * whose index or record was edited to match, is caught here.
 */
export class RetrievalChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'retrieval',
    description:
      'Each search returns what BM25 ranks first over the run’s pinned index, and every evidence was returned by a search.',
    codes: [TRACE.retrievalMismatch, TRACE.retrievalUnchecked, TRACE.retrievalMissing],
  };
  readonly on: EventVisitor['on'] = {
    tool_called: (ev, l) => this.called(ev.call, l.no),
    tool_returned: (ev, l) => this.returned(ev.result, l.no),
  };

  private readonly searches = new Map<string, Search>();
  /** Every retrieve call, in order, with its step and arguments (what the plan must request). */
  private readonly calls: { line: number; step: string; args: string; query: unknown }[] = [];
  /** Lines of calls already reported as not the plan's: not ranked again as well. */
  private readonly unplanned = new Set<number>();
  /** The line of the first retrieve call past MAX_SEARCHES, if any. */
  private overflow: number | undefined;
  /** Each successful search's provenance (canonical JSON), by the line of its result. */
  private readonly provenances = new Map<number, string>();

  constructor(private readonly ctx: RunCtx) {}

  private called(
    call: { id: string; tool_name: string; arguments: Record<string, unknown>; step_id: string },
    line: number,
  ): void {
    if (call.tool_name !== 'retrieve') return;
    if (this.calls.length >= MAX_SEARCHES) return void (this.overflow ??= line);
    const args = canonicalJson(call.arguments);
    this.calls.push({ line, step: call.step_id, args, query: call.arguments['query'] });
    if (this.searches.has(call.id)) return; // tool_call_duplicate
    const a = call.arguments;
    // As the producer's BM25Retriever.invoke reads them: int(top_k) else 3, and the query (a
    // string here: a query the producer would have turned into one with str() is not ranked, and
    // the evidence its result brings is then held to no search).
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
    const prov = asRecord(r)?.['provenance'];
    this.provenances.set(line, prov === undefined ? 'undefined' : canonicalJson(prov));
    s.returned = list.map((e) => {
      const o = asRecord(e) ?? {};
      const span = Array.isArray(o['span']) ? o['span'] : [];
      const id = o['chunk_id'];
      const chunkId = typeof id === 'string' ? id : (JSON.stringify(id) ?? 'null');
      const at = chunkKey(chunkId, span[0], span[1]);
      return {
        key: `${String(o['uri'])}\0${at}`,
        chunkId,
        score: o['score'],
        record: o,
        place: `${JSON.stringify(o['doc_id'] ?? null)}\0${at}`,
      };
    });
  }

  /**
   * The producer runs exactly the searches its plan requests, step by step and in order, with the
   * arguments the plan gives: a search the plan does not request could bring in evidence of its
   * own choosing.
   */
  private planned(plan: Plan, bad: Bad): void {
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
      if (want?.args === c.args) continue;
      this.unplanned.add(c.line);
      bad(
        `The retrieve call on line ${c.line} (query ${q(c.query, 80)}) is ${want === undefined ? 'not one plan.json requests' : `not the search plan.json requests there (${want.words})`} in ${this.step(c.step)}: the producer runs exactly the searches its plan lists.`,
        this.ctx.at(c.line),
        RESTORE_PLAN,
      );
    }
    for (const [step, wants] of requested) {
      const n = made.get(step) ?? 0;
      if (n < wants.length)
        bad(
          `plan.json requests ${wants.length} search(es) in ${this.step(step)}, but the trace makes ${n}: a search was removed after the run.`,
          { path: this.ctx.rel('plan.json') },
          RESTORE_PLAN,
        );
    }
  }

  /** A plan step as messages name it: its kind and the start of its node id. */
  private step(id: string): string {
    const kind = this.ctx.planKinds?.get(id);
    return `step ${kind ? `${q(kind, 40)} (node ${qid(id)})` : q(id, 80)}`;
  }

  /**
   * Once the trace and the evidence are read: the retrieval record checked, the index built
   * again from the corpus, the searches ranked over it, and the registered evidence held to what
   * they returned. Applies to any run that shows a sign of retrieval (a search, a corpus, an
   * index, a retrieval record), so deleting one of them cannot switch the check off.
   */
  check(
    header: TraceHeader | undefined,
    evidence: readonly { ev: EvidenceRef; line: number }[],
    plan?: Plan,
  ) {
    const ctx = this.ctx;
    const bad: Bad = (message, where, remediation) =>
      ctx.f.add(TRACE.retrievalMismatch, message, where, undefined, remediation);
    if (this.overflow !== undefined) {
      ctx.f.add(
        TRACE.retrievalUnchecked,
        `The run makes more than ${MAX_SEARCHES} retrieve calls (the first past that is on line ${this.overflow}): its searches and their evidence are not checked.`,
        ctx.at(this.overflow),
      );
      return;
    }
    if (plan) this.planned(plan, bad);
    const recorded = retrievalProvenance(header);
    const n = this.calls.length;
    const signs = [
      ...(n ? [`${n} retrieve ${n === 1 ? 'call' : 'calls'}`] : []),
      ...[CORPUS_PATH, INDEX_PATH, PROVENANCE_PATH].filter((p) => ctx.listing.has(p)),
    ];
    if (!recorded && signs.length === 0) {
      // Nothing in such a run says its evidence was retrieved: a workflow that relies on
      // retrieval says so (require_retrieval), and then a run stripped of it fails.
      // A run that registers no evidence has nothing to trace (an insufficient-evidence run).
      if (ctx.requireRetrieval && evidence.length > 0)
        ctx.f.add(
          TRACE.retrievalMissing,
          `The run makes no retrieve call and holds no ${CORPUS_PATH}, BM25 index or retrieval record, but the gate requires every run to retrieve its evidence (require_retrieval): its ${evidence.length} evidence ${evidence.length === 1 ? 'item' : 'items'} cannot be traced to a corpus.`,
          ctx.at(1),
        );
      return;
    }

    const answered = [...this.searches.values()].filter((s) => s.returned);
    const returned = new Set(answered.flatMap((s) => s.returned!.map((r) => r.key)));
    const searches = answered.filter((s) => !this.unplanned.has(s.line));
    for (const { ev, line } of evidence)
      if (!returned.has(`${ev.uri}\0${chunkKey(ev.chunk_id, ev.span[0], ev.span[1])}`))
        bad(
          `Evidence ${qid(ev.id)} on line ${line} (chunk ${short(ev.chunk_id)}, bytes [${ev.span[0]}, ${ev.span[1]})) (${q(ev.uri, 80)}) was returned by no search of the run: evidence is registered from what the retrieve calls return.`,
          ctx.at(line),
          'Register only evidence a search returned: restore trace.jsonl and evidence/ as the producer wrote them, or re-run the producer.',
        );

    if (!recorded) {
      bad(
        `The run retrieved (${signs.join(', ')}), but the trace header records no retrieval_provenance: the corpus, index and settings its searches used are unknown, so they cannot be ranked again.`,
        ctx.at(1),
        RESTORE_RECORD,
      );
      return;
    }
    const cfg = readConfig(recorded);
    if (typeof cfg === 'object' && 'unchecked' in cfg) {
      ctx.f.add(
        TRACE.retrievalUnchecked,
        `The trace header's retrieval_provenance holds settings this verifier cannot rebuild the index from (${cfg.unchecked}): the searches are not checked.`,
        ctx.at(1),
      );
      return;
    }
    if (typeof cfg === 'string') {
      bad(
        `The trace header's retrieval_provenance is not the record the producer writes (${cfg}): a setting or its hash was edited, so the searches cannot be ranked again.`,
        ctx.at(1),
        RESTORE_RECORD,
      );
      return;
    }
    this.sameRecord(recorded, bad);
    const built = this.rebuild(cfg, bad);
    if (!built) return;
    const { index, meta } = built;
    if (index.sha256 !== cfg.indexSha256) {
      bad(
        `The trace header pins the BM25 index ${short(cfg.indexSha256)}, but BM25 over ${CORPUS_PATH} with the run's settings builds the index ${short(index.sha256)}: the pinned index was not built from this corpus.`,
        ctx.at(1),
        RESTORE_CORPUS,
      );
      return;
    }
    if (!cfg.lazy && !this.indexFileHolds(cfg.indexSha256, bad)) return;
    this.chunkListHolds(index, bad);
    this.ranked(index, meta, cfg, searches, bad);
  }

  /** provenance/retrieval_provenance.json and every search's provenance are the header's record. */
  private sameRecord(recorded: Record<string, unknown>, bad: Bad) {
    const want = canonicalJson(recorded);
    for (const [line, got] of this.provenances)
      if (got !== want)
        bad(
          `The retrieve result on line ${line} reports a retrieval provenance other than the trace header's: the producer reports one record for every search of a run.`,
          this.ctx.at(line),
          RESTORE_RECORD,
        );
    if (this.provenances.size === 0) return;
    const file = readRunJson(this.ctx, PROVENANCE_PATH);
    const where = { path: this.ctx.rel(PROVENANCE_PATH) };
    if (file.state !== 'ok')
      bad(
        `${PROVENANCE_PATH} ${file.state === 'missing' ? 'is missing' : file.state === 'unreadable' ? file.detail : `is not JSON (${file.detail})`}: the producer writes it with the run's first search.`,
        where,
        RESTORE_RECORD,
      );
    else if (canonicalJson(file.value) !== want)
      bad(
        `${PROVENANCE_PATH} is not the retrieval_provenance the trace header records: one of them was edited after the run.`,
        where,
        RESTORE_RECORD,
      );
  }

  /** The index built from the pinned corpus, or undefined with a finding. */
  private rebuild(cfg: RetrievalConfig, bad: Bad) {
    const where = { path: this.ctx.rel(CORPUS_PATH) };
    const entry = this.ctx.listing.get(CORPUS_PATH);
    if (!entry || !readable(entry)) {
      bad(
        `The run retrieved, but ${CORPUS_PATH} ${entry ? (entry.detail ?? 'is not a regular file') : 'is missing'}: the index cannot be built again and the searches cannot be ranked.`,
        where,
        RESTORE_CORPUS,
      );
      return undefined;
    }
    const size = fs.statSync(entry.real!).size;
    const limit = corpusLimit(this.ctx);
    if (size > limit) {
      this.ctx.f.add(
        TRACE.retrievalUnchecked,
        `${CORPUS_PATH} is ${size} bytes, over the ${limit} bytes${limit % MIB === 0 ? ` (${limit / MIB} MiB, packs.trace.max_corpus_mib)` : ''} whose index is built again per run: the searches are not checked.`,
        where,
      );
      return undefined;
    }
    const docs = corpusDocs(this.ctx, entry.real!);
    if (!docs) return undefined; // reported when it was read
    // The producer reports the title and source of the last document given an id.
    const meta = new Map<string, DocMeta>(docs.map((d) => [d.docId, d]));
    const index = buildIndex(docs, cfg.corpusSha256, cfg);
    if ('refused' in index) {
      bad(
        `The producer could not have indexed ${CORPUS_PATH}: ${index.refused}.`,
        where,
        'Restore provenance/corpus.jsonl and the retrieval settings as the producer pinned them, or re-run the producer: it refuses to index this corpus with these settings.',
      );
      return undefined;
    }
    if ('tooLarge' in index) {
      this.ctx.f.add(
        TRACE.retrievalUnchecked,
        `${CORPUS_PATH}: ${index.tooLarge}; the searches are not checked.`,
        where,
      );
      return undefined;
    }
    return { index, meta };
  }

  /** The index file the run keeps hashes to what the header pins. */
  private indexFileHolds(recorded: string, bad: Bad): boolean {
    const where = { path: this.ctx.rel(INDEX_PATH) };
    const entry = this.ctx.listing.get(INDEX_PATH);
    const hashed =
      entry && readable(entry) ? readRunFile(this.ctx, INDEX_PATH, MAX_INDEX_BYTES) : undefined;
    if (!hashed?.ok) {
      bad(
        `The trace header records the BM25 index the run searched (index_sha256 ${short(recorded)}), but ${INDEX_PATH} ${hashed ? hashed.detail : entry ? (entry.detail ?? 'is not a regular file') : 'is missing'} (the producer writes it unless the record says lazy_index).`,
        where,
        RESTORE_CORPUS,
      );
      return false;
    }
    if (hashed.sha256 !== recorded) {
      bad(
        `${INDEX_PATH} hashes to ${short(hashed.sha256)}, but the trace header records index_sha256 ${short(recorded)}: the index changed after the run.`,
        where,
        RESTORE_CORPUS,
      );
      return false;
    }
    return true;
  }

  /** provenance/chunks.jsonl is the list of the rebuilt index's chunks, as the producer writes it. */
  private chunkListHolds(index: Bm25Index, bad: Bad): void {
    if (this.provenances.size === 0) return; // written with the first search
    const read = readRunFile(this.ctx, CHUNKS_PATH, MAX_RUN_FILE_BYTES);
    if (!read.ok) return; // reported by the chunk index (trace.chunks_invalid), same limit
    if (read.sha256 !== chunkManifestSha256(index))
      bad(
        `${CHUNKS_PATH} is not the list of the chunks BM25 cuts from ${CORPUS_PATH} with the run's settings (${index.chunks.length} chunks, in the index's order): it was edited after the run.`,
        { path: this.ctx.rel(CHUNKS_PATH) },
        RESTORE_CORPUS,
      );
  }

  /** Each search's hits against BM25 over the rebuilt index, one query's ranking at a time. */
  private ranked(
    index: Bm25Index,
    meta: ReadonlyMap<string, DocMeta>,
    cfg: RetrievalConfig,
    searches: readonly Search[],
    bad: Bad,
  ) {
    // A search returns min(top_k, chunks) hits: one that returned another count is reported
    // without ranking, so no hostile top_k makes a ranking longer than the hits a trace can hold.
    const n = index.chunks.length;
    const byQuery = new Map<string, Search[]>();
    for (const s of searches) {
      const expected = Math.min(Math.max(0, s.k), n);
      if (s.returned!.length !== expected) {
        bad(
          `The retrieve call on line ${s.line} (query ${q(s.query, 80)}, top_k ${s.k}) returned ${s.returned!.length} ${s.returned!.length === 1 ? 'chunk' : 'chunks'} on line ${s.resultLine}; BM25 over the corpus returns ${expected}.`,
          this.ctx.at(s.resultLine),
        );
        continue;
      }
      const group = byQuery.get(s.query);
      if (group) group.push(s);
      else byQuery.set(s.query, [s]);
    }
    const places = (group: readonly Search[]) =>
      group.reduce((k, s) => Math.max(k, s.returned!.length), 0);
    // Each distinct query reads its terms' postings and fills its places.
    let cost = 0;
    for (const [query, group] of byQuery) cost += queryCost(index, query) + places(group);
    if (cost > MAX_POSTINGS && searches.length > 0) {
      this.ctx.f.add(
        TRACE.retrievalUnchecked,
        `The run's ${byQuery.size} distinct search(es) over ${index.chunks.length} chunks read ${cost} term postings and places, over the ${MAX_POSTINGS} ranked again per run: their results are not checked.`,
        this.ctx.at(searches[0]!.line),
      );
      return;
    }
    const byPlace = new Map(
      index.chunks.map((c, i) => [
        `${JSON.stringify(c.docId)}\0${chunkKey(c.chunkId, c.start, c.end)}`,
        i,
      ]),
    );
    const ranker = new Ranker(index, cfg.k1, cfg.b);
    for (const [query, group] of byQuery) {
      const ranking = ranker.rank(query, places(group));
      if ('refused' in ranking) {
        bad(
          `The retrieve call on line ${group[0]!.line} (query ${q(query, 80)}) could not have been answered by the producer: ${ranking.refused}.`,
          this.ctx.at(group[0]!.line),
          RESTORE_RECORD,
        );
        continue;
      }
      for (const s of group) this.compare(index, meta, ranking, s, byPlace, bad);
    }
  }

  private compare(
    index: Bm25Index,
    meta: ReadonlyMap<string, DocMeta>,
    ranking: { top: readonly number[]; score: (i: number) => number },
    s: Search,
    byPlace: ReadonlyMap<string, number>,
    bad: Bad,
  ) {
    const got = s.returned!;
    const want = ranking.top.slice(0, got.length);
    const at = this.ctx.at(s.resultLine);
    const where = `The retrieve call on line ${s.line} (query ${q(s.query, 80)}, top_k ${s.k})`;
    for (let i = 0; i < got.length; i++) {
      const hit = got[i]!;
      const chunk = byPlace.get(hit.place);
      if (chunk === undefined) {
        bad(
          `${where} returned chunk ${short(hit.chunkId)} of document ${q(hit.record['doc_id'], 60)} as hit ${i + 1}, which the corpus does not hold there.`,
          at,
        );
        return;
      }
      const score = ranking.score(chunk);
      const c = index.chunks[want[i]!]!;
      // By place, not index: a document given twice with one id and text has two equal chunks.
      if (hit.place !== `${JSON.stringify(c.docId)}\0${chunkKey(c.chunkId, c.start, c.end)}`) {
        bad(
          `${where} returned chunk ${short(hit.chunkId)} (score ${score}) as hit ${i + 1}, but BM25 over the corpus ranks chunk ${short(c.chunkId)} of document ${q(c.docId, 60)} (score ${ranking.score(want[i]!)}) there: the search results were edited, or not ranked by the producer's BM25.`,
          at,
        );
        return;
      }
      // The last-bit difference grows with the score: relative past the sixth decimal's step.
      const step = SCORE_STEP + Math.abs(score) * 8 * Number.EPSILON;
      if (typeof hit.score !== 'number' || Math.abs(hit.score - score) > step) {
        bad(
          `${where} gives hit ${i + 1} the score ${typeof hit.score === 'number' ? hit.score : q(hit.score, 40)}; BM25 over the corpus gives it ${score}.`,
          at,
        );
        return;
      }
      const field = differs(hit.record, index.chunks[chunk]!, meta);
      if (field) {
        bad(
          `${where} returns hit ${i + 1} with ${field} other than the corpus chunk it names: the search results were edited, or not written by the producer.`,
          at,
        );
        return;
      }
    }
  }
}

/** What the header's retrieval_provenance gives: the index settings, BM25's k1 and b, the pins. */
interface RetrievalConfig extends IndexConfig {
  k1: number;
  b: number;
  lazy: boolean;
  corpusSha256: string;
  indexSha256: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const INT_FIELDS = ['chunk_chars', 'overlap_chars', 'max_chunks', 'max_docs', 'corpus_max_bytes'];
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isIntOrNull = (v: unknown): v is number | null => v === null || isInt(v);

/**
 * The record as `_build_retrieval_provenance` writes it, every field the right type and
 * config_sha256 the hash of the settings; a list of what is wrong otherwise.
 */
function readConfig(p: Record<string, unknown>): RetrievalConfig | string | { unchecked: string } {
  // JSON numbers past 2^53 lose digits when read here, so the index and config_sha256 the
  // producer wrote from their exact digits cannot be rebuilt: reported unchecked, not edited.
  const huge = INT_FIELDS.filter((k) => Number.isInteger(p[k]) && !Number.isSafeInteger(p[k]));
  if (huge.length)
    return {
      unchecked: `${huge.join(', ')} ${huge.length === 1 ? 'is' : 'are'} past 2^53, which this verifier reads inexactly`,
    };
  const wrong: string[] = [];
  const expect = (key: string, ok: (v: unknown) => boolean, what: string) => {
    if (!ok(p[key]))
      wrong.push(
        Object.hasOwn(p, key) ? `${key} is ${q(p[key], 40)}, not ${what}` : `${key} is missing`,
      );
  };
  expect('schema_version', (v) => v === 1, '1');
  expect('tokenizer', (v) => v === 'unicode_word', '"unicode_word"');
  for (const [key, path] of [
    ['corpus_path', CORPUS_PATH],
    ['index_path', INDEX_PATH],
    ['chunks_path', CHUNKS_PATH],
  ] as const)
    expect(key, (v) => v === path, JSON.stringify(path));
  for (const key of ['corpus_sha256', 'index_sha256', 'config_sha256'])
    expect(key, (v) => typeof v === 'string' && HEX64.test(v), 'a sha256');
  for (const key of ['chunk_chars', 'overlap_chars']) expect(key, isInt, 'an integer');
  for (const key of ['k1', 'b'])
    expect(key, (v) => typeof v === 'number' && Number.isFinite(v), 'a number');
  for (const key of ['max_chunks', 'max_docs', 'corpus_max_bytes'])
    expect(key, isIntOrNull, 'an integer or null');
  for (const key of ['lazy_index', 'parallel_scoring'])
    expect(key, (v) => typeof v === 'boolean', 'true or false');
  if (wrong.length) return wrong.join('; ');
  if (!configShas(p).includes(p['config_sha256'] as string))
    return 'config_sha256 is not the sha256 of its settings';
  return {
    chunkChars: p['chunk_chars'] as number,
    overlapChars: p['overlap_chars'] as number,
    maxChunks: p['max_chunks'] as number | null,
    maxDocs: p['max_docs'] as number | null,
    k1: p['k1'] as number,
    b: p['b'] as number,
    lazy: p['lazy_index'] as boolean,
    corpusSha256: p['corpus_sha256'] as string,
    indexSha256: p['index_sha256'] as string,
  };
}

/**
 * `_config_sha256` of the settings. k1 and b are Python floats, but JSON does not say whether a
 * whole number was written 1 or 1.0, so each whole one is tried both ways.
 */
function configShas(p: Record<string, unknown>): string[] {
  const forms = (x: number) => [
    ...new Set([pyFloatRepr(x), ...(Number.isInteger(x) ? [String(x)] : [])]),
  ];
  const out: string[] = [];
  for (const b of forms(p['b'] as number))
    for (const k1 of forms(p['k1'] as number))
      out.push(
        sha256Hex(
          `{"b":${b},"chunk_chars":${p['chunk_chars']},"corpus_max_bytes":${p['corpus_max_bytes']},"k1":${k1},"lazy_index":${p['lazy_index']},"max_chunks":${p['max_chunks']},"max_docs":${p['max_docs']},"overlap_chars":${p['overlap_chars']},"parallel_scoring":${p['parallel_scoring']},"tokenizer":"unicode_word"}`,
        ),
      );
  return out;
}

const HIT_FIELDS = [
  'chunk_id',
  'chunk_sha256',
  'chunk_span',
  'doc_id',
  'doc_sha256',
  'score',
  'source',
  'span',
  'text',
  'title',
  'uri',
];
const HIT_KEYS = HIT_FIELDS.join();

/** The first field of a hit that is not what `_build_retrieved_evidences` writes for the chunk. */
function differs(
  hit: Record<string, unknown>,
  c: IndexChunk,
  meta: ReadonlyMap<string, DocMeta>,
): string | undefined {
  const keys = Object.keys(hit).sort().join();
  if (keys !== HIT_KEYS) {
    const have = new Set(Object.keys(hit));
    const missing = HIT_FIELDS.filter((k) => !have.has(k));
    const extra = [...have].filter((k) => !HIT_FIELDS.includes(k));
    return `fields (${[...(missing.length ? [`missing ${missing.join(', ')}`] : []), ...(extra.length ? [`extra ${q(extra.slice(0, 5).join(', '), 80)}`] : [])].join('; ')})`;
  }
  const m = meta.get(c.docId);
  const span = (v: unknown) =>
    Array.isArray(v) && v.length === 2 && v[0] === c.start && v[1] === c.end;
  if (hit['uri'] !== `corpus://${c.docId}#${c.start}-${c.end}`) return 'uri';
  if (hit['doc_id'] !== c.docId) return 'doc_id';
  if (hit['text'] !== c.text) return 'text';
  if (!span(hit['span'])) return 'span';
  if (!span(hit['chunk_span'])) return 'chunk_span';
  if (hit['chunk_sha256'] !== c.chunkId) return 'chunk_sha256';
  if (hit['doc_sha256'] !== c.docSha256) return 'doc_sha256';
  if (hit['title'] !== (m?.title ?? null)) return 'title';
  if (hit['source'] !== (m?.source ?? null)) return 'source';
  return undefined;
}
