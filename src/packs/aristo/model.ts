import { finding, type Finding, type Location } from '../../model/finding.js';
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

/** The findings of one target; the remediation's `<id>` is filled in per finding. */
export class Findings {
  readonly list: Finding[] = [];

  add(
    def: AristoCodeDef,
    subject: string,
    message: string,
    location?: Location,
    opts: { related?: Location[]; severity?: Finding['severity']; id?: string } = {},
  ): void {
    this.list.push(
      finding(def, {
        subject,
        message,
        ...(location ? { location } : {}),
        ...(opts.related ? { related: opts.related } : {}),
        ...(opts.severity ? { severity: opts.severity } : {}),
        ...(opts.id !== undefined
          ? { remediation: def.remediation.replace(/<id>/g, opts.id) }
          : {}),
      }),
    );
  }
}
