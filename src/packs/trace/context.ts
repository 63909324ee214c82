import type { Hasher } from '../../io/hashing.js';
import type { Location } from '../../model/finding.js';
import type { Findings, TargetEntry } from '../kit/index.js';
import type { TraceCodeDef } from './codes.js';
import type { SpanHashes } from './spans.js';

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
  /** Longest trace line read (pack option max_line_bytes; default 64 MiB). */
  maxLineBytes: number;
  /** The snippet hashes of cited spans, each hashed once, within one budget per run. */
  spans: SpanHashes;
}

/** Short, safe quoting of artifact text inside a message. */
/** A JSON value as a plain object (not null, not an array), or undefined. */
export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

export function q(s: string, max = 120): string {
  const t = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return JSON.stringify(t);
}
