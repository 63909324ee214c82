import fs from 'node:fs';
import path from 'node:path';
import { finding, type Finding } from '../../model/finding.js';
import { NOT_READY_BECAUSE, type Target } from '../../model/subject.js';
import { readSmallFile } from '../../io/files.js';
import { PINNED_SOURCE, resolveAssurance, type AssuranceDecision } from '../../policy/assurance.js';
import type { PackContext, PackResult } from '../pack.js';
import type { Resolved, Workspace } from '../../io/workspace.js';
import { VERSION } from '../../version.js';
import { auditInputs, checkAudit, type AuditCheck } from './audit.js';
import { ARIS } from './codes.js';
import { loadJsonObject } from '../../io/json-file.js';
import { quoteValue } from '../../render/sanitize.js';
import { firstIssue, isPlainRelative } from '../kit/index.js';
import { DEFAULT_AUDITS, schemas, type ArisReport, type AuditSpec } from './schema.js';

export const MANIFEST_PATH = '.aris/audit-manifest.json';
export const ASSURANCE_PATH = '.aris/assurance.txt';

/**
 * Verifies one paper directory: the manifest's audits (or the default four, and any of them the
 * manifest omits whose artifact is present), then the aggregate.
 */
export async function verifyPaper(paperDir: string, ctx: PackContext): Promise<PackResult> {
  const ws = ctx.workspace;
  const rel = ws.rel(paperDir);
  const targetId = `aris:${rel}`;
  const findings: Finding[] = [];

  const decision = decideAssurance(paperDir, ctx);
  if (decision.error) {
    findings.push(
      finding(ARIS.assuranceInvalid, {
        subject: targetId,
        message: `${decision.error}; the paper is checked at submission level.`,
        location: { path: ws.rel(path.join(paperDir, ASSURANCE_PATH)), line: 1 },
      }),
    );
  }

  const manifest = readManifest(paperDir, ctx, targetId, decision.source === PINNED_SOURCE);
  findings.push(...manifest.findings);

  const maxBytes =
    typeof ctx.options.max_artifact_bytes === 'number' ? ctx.options.max_artifact_bytes : undefined;
  const paperReal = ws.resolve(paperDir, '.');
  const base = paperReal.ok ? paperReal.real : paperDir;
  // Hash every distinct input once, before any audit is judged. Each artifact's inputs start
  // hashing as soon as it is parsed, so large files hash on other threads while the next parse.
  const hashed: Promise<void>[] = [];
  const seen = new Map<string, Resolved>();
  // One array for every audit: the trace check finds a paper's paths once per this array.
  const artifacts = manifest.audits.map((a) => a.artifact);
  const loaded = manifest.audits.map((spec) => {
    const l = loadJsonObject(ws, paperDir, spec.artifact, { maxBytes });
    const inputs = auditInputs(l, { ws, paperDir: base }, seen);
    hashed.push(
      ctx.hasher.prefetch(
        inputs.flatMap((i) => (i.resolved.ok ? [i.resolved.real] : [])),
        (real) => ws.sizeOf(real),
      ),
    );
    return { spec, loaded: l, inputs };
  });
  await Promise.all(hashed);

  const checks: AuditCheck[] = [];
  for (const { spec, loaded: l, inputs } of loaded) {
    checks.push(
      await checkAudit(
        spec,
        l,
        {
          ws,
          paperDir: base,
          assurance: decision.assurance,
          pinned: decision.source === PINNED_SOURCE,
          targetId,
          hashes: (real) => ctx.hasher.hash(real),
          artifacts,
        },
        inputs,
      ),
    );
  }

  const paperProblem = findings.length > 0;
  const submission = decision.assurance === 'submission';
  const anyProblem = paperProblem || checks.some((c) => c.problem);
  const anyBlocking = (submission && paperProblem) || checks.some((c) => c.blocking);
  const provisional = checks.some((c) => c.provisional);
  const overall = anyBlocking ? 'blocked' : provisional ? 'provisional' : 'accepted';
  const allFindings = [...findings, ...checks.flatMap((c) => c.findings)];

  const target: Target = {
    id: targetId,
    pack: 'aris',
    kind: 'paper',
    path: rel,
    enforcement: submission ? 'blocking' : 'advisory',
    terminal_state: overall,
    ready: overall === 'accepted',
    context: {
      assurance: decision.assurance,
      assurance_source: decision.source,
      ...(decision.effort ? { effort: decision.effort } : {}),
      manifest: manifest.source,
      ...(overall === 'provisional' ? { [NOT_READY_BECAUSE]: provisionalBecause(checks) } : {}),
    },
  };
  const report: ArisReport = {
    verifier_version: '2',
    paper_dir: paperDir,
    assurance: decision.assurance,
    generated_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    any_problem: anyProblem,
    submission_blocking: anyBlocking,
    overall_assurance: overall,
    audits: checks.map((c) => c.row),
    submission_ready:
      !anyProblem && overall === 'accepted' && allFindings.length === 0 ? 'yes' : 'no',
    ...(decision.effort ? { effort: decision.effort } : {}),
    assurance_source: decision.source,
    manifest: manifest.source,
    verifier: { name: 'audit-gate', version: VERSION },
    findings: [],
  };
  return {
    target,
    subjects: checks.map((c) => c.subject),
    findings: allFindings,
    extension: report,
  };
}

