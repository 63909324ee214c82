import type { Finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import type { Subject } from '../model/subject.js';
import {
  adviceFor,
  blockingText,
  nonBlockingText,
  judgedContext,
  plural,
  statusLabel,
  stateText,
  subjectsByTarget,
} from './labels.js';
import { cap, plain } from './sanitize.js';

const MARK: Record<Subject['outcome'], string> = {
  pass: '✓',
  problem: '!',
  blocking: '✗',
  skipped: '·',
};

export function locationText(f: Finding): string {
  if (!f.location) return '';
  return f.location.line ? `${f.location.path}:${f.location.line}` : f.location.path;
}

/** The terminal summary: one line per subject, the findings with what to do, then the totals. */
export function renderText(report: GateReport): string {
  const out: string[] = [];
  out.push(`audit-gate ${report.tool.version} — ${plain(report.root)}`);
  const byTarget = subjectsByTarget(report);
  // How many findings each target has, so its state line says where to look.
  const targetOf = new Map(report.subjects.map((x) => [x.id, x.target]));
  const errors = new Map<string, number>();
  for (const f of report.findings) {
    const t = targetOf.get(f.subject) ?? f.subject;
    if (f.severity === 'error' && !f.waived) errors.set(t, (errors.get(t) ?? 0) + 1);
  }
  for (const t of report.targets) {
    const subjects = byTarget.get(t.id) ?? [];
    // A value the path already ends with (a run's id) is not said twice.
    const last = t.path.split('/').pop();
    const ctx = judgedContext(t)
      .filter(([, v]) => v !== last)
      .map(([k, v]) => `${plain(k)}: ${plain(v)}`)
      .join(', ');
    out.push('', `${plain(t.kind)} ${plain(t.path)}${ctx ? `  (${ctx})` : ''}`);
    const width = Math.min(24, Math.max(...subjects.map((s) => shortName(s.name).length), 8));
    for (const s of subjects) {
      // A merged report's fields come from shard reports, which may be forged: all shown escaped.
      const label = plain(statusLabel(s));
      const verdict = s.verdict && s.verdict !== label ? `  ${plain(s.verdict)}` : '';
      out.push(
        `  ${MARK[s.outcome]} ${plain(shortName(s.name)).padEnd(width)}  ${label.padEnd(16)}${verdict}`.trimEnd(),
      );
    }
    const n = errors.get(t.id) ?? 0;
    out.push(`  = ${plain(stateText(t, subjects))}${n ? ` (${plural(n, 'error')} below)` : ''}`);
  }
  if (report.findings.length > 0) {
    out.push('', 'Findings:');
    // Findings about the run as a whole (a bad config, nothing verified) first: they explain the rest.
    const ordered = [
      ...report.findings.filter((f) => f.subject === 'gate'),
      ...report.findings.filter((f) => f.subject !== 'gate'),
    ];
    for (const f of ordered) {
      const mark = f.waived
        ? '~'
        : f.severity === 'error'
          ? '✗'
          : f.severity === 'warning'
            ? '!'
            : '·';
      const where = locationText(f);
      out.push(`  ${mark} ${where ? `${plain(where)}  ` : ''}${plain(f.code)}`);
      out.push(`      ${cap(plain(f.message), 600)}`);
      out.push(`      → ${plain(f.remediation)}`);
      if (f.waived) out.push(`      ${waivedText(f.waived)}`);
    }
  }
  const c = report.counts;
  out.push(
    '',
    `${plural(c.subjects, 'subject')}: ${[`${c.pass} pass`, nonBlockingText(c), blockingText(report), `${c.skipped} skipped`].filter(Boolean).join(', ')} · ` +
      `${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}${c.suppressed ? `, ${c.suppressed} waived` : ''} · submission-ready: ${report.submission_ready}`,
  );
  const verdictLine =
    report.conclusion === 'failure'
      ? `FAIL: the blocking problems above fail the gate; fix them${orElse(adviceFor(report, 'blocking'))}.`
      : report.conclusion === 'neutral'
        ? `WARN: the problems above do not fail the gate${report.submission_ready === 'yes' ? '' : '; fix them before submission'}.`
        : 'OK: nothing blocks.';
  out.push(`${verdictLine} (exit ${report.exit_code})`);
  if (report.shard)
    out.push(
      `This is shard ${report.shard.index}/${report.shard.count} (${plural(report.shard.targets.length, 'target')} of the list): it is no verdict on the repository. Merge every shard's report (audit-gate merge, or the Action's report: input) for that.`,
    );
  return out.join('\n') + '\n';
}

/** The packs' other ways out, e.g. " (or check a paper at …)"; empty without any. */
function orElse(clauses: string[]): string {
  return clauses.length ? ` (or ${clauses.map(plain).join('; or ')})` : '';
}

/** A waived finding's note: it does not block, and why (the config's words, made plain). */
export function waivedText(w: NonNullable<Finding['waived']>): string {
  return `waived: ${cap(plain(w.reason), 300)}${w.tracking ? ` (${cap(plain(w.tracking), 200)})` : ''}; it does not block.`;
}

/** A subject's name in the text view: a long one (a run's 71-character id) cut, its path says it whole. */
function shortName(name: string): string {
  return name.length > 32 ? `${name.slice(0, 23)}…` : name;
}
