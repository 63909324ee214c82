import type { TraceEvent } from '../format/schema.js';

/** Where an event stands: its line number and text, and whether the line is canonical JSON. */
export interface EventLine {
  no: number;
  text: string;
  canonical: boolean;
}

/** Listeners by event kind (ESLint's listeners keyed by node type). */
export type EventListeners = {
  [K in TraceEvent['kind']]?: (ev: Extract<TraceEvent, { kind: K }>, line: EventLine) => void;
};

/**
 * A check inside the single pass over trace.jsonl: it listens to the event kinds it needs and
 * keeps only small per-id state; what needs the whole trace it does in its own finish step. Its
 * class declares a static `meta` (one instance per trace; the trace-events rule lists them all).
 */
export interface EventVisitor {
  readonly on: EventListeners;
}

type Listener = (ev: TraceEvent, line: EventLine) => void;

/**
 * One function that hands an event to every visitor listening to its kind, in the visitors'
 * order. The table is built once per trace, so an event costs one lookup.
 */
export function dispatcher(visitors: readonly EventVisitor[]): Listener {
  // Plain indexed loops: this runs once per trace, soon optimized, and iterator chains
  // (entries, destructuring) made it one of the costliest functions to compile.
  const table = new Map<string, Listener[]>();
  for (let i = 0; i < visitors.length; i++) {
    const on = visitors[i]!.on as Record<string, Listener>;
    const kinds = Object.keys(on);
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[k]!;
      let list = table.get(kind);
      if (!list) table.set(kind, (list = []));
      list.push(on[kind]!);
    }
  }
  return (ev, line) => {
    const list = table.get(ev.kind);
    if (list) for (let i = 0; i < list.length; i++) list[i]!(ev, line);
  };
}
