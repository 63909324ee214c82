import type { Hasher } from '../../io/hashing.js';
import { plain } from '../../render/sanitize.js';
import type { Location } from '../../model/finding.js';
import type { Findings, TargetEntry } from '../kit/index.js';
import type { TraceCodeDef } from './codes.js';
import type { SpanHashes } from './checks/span-hashes.js';

/** What every check of one run shares: where to report, and what the run's other files said. */
export interface RunCtx {
  f: Findings<TraceCodeDef>;
  /** Absolute run directory (as given) and its real path. */
  runDir: string;
  realRunDir: string;
  /** Every entry of the run directory, by POSIX path relative to it. */
  listing: Map<string, TargetEntry>;
  /** Reads and hashes run files; each file is read and hashed once. */
  hasher: Hasher;
  /** Repo-relative path of a file inside the run directory. */
  rel(inRun: string): string;
  /** Location of a trace.jsonl line. */
  at(line?: number): Location;
  /** The gate's floor on supports per derived claim (config or flag), if set. */
  supportFloor: number | undefined;
  /** The minimum that applies (the run's policy raised to the floor) and where it came from. */
  minSupports: number;
  minSupportsSource: string;
  /** The run's policy lets claims marked insufficient stand in an insufficient-evidence run. */
  allowMarkedInsufficient?: boolean;
  /** Node ids of plan.json, when it loaded. */
  planNodes?: ReadonlySet<string>;
  /** Each plan node's kind, when plan.json loaded. */
  planKinds?: ReadonlyMap<string, string>;
  /** Each plan node's dependencies, when plan.json loaded. */
  planDeps?: ReadonlyMap<string, readonly string[]>;
  /**
   * Tool names of run_meta.json's runtime descriptor: 'none' when a valid run_meta.json has no
   * descriptor, undefined when run_meta.json itself is unusable (already reported).
   */
  tools?: ReadonlySet<string> | 'none';
  /** Every run must show retrieval (pack option require_retrieval). */
  requireRetrieval?: boolean;
  /** Every run with a derived claim must carry the reasoning record (pack option require_reasoning). */
  requireReasoning?: boolean;
  /** Largest corpus whose index is built again (fixture knob max_corpus_bytes; default 16 MiB). */
  maxCorpusBytes?: number;
  /** Longest trace line read (pack option max_line_bytes; default 64 MiB). */
  maxLineBytes: number;
  /** The snippet hashes of cited spans, each hashed once, within one budget per run. */
  spans: SpanHashes;
}

/** A JSON value as a plain object (not null, not an array), or undefined. */
export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

/**
 * Short, safe quoting of artifact text inside a message: any JSON value (a string as it is, an
 * object or array as JSON, never through its own `toString`), cut to `max` code points, quoted and
 * escaped as every other pack's values are (C0, C1 and bidi controls, so no line of a message
 * or annotation can be forged from it).
 */
export function q(v: unknown, max = 120): string {
  // A number, boolean or null is written as JSON writes it, unquoted: 4 and "4" must read apart.
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  const s = typeof v === 'string' ? v : asText(v);
  const head = s.length > max ? Array.from(s.slice(0, 2 * max)).slice(0, max) : undefined;
  return plain(JSON.stringify(head && head.length === max ? `${head.slice(0, -1).join('')}…` : s));
}

/** A JSON value as text, for a message. */
function asText(v: unknown): string {
  if (v === undefined) return 'undefined';
  try {
    return JSON.stringify(v).slice(0, 1000);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/** A producer's content id: a kind, `_v1_`, and the sha256 it is derived from. */
const CONTENT_ID = /^([a-z]+_v1_)([0-9a-f]{64})$/;

/**
 * An id named in a message, quoted: a content id (`claim_v1_<64 hex>`) by its kind and first 12
 * hex digits, as git shows a commit; anything else as q quotes it. Where two ids are compared,
 * messages quote them whole (q).
 */
export function qid(v: unknown): string {
  const m = typeof v === 'string' ? CONTENT_ID.exec(v) : null;
  return m ? `"${m[1]}${m[2]!.slice(0, 12)}…"` : q(v, 80);
}

/** A run file's path in a message, with each content id in it shortened as qid shortens it. */
export function qfile(p: unknown): string {
  return typeof p === 'string' && p.length < 4096
    ? q(p.replace(/(_v1_[0-9a-f]{12})[0-9a-f]{52}(?![0-9a-f])/g, '$1…'), 120)
    : q(p);
}

/** A hash or content id as messages show it: its first 12 hex digits, or quoted when it is not hex. */
export function short(v: unknown): string {
  return typeof v === 'string' && /^[0-9a-f]{12}/.test(v) ? `${v.slice(0, 12)}…` : q(v, 16);
}
