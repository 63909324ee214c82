import type { CodeDef, Location } from '../../../model/finding.js';
import type { Lazy } from '../../kit/index.js';
import type { Bundle, BundleRecord } from '../bundle.js';

export interface RuleMeta {
  /** The seed's own code, e.g. validation.metric_without_formula_spec. */
  code: string;
  /** Seed section, e.g. "§3.3" or "A-01/A-05". */
  section: string;
  /** Seed line where the code is listed. */
  seedLine: number;
  title: string;
  remediation: string;
  /** Where the seed leaves the rule open: the reading this rule implements (docs/addenda-b.md). */
  decision?: string;
}

/**
 * Reports a violation at a record (its file and line) or at a location. The message may be a
 * function: only findings kept under the per-code cap are worded, so a rule that may report very
 * many (one per envelope, receipt or vector) need not build each message.
 */
export type Report = (at: BundleRecord | Location, message: Lazy<string>) => void;

/** One seed code: its metadata and one check over a read bundle (ESLint's meta + create idea). */
export interface Rule {
  meta: RuleMeta;
  check(bundle: Bundle, report: Report): void;
}

export function codeDef(meta: RuleMeta): CodeDef {
  return { code: meta.code, severity: 'error', title: meta.title, remediation: meta.remediation };
}
