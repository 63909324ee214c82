import type { CodeDef, Finding, Location } from '../../model/finding.js';
import type { Subject } from '../../model/subject.js';
import type { LoadedJson } from '../../io/json-file.js';
import type { Resolved } from '../../io/workspace.js';
import { valueExcerpt } from '../../render/sanitize.js';
import { Findings, runRules } from '../kit/index.js';
import { ARIS } from './codes.js';
import { ARTIFACT_RULES } from './rules/index.js';
import {
  orDraft,
  paperOf,
  rerunHow,
  type ArtifactContext,
  type AuditContext,
  type InputRef,
} from './rules/context.js';
import { BLOCKING_VERDICTS, type AuditSpec, type LegacyAuditRow } from './schema.js';

/** Findings of one code, and legacy issue strings, one artifact lists at most. */
const MAX_ISSUES = 1000;
export type { AuditContext, InputRef } from './rules/context.js';

export interface AuditCheck {
  row: LegacyAuditRow;
  subject: Subject;
  findings: Finding[];
  /** Legacy aggregate contributions. */
  problem: boolean;
  blocking: boolean;
  provisional: boolean;
}

/**
 * The inputs an artifact cites, resolved inside the workspace (nothing is read yet). `seen`, shared
 * by the audits of one paper, resolves each key once however many audits cite it.
 */
export function auditInputs(
  loaded: LoadedJson,
  ctx: Pick<AuditContext, 'ws' | 'paperDir'>,
  seen = new Map<string, Resolved>(),
): InputRef[] {
  if (loaded.state !== 'ok') return [];
  const hashes = loaded.data.audited_input_hashes;
  if (hashes === null || typeof hashes !== 'object' || Array.isArray(hashes)) return [];
  return Object.entries(hashes as Record<string, unknown>).map(([key, recorded]) => {
    let resolved = seen.get(key);
    if (!resolved) seen.set(key, (resolved = ctx.ws.resolve(ctx.paperDir, key)));
    return { key, recorded, resolved };
  });
}

