import { sha256Hex } from '../../../io/hashing.js';
import type { SupportUse } from './claims.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import { q, qid, type RunCtx, short } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import { canonicalMembers, eventText } from '../producer/ids.js';
import { SPAN_BUDGET_SPENT, type SpanHashes } from './span-hashes.js';

/**
 * The bytes a `claim` or `tool_call` support's span selects (the producer defines no frame for
 * them; these are the ones its models expose as content):
 * - a claim support: the UTF-8 bytes of the cited claim's `statement` (the claim's content);
 * - a tool_call support: the canonical JSON bytes of the tool result's `result` value, exactly as
 *   the trace line holds them (sorted keys, compact, Python floats).
 *
 * They are kept per id while the trace streams (claims may cite later records), as text that is
 * turned into bytes only when a support cites it. Past KEEP_CHARS of such text per run only a
 * digest is kept, which still proves a support that spans the whole content; a narrower span
 * over a dropped source is reported as unverifiable, never passed.
 */
const KEEP_CHARS = 32 * 1024 * 1024;

type Source =
  | { kind: 'text'; get: () => string | undefined }
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'digest'; sha: string; len: number }
  | { kind: 'none'; why: string };

export type Selected =
  | { ok: true; sha: string; len: number; preview: string }
  | { ok: false; reason: 'out_of_bounds'; len: number }
  | { ok: false; reason: 'unverifiable'; why: string };

/** Not a check: it keeps, in the pass over the trace, the bytes claim and tool_call supports cite. */
export class CitedBytes implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'cited-bytes',
    description: 'Keeps claim statements and tool results for the support checks after the pass.',
    codes: [],
  };
  readonly on: EventVisitor['on'] = {
    tool_returned: (ev, l) => this.toolResult(ev.result.call_id, l.text, l.canonical),
    claim_emitted: (ev) => this.claim(ev.claim.id, ev.claim.statement),
  };

  private readonly sources = new Map<string, Source>();
  private kept = 0;

  /** A claim's statement, kept under its id (the first emission wins). */
  claim(id: string, statement: string): void {
    if (this.sources.has(id)) return;
    this.keep(id, statement.length, () => statement);
  }

  /**
   * A tool result, from its canonical event line (the `event` member's text), kept under the
   * call id. `canonical` is false when the line itself is not canonical: its own finding stands
   * and its bytes are not guessed.
   */
  toolResult(callId: string, lineText: string, canonical: boolean): void {
    if (this.sources.has(callId)) return;
    if (!canonical) {
      this.sources.set(callId, { kind: 'none', why: 'its trace line is not canonical JSON' });
      return;
    }
    this.keep(callId, lineText.length, () => resultText(lineText));
  }

  private keep(id: string, chars: number, get: () => string | undefined): void {
    if (this.kept + chars <= KEEP_CHARS) {
      this.kept += chars;
      this.sources.set(id, { kind: 'text', get });
      return;
    }
    const text = get();
    if (text === undefined) {
      this.sources.set(id, { kind: 'none', why: 'the tool result has no result value' });
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    this.sources.set(id, { kind: 'digest', sha: sha256Hex(bytes), len: bytes.length });
  }

  /**
   * The sha256 of bytes [b0, b1) of the record `id` (which must have been kept), hashed through
   * the run's `spans` (once per span, within its budget). A record's text is encoded once, on
   * the first support that cites it.
   */
  select(id: string, b0: number, b1: number, spans: SpanHashes): Selected | undefined {
    const s = this.bytesOf(id);
    if (!s) return undefined;
    if (s.kind === 'none') return { ok: false, reason: 'unverifiable', why: s.why };
    if (s.kind === 'digest') {
      if (b1 > s.len || b0 >= b1) return { ok: false, reason: 'out_of_bounds', len: s.len };
      if (b0 === 0 && b1 === s.len) return { ok: true, sha: s.sha, len: s.len, preview: '' };
      return {
        ok: false,
        reason: 'unverifiable',
        why: `the run holds more cited text than the verifier keeps (${KEEP_CHARS / 1024 / 1024} MiB), so only a span over all of it can be checked`,
      };
    }
    const bytes = s.bytes;
    if (b1 > bytes.length || b0 >= b1)
      return { ok: false, reason: 'out_of_bounds', len: bytes.length };
    const span = bytes.subarray(b0, b1);
    const sha = spans.hash('record', id, b0, b1, () => sha256Hex(span));
    if (sha === undefined) return { ok: false, reason: 'unverifiable', why: SPAN_BUDGET_SPENT };
    return { ok: true, sha, len: bytes.length, preview: span.subarray(0, 80).toString('utf8') };
  }

  /** The source of `id`, its text encoded to bytes (and kept so) on first use. */
  private bytesOf(id: string): Exclude<Source, { kind: 'text' }> | undefined {
    const s = this.sources.get(id);
    if (s?.kind !== 'text') return s;
    const text = s.get();
    const encoded: Exclude<Source, { kind: 'text' }> =
      text === undefined
        ? { kind: 'none', why: 'the tool result has no result value' }
        : { kind: 'bytes', bytes: Buffer.from(text, 'utf8') };
    this.sources.set(id, encoded);
    return encoded;
  }
}

