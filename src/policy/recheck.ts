import { VERSION } from '../version.js';
import { quoteValue as quote } from '../render/sanitize.js';
import type { CodeDef, Finding, Severity } from '../model/finding.js';
import type { Counts, GateReport } from '../model/report.js';
import type { Subject } from '../model/subject.js';
import type { PackResult } from '../packs/pack.js';
import { GATE } from './codes.js';
import { decide, type FailOn } from './gate.js';
import type { WaiverEntry } from './waivers.js';

/**
 * A report written by another run (the Action's `report:` input, uploaded by a pull request's
 * workflow) is untrusted. Its verdict is decided again here, by `decide`, the policy `verify`
 * uses, from the report's own targets, subjects and findings. A report whose conclusion,
 * submission_ready, exit code, counts, `blocking` flags, severities, subject outcomes or
 * enforcement contradict that decision is refused, never published as given.
 *
 * What cannot be checked without the files: a forged report can leave findings and subjects out,
 * or claim other terminal states. See "About trust" in docs/github-action.md.
 */
export interface RecheckOptions {
  /** The publishing workflow's fail-on; the verifying run's applies as well. */
  failOn: FailOn;
  /** Every code this version knows: such a finding has its registered severity, whatever it says. */
  codes: readonly CodeDef[];
  /** The publishing workflow's `assurance` input: `submission` refuses targets verified at another. */
  assurance?: string;
  /** The packs whose targets must say which assurance they were verified at (the registry's). */
  assurancePacks?: ReadonlySet<string>;
  /**
   * The publishing workflow's own waivers (its trusted config). A finding the report marks waived
   * is accepted only when one of these waives it too; a report's own claims are never trusted.
   */
  waivers?: readonly WaiverEntry[];
  /** Options the publishing workflow sets that its packs' targets must record (`WorkflowRules`). */
  required?: readonly { pack: string; option: string }[];
}

/** A report taken apart again: what each target's result held, and the run-level findings. */
export interface RecheckedParts {
  results: PackResult[];
  runFindings: Finding[];
}

export type Recheck =
  | { ok: true; report: GateReport; parts: RecheckedParts }
  | { ok: false; problems: string[]; more: number };

/** How many contradictions a refusal spells out. */
const SHOWN = 5;

const RECOMPUTED = new Set<string>([
  GATE.subjectConflict.code,
  GATE.waiverUnmatched.code,
  GATE.waiverExpired.code,
]);

