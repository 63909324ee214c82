import type { CodeDef, Finding } from '../model/finding.js';
import type { Subject, Target } from '../model/subject.js';
import type { Hasher } from '../io/hashing.js';
import type { DirEntry } from '../io/walk.js';
import type { Workspace } from '../io/workspace.js';

/** Options a user or a fixture can set; each pack reads the ones it knows. */
export interface PackOptions {
  assurance?: string;
  effort?: string;
  [key: string]: unknown;
}

export interface PackContext {
  workspace: Workspace;
  hasher: Hasher;
  options: PackOptions;
  /** Where an option came from, for reports: e.g. { assurance: '--assurance flag' }. */
  optionSources?: Record<string, string>;
}

/** What checking one target produced. Outcomes beyond pass/skipped are decided by policy. */
export interface PackResult {
  target: Target;
  subjects: Subject[];
  findings: Finding[];
  /** Pack-specific report, e.g. the legacy ARIS report; kept in GateReport.extensions. */
  extension?: unknown;
}

export interface Pack {
  id: string;
  /** Human name for help and docs. */
  title: string;
  codes: readonly CodeDef[];
  /**
   * True when no input is shared between two targets, so targets may be checked on different
   * threads, each with its own Hasher, without hashing a file twice.
   */
  parallel?: boolean;
  /** Target directories (absolute) found in a repository listing. */
  discover(dirs: DirEntry[]): string[];
  verify(targetDir: string, ctx: PackContext): Promise<PackResult>;
}
