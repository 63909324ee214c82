import fs from 'node:fs';
import path from 'node:path';
import { finding, type CodeDef, type Finding, type Location } from '../../model/finding.js';
import type { Subject } from '../../model/subject.js';
import type { HashOutcome } from '../../io/hashing.js';
import { statPath } from '../../io/files.js';
import type { Resolved, Workspace } from '../../io/workspace.js';
import { ARIS } from './codes.js';
import {
  checkIndependence,
  independenceIssueString,
  pyStr,
  pyTruthy,
  type IndependenceIssue,
} from './independence.js';
import type { LoadedJson } from '../../io/json-file.js';
import {
  AuditArtifact,
  BLOCKING_VERDICTS,
  DEFAULT_AUDITS,
  REQUIRED_FIELDS,
  VERDICTS,
  type AuditSpec,
  type LegacyAuditRow,
} from './schema.js';
import type { Assurance } from '../../policy/assurance.js';
import { quoteValue, valueExcerpt } from '../../render/sanitize.js';

export interface InputRef {
  key: string;
  recorded: unknown;
  resolved: Resolved;
}

export interface AuditContext {
  ws: Workspace;
  paperDir: string;
  assurance: Assurance;
  targetId: string;
  hashes: (real: string) => Promise<HashOutcome>;
  /** Paper-relative artifact paths of every audit checked for this paper (manifest or default). */
  artifacts: readonly string[];
}

