#!/usr/bin/env python3
"""Regenerates the real-run conformance fixtures: conformance/trace/real-*/.

Each fixture is one run directory written by the real producer, bijux-canon-reason (offline, its
default deterministic backend: BM25 retrieval and the extractive reasoner), at the place the
producer puts it by default (artifacts/bijux-canon-reason/runs/<run_id>/, or
eval/<suite>/case_NNN/runs/<run_id>/ for an evaluation suite). Every one is a clean fixture;
`node scripts/build-trace-fixtures.mjs` then derives the firing mutants (mut-*) from them.

This script is NOT run by CI (CI needs no Python); run it by hand when the producer changes, then
run the fixture script and commit conformance/trace. It needs:

  - python3 >= 3.11 with pydantic 2;
  - the producer's source: the `packages/bijux-canon-reason` directory of
    https://github.com/bijux/bijux-canon (for example
    `git clone https://github.com/bijux/bijux-canon && cd bijux-canon`, or
    `git archive HEAD packages/bijux-canon-reason | tar -x -C /tmp/bcr`);
  - typer, click and colorama importable (pip, or Debian's python3-typer/-click/-colorama;
    unpacked .debs work: pass their dist-packages directory with --pythonpath).

Usage:
  python3 scripts/generate-real-trace-runs.py --producer PATH/packages/bijux-canon-reason \
      [--pythonpath DIR] [--out conformance/trace]
  (or set BIJUX_CANON_REASON to the package directory)

Debian's typer 0.7 cannot dispatch the producer's commands, so the script calls the command
functions of interfaces/cli/main.py (`run`, `verify`, `eval_suite`) in-process, exactly as the CLI
would. The producer's code is never copied into this repository; only the run data it writes is.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

RIVERS = [
    ("Danube", "ten countries", "2850"), ("Rhine", "six countries", "1230"),
    ("Loire", "France", "1006"), ("Elbe", "Germany and Czechia", "1094"),
    ("Vistula", "Poland", "1047"), ("Tagus", "Spain and Portugal", "1007"),
    ("Po", "Italy", "652"), ("Oder", "Poland and Germany", "840"),
    ("Thames", "England", "346"), ("Shannon", "Ireland", "360"),
]

# Corpora: small, each exercising something real runs carry.
CORPORA: dict[str, list[dict[str, str]] | str] = {
    "bridges": [
        {"doc_id": "tacoma", "title": "Tacoma Narrows", "source": "notes",
         "text": "The Tacoma Narrows Bridge opened on 1 July 1940. It collapsed on 7 November 1940 in a wind of about 64 km/h. The collapse was caused by aeroelastic flutter of the deck."},
        {"doc_id": "golden", "title": "Golden Gate", "source": "notes",
         "text": "The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long. It is painted International Orange."},
        {"doc_id": "forth", "title": "Forth Bridge", "source": "notes",
         "text": "The Forth Bridge is a cantilever railway bridge in Scotland. It opened in 1890 and is a World Heritage Site."},
        {"doc_id": "millau", "title": "Millau Viaduct", "source": "notes",
         "text": "The Millau Viaduct in France is the tallest bridge in the world. One mast reaches 343 metres above the valley."},
    ],
    # Ten one-chunk documents (eight are retrieved).
    "rivers": [
        {"doc_id": f"river{i}", "title": name, "source": "atlas",
         "text": f"The {name} river flows through {place}. The {name} is {length} kilometres long."}
        for i, (name, place, length) in enumerate(RIVERS)
    ],
    # Long documents: several chunks per document, so evidence spans start inside the document.
    "long-rivers": [
        {"doc_id": f"river{i}", "title": name, "source": "atlas",
         "text": " ".join(
             f"The {name} river flows through {place} and is {length} kilometres long at survey {j}."
             for j in range(9))}
        for i, (name, place, length) in enumerate(RIVERS)
    ],
    # Repeated text: one chunk id at several spans (chunk ids are the sha256 of the chunk bytes).
    "repeated": [
        {"doc_id": "echo", "title": "Echo", "source": "test",
         "text": "Granite is an igneous rock. " * 12},
        {"doc_id": "slate", "title": "Slate", "source": "test",
         "text": "Slate is a metamorphic rock formed from shale."},
    ],
    # UTF-8 and control characters in the evidence bytes.
    "unicode": [
        {"doc_id": "cafe", "title": "Café", "source": "menu",
         "text": "Le café crème coûte 3,50 €. Das Frühstück enthält Brötchen.\tTabs\tand \u0001control\u0002 bytes stay."},
        {"doc_id": "tokyo", "title": "東京", "source": "guide",
         "text": "東京は日本の首都です。 Tokyo is the capital of Japan 🗼. It has about 14 million residents."},
        {"doc_id": "math", "title": "Math", "source": "guide",
         "text": "The constant π ≈ 3.14159 and e ≈ 2.71828; √2 is irrational."},
    ],
    # Two documents holding the same text: two sources (their evidence bytes are equal).
    "twins": [
        {"doc_id": "lund-a", "title": "Lund", "source": "atlas", "text": "Lund University is located in Sweden."},
        {"doc_id": "lund-b", "title": "Lund", "source": "mirror", "text": "Lund University is located in Sweden."},
        {"doc_id": "rust", "title": "Rust", "source": "atlas", "text": "Rust is a systems programming language."},
    ],
    # A corpus file as the producer's reader takes it (raw text, not one json.dumps per line):
    # CR-only and CRLF line ends, lines padded with \x1c and \x0c (Python's strip removes
    # them), NaN in an extra field, a doc_id with spaces around it, and that id given twice.
    "odd-lines": (
        '{"doc_id": " lund ", "text": "Lund University is located in Sweden.", "score": NaN}\r'
        '\x1c{"doc_id": "lund", "text": "Lund is a city in Scania, home to a university."}\r\n'
        '\x0c{"doc_id": "rust", "text": "Rust is a systems programming language."}\n'
    ),
    # Evidence text that itself contains [evidence:...]-shaped text, quoted verbatim in the claim.
    "markers": [
        {"doc_id": "doc7", "title": "Citations", "source": "style",
         "text": "The style guide cites sources as [evidence:doc7] after each sentence. Older tools wrote [evidence:doc7] markers without spans."},
        {"doc_id": "doc8", "title": "Spans", "source": "style",
         "text": "Modern citation markers carry a byte span and a sha256 of the cited bytes."},
    ],
}

# name -> (corpus or None, spec constraints (beyond needs_retrieval/corpus_path), question,
#          the codes audit-gate must report: none for a clean run, environment for the run)
CASES: dict[str, tuple] = {
    "default-corpus": (None, {}, "Where is Lund University located?"),
    "bridges-two": ("bridges", {"top_k": 2}, "When did the Tacoma Narrows Bridge collapse?"),
    "bridges-four": ("bridges", {"top_k": 4, "max_citations": 3}, "Which bridge opened in 1937 and how long is its span?"),
    "policy-one": ("bridges", {"top_k": 1, "min_supports_per_claim": 1}, "What is the tallest bridge in the world?"),
    "rivers-eight": ("rivers", {"top_k": 8}, "How long is the Danube river?"),
    # The producer's verifier compares a support span (relative to the evidence file) with the
    # evidence span (relative to the document): it rejects its own runs that cite a chunk that
    # does not start the document, and records that in verify.json.
    "producer-rejects-inner-chunk": ("long-rivers", {"top_k": 3, "chunk_chars": 200, "overlap_chars": 40},
                                     "How long is the Danube river?", ["trace.producer_rejected", "trace.producer_spans_rejected"]),
    "repeated-text": ("repeated", {"top_k": 1, "min_supports_per_claim": 1, "chunk_chars": 56, "overlap_chars": 0},
                      "What is slate formed from?"),
    "unicode-control": ("unicode", {"top_k": 3}, "What is the capital of Japan?"),
    "floats": ("bridges", {"top_k": 3, "bm25_k1": 1.5, "bm25_b": 0.6, "tolerance": 1e-07, "budget": 2.5e16, "weight": 1.0},
               "How tall is the Millau Viaduct mast?"),
    "evidence-with-markers": ("markers", {"top_k": 2}, "How does the style guide cite sources?"),
    "twin-documents": ("twins", {"top_k": 2, "min_supports_per_claim": 2}, "Where is Lund University located?"),
    "corpus-odd-lines": ("odd-lines", {"top_k": 3, "min_supports_per_claim": 2}, "Where is Lund University located?"),
    "insufficient-top-one": ("bridges", {"top_k": 1}, "Where is the Forth Bridge?"),
    "insufficient-no-retrieval": (None, {"needs_retrieval": False}, "Summarise the bridge report."),
    # Whole-number BM25 settings (written 2.0 and 1.0), an overlap the chunker cuts to a quarter,
    # and a corpus size limit: every field of the retrieval record off its default.
    "whole-settings": ("bridges", {"top_k": 3, "min_supports_per_claim": 1, "chunk_chars": 40, "overlap_chars": 40,
                                   "bm25_k1": 2, "bm25_b": 1},
                       "When did the Tacoma Narrows Bridge open?", [],
                       {"RAR_RETRIEVAL_CORPUS_MAX_BYTES": "1000000"}),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--producer", default=os.environ.get("BIJUX_CANON_REASON"),
                    help="the producer's packages/bijux-canon-reason directory (or $BIJUX_CANON_REASON)")
    ap.add_argument("--pythonpath", action="append", default=[],
                    help="extra directory for typer/click/colorama (repeatable)")
    ap.add_argument("--out", default="conformance/trace", help="fixture directory (default conformance/trace)")
    args = ap.parse_args()
    if not args.producer:
        ap.error("give the producer with --producer or BIJUX_CANON_REASON")
    producer = Path(args.producer).resolve()
    if not (producer / "src" / "bijux_canon_reason").is_dir():
        ap.error(f"{producer} is not the bijux-canon-reason package directory (no src/bijux_canon_reason)")
    sys.path[:0] = [str(producer / "src"), *args.pythonpath]

    import typer  # noqa: F401  (the CLI module needs it)
    from bijux_canon_reason.interfaces.cli import main as cli

    out = Path(args.out).resolve()
    for old in out.glob("real-*"):
        shutil.rmtree(old)

    def call(fn, **kw) -> None:
        try:
            fn(**kw)
        except typer.Exit as e:  # the command functions end with typer.Exit
            if e.exit_code not in (0, None):
                raise SystemExit(f"{fn.__name__} exited with {e.exit_code}")

    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        os.chdir(tmp_path)
        for name, case in CASES.items():
            corpus, constraints, question = case[:3]
            expected = case[3] if len(case) > 3 else []
            env = case[4] if len(case) > 4 else {}
            work = tmp_path / name
            work.mkdir()
            c: dict[str, object] = {"needs_retrieval": True, **constraints}
            if corpus:
                # A relative path (the run records it in its spec): the same on every machine.
                corpus_file = Path("corpora") / f"{corpus}.jsonl"
                corpus_file.parent.mkdir(exist_ok=True)
                docs = CORPORA[corpus]
                corpus_file.write_bytes(
                    (docs if isinstance(docs, str)
                     else "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs)).encode("utf-8"))
                c["corpus_path"] = corpus_file.as_posix()
            spec = work / "spec.json"
            spec.write_text(json.dumps({"description": question, "constraints": c,
                                        "expected_output_type": "Claim"}), encoding="utf-8")
            inp = out / f"real-{name}" / "input"
            arts = inp / "artifacts" / "bijux-canon-reason"
            saved = {k: os.environ.get(k) for k in env}
            os.environ.update(env)
            try:
                call(cli.run, spec=spec, preset="default", seed=0, artifacts_dir=arts,
                     fail_on_verify=False, json_output=False)
            finally:
                for k, v in saved.items():
                    if v is None:
                        os.environ.pop(k, None)
                    else:
                        os.environ[k] = v
            run_dir = next((arts / "runs").iterdir())
            write_fixture(out, f"real-{name}", inp, run_dir,
                          f"A run the producer wrote: {question} ({describe(name, c)}).", expected)

        # The same run after the producer's own `verify` command (it writes verify.verify.json).
        src = out / "real-default-corpus" / "input"
        inp = out / "real-after-producer-verify" / "input"
        shutil.copytree(src, inp)
        run_dir = next((inp / "artifacts" / "bijux-canon-reason" / "runs").iterdir())
        call(cli.verify, trace=run_dir / "trace.jsonl", plan=run_dir / "plan.json",
             fail_on_verify=True, json_output=False)
        write_fixture(out, "real-after-producer-verify", inp, run_dir,
                      "The default-corpus run after the producer's own verify command wrote verify.verify.json beside it.")

        # An evaluation suite (the producer's bundled `small` suite): eval/<suite>/case_N/runs/<id>.
        ev = tmp_path / "eval-out"
        call(cli.eval_suite, suite="small", artifacts_dir=ev, preset="default", seed=0, json_output=False)
        for case in sorted((ev / "eval" / "small").glob("case_*")):
            inp = out / f"real-eval-small-{case.name.replace('_', '-')}" / "input"
            dest = inp / "eval" / "small" / case.name
            shutil.copytree(case, dest)
            run_dir = next((dest / "runs").iterdir())
            write_fixture(out, inp.parent.name, inp, run_dir,
                          f"A run of the producer's evaluation suite small, {case.name}.")


def describe(name: str, c: dict[str, object]) -> str:
    keys = {k: v for k, v in c.items() if k != "corpus_path"}
    return f"{name}; constraints {json.dumps(keys, sort_keys=True)}"


def write_fixture(out: Path, fid: str, inp: Path, run_dir: Path, description: str,
                  expected: list[str] | None = None) -> None:
    expected = expected or []
    fixture = {
        "schema_version": "1.0",
        "fixture_id": fid,
        "fixture_kind": expected[0].removeprefix("trace.") if expected else "clean",
        "pack": "trace",
        "description": description,
        "input": "input",
        "target": run_dir.relative_to(inp).as_posix(),
        "options": {},
        "expected_validation_codes": expected,
        "expected_terminal_state": "rejected" if expected else "accepted",
    }
    (out / fid / "fixture.json").write_text(json.dumps(fixture, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
