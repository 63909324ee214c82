import fs from 'node:fs';
import { parseJson } from '../io/json.js';
import { namedInside, reallyInside } from '../io/paths.js';
import { finding, type Finding } from '../model/finding.js';
import { reportSchemas, type GateReport, type ShardRecord } from '../model/report.js';
import type { PackResult } from '../packs/pack.js';
import { firstIssue } from '../render/schema-issue.js';
import { quoteValue } from '../render/sanitize.js';
import { MAX_SHARDS, targetsDigest } from '../pipeline/shard.js';
import { GATE } from './codes.js';
import { decide, verifiedSomething } from './gate.js';
import { recheckReport, type RecheckOptions } from './recheck.js';

/** The largest report file read (a report of many thousand findings fits easily). */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/**
 * The most bytes of reports one run reads, all files together: a parsed report takes about ten
 * times its size in memory, and a thousand 64 MiB reports would end the process before it
 * completed its check run. A matrix of 256 shards of 10,000 artifacts writes ≈ 100 KB each.
 */
export const MAX_REPORTS_BYTES = 128 * 1024 * 1024;

/**
 * Reads report files in order (see readReportFile), each counted against MAX_REPORTS_BYTES: one
 * past it is not read, and is refused as unreadable.
 */
export function readReportFiles(
  files: readonly { file: string; name: string }[],
  roots: readonly string[] = [],
  onRead?: (name: string) => void,
  budget = MAX_REPORTS_BYTES,
): ReadReport[] {
  let left = budget;
  return files.map(({ file, name }) => {
    onRead?.(name);
    let size = 0;
    try {
      size = fs.lstatSync(file).size;
    } catch {
      // readReportFile says why
    }
    if (size > MAX_REPORT_BYTES) return readReportFile(file, name, roots); // refused unread
    if (size > left)
      return {
        ok: false,
        name,
        kind: 'unreadable',
        problem: `was not read: with the reports before it, it is more than the ${mib(budget)} of reports one run reads`,
      };
    left -= size;
    return readReportFile(file, name, roots);
  });
}

/** A report file as read: the parsed report, or why it cannot be one. */
export type ReadReport =
  | { ok: true; name: string; report: GateReport }
  | { ok: false; name: string; problem: string; kind: 'unreadable' | 'not_json' | 'not_report' };

/**
 * Reads and schema-checks a report file (untrusted: it may come from a pull request's workflow).
 * A file named inside one of `roots` must really lie inside one of them: a folder on its path may
 * be a symlink the checkout planted.
 */
export function readReportFile(
  file: string,
  name = file,
  roots: readonly string[] = [],
): ReadReport {
  let text: string;
  if (namedInside(file, roots) !== undefined && !reallyInside(file, roots))
    return {
      ok: false,
      name,
      kind: 'unreadable',
      problem: 'leads out of the folders reports are read from through a symlink',
    };
  try {
    // Never through a link: one to /etc/passwd or .git/config would quote its start below.
    const st = fs.lstatSync(file);
    if (st.isSymbolicLink())
      return {
        ok: false,
        name,
        kind: 'unreadable',
        problem: 'is a symlink, which a report file may not be',
      };
    if (!st.isFile()) throw new Error('not a regular file');
    if (st.size > MAX_REPORT_BYTES) throw new Error(`larger than ${MAX_REPORT_BYTES} bytes`);
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return {
      ok: false,
      name,
      kind: 'unreadable',
      problem: `cannot be read (${errorMessage(err)})`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Where, in words, never JSON.parse's own message, which quotes the text.
    const located = parseJson(text);
    const problem = located.ok ? 'is not valid JSON' : located.message;
    return { ok: false, name, kind: 'not_json', problem };
  }
  const parsed = reportSchemas().GateReport.safeParse(json);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error, { style: 'verbatim' });
    return {
      ok: false,
      name,
      kind: 'not_report',
      problem: `is not an audit-gate JSON report: ${issue.where}: ${issue.why}`,
    };
  }
  return { ok: true, name, report: parsed.data };
}

