import { createHash } from 'node:crypto';
import type { Finding } from '../../model/finding.js';
import type { GateReport } from '../../model/report.js';
import { canonicalJson, findingsByTarget } from '../kit/index.js';
import { CHECK_NAMES, TRACE_CODES, type CheckName } from './codes.js';
import type { TraceExtension } from './verify.js';
import type { VerificationReport } from './format/schema.js';

const CHECK_OF = new Map<string, CheckName>(TRACE_CODES.map((c) => [c.code, c.check]));

function severity(f: Finding): 'error' | 'warning' | 'info' {
  return f.severity === 'notice' ? 'info' : f.severity;
}

/**
 * The producer's VerificationReport (bijux-canon-reason `verify.json` shape) for one run target of
 * a gate report: one check per contract area, every finding as a machine-actionable failure
 * (`<code> at <path>:<line>: <message>`, with the producer's invariant id where one exists).
 */
export function renderVerificationReport(report: GateReport, targetId: string): VerificationReport {
  return render(report, targetId, findingsByTarget(report, [targetId]).get(targetId)!);
}

function render(report: GateReport, targetId: string, findings: Finding[]): VerificationReport {
  const ext = report.extensions?.[targetId] as TraceExtension | undefined;
  if (!ext || ext.kind !== 'trace-run') throw new Error(`no run-trace result for ${targetId}`);
  const byCheck = new Map<CheckName, Finding[]>(CHECK_NAMES.map((name) => [name, []]));
  for (const f of findings) byCheck.get(CHECK_OF.get(f.code) ?? 'run_integrity')!.push(f);
  const checks = CHECK_NAMES.map((name) => {
    const own = byCheck.get(name)!;
    const codes = [...new Set(own.map((f) => f.code))];
    return {
      name,
      passed: own.length === 0,
      details: own.length === 0 ? null : `${own.length} failure(s): ${codes.join(', ')}`,
      metrics: { failures: own.length },
    };
  });
  const failures = findings.map((f) => {
    const where = f.location
      ? ` at ${f.location.path}${f.location.line ? `:${f.location.line}` : ''}`
      : '';
    return {
      severity: severity(f),
      message: `${f.code}${where}: ${f.message}`,
      invariant_id: f.invariant_id ?? null,
    };
  });
  const summary_metrics = {
    ...ext.summary_metrics,
    checks_failed: checks.filter((c) => !c.passed).length,
  };
  const body = { checks, failures, summary_metrics, trace_id: ext.trace_id };
  const id = `verify_v1_${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
  return { id, ...body };
}

/** Whether a target of the report is a run that was checked (it has the run's extension). */
export function hasRunOutput(report: GateReport, targetId: string): boolean {
  return (report.extensions?.[targetId] as TraceExtension | undefined)?.kind === 'trace-run';
}

/** Every run target of the report, in report order. */
export function renderVerificationReports(report: GateReport): VerificationReport[] {
  const ids = report.targets
    .filter((t) => t.pack === 'trace' && hasRunOutput(report, t.id))
    .map((t) => t.id);
  const byTarget = findingsByTarget(report, ids);
  return ids.map((id) => render(report, id, byTarget.get(id)!));
}
