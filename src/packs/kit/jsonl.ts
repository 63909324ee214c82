import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { openFailure, openRegularFile } from '../../io/files.js';
import { errorText } from '../../io/workspace.js';

/** A line longer than this is reported and skipped, never held in memory (64 MiB). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
const READ_BYTES = 1024 * 1024;

/**
 * One line, without its line ending. `bytes` are the line's bytes; they are only valid during the
 * callback (the read buffer is reused), so copy what must outlive it.
 */
export type Line =
  | { kind: 'text'; no: number; text: string; bytes: Buffer; crlf: boolean; final: boolean }
  | { kind: 'invalid_utf8'; no: number }
  | { kind: 'too_long'; no: number; bytes: number };

export interface StreamSummary {
  sha256: string;
  size: number;
  lines: number;
  /** Whether the last line ends with \n (an empty file counts as true). */
  endsWithNewline: boolean;
}

export type StreamOutcome =
  | { ok: true; summary: StreamSummary }
  | { ok: false; reason: 'missing' | 'not_file' | 'unreadable'; detail: string };

export type TextOutcome =
  { ok: true; summary: Omit<StreamSummary, 'sha256'> } | Extract<StreamOutcome, { ok: false }>;

/**
 * Streams a JSONL file line by line in 1 MiB reads, hashing every byte as it goes (the fingerprint
 * needs the file's sha256; reading once is cheaper than reading twice). Each read's complete lines
 * are checked and decoded together; only a read that is not valid UTF-8 is split line by line, to
 * say which lines are bad. Opens non-blocking and checks the descriptor is a regular file, so a
 * FIFO cannot hang the run. Memory stays bounded by the longest line (capped at `maxLine`).
 */
export function streamLines(
  abs: string,
  onLine: (line: Line) => void,
  maxLine = MAX_LINE_BYTES,
): StreamOutcome {
  const hash = createHash('sha256');
  const outcome = readLines(abs, onLine, maxLine, true, hash);
  return outcome.ok
    ? { ok: true, summary: { ...outcome.summary, sha256: hash.digest('hex') } }
    : outcome;
}

/**
 * streamLines for a reader that needs neither the file's sha256 nor the lines' bytes (a
 * Buffer view per line and a hash of every byte are most of the reading cost besides decoding):
 * each text line's `bytes` is empty.
 */
export function streamText(
  abs: string,
  onLine: (line: Line) => void,
  maxLine = MAX_LINE_BYTES,
): TextOutcome {
  return readLines(abs, onLine, maxLine, false, undefined);
}

const NO_BYTES = Buffer.alloc(0);

function readLines(
  abs: string,
  onLine: (line: Line) => void,
  maxLine: number,
  withBytes: boolean,
  hash: Hash | undefined,
): TextOutcome {
  const opened = openRegularFile(abs);
  if (!opened.ok) return openFailure(opened);
  const fd = opened.fd;
  let lineNo = 0;

  /** One line's bytes (without \n): strips a CR before the \n, checks UTF-8, decodes. */
  const emitLine = (line: Buffer, final: boolean) => {
    lineNo++;
    if (line.length > maxLine) return onLine({ kind: 'too_long', no: lineNo, bytes: line.length });
    const crlf = !final && line.length > 0 && line[line.length - 1] === 0x0d;
    const body = crlf ? line.subarray(0, line.length - 1) : line;
    if (!isUtf8(body)) onLine({ kind: 'invalid_utf8', no: lineNo });
    else
      onLine({
        kind: 'text',
        no: lineNo,
        text: body.toString('utf8'),
        bytes: withBytes ? body : NO_BYTES,
        crlf,
        final,
      });
  };

  /** Whole lines: `region` starts at a line start and ends just after a \n. */
  const emitRegion = (region: Buffer) => {
    if (!isUtf8(region)) {
      for (let b = 0; b < region.length;) {
        const nl = region.indexOf(0x0a, b);
        emitLine(region.subarray(b, nl), false);
        b = nl + 1;
      }
      return;
    }
    const text = region.toString('utf8');
    const ascii = text.length === region.length; // then characters and bytes line up
    for (let c = 0, b = 0; c < text.length;) {
      const cn = text.indexOf('\n', c);
      const bn = ascii ? cn : region.indexOf(0x0a, b);
      lineNo++;
      if (bn - b > maxLine) {
        onLine({ kind: 'too_long', no: lineNo, bytes: bn - b });
      } else {
        const crlf = bn > b && region[bn - 1] === 0x0d;
        const ce = crlf ? cn - 1 : cn;
        const be = crlf ? bn - 1 : bn;
        const t = text.slice(c, ce);
        onLine({
          kind: 'text',
          no: lineNo,
          text: t,
          bytes: withBytes ? region.subarray(b, be) : NO_BYTES,
          crlf,
          final: false,
        });
      }
      c = cn + 1;
      b = bn + 1;
    }
  };

  try {
    // Sized to the file when it is smaller: a fresh 1 MiB per small file is external memory that
    // V8 answers with full garbage collections (200 real runs: −10 ms). Reads loop either way.
    const buf = Buffer.allocUnsafe(Math.min(READ_BYTES, Math.max(4096, opened.size + 1)));
    let size = 0;
    let lastByte = 0x0a;
    // The start of a line that continues into the next read (dropped once it is over maxLine).
    let carry: Buffer[] = [];
    let carryBytes = 0;
    let overLong = false;
    const keep = (part: Buffer) => {
      carryBytes += part.length;
      if (overLong || carryBytes > maxLine) {
        overLong = true;
        carry = [];
      } else carry.push(Buffer.from(part));
    };
    const flushCarry = (tail: Buffer, final: boolean) => {
      if (overLong || carryBytes + tail.length > maxLine) {
        lineNo++;
        onLine({ kind: 'too_long', no: lineNo, bytes: carryBytes + tail.length });
      } else emitLine(Buffer.concat([...carry, tail]), final);
      carry = [];
      carryBytes = 0;
      overLong = false;
    };

    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      const chunk = buf.subarray(0, n);
      hash?.update(chunk);
      size += n;
      lastByte = chunk[n - 1]!;
      const last = chunk.lastIndexOf(0x0a);
      if (last < 0) {
        keep(chunk);
        continue;
      }
      let start = 0;
      if (carryBytes > 0 || overLong) {
        const first = chunk.indexOf(0x0a);
        flushCarry(chunk.subarray(0, first), false);
        start = first + 1;
      }
      if (start <= last) emitRegion(chunk.subarray(start, last + 1));
      if (last + 1 < n) keep(chunk.subarray(last + 1));
    }
    if (carryBytes > 0 || overLong) flushCarry(Buffer.alloc(0), true);
    return {
      ok: true,
      summary: {
        size,
        lines: lineNo,
        endsWithNewline: size === 0 || lastByte === 0x0a,
      },
    };
  } catch (err) {
    return { ok: false, reason: 'unreadable', detail: errorText(err) };
  } finally {
    fs.closeSync(fd);
  }
}
