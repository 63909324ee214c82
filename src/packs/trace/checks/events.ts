import { checkLine, type CanonicalResult } from '../producer/canonical.js';
import { CitedBytes } from './cited.js';
import { ClaimChecks } from './claims.js';
import { ContentChecks } from './content.js';
import { ReasoningTraceChecks } from './reasoning-trace.js';
import { TRACE } from '../codes.js';
import { fast } from '../format/fast.js';
import { q, type RunCtx } from '../context.js';
import { carriesCorpus } from './corpus.js';
import { EvidenceChecks } from './evidence.js';
import { ExtractiveChecks } from './extractive.js';
import { RetrievalChecks } from './retrieval.js';
import { readHeaderLine } from './header.js';
import { EVENT_PREFIX, EVENT_SUFFIX, type TraceIdHasher } from '../producer/ids.js';
import { firstIssue, streamLines, type Line, type StreamOutcome } from '../../kit/index.js';
import type { TraceHeader } from '../format/schema.js';
import { EventOrder } from './event-order.js';
import { dispatcher } from './event-visitor.js';
import { StepChecks } from './steps.js';
import { ToolChecks } from './tools.js';

export interface TraceScan {
  outcome: StreamOutcome;
  header: TraceHeader | undefined;
  events: number;
  lastLine: number;
  /** The trace id recomputed from the content, when every line was canonical. */
  recomputedId: string | undefined;
  steps: StepChecks;
  tools: ToolChecks;
  evidence: EvidenceChecks;
  claims: ClaimChecks;
  /** What claim and tool_call supports cite: claim statements and tool results. */
  cited: CitedBytes;
  content: ContentChecks;
  /** Derived claims' result hashes and the header's reasoning record. */
  reasoning: ReasoningTraceChecks;
  /** Claims the producer's extractive reasoner tags as its own. */
  extractive: ExtractiveChecks;
  /** The producer's searches, ranked again once the evidence is read. */
  retrieval: RetrievalChecks;
}

/**
 * Reads trace.jsonl once, line by line: the header on line 1, then every event: canonical JSON,
 * the record shape, `idx` equal to its position, and the step, tool, evidence and claim checks
 * that can be judged as the events go by. Nothing but small per-id state is kept in memory.
 */
