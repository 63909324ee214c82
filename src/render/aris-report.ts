import type { GateReport } from '../model/report.js';
import type { ArisReport } from '../packs/aris/schema.js';

/**
 * The drop-in report of verify_paper_audits.sh (version 2) for one paper target, with our
 * additions: submission_ready, effort, assurance_source, manifest and the located findings.
 */
export function renderArisReport(report: GateReport, targetId: string): ArisReport {
  const base = report.extensions?.[targetId] as ArisReport | undefined;
  if (!base) throw new Error(`no ARIS report for ${targetId}`);
  const subjects = new Set(report.subjects.filter((s) => s.target === targetId).map((s) => s.id));
  subjects.add(targetId);
  return { ...base, findings: report.findings.filter((f) => subjects.has(f.subject)) };
}
