import { capFields } from '../model/cap.js';
import { finding, type Finding } from '../model/finding.js';
import type { Conclusion, Counts, GateReport } from '../model/report.js';
import type { Subject, Target } from '../model/subject.js';
import type { PackResult } from '../packs/pack.js';
import { VERSION } from '../version.js';
import { GATE } from './codes.js';

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
 * Every string the report keeps is capped (capField), so a report can always be written.
 */
export function decide(uncapped: PackResult[], settings: GateSettings): GateReport {
  const results = capFields(uncapped);
  const targets: Target[] = results.map((r) => r.target);
  const findings: Finding[] = [];
  // A finding is judged by the target whose result holds it (never looked up by subject id,
  // which two targets could share), and counted against that target's own subjects.
  const bySubject = new Map<string, Finding[]>();
  const key = (target: string, subject: string) => `${target}\0${subject}`;
  for (const r of results) {
    for (const f of r.findings) {
      const severity =
        r.target.enforcement === 'advisory' && f.severity === 'error' ? 'warning' : f.severity;
      const judged = { ...f, severity, blocking: severity === 'error' };
      findings.push(judged);
      const k = key(r.target.id, f.subject);
      const own = bySubject.get(k);
      if (own) own.push(judged);
      else bySubject.set(k, [judged]);
    }
  }
  const runFindings = capFields([...settings.runFindings, ...sharedSubjects(results)]);
  for (const f of runFindings) findings.push({ ...f, blocking: f.severity === 'error' });

  const subjects: Subject[] = results.flatMap((r) =>
    r.subjects.map((s) => {
      const own = bySubject.get(key(r.target.id, s.id)) ?? [];
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

/**
 * Two targets that report the same subject id (a paper's manifest listing an artifact inside a
 * nested paper dir) cannot be told apart in reports: fail closed and say which.
 */
function sharedSubjects(results: PackResult[]): Finding[] {
  const owner = new Map<string, PackResult>();
  const out: Finding[] = [];
  for (const r of results) {
    for (const s of new Set(r.subjects.map((x) => x.id))) {
      const first = owner.get(s);
      if (!first) owner.set(s, r);
      else if (first !== r)
        out.push(
          finding(GATE.subjectConflict, {
            subject: 'gate',
            message: `${first.target.path} and ${r.target.path} both report ${s}, so their results cannot be told apart.`,
          }),
        );
    }
  }
  return out;
}