/** <paper-dir>/.aris/assurance.txt: absent, its text, or why it exists but was not read. */
export type AssuranceFile =
  { state: 'missing' } | { state: 'text'; text: string } | { state: 'unreadable'; detail: string };

/**
 * Reads <paper-dir>/.aris/assurance.txt through the workspace. A file that exists but cannot be
 * read (or resolves outside the workspace or into a git directory) is 'unreadable', so the
 * decision fails closed instead of falling back to the default.
 */
export function readAssuranceFile(ws: Workspace, paperDir: string): AssuranceFile {
  const file = ws.resolve(paperDir, ASSURANCE_PATH);
  if (!file.ok)
    return file.reason === 'missing'
      ? { state: 'missing' }
      : { state: 'unreadable', detail: file.detail };
  const read = readSmallFile(file.real, 4096);
  if (!read.ok)
    return read.kind === 'missing'
      ? { state: 'missing' }
      : { state: 'unreadable', detail: read.detail };
  return { state: 'text', text: read.bytes.toString('utf8') };
}

function decideAssurance(paperDir: string, ctx: PackContext): AssuranceDecision {
  const o = ctx.options;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const file = readAssuranceFile(ctx.workspace, paperDir);
  return resolveAssurance({
    flagAssurance: str(o.assurance),
    flagEffort: str(o.effort),
    ...(file.state === 'text' ? { fileText: file.text } : {}),
    ...(file.state === 'unreadable' ? { fileError: file.detail } : {}),
    configAssurance: str(o.config_assurance),
    configEffort: str(o.config_effort),
  });
}

/**
 * The audits that applied (the manifest's, else the default four). The manifest is checkout
 * content: it may excuse a default audit that did not run (its artifact is absent) only while the
 * paper sets its own assurance, since the paper could then set draft as well. Under an assurance
 * the workflow pinned, every default audit is required, and a default artifact keeps its skill.
 */
