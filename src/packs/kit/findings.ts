import { finding, type CodeDef, type Finding, type Location } from '../../model/finding.js';

/** By default, at most this many findings per code and target; the rest are counted in one closing finding. */
export const MAX_PER_CODE = 50;

/** A value, or how to compute it: locating a key in a big JSON file costs a search per call. */
export type Lazy<T> = T | (() => T);
const force = <T>(v: Lazy<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

/** What a rule reports: the finding's own text and places (its code comes from the def). */
export interface Report {
  message: string;
  location?: Lazy<Location>;
  related?: Lazy<Location[]>;
  remediation?: string;
  details?: Record<string, string>;
}

export interface FindingsOptions {
  /** Findings kept per code (default MAX_PER_CODE; Infinity keeps all). */
  maxPerCode?: number;
  /** How the closing finding names the target: "in this run". */
  scope?: string;
}

/**
 * Collects one target's findings, for the codes `D` of one pack. A broken 2-million-line input
 * would otherwise produce millions of identical findings, so each code keeps its first
 * `maxPerCode` and then says how many more.
 */
export class Findings<D extends CodeDef = CodeDef> {
  private readonly out: Finding[] = [];
  private readonly counts = new Map<string, number>();
  private readonly suppressed = new Map<
    string,
    { def: D; n: number; first: Location | undefined }
  >();
  private readonly max: number;
  private readonly scope: string;

  constructor(
    readonly subject: string,
    options: FindingsOptions = {},
  ) {
    this.max = options.maxPerCode ?? MAX_PER_CODE;
    this.scope = options.scope ?? 'in this target';
  }

  /** Reports a finding of `def` (ESLint's context.report). */
  report(def: D, r: Report): void {
    const n = (this.counts.get(def.code) ?? 0) + 1;
    this.counts.set(def.code, n);
    if (n > this.max) {
      let s = this.suppressed.get(def.code);
      if (!s) {
        s = { def, n: 0, first: r.location && force(r.location) };
        this.suppressed.set(def.code, s);
      }
      s.n++;
      return;
    }
    const location = r.location && force(r.location);
    const related = r.related && force(r.related);
    this.out.push(
      finding(def, {
        subject: this.subject,
        message: r.message,
        ...(location ? { location } : {}),
        ...(related && related.length ? { related } : {}),
        ...(r.remediation ? { remediation: r.remediation } : {}),
        ...(r.details ? { details: r.details } : {}),
      }),
    );
  }

  /** `report` with positional arguments, for the common case. */
  add(
    def: D,
    message: string,
    location?: Lazy<Location>,
    related?: Lazy<Location[]>,
    remediation?: string,
  ): void {
    this.report(def, { message, location, related, remediation });
  }

  has(code: string): boolean {
    return this.counts.has(code);
  }

  get size(): number {
    return this.out.length + this.suppressed.size;
  }

  finish(): Finding[] {
    const tail: Finding[] = [];
    for (const s of this.suppressed.values())
      tail.push(moreOf(s.def, this.subject, s.n, this.max, this.scope, s.first));
    return [...this.out, ...tail];
  }
}

/** The closing finding of a code past its cap: how many more places have the same problem. */
export function moreOf(
  def: CodeDef,
  subject: string,
  more: number,
  listed: number,
  scope: string,
  first?: Location,
): Finding {
  return finding(def, {
    subject,
    message: `${more} more place(s) ${scope} have the same problem (${def.title.toLowerCase()}); only the first ${listed} are listed.`,
    ...(first ? { location: first } : {}),
  });
}
