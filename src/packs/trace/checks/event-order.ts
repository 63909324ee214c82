import type { RuleMeta } from '../../kit/index.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import type { RunCtx } from '../context.js';

/**
 * Event order: each event's idx is the previous one + 1, starting at 0, and no idx repeats. A line
 * that could not be read may have held the next event (or be injected garbage), so after such
 * lines the next readable event may follow either the last readable one or the unreadable lines.
 */
export class EventOrder {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'event-order',
    description:
      'Events carry idx 0, 1, 2, … in file order: none missing, repeated, reordered or injected.',
    codes: [TRACE.idxDuplicate, TRACE.idxOutOfOrder],
  };

  private prevIdx = -1;
  private maxIdx = -1;
  private unreadable = 0;
  private readonly seen = new Map<number, number>();

  constructor(private readonly ctx: RunCtx) {}

  /** A position taken by a line whose event (or idx) could not be read. */
  skipped(): void {
    this.unreadable++;
  }

  /** The event on line `no` has this idx. */
  check(idx: unknown, no: number): void {
    if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0) {
      // event_invalid reports the missing or malformed idx; the position is still taken.
      this.unreadable++;
      return;
    }
    const at = this.ctx.at(no);
    const expected = this.prevIdx + 1;
    const slack = this.unreadable;
    this.unreadable = 0;
    const dupLine = this.seen.get(idx);
    if (dupLine !== undefined) {
      this.ctx.f.add(
        TRACE.idxDuplicate,
        `The event on line ${no} has idx ${idx}, which the event on line ${dupLine} already has: an event was duplicated or injected.`,
        at,
        [this.ctx.at(dupLine)],
      );
    } else if ((idx < expected || idx > expected + slack) && idx !== this.maxIdx + 1) {
      const why =
        idx > expected
          ? idx === expected + 1
            ? `event ${expected} is missing, or events were reordered or injected`
            : `events ${expected}–${idx - 1} are missing, or events were reordered or injected`
          : 'events were reordered';
      this.ctx.f.add(
        TRACE.idxOutOfOrder,
        `The event on line ${no} has idx ${idx}, where idx ${expected} comes next: ${why}.`,
        at,
      );
    }
    if (dupLine === undefined) this.seen.set(idx, no);
    this.prevIdx = idx;
    if (idx > this.maxIdx) this.maxIdx = idx;
  }
}
