import { finding, type Finding, type Location } from '../../model/finding.js';
import { MAX_PER_CODE, moreOf } from '../kit/findings.js';
import type { AristoCodeDef } from './codes.js';
import type { VerifyLevel } from './schema.js';

/** One annotation as the gate knows it now: from the source, or from the index where the parser cannot look. */
export interface Entry {
  id: string;
  kind: 'intent' | 'assume';
  text: string;
  /** Assumes are documentation: `false`. */
  verify: VerifyLevel;
  /** Derived from the proofs (as `aristo stamp` does), else the index's, else `unknown`. */
  status: string;
  text_hash: string;
  body_hash: string;
  /** Relative to the aristo workspace (the directory holding `.aristo/`). */
  file: string;
  site: string;
  covered_region: string;
  parent?: string | string[];
  /** 1-based line of the annotation, when it came from the source. */
  line?: number;
  from: 'source' | 'index';
}

/**
 * The findings of one target; the remediation's `<id>` is filled in per finding. Each subject
 * keeps its first MAX_PER_CODE findings of a code and then says how many more: 40 proofs of
 * 30,000 failing grounds each made a report too large to write.
 */
export class Findings {
  private readonly list: Finding[] = [];
  private readonly bySubject = new Map<string, Finding[]>();
  private readonly counts = new Map<string, number>();
  /** Per subject, per capped code: how many more, and where the first of them was. */
  private readonly over = new Map<string, Map<string, Over>>();

  add(
    def: AristoCodeDef,
    subject: string,
    message: string,
    location?: Location,
    opts: { related?: Location[]; severity?: Finding['severity']; id?: string } = {},
  ): void {
    const key = `${subject}\0${def.code}`;
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    if (n > MAX_PER_CODE) {
      let mine = this.over.get(subject);
      if (!mine) this.over.set(subject, (mine = new Map()));
      const o = mine.get(def.code);
      if (o) o.n++;
      else mine.set(def.code, { def, n: 1, first: location, severity: opts.severity });
      return;
    }
    const f = finding(def, {
      subject,
      message,
      ...(location ? { location } : {}),
      ...(opts.related ? { related: opts.related } : {}),
      ...(opts.severity ? { severity: opts.severity } : {}),
      ...(opts.id !== undefined ? { remediation: def.remediation.replace(/<id>/g, opts.id) } : {}),
    });
    this.list.push(f);
    const own = this.bySubject.get(subject);
    if (own) own.push(f);
    else this.bySubject.set(subject, [f]);
  }

  /** The findings about one subject so far, the closing ones of its capped codes included. */
  of(subject: string): Finding[] {
    return [...(this.bySubject.get(subject) ?? []), ...this.closing(subject)];
  }

  /** Every finding, in the order reported, then the closing ones of capped codes. */
  all(): Finding[] {
    return [...this.list, ...[...this.over.keys()].flatMap((s) => this.closing(s))];
  }

  private closing(subject: string): Finding[] {
    return [...(this.over.get(subject)?.values() ?? [])].map((o) => {
      const f = moreOf(o.def, subject, o.n, MAX_PER_CODE, `in ${subject}`, o.first);
      return o.severity ? { ...f, severity: o.severity } : f;
    });
  }
}

interface Over {
  def: AristoCodeDef;
  n: number;
  first: Location | undefined;
  severity: Finding['severity'] | undefined;
}
