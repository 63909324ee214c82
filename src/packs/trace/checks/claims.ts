import { TRACE, type TraceCodeDef } from '../codes.js';
import { q, qid, type RunCtx, short } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import type { Claim } from '../format/schema.js';
import { extractiveTagged } from './extractive.js';

/** One support of one claim, kept (small) until the whole trace is read and the evidence is hashed. */
export interface SupportUse {
  claimId: string;
  line: number;
  kind: 'claim' | 'evidence' | 'tool_call';
  refId: string;
  b0: number;
  b1: number;
  sha: string;
}

/** What grounding a derived claim needs: its evidence citations, and whether it is marked insufficient. */
interface Grounding {
  id: string;
  line: number;
  cites: [string, number, number][];
  marked: boolean;
}

/** What the run presents as its answer: claim ids validated or named final, and whether it answers. */
export interface Answered {
  ids: ReadonlySet<string>;
  presents: boolean;
}

/** A claim with "[evidence:" text that is not a canonical marker, decided once evidence is read. */
interface LegacySuspect {
  claimId: string;
  line: number;
  statement: string;
  /** Where each such text starts in the statement, and the text (up to its "]"). */
  at: [number, string][];
  /** The evidence spans the claim cites: [evidence id, b0, b1]. */
  cites: [string, number, number][];
}

/**
 * Quotations looked at per claim: occurrences of the cited texts in the statement, and distinct
 * cited texts (a hostile statement or a thousand supports cannot make the check quadratic). A
 * marker past them is reported, never passed.
 */
const MAX_QUOTES = 10_000;
const MAX_QUOTED_TEXTS = 1000;
/** Bytes read and characters scanned for quotations per run (each search scans the statement). */
const MAX_QUOTE_WORK = 64 * 1024 * 1024;

function evidenceCites(claim: Claim): [string, number, number][] {
  return claim.supports
    .filter((s) => s.kind === 'evidence')
    .map((s) => [s.ref_id, s.span[0], s.span[1]]);
}

const MARKER_AT = /\[evidence:([^:\]]+):(\d+)-(\d+):([0-9a-f]{64})\]/y;

/** A derived claim counts as marked insufficient when its structured payload says so (policy). */
export function markedInsufficient(claim: Claim): boolean {
  const s = claim.structured;
  return s !== null && s !== undefined && s.insufficient_evidence === true;
}

/**
 * Claims: duplicates, legacy markers, and for derived claims the grounding rules: at least one
 * evidence support (INV-GRD-001), at least `min_supports` (INV-GRD-002), and canonical markers that
 * match the evidence supports one to one.
 */