export function scanTrace(ctx: RunCtx, traceAbs: string): TraceScan {
  const f = ctx.f;
  const steps = new StepChecks(ctx);
  const tools = new ToolChecks(ctx);
  const evidence = new EvidenceChecks(ctx);
  // Supports count by the bytes they cite; in a run that carries its corpus, by where in it too
  // (two documents holding the same text are two sources, and the corpus check proves each).
  let byPlace: boolean | undefined;
  const claims = new ClaimChecks(ctx, (id) => {
    const ev = evidence.records.get(id)?.ev;
    if (!ev) return undefined;
    byPlace ??= carriesCorpus(ctx, header);
    return byPlace ? `${ev.sha256}\0${ev.uri}` : ev.sha256;
  });
  const cited = new CitedBytes();
  const content = new ContentChecks(ctx);
  const reasoning = new ReasoningTraceChecks(ctx);
  const extractive = new ExtractiveChecks(ctx);
  const retrieval = new RetrievalChecks(ctx);
  let header: TraceHeader | undefined;
  let idHasher: TraceIdHasher | undefined;
  let idValid = true;
  let events = 0;
  let lastLine = 0;
  let crlfFirst: number | undefined;
  let crlfCount = 0;
  const order = new EventOrder(ctx);
  // The per-event checks, in the order their findings appear for one event.
  const visitors = {
    steps,
    tools,
    evidence,
    claims,
    cited,
    content,
    reasoning,
    extractive,
    retrieval,
  };
  const dispatch = dispatcher(Object.values(visitors));
  const formats = fast();

  const onLine = (line: Line): void => {
    lastLine = line.no;
    if (line.kind === 'too_long') {
      f.add(
        TRACE.lineTooLong,
        `Line ${line.no} of trace.jsonl is ${line.bytes} bytes long, over the verifier’s limit; it was skipped.`,
        ctx.at(line.no),
      );
      idValid = false;
      if (line.no > 1) consumePosition();
      return;
    }
    if (line.kind === 'invalid_utf8') {
      f.add(
        TRACE.lineMalformed,
        `Line ${line.no} of trace.jsonl is not valid UTF-8.`,
        ctx.at(line.no),
      );
      idValid = false;
      if (line.no > 1) consumePosition();
      return;
    }
    const ascii = line.bytes.length === line.text.length;
    if (line.crlf) {
      crlfCount++;
      crlfFirst ??= line.no;
    }
    if (line.no === 1) {
      const read = readHeaderLine(ctx, checkLine(line.text, true, ascii), line.text);
      header = read.header;
      idHasher = read.idHasher;
      if (!read.canonical) idValid = false;
      if (!line.final) return;
    } else {
      if (line.text === '') {
        if (!line.final) {
          f.add(
            TRACE.lineNotCanonical,
            `Line ${line.no} of trace.jsonl is blank; canonical traces have one record per line and no blank lines.`,
            ctx.at(line.no),
          );
          idValid = false;
        }
        return;
      }
      handleEvent(checkLine(line.text, false, ascii), line.bytes, line.no, line.text);
    }
    if (line.final) {
      f.add(
        TRACE.lineNotCanonical,
        `trace.jsonl does not end with a newline after line ${line.no} (the producer ends every line with \\n; was the file truncated?).`,
        ctx.at(line.no),
      );
      idValid = false;
    }
  };

  const consumePosition = () => {
    // A line that could not be read may have held the next event (or be injected garbage): the
    // next readable event may then follow either the last readable one or the unreadable lines.
    order.skipped();
    events++;
  };

  const handleEvent = (result: CanonicalResult, bytes: Buffer, no: number, text: string): void => {
    let value: unknown;
    if (!result.ok) {
      const p = result.problem;
      if (p.kind === 'syntax') {
        f.add(
          TRACE.lineMalformed,
          `Line ${no} of trace.jsonl ${p.message}; the event on it cannot be checked.`,
          ctx.at(no),
        );
        idValid = false;
        consumePosition();
        return;
      }
      if (p.kind === 'duplicate') {
        f.add(
          TRACE.duplicateKey,
          `Line ${no} of trace.jsonl ${p.message}; parsers disagree on which value wins (checked with the last one).`,
          ctx.at(no),
        );
      } else {
        f.add(
          TRACE.lineNotCanonical,
          `Line ${no} of trace.jsonl is not canonical JSON: it ${p.message}.`,
          ctx.at(no),
        );
      }
      idValid = false;
      value = result.value;
    } else {
      value = result.value;
    }
    events++;
    const rec = formats.EventRecord.safeParse(value);
    if (!rec.success) {
      const v = value as { record?: unknown } | null;
      const what =
        v && typeof v === 'object' && !Array.isArray(v) && 'record' in v
          ? `record ${q(v.record)}`
          : 'no trace_event record';
      f.add(
        TRACE.eventInvalid,
        `Line ${no} of trace.jsonl holds ${what}; every line after the header must be {"record":"trace_event","event":{…}}.`,
        ctx.at(no),
      );
      idValid = false;
      order.skipped();
      return;
    }
    if (idHasher && idValid && result.ok)
      idHasher.event(bytes.subarray(EVENT_PREFIX.length, bytes.length - EVENT_SUFFIX.length));

    const raw = rec.data.event;
    // The producer tags step outputs with `kind` (serialized as `type` by some versions): accept either.
    if (raw && typeof raw === 'object' && (raw as { kind?: unknown }).kind === 'step_finished') {
      const out = (raw as { output?: unknown }).output;
      if (out && typeof out === 'object' && !('kind' in out) && 'type' in out) {
        const { type, ...rest } = out as Record<string, unknown>;
        (raw as { output: unknown }).output = { kind: type, ...rest };
      }
    }
    const idxRaw = raw && typeof raw === 'object' ? (raw as { idx?: unknown }).idx : undefined;
    order.check(idxRaw, no);
    const parsed = formats.TraceEvent.safeParse(raw);
    if (!parsed.success) {
      const { where, why } = firstIssue(parsed.error, { prefix: ['event'], style: 'verbatim' });
      const kind = raw && typeof raw === 'object' ? (raw as { kind?: unknown }).kind : undefined;
      f.add(
        TRACE.eventInvalid,
        `The ${typeof kind === 'string' ? q(kind) : 'untyped'} event on line ${no} is invalid at ${where}: ${why}.`,
        ctx.at(no),
      );
      return;
    }
    dispatch(parsed.data, { no, text, canonical: result.ok });
  };

  const outcome = streamLines(traceAbs, onLine, ctx.maxLineBytes);
  if (outcome.ok) {
    if (outcome.summary.size === 0) {
      f.add(
        TRACE.headerInvalid,
        'trace.jsonl is empty: it has no trace_header and no events.',
        ctx.at(),
      );
    }
    if (crlfCount > 0) {
      f.add(
        TRACE.lineNotCanonical,
        `trace.jsonl has Windows (CRLF) line endings on ${crlfCount} line(s), first on line ${crlfFirst}; the producer writes \\n only, so its bytes (and fingerprint) changed. Check it out with LF endings (e.g. a .gitattributes entry "artifacts/** -text").`,
        ctx.at(crlfFirst),
      );
    }
  }
  let recomputedId: string | undefined;
  if (outcome.ok && header && idHasher && idValid) recomputedId = idHasher.digest();
  return {
    outcome,
    header,
    events,
    lastLine,
    recomputedId,
    ...visitors,
  };
}
