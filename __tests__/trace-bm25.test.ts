// The BM25 index built again from a corpus, and searches ranked over it, as the producer's
// retrieval/chunked_bm25.py builds and ranks them: every case is an index the producer's own code
// built (scripts/generate-bm25-cases.py), compared byte for byte (its sha256) and hit for hit.
import fs from 'node:fs';
import { buildIndex, Ranker, round6 } from '../src/packs/trace/producer/bm25.js';

interface Case {
  docs: { doc_id: string; text: string; title: string | null; source: string | null }[];
  corpus_sha256: string;
  chunk_chars: number;
  overlap_chars: number;
  k1: number;
  b: number;
  index_sha256: string;
  chunks: number;
  queries: {
    query: string;
    k: number;
    hits?: { doc_id: string; chunk_id: string; span: [number, number]; score: number }[];
    refused?: true;
  }[];
}
const cases = JSON.parse(
  fs.readFileSync(new URL('./support/bm25-cases.json', import.meta.url), 'utf8'),
) as Case[];

const build = (c: Case, over: Partial<{ maxDocs: number; maxChunks: number }> = {}) =>
  buildIndex(
    c.docs.map((d) => ({ docId: d.doc_id, text: d.text, title: d.title, source: d.source })),
    c.corpus_sha256,
    {
      chunkChars: c.chunk_chars,
      overlapChars: c.overlap_chars,
      maxChunks: over.maxChunks ?? null,
      maxDocs: over.maxDocs ?? null,
    },
  );

describe('the BM25 index and its rankings, as the producer builds them', () => {
  test.each(cases.map((c, i) => [i, c] as const))(
    'case %i: the same index, byte for byte, and the same hits',
    (_, c) => {
      const index = build(c);
      if (!('sha256' in index)) throw new Error(JSON.stringify(index));
      expect(index.chunks).toHaveLength(c.chunks);
      expect(index.sha256).toBe(c.index_sha256);
      const ranker = new Ranker(index, c.k1, c.b);
      for (const qy of c.queries) {
        const r = ranker.rank(qy.query, qy.k);
        if ('refused' in r) {
          expect(qy.refused).toBe(true);
          continue;
        }
        expect(qy.refused).toBeUndefined();
        const got = r.top.map((i) => {
          const ch = index.chunks[i]!;
          return {
            doc_id: ch.docId,
            chunk_id: ch.chunkId,
            span: [ch.start, ch.end],
            score: r.score(i),
          };
        });
        expect(got).toEqual(qy.hits);
      }
    },
  );

  test('a corpus the producer refuses to index is said to be one', () => {
    const c = cases.find((x) => x.docs.length > 2)!;
    const refused = (x: ReturnType<typeof build>) => ('refused' in x ? x.refused : '');
    expect(refused(build(c, { maxDocs: 1 }))).toMatch(/over the run's max_docs 1/);
    expect(refused(build(c, { maxChunks: 0 }))).toMatch(/more than the run's max_chunks 0/);
    expect(refused(build({ ...c, docs: [] }))).toMatch(/empty corpus/);
    const lone = { ...c, docs: [{ doc_id: 'd', text: 'a \ud800 b', title: null, source: null }] };
    expect(refused(build(lone))).toMatch(/lone surrogate/);
  });

  test('a corpus its settings would cut past the limits is refused before any chunk is cut', () => {
    const text = 'word '.repeat(200_000); // 1 MB
    const doc = { doc_id: 'd', text, title: null, source: null };
    const one = { ...cases[0]!, docs: [doc], chunk_chars: 1, overlap_chars: 0 };
    const wide = { ...cases[0]!, docs: [doc], chunk_chars: 4000, overlap_chars: 3999 };
    for (const c of [one, wide]) {
      const r = build(c);
      expect('tooLarge' in r ? r.tooLarge : '').toMatch(/past the \d+ chunks and \d+ characters/);
    }
  });

  test("round6 is Python's round(x, 6): half to even on exact halves, nearest otherwise", () => {
    expect(round6(0.0078125)).toBe(0.007812); // exactly half: to even
    expect(round6(0.0234375)).toBe(0.023438); // exactly half: to even (upwards)
    expect(round6(1.2345675)).toBe(Number((1.2345675).toFixed(6)));
    expect(round6(0.5)).toBe(0.5);
    expect(round6(2.0000004999)).toBe(2);
    // Past 2^33 a double moves by more than 10⁻⁶ a step: Python's round leaves it as it is.
    for (const x of [1e25, 2e45, 8589934592.123457, 1e21 + 65536]) {
      expect(round6(x)).toBe(x);
      expect(round6(-x)).toBe(-x);
    }
  });
});