export async function checkAudit(
  spec: AuditSpec,
  loaded: LoadedJson,
  ctx: AuditContext,
  inputs = auditInputs(loaded, ctx),
): Promise<AuditCheck> {
  const subjectId = `${ctx.targetId}/${spec.artifact}`;
  const subject: Subject = {
    id: subjectId,
    target: ctx.targetId,
    pack: 'aris',
    kind: 'audit',
    name: spec.skill,
    path: loaded.rel,
    status: 'OK',
    outcome: 'pass',
  };
  // Every finding is also a legacy issue string, and the legacy report lists them all, up to a cap
  // far above any real audit's: an artifact citing 560,000 missing inputs made a report too large
  // to write.
  const f = new Findings(subjectId, { maxPerCode: MAX_ISSUES, scope: `in ${loaded.rel}` });
  const rerun = rerunHow(spec, ctx);
  // The code's generic advice, in terms of this audit's skill and paper; what the rerun must do
  // differently (`with a reviewer from another model family`) is kept.
  const remediationFor = (generic: string): string =>
    generic.startsWith(RERUN_PREFIX)
      ? rerunHow(spec, ctx, rerunQualifier(generic))
      : generic.startsWith('The audit skill ')
        ? generic
            .replace('The audit skill', `The ${spec.skill} skill`)
            .replace(', then rerun the audit.', `, ${rerun[0]!.toLowerCase()}${rerun.slice(1)}`)
        : generic;
  const at = (line?: number): Location =>
    line ? { path: loaded.rel, line } : { path: loaded.rel };
  const add = (
    def: CodeDef,
    message: string,
    issue: string | undefined,
    line?: number,
    extra: { remediation?: string; related?: Location[] } = {},
  ) =>
    f.report(def, {
      message,
      location: at(line),
      remediation: extra.remediation ?? remediationFor(def.remediation),
      ...(extra.related ? { related: extra.related } : {}),
      ...(issue !== undefined ? { details: { issue } } : {}),
    });
  const row = (
    status: LegacyAuditRow['status'],
    verdict: string,
    independence: string,
    issues: string[],
    stale = false,
  ): LegacyAuditRow => ({
    audit: spec.skill,
    status,
    verdict,
    stale,
    review_independence: independence,
    issues,
    artifact: loaded.rel,
  });

  if (loaded.state === 'missing') {
    if (ctx.assurance === 'draft') {
      return {
        row: row('MISSING_DRAFT_OK', '', 'unavailable', []),
        subject: { ...subject, status: 'MISSING_DRAFT_OK', outcome: 'skipped' },
        findings: f.finish(),
        problem: false,
        blocking: false,
        provisional: true,
      };
    }
    const issue = `missing_artifact: ${spec.artifact}`;
    add(
      ARIS.artifactMissing,
      `${spec.skill} wrote no artifact at ${loaded.rel}: a mandatory audit was skipped${spec.unexcused ? ` (the audit manifest leaves it out, which excuses no audit when the assurance is pinned by --assurance or the Action's assurance input)` : ''}.`,
      issue,
      undefined,
      {
        remediation: `Run the ${spec.skill} skill on ${paperOf(ctx)} (it must write ${spec.artifact} even when nothing applies: NOT_APPLICABLE), then run audit-gate again${orDraft(ctx)}.`,
      },
    );
    return {
      row: row('MISSING', '', 'unavailable', [issue]),
      subject: { ...subject, status: 'MISSING' },
      findings: f.finish(),
      problem: true,
      blocking: true,
      provisional: false,
    };
  }

  if (loaded.state === 'bad') {
    const issueFor: Record<typeof loaded.why, [CodeDef, string]> = {
      unreadable: [ARIS.artifactUnreadable, `schema_invalid:cannot_read:${loaded.detail}`],
      outside_root: [ARIS.artifactUnreadable, `schema_invalid:outside_root`],
      too_large: [ARIS.artifactTooLarge, `schema_invalid:too_large`],
      unparseable: [
        ARIS.artifactUnparseable,
        // The reference script's issue: the parser's words after the prefix, not a sentence.
        `schema_invalid:cannot_parse_json:${loaded.detail.replace(/^is not valid JSON: /, '')}`,
      ],
      not_object: [ARIS.artifactNotObject, `schema_invalid:not_an_object`],
    };
    const [def, issue] = issueFor[loaded.why];
    add(def, `${loaded.rel} ${loaded.detail}.`, issue, loaded.line);
    return {
      row: row('SCHEMA_INVALID', '', 'unavailable', [issue]),
      subject: { ...subject, status: 'SCHEMA_INVALID' },
      findings: f.finish(),
      problem: true,
      blocking: ctx.assurance === 'submission',
      provisional: true,
    };
  }

  const data = loaded.data;
  const issues: string[] = [];
  const stale: string[] = [];
  const rctx: ArtifactContext = {
    spec,
    audit: ctx,
    rel: loaded.rel,
    data,
    duplicates: loaded.doc.duplicates,
    lineOf: (...p) => loaded.doc.lineOf(p),
    inputs,
    verdict: typeof data.verdict === 'string' ? data.verdict : '',
    issue(def, message, text, line) {
      issues.push(text);
      add(def, message, text, line);
    },
    stale(def, ref, suffix, message, related) {
      const text = `stale:${ref.key}${suffix}`;
      stale.push(text);
      add(def, message, text, rctx.lineOf('audited_input_hashes', ref.key), {
        related,
        remediation:
          def === ARIS.inputStale || def === ARIS.inputHashMalformed ? rerun : def.remediation,
      });
    },
    report(def, message, line, remediation) {
      add(def, message, undefined, line, remediation ? { remediation } : {});
    },
    independence: '',
  };
  await runRules(ARTIFACT_RULES, rctx);

  const verdict = rctx.verdict;
  const isStale = stale.length > 0;
  const allIssues = [...issues, ...stale];
  if (allIssues.length > MAX_ISSUES)
    allIssues.splice(MAX_ISSUES, Infinity, `more:${allIssues.length - MAX_ISSUES}`);
  const blockingVerdict = BLOCKING_VERDICTS.has(verdict);
  const status: LegacyAuditRow['status'] =
    verdict === ''
      ? 'SCHEMA_INVALID'
      : isStale
        ? 'STALE'
        : blockingVerdict
          ? 'BLOCKING_VERDICT'
          : allIssues.length > 0
            ? 'HAS_ISSUES'
            : 'OK';
  const submission = ctx.assurance === 'submission';
  const problem = isStale || allIssues.length > 0 || (submission && blockingVerdict);
  const label = rctx.independence;
  const out = row(status, verdict, label, allIssues, isStale);
  if (rctx.traceLocation) out.trace_location = rctx.traceLocation;
  const reason = [
    typeof data.reason_code === 'string' ? valueExcerpt(data.reason_code) : '',
    typeof data.summary === 'string' ? valueExcerpt(data.summary) : '',
  ]
    .filter(Boolean)
    .join(': ');
  return {
    row: out,
    subject: { ...subject, status, ...(verdict ? { verdict } : {}), ...(reason ? { reason } : {}) },
    findings: f.finish(),
    problem,
    blocking: submission && problem,
    provisional: label === 'same-family' || label === 'legacy-unspecified' || verdict === '',
  };
}

const RERUN_PREFIX = 'Rerun the audit';

/** What a generic "Rerun the audit …" asks beyond a fresh artifact, e.g. `with a reviewer …`. */
function rerunQualifier(generic: string): string {
  const rest = generic.slice(RERUN_PREFIX.length).replace(/\.$/, '');
  return rest === ' so it writes a fresh artifact' ? '' : rest;
}
