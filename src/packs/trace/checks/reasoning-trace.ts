import { sha256Hex } from '../../../io/hashing.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import { q, qid, type RunCtx, short } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import { ExtractiveChecks } from './extractive.js';
import type { Claim, TraceHeader } from '../format/schema.js';

interface DerivedHash {
  id: string;
  line: number;
  /** structured.result_sha256 as recorded (undefined when absent or not a string). */
  recorded: string | undefined;
  has: boolean;
  /** Whether the claim carries the producer's reasoner tag (structured.reasoner). */
  marked: boolean;
  /** What the producer's extractive reasoner hashes: statement | evidence citations. */
  recomputed: string;
}

/**
 * The producer's check_reasoning_trace: each derived claim's `result_sha256` is the hash of its
 * statement and citations, and the header's reasoning record vouches for it. A run with none of
 * the extractive reasoner's marks is another producer's, held to it only under require_reasoning.
 */
export class ReasoningTraceChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'reasoning-trace',
    description:
      'Each derived claim’s result hash is the hash of its statement and citations, and the header’s reasoning record vouches for it.',
    codes: [TRACE.reasoningTraceMismatch],
  };
  readonly on: EventVisitor['on'] = {
    claim_emitted: (ev, l) => this.claim(ev.claim, l.no),
  };

  private readonly derived: DerivedHash[] = [];

  constructor(private readonly ctx: RunCtx) {}

  claim(claim: Claim, no: number): void {
    if (claim.claim_type !== 'derived') return;
    const s = claim.structured;
    const has = !!s && typeof s === 'object' && 'result_sha256' in s;
    const recorded = has && typeof s.result_sha256 === 'string' ? s.result_sha256 : undefined;
    this.derived.push({
      id: claim.id,
      line: no,
      recorded,
      has,
      marked: ExtractiveChecks.reasonerOf(claim) !== undefined,
      recomputed: resultHash(claim),
    });
  }

  /**
   * Whether the run is the extractive reasoner's: its header holds the reasoning record, or a
   * derived claim records a result hash or carries the reasoner's tag.
   */
  reasonersRun(header: TraceHeader | undefined): boolean {
    return (
      header?.metadata.reasoning_trace !== undefined || this.derived.some((d) => d.has || d.marked)
    );
  }

  /**
   * For the reasoner's runs (deleting the record and the hashes leaves the tag) and, under
   * require_reasoning, every run with a derived claim: every derived claim records the hash of its
   * statement and citations, they agree, and the header's `reasoning_trace_sha256` (and
   * `result_sha256`) is that hash.
   */
  finish(header: TraceHeader | undefined): void {
    if (!header || this.derived.length === 0) return;
    const meta = header.metadata.reasoning_trace;
    const f = this.ctx.f;
    const at = this.ctx.at(1);
    if (!this.reasonersRun(header)) {
      // Another producer's run, unless the gate requires the record: then one finding for the
      // run, not one per claim.
      if (!this.ctx.requireReasoning) return;
      const first = this.derived[0]!;
      f.add(
        TRACE.reasoningTraceMismatch,
        `The run carries no reasoning record (the header’s metadata.reasoning_trace, each derived claim’s structured.result_sha256), yet derives ${this.derived.length === 1 ? 'a claim' : `${this.derived.length} claims`} (${q(first.id)} on line ${first.line}); the gate requires the record (require_reasoning), as bijux-canon-reason’s own verifier does of every run it accepts. A run this producer wrote has it, so it was stripped; a run another tool wrote has none: exclude such runs from the gate or drop require_reasoning.`,
        at,
      );
      return;
    }
    const bad = (message: string, line = 1) =>
      f.add(TRACE.reasoningTraceMismatch, message, this.ctx.at(line));
    for (const d of this.derived) {
      if (d.recorded === undefined || !/^[0-9a-f]{64}$/.test(d.recorded))
        bad(
          `Derived claim ${qid(d.id)} on line ${d.line} records no result_sha256 (structured.result_sha256), ${d.marked ? 'though it carries the extractive reasoner’s tag (structured.reasoner), which records one with every claim' : 'which the run’s reasoning record requires'}: the hash was removed after the run.`,
          d.line,
        );
      else if (d.recorded !== d.recomputed)
        bad(
          `Derived claim ${qid(d.id)} on line ${d.line} records result_sha256 ${short(d.recorded)}, but its statement and citations hash to ${short(d.recomputed)}: the claim was edited after the run.`,
          d.line,
        );
    }
    if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
      const why = this.derived.find((d) => d.has) ?? this.derived.find((d) => d.marked)!;
      f.add(
        TRACE.reasoningTraceMismatch,
        `The trace header’s metadata has no reasoning_trace record, yet derived claim ${qid(why.id)} on line ${why.line} ${why.has ? 'records a result hash' : 'carries the extractive reasoner’s tag (structured.reasoner)'}: the record was removed after the run.`,
        at,
      );
      return;
    }
    const r = meta as Record<string, unknown>;
    const want = r.reasoning_trace_sha256;
    if (typeof want !== 'string' || !/^[0-9a-f]{64}$/.test(want)) {
      bad('The trace header’s reasoning_trace record has no reasoning_trace_sha256.');
      return;
    }
    if (r.result_sha256 !== undefined && r.result_sha256 !== want)
      bad(
        `The trace header’s reasoning_trace record holds two different hashes: reasoning_trace_sha256 ${short(want)} and result_sha256 ${short(r.result_sha256)}.`,
      );
    const recorded = new Set(this.derived.map((d) => d.recorded).filter((x) => x !== undefined));
    if (recorded.size > 1)
      bad(
        `The run’s ${this.derived.length} derived claims record ${recorded.size} different result hashes; its reasoning record vouches for one.`,
      );
    else if (recorded.size === 1 && !recorded.has(want))
      bad(
        `The trace header’s reasoning_trace_sha256 is ${short(want)}, but the derived claim records result_sha256 ${short([...recorded][0]!)}: the header or the claim was edited after the run.`,
      );
  }
}

/** sha256(statement | "<evidence id>:<b0>-<b1>:<sha256>" joined by ";"), as the extractive reasoner writes it. */
function resultHash(claim: Claim): string {
  const cites = claim.supports
    .filter((s) => s.kind === 'evidence')
    .map((s) => `${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}`)
    .join(';');
  // One string, hashed as UTF-8: the same bytes as the statement's UTF-8 then "|cites" (a lone
  // surrogate at the statement's end stays lone, as "|" cannot complete it).
  return sha256Hex(`${claim.statement}|${cites}`);
}
