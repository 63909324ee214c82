#!/usr/bin/env python3
"""Regenerates __tests__/support/extractive-cases.json: statements written by the producer's own
extractive reasoner (bijux-canon-reason, reasoning/extractive.py: derive_extractive_answer) over
random and awkward evidence (Python-only whitespace such as U+0085 and U+001F, U+FEFF, leading
spaces, emoji, invalid UTF-8), which __tests__/trace-extractive.test.ts derives again, byte for byte.

Not run by CI (CI needs no Python). Usage:
  python3 scripts/generate-extractive-cases.py --producer PATH/packages/bijux-canon-reason \
      [--seed 11] [--count 120] > __tests__/support/extractive-cases.json
  (or set BIJUX_CANON_REASON to the package directory)
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from producer_cli import producer_args  # noqa: E402

ALPHABET = list(
    "abcdefgh ijk lmn. Lund Sweden? !\n\t\u0085\u00a0\u2003\ufeff\u3000é漢😀\x1f\x1c."
)


def main() -> None:
    args = producer_args(seed=11, count=120)
    from bijux_canon_reason.reasoning.extractive import derive_extractive_answer

    rnd = random.Random(args.seed)
    cases = []
    for i in range(args.count):
        evidence = []
        for j in range(rnd.randint(1, 3)):
            text = "".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(0, 300)))
            raw = text.encode("utf-8")
            if rnd.random() < 0.05 and len(raw) > 3:
                raw = raw[:1] + b"\xff" + raw[1:]
            evidence.append((f"ev_{i}_{j}", raw))
        d = derive_extractive_answer(
            question="Where is Lund University located?",
            evidence=evidence,
            max_citations=rnd.randint(1, 3),
        )
        if not d.citations:
            continue
        cases.append(
            {
                "evidence": {e: raw.hex() for e, raw in evidence},
                "statement": d.statement,
                "cites": [
                    [c.evidence_id, c.span[0], c.span[1], c.snippet_sha256] for c in d.citations
                ],
            }
        )
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
