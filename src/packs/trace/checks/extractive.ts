import { sha256Hex } from '../../../io/hashing.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import { asRecord, q, qid, type RunCtx } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import type { Claim, TraceHeader } from '../format/schema.js';
import { codePointCompare } from '../../../io/text.js';
import {
  isPySpace,
  producerTokens,
  pyStrip,
  pyStripString,
  text,
} from '../producer/python-text.js';
import { pythonIntOf } from '../producer/python-int.js';
import { producerMinSupports } from './support-policy.js';

/** The producer's extractive reasoner, whose statements are a function of the bytes they cite. */
export const EXTRACTIVE_REASONER = 'baseline_extractive_v2';

/** Whether a claim carries the extractive reasoner's tag, so that it is derived again. */
export function extractiveTagged(claim: Claim): boolean {
  return ExtractiveChecks.reasonerOf(claim)?.['reasoner'] === EXTRACTIVE_REASONER;
}

/** Statement characters kept per run until the evidence is read (a longer run is not rebuilt, and says so). */
const MAX_KEPT_CHARS = 32 * 1024 * 1024;
/** Evidence bytes read per evidence file to rebuild claims; a chunk the producer writes is a few hundred. */
const MAX_EVIDENCE_BYTES = 4 * 1024 * 1024;
/** Evidence bytes decoded per run to rebuild claims (each file once, whatever cites it). */
const MAX_RUN_EVIDENCE_BYTES = 64 * 1024 * 1024;
/** The reasoner's fallback: the first characters of the evidence, when no sentence scores. */
const PREFIX_CHARS = 200;
/** Derived claims without the reasoner's tag named one by one; the rest are counted. */
const MAX_UNMARKED_LISTED = 50;

/** One evidence citation: evidence id, span, snippet sha256. */
type Cite = [id: string, b0: number, b1: number, sha: string];

interface Pending {
  id: string;
  line: number;
  statement: string;
  cites: Cite[];
  question: unknown;
}

/**
 * Claims that carry the producer's reasoner tag (`structured.reasoner`) are derived again: the
 * extractive reasoner is deterministic (reasoning/extractive.py), so the run's question and its
 * evidence, in the order its reasoning record lists them, fix which sentences a claim cites and
 * every character of its statement. A run that carries the reasoning record or result hashes is
 * the extractive reasoner's, so each of its derived claims must carry the tag. Runs without any
 * of these (other producers, synthetic runs) paraphrase freely; they are held to the markers and
 * hashes only.
 */
