import type { Finding, Location, Severity } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import { cap, plain } from '../render/sanitize.js';

/** A check-run annotation as the Checks API takes it. */
export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  title: string;
  message: string;
}

const LEVEL: Record<Severity, Annotation['annotation_level']> = {
  error: 'failure',
  warning: 'warning',
  notice: 'notice',
};
const RANK: Record<Annotation['annotation_level'], number> = { failure: 0, warning: 1, notice: 2 };

/** GitHub's caps: title 255 characters; message 64 KB (we keep it far shorter). */
export const TITLE_MAX = 255;
export const MESSAGE_MAX = 4000;

/** Annotation paths must be repository-relative POSIX paths without `..`. */
function safePath(p: string): string | undefined {
  const clean = p.replace(/\\/g, '/').replace(/^\.\//, '');
  if (
    !clean ||
    clean.startsWith('/') ||
    clean.split('/').includes('..') ||
    Array.from(clean).some((c) => c.charCodeAt(0) < 0x20)
  )
    return undefined;
  return clean;
}

/**
 * One annotation per finding that has a location, plus one on each changed file a finding relates
 * to (the input that changed under a STALE audit). A file several audits cited gets one
 * annotation naming them all, not one per audit. Most severe first. Annotation text is plain text
 * (GitHub does not render Markdown in annotations), with control characters made visible.
 */
export function buildAnnotations(report: GateReport): Annotation[] {
  const names = new Map(report.subjects.map((s) => [s.id, s.name]));
  const out: Annotation[] = [];
  const make = (
    f: Finding,
    path: string,
    line: number | undefined,
    column: number | undefined,
    title: string,
    message: string,
  ): Annotation | undefined => {
    const p = safePath(path);
    if (!p) return undefined;
    const a: Annotation = {
      path: p,
      start_line: line ?? 1,
      end_line: line ?? 1,
      annotation_level: LEVEL[f.severity],
      title: cap(plain(title), TITLE_MAX),
      message: cap(message.split('\n').map(plain).join('\n'), MESSAGE_MAX),
    };
    if (column !== undefined && line !== undefined) {
      a.start_column = column;
      a.end_column = column;
    }
    return a;
  };
  /** Related locations, grouped by file, code and level: one annotation per changed file. */
  const related = new Map<string, { loc: Location; findings: Finding[] }>();
  for (const f of report.findings) {
    const subject = names.get(f.subject) ?? f.subject;
    if (f.location) {
      const a = make(
        f,
        f.location.path,
        f.location.line,
        f.location.column,
        `${f.code} — ${subject}`,
        `${f.message}\n→ ${f.remediation}`,
      );
      if (a) out.push(a);
    }
    for (const r of f.related ?? []) {
      const key = [r.path, r.line ?? '', f.code, f.severity].join('\0');
      const group = related.get(key) ?? { loc: r, findings: [] };
      group.findings.push(f);
      related.set(key, group);
    }
  }
  for (const { loc, findings } of related.values()) {
    const f = findings[0]!;
    const who = [...new Set(findings.map((x) => names.get(x.subject) ?? x.subject))];
    const message =
      findings.length === 1
        ? `${f.message}\n→ ${f.remediation}`
        : findings.map((x) => `${x.message}\n→ ${x.remediation}`).join('\n');
    const a = make(
      f,
      loc.path,
      loc.line,
      loc.column,
      `${f.code} — input of ${who.join(', ')}`,
      message,
    );
    if (a) out.push(a);
  }
  return out.sort((a, b) => RANK[a.annotation_level] - RANK[b.annotation_level]);
}
