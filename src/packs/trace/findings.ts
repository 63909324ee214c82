import { finding, type Finding, type Location } from '../../model/finding.js';
import type { TraceCodeDef } from './codes.js';

/** At most this many findings per code and run; the rest are counted in one closing finding. */
export const MAX_PER_CODE = 50;

/**
 * Collects one run's findings. A broken 2-million-line trace would otherwise produce millions of
 * identical findings, so each code keeps its first MAX_PER_CODE and then says how many more.
 */
/** A value, or how to compute it: locating a key in a big JSON file costs a search per call. */
export type Lazy<T> = T | (() => T);
const force = <T>(v: Lazy<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

export class RunFindings {
  private readonly out: Finding[] = [];
  private readonly counts = new Map<string, number>();
  private readonly suppressed = new Map<
    string,
    { def: TraceCodeDef; n: number; first: Location | undefined }
  >();

  constructor(readonly subject: string) {}

  add(
    def: TraceCodeDef,
    message: string,
    lazyLocation?: Lazy<Location>,
    lazyRelated?: Lazy<Location[]>,
    remediation?: string,
  ): void {
    const n = (this.counts.get(def.code) ?? 0) + 1;
    this.counts.set(def.code, n);
    if (n > MAX_PER_CODE) {
      let s = this.suppressed.get(def.code);
      if (!s) {
        s = { def, n: 0, first: lazyLocation && force(lazyLocation) };
        this.suppressed.set(def.code, s);
      }
      s.n++;
      return;
    }
    const location = lazyLocation && force(lazyLocation);
    const related = lazyRelated && force(lazyRelated);
    this.out.push(
      finding(def, {
        subject: this.subject,
        message,
        ...(location ? { location } : {}),
        ...(related && related.length ? { related } : {}),
        ...(remediation ? { remediation } : {}),
      }),
    );
  }

  has(code: string): boolean {
    return this.counts.has(code);
  }

  get size(): number {
    return this.out.length + this.suppressed.size;
  }

  finish(): Finding[] {
    const tail: Finding[] = [];
    for (const s of this.suppressed.values()) {
      tail.push(
        finding(s.def, {
          subject: this.subject,
          message: `${s.n} more place(s) in this run have the same problem (${s.def.title.toLowerCase()}); only the first ${MAX_PER_CODE} are listed.`,
          ...(s.first ? { location: s.first } : {}),
        }),
      );
    }
    return [...this.out, ...tail];
  }
}
