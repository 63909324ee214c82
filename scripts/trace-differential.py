#!/usr/bin/env python3
"""Differential campaign: audit-gate's trace pack against the producer's own verifier.

Takes real run directories written by bijux-canon-reason, forges mutants of them (one change each,
then re-sealed as a forger who knows the producer's hash and id formulas would), and asks two
verifiers about every mutant:

  - the producer's verifier, in this one Python process, exactly as its `verify` command does it:
    read_trace_jsonl, "trace id missing" check, Plan.model_validate, verify_trace (a run is rejected
    when the report has failures or any of those steps raises);
  - audit-gate (`node dist/cli/index.js trace`), one process per option set over a parent directory
    that holds every mutant, its findings mapped back to mutants by path.

A FALSE GREEN is a mutant the producer rejects and audit-gate accepts. The script prints, per mutation
kind, both-accept / both-reject / audit-gate stricter / false green, lists every false green with a way
to regenerate it (seed + index, or the kept path), and exits 1 if there is any (0 otherwise). It is
deterministic for a seed: mutant I depends only on the seed, I, the run list and the re-seal mode.

Mutation kinds: random single edits (a trace field, event order, plan/spec/run_meta/verify.json,
evidence bytes, chunks/corpus/index/retrieval provenance, files added or removed) and the targeted
classes that found real false greens: verify.json forged as passing on a run the producer rejects,
the extractive reasoner's marks stripped, a derived claim made observed/assumed/insufficient.
Re-seal modes (random kinds; targeted kinds carry their own): none, manifest (manifest.json and
fingerprint.txt rehashed), full (evidence hashes, evidence/claim/plan/trace ids, snippet hashes,
citation markers, the reasoner's result hashes cascaded, then manifest), mixed (1:3:6).
Without --require-reasoning audit-gate accepts a run stripped of the reasoner's marks that the producer
rejects (a missing reasoning record; a support outside its evidence's span, which audit-gate compares
only in the reasoner's runs): those false greens of the reasoner-stripped and derived-demoted kinds are
listed as "known-gap" and do not fail the campaign; every other false green does.

This script is NOT run by CI (CI needs no Python); run it by hand after a producer release. It needs:

  - python3 >= 3.11 with pydantic 2 (the producer's dependency), standard library otherwise;
  - the producer's source: the `packages/bijux-canon-reason` directory of
    https://github.com/bijux/bijux-canon (see scripts/generate-real-trace-runs.py);
  - typer, click and colorama importable if the producer's modules ask for them (--pythonpath);
  - a built audit-gate (`npm run build`, so dist/cli/index.js exists) and node.

Usage:
  python3 scripts/trace-differential.py --producer PATH/packages/bijux-canon-reason \
      [--pythonpath DIR] [--runs DIR ...] [--mutants 500] [--seed 1] \
      [--reseal none|manifest|full|mixed] [--options "--require-reasoning --require-retrieval"] \
      [--with-and-without] [--keep DIR] [--index I ...] [--json-out FILE] [--cli dist/cli/index.js]
  (or set BIJUX_CANON_REASON to the package directory)

--runs takes run directories or roots searched for runs/run_v1_* (default: the conformance/trace/real-*
fixtures, real-producer-rejects-inner-chunk included: verify-forged needs a run the producer rejects).
A single flag needs the = form: --options=--require-retrieval. To regenerate one mutant: the same
--runs, --seed and --reseal, plus --index I --keep DIR.
The producer's code is imported, never copied.
"""

from __future__ import annotations

import argparse
import collections
import copy
import functools
import hashlib
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
STRICT = "--require-reasoning --require-retrieval"
LAYOUT = ("artifacts", "bijux-canon-reason", "runs")
HEX64 = re.compile(r"^[0-9a-f]{64}$")
ID_LIKE = re.compile(r"^([a-z]+)_v1_([0-9a-f]{64})$")
# A false green of this kind, under options lacking this flag, is a documented gap, not a failure:
# without --require-reasoning a run stripped of the extractive reasoner's marks is not taken for the
# reasoner's, so neither its reasoning record nor the support-within-evidence-span comparison is
# required of it (docs/trace.md, "reasoning record" and "producer's span check").
KNOWN_GAPS = {"reasoner-stripped": "--require-reasoning", "derived-demoted": "--require-reasoning"}


# ------------------------------------------------------------------ canonical JSON and ids

def cdumps(o: object) -> str:
    """The producer's canonical JSON: sorted keys, no spaces, UTF-8, no NaN."""
    return json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def sha(b: bytes) -> str:
    """Hex SHA-256 of bytes."""
    return hashlib.sha256(b).hexdigest()


def stable_id(kind: str, obj: object) -> str:
    """The producer's content id: <kind>_v1_<sha256 of canonical JSON>."""
    return f"{kind}_v1_{sha(cdumps(obj).encode())}"


def read_json(path: Path) -> object:
    """Parse a JSON file."""
    return json.loads(path.read_text(encoding="utf-8"))


def write_json(path: Path, o: object) -> None:
    """Write canonical JSON plus a newline, as the producer does."""
    path.write_text(cdumps(o) + "\n", encoding="utf-8", newline="")


def same_style_dump(orig_line: str, o: object) -> str:
    """Serialise o canonically if orig_line was canonical, else as json.dumps would."""
    try:
        if cdumps(json.loads(orig_line)) == orig_line:
            return cdumps(o)
    except ValueError:
        pass
    return json.dumps(o, ensure_ascii=False)


def short(v: object) -> str:
    """A value, JSON-encoded and cut to 160 characters, for the report."""
    s = json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) < 160 else s[:157] + "..."


