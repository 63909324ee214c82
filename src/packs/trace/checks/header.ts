import { firstIssue } from '../../kit/index.js';
import type { CanonicalResult } from '../producer/canonical.js';
import { TRACE } from '../codes.js';
import { fast } from '../format/fast.js';
import { q, type RunCtx } from '../context.js';
import { rawMembers, TraceIdHasher } from '../producer/ids.js';
import { allowsMarkedInsufficient, supportPolicy } from './support-policy.js';
import {
  SUPPORTED_CANONICALIZATION,
  SUPPORTED_FINGERPRINT_ALGOS,
  SUPPORTED_RUNTIME_PROTOCOLS,
  SUPPORTED_SCHEMA_VERSIONS,
  TraceHeader,
} from '../format/schema.js';

/**
 * Line 1 of trace.jsonl as read: canonical JSON (or why not), then the header itself. A usable
 * header sets the run's support policy (its recorded one, raised to the gate's floor when that is
 * higher); a canonical one also starts the trace id's recomputation.
 */
export function readHeaderLine(
  ctx: RunCtx,
  result: CanonicalResult,
  text: string,
): { header?: TraceHeader; idHasher?: TraceIdHasher; canonical: boolean } {
  const f = ctx.f;
  const at = ctx.at(1);
  if (!result.ok) {
    const p = result.problem;
    if (p.kind === 'syntax') {
      f.add(TRACE.lineMalformed, `Line 1 of trace.jsonl (the header) ${p.message}.`, at);
      return { canonical: false };
    }
    if (p.kind === 'duplicate')
      f.add(TRACE.duplicateKey, `Line 1 of trace.jsonl (the header) ${p.message}.`, at);
    else
      f.add(
        TRACE.lineNotCanonical,
        `Line 1 of trace.jsonl (the header) is not canonical JSON: it ${p.message}.`,
        at,
      );
  }
  const h = checkHeader(ctx, result.value, 1);
  if (h) {
    const p = supportPolicy(ctx.supportFloor, h.metadata);
    ctx.minSupports = p.min;
    ctx.minSupportsSource = p.source;
    ctx.allowMarkedInsufficient = allowsMarkedInsufficient(h.metadata);
  }
  return {
    header: h,
    idHasher:
      h && result.ok && result.members
        ? new TraceIdHasher(rawMembers(text, result.members))
        : undefined,
    canonical: result.ok,
  };
}

/**
 * Line 1 of trace.jsonl: a `trace_header` record with a supported schema version (1, 2), runtime
 * protocol 1, canonicalization 1 and fingerprint algorithm sha256. Unknown versions are rejected:
 * no upgrader exists. Returns the header when its shape is valid (even if a version is not).
 */
export function checkHeader(ctx: RunCtx, value: unknown, line: number): TraceHeader | undefined {
  const f = ctx.f;
  const at = ctx.at(line);
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v !== 'object' || Array.isArray(v) || v.record !== 'trace_header') {
    const rec =
      v && typeof v === 'object' && !Array.isArray(v) && 'record' in v
        ? `a ${q(v.record)} record`
        : 'no trace_header record';
    f.add(
      TRACE.headerInvalid,
      `Line 1 of trace.jsonl holds ${rec}; a trace starts with its {"record":"trace_header",…} line.`,
      at,
    );
    return undefined;
  }
  const parsed = fast().TraceHeader.safeParse(v);
  if (!parsed.success) {
    const { where, why } = firstIssue(parsed.error, { style: 'verbatim' });
    f.add(TRACE.headerInvalid, `The trace header on line 1 is invalid at ${where}: ${why}.`, at);
    return undefined;
  }
  const h = parsed.data;
  const bad: string[] = [];
  if (!SUPPORTED_SCHEMA_VERSIONS.includes(h.schema_version))
    bad.push(
      `schema_version ${h.schema_version} (supported: ${SUPPORTED_SCHEMA_VERSIONS.join(', ')})`,
    );
  if (!SUPPORTED_RUNTIME_PROTOCOLS.includes(h.runtime_protocol_version))
    bad.push(
      `runtime_protocol_version ${h.runtime_protocol_version} (supported: ${SUPPORTED_RUNTIME_PROTOCOLS.join(', ')})`,
    );
  if (!SUPPORTED_CANONICALIZATION.includes(h.canonicalization_version))
    bad.push(
      `canonicalization_version ${h.canonicalization_version} (supported: ${SUPPORTED_CANONICALIZATION.join(', ')})`,
    );
  if (!SUPPORTED_FINGERPRINT_ALGOS.includes(h.fingerprint_algo))
    bad.push(
      `fingerprint_algo ${q(h.fingerprint_algo)} (supported: ${SUPPORTED_FINGERPRINT_ALGOS.join(', ')})`,
    );
  for (const b of bad)
    f.add(
      TRACE.unsupportedVersion,
      `The trace header declares ${b}; no upgrader exists, so the run is rejected.`,
      at,
    );
  return h;
}
