import { finding, type Finding, type Location } from '../../model/finding.js';
import type { TraceCodeDef } from './codes.js';

/** At most this many findings per code and run; the rest are counted in one closing finding. */
export const MAX_PER_CODE = 50;

/**
 * Collects one run's findings. A broken 2-million-line trace would otherwise produce millions of
 * identical findings, so each code keeps its first MAX_PER_CODE and then says how many more.
 */
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
    location?: Location,
    related?: Location[],
    remediation?: string,
  ): void {
    const n = (this.counts.get(def.code) ?? 0) + 1;
    this.counts.set(def.code, n);
    if (n > MAX_PER_CODE) {
      const s = this.suppressed.get(def.code) ?? { def, n: 0, first: location };
      s.n++;
      this.suppressed.set(def.code, s);
      return;
    }
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
