import fs from 'node:fs';
import path from 'node:path';
import type { Subject, Target } from '../../model/subject.js';
import { errorText } from '../../io/workspace.js';
import type { PackContext, PackResult } from '../pack.js';
import { CHECK_NAMES, TRACE, type CheckName } from './codes.js';
import { q, type RunCtx } from './context.js';
import { loadChunks } from './chunks.js';
import { checkRecordSupports } from './cited.js';
import { scanTrace, type TraceScan } from './events.js';
import { isPlainRelative, listRun, usable } from './files.js';
import { MAX_LINE_BYTES } from './jsonl.js';
import { RunFindings } from './findings.js';
import {
  checkCoreFiles,
  checkFingerprint,
  checkManifest,
  checkVerifyReport,
  loadRunMeta,
  loadSpec,
  PRODUCER_VERIFY_REPORT,
} from './integrity.js';
import { checkPlan } from './plan.js';
import { supportFloor, supportPolicy } from './policy.js';

/** What the VerificationReport renderer needs beyond the findings (PackResult.extension). */
export interface TraceExtension {
  kind: 'trace-run';
  run_id: string;
  trace_id: string | null;
  checks: readonly CheckName[];
  summary_metrics: Record<string, number>;
}

/** Verifies one run directory `artifacts/runs/<run_id>/`: one subject, fail closed. */
export async function verifyRun(runDir: string, ctx: PackContext): Promise<PackResult> {
  const ws = ctx.workspace;
  const rel = ws.rel(runDir);
  const targetId = `trace:${rel}`;
  const runId = path.basename(runDir);
  const f = new RunFindings(targetId);
  const traceRel = ws.rel(path.join(runDir, 'trace.jsonl'));
  const floor = supportFloor(ctx.options.min_supports);
  const initialPolicy = supportPolicy(floor);
  let scan: TraceScan | undefined;

  const inside = ws.resolve(runDir, '.');
  if (!inside.ok) {
    f.add(TRACE.fileUnreadable, `The run directory ${inside.detail}; nothing in it was read.`, {
      path: rel,
    });
    return result(initialPolicy.min);
  }
  const realRunDir = inside.real;
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
  };
  checkCoreFiles(rctx, listing);

  const runMeta = loadRunMeta(rctx, listing);
  if (runMeta)
    rctx.tools = runMeta.runtime_descriptor
      ? new Set(runMeta.runtime_descriptor.tools.map((t) => t.name))
      : 'none';
  const plan = usable(listing, 'plan.json') ? checkPlan(rctx) : undefined;
  if (plan) {
    rctx.planNodes = plan.nodeIds;
    if (plan.order) rctx.planDeps = plan.order;
  }
  const spec = loadSpec(rctx, listing);

  const traceEntry = usable(listing, 'trace.jsonl');
  if (traceEntry) {
    scan = scanTrace(rctx, traceEntry.abs);
    if (!scan.outcome.ok) {
      f.add(TRACE.fileUnreadable, `trace.jsonl ${scan.outcome.detail}.`, rctx.at());
      scan = undefined;
    }
  }
  const header = scan?.header;
  if (scan) {
    scan.steps.finish(scan.lastLine);
    scan.tools.finish();
    scan.claims.finish(scan.steps.insufficientLine !== undefined);
    scan.content.finish(header);
    // Insufficient evidence: exactly one of "derived claims" and "the marker".
    const derived = scan.claims.derived;
    const marker = scan.steps.insufficientLine;
    if (derived === 0 && marker === undefined) {
      f.add(
        TRACE.noOutcome,
        'The run emits no derived claim and no insufficient_evidence step output: it neither answers nor says why it cannot.',
        rctx.at(),
      );
    } else if (derived > 0 && marker !== undefined) {
      f.add(
        TRACE.insufficientAmbiguous,
        `The run reports insufficient evidence on line ${marker} but also emits ${derived} derived claim(s) not marked insufficient (first on line ${scan.claims.derivedLine}).`,
        rctx.at(marker),
        [rctx.at(scan.claims.derivedLine)],
      );
    }
    // Claim and tool-call supports: the record resolves and the span's bytes are the cited ones
    // (evidence supports are checked with the evidence bytes below).
    checkRecordSupports(
      rctx,
      scan.claims.supports,
      { claim: (id) => scan!.claims.has(id), toolCall: (id) => scan!.tools.answered.has(id) },
      scan.cited,
    );
    // The ids the step outputs list (the answer's final_claim_ids among them) name real records.
    for (const r of scan.steps.outputRefs) {
      const known = r.kind === 'claim' ? scan.claims.has(r.id) : scan.evidence.records.has(r.id);
      if (!known)
        f.add(
          TRACE.supportUnresolved,
          `The step output on line ${r.line} lists ${r.kind} ${q(r.id)} in ${r.field}, but the trace never ${r.kind === 'claim' ? 'emits that claim' : 'registers that evidence'}.`,
          rctx.at(r.line),
        );
    }
    if (header && scan.recomputedId !== undefined && scan.recomputedId !== header.id) {
      f.add(
        TRACE.contentIdMismatch,
        `The trace header says the trace id is ${q(header.id)} but the trace’s content hashes to ${q(scan.recomputedId)}: events or header were edited after the run.`,
        rctx.at(1),
      );
    }
    // Evidence files, chunks, then every evidence support's bytes.
    const ev = scan.evidence;
    ev.setCiters(scan.claims.supports);
    ev.resolveAll();
    const chunks = loadChunks(rctx, ev.records.size);
    await ev.checkFiles(ctx.hasher, chunks);
    scan.claims.resolveLegacy((id, b0, b1) => ev.readSpan(id, b0, b1));
    ev.checkSupports(scan.claims.supports);
  }

  // The run's parts must name each other.
  const planRel = { path: rctx.rel('plan.json'), line: 1 };
  if (header && plan && header.plan_id !== plan.plan.id) {
    f.add(
      TRACE.planMismatch,
      `The trace header names plan ${q(String(header.plan_id))} but plan.json is plan ${q(plan.plan.id)}.`,
      rctx.at(1),
      [planRel],
    );
  }
  if (header && spec && header.spec_id !== spec.id) {
    f.add(
      TRACE.planMismatch,
      `The trace header names spec ${q(String(header.spec_id))} but spec.json is spec ${q(spec.id)}.`,
      rctx.at(1),
      [{ path: rctx.rel('spec.json'), line: 1 }],
    );
  }
  if (plan && spec && plan.plan.spec_id !== spec.id) {
    f.add(
      TRACE.planMismatch,
      `plan.json was made for spec ${q(plan.plan.spec_id)} but spec.json is spec ${q(spec.id)}.`,
      planRel,
      [{ path: rctx.rel('spec.json'), line: 1 }],
    );
  }
  if (runMeta) {
    const metaLoc = { path: rctx.rel('run_meta.json'), line: 1 };
    const mism: string[] = [];
    if (runMeta.run_id !== runId)
      mism.push(`run_id ${q(runMeta.run_id)} but the run directory is ${q(runId)}`);
    if (header && runMeta.trace_id !== header.id)
      mism.push(`trace_id ${q(runMeta.trace_id)} but the trace is ${q(header.id)}`);
    if (plan && runMeta.plan_id !== plan.plan.id)
      mism.push(`plan_id ${q(runMeta.plan_id)} but plan.json is ${q(plan.plan.id)}`);
    if (spec && runMeta.spec_id !== spec.id)
      mism.push(`spec_id ${q(runMeta.spec_id)} but spec.json is ${q(spec.id)}`);
    for (const m of mism) f.add(TRACE.runMetaMismatch, `run_meta.json records ${m}.`, metaLoc);
  }
  checkVerifyReport(rctx, listing, header?.id);
  checkVerifyReport(rctx, listing, header?.id, PRODUCER_VERIFY_REPORT);
  if (scan?.outcome.ok) checkFingerprint(rctx, listing, scan.outcome.summary.sha256);
  const escaped = new Set<string>();
  if (scan) for (const r of scan.evidence.records.values()) escaped.add(r.ev.content_path);
  await checkManifest(
    rctx,
    listing,
    ctx.hasher,
    scan?.outcome.ok ? scan.outcome.summary : undefined,
    escaped,
  );

  return result(rctx.minSupports);

  /** `min`: the minimum supports applied (the run's own policy may have raised it). */
  function result(min: number): PackResult {
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
      context: { run_id: runId, min_supports: String(min) },
    };
    const s = scan;
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
      outcome: 'pass',
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