export class ClaimChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'claims',
    description:
      'Claim ids are unique; a derived claim has enough evidence supports and canonical markers that match them.',
    codes: [
      TRACE.claimDuplicate,
      TRACE.claimUngrounded,
      TRACE.supportsTooFew,
      TRACE.markerLegacy,
      TRACE.markerMissing,
      TRACE.markerUnmatched,
    ],
  };
  readonly on: EventVisitor['on'] = {
    claim_emitted: (ev, l) => this.emitted(ev.claim, l.no),
  };

  private readonly ids = new Map<string, number>();
  readonly supports: SupportUse[] = [];
  /** Derived claims the run answers with: not marked insufficient, or marked but presented as its answer. */
  derived = 0;
  derivedLine: number | undefined;
  /**
   * Derived claims marked insufficient: fine only in a run that reports insufficient evidence and
   * gives no answer; `short` when they would fail grounding.
   */
  private readonly marked: { id: string; line: number; supports: number; short: boolean }[] = [];
  /** Derived claims citing evidence not registered yet: grounded at the end. */
  private readonly pending: Grounding[] = [];
  total = 0;
  /** Claims emitted with status "rejected", and their lines. */
  readonly rejected = new Map<string, number>();
  /** The type of each claim that is not derived (observed or assumed): nothing grounds it. */
  readonly notDerived = new Map<string, string>();
  private readonly suspects: LegacySuspect[] = [];
  /** What is left of MAX_QUOTE_WORK for this run. */
  private readonly quoteWork = { left: MAX_QUOTE_WORK };

  /**
   * `evidenceSha` gives the key of the bytes an evidence id was registered with: their sha256 (with
   * the place in the corpus, in a run that carries it), undefined before it is registered.
   * Supports are distinct by the bytes they cite, so the same bytes registered under several ids
   * count once.
   */
  constructor(
    private readonly ctx: RunCtx,
    private readonly evidenceSha: (id: string) => string | undefined = () => undefined,
  ) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The line a claim was first emitted on. */
  lineOf(id: string): number | undefined {
    return this.ids.get(id);
  }

  emitted(claim: Claim, line: number): void {
    const f = this.ctx.f;
    const at = this.ctx.at(line);
    this.total++;
    const prev = this.ids.get(claim.id);
    if (prev !== undefined) {
      f.add(
        TRACE.claimDuplicate,
        `Claim ${qid(claim.id)} is emitted again on line ${line}; it was first emitted on line ${prev}.`,
        at,
      );
      return;
    }
    this.ids.set(claim.id, line);
    if (claim.status === 'rejected') this.rejected.set(claim.id, line);
    if (claim.claim_type !== 'derived') this.notDerived.set(claim.id, claim.claim_type);
    for (const s of claim.supports) {
      this.supports.push({
        claimId: claim.id,
        line,
        kind: s.kind,
        refId: s.ref_id,
        b0: s.span[0],
        b1: s.span[1],
        sha: s.snippet_sha256,
      });
    }

    // A claim the extractive reasoner tags is derived again, every character of it, markers
    // included (extractive.ts): evidence it quotes may hold any marker-like text.
    const verbatim = claim.claim_type === 'derived' && extractiveTagged(claim);
    const markers = verbatim ? undefined : this.markersOf(claim, line);
    if (claim.claim_type !== 'derived') return;

    const evidence = claim.supports.filter((s) => s.kind === 'evidence');
    const supportKeys = new Map<string, number>();
    for (const s of markers ? evidence : []) {
      const key = `${s.ref_id}\0${s.span[0]}\0${s.span[1]}\0${s.snippet_sha256}`;
      const n = (supportKeys.get(key) ?? 0) + 1;
      supportKeys.set(key, n);
      if ((markers!.get(key) ?? 0) < n) {
        f.add(
          TRACE.markerMissing,
          `Derived claim ${qid(claim.id)} on line ${line} cites evidence ${qid(s.ref_id)} bytes [${s.span[0]}, ${s.span[1]}) but its statement has no marker [evidence:${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}].`,
          at,
        );
      }
    }
    const marked = markedInsufficient(claim) && this.ctx.allowMarkedInsufficient === true;
    const grounding: Grounding = {
      id: claim.id,
      line,
      cites: evidence.map((s) => [s.ref_id, s.span[0], s.span[1]]),
      marked,
    };
    // Supports count by the bytes they cite, known once their evidence is registered.
    if (grounding.cites.some(([ref]) => this.evidenceSha(ref) === undefined))
      this.pending.push(grounding);
    else this.settle(grounding);
    for (const [key, n] of markers ?? []) {
      const have = supportKeys.get(key) ?? 0;
      if (n > have) {
        const [id, b0, b1, sha] = key.split('\0') as [string, string, string, string];
        const why =
          have === 0
            ? 'no evidence support has that id, span and snippet hash'
            : `it appears ${n} times for ${have} support(s)`;
        f.add(
          TRACE.markerUnmatched,
          `Derived claim ${qid(claim.id)} on line ${line} carries the marker [evidence:${id}:${b0}-${b1}:${short(sha)}] but ${why}.`,
          at,
        );
      }
    }
  }

  /**
   * The canonical markers in a claim's statement, counted; every other "[evidence:" is set aside as
   * a possible legacy marker, decided once the evidence is read.
   */
  private markersOf(claim: Claim, line: number): Map<string, number> {
    const markers = new Map<string, number>();
    let suspect: LegacySuspect | undefined;
    const statement = claim.statement;
    for (
      let i = statement.indexOf('[evidence:');
      i >= 0;
      i = statement.indexOf('[evidence:', i + 1)
    ) {
      MARKER_AT.lastIndex = i;
      const m = MARKER_AT.exec(statement);
      if (!m) {
        // Only the next 120 characters are quoted: a search to the end would make a statement
        // full of unclosed markers quadratic.
        const window = statement.slice(i, i + 120);
        const end = window.indexOf(']');
        const text = end < 0 ? window.slice(0, 60) : window.slice(0, end + 1);
        // Decided once the evidence is read: text the claim copies from the bytes it cites (the
        // extractive reasoner quotes evidence verbatim) is a quotation, not a marker.
        (suspect ??= {
          claimId: claim.id,
          line,
          statement,
          at: [],
          cites: evidenceCites(claim),
        }).at.push([i, text]);
        continue;
      }
      const key = `${m[1]}\0${Number(m[2])}\0${Number(m[3])}\0${m[4]}`;
      markers.set(key, (markers.get(key) ?? 0) + 1);
    }
    if (suspect) this.suspects.push(suspect);
    return markers;
  }

  /**
   * Legacy markers: a non-canonical "[evidence:" is reported unless it lies inside text the claim
   * quotes from the evidence bytes it cites (`read` gives those bytes, undefined when they cannot
   * be read: the marker is then reported).
   */
  resolveLegacy(read: (evidenceId: string, b0: number, b1: number) => Buffer | undefined): void {
    for (const s of this.suspects) {
      const quoted = quotations(s, read, this.quoteWork);
      for (const [i, text] of s.at) {
        if (quoted.covers(i, i + text.length)) continue;
        this.ctx.f.add(
          TRACE.markerLegacy,
          `Claim ${qid(s.claimId)} on line ${s.line} cites evidence with ${q(text)}, a legacy or malformed marker outside the text it quotes from its evidence; only [evidence:<id>:<b0>-<b1>:<sha256>] over exact bytes is accepted.`,
          this.ctx.at(s.line),
        );
      }
    }
    this.suspects.length = 0;
  }

  /**
   * Distinct supports of one claim: bytes cited twice count once, whether the same span is cited
   * again, through another evidence id with the same bytes (the evidence's recorded sha256), or as
   * an overlapping span of the same evidence. Overlapping spans merge into one support.
   */
  private distinct(cites: readonly [string, number, number][]): number {
    const byBytes = new Map<string, [number, number][]>();
    for (const [ref, b0, b1] of cites) {
      const sha = this.evidenceSha(ref);
      const key = sha === undefined ? `id:${ref}` : `sha:${sha}`;
      let spans = byBytes.get(key);
      if (!spans) byBytes.set(key, (spans = []));
      spans.push([b0, b1]);
    }
    let n = 0;
    for (const spans of byBytes.values()) {
      spans.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      let end = -1;
      let prev: [number, number] | undefined;
      for (const span of spans) {
        const [b0, b1] = span;
        if (b0 >= end && !(prev && prev[0] === b0 && prev[1] === b1)) n++;
        end = Math.max(end, b1);
        prev = span;
      }
    }
    return n;
  }

  /** Grounds one derived claim, or sets it aside when it is marked insufficient. */
  private settle(g: Grounding): void {
    const n = this.distinct(g.cites);
    if (g.marked) {
      const short = n < Math.max(1, this.ctx.minSupports);
      this.marked.push({ id: g.id, line: g.line, supports: n, short });
      return;
    }
    this.count(g.line);
    this.ground(g.id, g.line, n, undefined, g.cites.length);
  }

  private count(line: number): void {
    this.derived++;
    this.derivedLine = Math.min(this.derivedLine ?? line, line);
  }

  /**
   * Once the whole trace is read: grounds the claims that cited evidence registered after them,
   * then the claims marked insufficient. Those stand only in a run that reports insufficient
   * evidence and gives no answer (`answered`: a finalize output with an answer, or the claim
   * validated by the verify step or named final). Otherwise each counts as part of the answer (in
   * an insufficient run, the run is then ambiguous) and a short one is held to grounding.
   */
  finish(insufficientRun: boolean, answered: Answered = { ids: new Set(), presents: false }): void {
    for (const g of this.pending) this.settle(g);
    this.pending.length = 0;
    for (const c of this.marked) {
      if (!insufficientRun) {
        // A run that answers: the mark changes nothing, the claim is part of the answer.
        this.count(c.line);
        if (c.short)
          this.ground(c.id, c.line, c.supports, 'the run does not report insufficient evidence');
      } else if (answered.presents || answered.ids.has(c.id)) {
        this.count(c.line);
        if (c.short)
          this.ground(c.id, c.line, c.supports, 'the run validates it or gives an answer');
      }
    }
  }

  /**
   * INV-GRD-001 and INV-GRD-002 for one derived claim with `supports` distinct evidence supports;
   * `voided` says why a claim marked insufficient is held to them after all.
   */
  private ground(
    id: string,
    line: number,
    supports: number,
    voided?: string,
    cited = supports,
  ): void {
    const why = voided ? ` (it is marked insufficient_evidence, but ${voided})` : '';
    const alike =
      cited > supports
        ? ` (it cites ${cited}: the same bytes cited again, or overlapping spans of one evidence, count once)`
        : '';
    if (supports === 0) {
      this.ctx.f.add(
        TRACE.claimUngrounded,
        `Derived claim ${qid(id)} on line ${line} has no evidence support: nothing grounds it${why}.`,
        this.ctx.at(line),
      );
    } else if (supports < this.ctx.minSupports) {
      this.ctx.f.add(
        TRACE.supportsTooFew,
        `Derived claim ${qid(id)} on line ${line} rests on ${supports} distinct evidence support(s)${alike}; at least ${this.ctx.minSupports} are required by ${this.ctx.minSupportsSource}${why}.`,
        this.ctx.at(line),
      );
    }
  }
}

