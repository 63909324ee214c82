import type { CodeDef, Location } from '../../../model/finding.js';
import type { DuplicateKey } from '../../../io/json.js';
import type { HashOutcome } from '../../../io/hashing.js';
import type { Resolved, Workspace } from '../../../io/workspace.js';
import type { Assurance } from '../../../policy/assurance.js';
import type { Rule } from '../../kit/index.js';
import type { AuditSpec } from '../schema.js';

/** What checking one paper's audits shares. */
export interface AuditContext {
  ws: Workspace;
  paperDir: string;
  assurance: Assurance;
  /** Whether the workflow or CLI set the assurance (--assurance): then no paper can lower it. */
  pinned: boolean;
  targetId: string;
  hashes: (real: string) => Promise<HashOutcome>;
  /** Paper-relative artifact paths of every audit checked for this paper (manifest or default). */
  artifacts: readonly string[];
}

/** One input an artifact cites, resolved inside the workspace (nothing is read yet). */
export interface InputRef {
  key: string;
  recorded: unknown;
  resolved: Resolved;
}

/** What a rule over one parsed audit artifact sees, and how it reports. */
export interface ArtifactContext {
  spec: AuditSpec;
  audit: AuditContext;
  /** Repo-relative path of the artifact. */
  rel: string;
  data: Record<string, unknown>;
  duplicates: readonly DuplicateKey[];
  lineOf(...path: (string | number)[]): number | undefined;
  /** The inputs the artifact cites (audited_input_hashes), resolved. */
  inputs: readonly InputRef[];
  /** The verdict when it is a string, else ''. */
  verdict: string;
  /** A finding that is also one of the legacy row's issue strings. */
  issue(def: CodeDef, message: string, text: string, line?: number): void;
  /** A stale-input finding: its legacy string `stale:<key><suffix>` goes to the row's stale list. */
  stale(def: CodeDef, ref: InputRef, suffix: string, message: string, related?: Location[]): void;
  /** A finding with no legacy issue string. */
  report(def: CodeDef, message: string, line?: number, remediation?: string): void;
  /** Set by the review-independence rule: the row's review_independence label. */
  independence: string;
  /** Set by the trace-path rule: where the trace was found. */
  traceLocation?: string;
}

export type ArtifactRule = Rule<ArtifactContext>;

/** The paper dir as the user names it (repository-relative). */
export function paperOf(ctx: AuditContext): string {
  return ctx.ws.rel(ctx.paperDir) || '.';
}

/** How to rerun an audit: the ARIS skill, where, and what it rewrites. */
export function rerunHow(spec: AuditSpec, ctx: AuditContext, how = ''): string {
  return `Run the ${spec.skill} skill on ${paperOf(ctx)}${how} (it rewrites ${spec.artifact}), then run audit-gate again.`;
}

/** The way out that only a paper checked at submission has, unless the workflow pinned it. */
export function orDraft(ctx: AuditContext): string {
  return ctx.assurance === 'submission' && !ctx.pinned
    ? `, or, while ${paperOf(ctx)} is not meant for submission, write draft in its .aris/assurance.txt`
    : '';
}

/** How a JSON value's type reads in a message. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}
