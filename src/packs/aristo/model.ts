import type { Finding, Location } from '../../model/finding.js';
import { Findings as KitFindings } from '../kit/index.js';
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
 * The findings of one target, per subject (the kit's collector: each code keeps its first 50 and
 * then says how many more; 40 proofs of 30,000 failing grounds each made a report too large to
 * write). The remediation's `<id>` is filled in per finding.
 */
export class Findings {
  private readonly list: Finding[] = [];
  private readonly bySubject = new Map<string, KitFindings<AristoCodeDef>>();

  /** `targetId`: the workspace's own subject; the others are `<targetId>#<annotation id>`. */
  constructor(private readonly targetId: string) {}

  add(
    def: AristoCodeDef,
    subject: string,
    message: string,
    location?: Location,
    opts: {
      related?: Location[];
      severity?: Finding['severity'];
      id?: string;
      /** Instead of the code's own. */
      remediation?: string;
    } = {},
  ): void {
    let mine = this.bySubject.get(subject);
    if (!mine) {
      const scope =
        subject === this.targetId
          ? 'in this workspace'
          : `for ${subject.slice(this.targetId.length + 1)}`;
      this.bySubject.set(subject, (mine = new KitFindings(subject, { scope })));
    }
    const kept = mine.report(def, {
      message,
      ...(location ? { location } : {}),
      ...(opts.related ? { related: opts.related } : {}),
      ...(opts.severity ? { severity: opts.severity } : {}),
      ...(opts.remediation
        ? { remediation: opts.remediation }
        : opts.id !== undefined
          ? { remediation: def.remediation.replace(/<id>/g, opts.id) }
          : {}),
    });
    if (kept) this.list.push(kept);
  }

  /** The findings about one subject so far, the closing ones of its capped codes included. */
  of(subject: string): Finding[] {
    return this.bySubject.get(subject)?.finish() ?? [];
  }

  /** Every finding, in the order reported, then the closing ones of capped codes. */
  all(): Finding[] {
    return [...this.list, ...[...this.bySubject.values()].flatMap((k) => k.closing())];
  }
}
