import fs from 'node:fs';
import path from 'node:path';
import type { Subject, Target } from '../../model/subject.js';
import { errorText } from '../../io/workspace.js';
import { dirPrefix } from '../../io/paths.js';
import type { PackContext, PackResult } from '../pack.js';
import { Findings, isPlainRelative, MAX_LINE_BYTES, runRules } from '../kit/index.js';
import { CHECK_NAMES, TRACE, type CheckName, type TraceCodeDef } from './codes.js';
import type { RunCtx } from './context.js';
import type { TraceScan } from './checks/events.js';
import { listRun } from './format/files.js';
import { supportFloor, supportPolicy } from './checks/support-policy.js';
import { MAX_CORPUS_MIB } from './checks/corpus.js';
import { RUN_RULES } from './rules/index.js';
import { SpanHashes } from './checks/span-hashes.js';
import type { RunState } from './rules/rule.js';

/** What the VerificationReport renderer needs beyond the findings (PackResult.extension). */
export interface TraceExtension {
  kind: 'trace-run';
  run_id: string;
  trace_id: string | null;
  checks: readonly CheckName[];
  summary_metrics: Record<string, number>;
}

/** Verifies one run directory (`…/runs/<run_id>/`): one subject, fail closed. */
export async function verifyRun(runDir: string, ctx: PackContext): Promise<PackResult> {
  const ws = ctx.workspace;
  const rel = ws.rel(runDir);
  const targetId = `trace:${rel}`;
  const runId = path.basename(runDir);
  const f = new Findings<TraceCodeDef>(targetId, { scope: 'in this run' });
  const traceRel = ws.rel(path.join(runDir, 'trace.jsonl'));
  const floor = supportFloor(ctx.options.min_supports);
  const initialPolicy = supportPolicy(floor);

  const inside = ws.resolve(runDir, '.');
  if (!inside.ok) {
    f.add(TRACE.fileUnreadable, `The run directory ${inside.detail}; nothing in it was read.`, {
      path: rel,
    });
    return result(initialPolicy.min);
  }
  const realRunDir = inside.real;
  // A link in runs/ to a directory above it (up to the workspace root, which holds the checkout's
  // git directory) would make the run contain itself and the whole tree around it.
  const holder = ws.canonical(path.dirname(runDir));
  if (dirPrefix(holder).startsWith(dirPrefix(realRunDir))) {
    f.add(
      TRACE.fileUnreadable,
      'The run directory is a link to a directory that holds it; nothing in it was read.',
      { path: rel },
    );
    return result(initialPolicy.min);
  }
  try {
    if (!fs.statSync(realRunDir).isDirectory()) throw new Error('is not a directory');
  } catch (err) {
    f.add(TRACE.fileUnreadable, `The run directory ${errorText(err)}.`, { path: rel });
    return result(initialPolicy.min);
  }

  const listing = new Map(listRun(runDir, realRunDir).map((e) => [e.rel, e] as const));
  const rctx: RunCtx = {
    f,
    runDir,
    realRunDir,
    listing,
    hasher: ctx.hasher,
    // Plain paths (all the run's own files) skip path.join and path.relative.
    rel: (p) =>
      isPlainRelative(p)
        ? rel === '.'
          ? p
          : `${rel}/${p}`
        : ws.rel(path.join(runDir, ...p.split('/'))),
    at: (line) => (line ? { path: traceRel, line } : { path: traceRel }),
    supportFloor: floor,
    minSupports: initialPolicy.min,
    minSupportsSource: initialPolicy.source,
    maxLineBytes:
      typeof ctx.options.max_line_bytes === 'number' && ctx.options.max_line_bytes > 0
        ? ctx.options.max_line_bytes
        : MAX_LINE_BYTES,
    ...(ctx.options.require_retrieval === true ? { requireRetrieval: true } : {}),
    ...(ctx.options.require_reasoning === true ? { requireReasoning: true } : {}),
    ...(typeof ctx.options.max_corpus_bytes === 'number' && ctx.options.max_corpus_bytes > 0
      ? { maxCorpusBytes: ctx.options.max_corpus_bytes }
      : typeof ctx.options.max_corpus_mib === 'number' && ctx.options.max_corpus_mib > 0
        ? { maxCorpusBytes: Math.min(ctx.options.max_corpus_mib, MAX_CORPUS_MIB) * 1024 * 1024 }
        : {}),
    spans: new SpanHashes(),
  };
  const state: RunState = { ctx: rctx, runId, hasher: ctx.hasher };
  await runRules(RUN_RULES, state);

  return result(rctx.minSupports, state.scan);

  /**
   * `min`: the minimum supports applied (the run's own policy may have raised it); `s`: the pass
   * over trace.jsonl, when it was read.
   */
  function result(min: number, s?: TraceScan): PackResult {
    const findings = f.finish();
    const accepted = findings.length === 0;
    const target: Target = {
      id: targetId,
      pack: 'trace',
      kind: 'run',
      path: rel,
      enforcement: 'blocking',
      terminal_state: accepted ? 'accepted' : 'rejected',
      ready: accepted,
      // The options that tighten the run are shown, so a run that passes says what it passed.
      context: {
        run_id: runId,
        min_supports: String(min),
        ...(ctx.options.require_retrieval === true ? { require_retrieval: 'yes' } : {}),
        ...(ctx.options.require_reasoning === true ? { require_reasoning: 'yes' } : {}),
      },
    };
    const summary: Record<string, number> = s
      ? {
          events: s.events,
          claims: s.claims.total,
          derived_claims: s.claims.derived,
          evidence: s.evidence.records.size,
          tool_calls: s.tools.count,
          supports: s.claims.supports.length,
          trace_bytes: s.outcome.ok ? s.outcome.summary.size : 0,
          min_supports: min,
          failures: findings.length,
        }
      : { failures: findings.length };
    const subject: Subject = {
      id: targetId,
      target: targetId,
      pack: 'trace',
      kind: 'run',
      name: runId,
      path: rel,
      status: accepted ? 'VERIFIED' : 'REJECTED',
      ...(s
        ? {
            reason: `${s.claims.derived} derived claim(s), ${s.evidence.records.size} evidence file(s), ${s.tools.count} tool call(s), ${s.events} event(s)`,
          }
        : {}),
      outcome: 'pass', // the gate decides it from the findings (policy/gate.ts)
    };
    const extension: TraceExtension = {
      kind: 'trace-run',
      run_id: runId,
      trace_id: s?.header?.id ?? null,
      checks: CHECK_NAMES,
      summary_metrics: summary,
    };
    return { target, subjects: [subject], findings, extension };
  }
}