/**
 * Where a suspect claim's statement quotes the evidence bytes it cites: each cited span's text
 * (trimmed) wherever it occurs in the statement. `covers(a, b)` says whether one quotation holds
 * all of [a, b): the quotations sorted by start, with the furthest end reached so far, answer it
 * by binary search.
 */
function quotations(
  s: LegacySuspect,
  read: (evidenceId: string, b0: number, b1: number) => Buffer | undefined,
  work: { left: number },
): { covers(a: number, b: number): boolean } {
  // A span longer than the statement's bytes cannot be quoted whole in it.
  const room = Buffer.byteLength(s.statement, 'utf8');
  const cites = new Set<string>();
  const texts = new Set<string>();
  for (const [ref, b0, b1] of s.cites) {
    const key = `${ref}\0${b0}\0${b1}`;
    if (b1 - b0 > room || cites.has(key) || texts.size >= MAX_QUOTED_TEXTS) continue;
    if (b1 - b0 > work.left) break;
    work.left -= b1 - b0;
    cites.add(key);
    const text = read(ref, b0, b1)?.toString('utf8').trim();
    if (text) texts.add(text);
  }
  const ranges: [number, number][] = [];
  // One linear pass per text, charged in full before it runs (String.indexOf can take the
  // statement's length times the text's on crafted input).
  for (const text of texts) {
    work.left -= s.statement.length + text.length;
    if (work.left < 0) break;
    for (const p of occurrences(s.statement, text, MAX_QUOTES - ranges.length))
      ranges.push([p, p + text.length]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const furthest: number[] = [];
  for (const [, end] of ranges) furthest.push(Math.max(end, furthest.at(-1) ?? -1));
  return {
    covers(a, b) {
      // The last quotation starting at or before a.
      let lo = 0;
      let hi = ranges.length - 1;
      let last = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (ranges[mid]![0] <= a) {
          last = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return last >= 0 && furthest[last]! >= b;
    },
  };
}

/**
 * Where `pattern` occurs in `text` (overlapping occurrences too), at most `max` of them, by
 * Knuth–Morris–Pratt over UTF-16 code units: linear in both lengths, whatever they hold.
 */
export function occurrences(text: string, pattern: string, max: number): number[] {
  const m = pattern.length;
  const out: number[] = [];
  if (m === 0 || max <= 0) return out;
  // fail[i]: the length of the longest proper prefix of pattern[0..i] that is also its suffix.
  const fail = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && pattern.charCodeAt(i) !== pattern.charCodeAt(k)) k = fail[k - 1]!;
    if (pattern.charCodeAt(i) === pattern.charCodeAt(k)) k++;
    fail[i] = k;
  }
  for (let i = 0, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== pattern.charCodeAt(k)) k = fail[k - 1]!;
    if (text.charCodeAt(i) === pattern.charCodeAt(k)) k++;
    if (k === m) {
      out.push(i - m + 1);
      if (out.length >= max) break;
      k = fail[k - 1]!;
    }
  }
  return out;
}
