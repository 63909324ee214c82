import type { Finding } from '../../model/finding.js';
import type { GateReport } from '../../model/report.js';
import { findingsByTarget } from '../kit/index.js';
import type { ArisReport } from './schema.js';

/**
 * A finding as verify_paper_audits.sh users know it: the pack's `details.issue` is the legacy
 * `issue` key, in the place it always had (key order included, so the JSON is byte-identical).
 */
function legacyFinding(f: Finding): Record<string, unknown> {
  if (f.details === undefined) return f;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (k !== 'details') out[k] = v;
    else if (f.details['issue'] !== undefined) out['issue'] = f.details['issue'];
  }
  return out;
}

/**
 * The drop-in report of verify_paper_audits.sh (version 2) for one paper target, with our
 * additions: submission_ready, effort, assurance_source, manifest and the located findings.
 */
export function renderArisReport(report: GateReport, targetId: string): ArisReport {
  const base = report.extensions?.[targetId] as ArisReport | undefined;
  if (!base) throw new Error(`no ARIS report for ${targetId}`);
  return {
    ...base,
    findings: findingsByTarget(report, [targetId]).get(targetId)!.map(legacyFinding),
  };
}