function readManifest(
  paperDir: string,
  ctx: PackContext,
  targetId: string,
  pinned: boolean,
): { audits: readonly AuditSpec[]; source: string; findings: Finding[] } {
  const loaded = loadJsonObject(ctx.workspace, paperDir, MANIFEST_PATH);
  if (loaded.state === 'missing')
    return { audits: DEFAULT_AUDITS, source: 'default', findings: [] };
  const invalid = (message: string, line?: number) => ({
    audits: DEFAULT_AUDITS,
    source: `default (${loaded.rel} is invalid)`,
    findings: [
      finding(ARIS.manifestInvalid, {
        subject: targetId,
        message: `${loaded.rel} ${message}; the default four audits are checked instead.`,
        location: line ? { path: loaded.rel, line } : { path: loaded.rel },
      }),
    ],
  });
  if (loaded.state === 'bad') return invalid(loaded.detail, loaded.line);
  if (loaded.doc.duplicates.length > 0) {
    const d = loaded.doc.duplicates[0]!;
    return invalid(`repeats the key ${quoteValue(d.key)}`, d.line);
  }
  const parsed = schemas().AuditManifest.safeParse(loaded.data);
  if (!parsed.success) {
    const { path: at, where, why } = firstIssue(parsed.error);
    return invalid(`is not a valid manifest at ${where}: ${why}`, loaded.doc.lineOf(at) ?? 1);
  }
  const seen = new Set<string>();
  for (const [i, a] of parsed.data.audits.entries()) {
    if (!isPlainRelative(a.artifact))
      return invalid(
        `names artifact ${quoteValue(a.artifact)}, which is not a plain path inside the paper dir`,
        loaded.doc.lineOf(['audits', i, 'artifact']),
      );
    if (seen.has(a.artifact))
      return invalid(
        `names artifact ${quoteValue(a.artifact)} twice`,
        loaded.doc.lineOf(['audits', i, 'artifact']),
      );
    seen.add(a.artifact);
    const own = DEFAULT_AUDITS.find((d) => d.artifact === a.artifact);
    if (own && own.skill !== a.audit_skill)
      return invalid(
        `names ${own.artifact}, the ${own.skill} audit's artifact, as ${quoteValue(a.audit_skill)}'s`,
        loaded.doc.lineOf(['audits', i, 'audit_skill']),
      );
  }
  const listed = parsed.data.audits.map((a) => ({ artifact: a.artifact, skill: a.audit_skill }));
  const named = new Set(listed.map((a) => a.artifact));
  const omitted = DEFAULT_AUDITS.filter((a) => !named.has(a.artifact));
  if (pinned)
    return {
      audits: [...listed, ...omitted.map((a) => ({ ...a, unexcused: true as const }))],
      source:
        omitted.length > 0
          ? `${loaded.rel}, and the default audits it leaves out (the assurance is pinned)`
          : loaded.rel,
      findings: [],
    };
  return {
    audits: [...listed, ...omitted.filter((a) => present(paperDir, a))],
    source: loaded.rel,
    findings: [],
  };
}

/**
 * Whether a default audit the manifest leaves out has its artifact in the paper dir: the manifest
 * may excuse an audit that did not run, never hide the verdict of one that did. Anything under
 * the artifact's name counts (a dangling symlink too): it is then verified, and fails as it would
 * without a manifest. Manifest artifacts are plain paths, so names compare as they are.
 */
function present(paperDir: string, audit: AuditSpec): boolean {
  try {
    fs.lstatSync(path.join(paperDir, audit.artifact));
    return true;
  } catch {
    return false;
  }
}

/** The most audits one reason names; the rest are counted. */
const NAMED_MAX = 25;
/** Why a paper is provisional, in words, naming the audits: what a reader must fix to be accepted. */
function provisionalBecause(checks: readonly AuditCheck[]): string {
  const groups = new Map<string, string[]>();
  for (const c of checks.filter((x) => x.provisional)) {
    const why =
      c.row.status === 'MISSING_DRAFT_OK'
        ? 'missing (allowed at draft)'
        : c.row.status === 'SCHEMA_INVALID'
          ? 'unreadable or schema-invalid artifact'
          : c.row.review_independence === 'same-family'
            ? 'same-family review (the reviewer is of the executor’s model family)'
            : 'legacy artifact without review-independence fields';
    const audits = groups.get(why);
    if (audits) audits.push(c.row.audit);
    else groups.set(why, [c.row.audit]);
  }
  const named = (audits: string[]) =>
    audits.length <= NAMED_MAX
      ? audits.join(', ')
      : `${audits.slice(0, NAMED_MAX).join(', ')} and ${audits.length - NAMED_MAX} more`;
  return [...groups].map(([why, audits]) => `${why}: ${named(audits)}`).join('; ');
}