class Run:
    """A run directory with its trace parsed (header + events); write_trace() serialises it back."""

    def __init__(self, d: Path):
        self.d = d
        lines = (d / "trace.jsonl").read_text(encoding="utf-8").split("\n")
        self.header = json.loads(lines[0])
        self.events = [json.loads(line) for line in lines[1:] if line]

    def p(self, rel: str) -> Path:
        """A path inside the run."""
        return self.d / rel

    def write_trace(self) -> None:
        """Rewrite trace.jsonl canonically."""
        text = "".join(cdumps(o) + "\n" for o in [self.header, *self.events])
        self.p("trace.jsonl").write_text(text, encoding="utf-8", newline="")

    def indexes(self, kind: str) -> list[int]:
        """Positions of the events of one kind."""
        return [i for i, e in enumerate(self.events) if e["event"].get("kind") == kind]

    def claims(self) -> list[dict]:
        """Every emitted claim (the dicts inside the events, editable in place)."""
        return [e["event"]["claim"] for e in self.events
                if e["event"].get("kind") == "claim_emitted" and isinstance(e["event"].get("claim"), dict)]

    def evidence(self) -> list[dict]:
        """Every registered evidence record (editable in place)."""
        return [e["event"]["evidence"] for e in self.events
                if e["event"].get("kind") == "evidence_registered" and isinstance(e["event"].get("evidence"), dict)]

    def replace_strings(self, mapping: dict[str, str]) -> None:
        """Replace substrings in every string (keys too) of the header and events."""
        def fix(o):
            if isinstance(o, str):
                for a, b in mapping.items():
                    o = o.replace(a, b)
                return o
            if isinstance(o, list):
                return [fix(x) for x in o]
            if isinstance(o, dict):
                return {fix(k): fix(v) for k, v in o.items()}
            return o
        self.header = fix(self.header)
        self.events = fix(self.events)


# ------------------------------------------------------------------ generic JSON edits