export interface AuditCheck {
  row: LegacyAuditRow;
  subject: Subject;
  findings: Finding[];
  /** Legacy aggregate contributions. */
  problem: boolean;
  blocking: boolean;
  provisional: boolean;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** The inputs an artifact cites, resolved inside the workspace (nothing is read yet). */
export function auditInputs(
  loaded: LoadedJson,
  ctx: Pick<AuditContext, 'ws' | 'paperDir'>,
): InputRef[] {
  if (loaded.state !== 'ok') return [];
  const hashes = loaded.data.audited_input_hashes;
  if (hashes === null || typeof hashes !== 'object' || Array.isArray(hashes)) return [];
  return Object.entries(hashes as Record<string, unknown>).map(([key, recorded]) => ({
    key,
    recorded,
    resolved: ctx.ws.resolve(ctx.paperDir, key),
  }));
}

export async function checkAudit(
  spec: AuditSpec,
  loaded: LoadedJson,
  ctx: AuditContext,
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
  const findings: Finding[] = [];
  const rerun = rerunHow(spec, ctx);
  const at = (line?: number): Location =>
    line ? { path: loaded.rel, line } : { path: loaded.rel };
  const add = (
    def: CodeDef,
    message: string,
    issue: string | undefined,
    line?: number,
    extra: Partial<Finding> = {},
  ) => {
    findings.push(
      finding(def, {
        subject: subjectId,
        message,
        location: at(line),
        ...(issue !== undefined ? { details: { issue } } : {}),
        remediation: def.remediation.startsWith('Rerun the audit') ? rerun : def.remediation,
        ...extra,
      }),
    );
  };
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
        findings,
        problem: false,
        blocking: false,
        provisional: true,
      };
    }
    const issue = `missing_artifact: ${spec.artifact}`;
    add(
      ARIS.artifactMissing,
      `${spec.skill} wrote no artifact at ${loaded.rel}: a mandatory audit was skipped.`,
      issue,
      undefined,
      {
        remediation: `Run the ${spec.skill} skill on ${paperOf(ctx)} (it must write ${spec.artifact} even when nothing applies: NOT_APPLICABLE), then run audit-gate again${orDraft(ctx)}.`,
      },
    );
    return {
      row: row('MISSING', '', 'unavailable', [issue]),
      subject: { ...subject, status: 'MISSING' },
      findings,
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
      unparseable: [ARIS.artifactUnparseable, `schema_invalid:cannot_parse_json:${loaded.detail}`],
      not_object: [ARIS.artifactNotObject, `schema_invalid:not_an_object`],
    };
    const [def, issue] = issueFor[loaded.why];
    add(def, `${loaded.rel} ${loaded.detail}.`, issue, loaded.line);
    return {
      row: row('SCHEMA_INVALID', '', 'unavailable', [issue]),
      subject: { ...subject, status: 'SCHEMA_INVALID' },
      findings,
      problem: true,
      blocking: ctx.assurance === 'submission',
      provisional: true,
    };
  }

  const data = loaded.data;
  const lineOf = (...p: (string | number)[]) => loaded.doc.lineOf(p);
  const issues: string[] = [];
  const issue = (
    def: CodeDef,
    message: string,
    text: string,
    line?: number,
    extra: Partial<Finding> = {},
  ) => {
    issues.push(text);
    add(def, message, text, line, extra);
  };

  for (const dup of loaded.doc.duplicates) {
    issue(
      ARIS.duplicateKey,
      `${loaded.rel} repeats the key ${quoteValue(dup.key)}; readers may see different values.`,
      `schema_invalid:duplicate_key:${valueExcerpt(dup.key)}`,
      dup.line,
    );
  }

  // Required fields, then their types (the zod schema is the source of truth for types).
  const shape = AuditArtifact.shape;
  for (const k of REQUIRED_FIELDS) {
    if (!Object.hasOwn(data, k))
      issue(ARIS.missingField, `${loaded.rel} has no "${k}" field.`, `missing_field:${k}`, 1);
  }
  if (!pyTruthy(data.thread_id) && !pyTruthy(data.agent_id)) {
    issue(
      ARIS.missingField,
      `${loaded.rel} has neither "thread_id" nor "agent_id".`,
      'missing_field:thread_id_or_agent_id',
      1,
    );
  }
  if (data.trace_path === '') {
    issue(
      ARIS.missingField,
      `${loaded.rel} has an empty "trace_path".`,
      'missing_field:trace_path',
      lineOf('trace_path'),
    );
  }
  for (const k of [...REQUIRED_FIELDS, 'thread_id', 'agent_id'] as const) {
    if (k === 'verdict' || k === 'audited_input_hashes' || !Object.hasOwn(data, k)) continue;
    const v = data[k];
    if ((k === 'trace_path' && v === '') || ((k === 'thread_id' || k === 'agent_id') && v === null))
      continue;
    const r = shape[k].safeParse(v);
    if (!r.success) {
      issue(
        ARIS.fieldType,
        `"${k}" in ${loaded.rel} should be a string, not ${jsonType(v)}.`,
        `invalid_field_type:${k}:${jsonType(v)}`,
        lineOf(k),
      );
    }
  }

  // Verdict.
  const rawVerdict = data.verdict;
  const verdict = typeof rawVerdict === 'string' ? rawVerdict : '';
  if (rawVerdict !== undefined && typeof rawVerdict !== 'string') {
    issue(
      ARIS.fieldType,
      `"verdict" in ${loaded.rel} should be a string, not ${jsonType(rawVerdict)}.`,
      `invalid_verdict:${valueExcerpt(pyStr(rawVerdict))}`,
      lineOf('verdict'),
    );
  } else if (!(VERDICTS as readonly string[]).includes(verdict)) {
    const hint =
      (VERDICTS as readonly string[]).includes(verdict.toUpperCase()) && verdict !== ''
        ? ` Verdicts are upper case: ${verdict.toUpperCase()}.`
        : '';
    issue(
      ARIS.invalidVerdict,
      `${loaded.rel} has verdict ${quoteValue(verdict)}, not one of ${VERDICTS.join(' ')}.${hint}`,
      `invalid_verdict:${valueExcerpt(verdict)}`,
      lineOf('verdict') ?? 1,
    );
  }

  // The legacy script skipped this check for a falsy audit_skill, so "" passed as any skill.
  // A blank name says nothing about which audit wrote the artifact: it is a missing field.
  if (typeof data.audit_skill === 'string' && data.audit_skill.trim() === '') {
    issue(
      ARIS.missingField,
      `${loaded.rel} has an empty "audit_skill"; it must name the audit that wrote it (${spec.skill}).`,
      'missing_field:audit_skill',
      lineOf('audit_skill'),
    );
  } else if (pyTruthy(data.audit_skill) && data.audit_skill !== spec.skill) {
    issue(
      ARIS.wrongAuditSkill,
      `${loaded.rel} was written by ${quoteValue(pyStr(data.audit_skill))}, but ${spec.skill} is expected there.`,
      `wrong_audit_skill:${valueExcerpt(pyStr(data.audit_skill))}_vs_${spec.skill}`,
      lineOf('audit_skill'),
    );
  }

  // Review independence.
  const independence = checkIndependence(data);
  for (const ii of independence.issues) {
    const [def, line] = independenceFinding(ii, lineOf);
    issue(def, independenceMessage(ii, loaded.rel), independenceIssueString(ii), line ?? 1);
  }

  // Input hashes.
  const rawHashes = data.audited_input_hashes;
  const stale: string[] = [];
  if (
    Object.hasOwn(data, 'audited_input_hashes') &&
    (rawHashes === null || typeof rawHashes !== 'object' || Array.isArray(rawHashes))
  ) {
    issue(
      ARIS.hashesNotObject,
      `"audited_input_hashes" in ${loaded.rel} is ${jsonType(rawHashes)}, not an object of path → sha256.`,
      'audited_input_hashes_not_dict',
      lineOf('audited_input_hashes'),
    );
  }
  const staleFinding = (
    def: CodeDef,
    ref: InputRef,
    suffix: string,
    message: string,
    related?: Location[],
  ) => {
    const text = `stale:${ref.key}${suffix}`;
    stale.push(text);
    add(def, message, text, lineOf('audited_input_hashes', ref.key), {
      related,
      remediation:
        def === ARIS.inputStale || def === ARIS.inputHashMalformed ? rerun : def.remediation,
    });
  };
  for (const ref of auditInputs(loaded, ctx)) {
    const r = ref.resolved;
    if (!r.ok) {
      if (r.reason === 'outside_root')
        staleFinding(
          ARIS.inputOutsideRoot,
          ref,
          ':outside_root',
          `Input ${quoteValue(ref.key)} ${r.detail}; it was not read.`,
        );
      else if (r.reason === 'missing')
        staleFinding(
          ARIS.inputMissing,
          ref,
          ':file_gone',
          `Input ${quoteValue(ref.key)} cited by ${loaded.rel} no longer exists.`,
        );
      else
        staleFinding(
          ARIS.inputUnreadable,
          ref,
          `:read_error_${r.detail}`,
          `Input ${quoteValue(ref.key)} ${r.detail}.`,
        );
      continue;
    }
    const h = await ctx.hashes(r.real);
    if (!h.ok) {
      if (h.reason === 'missing')
        staleFinding(
          ARIS.inputMissing,
          ref,
          ':file_gone',
          `Input ${quoteValue(ref.key)} cited by ${loaded.rel} no longer exists.`,
        );
      else if (h.reason === 'not_file')
        staleFinding(
          ARIS.inputNotFile,
          ref,
          ':not_a_file',
          `Input ${quoteValue(ref.key)} ${h.detail}, not a file.`,
        );
      else
        staleFinding(
          ARIS.inputUnreadable,
          ref,
          `:read_error_${h.detail}`,
          `Input ${quoteValue(ref.key)} could not be read: ${h.detail}.`,
        );
      continue;
    }
    const recorded =
      typeof ref.recorded === 'string' ? ref.recorded.replace(/^sha256:/, '') : undefined;
    if (recorded === undefined || !HEX64.test(recorded)) {
      staleFinding(
        ARIS.inputHashMalformed,
        ref,
        ':malformed_hash',
        `The hash recorded for ${quoteValue(ref.key)} is ${recorded === undefined ? jsonType(ref.recorded) : quoteValue(recorded)}, not sha256:<64 hex>.`,
      );
      continue;
    }
    if (recorded.toLowerCase() !== h.sha256) {
      staleFinding(
        ARIS.inputStale,
        ref,
        '',
        `${r.rel} changed after ${spec.skill} audited it (recorded ${short(recorded)}, now ${short(h.sha256)}).`,
        [{ path: r.rel }],
      );
    }
  }

  // Trace.
  let traceLocation: string | undefined;
  if (typeof data.trace_path === 'string' && data.trace_path !== '') {
    const t = checkTrace(data.trace_path, spec, ctx);
    if (t.issue) {
      const [def, text, message] = t.issue;
      issue(def, message, text, lineOf('trace_path'));
    } else traceLocation = t.location;
  }

  if (
    ['PASS', 'WARN', 'FAIL'].includes(verdict) &&
    rawHashes !== null &&
    typeof rawHashes === 'object' &&
    !Array.isArray(rawHashes) &&
    Object.keys(rawHashes).length === 0
  ) {
    add(
      ARIS.noAuditedInputs,
      `${spec.skill} returned ${verdict} but cites no inputs in ${loaded.rel}, so its verdict cannot be tied to any file.`,
      undefined,
      lineOf('audited_input_hashes'),
    );
  }

  const isStale = stale.length > 0;
  const allIssues = [...issues, ...stale];
  const blockingVerdict = BLOCKING_VERDICTS.has(verdict);
  if (blockingVerdict) {
    const reasonCode = typeof data.reason_code === 'string' ? data.reason_code : '';
    const def =
      verdict === 'FAIL'
        ? ARIS.verdictFail
        : verdict === 'BLOCKED'
          ? ARIS.verdictBlocked
          : ARIS.verdictError;
    const summary =
      typeof data.summary === 'string' && data.summary ? ` ${quoteValue(data.summary)}` : '';
    add(
      def,
      `${spec.skill} returned ${verdict}${reasonCode ? ` (${valueExcerpt(reasonCode)})` : ''}.${summary}`,
      undefined,
      lineOf('verdict'),
      {
        remediation: verdictRemediation(spec.skill, verdict, reasonCode, orDraft(ctx)),
      },
    );
  }
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
  const label = independence.label;
  const out = row(status, verdict, label, allIssues, isStale);
  if (traceLocation) out.trace_location = traceLocation;
  const reason = [
    typeof data.reason_code === 'string' ? valueExcerpt(data.reason_code) : '',
    typeof data.summary === 'string' ? valueExcerpt(data.summary) : '',
  ]
    .filter(Boolean)
    .join(': ');
  return {
    row: out,
    subject: { ...subject, status, ...(verdict ? { verdict } : {}), ...(reason ? { reason } : {}) },
    findings,
    problem,
    blocking: submission && problem,
    provisional: label === 'same-family' || label === 'legacy-unspecified' || verdict === '',
  };
}