/** The raw text of `event.result.result` in a canonical tool_returned line, if it has one. */
function resultText(line: string): string | undefined {
  const event = canonicalMembers(eventText(line)).result;
  return event === undefined ? undefined : canonicalMembers(event).result;
}

/**
 * Claim and tool_call supports: the cited record exists (a claim the trace emits, a tool call
 * with a result), the span lies inside its bytes, and snippet_sha256 is the hash of those bytes.
 */
export function checkRecordSupports(
  ctx: RunCtx,
  supports: readonly SupportUse[],
  known: {
    claim: (id: string) => boolean;
    toolCall: (id: string) => boolean;
    /** The line of the call's result when that result reports failure. */
    failedCall: (id: string) => { line: number; why: string } | undefined;
  },
  cited: CitedBytes,
): void {
  const f = ctx.f;
  for (const s of supports) {
    if (s.kind === 'evidence') continue;
    const what = s.kind === 'claim' ? `claim ${qid(s.refId)}` : `tool call ${q(s.refId)}`;
    if (s.kind === 'claim' ? !known.claim(s.refId) : !known.toolCall(s.refId)) {
      f.add(
        TRACE.supportUnresolved,
        s.kind === 'claim'
          ? `Claim ${qid(s.claimId)} on line ${s.line} is supported by claim ${qid(s.refId)}, which the trace never emits.`
          : `Claim ${qid(s.claimId)} on line ${s.line} is supported by tool call ${q(s.refId)}, which has no result in the trace.`,
        ctx.at(s.line),
      );
      continue;
    }
    const failed = s.kind === 'tool_call' ? known.failedCall(s.refId) : undefined;
    if (failed !== undefined)
      f.add(
        TRACE.supportFailedTool,
        `Claim ${qid(s.claimId)} on line ${s.line} is supported by tool call ${q(s.refId)}, whose result on line ${failed.line} reports that the call failed (${failed.why}): a failed call supports nothing.`,
        ctx.at(s.line),
        [ctx.at(failed.line)],
      );
    const frame = s.kind === 'claim' ? 'its statement' : 'its result’s canonical JSON';
    const got = cited.select(s.refId, s.b0, s.b1, ctx.spans);
    if (!got) continue; // resolved but never kept: cannot happen, the scan keeps every record
    if (!got.ok) {
      f.add(
        got.reason === 'out_of_bounds' ? TRACE.spanOutOfBounds : TRACE.snippetHashMismatch,
        got.reason === 'out_of_bounds'
          ? `Claim ${qid(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of ${what}, but ${frame} has only ${got.len} bytes.`
          : `Claim ${qid(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of ${what}, which cannot be checked: ${got.why}.`,
        ctx.at(s.line),
      );
    } else if (got.sha !== s.sha) {
      f.add(
        TRACE.snippetHashMismatch,
        `Claim ${qid(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of ${what} (${frame}) with snippet_sha256 ${short(s.sha)}, but those bytes hash to ${short(got.sha)}${got.preview ? `; they now read ${q(got.preview, 80)}` : ''}.`,
        ctx.at(s.line),
      );
    }
  }
}
