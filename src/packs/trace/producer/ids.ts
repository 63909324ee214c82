import { createHash } from 'node:crypto';
import { sha256Hex } from '../../../io/hashing.js';
import { canonicalizeText, checkLine } from './canonical.js';

/**
 * Content-derived ids as the producer makes them: `<kind>_v1_<sha256 of the canonical JSON>`.
 * The payload is rebuilt from the raw canonical text of each field (taken verbatim from the file),
 * so no number or string is ever re-serialized differently from the producer.
 */
export function contentId(kind: string, rawFields: Record<string, string>): string {
  const keys = Object.keys(rawFields);
  // The callers list the fields in order already: sorting is then a check.
  for (let i = 1; i < keys.length; i++)
    if (keys[i - 1]! > keys[i]!) {
      keys.sort();
      break;
    }
  let payload = '{';
  for (let i = 0; i < keys.length; i++)
    payload += `${i ? ',' : ''}${JSON.stringify(keys[i])}:${rawFields[keys[i]!]}`;
  return `${kind}_v1_${sha256Hex(`${payload}}`)}`;
}

/** The raw text of the top-level members of a canonical JSON object, by key. */
export function rawMembers(
  text: string,
  members: Map<string, [number, number]>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, [a, b]] of members) out[k] = text.slice(a, b);
  return out;
}

/**
 * The raw text of the top-level members of an object whose text is part of a line already proved
 * canonical (an event, a claim inside it): found by skipping strings and nesting, with no second
 * parse or canonical check. Not for text that has not been checked.
 */
export function canonicalMembers(objectText: string): Record<string, string> {
  const spans = new Map<string, [number, number]>();
  const n = objectText.length;
  let depth = 0;
  let key = '';
  let start = -1;
  for (let i = 0; i < n; i++) {
    const c = objectText.charCodeAt(i);
    if (c === 0x22) {
      const open = i;
      // The closing quote: the next one not preceded by an odd run of backslashes.
      for (i = objectText.indexOf('"', i + 1); i > 0; i = objectText.indexOf('"', i + 1)) {
        let k = i - 1;
        while (objectText.charCodeAt(k) === 0x5c) k--;
        if ((i - 1 - k) % 2 === 0) break;
      }
      if (i < 0) break; // unterminated: not text a canonical line holds
      if (depth === 1 && start < 0 && objectText.charCodeAt(i + 1) === 0x3a) {
        const raw = objectText.slice(open + 1, i);
        key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        start = i + 2;
        i++;
      }
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0 && start >= 0) spans.set(key, [start, i]);
    } else if (c === 0x2c && depth === 1) {
      spans.set(key, [start, i]);
      start = -1;
    }
  }
  return rawMembers(objectText, spans);
}

/**
 * The raw canonical text of a JSON file's top-level members, whatever its formatting (an id
 * covers the content, not the layout): undefined when it cannot be put in canonical form.
 */
export function documentMembers(
  text: string,
  members: Map<string, [number, number]> | undefined,
): Record<string, string> | undefined {
  if (members) return rawMembers(text, members);
  const canonical = canonicalizeText(text);
  const scanned = canonical === undefined ? undefined : checkLine(canonical, true);
  return scanned?.ok && scanned.members ? rawMembers(canonical!, scanned.members) : undefined;
}

/** The raw text of the `event` member of a canonical trace_event line. */
export function eventText(line: string): string {
  return line.slice(EVENT_PREFIX.length, line.length - EVENT_SUFFIX.length);
}

/** The streaming hash of a trace's content id: header fields around the events' canonical text. */
export class TraceIdHasher {
  private readonly h = createHash('sha256');
  private n = 0;
  valid = true;

  constructor(private readonly header: Record<string, string>) {
    this.h.update(
      `{"canonicalization_version":${header.canonicalization_version},"events":[`,
      'utf8',
    );
  }

  // Events are copied into one buffer and hashed 64 KiB at a time, not one update per event.
  private readonly staged = Buffer.allocUnsafe(64 * 1024);
  private used = 0;

  /** The canonical bytes of one event (the `event` member of its canonical line). */
  event(bytes: Uint8Array): void {
    if (this.used + bytes.length + 1 > this.staged.length) this.flush();
    if (this.n++ > 0) this.staged[this.used++] = 0x2c; // ,
    if (bytes.length > this.staged.length - this.used) {
      this.flush();
      this.h.update(bytes);
    } else {
      this.staged.set(bytes, this.used);
      this.used += bytes.length;
    }
  }

  private flush(): void {
    if (this.used > 0) this.h.update(this.staged.subarray(0, this.used));
    this.used = 0;
  }

  digest(): string {
    this.flush();
    const hd = this.header;
    this.h.update(
      `],"fingerprint_algo":${hd.fingerprint_algo},"metadata":${hd.metadata},"plan_id":${hd.plan_id},"runtime_protocol_version":${hd.runtime_protocol_version},"schema_version":${hd.schema_version},"spec_id":${hd.spec_id}}`,
      'utf8',
    );
    return `trace_v1_${this.h.digest('hex')}`;
  }
}

export const EVENT_PREFIX = '{"event":';
export const EVENT_SUFFIX = ',"record":"trace_event"}';
