import type { Finding } from '../../model/finding.js';
import type { GateReport } from '../../model/report.js';

/**
 * For a pack's per-target outputs: each named target's findings, in report order, from one pass
 * over the report (filtering it per target is quadratic on a report of many targets). A finding
 * belongs to every target one of its subjects belongs to, and to the target its subject names.
 */
export function findingsByTarget(
  report: GateReport,
  targetIds: readonly string[],
): Map<string, Finding[]> {
  const wanted = new Set(targetIds);
  const targetsOf = new Map<string, Set<string>>();
  const add = (subject: string, target: string): void => {
    if (!wanted.has(target)) return;
    const targets = targetsOf.get(subject) ?? new Set<string>();
    targetsOf.set(subject, targets.add(target));
  };
  for (const s of report.subjects) add(s.id, s.target);
  for (const id of wanted) add(id, id);
  const byTarget = new Map<string, Finding[]>(targetIds.map((id) => [id, []]));
  for (const f of report.findings)
    for (const target of targetsOf.get(f.subject) ?? []) byTarget.get(target)!.push(f);
  return byTarget;
}
