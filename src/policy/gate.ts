import type { Finding } from '../model/finding.js';
import type { Conclusion, Counts, GateReport } from '../model/report.js';
import type { Subject, Target } from '../model/subject.js';
import type { PackResult } from '../packs/pack.js';
import { VERSION } from '../version.js';

export type FailOn = 'blocking' | 'problem';

export interface GateSettings {
  root: string;
  failOn: FailOn;
  /** Run-level findings (nothing verified, bad config) that belong to no target. */
  runFindings: Finding[];
}

const GOOD_TERMINAL = new Set(['accepted', 'passed']);

/**
 * The policy step: findings of advisory targets (draft assurance) are reported as warnings and
 * never block; error findings of blocking targets fail the gate. Run-level findings always block.
 */
export function decide(results: PackResult[], settings: GateSettings): GateReport {
  const targets: Target[] = results.map((r) => r.target);
  const enforcement = new Map<string, Target['enforcement']>();
  for (const t of targets) enforcement.set(t.id, t.enforcement);
  const subjectTarget = new Map<string, string>();
  for (const r of results) for (const s of r.subjects) subjectTarget.set(s.id, s.target);

  const findings: Finding[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      const mode = enforcement.get(subjectTarget.get(f.subject) ?? f.subject) ?? 'blocking';
      const severity = mode === 'advisory' && f.severity === 'error' ? 'warning' : f.severity;
      findings.push({ ...f, severity, blocking: severity === 'error' });
    }
  }
  for (const f of settings.runFindings) findings.push({ ...f, blocking: f.severity === 'error' });

  const bySubject = new Map<string, Finding[]>();
  for (const f of findings) {
    const own = bySubject.get(f.subject);
    if (own) own.push(f);
    else bySubject.set(f.subject, [f]);
  }
  const subjects: Subject[] = results.flatMap((r) =>
    r.subjects.map((s) => {
      const own = bySubject.get(s.id) ?? [];
      const outcome = own.some((f) => f.blocking)
        ? 'blocking'
        : own.some((f) => f.severity !== 'notice')
          ? 'problem'
          : s.outcome;
      return { ...s, outcome };
    }),
  );

  const counts: Counts = {
    targets: targets.length,
    subjects: subjects.length,
    pass: subjects.filter((s) => s.outcome === 'pass').length,
    problem: subjects.filter((s) => s.outcome === 'problem').length,
    blocking: subjects.filter((s) => s.outcome === 'blocking').length,
    skipped: subjects.filter((s) => s.outcome === 'skipped').length,
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    notices: findings.filter((f) => f.severity === 'notice').length,
  };
  const anyBlocking = findings.some((f) => f.blocking);
  const anyProblem = findings.some((f) => f.severity !== 'notice');
  let conclusion: Conclusion = 'success';
  if (anyBlocking || (settings.failOn === 'problem' && anyProblem)) conclusion = 'failure';
  else if (anyProblem) conclusion = 'neutral';
  const ready =
    !anyProblem && subjects.length > 0 && targets.every((t) => GOOD_TERMINAL.has(t.terminal_state));

  const extensions: Record<string, unknown> = {};
  for (const r of results) if (r.extension !== undefined) extensions[r.target.id] = r.extension;

  return {
    report_version: '1',
    tool: { name: 'audit-gate', version: VERSION },
    generated_at: new Date().toISOString(),
    root: settings.root,
    conclusion,
    submission_ready: ready ? 'yes' : 'no',
    exit_code: conclusion === 'failure' ? 1 : 0,
    counts,
    targets,
    subjects,
    findings,
    extensions,
  };
}
