import { canonicalJson } from '../../kit/index.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import { q, qid, type RunCtx } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import { canonicalMembers, contentId, eventText } from '../producer/ids.js';
import type { Claim, EvidenceRef } from '../format/schema.js';

/**
 * The content-derived ids and hashes of the records a trace carries, recomputed from the exact
 * bytes of each canonical line (a line that is not canonical has its own finding; its ids are not
 * guessed): claim ids (`claim_v1_`) and evidence ids (`ev_v1_`). Each derived claim's
 * `result_sha256` is checked in reasoning-trace.ts.
 */
export class ContentChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'content-ids',
    description: 'Claim and evidence ids are the hashes of their content.',
    codes: [TRACE.contentIdMismatch],
  };
  readonly on: EventVisitor['on'] = {
    evidence_registered: (ev, l) => this.evidence(ev.evidence, l.no),
    claim_emitted: (ev, l) => this.claim(ev.claim, l.text, l.canonical, l.no),
  };

  constructor(private readonly ctx: RunCtx) {}

  /**
   * Its fields are strings and integers, which JSON.stringify writes as Python's json.dumps does,
   * so the canonical payload is rebuilt from the parsed record without scanning the line again.
   */
  evidence(ev: EvidenceRef, no: number): void {
    const want = contentId('ev', {
      chunk_id: JSON.stringify(ev.chunk_id),
      sha256: JSON.stringify(ev.sha256),
      span: `[${ev.span[0]},${ev.span[1]}]`,
      uri: JSON.stringify(ev.uri),
    });
    if (want !== ev.id)
      this.mismatch(
        `Evidence ${qid(ev.id)} on line ${no}`,
        want,
        'its uri, sha256, span or chunk_id',
        no,
      );
  }

  claim(claim: Claim, line: string, canonical: boolean, no: number): void {
    if (!canonical) return;
    const c = canonicalMembers(eventText(line)).claim;
    const m = c === undefined ? undefined : canonicalMembers(c);
    if (!m) return;
    // The producer hashes its model dump: hash_algo and structured are always there.
    const supports = claim.supports.every((x) => x.hash_algo !== undefined)
      ? m.supports!
      : canonicalJson(claim.supports.map((x) => ({ hash_algo: 'sha256', ...x })));
    const want = contentId('claim', {
      claim_type: m.claim_type!,
      confidence: m.confidence!,
      statement: m.statement!,
      status: m.status!,
      structured: m.structured ?? 'null',
      supports,
    });
    if (want !== claim.id)
      this.mismatch(
        `Claim ${qid(claim.id)} on line ${no}`,
        want,
        'its statement, supports, status, confidence or structured payload',
        no,
      );
  }

  private mismatch(who: string, want: string, what: string, no: number): void {
    this.ctx.f.add(
      TRACE.contentIdMismatch,
      `${who} has an id that does not match its content, which hashes to ${q(want)}: ${what} changed after the run.`,
      this.ctx.at(no),
    );
  }
}