def leaves(o: object, path: tuple = ()):
    """Yield (path, value) for o and everything inside it."""
    yield path, o
    if isinstance(o, dict):
        for k, v in o.items():
            yield from leaves(v, path + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from leaves(v, path + (i,))


def strings(o: object) -> list[str]:
    """Every string value inside o (a pool for swaps)."""
    return [v for _, v in leaves(o) if isinstance(v, str)]


def mutate_string(rng: random.Random, s: str, pool: list[str]) -> tuple[str, str]:
    """One edit of a string: swap an id of the same kind, flip a hex digit, or a textual edit."""
    m = ID_LIKE.match(s)
    if m and rng.random() < 0.5:
        same = [x for x in pool if x != s and x.startswith(m.group(1) + "_v1_")]
        if same:
            return rng.choice(same), "swap-id"
    if (HEX64.match(s) or m) and rng.random() < 0.7:
        i = rng.randrange(len(s) - 64, len(s))
        return s[:i] + ("0" if s[i] != "0" else "1") + s[i + 1:], "flip-hex"
    r = rng.random()
    if r < 0.2 or not s:
        return s + rng.choice(["x", " ", ".", "é", "\n", "[evidence:x]"]), "append"
    if r < 0.4:
        return "", "empty"
    if r < 0.55 and pool:
        return rng.choice(pool), "swap-str"
    if r < 0.7:
        i = rng.randrange(len(s))
        return s[:i] + s[i + 1:], "delchar"
    if r < 0.8:
        return (s.upper() if s.upper() != s else s.lower() + "A"), "case"
    if r < 0.9:
        return s.strip() + " ", "trail-space"
    i = rng.randrange(len(s))
    c = chr(ord(s[i]) ^ 1) if ord(s[i]) > 32 else "X"
    return s[:i] + c + s[i + 1:], "flipchar"


def mutate_value(rng: random.Random, v: object, pool: list[str]) -> tuple[object, str]:
    """One edit of a JSON value of any type; returns (new value, how)."""
    if isinstance(v, bool):
        return (not v), "bool-flip"
    if isinstance(v, int):
        return rng.choice([v + 1, v - 1, 0, -1, v * 2 + 1, 10**6, str(v), float(v), None]), "int"
    if isinstance(v, float):
        return rng.choice([v * 2, v + 0.1, 0.0, -v, 1.0, int(v) if math.isfinite(v) else 0, None]), "float"
    if isinstance(v, str):
        return mutate_string(rng, v, pool)
    if v is None:
        return rng.choice([0, "", {}, [], False, "x"]), "null"
    if isinstance(v, list):
        if not v:
            return (["x"] if rng.random() < 0.5 else [None]), "list-fill"
        v, r = list(v), rng.random()
        if r < 0.3:
            del v[rng.randrange(len(v))]
            return v, "list-remove"
        if r < 0.55:
            i = rng.randrange(len(v))
            v.insert(i, copy.deepcopy(v[i]))
            return v, "list-dup"
        if r < 0.8 and len(v) > 1:
            i, j = rng.sample(range(len(v)), 2)
            v[i], v[j] = v[j], v[i]
            return v, "list-swap"
        return [], "list-empty"
    if isinstance(v, dict):
        v = dict(v)
        if v and rng.random() < 0.6:
            k = rng.choice(list(v))
            del v[k]
            return v, f"dict-del:{k}"
        v[rng.choice(["extra", "id", "kind", "type", "hash_algo", "success", "error"])] = rng.choice(["x", 1, None, True])
        return v, "dict-add"
    return v, "noop"


def mutate_json(rng: random.Random, obj: object, pool: list[str], prefer: tuple[str, ...] = ()) -> dict | None:
    """Edit one value somewhere inside obj (in place), favouring paths through a `prefer` key."""
    paths = [p for p, _ in leaves(obj) if p]
    preferred = [p for p in paths if any(str(x) in prefer for x in p)]
    if preferred and rng.random() < 0.7:
        paths = preferred
    if not paths:
        return None
    path = rng.choice(paths)
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    new, how = mutate_value(rng, old, pool)
    parent[path[-1]] = new
    return {"path": list(path), "how": how, "before": short(old), "after": short(new)}


# ------------------------------------------------------------------ random mutation kinds
# Each takes (rng, run) and returns a detail dict (the change it made), or None when the run has
# nothing to edit. "edited" in the detail names an evidence file whose bytes changed (for re-sealing).

EVENT_KEYS = ("span", "snippet_sha256", "ref_id", "statement", "claim_type", "status", "sha256", "chunk_id",
              "content_path", "step_id", "call_id", "type", "claim_ids", "evidence_ids", "supports", "kind", "idx")
HEADER_KEYS = ("reasoning_policy", "reasoning_trace", "retrieval_provenance", "spec_id", "plan_id", "schema_version")


def m_trace_field(rng, run):
    """Edit one value of the trace header or of one event (favouring fields verifiers look at)."""
    pool = strings(run.header) + strings(run.events)
    kind = rng.choice(["claim_emitted", "evidence_registered", "step_finished", "tool_called",
                       "tool_returned", "step_started", "header"])
    if kind == "header" or not run.indexes(kind):
        det = mutate_json(rng, run.header, pool, HEADER_KEYS)
        return det and dict(det, where="header")
    i = rng.choice(run.indexes(kind))
    det = mutate_json(rng, run.events[i]["event"], pool, EVENT_KEYS)
    return det and dict(det, where=f"{kind} (line {i + 2})")


def m_trace_order(rng, run):
    """Remove, duplicate, swap or move one event; usually renumber idx afterwards."""
    n, r = len(run.events), rng.random()
    if n < 2:
        return None
    if r < 0.3:
        i = rng.randrange(n)
        det = {"op": "remove", "line": i + 2, "kind": run.events.pop(i)["event"].get("kind")}
    elif r < 0.55:
        i = rng.randrange(n)
        run.events.insert(i + 1, copy.deepcopy(run.events[i]))
        det = {"op": "duplicate", "line": i + 2, "kind": run.events[i]["event"].get("kind")}
    elif r < 0.8:
        i = rng.randrange(n - 1)
        run.events[i], run.events[i + 1] = run.events[i + 1], run.events[i]
        det = {"op": "swap-adjacent", "line": i + 2}
    else:
        i, j = rng.sample(range(n), 2)
        e = run.events.pop(i)
        run.events.insert(j, e)
        det = {"op": "move", "from": i + 2, "to": j + 2, "kind": e["event"].get("kind")}
    det["renumbered"] = rng.random() < 0.7
    if det["renumbered"]:
        for k, e in enumerate(run.events):
            e["event"]["idx"] = k
    return det


def m_json_file(rng, run, name):
    """Edit one value of a JSON file of the run (plan.json, spec.json, ...)."""
    path = run.p(name)
    if not path.is_file():
        return None
    o = read_json(path)
    det = mutate_json(rng, o, strings(o) + strings(run.events[:5]))
    if det is None:
        return None
    write_json(path, o)
    return dict(det, file=name)


def forge_passing_verify(run) -> bool:
    """Rewrite verify.json as the producer would have written it had every check passed."""
    path = run.p("verify.json")
    if not path.is_file():
        return False
    v = read_json(path)
    v["failures"] = []
    for c in v["checks"]:
        c["passed"], c["details"] = True, None
    v["summary_metrics"] = {"checks_failed": 0.0, "checks_total": float(len(v["checks"])), "failures": 0.0}
    v["id"] = sha(cdumps({"checks": v["checks"], "failures": []}).encode())
    write_json(path, v)
    return True


def m_verify(rng, run):
    """Forge verify.json as passing, or (half the time on a passing one) edit one of its values."""
    if not run.p("verify.json").is_file():
        return None
    if not read_json(run.p("verify.json")).get("failures") and rng.random() < 0.5:
        return m_json_file(rng, run, "verify.json")
    return {"op": "verify.json rewritten as passing"} if forge_passing_verify(run) else None


def m_evidence(rng, run):
    """Flip, truncate, extend, rotate, overwrite or delete one evidence file."""
    files = sorted(run.p("evidence").iterdir()) if run.p("evidence").is_dir() else []
    if not files:
        return None
    f = rng.choice(files)
    b, r = f.read_bytes(), rng.random()
    if r < 0.25 and b:
        i = rng.randrange(len(b))
        nb, op = b[:i] + bytes([b[i] ^ (0x20 if 0x41 <= (b[i] | 0x20) <= 0x7A else 1)]) + b[i + 1:], f"flip byte {i}"
    elif r < 0.4 and b:
        nb, op = b[:-1], "truncate 1"
    elif r < 0.55:
        nb, op = b + b" ", "append space"
    elif r < 0.65:
        f.unlink()
        return {"op": "delete", "file": f.name}
    elif r < 0.8 and len(b) > 1:
        nb, op = b[len(b) // 2:] + b[:len(b) // 2], "rotate"
    elif r < 0.9:
        nb, op = (b.replace(b"a", b"o", 1) if b"a" in b else b + b"x"), "replace a->o"
    else:
        nb, op = b"X" * len(b), "overwrite same length"
    f.write_bytes(nb)
    return {"op": op, "file": f.name, "edited": "evidence/" + f.name}


def m_chunks(rng, run):
    """Remove, duplicate or shuffle lines of provenance/chunks.jsonl, or edit one value of a line."""
    path = run.p("provenance/chunks.jsonl")
    body = [line for line in path.read_text(encoding="utf-8").split("\n") if line] if path.is_file() else []
    if not body:
        return None
    r, i = rng.random(), rng.randrange(len(body))
    if r < 0.15:
        del body[i]
        det = {"op": "remove line", "line": i + 1}
    elif r < 0.25:
        body.insert(i, body[i])
        det = {"op": "dup line", "line": i + 1}
    elif r < 0.3 and len(body) > 1:
        rng.shuffle(body)
        det = {"op": "shuffle"}
    else:
        o = json.loads(body[i])
        hashes = [x for x in strings(run.events) if HEX64.match(x)]
        det = dict(mutate_json(rng, o, strings(o) + hashes) or {}, line=i + 1)
        body[i] = same_style_dump(body[i], o)
    path.write_text("".join(line + "\n" for line in body), encoding="utf-8", newline="")
    return det


def m_corpus(rng, run):
    """Remove a document of provenance/corpus.jsonl, change one character of its text, or edit a value."""
    path = run.p("provenance/corpus.jsonl")
    if not path.is_file():
        return None
    lines = path.read_text(encoding="utf-8").split("\n")
    idx = [i for i, line in enumerate(lines) if line.strip()]
    if not idx:
        return None
    i = rng.choice(idx)
    try:
        o = json.loads(lines[i])
    except ValueError:
        return None
    r = rng.random()
    if r < 0.15:
        del lines[i]
        det = {"op": "remove doc", "line": i + 1}
    elif r < 0.7 and isinstance(o, dict) and isinstance(o.get("text"), str) and o["text"]:
        t = o["text"]
        j = rng.randrange(len(t))
        o["text"] = t[:j] + ("x" if t[j] != "x" else "y") + t[j + 1:]
        lines[i] = same_style_dump(lines[i], o)
        det = {"op": "edit text char", "line": i + 1, "pos": j}
    else:
        det = dict(mutate_json(rng, o, strings(o)) or {}, line=i + 1)
        lines[i] = same_style_dump(lines[i], o)
    path.write_text("\n".join(lines), encoding="utf-8", newline="")
    return det


def m_files(rng, run):
    """Add a stray file somewhere in the run, or remove one of its files."""
    if rng.random() < 0.5:
        where = rng.choice(["extra.txt", "evidence/extra.txt", "provenance/extra.json", "notes/x.txt",
                            "evidence/ev_v1_" + "0" * 64 + ".txt"])
        run.p(where).parent.mkdir(parents=True, exist_ok=True)
        run.p(where).write_text("x\n")
        return {"op": "add", "file": where}
    f = rng.choice(sorted(p for p in run.d.rglob("*") if p.is_file()))
    f.unlink()
    return {"op": "remove", "file": f.relative_to(run.d).as_posix()}


# ------------------------------------------------------------------ targeted kinds (past false greens)

def t_verify_forged(rng, run):
    """On a run the producer rejects: verify.json edited to look passing (five ways), manifest rehashed."""
    v = read_json(run.p("verify.json"))
    variant = rng.choice(["failures-emptied", "checks-passed", "failed-checks-dropped", "severity-info",
                          "all-passing"])
    if variant == "all-passing":
        forge_passing_verify(run)
        return {"variant": variant}
    if variant in ("failures-emptied", "failed-checks-dropped"):
        v["failures"] = []
    if variant == "failed-checks-dropped":
        v["checks"] = [c for c in v["checks"] if c.get("passed")]
    if variant in ("checks-passed", "severity-info"):
        for c in v["checks"]:
            c["passed"] = True
    if variant == "severity-info":
        for f in v["failures"]:
            f["severity"] = "info"
    write_json(run.p("verify.json"), v)
    return {"variant": variant}


def derived_claims(run) -> list[dict]:
    """The run's derived claims (the extractive reasoner's)."""
    return [c for c in run.claims() if c.get("claim_type") == "derived"]


def t_reasoner_stripped(rng, run):
    """Remove the extractive reasoner's marks: the header's reasoning_trace and/or the derived claims'
    structured.result_sha256 and structured.reasoner (full re-seal follows)."""
    if not derived_claims(run):
        return None
    variant = rng.choice(["all", "header", "claims"])
    if variant in ("all", "header"):
        run.header.get("metadata", {}).pop("reasoning_trace", None)
    if variant in ("all", "claims"):
        for c in derived_claims(run):
            if isinstance(c.get("structured"), dict):
                c["structured"].pop("result_sha256", None)
                c["structured"].pop("reasoner", None)
    return {"variant": variant}


def t_derived_demoted(rng, run):
    """A derived claim made observed or assumed (its reasoner marks gone), or the whole run turned into
    an insufficient-evidence run; verify.json forged passing (full re-seal follows)."""
    claims = derived_claims(run)
    if not claims:
        return None
    variant = rng.choice(["observed", "observed-keep-structured", "assumed", "insufficient",
                          "insufficient-validated"])
    forge_passing_verify(run)
    run.header.get("metadata", {}).pop("reasoning_trace", None)
    for c in claims:
        c["claim_type"] = "assumed" if variant == "assumed" else "observed"
        if variant != "observed-keep-structured":
            c["structured"] = {}
    if variant.startswith("insufficient"):
        required = run.header.get("metadata", {}).get("reasoning_policy", {}).get("min_supports_per_claim", 2)
        for e in run.events:
            out = e["event"].get("output")
            if e["event"].get("kind") != "step_finished" or not isinstance(out, dict):
                continue
            if out.get("type") == "derive":
                e["event"]["output"] = {"reason": "insufficient_evidence", "required": required,
                                        "retrieved": 1, "type": "insufficient_evidence"}
            elif out.get("type") == "verify" and variant == "insufficient":
                out["validated_claim_ids"] = []
            elif out.get("type") == "finalize":
                out.update(final_answer=None, final_claim_ids=[], uncertainty="No validated claim")
    return {"variant": variant}


# name -> (function, weight, re-seal: None = the campaign's mode, needs a producer-rejected base)
KINDS = {
    "trace-field": (m_trace_field, 30, None, False),
    "trace-order": (m_trace_order, 8, None, False),
    "plan": (functools.partial(m_json_file, name="plan.json"), 7, None, False),
    "spec": (functools.partial(m_json_file, name="spec.json"), 5, None, False),
    "run-meta": (functools.partial(m_json_file, name="run_meta.json"), 5, None, False),
    "verify-json": (m_verify, 5, None, False),
    "evidence": (m_evidence, 10, None, False),
    "chunks": (m_chunks, 8, None, False),
    "corpus": (m_corpus, 5, None, False),
    "index": (functools.partial(m_json_file, name="provenance/index/bm25_index.json"), 4, None, False),
    "retrieval-prov": (functools.partial(m_json_file, name="provenance/retrieval_provenance.json"), 4, None, False),
    "files": (m_files, 4, None, False),
    "verify-forged": (t_verify_forged, 6, "manifest", True),
    "reasoner-stripped": (t_reasoner_stripped, 6, "full", False),
    "derived-demoted": (t_derived_demoted, 6, "full", False),
}
# The kinds that edit the parsed trace (the others edit files directly).
TRACE_EDITS = {"trace-field", "trace-order", "reasoner-stripped", "derived-demoted"}


# ------------------------------------------------------------------ re-sealing (the forger)

def reseal_manifest(run) -> None:
    """Rehash fingerprint.txt and every manifest.json entry still present; list renamed evidence."""
    if run.p("trace.jsonl").is_file() and run.p("fingerprint.txt").is_file():
        run.p("fingerprint.txt").write_text(sha(run.p("trace.jsonl").read_bytes()) + "\n")
    try:
        manifest = read_json(run.p("manifest.json"))
    except (OSError, ValueError):
        return
    if not isinstance(manifest, dict):
        return
    listed = [k for k in manifest if run.p(k).is_file()]
    if run.p("evidence").is_dir():
        listed += [f"evidence/{f.name}" for f in run.p("evidence").iterdir()
                   if f.name.startswith("ev_v1_") and f.is_file() and f"evidence/{f.name}" not in manifest]
    write_json(run.p("manifest.json"), {k: sha(run.p(k).read_bytes()) for k in sorted(listed)})


def _resync_edited_evidence(run, edited: set[str]) -> None:
    """Evidence files whose bytes changed: new sha256 (and chunk id, when it was the sha), span length,
    and the chunk's line in provenance/chunks.jsonl."""
    renamed = {}
    for r in run.evidence():
        cp = r.get("content_path")
        if cp not in edited or not run.p(cp).is_file():
            continue
        b = run.p(cp).read_bytes()
        if r.get("chunk_id") == r.get("sha256"):
            renamed[r["chunk_id"]] = (sha(b), len(b))
            r["chunk_id"] = sha(b)
        r["sha256"] = sha(b)
        if isinstance(r.get("span"), list) and len(r["span"]) == 2 and isinstance(r["span"][0], int):
            r["span"] = [r["span"][0], r["span"][0] + len(b)]
    path = run.p("provenance/chunks.jsonl")
    if not renamed or not path.is_file():
        return
    out = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line:
            continue
        try:
            o = json.loads(line)
            if isinstance(o, dict) and o.get("chunk_id") in renamed:
                new, length = renamed[o["chunk_id"]]
                o["chunk_id"] = o["chunk_sha256"] = new
                o["end_byte"] = o["start_byte"] + length
                line = same_style_dump(line, o)
        except (ValueError, TypeError, KeyError):
            pass
        out.append(line)
    path.write_text("".join(x + "\n" for x in out), encoding="utf-8", newline="")


def _rename_evidence_ids(run) -> None:
    """Recompute evidence ids from uri/sha256/span/chunk_id; rename them everywhere, files included."""
    ids = {}
    for r in run.evidence():
        try:
            new = stable_id("ev", {"uri": r["uri"], "sha256": r["sha256"], "span": r["span"], "chunk_id": r["chunk_id"]})
        except KeyError:
            continue
        if r.get("id") and new != r["id"]:
            ids[r["id"]] = new
    if not ids:
        return
    run.replace_strings(ids)
    if run.p("evidence").is_dir():
        for f in sorted(run.p("evidence").iterdir()):
            for old, new in ids.items():
                if old in f.name:
                    f.rename(f.with_name(f.name.replace(old, new)))


def _rehash_supports(run) -> None:
    """Snippet hashes of evidence supports over the (possibly changed) evidence bytes; the citation
    markers that embed them follow."""
    data = {}
    for r in run.evidence():
        cp = r.get("content_path")
        if isinstance(cp, str) and run.p(cp).is_file():
            data[r.get("id")] = run.p(cp).read_bytes()
    markers = {}
    for c in run.claims():
        for s in c.get("supports") or []:
            try:
                if s.get("kind") != "evidence" or s["ref_id"] not in data:
                    continue
                b0, b1 = s["span"]
                new = sha(data[s["ref_id"]][b0:b1])
                old = s["snippet_sha256"]  # a mutant may have dropped it: then nothing to follow
            except (KeyError, TypeError, ValueError, AttributeError):
                continue
            if new != old:
                markers[f"{s['ref_id']}:{b0}-{b1}:{old}"] = f"{s['ref_id']}:{b0}-{b1}:{new}"
                s["snippet_sha256"] = new
    if markers:
        run.replace_strings(markers)


def _rehash_reasoner(run) -> None:
    """The extractive reasoner's result_sha256 (statement | citations) and the header's copy of it."""
    hashes = set()
    for c in derived_claims(run):
        if not isinstance(c.get("structured"), dict) or "result_sha256" not in c["structured"]:
            continue
        try:
            cites = ";".join(f"{s['ref_id']}:{s['span'][0]}-{s['span'][1]}:{s['snippet_sha256']}"
                             for s in c["supports"] if s.get("kind") == "evidence")
            c["structured"]["result_sha256"] = sha(f"{c['statement']}|{cites}".encode("utf-8", "surrogatepass"))
        except (KeyError, TypeError, IndexError, AttributeError):
            continue
        hashes.add(c["structured"]["result_sha256"])
    rt = run.header.get("metadata", {}).get("reasoning_trace")
    if len(hashes) == 1 and isinstance(rt, dict):
        for key in ("reasoning_trace_sha256", "result_sha256"):
            if key in rt:
                rt[key] = next(iter(hashes))


def _rename_claim_ids(run) -> None:
    """Recompute claim ids (a few rounds: supports may cite claims) and rename them everywhere."""
    for _ in range(3):
        ids = {}
        for c in run.claims():
            try:
                new = stable_id("claim", {k: c[k] for k in ("statement", "status", "confidence", "supports", "claim_type")}
                                | {"structured": c.get("structured")})
            except (KeyError, ValueError, TypeError):
                continue
            if c.get("id") and new != c["id"]:
                ids[c["id"]] = new
        if not ids:
            return
        run.replace_strings(ids)


def _rename_plan_id(run) -> None:
    """Recompute plan.json's id and rename it in the trace and run_meta.json."""
    try:
        plan = read_json(run.p("plan.json"))
        old = plan["id"]
        new = stable_id("plan", {"problem": plan.get("problem", ""), "spec_id": plan["spec_id"],
                                 "nodes": plan["nodes"], "edges": plan["edges"]})
    except (OSError, ValueError, KeyError, TypeError):
        return
    if not isinstance(old, str) or not old.startswith("plan_v1_") or new == old:
        return
    plan["id"] = new
    write_json(run.p("plan.json"), plan)
    run.replace_strings({old: new})
    _set_run_meta(run, "plan_id", old, new)


def _rename_trace_id(run) -> None:
    """Recompute the trace id over header and events; run_meta.json's trace_id follows."""
    h = run.header
    try:
        new = stable_id("trace", {
            "events": [e["event"] for e in run.events], "metadata": h.get("metadata", {}),
            "spec_id": h.get("spec_id"), "plan_id": h.get("plan_id"),
            "runtime_protocol_version": h.get("runtime_protocol_version", 1), "schema_version": h.get("schema_version"),
            "fingerprint_algo": h.get("fingerprint_algo", "sha256"),
            "canonicalization_version": h.get("canonicalization_version", 1)})
    except (ValueError, TypeError, KeyError):
        return
    old, h["id"] = h.get("id"), new
    _set_run_meta(run, "trace_id", old, new)


def _set_run_meta(run, key: str, old: str, new: str) -> None:
    """Set run_meta.json[key] to new where it held old."""
    try:
        meta = read_json(run.p("run_meta.json"))
        if meta.get(key) == old:
            meta[key] = new
            write_json(run.p("run_meta.json"), meta)
    except (OSError, ValueError, AttributeError):
        pass


def reseal_full(run, edited: set[str]) -> None:
    """Cascade every hash and id as a forger with the producer's formulas would, then the manifest."""
    _resync_edited_evidence(run, edited)
    _rename_evidence_ids(run)
    _rehash_supports(run)
    _rehash_reasoner(run)
    _rename_claim_ids(run)
    _rename_plan_id(run)
    _rename_trace_id(run)


# ------------------------------------------------------------------ runs and mutants

def find_runs(paths: list[Path]) -> list[Path]:
    """Run directories: each path that is one, and every runs/run_v1_* directory below the others."""
    found = set()
    for p in paths:
        if (p / "trace.jsonl").is_file():
            found.add(p.resolve())
        else:
            found.update(d.resolve() for d in p.rglob("run_v1_*")
                         if d.parent.name == "runs" and (d / "trace.jsonl").is_file())
    return sorted(found)


def layout_copy(src: Path, parent: Path, name: str) -> Path:
    """Copy a run to parent/name/artifacts/bijux-canon-reason/runs/<run_id>/ and return that path."""
    dst = parent.joinpath(name, *LAYOUT, src.name)
    shutil.copytree(src, dst)
    return dst


def make_mutant(seed: int, index: int, bases: list[Path], rejected: list[Path], reseal: str,
                parent: Path) -> dict:
    """Forge mutant `index` under parent/mNNNNN (deterministic for seed, index, bases and reseal)."""
    rng = random.Random(f"{seed}/{index}")
    names = [k for k, v in KINDS.items() if rejected or not v[3]]
    name = f"m{index:05d}"
    for _ in range(20):
        kind = rng.choices(names, [KINDS[k][1] for k in names])[0]
        fn, _, own_reseal, needs_rejected = KINDS[kind]
        base = rng.choice(rejected if needs_rejected else bases)
        shutil.rmtree(parent / name, ignore_errors=True)
        run = Run(layout_copy(base, parent, name))
        detail = fn(rng, run)
        if detail is not None:
            break
    else:
        raise RuntimeError(f"mutant {index}: no mutation applied")
    mode = own_reseal or (rng.choices(["none", "manifest", "full"], [1, 3, 6])[0] if reseal == "mixed" else reseal)
    if mode == "full":
        reseal_full(run, {detail["edited"]} if "edited" in detail else set())
    if (kind in TRACE_EDITS or mode == "full") and run.p("trace.jsonl").is_file():
        run.write_trace()  # edits of the trace (and a full re-seal) live in memory until now
    if mode in ("manifest", "full"):
        reseal_manifest(run)
    return {"index": index, "name": name, "dir": str(run.d), "base": str(base), "kind": kind,
            "reseal": mode, "detail": detail}


def resealing_reproduces(base: Path, scratch: Path) -> bool:
    """True if a full re-seal of an unmodified copy changes no byte (the forger's formulas are current)."""
    run = Run(layout_copy(base, scratch, "reseal-check"))
    reseal_full(run, set())
    run.write_trace()
    reseal_manifest(run)
    same = all((run.d / f.relative_to(base)).is_file() and (run.d / f.relative_to(base)).read_bytes() == f.read_bytes()
               for f in base.rglob("*") if f.is_file())
    shutil.rmtree(scratch / "reseal-check")
    return same


# ------------------------------------------------------------------ the two verifiers

def load_producer(producer: Path, pythonpath: list[str]):
    """Import the producer's verifier; return a function run_dir -> list of failure messages."""
    sys.path[:0] = [str(producer / "src"), *pythonpath]
    warnings.filterwarnings("ignore")
    from bijux_canon_reason.core.types import Plan
    from bijux_canon_reason.interfaces.serialization.trace_jsonl import read_trace_jsonl
    from bijux_canon_reason.verification.verifier import verify_trace

    def verify(d: Path) -> list[str]:
        """What the producer's `verify` command would report (an empty list: accepted)."""
        try:
            trace = read_trace_jsonl(d / "trace.jsonl")
            if trace.id is None:
                return ["trace id missing (the CLI exits 2)"]
            plan = Plan.model_validate(json.loads((d / "plan.json").read_text(encoding="utf-8")))
            return [f.message for f in verify_trace(trace=trace, plan=plan, artifacts_dir=d).failures]
        except Exception as e:  # noqa: BLE001 - any exception is the producer refusing the run
            return [f"{type(e).__name__}: {str(e)[:300]}"]
    return verify


def run_audit_gate(cli: Path, parent: Path, options: str) -> dict[str, dict]:
    """One audit-gate process over every run below parent; returns run dir -> {accepted, state, codes}."""
    cmd = ["node", str(cli), "trace", str(parent), "--root", str(parent), "--format", "json", *shlex.split(options)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        sys.exit(f"audit-gate printed no JSON report (exit {proc.returncode}): {proc.stderr[-2000:]}")
    verdicts = {}
    for t in report.get("targets", []):
        if t.get("pack") == "trace":
            verdicts[str(parent / t["path"])] = {"accepted": t.get("terminal_state") == "accepted",
                                                 "state": t.get("terminal_state"), "codes": set()}
    for f in report.get("findings", []):
        subject = f.get("subject", "")
        if subject.startswith("trace:") and str(parent / subject[6:]) in verdicts:
            verdicts[str(parent / subject[6:])]["codes"].add(f["code"])
    return verdicts


def classify(producer_failures: list[str], ag: dict | None) -> str:
    """both-accept / both-reject / ag-stricter / FALSE-GREEN (a run audit-gate did not list: not accepted)."""
    p_ok, a_ok = not producer_failures, bool(ag and ag["accepted"])
    return {(True, True): "both-accept", (False, False): "both-reject",
            (True, False): "ag-stricter", (False, True): "FALSE-GREEN"}[(p_ok, a_ok)]


def is_known_gap(record: dict, options: str) -> bool:
    """A false green of a documented gap: its kind needs a flag these options lack."""
    flag = KNOWN_GAPS.get(record["kind"])
    return flag is not None and flag not in shlex.split(options)


# ------------------------------------------------------------------ report

COLUMNS = ("both-accept", "both-reject", "ag-stricter", "FALSE-GREEN", "known-gap")


def print_table(title: str, records: list[dict]) -> None:
    """Per kind: how many mutants fell in each class."""
    by_kind = collections.defaultdict(collections.Counter)
    for r in records:
        by_kind[r["kind"]][r["class"]] += 1
        by_kind["TOTAL"][r["class"]] += 1
    print(f"\n{title}")
    print(f"  {'kind':20s} {'n':>5s} " + " ".join(f"{c:>12s}" for c in COLUMNS))
    for kind in sorted(by_kind, key=lambda k: (k == "TOTAL", k)):
        c = by_kind[kind]
        print(f"  {kind:20s} {sum(c.values()):5d} " + " ".join(f"{c[col]:12d}" for col in COLUMNS))


def print_false_greens(records: list[dict], args, kept: bool) -> None:
    """Every false green (and known gap), with its detail and how to get it back."""
    for r in records:
        if r["class"] not in ("FALSE-GREEN", "known-gap"):
            continue
        where = r["dir"] if kept else f"regenerate: the same --runs, --seed {args.seed} --reseal {args.reseal} --index {r['index']} --keep DIR"
        print(f"  {r['class']} {r['name']} {r['kind']} (re-seal {r['reseal']}): {short(r['detail'])}")
        print(f"      base {r['base']}")
        print(f"      producer: {short(r['producer'][:3])}")
        print(f"      audit-gate: {r['ag_state']} {sorted(r['ag_codes'])}")
        print(f"      {where}")


def print_stricter(records: list[dict]) -> None:
    """The audit-gate codes behind the ag-stricter cases (candidates for false reds)."""
    codes = collections.Counter(c for r in records if r["class"] == "ag-stricter"
                                for c in (r["ag_codes"] if r["ag_state"] != "not listed" else ["(run not listed)"]))
    if codes:
        print("  audit-gate stricter, by finding code: "
              + ", ".join(f"{c} {n}" for c, n in codes.most_common(12)))


# ------------------------------------------------------------------ main

def parse_args() -> argparse.Namespace:
    """Command-line options."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--producer", default=os.environ.get("BIJUX_CANON_REASON"),
                    help="the producer's packages/bijux-canon-reason directory (or $BIJUX_CANON_REASON)")
    ap.add_argument("--pythonpath", action="append", default=[], help="extra import directory (repeatable)")
    ap.add_argument("--runs", nargs="+", type=Path,
                    default=sorted(REPO.glob("conformance/trace/real-*/input")),
                    help="run directories or roots holding runs/run_v1_* (default: the real-* fixtures)")
    ap.add_argument("--mutants", type=int, default=500, help="how many mutants (default 500)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--reseal", choices=["none", "manifest", "full", "mixed"], default="mixed",
                    help="how random mutants are re-sealed (default mixed)")
    ap.add_argument("--cli", type=Path, default=REPO / "dist" / "cli" / "index.js", help="audit-gate's CLI")
    ap.add_argument("--options", action="append",
                    help=f'audit-gate flags, one quoted string per set (repeatable; --options="" for none; '
                         f'--options=--flag for one flag; default "{STRICT}")')
    ap.add_argument("--with-and-without", action="store_true",
                    help=f'run audit-gate both with "{STRICT}" and with no flags')
    ap.add_argument("--index", type=int, action="append",
                    help="only these mutant indexes (regenerate a reported mutant; repeatable)")
    ap.add_argument("--keep", type=Path, help="keep the mutants in this (new or empty) directory")
    ap.add_argument("--json-out", type=Path, help="write every mutant's verdicts to this file (JSON lines)")
    args = ap.parse_args()
    if not args.producer:
        ap.error("give the producer with --producer or BIJUX_CANON_REASON")
    args.producer = Path(args.producer).resolve()
    if not (args.producer / "src" / "bijux_canon_reason").is_dir():
        ap.error(f"{args.producer} is not the bijux-canon-reason package directory (no src/bijux_canon_reason)")
    if not args.cli.is_file():
        ap.error(f"{args.cli} does not exist (npm run build)")
    if args.keep and args.keep.exists() and any(args.keep.iterdir()):
        ap.error(f"--keep {args.keep} is not empty")
    args.options = [STRICT, ""] if args.with_and_without else (args.options or [STRICT])
    return args


def main() -> int:
    """Baseline, forge, verify both ways, report; 1 if any false green."""
    args = parse_args()
    producer_verify = load_producer(args.producer, args.pythonpath)
    bases = find_runs(args.runs)
    if not bases:
        sys.exit("no runs found under --runs")
    parent = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="trace-differential-"))
    parent.mkdir(parents=True, exist_ok=True)
    try:
        stale = [b for b in bases if not resealing_reproduces(b, parent)]
        baseline = [{"index": i, "name": f"b{i:05d}", "base": str(b), "kind": "baseline", "reseal": "-", "detail": {},
                     "dir": str(layout_copy(b, parent, f"b{i:05d}"))} for i, b in enumerate(bases)]
        for r in baseline:
            r["producer"] = producer_verify(Path(r["dir"]))
        rejected = [Path(r["base"]) for r in baseline if r["producer"]]
        print(f"{len(bases)} runs ({len(rejected)} rejected by the producer); "
              f"full re-seal reproduces {len(bases) - len(stale)} of them byte for byte")
        for b in stale:
            print(f"  WARNING: re-sealing changes {b}: the forger's formulas may be out of date")
        indexes = args.index if args.index is not None else range(args.mutants)
        mutants = [make_mutant(args.seed, i, bases, rejected, args.reseal, parent) for i in indexes]
        for r in mutants:
            r["producer"] = producer_verify(Path(r["dir"]))
        print(f"{len(mutants)} mutants forged and checked by the producer (seed {args.seed}, re-seal {args.reseal})")
        false_greens = 0
        out = args.json_out.open("w", encoding="utf-8") if args.json_out else None
        for options in args.options:
            verdicts = run_audit_gate(args.cli, parent, options)
            records = []
            for r in baseline + mutants:
                ag = verdicts.get(r["dir"])
                rec = dict(r, options=options, ag_state=ag["state"] if ag else "not listed",
                           ag_codes=sorted(ag["codes"]) if ag else [], **{"class": classify(r["producer"], ag)})
                if rec["class"] == "FALSE-GREEN" and is_known_gap(rec, options):
                    rec["class"] = "known-gap"
                false_greens += rec["class"] == "FALSE-GREEN"
                records.append(rec)
                if out:
                    out.write(json.dumps(rec, ensure_ascii=False, default=str) + "\n")
            print_table(f"audit-gate trace {options or '(no flags)'}", records)
            print_stricter(records)
            print_false_greens(records, args, kept=bool(args.keep))
        if out:
            out.close()
    finally:
        if not args.keep:
            shutil.rmtree(parent, ignore_errors=True)
    print(f"\n{false_greens} false green(s)")
    return 1 if false_greens else 0


if __name__ == "__main__":
    sys.exit(main())
