import type { CodeDef, Finding, Location } from '../model/finding.js';
import type { GateReport } from '../model/report.js';

/**
 * SARIF 2.1.0 for `github/codeql-action/upload-sarif`: one rule per validation code, one result
 * per finding with a location (code scanning needs one; findings about the run as a whole, such as
 * "nothing was verified", stay in the JSON report and the check run).
 */
export interface SarifOptions {
  /** Code registry, for rule titles and help. */
  codes?: readonly CodeDef[];
  informationUri?: string;
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

export function renderSarif(report: GateReport, opts: SarifOptions = {}) {
  const defs = new Map((opts.codes ?? []).map((c) => [c.code, c]));
  const located = report.findings.filter(
    (f): f is Finding & { location: Location } => f.location !== undefined,
  );
  const ruleIds = [...new Set(located.map((f) => f.code))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const def = defs.get(id);
    const sample = located.find((f) => f.code === id)!;
    return {
      id,
      name: id,
      shortDescription: { text: def?.title ?? id },
      help: { text: def?.remediation ?? sample.remediation },
      defaultConfiguration: { level: LEVEL[def?.severity ?? sample.severity] },
    };
  });
  const results = located.map((f) => ({
    ruleId: f.code,
    ruleIndex: ruleIndex.get(f.code)!,
    level: LEVEL[f.severity],
    message: { text: `${f.message} ${f.remediation}` },
    locations: [physical(f.location)],
    ...(f.related?.length
      ? {
          relatedLocations: f.related.map((r, i) => ({
            id: i,
            ...physical(r),
            message: { text: 'related input' },
          })),
        }
      : {}),
    partialFingerprints: { auditGateFinding: `${f.code}|${f.subject}|${f.location.path}` },
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
            ...(opts.informationUri ? { informationUri: opts.informationUri } : {}),
            rules,
          },
        },
        automationDetails: { id: 'audit-gate/' },
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
