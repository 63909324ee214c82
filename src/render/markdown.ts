import type { Finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import type { Subject, Target } from '../model/subject.js';
import { cap, htmlCommentText, mdCode, mdText } from './sanitize.js';

/**
 * The Markdown renderings of a GateReport shared by every GitHub surface: the check-run summary,
 * the failure cards (check-run text, pull-request comment) and the job summary. Everything that
 * came from an artifact goes through mdText / mdCode; the output is capped at `limit` (counted the
 * way GitHub counts that field) with a visible "trimmed" note instead of silently cut.
 */

/**
 * GitHub's caps: check-run output.summary / output.text 65,535 UTF-8 bytes (GitHub answers 422
 * "summary exceeds a maximum bytesize of 65535"); a comment body 65,536 characters.
 */
export const CHECK_OUTPUT_LIMIT = 65_535;
export const COMMENT_LIMIT = 65_536;

/** How a limit counts: UTF-8 bytes (check-run output) or characters, i.e. code points (a comment body). */
export type SizeUnit = 'bytes' | 'chars';

/** The size of `s` in `unit`. A lone surrogate counts 3 bytes, as Node encodes it (U+FFFD). */
export function sizeOf(s: string, unit: SizeUnit): number {
  if (unit === 'bytes') return Buffer.byteLength(s, 'utf8');
  // UTF-16 code units, less one per surrogate pair (a pair is one code point).
  return s.length - (s.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);
}

/** The longest start of `s` that is at most `max` in `unit`, cut between code points (never inside one). */
export function prefixOf(s: string, max: number, unit: SizeUnit): string {
  let used = 0;
  let end = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    used += unit === 'chars' ? 1 : cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (used > max) return s.slice(0, end);
    end += ch.length;
  }
  return s;
}

const TRIMMED = '\n\n_… trimmed to fit GitHub’s limit._\n';

/**
 * `s` when it fits in `limit` (counted in `unit`), else as much of it as fits followed by a visible
 * trimmed note. The last resort of every text sent to a size-limited GitHub field.
 */
export function clip(s: string, limit: number, unit: SizeUnit): string {
  if (sizeOf(s, unit) <= limit) return s;
  const room = limit - sizeOf(TRIMMED, unit);
  return room < 0 ? prefixOf(s, limit, unit) : prefixOf(s, room, unit) + TRIMMED;
}

export interface MarkdownOptions {
  /** The check name users chose (also the comment marker). */
  checkName: string;
  /** Link to the workflow run (trusted: built from the runner's environment). */
  runUrl?: string;
  /** Cap for the rendered text, in `unit`. */
  limit?: number;
  /**
   * How `limit` counts: UTF-8 bytes for check-run output (the default of renderSummary and
   * renderCards), characters for a comment body (the default of renderComment).
   */
  unit?: SizeUnit;
}

const REASON_MAX = 300;
const MESSAGE_MAX = 600;
const REMEDIATION_MAX = 400;

/** One card's worth: a subject, or a target / the run itself when findings are about them. */
export interface Unit {
  key: string;
  label: string;
  name: string;
  path?: string;
  kind: string;
  outcome: Subject['outcome'];
  subject?: Subject;
  target?: Target;
  findings: Finding[];
}

/** Groups findings by the subject they are about; findings about a target or the run get a unit of their own. */
export function units(report: GateReport): Unit[] {
  const targets = new Map(report.targets.map((t) => [t.id, t]));
  const subjects = new Map(report.subjects.map((s) => [s.id, s]));
  const byKey = new Map<string, Finding[]>();
  for (const f of report.findings) {
    const own = byKey.get(f.subject);
    if (own) own.push(f);
    else byKey.set(f.subject, [f]);
  }
  const out: Unit[] = [];
  for (const s of report.subjects) {
    out.push({
      key: s.id,
      label: s.status === 'BLOCKING_VERDICT' && s.verdict ? s.verdict : s.status,
      name: s.name,
      path: s.path,
      kind: s.kind,
      outcome: s.outcome,
      subject: s,
      ...(targets.get(s.target) ? { target: targets.get(s.target)! } : {}),
      findings: byKey.get(s.id) ?? [],
    });
  }
  for (const [key, findings] of byKey) {
    if (subjects.has(key)) continue;
    const t = targets.get(key);
    const outcome: Subject['outcome'] = findings.some((f) => f.blocking)
      ? 'blocking'
      : findings.some((f) => f.severity !== 'notice')
        ? 'problem'
        : 'pass';
    out.push({
      key,
      label: outcome === 'blocking' ? 'FAILED' : outcome === 'problem' ? 'PROBLEM' : 'NOTE',
      name: t ? t.path : key === 'gate' ? 'audit-gate run' : key,
      ...(t ? { path: t.path, target: t } : {}),
      kind: t ? t.kind : 'run',
      outcome,
      findings,
    });
  }
  return out;
}