export function recheckReport(given: GateReport, opts: RecheckOptions): Recheck {
  const problems: string[] = [];
  let more = 0;
  const problem = (m: string) => (problems.length < SHOWN ? problems.push(m) : more++);
  const registered = new Map<string, Severity>(opts.codes.map((c) => [c.code, c.severity]));
  // Pinned to submission, some codes are stricter or cannot occur, and the packs that judge by
  // assurance must say which each target was verified at.
  const pinned = opts.assurance === 'submission';
  const atSubmission = new Map(
    pinned ? opts.codes.flatMap((c) => (c.at_submission ? [[c.code, c.at_submission]] : [])) : [],
  );
  const judgedByAssurance = opts.assurancePacks ?? new Set<string>();

  const results = new Map<string, PackResult>();
  for (const t of given.targets) {
    if (results.has(t.id)) {
      problem(`target ${quote(t.id)} is listed twice`);
      continue;
    }
    const assurance = t.context['assurance'];
    if (pinned && assurance === undefined && judgedByAssurance.has(t.pack))
      problem(
        `target ${quote(t.id)} does not say which assurance it was verified at, and assurance submission is required`,
      );
    else if (pinned && assurance !== undefined && assurance !== 'submission')
      problem(
        `target ${quote(t.id)} was verified at assurance ${quote(assurance)}, and assurance submission is required`,
      );
    // verify makes a target advisory only for a paper verified at assurance draft.
    else if (t.enforcement === 'advisory' && assurance !== 'draft')
      problem(`target ${quote(t.id)} is advisory, but it was not verified at assurance draft`);
    for (const r of opts.required ?? [])
      if (r.pack === t.pack && t.context[r.option] !== 'yes')
        problem(
          `target ${quote(t.id)} was verified without ${r.option}, which this workflow's config sets`,
        );
    const extension = given.extensions && Object.hasOwn(given.extensions, t.id);
    results.set(t.id, {
      target: t,
      subjects: [],
      findings: [],
      ...(extension ? { extension: given.extensions![t.id] } : {}),
    });
  }

  const holders = new Map<string, PackResult[]>();
  for (const s of given.subjects) {
    const r = results.get(s.target);
    if (!r) {
      problem(
        `subject ${quote(s.id)} names target ${quote(s.target)}, which the report does not list`,
      );
      continue;
    }
    r.subjects.push(s);
    const h = holders.get(s.id);
    if (h) h.push(r);
    else holders.set(s.id, [r]);
  }

  // Each finding goes back to the target whose result held it: the target it is about, else the
  // one holding its subject (a blocking one if two do; they are a subject conflict anyway), else
  // the run. A known code gets at least its registered severity back (a pack option may raise it,
  // as aristo's block_inconclusive does; nothing may lower it); policy lowers it again where the
  // target is advisory. Subject conflicts are not taken over: decide finds them again.
  const original = new Map<Finding, Finding>();
  const runFindings: Finding[] = [];
  // A report can hold only codes this version knows: any code of its own namespaces, and any
  // at all when the report claims this very version.
  const sameVersion = given.tool?.version === VERSION;
  const namespaces = new Set(opts.codes.map((c) => namespaceOf(c.code)));
  for (const f of given.findings) {
    if (!registered.has(f.code) && (sameVersion || namespaces.has(namespaceOf(f.code))))
      problem(
        `finding ${quote(f.code)} on ${quote(f.subject)} has a code audit-gate ${VERSION} does not have (the report says it was written by ${quote(String(given.tool?.version))})`,
      );
    const pinnedTo = atSubmission.get(f.code);
    if (pinnedTo === 'absent')
      problem(
        `finding ${quote(f.code)} on ${quote(f.subject)} cannot occur at assurance submission, which is required`,
      );
    const floor = atLeast(
      registered.get(f.code) ?? f.severity,
      pinnedTo && pinnedTo !== 'absent' ? pinnedTo : 'notice',
    );
    const severity = atLeast(floor, f.severity);
    const restored = severity === f.severity ? { ...f } : { ...f, severity };
    original.set(restored, f);
    const h = holders.get(f.subject);
    const r =
      results.get(f.subject) ?? h?.find((x) => x.target.enforcement === 'blocking') ?? h?.[0];
    if (r) r.findings.push(restored);
    // Subject conflicts and the waiver ratchet are not taken over: decide finds them again.
    else if (!RECOMPUTED.has(f.code)) runFindings.push(restored);
  }

  const list = [...results.values()];
  const settings = {
    root: given.root,
    runFindings,
    waivers: opts.waivers ?? [],
    // A shard's waivers may match in another shard: it reports no unmatched ones (merge does).
    partial: given.shard !== undefined,
  };
  const lenient = decide(list, { ...settings, failOn: 'blocking' });
  const strict =
    given.conclusion !== lenient.conclusion || opts.failOn === 'problem'
      ? decide(list, { ...settings, failOn: 'problem' })
      : lenient;

  const findings = [...list.flatMap((r) => r.findings), ...runFindings];
  findings.forEach((restored, i) => {
    const f = original.get(restored)!;
    const judged = lenient.findings[i]!;
    if ((f.waived !== undefined) !== (judged.waived !== undefined))
      problem(
        f.waived
          ? `finding ${quote(f.code)} on ${quote(f.subject)} is marked waived, but this workflow's config waives no such finding`
          : `finding ${quote(f.code)} on ${quote(f.subject)} is not marked waived, but this workflow's config waives it`,
      );
    else if (f.severity !== judged.severity || f.blocking !== judged.blocking)
      problem(
        `finding ${quote(f.code)} on ${quote(f.subject)} says ${f.severity}${f.blocking ? ', blocking' : ''}, but ${atSubmission.has(f.code) && f.severity !== judged.severity ? 'at assurance submission it is' : 'policy makes it'} ${judged.severity}${judged.blocking ? ', blocking' : ''}`,
      );
  });
  const subjects: Subject[] = list.flatMap((r) => r.subjects);
  subjects.forEach((s, i) => {
    const outcome = lenient.subjects[i]!.outcome;
    if (s.outcome !== outcome)
      problem(`subject ${quote(s.id)} says ${s.outcome}, but its findings make it ${outcome}`);
  });
  for (const k of Object.keys(lenient.counts) as (keyof Counts)[])
    if (given.counts[k] !== lenient.counts[k])
      problem(`counts.${k} is ${given.counts[k]}, but the report holds ${lenient.counts[k]}`);
  if (given.submission_ready !== lenient.submission_ready)
    problem(
      `submission_ready is ${given.submission_ready}, but its findings and targets make it ${lenient.submission_ready}`,
    );
  // The verifying run may have failed on problems too (its fail-on: problem): either is consistent.
  if (given.conclusion !== lenient.conclusion && given.conclusion !== strict.conclusion)
    problem(
      `the conclusion is ${given.conclusion}, but its findings make it ${lenient.conclusion === strict.conclusion ? lenient.conclusion : `${lenient.conclusion} (or ${strict.conclusion} with fail-on problem)`}`,
    );
  if (given.exit_code !== (given.conclusion === 'failure' ? 1 : 0))
    problem(`exit_code ${given.exit_code} does not go with the conclusion ${given.conclusion}`);

  if (problems.length > 0) return { ok: false, problems, more };
  const base =
    given.conclusion === lenient.conclusion && opts.failOn === 'blocking' ? lenient : strict;
  return {
    ok: true,
    report: {
      ...base,
      tool: given.tool,
      generated_at: given.generated_at,
      ...(given.shard ? { shard: given.shard } : {}),
    },
    parts: { results: list, runFindings },
  };
}

const RANK: Record<Severity, number> = { notice: 0, warning: 1, error: 2 };

/** The stricter of two severities. */
/** The namespace of a code: what comes before its first dot (the whole code when it has none). */
function namespaceOf(code: string): string {
  const dot = code.indexOf('.');
  return dot < 0 ? code : code.slice(0, dot);
}

function atLeast(floor: Severity, given: Severity): Severity {
  return RANK[given] > RANK[floor] ? given : floor;
}