const mib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`;

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface MergeOptions extends RecheckOptions {
  /** What "nothing was verified" tells the user to do, in the caller's terms. */
  emptyRemediation?: string;
}

interface Accepted {
  name: string;
  shard: ShardRecord;
  results: PackResult[];
  runFindings: Finding[];
}

/** Run-level findings merge decides again over all the shards, never takes from one. */
const RECOMPUTED = new Set<string>([GATE.nothingVerified.code]);

/**
 * Combines the reports of `verify --shard K/N` into one report, as if one run had verified
 * everything. Each report is rechecked on its own first (recheckReport: its flags are never
 * trusted), then the verdict is decided again over all their results together, with this
 * workflow's fail-on and waivers. It fails closed: a report that is unreadable or refused, a
 * missing or duplicated shard, shards cut from different lists or settings, and a target claimed
 * twice or by nobody are each a blocking finding.
 */
export function mergeReports(inputs: readonly ReadReport[], opts: MergeOptions): GateReport {
  const problems: Finding[] = [];
  const problem = (def: (typeof GATE)[keyof typeof GATE], message: string, remediation?: string) =>
    problems.push(
      finding(def, { subject: 'gate', message, ...(remediation ? { remediation } : {}) }),
    );
  const accepted: Accepted[] = [];
  let root: string | undefined;
  for (const input of inputs) {
    if (!input.ok) {
      problem(
        GATE.reportRefused,
        `The report ${quoteValue(input.name)} ${input.problem}.`,
        'Name the JSON report an audit-gate run wrote (its --out file, or the Action’s report-path output); if it is missing or cut short, rerun the job that writes it.',
      );
      continue;
    }
    root ??= input.report.root;
    const checked = recheckReport(input.report, opts);
    if (!checked.ok) {
      const more = checked.more ? `; and ${checked.more} more` : '';
      problem(
        GATE.reportRefused,
        `The report ${quoteValue(input.name)} is refused: ${checked.problems.join('; ')}${more}.`,
      );
      continue;
    }
    if (input.report.shard === undefined) {
      problem(
        GATE.shardMismatch,
        `The report ${quoteValue(input.name)} is not a shard report (written without --shard), so it cannot be merged with others.`,
      );
      continue;
    }
    const { index, count } = input.report.shard;
    if (count > MAX_SHARDS || index > count) {
      // verify --shard writes neither: and N is counted through to list the missing shards.
      problem(
        GATE.reportRefused,
        `The report ${quoteValue(input.name)} is refused: it says it is shard ${index} of ${count}, and a shard is 1 to N of at most ${MAX_SHARDS}.`,
      );
      continue;
    }
    accepted.push({ name: input.name, shard: input.report.shard, ...checked.parts });
  }

  const kept = checkShards(accepted, problem);
  const results = kept.flatMap((a) => a.results).sort((a, b) => byId(a.target.id, b.target.id));
  const runFindings = distinct(kept.flatMap((a) => a.runFindings));
  const allowEmpty = accepted.length > 0 && accepted.every((a) => a.shard.allow_empty);
  // As in verify: fixtures prove audit-gate's rules and never stand in for papers or runs.
  const counted = results.filter((r) => r.target.pack !== 'fixtures');
  // A refused report already fails the merge: "nothing was verified" would only follow from it.
  if (!allowEmpty && problems.length === 0 && !counted.some(verifiedSomething)) {
    const said = runFindings.find((f) => f.code === GATE.nothingVerified.code);
    problems.push(
      finding(GATE.nothingVerified, {
        subject: 'gate',
        message: 'Nothing was verified: the shard reports hold no paper audits, runs or fixtures.',
        ...(said ? { remediation: said.remediation } : {}),
        ...(opts.emptyRemediation ? { remediation: opts.emptyRemediation } : {}),
      }),
    );
  }
  const failOn =
    opts.failOn === 'problem' || accepted.some((a) => a.shard.fail_on === 'problem')
      ? 'problem'
      : 'blocking';
  return decide(results, {
    root: root ?? '.',
    failOn,
    runFindings: [...runFindings.filter((f) => !RECOMPUTED.has(f.code)), ...problems],
    waivers: opts.waivers ?? [],
  });
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Findings every shard reports alike (a bad config, an unreadable index) are kept once. */
function distinct(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const k = JSON.stringify(f);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/**
 * The completeness proof: one report per shard 1..N, all cut from the same list with the same
 * settings, whose given targets add up to that list exactly once, each report holding exactly
 * its own targets (and shard 1 the fixtures). Returns the reports whose results count.
 */
function checkShards(
  accepted: Accepted[],
  problem: (def: (typeof GATE)[keyof typeof GATE], message: string) => void,
): Accepted[] {
  if (accepted.length === 0) return [];
  const sorted = [...accepted].sort((a, b) => a.shard.index - b.shard.index);
  const ref = sorted[0]!.shard;
  const name = (a: Accepted) => `${quoteValue(a.name)} (shard ${a.shard.index}/${a.shard.count})`;
  const kept: Accepted[] = [];
  const byIndex = new Map<number, Accepted>();
  for (const a of sorted) {
    if (a.shard.count !== ref.count || a.shard.targets_digest !== ref.targets_digest) {
      problem(
        GATE.shardMismatch,
        `The report ${name(a)} was cut from another target list than ${name(sorted[0]!)}: another commit or another shard count.`,
      );
      continue;
    }
    if (a.shard.config_digest !== ref.config_digest)
      problem(
        GATE.shardConfigMismatch,
        `The report ${name(a)} was verified with other settings than ${name(sorted[0]!)} (config, inputs or audit-gate version).`,
      );
    const twin = byIndex.get(a.shard.index);
    if (twin) {
      problem(
        GATE.shardDuplicate,
        `The reports ${quoteValue(twin.name)} and ${quoteValue(a.name)} both claim shard ${a.shard.index}/${a.shard.count}; the second is not counted.`,
      );
      continue;
    }
    byIndex.set(a.shard.index, a);
    kept.push(a);
  }
  const missing: number[] = [];
  for (let i = 1; i <= ref.count; i++) if (!byIndex.has(i)) missing.push(i);
  if (missing.length > 0)
    problem(
      GATE.shardMissing,
      `No report for shard${missing.length > 1 ? 's' : ''} ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` and ${missing.length - 20} more` : ''} of ${ref.count}: ${missing.length > 1 ? 'their' : 'its'} targets were not verified.`,
    );

  // Given targets: each exactly once across the shards, and together the whole list.
  const givenTo = new Map<string, Accepted>();
  for (const a of kept)
    for (const id of a.shard.targets) {
      const first = givenTo.get(id);
      if (first)
        problem(
          GATE.shardOverlap,
          `The reports ${name(first)} and ${name(a)} were both given the target ${quoteValue(id)}.`,
        );
      else givenTo.set(id, a);
    }
  if (missing.length === 0 && targetsDigest([...givenTo.keys()]) !== ref.targets_digest)
    problem(
      GATE.shardIncomplete,
      `The targets the ${kept.length} shard reports were given do not add up to the list they say they were cut from (${givenTo.size} targets).`,
    );

  // Results: each report holds exactly what it was given (shard 1 the fixtures too).
  const heldBy = new Map<string, Accepted>();
  for (const a of kept) {
    const own = new Set(a.shard.targets);
    const held = new Set<string>();
    for (const r of a.results) {
      const id = r.target.id;
      held.add(id);
      const first = heldBy.get(id);
      if (first)
        problem(
          GATE.shardOverlap,
          `The reports ${name(first)} and ${name(a)} both hold results for ${quoteValue(id)}.`,
        );
      else heldBy.set(id, a);
      if (!own.has(id) && !(a.shard.fixtures && r.target.pack === 'fixtures'))
        problem(
          GATE.shardIncomplete,
          `The report ${name(a)} holds results for ${quoteValue(id)}, which its shard was not given.`,
        );
    }
    const lacking = a.shard.targets.filter((id) => !held.has(id));
    if (lacking.length > 0)
      problem(
        GATE.shardIncomplete,
        `The report ${name(a)} holds no result for ${lacking.length} of the targets its shard was given (${lacking
          .slice(0, 3)
          .map((id) => quoteValue(id))
          .join(', ')}${lacking.length > 3 ? ', …' : ''}).`,
      );
  }
  return kept;
}