export function isFailing(u: Unit): boolean {
  return u.outcome === 'blocking' || u.outcome === 'problem';
}

const MARK: Record<Subject['outcome'], string> = {
  pass: '✓',
  problem: '⚠',
  blocking: '✗',
  skipped: '·',
};

/** A one-line title for the check run (also the first line of the comment). */
export function checkTitle(report: GateReport): string {
  const c = report.counts;
  const parts: string[] = [];
  if (c.blocking) parts.push(`${c.blocking} blocking`);
  if (c.problem) parts.push(`${c.problem} with problems`);
  parts.push(`${c.pass} pass`);
  if (c.skipped) parts.push(`${c.skipped} skipped`);
  const subjects = new Set(report.subjects.map((s) => s.id));
  const failedRun = report.findings.some((f) => f.blocking && !subjects.has(f.subject));
  const lead = c.subjects === 0 && failedRun ? 'nothing verified' : parts.join(', ');
  return cap(`${lead} — submission-ready: ${report.submission_ready}`, 255);
}

function conclusionLine(report: GateReport): string {
  switch (report.conclusion) {
    case 'failure':
      return '**✗ Blocked:** the problems below fail the gate.';
    case 'neutral':
      return '**⚠ Problems that do not block at this assurance level** (they would block a submission).';
    default:
      return '**✓ Nothing blocks.**';
  }
}

function countsLine(report: GateReport): string {
  const c = report.counts;
  return (
    `${c.subjects} subjects in ${c.targets} targets: ${c.blocking} blocking · ${c.problem} with problems · ` +
    `${c.pass} pass · ${c.skipped} skipped — ${c.errors} errors, ${c.warnings} warnings · ` +
    `**submission-ready: ${report.submission_ready}**`
  );
}

/** How the target was judged, e.g. "assurance **submission** (from `.aris/assurance.txt`)". */
function judgedBy(t: Target | undefined): string {
  if (!t) return '';
  const a = t.context['assurance'];
  if (a === undefined) return `enforcement **${t.enforcement}**`;
  const src = t.context['assurance_source'];
  return `assurance **${mdText(a, 40)}**${src ? ` (from ${mdCode(src, 120, false)})` : ''}`;
}

function whyLine(u: Unit): string {
  if (u.outcome === 'blocking') {
    if (!u.target)
      return 'The run itself failed, so the gate fails closed: an unverified change is never a green check.';
    const label =
      u.subject?.verdict && u.label === u.subject.verdict
        ? `a ${mdText(u.label, 40)} verdict`
        : `a ${mdText(u.label, 40)} ${mdText(u.kind, 20)}`;
    return `${judgedBy(u.target)} makes ${label} blocking.`;
  }
  return `Does not block under ${judgedBy(u.target) || 'the current settings'}; it would block at assurance **submission**.`;
}

function locationText(f: Finding): string {
  if (!f.location) return '';
  return f.location.line ? `${f.location.path}:${f.location.line}` : f.location.path;
}

