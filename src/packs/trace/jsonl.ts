import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { openFailure, openRegularFile } from '../../io/files.js';
import { errorText } from '../../io/workspace.js';

/** A trace line longer than this is reported and skipped, never held in memory (64 MiB). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
const READ_BYTES = 1024 * 1024;

export type Line =
  | { kind: 'text'; no: number; text: string; crlf: boolean; final: boolean }
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

/**
 * Streams a JSONL file line by line in 1 MiB reads, hashing every byte as it goes (the fingerprint
 * needs the file's sha256; reading once is cheaper than reading twice). Opens non-blocking and
 * checks the descriptor is a regular file, so a FIFO cannot hang the run. Memory stays bounded by
 * the longest line (itself capped at MAX_LINE_BYTES).
 */
export function streamLines(
  abs: string,
  onLine: (line: Line) => void,
  maxLine = MAX_LINE_BYTES,
): StreamOutcome {
  const opened = openRegularFile(abs);
  if (!opened.ok) return openFailure(opened);
  const fd = opened.fd;
  try {
    const hash = createHash('sha256');
    const buf = Buffer.allocUnsafe(READ_BYTES);
    let size = 0;
    let lineNo = 0;
    let parts: Buffer[] = [];
    let partBytes = 0;
    let overLong = false;
    let lastByte = 0x0a;

    const emit = (tail: Buffer, final: boolean) => {
      lineNo++;
      const total = partBytes + tail.length;
      if (overLong || total > maxLine) {
        onLine({ kind: 'too_long', no: lineNo, bytes: total });
      } else {
        const bytes = parts.length ? Buffer.concat([...parts, tail]) : tail;
        let end = bytes.length;
        const crlf = end > 0 && bytes[end - 1] === 0x0d && !final;
        if (crlf) end--;
        const body = bytes.subarray(0, end);
        if (!isUtf8(body)) onLine({ kind: 'invalid_utf8', no: lineNo });
        else onLine({ kind: 'text', no: lineNo, text: body.toString('utf8'), crlf, final });
      }
      parts = [];
      partBytes = 0;
      overLong = false;
    };

    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      const chunk = buf.subarray(0, n);
      hash.update(chunk);
      size += n;
      lastByte = chunk[n - 1]!;
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, start);
        if (nl < 0) break;
        emit(chunk.subarray(start, nl), false);
        start = nl + 1;
      }
      if (start < n) {
        const rest = chunk.subarray(start);
        if (overLong || partBytes + rest.length > maxLine) {
          overLong = true;
          partBytes += rest.length;
          parts = [];
        } else {
          parts.push(Buffer.from(rest));
          partBytes += rest.length;
        }
      }
    }
    if (partBytes > 0 || overLong) emit(Buffer.alloc(0), true);
    return {
      ok: true,
      summary: {
        sha256: hash.digest('hex'),
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