export class ExtractiveChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'extractive',
    description:
      'A claim the extractive reasoner tags as its own is the one it derives from the run’s question and evidence, word for word.',
    codes: [TRACE.claimNotExtracted],
  };
  readonly on: EventVisitor['on'] = {
    claim_emitted: (ev, l) => this.claim(ev.claim, l.no),
  };

  /** Each claim with the reasoner tag: its statement's sha256, and its first characters to quote. */
  readonly marked = new Map<string, { sha: string; head: string }>();
  private readonly pending: Pending[] = [];
  private readonly unmarked: { id: string; line: number }[] = [];
  private unmarkedCount = 0;
  private resultHashes = false;
  private kept = 0;
  private overBudget: Pending | undefined;

  constructor(private readonly ctx: RunCtx) {}

  /** The claim's reasoner record, when it carries one (an object). */
  static reasonerOf(claim: Claim): Record<string, unknown> | undefined {
    return asRecord(claim.structured?.['reasoner']);
  }

  private bad(id: string, line: number, why: string): void {
    this.ctx.f.add(
      TRACE.claimNotExtracted,
      `Derived claim ${qid(id)} on line ${line} ${why}.`,
      this.ctx.at(line),
    );
  }

  private claim(claim: Claim, line: number): void {
    if (claim.claim_type !== 'derived') return;
    const s = claim.structured;
    if (s && Object.hasOwn(s, 'result_sha256')) this.resultHashes = true;
    const r = ExtractiveChecks.reasonerOf(claim);
    if (!r) {
      if (this.unmarkedCount++ < MAX_UNMARKED_LISTED) this.unmarked.push({ id: claim.id, line });
      return;
    }
    if (this.marked.has(claim.id)) return; // emitted twice: claim_duplicate
    this.marked.set(claim.id, {
      sha: sha256Hex(claim.statement),
      head: claim.statement.slice(0, 120),
    });
    if (r['reasoner'] !== EXTRACTIVE_REASONER)
      return this.bad(
        claim.id,
        line,
        `carries a reasoner record naming ${q(r['reasoner'])}; the producer writes only ${EXTRACTIVE_REASONER}, whose claims audit-gate derives again`,
      );
    const other = claim.supports.find((x) => x.kind !== 'evidence');
    if (other)
      return this.bad(
        claim.id,
        line,
        `cites a ${other.kind} support (${q(other.ref_id, 80)}); the extractive reasoner cites evidence only`,
      );
    const cites: Cite[] = claim.supports.map((x) => [
      x.ref_id,
      x.span[0],
      x.span[1],
      x.snippet_sha256,
    ]);
    const picked = pickedCites(r['picked']);
    if (!picked || picked.length !== cites.length || picked.some((p, i) => !same(p, cites[i]!)))
      return this.bad(
        claim.id,
        line,
        'has supports that are not what its reasoner record says it picked (structured.reasoner.picked): the supports or the record were edited after the run',
      );
    const p: Pending = {
      id: claim.id,
      line,
      statement: claim.statement,
      cites,
      question: r['question'],
    };
    this.kept += claim.statement.length;
    if (this.kept > MAX_KEPT_CHARS) this.overBudget ??= p;
    else this.pending.push(p);
  }

  /**
   * Once the evidence files are read: every claim with the tag is derived again from the run's
   * question and evidence (`registered`: the evidence ids in the order the trace registers them;
   * `read`: an intact evidence file's bytes, undefined when it cannot be used, which the evidence
   * checks report, or `'too_large'`).
   */
  rebuild(
    header: TraceHeader | undefined,
    registered: readonly string[],
    read: (evidenceId: string) => Buffer | 'too_large' | undefined,
    spec?: { description: string; constraints: Record<string, unknown> },
  ): void {
    const record = asRecord(header?.metadata['reasoning_trace']);
    if (record || this.resultHashes) {
      for (const u of this.unmarked)
        this.bad(
          u.id,
          u.line,
          'carries no reasoner record (structured.reasoner), yet the run carries the extractive reasoner’s reasoning record or result hashes, and that reasoner tags every claim it derives: the record was removed after the run',
        );
    }
    if (this.overBudget) {
      const p = this.overBudget;
      this.bad(
        p.id,
        p.line,
        `and the reasoner-made claims after it were not derived again: the run’s statements exceed ${MAX_KEPT_CHARS / (1024 * 1024)} MiB`,
      );
    }
    const first = this.pending[0];
    // Without the record, the marked claims are reasoning_trace_mismatch already.
    if (!first || !record) return;
    const question = record['question'];
    const ids = record['evidence_ids'];
    if (
      typeof question !== 'string' ||
      !Array.isArray(ids) ||
      !ids.every((x): x is string => typeof x === 'string')
    )
      return this.bad(
        first.id,
        first.line,
        'cannot be derived again: the run’s reasoning record lacks the question or the evidence_ids the reasoner read',
      );
    if (ids.length !== registered.length || ids.some((x, i) => x !== registered[i]))
      return this.bad(
        first.id,
        first.line,
        `was derived from the evidence the reasoning record lists (${ids.length} id(s)), which is not the evidence the trace registers, in order (${registered.length}): the record or the evidence was edited after the run`,
      );
    const evidence: [string, Buffer][] = [];
    let budget = MAX_RUN_EVIDENCE_BYTES;
    for (const id of ids) {
      const bytes = read(id);
      if (bytes === undefined) return; // its own finding says why
      if (bytes === 'too_large' || (budget -= bytes.length) < 0)
        return this.bad(
          first.id,
          first.line,
          `cannot be derived again: evidence ${qid(id)} is over ${MAX_EVIDENCE_BYTES / (1024 * 1024)} MiB, or the run’s evidence over ${MAX_RUN_EVIDENCE_BYTES / (1024 * 1024)} MiB`,
        );
      evidence.push([id, bytes]);
    }
    // The producer derives from spec.json's description; every copy of the question must agree.
    if (spec && spec.description !== question)
      return this.bad(
        first.id,
        first.line,
        `was derived for the question ${q(question, 120)} (the run’s reasoning record), but spec.json asks ${q(spec.description, 120)}, which the producer derives from: the record was edited after the run`,
      );
    const candidates = rankCandidates(question, evidence);
    const count = citationCount(spec, candidates.length);
    const expected = new Map<number, string>();
    for (const p of this.pending) {
      if (p.question !== question) {
        this.bad(
          p.id,
          p.line,
          `records the question ${q(p.question, 120)} in its reasoner record, but the run’s reasoning record asks ${q(question, 120)}`,
        );
        continue;
      }
      if (count !== undefined && p.cites.length !== count) {
        this.bad(
          p.id,
          p.line,
          `cites ${p.cites.length} evidence span(s), but the extractive reasoner cites ${count} from the run’s ${candidates.length} evidence (max(min_supports_per_claim, the spec’s max_citations), at most one per evidence): citations were dropped or added after the run`,
        );
        continue;
      }
      const chosen = candidates.slice(0, p.cites.length);
      const differs = chosen.findIndex((c, i) => !same(c.cite, p.cites[i]!));
      if (chosen.length < p.cites.length || differs >= 0) {
        const i = differs >= 0 ? differs : chosen.length;
        const want = chosen[i];
        this.bad(
          p.id,
          p.line,
          `cites ${citeText(p.cites[i]!)} as its citation ${i + 1}, but the extractive reasoner, given the run’s question and evidence, ${want ? `cites ${citeText(want.cite)}, ${q(want.sentence, 120)}` : `makes only ${chosen.length} citation(s)`}: the citations were edited after the run`,
        );
        continue;
      }
      // The same citations give the same statement: built once per count.
      let statement = expected.get(chosen.length);
      if (statement === undefined)
        expected.set(
          chosen.length,
          (statement = pyStripString(
            chosen
              .map(
                ({ sentence, cite: [id, b0, b1, sha] }) =>
                  `${sentence} [evidence:${id}:${b0}-${b1}:${sha}]`,
              )
              .join(' '),
          )),
        );
      if (statement !== p.statement) {
        const [got, want] = around(p.statement, statement);
        this.bad(
          p.id,
          p.line,
          `reads ${q(got)} where the extractive reasoner writes ${q(want)} from the bytes it cites: the wording was edited after the run`,
        );
      }
    }
    this.pending.length = 0;
  }
}