/** One failure card: what failed, why it blocks and what to do, about the user's files only. */
export function renderCard(u: Unit): string {
  const lines: string[] = [];
  const where = u.path ? ` (${mdCode(u.path, 200, false)})` : '';
  lines.push(`#### ${MARK[u.outcome]} ${mdText(u.label, 60)} — ${mdText(u.name, 120)}${where}`);
  lines.push('');
  // The artifact's own reason explains a verdict; for a STALE or malformed audit it would mislead.
  const reason = u.subject?.verdict && u.label === u.subject.verdict ? u.subject.reason : undefined;
  if (reason) {
    const i = reason.indexOf(': ');
    lines.push(
      i > 0 && i < 80 && /^[\w.:-]+$/.test(reason.slice(0, i))
        ? `${mdCode(reason.slice(0, i), 80, false)} ${mdText(reason.slice(i + 2), REASON_MAX)}`
        : mdText(reason, REASON_MAX),
    );
    lines.push('');
  }
  const shown = u.findings.filter((f) => f.severity !== 'notice' || u.findings.length === 1);
  if (u.label === 'STALE') {
    const inputs = shown.flatMap((f) =>
      f.related && f.related.length ? f.related.map((r) => ({ f, r })) : [],
    );
    if (inputs.length) {
      lines.push('Changed or deleted inputs:');
      for (const { f, r } of inputs)
        lines.push(`- ${mdCode(r.path, 200, false)} — ${mdText(f.message, MESSAGE_MAX)}`);
    }
    for (const f of shown.filter((x) => !x.related || x.related.length === 0)) {
      const loc = locationText(f);
      lines.push(
        `- ${loc ? `${mdCode(loc, 200, false)} ` : ''}${mdText(f.message, MESSAGE_MAX)} (${mdCode(f.code, 80, false)})`,
      );
    }
  } else {
    // The verdict finding repeats the artifact's summary shown above: point at its line only.
    const summary = reason ? reason.slice(reason.indexOf(': ') + 2) : undefined;
    for (const f of shown) {
      const loc = locationText(f);
      const text =
        summary && f.message.includes(summary) ? '' : `${mdText(f.message, MESSAGE_MAX)} `;
      lines.push(
        `- ${loc ? `${mdCode(loc, 200, false)} ` : ''}${text}(${mdCode(f.code, 80, false)})`,
      );
    }
  }
  if (shown.length) lines.push('');
  lines.push(`**${u.outcome === 'blocking' ? 'Why it blocks' : 'Why it matters'}:** ${whyLine(u)}`);
  const todo = [...new Set(shown.map((f) => f.remediation).filter((r) => r))];
  if (todo.length) {
    lines.push('');
    lines.push(`**What to do:** ${todo.map((r) => mdText(r, REMEDIATION_MAX)).join(' ')}`);
  }
  return lines.join('\n');
}

/**
 * Appends `items` to `head` while they fit under `limit` counted in `unit` (leaving room for `tail`
 * and a visible trimmed note); returns the text and how many items were left out.
 */
export function fit(
  head: string,
  items: string[],
  tail: string,
  limit: number,
  note: (omitted: number) => string,
  unit: SizeUnit,
): { text: string; omitted: number } {
  // note(items.length) is at least as long as the note for fewer omitted items.
  const reserve = sizeOf(note(items.length), unit) + sizeOf(tail, unit);
  let text = head;
  let used = sizeOf(head, unit);
  let i = 0;
  for (; i < items.length; i++) {
    const next = items[i]!;
    const size = sizeOf(next, unit);
    if (used + size + reserve > limit) break;
    text += next;
    used += size;
  }
  const omitted = items.length - i;
  if (omitted > 0) text += note(omitted);
  text += tail;
  return { text: clip(text, limit, unit), omitted };
}