function isAncestorOrSelf(dir: string, of: string): boolean {
  return of === dir || of.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/** The paper dir as the user names it (repository-relative). */
function paperOf(ctx: AuditContext): string {
  return ctx.ws.rel(ctx.paperDir) || '.';
}

/** How to rerun an audit: the ARIS skill, where, and what it rewrites. */
function rerunHow(spec: AuditSpec, ctx: AuditContext): string {
  return `Run the ${spec.skill} skill on ${paperOf(ctx)} (it rewrites ${spec.artifact}), then run audit-gate again.`;
}

/** The way out that only a paper checked at submission has. */
function orDraft(ctx: AuditContext): string {
  return ctx.assurance === 'submission' ? ', or downgrade to assurance: draft' : '';
}

function verdictRemediation(
  skill: string,
  verdict: string,
  reasonCode: string,
  orDraft: string,
): string {
  if (verdict === 'BLOCKED' && reasonCode === 'no_raw_evidence') {
    return `Add results/ (the raw result files the numeric claims come from) and rerun ${skill}${orDraft}.`;
  }
  if (verdict === 'BLOCKED') return `Provide what ${skill} needs and rerun it${orDraft}.`;
  if (verdict === 'ERROR')
    return `Rerun ${skill}; the audit itself failed (network, timeout or malformed reviewer output).`;
  return `Fix the issues ${skill} reports, then rerun ${skill}.`;
}

/** The verifier's own files under a paper's (or an ancestor's) `.aris` directory. */
const ARIS_STATE_FILES: readonly [string, string][] = [
  ['.aris/audit-verifier-report.json', 'the verifier’s own report'],
  ['.aris/assurance.txt', 'the assurance setting'],
  ['.aris/audit-manifest.json', 'the audit manifest'],
];

/**
 * Paths that exist whatever the audit did, so they prove nothing as a trace: the audit
 * artifacts (this paper's, and the default four in every directory the trace is looked up in),
 * the verifier's report, assurance.txt, the manifest and the .aris directory itself. Keyed by
 * canonical path (see `canonical`), valued by a description for the message.
 */
function notATraceTargets(
  ctx: AuditContext,
  bases: readonly string[],
  ownArtifact: string,
): Map<string, string> {
  const out = new Map<string, string>();
  const add = (abs: string, what: string) => {
    const key = canonical(abs);
    if (!out.has(key)) out.set(key, what);
  };
  for (const a of ctx.artifacts) {
    const abs = path.resolve(ctx.paperDir, a);
    add(
      abs,
      a === ownArtifact
        ? `this audit’s own artifact (${ctx.ws.rel(abs)})`
        : `the audit artifact ${ctx.ws.rel(abs)}`,
    );
  }
  for (const base of bases) {
    for (const [file, what] of ARIS_STATE_FILES)
      add(path.join(base, file), `${what} (${ctx.ws.rel(path.join(base, file))})`);
    add(
      path.join(base, '.aris'),
      `the ${ctx.ws.rel(path.join(base, '.aris'))} directory, where the verifier keeps its settings and report`,
    );
    for (const a of DEFAULT_AUDITS)
      add(
        path.join(base, a.artifact),
        `the audit artifact ${ctx.ws.rel(path.join(base, a.artifact))}`,
      );
  }
  return out;
}

/**
 * The real path of `abs`, or, when it does not exist, the real path of its nearest existing
 * ancestor joined with the rest: symlinks are followed as far as they go, so two spellings
 * of one file compare equal whether or not it exists yet.
 */
function canonical(abs: string): string {
  const rest: string[] = [];
  for (let d = path.resolve(abs); ; d = path.dirname(d)) {
    try {
      return path.join(fs.realpathSync(d), ...rest.reverse());
    } catch {
      if (path.dirname(d) === d) return path.resolve(abs);
      rest.push(path.basename(d));
    }
  }
}

function checkTrace(
  tracePath: string,
  spec: AuditSpec,
  ctx: AuditContext,
): { issue?: [CodeDef, string, string]; location?: string } {
  // Traces may be written at the repository top level (.aris/traces/...) rather than in the
  // paper dir: look in the paper dir, then each ancestor up to the workspace root.
  const bases: string[] = [];
  for (let d = ctx.paperDir; ctx.ws.contains(d); d = path.dirname(d)) {
    bases.push(d);
    if (d === ctx.ws.root) break;
  }
  const lookIn = path.isAbsolute(tracePath) ? [ctx.paperDir] : bases;
  let targets: Map<string, string> | undefined;
  const notATrace = (clause: string): { issue: [CodeDef, string, string] } => ({
    issue: [
      ARIS.traceNotATrace,
      `trace_path_not_a_trace:${tracePath}`,
      `trace_path ${quoteValue(tracePath)} ${clause}. It must name the directory or file ${spec.skill} wrote with the reviewer’s prompt and response (such as .aris/traces/${spec.skill}/<run>/).`,
    ],
  });
  let firstFailure: Resolved | undefined;
  for (const base of lookIn) {
    const r = ctx.ws.resolve(base, tracePath);
    if (!r.ok) {
      firstFailure ??= r;
      if (r.reason === 'missing') continue;
      break;
    }
    targets ??= notATraceTargets(ctx, bases, spec.artifact);
    const what = targets.get(r.real);
    if (what) return notATrace(`is ${what}, not a trace`);
    const st = statPath(r.real);
    if (st.kind === 'dir' && isAncestorOrSelf(r.real, ctx.paperDir))
      return notATrace(
        'is the paper directory or a directory above it, so any file there would count as the trace',
      );
    if (st.kind === 'dir') {
      // A directory holding an artifact or the verifier's files would let them count as the trace.
      const held = [...targets].find(([p]) => isAncestorOrSelf(r.real, p) && fs.existsSync(p));
      if (held)
        return notATrace(`is a directory holding ${held[1]}, which would count as the trace`);
      try {
        const d = fs.opendirSync(r.real);
        const first = d.readSync();
        d.closeSync();
        if (!first)
          return {
            issue: [
              ARIS.traceEmpty,
              `trace_path_empty:${tracePath}`,
              `trace_path ${quoteValue(tracePath)} is an empty directory.`,
            ],
          };
      } catch (err) {
        return {
          issue: [
            ARIS.traceUnreadable,
            `trace_path_unreadable:${tracePath}`,
            `trace_path ${quoteValue(tracePath)} cannot be listed: ${(err as Error).message}.`,
          ],
        };
      }
      return { location: r.rel };
    }
    if (st.kind === 'file') {
      if (st.size === 0)
        return {
          issue: [
            ARIS.traceEmptyFile,
            `trace_path_empty_file:${tracePath}`,
            `trace_path ${quoteValue(tracePath)} is an empty file.`,
          ],
        };
      return { location: r.rel };
    }
    return {
      issue: [
        ARIS.traceUnreadable,
        `trace_path_unreadable:${tracePath}`,
        `trace_path ${quoteValue(tracePath)} ${st.detail || 'cannot be read'}.`,
      ],
    };
  }
  if (firstFailure && !firstFailure.ok && firstFailure.reason === 'missing') {
    // Not written yet (the verifier's report before its first run): still not a trace.
    targets ??= notATraceTargets(ctx, bases, spec.artifact);
    for (const base of lookIn) {
      const what = targets.get(canonical(path.resolve(base, tracePath)));
      if (what) return notATrace(`is ${what}, not a trace`);
    }
  }
  if (firstFailure && !firstFailure.ok && firstFailure.reason === 'outside_root') {
    return {
      issue: [
        ARIS.traceOutsideRoot,
        `trace_path_outside_root:${tracePath}`,
        `trace_path ${quoteValue(tracePath)} ${firstFailure.detail}; it was not read.`,
      ],
    };
  }
  if (firstFailure && !firstFailure.ok && firstFailure.reason !== 'missing') {
    return {
      issue: [
        ARIS.traceUnreadable,
        `trace_path_unreadable:${tracePath}`,
        `trace_path ${quoteValue(tracePath)} ${firstFailure.detail}.`,
      ],
    };
  }
  return {
    issue: [
      ARIS.traceMissing,
      `trace_path_missing:${tracePath}`,
      `trace_path ${quoteValue(tracePath)} does not exist (looked in the paper dir and each directory above it up to the repository root).`,
    ],
  };
}

function independenceFinding(
  i: IndependenceIssue,
  lineOf: (...p: string[]) => number | undefined,
): [CodeDef, number | undefined] {
  switch (i.kind) {
    case 'missing_field':
      return [ARIS.missingField, lineOf(i.field)];
    case 'invalid_review_independence':
      return [ARIS.invalidReviewIndependence, lineOf('review_independence')];
    case 'unrecognized_model_family':
      return [ARIS.unrecognizedModelFamily, lineOf('executor_model') ?? lineOf('reviewer_model')];
    case 'executor_family_mismatch':
      return [ARIS.executorFamilyMismatch, lineOf('executor_family')];
    case 'reviewer_family_mismatch':
      return [ARIS.reviewerFamilyMismatch, lineOf('reviewer_family')];
    case 'same_family_independence_mismatch':
      return [ARIS.sameFamilyMismatch, lineOf('review_independence')];
    case 'cross_family_independence_mismatch':
      return [ARIS.crossFamilyMismatch, lineOf('review_independence')];
    case 'deterministic_independence_mismatch':
      return [ARIS.deterministicMismatch, lineOf('review_independence')];
    case 'acceptance_status_mismatch':
      return [ARIS.acceptanceStatusMismatch, lineOf('acceptance_status')];
  }
}

function independenceMessage(i: IndependenceIssue, rel: string): string {
  switch (i.kind) {
    case 'missing_field':
      return `${rel} declares review independence but "${i.field}" is missing or empty.`;
    case 'invalid_review_independence':
      return `review_independence ${quoteValue(i.value)} in ${rel} is not same-family, cross-family or deterministic.`;
    case 'unrecognized_model_family':
      return `The model family in ${rel} is not recognised (executor: ${i.executor}, reviewer: ${i.reviewer}).`;
    case 'executor_family_mismatch':
    case 'reviewer_family_mismatch': {
      const role = i.kind === 'executor_family_mismatch' ? 'executor' : 'reviewer';
      return i.absent
        ? `${role}_family is missing in ${rel}; ${role}_model is of family ${i.want}.`
        : `${role}_family ${quoteValue(i.got)} in ${rel} does not match ${role}_model (family ${i.want}).`;
    }
    case 'same_family_independence_mismatch':
      return `${rel} claims a same-family review, but the executor and reviewer families differ or one is deterministic.`;
    case 'cross_family_independence_mismatch':
      return `${rel} claims a cross-family review, but the families are the same or the reviewer is deterministic.`;
    case 'deterministic_independence_mismatch':
      return `${rel} claims a deterministic review, but the reviewer is a model.`;
    case 'acceptance_status_mismatch':
      return `acceptance_status ${quoteValue(i.got)} in ${rel} should be "${i.want}" for this kind of review.`;
  }
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}

function short(hex: string): string {
  return `${hex.slice(0, 12)}…`;
}
