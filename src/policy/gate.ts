import { capFields } from '../model/cap.js';
import { finding, type Finding } from '../model/finding.js';
import type { Conclusion, Counts, GateReport } from '../model/report.js';
import type { Subject, Target } from '../model/subject.js';
import type { PackResult } from '../packs/pack.js';
import { VERSION } from '../version.js';
import { GATE } from './codes.js';
import { applyWaivers, type WaiverEntry } from './waivers.js';

export type FailOn = 'blocking' | 'problem';

export interface GateSettings {
  root: string;
  failOn: FailOn;
  /** Run-level findings (nothing verified, bad config) that belong to no target. */
  runFindings: Finding[];
  /** The waivers that apply (a trusted config's, or any config's when nothing is pinned). */
  waivers?: readonly WaiverEntry[];
  /**
   * The results are one shard's share: a waiver may match in another shard, so an unmatched one
   * is not reported here (merge decides the ratchet over every shard).
   */
  partial?: boolean;
  /** When waivers expire against; now by default. */
  now?: Date;
}

/**
 * Whether a target's result verified anything, for "nothing was verified": a subject that was not
 * skipped. A paper whose audits are all missing (allowed at draft) verified nothing, unless the
 * workflow named it (`named`): a paper found by its checkout-written `.aris/` files alone, or
 * named by the checkout's config, cannot make an emptied repository pass.
 */
export function verifiedSomething(r: PackResult): boolean {
  return r.target.named === true
    ? r.subjects.length > 0
    : r.subjects.some((s) => s.outcome !== 'skipped');
}

/**
 * The policy step: findings of advisory targets (draft assurance) are reported as warnings and
 * never block; error findings of blocking targets fail the gate; a finding a waiver accepts is
 * kept, marked waived, and neither blocks nor counts as a problem. Run-level findings always block.
 * Every string the report keeps is capped (capField), so a report can always be written.
 */
export function decide(uncapped: PackResult[], settings: GateSettings): GateReport {
  const results = capFields(uncapped);
  const targets: Target[] = results.map((r) => r.target);
  // A finding is judged by the target whose result holds it (never looked up by subject id,
  // which two targets could share), and counted against that target's own subjects.
  const judged: Finding[] = [];
  const owner: string[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      const severity =
        r.target.enforcement === 'advisory' && f.severity === 'error' ? 'warning' : f.severity;
      // `waived` is policy's to set (below), never taken from a result or a published report.
      const own: Finding = { ...f, severity, blocking: severity === 'error' };
      delete own.waived;
      judged.push(own);
      owner.push(r.target.id);
    }
  }
  const waived = applyWaivers(judged, settings.waivers ?? [], settings.now ?? new Date());
  const findings: Finding[] = capFields(waived.findings);
  const bySubject = new Map<string, Finding[]>();
  const key = (target: string, subject: string) => `${target}\0${subject}`;
  const waivedSubjects = new Set<string>();
  findings.forEach((f, i) => {
    const k = key(owner[i]!, f.subject);
    // Shown, and its subject stays a problem, but it blocks nothing.
    if (f.waived) return void waivedSubjects.add(k);
    const own = bySubject.get(k);
    if (own) own.push(f);
    else bySubject.set(k, [f]);
  });
  const runFindings = capFields([
    ...settings.runFindings,
    ...sharedSubjects(results),
    ...(settings.partial
      ? waived.ratchet.filter((f) => f.code !== GATE.waiverUnmatched.code)
      : waived.ratchet),
  ]);
  for (const f of runFindings) findings.push({ ...f, blocking: f.severity === 'error' });

  const subjects: Subject[] = results.flatMap((r) =>
    r.subjects.map((s) => {
      const k = key(r.target.id, s.id);
      const own = bySubject.get(k) ?? [];
      const outcome = own.some((f) => f.blocking)
        ? 'blocking'
        : own.some((f) => f.severity !== 'notice') || waivedSubjects.has(k)
          ? 'problem'
          : s.outcome;
      return { ...s, outcome };
    }),
  );

  const open = findings.filter((f) => !f.waived);
  const counts: Counts = {
    targets: targets.length,
    subjects: subjects.length,
    pass: subjects.filter((s) => s.outcome === 'pass').length,
    problem: subjects.filter((s) => s.outcome === 'problem').length,
    blocking: subjects.filter((s) => s.outcome === 'blocking').length,
    skipped: subjects.filter((s) => s.outcome === 'skipped').length,
    errors: open.filter((f) => f.severity === 'error').length,
    warnings: open.filter((f) => f.severity === 'warning').length,
    notices: open.filter((f) => f.severity === 'notice').length,
    suppressed: findings.length - open.length,
  };
  const anyBlocking = open.some((f) => f.blocking);
  const anyProblem = open.some((f) => f.severity !== 'notice');
  let conclusion: Conclusion = 'success';
  if (anyBlocking || (settings.failOn === 'problem' && anyProblem)) conclusion = 'failure';
  else if (anyProblem) conclusion = 'neutral';
  const ready = !anyProblem && subjects.length > 0 && targets.every((t) => t.ready);

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
 * `report` with blocking run-level findings added after it was decided (a report file the
 * workflow asked for could not be written): the verdict decide would have given with them.
 */
export function withBlockingRunFindings(report: GateReport, added: Finding[]): GateReport {
  if (added.length === 0) return report;
  const extra = capFields(added).map((f) => ({ ...f, severity: 'error' as const, blocking: true }));
  return {
    ...report,
    conclusion: 'failure',
    submission_ready: 'no',
    exit_code: 1,
    counts: { ...report.counts, errors: report.counts.errors + extra.length },
    findings: [...report.findings, ...extra],
  };
}

/**
 * Two targets that report the same subject id (a paper's manifest listing an artifact inside a
 * nested paper dir) cannot be told apart in reports: fail closed and say which. Nor can a
 * target whose id is another target's subject id (aristo's `w#p` directory beside proof `p` of
 * `w`): a finding about the target would be shown under that subject.
 */
function sharedSubjects(results: PackResult[]): Finding[] {
  const owner = new Map<string, PackResult>();
  const out: Finding[] = [];
  const conflict = (a: PackResult, b: PackResult, id: string) =>
    out.push(
      finding(GATE.subjectConflict, {
        subject: 'gate',
        message: `${a.target.path} and ${b.target.path} both report ${id}, so their results cannot be told apart.`,
      }),
    );
  for (const r of results) {
    for (const s of new Set(r.subjects.map((x) => x.id))) {
      const first = owner.get(s);
      if (!first) owner.set(s, r);
      else if (first !== r) conflict(first, r, s);
    }
  }
  for (const r of results) {
    const other = owner.get(r.target.id);
    if (other && other !== r)
      out.push(
        finding(GATE.subjectConflict, {
          subject: 'gate',
          message: `The target ${r.target.path} has the id ${r.target.id}, which is also a subject of ${other.target.path}, so their results cannot be told apart.`,
        }),
      );
  }
  return out;
}