function passingDetails(pass: Unit[]): string {
  if (pass.length === 0) return '';
  const rows = pass.map(
    (u) =>
      `| ${MARK[u.outcome]} | ${mdText(u.name, 120)} | ${u.path ? mdCode(u.path, 200) : ''} | ${mdText(u.label, 40)} | ${mdText(u.subject?.verdict ?? '', 40)} |`,
  );
  const body = ['| | Subject | Path | Status | Verdict |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
  return `<details><summary>✓ ${pass.length} passing subject${pass.length === 1 ? '' : 's'}</summary>\n\n${body}\n\n</details>\n`;
}

/** The hidden marker that identifies this check's sticky comment. */
export function commentMarker(checkName: string): string {
  return `<!-- audit-gate:sticky-comment check="${htmlCommentText(checkName)}" -->`;
}

function runLink(opts: MarkdownOptions): string {
  return opts.runUrl ? ` · [workflow run](${opts.runUrl})` : '';
}

/** A title line, then the conclusion and counts lines, each followed by a blank line. */
function heading(title: string, report: GateReport, opts: MarkdownOptions): string {
  return [title, conclusionLine(report), countsLine(report) + runLink(opts), ''].join('\n\n');
}

/** The failure cards (check-run text and the body of the pull-request comment). */
export function renderCards(report: GateReport, opts: MarkdownOptions): string {
  const limit = opts.limit ?? CHECK_OUTPUT_LIMIT;
  const unit = opts.unit ?? 'bytes';
  const all = units(report);
  const failing = all
    .filter(isFailing)
    .sort((a, b) => (a.outcome === b.outcome ? 0 : a.outcome === 'blocking' ? -1 : 1));
  const passing = all.filter((u) => !isFailing(u));
  const head = heading(
    `### ${mdText(opts.checkName, 100)}: ${mdText(checkTitle(report), 255)}`,
    report,
    opts,
  );
  const details = passingDetails(passing);
  return fit(
    head,
    failing.map((u) => renderCard(u) + '\n\n'),
    details,
    limit,
    (n) =>
      `> **Trimmed:** ${n} more failing subject${n === 1 ? '' : 's'} not shown here; see the check run annotations and the JSON report.\n\n`,
    unit,
  ).text;
}

/** The sticky pull-request comment: the marker, then the cards (or a short green state). */
export function renderComment(report: GateReport, opts: MarkdownOptions): string {
  const marker = commentMarker(opts.checkName) + '\n';
  const unit = opts.unit ?? 'chars';
  const limit = (opts.limit ?? COMMENT_LIMIT) - sizeOf(marker, unit);
  const anyFailing = units(report).some(isFailing);
  if (!anyFailing) {
    const green = [
      `### ✓ ${mdText(opts.checkName, 100)}: all ${report.counts.subjects} subjects pass — submission-ready: ${report.submission_ready}`,
      '',
      countsLine(report) + runLink(opts),
      '',
      passingDetails(units(report)),
    ].join('\n');
    return marker + clip(green, limit, unit);
  }
  return marker + renderCards(report, { ...opts, limit, unit });
}

/** The check-run summary and job summary: one table per target, the counts and submission-ready. */
export function renderSummary(report: GateReport, opts: MarkdownOptions): string {
  const limit = opts.limit ?? CHECK_OUTPUT_LIMIT;
  const unit = opts.unit ?? 'bytes';
  const head = heading(`## ${mdText(opts.checkName, 100)}: ${report.conclusion}`, report, opts);
  const all = units(report);
  // Each target's rows: its subjects, and its own unit when findings are about the target itself.
  const byTarget = new Map<string, Unit[]>();
  for (const u of all) {
    const id = u.subject ? u.subject.target : u.target?.id;
    if (id === undefined) continue;
    const own = byTarget.get(id);
    if (own) own.push(u);
    else byTarget.set(id, [u]);
  }
  const sections: string[] = [];
  for (const t of report.targets) {
    const rows = (byTarget.get(t.id) ?? []).map((u) => {
      const verdictWhy =
        u.subject?.verdict && u.label === u.subject.verdict ? u.subject.reason : undefined;
      const why = isFailing(u)
        ? (verdictWhy ??
          u.findings.find((f) => f.severity !== 'notice')?.message ??
          u.subject?.reason ??
          '')
        : '';
      return `| ${MARK[u.outcome]} | ${mdText(u.name, 120)} | ${mdText(u.kind, 20)} | ${mdText(u.label, 40)} | ${mdText(u.subject?.verdict ?? '', 40)} | ${mdText(why, 200)} |`;
    });
    const judged = judgedBy(t);
    sections.push(
      [
        `### ${mdText(t.kind, 20)} ${mdCode(t.path, 200, false)}${judged ? ` — ${judged}` : ''} → **${mdText(t.terminal_state, 40)}**`,
        '',
        '| | Subject | Kind | Status | Verdict | Why |',
        '|---|---|---|---|---|---|',
        ...rows,
        '',
        '',
      ].join('\n'),
    );
  }
  const runLevel = all.filter((u) => !u.target && !u.subject);
  for (const u of runLevel) {
    sections.push(
      [
        `### ${MARK[u.outcome]} ${mdText(u.name, 120)}`,
        '',
        ...u.findings.map(
          (f) =>
            `- ${mdText(f.message, MESSAGE_MAX)} (${mdCode(f.code, 80, false)}) — ${mdText(f.remediation, REMEDIATION_MAX)}`,
        ),
        '',
        '',
      ].join('\n'),
    );
  }
  return fit(
    head,
    sections,
    '',
    limit,
    (n) =>
      `> **Trimmed:** ${n} more target${n === 1 ? '' : 's'} not shown to stay under GitHub’s 65,535-byte limit; the JSON report has everything.\n\n`,
    unit,
  ).text;
}

/** The job summary: the tables, then the failure cards (what to fix). */
export function renderJobSummary(report: GateReport, opts: MarkdownOptions): string {
  return `${renderSummary(report, opts)}\n${renderCards(report, opts)}`;
}