export { MAX_EVIDENCE_BYTES as MAX_EXTRACTIVE_EVIDENCE_BYTES };

/**
 * How many citations the reasoner makes (`_resolve_max_citations`, then one per evidence at
 * most): max(min_supports, int(constraints.max_citations)), min_supports being what the producer
 * runs the spec with (not what the header says it ran with: that is checked against it).
 */
function citationCount(
  spec: { constraints: Record<string, unknown> } | undefined,
  evidence: number,
): number | undefined {
  const min = spec ? producerMinSupports(spec.constraints) : undefined;
  if (min === undefined) return undefined; // no spec, or one the producer cannot run: reported
  const raw = Object.hasOwn(spec!.constraints, 'max_citations')
    ? spec!.constraints['max_citations']
    : min;
  // What int() refuses, or a value of another type, leaves min_supports.
  const asInt = pythonIntOf(raw);
  const max = asInt === undefined ? min : Math.max(min, asInt);
  return Math.min(Math.max(1, max), evidence);
}

function pickedCites(v: unknown): Cite[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: Cite[] = [];
  for (const p of v) {
    if (!p || typeof p !== 'object') return undefined;
    const { evidence_id: id, span, sha } = p as Record<string, unknown>;
    if (typeof id !== 'string' || typeof sha !== 'string' || !Array.isArray(span)) return undefined;
    if (span.length !== 2 || !span.every((n) => Number.isSafeInteger(n))) return undefined;
    out.push([id, span[0] as number, span[1] as number, sha]);
  }
  return out;
}

/** Where two statements first differ: a few characters before, and the next ones of each. */
function around(a: string, b: string): [string, string] {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 30);
  const cut = (s: string) =>
    `${from > 0 ? '…' : ''}${s.slice(from, i + 40)}${s.length > i + 40 ? '…' : ''}`;
  return [cut(a), cut(b)];
}

