import type { Finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import { NOT_READY_BECAUSE, type Subject, type Target } from '../model/subject.js';
import {
  adviceFor,
  blockingText,
  nonBlockingText,
  middle,
  plural,
  runLevelBlocking,
  statusLabel,
  stateText,
} from './labels.js';
import { findPack } from '../packs/registry.js';
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
 * `s` when it fits in `limit` (counted in `unit`), else its whole lines that fit followed by a
 * visible trimmed note. The last resort of every text sent to a size-limited GitHub field. Only
 * whole lines are kept: every rendered line closes its own code spans, and a line cut inside one
 * would let the rest of it (text from the checkout) render as markdown.
 */
export function clip(s: string, limit: number, unit: SizeUnit): string {
  if (sizeOf(s, unit) <= limit) return s;
  const room = limit - sizeOf(TRIMMED, unit);
  if (room < 0) return '';
  const kept = prefixOf(s, room, unit);
  return kept.slice(0, kept.lastIndexOf('\n') + 1) + TRIMMED;
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
/** The most audits (and remediations) one cause card lists, so that one card always fits. */
const CAUSE_LIST_MAX = 25;

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
  /** A cause card (one changed file, several audits): the subjects it stands for. */
  members?: Subject[];
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
      label: statusLabel(s),
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

/**
 * The failure cards: one per cause rather than one per subject. Findings that name the same
 * changed file in one target (one edited main.tex under four audits) become one card listing every
 * audit that cited it; changed files cited by the same audits share that card. A subject whose
 * findings all went into such a card has no card of its own (its row stays in the summary table).
 */
export function cards(report: GateReport): Unit[] {
  const all = units(report);
  type Cause = { findings: Finding[]; members: Map<string, Unit> };
  const causes = new Map<string, Cause>();
  for (const u of all) {
    if (!u.subject || !isFailing(u)) continue;
    for (const f of u.findings) {
      if (!f.related?.length) continue;
      const key = [u.subject.target, f.code, ...f.related.map((r) => r.path).sort()].join('\0');
      const c: Cause = causes.get(key) ?? { findings: [], members: new Map() };
      c.findings.push(f);
      c.members.set(u.key, u);
      causes.set(key, c);
    }
  }
  // Causes shared by several subjects, merged when the same subjects share them.
  const groups = new Map<string, { findings: Finding[]; members: Unit[] }>();
  for (const c of causes.values()) {
    if (c.members.size < 2) continue;
    const key = [...c.members.keys()].sort().join('\0');
    const g = groups.get(key) ?? { findings: [], members: [...c.members.values()] };
    g.findings.push(...c.findings);
    groups.set(key, g);
  }
  const taken = new Set([...groups.values()].flatMap((g) => g.findings));
  const out: Unit[] = [];
  for (const g of groups.values()) {
    const files = [...new Set(g.findings.flatMap((f) => f.related!.map((r) => r.path)))];
    const labels = new Set(g.members.map((m) => m.label));
    const first = g.members[0]!;
    out.push({
      key: `cause:${files.join('\0')}`,
      label: labels.size === 1 ? first.label : 'PROBLEM',
      name: files.length === 1 ? files[0]! : `${files.length} changed files`,
      kind: first.kind,
      outcome: g.members.some((m) => m.outcome === 'blocking') ? 'blocking' : 'problem',
      ...(first.target ? { target: first.target } : {}),
      findings: g.findings,
      members: g.members.map((m) => m.subject!),
    });
  }
  for (const u of all) {
    const rest = u.findings.filter((f) => !taken.has(f));
    if (rest.length === u.findings.length) out.push(u);
    else if (rest.some((f) => f.severity !== 'notice')) out.push({ ...u, findings: rest });
  }
  return out;
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
  if (c.blocking || runLevelBlocking(report)) parts.push(blockingText(report));
  const nonBlocking = nonBlockingText(c);
  if (nonBlocking) parts.push(nonBlocking);
  parts.push(`${c.pass} pass`);
  if (c.skipped) parts.push(`${c.skipped} skipped`);
  const lead =
    c.subjects === 0 && runLevelBlocking(report) > 0 ? 'nothing verified' : parts.join(', ');
  return cap(`${lead} — submission-ready: ${report.submission_ready}`, 255);
}

function conclusionLine(report: GateReport): string {
  switch (report.conclusion) {
    case 'failure':
      return '**✗ Blocked:** the problems below fail the gate.';
    case 'neutral':
      return `**⚠ Problems that do not block.**${wouldBlock(adviceFor(report, 'problem'))}`;
    default:
      return '**✓ Nothing blocks.**';
  }
}

function countsLine(report: GateReport): string {
  const c = report.counts;
  return (
    `${plural(c.subjects, 'subject')} in ${plural(c.targets, 'target')}: ` +
    `${[blockingText(report), nonBlockingText(c), `${c.pass} pass`, `${c.skipped} skipped`].filter(Boolean).join(' · ')} — ${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')} · ` +
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
  const advice = u.target ? findPack(u.target.pack)?.advice?.(u.target)?.wouldBlock : undefined;
  return `Does not block under ${judgedBy(u.target) || 'the current settings'}.${wouldBlock(advice ? [advice] : [])}`;
}

/** The packs' word on where problems that do not block now would block, e.g. at submission. */
function wouldBlock(clauses: string[]): string {
  return clauses.length
    ? ` They would block ${clauses.map((c) => mdText(c, 200)).join(' or ')}.`
    : '';
}

function locationText(f: Finding): string {
  if (!f.location) return '';
  return f.location.line ? `${f.location.path}:${f.location.line}` : f.location.path;
}

/** A cause card: the changed files, then each audit that cited them, where, and how to rerun it. */
function renderCauseCard(u: Unit, members: Subject[]): string {
  const files = [...new Set(u.findings.flatMap((f) => (f.related ?? []).map((r) => r.path)))];
  const lines = [
    `#### ${MARK[u.outcome]} ${mdText(u.label, 60)} — ${files.length === 1 ? mdCode(files[0]!, 200, false) : mdText(u.name, 60)} (${plural(members.length, mdText(u.kind, 20))})`,
    '',
  ];
  if (files.length > 1) {
    lines.push('Changed files:');
    for (const f of files) lines.push(`- ${mdCode(f, 200, false)}`);
    lines.push('');
  }
  lines.push(`Cited by ${plural(members.length, mdText(u.kind, 20))}, each now out of date:`);
  for (const m of members.slice(0, CAUSE_LIST_MAX)) {
    const mine = u.findings.filter((f) => f.subject === m.id);
    const where = [...new Set(mine.map(locationText).filter((l) => l))];
    lines.push(
      `- **${mdText(m.name, 120)}** ${where.map((w) => mdCode(w, 200, false)).join(', ')} — ${mdText(mine[0]!.message, MESSAGE_MAX)}${mine.length > 1 ? ` (and ${mine.length - 1} more)` : ''}`,
    );
  }
  if (members.length > CAUSE_LIST_MAX)
    lines.push(
      `- … and ${members.length - CAUSE_LIST_MAX} more (all in the check run annotations and the JSON report)`,
    );
  lines.push(
    '',
    `(${[...new Set(u.findings.map((f) => mdCode(f.code, 80, false)))].join(', ')})`,
    '',
  );
  lines.push(`**${u.outcome === 'blocking' ? 'Why it blocks' : 'Why it matters'}:** ${whyLine(u)}`);
  const todo = [...new Set(u.findings.map((f) => f.remediation).filter((r) => r))];
  if (todo.length) {
    lines.push('', '**What to do:**');
    for (const r of todo.slice(0, CAUSE_LIST_MAX)) lines.push(`- ${mdText(r, REMEDIATION_MAX)}`);
    if (todo.length > CAUSE_LIST_MAX) lines.push(`- … and ${todo.length - CAUSE_LIST_MAX} more`);
  }
  return lines.join('\n');
}

/** A waived finding is shown as such: accepted by the config, with its reason. */
function waivedNote(f: Finding): string {
  if (!f.waived) return '';
  const tracking = f.waived.tracking ? `, ${mdText(f.waived.tracking, 200)}` : '';
  return ` — *waived: ${mdText(f.waived.reason, REASON_MAX)}${tracking}*`;
}

/** One failure card: what failed, why it blocks and what to do, about the user's files only. */
export function renderCard(u: Unit): string {
  if (u.members) return renderCauseCard(u, u.members);
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
        `- ${loc ? `${mdCode(loc, 200, false)} ` : ''}${mdText(f.message, MESSAGE_MAX)} (${mdCode(f.code, 80, false)})${waivedNote(f)}`,
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
        `- ${loc ? `${mdCode(loc, 200, false)} ` : ''}${text}(${mdCode(f.code, 80, false)})${waivedNote(f)}`,
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

/**
 * The collapsed table of passing subjects, with the rows that fit in `room` (counted in `unit`)
 * and a note of how many did not; empty when not even its heading fits.
 */
function passingDetails(pass: Unit[], room: number, unit: SizeUnit): string {
  if (pass.length === 0) return '';
  const head = `<details><summary>✓ ${pass.length} passing subject${pass.length === 1 ? '' : 's'}</summary>\n\n| | Subject | Path | Status | Verdict |\n|---|---|---|---|---|\n`;
  const tail = '\n</details>\n';
  const note = (n: number) => `\n_… ${n} more passing subject${n === 1 ? '' : 's'} not shown._\n`;
  if (sizeOf(head + tail + note(pass.length), unit) > room) return '';
  const rows = pass.map(
    (u) =>
      `| ${MARK[u.outcome]} | ${mdText(middle(u.name), 120)} | ${u.path ? mdCode(middle(u.path, 80), 200) : ''} | ${mdText(u.label, 40)} | ${mdText(u.subject?.verdict ?? '', 40)} |\n`,
  );
  return fit(head, rows, tail, room, note, unit).text;
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
  return [
    title,
    conclusionLine(report),
    countsLine(report) + runLink(opts),
    ...notReadyLines(report),
    '',
  ].join('\n\n');
}

/** Why submission-ready is no for a target with nothing failing, in the pack's words. */
function notReadyLines(report: GateReport): string[] {
  return report.targets.flatMap((t) => {
    const because = t.context[NOT_READY_BECAUSE];
    return because
      ? [
          `**Not submission-ready:** ${mdText(t.kind, 20)} ${mdCode(t.path, 200, false)} is ${mdText(t.terminal_state, 40)}: ${mdText(because, REASON_MAX)}.`,
        ]
      : [];
  });
}

/** The mark for a conclusion, in titles. */
const CONCLUSION_MARK: Record<GateReport['conclusion'], string> = {
  failure: '✗',
  neutral: '⚠',
  success: '✓',
};

/** The failure cards (check-run text and the body of the pull-request comment). */
export function renderCards(report: GateReport, opts: MarkdownOptions): string {
  const limit = opts.limit ?? CHECK_OUTPUT_LIMIT;
  const unit = opts.unit ?? 'bytes';
  const all = cards(report);
  const failing = withPackCards(report, all.filter(isFailing)).sort((a, b) =>
    a.outcome === b.outcome ? 0 : a.outcome === 'blocking' ? -1 : 1,
  );
  const passing = all.filter((u) => !isFailing(u));
  const head = heading(
    `### ${CONCLUSION_MARK[report.conclusion]} ${mdText(opts.checkName, 100)}: ${mdText(checkTitle(report), 255)}`,
    report,
    opts,
  );
  // The failure cards first; the passing subjects get the room they leave.
  const shown = fit(
    head,
    failing.map((u) => ('markdown' in u ? u.markdown : renderCard(u)) + '\n\n'),
    '',
    limit,
    (n) =>
      `> **Trimmed:** ${n} more failure card${n === 1 ? '' : 's'} not shown here; see the check run annotations and the JSON report.\n\n`,
    unit,
  ).text;
  return shown + passingDetails(passing, limit - sizeOf(shown, unit), unit);
}

/** The target a subject's card (or a cause card over its subjects) is about. */
function cardTarget(u: Unit): string | undefined {
  return u.subject?.target ?? (u.members ? u.target?.id : undefined);
}

/**
 * The failing cards, where a target's pack draws its own (Pack.markdownCards) in place of the
 * generic cards of that target's subjects; a card about a target or the run itself stays.
 */
function withPackCards(
  report: GateReport,
  failing: Unit[],
): (Unit | { outcome: Subject['outcome']; markdown: string })[] {
  const mine = new Map<string, Unit[]>();
  for (const u of failing) {
    const t = cardTarget(u);
    if (t === undefined) continue;
    const own = mine.get(t);
    if (own) own.push(u);
    else mine.set(t, [u]);
  }
  const hooked = report.targets.filter((t) => mine.has(t.id) && findPack(t.pack)?.markdownCards);
  if (hooked.length === 0) return failing;
  const subjectsOf = new Map<string, Subject[]>(hooked.map((t) => [t.id, []]));
  for (const s of report.subjects) subjectsOf.get(s.target)?.push(s);
  const drawn = new Map<string, { outcome: Subject['outcome']; markdown: string }>();
  for (const t of hooked) {
    const units = mine.get(t.id)!;
    let markdown: string | undefined;
    try {
      markdown = findPack(t.pack)!.markdownCards!({
        report,
        target: t,
        subjects: subjectsOf.get(t.id)!,
        failing: units.flatMap((u) => u.members ?? (u.subject ? [u.subject] : [])),
      });
    } catch {
      markdown = undefined; // the generic cards still say what failed
    }
    if (markdown === undefined) continue;
    const outcome = units.some((u) => u.outcome === 'blocking') ? 'blocking' : 'problem';
    drawn.set(t.id, { outcome, markdown });
  }
  return [
    ...drawn.values(),
    ...failing.filter((u) => {
      const t = cardTarget(u);
      return t === undefined || !drawn.has(t);
    }),
  ];
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
      ...notReadyLines(report).flatMap((l) => [l, '']),
      '',
    ].join('\n');
    const shown = clip(green, limit, unit);
    return marker + shown + passingDetails(units(report), limit - sizeOf(shown, unit), unit);
  }
  return marker + renderCards(report, { ...opts, limit, unit });
}

/** The check-run summary and job summary: one table per target, the counts and submission-ready. */
export function renderSummary(report: GateReport, opts: MarkdownOptions): string {
  const limit = opts.limit ?? CHECK_OUTPUT_LIMIT;
  const unit = opts.unit ?? 'bytes';
  const head = heading(
    `## ${CONCLUSION_MARK[report.conclusion]} ${mdText(opts.checkName, 100)}: ${report.conclusion}`,
    report,
    opts,
  );
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
    const mine = byTarget.get(t.id) ?? [];
    const worst: Subject['outcome'] = mine.some((u) => u.outcome === 'blocking')
      ? 'blocking'
      : mine.some((u) => u.outcome === 'problem')
        ? 'problem'
        : 'pass';
    const rows = mine.map((u) => {
      const verdictWhy =
        u.subject?.verdict && u.label === u.subject.verdict ? u.subject.reason : undefined;
      const why = isFailing(u)
        ? (verdictWhy ??
          u.findings.find((f) => f.severity !== 'notice')?.message ??
          u.subject?.reason ??
          '')
        : '';
      return `| ${MARK[u.outcome]} | ${mdText(middle(u.name), 120)} | ${mdText(u.kind, 20)} | ${mdText(u.label, 40)} | ${mdText(u.subject?.verdict ?? '', 40)} | ${mdText(why, 200)} |`;
    });
    const judged = judgedBy(t);
    const state = stateText(
      t,
      mine.flatMap((u) => (u.subject ? [u.subject] : [])),
    );
    sections.push(
      [
        `### ${MARK[worst]} ${mdText(t.kind, 20)} ${mdCode(t.path, 200, false)}${judged ? ` — ${judged}` : ''} → **${mdText(state, 400)}**`,
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
