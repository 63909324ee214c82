import { NOT_READY_BECAUSE, type Subject, type Target } from '../model/subject.js';
import type { GateReport } from '../model/report.js';
import { findPack } from '../packs/registry.js';

/**
 * Words every rendering (terminal, check run, comment) shows the same way, so that the CLI and
 * the check summary never call one thing by two names.
 */

/** A subject's status as shown: the pack may word it (Pack.statusLabel), else the status itself. */
export function statusLabel(s: Subject): string {
  return findPack(s.pack)?.statusLabel?.(s) ?? s.status;
}

/** Blocking findings about the run as a whole (no subject holds them: nothing found, a bad config, a refused report). */
export function runLevelBlocking(report: GateReport): number {
  const subjects = new Set(report.subjects.map((s) => s.id));
  return report.findings.filter((f) => f.blocking && !subjects.has(f.subject)).length;
}

/** Subjects with problems that do not block, as a list item; empty when there are none. */
export function nonBlockingText(counts: GateReport['counts']): string | undefined {
  return counts.problem ? `${counts.problem} with problems that do not block` : undefined;
}

/**
 * "2 blocking", or "0 blocking + 1 about the run + 2 about a whole target" when findings outside
 * any subject block too: the gate's own (gate.*), and a target's that no subject holds (a paper's
 * manifest).
 */
export function blockingText(report: GateReport): string {
  const subjects = new Set(report.subjects.map((s) => s.id));
  let gate = 0;
  let target = 0;
  for (const f of report.findings)
    if (f.blocking && !subjects.has(f.subject)) {
      if (f.subject === 'gate') gate++;
      else target++;
    }
  const more = [gate && `${gate} about the run`, target && `${target} about a whole target`].filter(
    Boolean,
  );
  return [`${report.counts.blocking} blocking`, ...more].join(' + ');
}

/**
 * The packs' advice (Pack.advice) for the targets whose subjects have the outcome given
 * (blocking: `unblock`, problem: `wouldBlock`), each distinct clause once.
 */
export function adviceFor(report: GateReport, outcome: 'blocking' | 'problem'): string[] {
  const having = new Set(report.subjects.filter((s) => s.outcome === outcome).map((s) => s.target));
  const clauses = report.targets
    .filter((t) => having.has(t.id))
    .map((t) => {
      const a = findPack(t.pack)?.advice?.(t);
      return outcome === 'blocking' ? a?.unblock : a?.wouldBlock;
    })
    .filter((c): c is string => c !== undefined);
  return [...new Set(clauses)];
}

/** Each target's subjects, in report order (one pass: renderings list ten thousand targets). */
export function subjectsByTarget(report: GateReport): Map<string, Subject[]> {
  const by = new Map<string, Subject[]>();
  for (const s of report.subjects) {
    const list = by.get(s.target);
    if (list) list.push(s);
    else by.set(s.target, [s]);
  }
  return by;
}

/** `n thing` or `n things`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A long identifier (a run id is a 64-hex digest) shortened in the middle so it fits a table
 * cell; short ones are returned as they are.
 */
export function middle(s: string, max = 40): string {
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  const tail = Math.floor((max - 1) / 3);
  return `${chars.slice(0, max - 1 - tail).join('')}…${chars.slice(-tail).join('')}`;
}

/** Context entries that describe how a target was judged (its header line), not its outcome. */
export function judgedContext(t: Target): [string, string][] {
  return Object.entries(t.context).filter(([k]) => k !== NOT_READY_BECAUSE);
}

/**
 * The target's end state in words. A target the pack calls ready whose subjects have problems
 * (e.g. a paper checked at draft) is shown as what it is: not blocking, and not submission-ready;
 * one the pack says is not ready for a reason (NOT_READY_BECAUSE) is shown with that reason.
 */
export function stateText(t: Target, subjects: readonly Subject[]): string {
  const problems = subjects.filter((s) => s.outcome === 'problem' || s.outcome === 'blocking');
  if (t.ready && problems.length > 0)
    return `not blocking (${plural(problems.length, problems[0]!.kind)} with problems), not submission-ready`;
  const because = t.context[NOT_READY_BECAUSE];
  // A blocked target fails for its findings; the reason it is also not ready comes after them.
  if (because)
    return subjects.some((s) => s.outcome === 'blocking')
      ? `${t.terminal_state}; also not submission-ready: ${because}`
      : `${t.terminal_state}, not submission-ready: ${because}`;
  return t.terminal_state;
}
