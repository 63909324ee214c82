import {
  finding,
  type CodeDef,
  type Finding,
  type Location,
  type Severity,
} from '../../model/finding.js';

/** By default, at most this many findings per code and target; the rest are counted in one closing finding. */
export const MAX_PER_CODE = 50;

/** A value, or how to compute it: locating a key in a big JSON file costs a search per call. */
export type Lazy<T> = T | (() => T);
const force = <T>(v: Lazy<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

/** What a rule reports: the finding's own text and places (its code comes from the def). */
export interface Report {
  /** Computed only for a finding that is kept (a rule may report millions past the cap). */
  message: Lazy<string>;
  location?: Lazy<Location>;
  related?: Lazy<Location[]>;
  remediation?: string;
  details?: Record<string, string>;
  /** Instead of the code's own (a pack option that makes it block, say). */
  severity?: Severity;
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
  /** Per capped code: how many more, the first's place and fix, the most severe of them. */
  private readonly suppressed = new Map<
    string,
    { def: D; n: number; first: Location | undefined; remediation?: string; severity: Severity }
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

  /** Reports a finding of `def` (ESLint's context.report): the finding kept, or undefined past the cap. */
  report(def: D, r: Report): Finding | undefined {
    const n = (this.counts.get(def.code) ?? 0) + 1;
    this.counts.set(def.code, n);
    const severity = r.severity ?? def.severity;
    if (n > this.max) {
      const s = this.suppressed.get(def.code);
      if (s) {
        s.n++;
        if (RANK[severity] > RANK[s.severity]) s.severity = severity;
      } else
        this.suppressed.set(def.code, {
          def,
          n: 1,
          first: r.location && force(r.location),
          ...(r.remediation ? { remediation: r.remediation } : {}),
          severity,
        });
      return undefined;
    }
    const location = r.location && force(r.location);
    const related = r.related && force(r.related);
    const f = finding(def, {
      subject: this.subject,
      message: force(r.message),
      ...(location ? { location } : {}),
      ...(related && related.length ? { related } : {}),
      ...(r.remediation ? { remediation: r.remediation } : {}),
      ...(r.details ? { details: r.details } : {}),
      ...(r.severity ? { severity: r.severity } : {}),
    });
    this.out.push(f);
    return f;
  }

  /** `report` with positional arguments, for the common case. */
  add(
    def: D,
    message: Lazy<string>,
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

  /** One finding per capped code: how many more places have the same problem. */
  closing(): Finding[] {
    return [...this.suppressed.values()].map((s) =>
      finding(s.def, {
        subject: this.subject,
        message: `${s.n} more place(s) ${this.scope} have the same problem (${s.def.title.toLowerCase()}); only the first ${this.max} are listed.`,
        severity: s.severity,
        ...(s.first ? { location: s.first } : {}),
        ...(s.remediation ? { remediation: s.remediation } : {}),
      }),
    );
  }

  finish(): Finding[] {
    return [...this.out, ...this.closing()];
  }
}

const RANK: Record<Severity, number> = { notice: 0, warning: 1, error: 2 };
