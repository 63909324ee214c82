import { TRACE } from '../codes.js';
import { qid, short, type RunCtx } from '../context.js';
import { spanKey, type ChunkIndex } from './chunks.js';
import type { SupportUse } from './claims.js';
import type { EvidenceRecord } from './evidence.js';

/** Examples quoted per finding; the count says how many more there are. */
const SHOWN = 3;

/**
 * The producer's support_spans check as its verifier runs it, with the two comparisons that make
 * it reject runs of its own: an evidence span against the span the last chunks.jsonl line of its
 * chunk id gives (a chunk of repeated text is listed at several spans), and a support span, which
 * counts bytes of the evidence file, against the evidence's span in its source document. The
 * producer records these failures in verify.json; finding them again keeps a rewritten verify.json
 * from clearing a run its producer rejects. The second comparison holds only for the extractive
 * reasoner's runs (`reasonersRun`: its marks, or require_reasoning, which declares every run its):
 * the contract counts a support span in bytes of the evidence file, so other producers' runs are
 * held to that alone. What the rest of the pack reports (a missing or unreadable file, a span past
 * the file's end) is left to it.
 */
export function checkProducerSpans(
  ctx: RunCtx,
  records: ReadonlyMap<string, EvidenceRecord>,
  supports: readonly SupportUse[],
  chunks: ChunkIndex | undefined,
  reasonersRun: boolean,
): void {
  const misaligned: string[] = [];
  let misalignedLine = 0;
  if (chunks)
    for (const { ev, line, usable } of records.values()) {
      const listed = chunks.get(ev.chunk_id);
      const last = listed?.last;
      // A span the chunk is not listed at is evidence_chunk_mismatch already.
      if (!usable || !last || !listed.at.has(spanKey(ev.span[0], ev.span[1]))) continue;
      if (last.start === ev.span[0] && last.end === ev.span[1]) continue;
      misalignedLine ||= line;
      misaligned.push(
        `evidence ${qid(ev.id)} (line ${line}) spans [${ev.span[0]}, ${ev.span[1]}), but the last line listing chunk ${short(ev.chunk_id)} (line ${last.line} of provenance/chunks.jsonl) gives [${last.start}, ${last.end})`,
      );
    }
  const outside: string[] = [];
  let outsideLine = 0;
  for (const s of reasonersRun ? supports : []) {
    if (s.kind !== 'evidence') continue;
    const rec = records.get(s.refId);
    const size = rec?.usable && rec.outcome?.ok ? rec.outcome.size : undefined;
    // A span the file cannot hold is span_out_of_bounds already, in either verifier.
    if (!rec || size === undefined || s.b0 >= s.b1 || s.b1 > size) continue;
    const [start, end] = rec.ev.span;
    if (s.b0 >= start && s.b1 <= end) continue;
    outsideLine ||= s.line;
    outside.push(
      `claim ${qid(s.claimId)} (line ${s.line}) cites bytes [${s.b0}, ${s.b1}) of evidence ${qid(s.refId)}, whose span in its document is [${start}, ${end})`,
    );
  }
  if (misaligned.length)
    ctx.f.add(
      TRACE.producerSpansRejected,
      `bijux-canon-reason’s own verifier rejects this run (its support_spans check takes a chunk’s span from the last provenance/chunks.jsonl line of its id): ${listed(misaligned)}.`,
      ctx.at(misalignedLine),
    );
  if (outside.length)
    ctx.f.add(
      TRACE.producerSpansRejected,
      `bijux-canon-reason’s own verifier rejects this run (its support_spans check compares a support span, in bytes of the evidence file, with the evidence’s span in its source document): ${listed(outside)}.`,
      ctx.at(outsideLine),
    );
}

function listed(items: string[]): string {
  const more = items.length - SHOWN;
  return `${items.slice(0, SHOWN).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
