// The producer-shaped VerificationReport rendered from a gate report: each run target gets its own
// findings (by subject), and rendering every run reads the report's findings once, not per run.
import type { GateReport } from '../src/model/report.js';
import { renderVerificationReport, renderVerificationReports } from '../src/packs/trace/outputs.js';

function finding(subject: string, code: string, message: string) {
  return {
    subject,
    code,
    message,
    severity: 'error',
    location: { path: `${subject}.jsonl`, line: 3 },
  };
}

function reportOf(runs: number): GateReport {
  const ids = Array.from({ length: runs }, (_, i) => `trace:runs/r${i}`);
  return {
    targets: ids.map((id) => ({ id, pack: 'trace' })),
    subjects: ids.map((id) => ({ id: `${id}#claims`, target: id })),
    findings: ids.flatMap((id, i) => [
      finding(id, 'trace.trace_hash_mismatch', `run ${i}`),
      finding(`${id}#claims`, 'trace.supports_too_few', `claim of run ${i}`),
    ]),
    extensions: Object.fromEntries(
      ids.map((id, i) => [id, { kind: 'trace-run', trace_id: `t${i}`, summary_metrics: {} }]),
    ),
  } as unknown as GateReport;
}

test('each run gets exactly its own findings, its run-level and its subjects’, in report order', () => {
  const report = reportOf(3);
  report.findings.push(
    finding('trace:runs/elsewhere', 'trace.trace_hash_mismatch', 'other') as never,
  );
  const all = renderVerificationReports(report);
  expect(all).toEqual(report.targets.map((t) => renderVerificationReport(report, t.id)));
  expect(all.map((r) => r.failures.map((f) => f.message))).toEqual(
    [0, 1, 2].map((i) => [
      `trace.trace_hash_mismatch at trace:runs/r${i}.jsonl:3: run ${i}`,
      `trace.supports_too_few at trace:runs/r${i}#claims.jsonl:3: claim of run ${i}`,
    ]),
  );
  expect(all[1]!.trace_id).toBe('t1');
  expect(all[1]!.checks.filter((c) => !c.passed).length).toBe(2);
});

test('rendering every run reads the findings once (a report of 10,000 runs was quadratic)', () => {
  const report = reportOf(200);
  let reads = 0;
  const counted = new Proxy(report, {
    get(target, key, receiver) {
      if (key === 'findings') reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  expect(renderVerificationReports(counted)).toHaveLength(200);
  expect(reads).toBe(1);
});
