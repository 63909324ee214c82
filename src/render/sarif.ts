import { createHash } from 'node:crypto';
import type { CodeDef, Finding, Location } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import { CODES_DOC, HOMEPAGE } from '../version.js';

/**
 * SARIF 2.1.0 for `github/codeql-action/upload-sarif`: one rule per validation code, one result
 * per finding with a location (code scanning needs one; findings about the run as a whole, such as
 * "nothing was verified", stay in the JSON report and the check run).
 *
 * No `automationDetails`: upload-sarif fills it from its `category` input only when the run has
 * none, so a fixed id here would override the category users set.
 */
export interface SarifOptions {
  /** Code registry, for rule titles and help. */
  codes?: readonly CodeDef[];
}

const LEVEL = { error: 'error', warning: 'warning', notice: 'note' } as const;

/**
 * A path segment as a URI segment. Paths quoted from an artifact can hold a lone UTF-16
 * surrogate (JSON allows "\udc00"), which encodeURIComponent refuses with a URIError: it is
 * written as U+FFFD, the character the file system stores for it.
 */
function uriSegment(s: string): string {
  return encodeURIComponent(s.replace(/\p{Cs}/gu, '\ufffd'));
}

/** GitHub keeps at most 1,000 locations per result (and shows 100). */
const MAX_RELATED = 100;

function physical(loc: Location) {
  return {
    physicalLocation: {
      artifactLocation: {
        uri: loc.path.split('/').map(uriSegment).join('/'),
        uriBaseId: '%SRCROOT%',
      },
      region: { startLine: loc.line ?? 1, ...(loc.column ? { startColumn: loc.column } : {}) },
    },
  };
}

/**
 * What makes a finding itself, stable across runs: its code, subject, file, the pack's details
 * (the legacy issue string of a paper audit) and related files (not its line or message, which move when the file is rewritten). Two
 * findings that still agree (one audit with two malformed fields of one kind) are told apart by
 * their order, so code scanning never merges two results into one alert.
 */
function fingerprints(located: (Finding & { location: Location })[]): string[] {
  const seen = new Map<string, number>();
  return located.map((f) => {
    const parts = [
      f.code,
      f.subject,
      f.location.path,
      Object.values(f.details ?? {}).join('\0'),
      ...(f.related ?? []).map((r) => r.path).sort(),
    ];
    const base = createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}:${n}`;
  });
}

/**
 * Plain text for a SARIF message: SARIF reads `[text](target)` there as a link (§3.11.6), so a
 * square bracket is escaped, and so is each backslash right before one.
 */
export function sarifText(s: string): string {
  return s.replace(/(\\*)([[\]])/g, (_, bs: string, br: string) => `${bs}${bs}\\${br}`);
}

function rule(id: string, def: CodeDef | undefined, sample: Finding) {
  const title = def?.title ?? id;
  const remediation = def?.remediation ?? sample.remediation;
  const invariant = def?.invariant_id ? ` (producer invariant ${def.invariant_id})` : '';
  return {
    id,
    name: id,
    shortDescription: { text: sarifText(title) },
    fullDescription: { text: sarifText(`${title}${invariant}. What to do: ${remediation}`) },
    help: { text: sarifText(remediation) },
    helpUri: CODES_DOC,
    defaultConfiguration: { level: LEVEL[def?.severity ?? sample.severity] },
  };
}

export function renderSarif(report: GateReport, opts: SarifOptions = {}) {
  const defs = new Map((opts.codes ?? []).map((c) => [c.code, c]));
  const located = report.findings.filter(
    (f): f is Finding & { location: Location } => f.location !== undefined,
  );
  // The first finding of each code stands in for a code this version does not know.
  const samples = new Map<string, Finding>();
  for (const f of located) if (!samples.has(f.code)) samples.set(f.code, f);
  const ruleIds = [...samples.keys()].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => rule(id, defs.get(id), samples.get(id)!));
  const prints = fingerprints(located);
  const results = located.map((f, i) => ({
    ruleId: f.code,
    ruleIndex: ruleIndex.get(f.code)!,
    level: LEVEL[f.severity],
    message: { text: sarifText(`${f.message} ${f.remediation}`) },
    locations: [physical(f.location)],
    ...(f.related?.length
      ? {
          relatedLocations: f.related.slice(0, MAX_RELATED).map((r, j) => ({
            id: j,
            ...physical(r),
            message: { text: 'related input' },
          })),
        }
      : {}),
    ...(f.waived
      ? {
          suppressions: [
            {
              kind: 'external',
              justification: f.waived.tracking
                ? `${f.waived.reason} (${f.waived.tracking})`
                : f.waived.reason,
            },
          ],
        }
      : {}),
    partialFingerprints: { 'auditGateFinding/v2': prints[i]! },
    properties: { subject: f.subject, blocking: f.blocking },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'audit-gate',
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: HOMEPAGE,
            rules,
          },
        },
        results,
        properties: {
          conclusion: report.conclusion,
          submissionReady: report.submission_ready,
          notLocated: report.findings.length - located.length,
        },
      },
    ],
  };
}