const same = (a: Cite, b: Cite): boolean =>
  a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

const citeText = ([id, b0, b1]: Cite): string => `bytes [${b0}, ${b1}) of evidence ${qid(id)}`;

interface Candidate {
  score: number;
  sentence: string;
  cite: Cite;
}

/**
 * The reasoner's candidates, best first: the best sentence of each evidence (by how many of the
 * question's words it shares), sorted by score, then sentence, evidence id and hash, comparing
 * strings by code point as Python does.
 */
function rankCandidates(question: string, evidence: readonly [string, Buffer][]): Candidate[] {
  const words = new Set(producerTokens(question));
  const out = evidence.map(([id, bytes]) => bestOf(id, bytes, words));
  out.sort(
    (x, y) =>
      y.score - x.score ||
      codePointCompare(x.sentence, y.sentence) ||
      codePointCompare(x.cite[0], y.cite[0]) ||
      codePointCompare(x.cite[3], y.cite[3]),
  );
  return out;
}

/** One evidence's candidate, as `derive_extractive_answer` picks it. */
function bestOf(id: string, bytes: Buffer, words: ReadonlySet<string>): Candidate {
  // bytes.decode('utf-8', errors='replace'); offsets follow the decoded text, as the reasoner's do.
  const decoded = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  const cps: number[] = [];
  const offsets = [0];
  for (const ch of decoded) {
    const cp = ch.codePointAt(0)!;
    cps.push(cp);
    offsets.push(offsets.at(-1)! + (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4));
  }
  // Only the winner's bytes are hashed: the tie-breaks below never look at a hash.
  let best: { score: number; sentence: string; b0: number; b1: number } | undefined;
  for (const [sentence, c0, c1] of sentences(cps)) {
    const b0 = offsets[c0]!;
    const b1 = offsets[c1]!;
    if (b1 <= b0) continue;
    let score = 0;
    for (const w of new Set(producerTokens(sentence))) if (words.has(w)) score++;
    // The reasoner's own tie-break: a lower sentence, or a lower span.
    if (
      !best ||
      score > best.score ||
      (score === best.score &&
        (codePointCompare(sentence, best.sentence) < 0 ||
          b0 < best.b0 ||
          (b0 === best.b0 && b1 < best.b1)))
    )
      best = { score, sentence, b0, b1 };
  }
  if (best) {
    const { score, sentence, b0, b1 } = best;
    return { score, sentence, cite: [id, b0, b1, sha256Hex(bytes.subarray(b0, b1))] };
  }
  // No sentence: a prefix of the text, newlines as spaces, from byte 0.
  const flat = cps.map((c) => (c === 0x0a ? 0x20 : c));
  const [a, b] = pyStrip(flat, 0, flat.length);
  const prefix =
    b - a > PREFIX_CHARS
      ? `${text(flat, a, pyStrip(flat, a, a + PREFIX_CHARS, false)[1])}...`
      : text(flat, a, b);
  const b1 = Buffer.byteLength(prefix, 'utf8');
  return { score: 0, sentence: prefix, cite: [id, 0, b1, sha256Hex(bytes.subarray(0, b1))] };
}

/**
 * `_split_sentences`: the text stripped, cut after `.`, `!` or `?` at each run of whitespace,
 * each piece stripped; [sentence, start, end] in code points of the stripped text. The reasoner
 * maps those positions through the unstripped text's byte offsets, so a text with leading spaces
 * shifts its spans; the caller does the same.
 */
function sentences(all: readonly number[]): [string, number, number][] {
  const [s0, s1] = pyStrip(all, 0, all.length);
  const t = all.slice(s0, s1);
  const out: [string, number, number][] = [];
  const push = (a: number, b: number) => {
    const [x, y] = pyStrip(t, a, b);
    if (x < y) out.push([text(t, x, y), a, b]);
  };
  let start = 0;
  for (let i = 1; i < t.length; i++) {
    const prev = t[i - 1]!;
    if ((prev === 0x2e || prev === 0x21 || prev === 0x3f) && isPySpace(t[i]!)) {
      let j = i;
      while (j < t.length && isPySpace(t[j]!)) j++;
      push(start, i);
      start = j;
      i = j - 1;
    }
  }
  if (start < t.length) push(start, t.length);
  return out;
}
