#!/usr/bin/env python3
"""Regenerates __tests__/support/bm25-cases.json: BM25 indexes the producer's own code builds
(bijux-canon-reason, retrieval/chunked_bm25.py: ChunkedBM25Index.build and to_json) over random
and awkward corpora (overlapping chunks, multi-byte UTF-8 and astral characters, repeated text,
twin documents, document ids given twice, settings where the overlap is at least the chunk), and
the top-k each query ranks (or that it raises, for a k1 that divides by zero), which __tests__/trace-bm25.test.ts builds and ranks again: the
index's sha256 byte for byte, every hit and score.

Not run by CI (CI needs no Python). Usage:
  python3 scripts/generate-bm25-cases.py --producer PATH/packages/bijux-canon-reason \
      [--seed 7] [--count 80] > __tests__/support/bm25-cases.json
  (or set BIJUX_CANON_REASON to the package directory)
"""
import hashlib
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from producer_cli import producer_args  # noqa: E402

WORDS = ("river bridge Lund Sweden opened 1940 flutter deck the a of in is km "
         "Danube Rhine é漢 😀 _x9 ALPHA alpha").split()
GLUE = [" ", " ", " ", ". ", ", ", "\n", "\t", "-", "é", "😀", "\u0085", ""]


def text_of(rnd: random.Random) -> str:
    n = rnd.randint(1, 60)
    return "".join(rnd.choice(WORDS) + rnd.choice(GLUE) for _ in range(n)).strip() or "x"


def main() -> None:
    args = producer_args(seed=7, count=80)
    from bijux_canon_reason.retrieval.chunked_bm25 import ChunkedBM25Index
    from bijux_canon_reason.retrieval.corpus import CorpusDoc

    rnd = random.Random(args.seed)
    cases = []
    for i in range(args.count):
        docs = []
        for j in range(rnd.randint(1, 6)):
            doc_id = rnd.choice(["d%d" % j, "d%d" % j, "twin", "Ä%d" % j])
            text = text_of(rnd) if not docs or rnd.random() < 0.7 else docs[-1].text
            title = rnd.choice([None, "T%d" % j, "é"])
            docs.append(CorpusDoc(doc_id=doc_id, text=text, title=title, source=rnd.choice([None, "s"])))
        chunk_chars = rnd.choice([1, 3, 8, 20, 50, 800])
        overlap_chars = rnd.choice([0, 2, 5, 10, 120, chunk_chars])
        corpus_sha = hashlib.sha256(str(i).encode()).hexdigest()
        idx = ChunkedBM25Index.build(docs=docs, corpus_sha256=corpus_sha,
                                     chunk_chars=chunk_chars, overlap_chars=overlap_chars)
        # The producer takes any float: k1 ≤ -1 scores touched chunks at or below 0, or divides
        # by zero (ZeroDivisionError: no run).
        k1 = rnd.choice([1.2, 1.5, 0.9, 2.0, 1.2, 1.5, -1.0, -1.5, 1e25])
        # b = 2 gives a chunk half the average length no length term: with a huge k1 its score
        # is huge too (past 2^33, where rounding to six decimals leaves a double as it is).
        b = rnd.choice([0.75, 0.0, 1.0, 0.5, 2.0])
        queries = []
        for _ in range(3):
            query = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 5)))
            k = rnd.choice([0, 1, 2, 3, 5, 50])
            try:
                ranked = idx.top_k(query, k=k, k1=k1, b=b)
            except ZeroDivisionError:
                queries.append({"query": query, "k": k, "refused": True})
                continue
            queries.append({"query": query, "k": k, "hits": [
                {"doc_id": c.doc_id, "chunk_id": c.chunk_id, "span": [c.start_byte, c.end_byte],
                 "score": s} for c, s in ranked]})
        cases.append({
            "docs": [{"doc_id": d.doc_id, "text": d.text, "title": d.title, "source": d.source} for d in docs],
            "corpus_sha256": corpus_sha,
            "chunk_chars": chunk_chars, "overlap_chars": overlap_chars, "k1": k1, "b": b,
            "index_sha256": hashlib.sha256(idx.to_json()).hexdigest(),
            "chunks": len(idx.chunks),
            "queries": queries,
        })
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
