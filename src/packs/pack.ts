import type { z } from 'zod';
import type { CodeDef, Finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import type { Subject, Target } from '../model/subject.js';
import type { Args, Io } from '../cli/kit.js';
import type { Hasher } from '../io/hashing.js';
import type { DirEntry } from '../io/walk.js';
import type { Workspace } from '../io/workspace.js';

/**
 * What a pack reads in `ctx.options`: the gate-wide options every pack gets (the enforcement the
 * workflow or the config asked for), and the pack's own options, validated by its `options`
 * schema (from `config.packs.<id>`, its command's flags, or a fixture's `options`).
 */
export interface PackOptions {
  /** --assurance (the Action's assurance input). */
  assurance?: string;
  /** --effort (the Action's effort input). */
  effort?: string;
  /** The config's `assurance` and `effort`: defaults below a target's own setting. */
  config_assurance?: string;
  config_effort?: string;
  [key: string]: unknown;
}

/** The gate-wide option keys (above); every other key belongs to a pack's `options` schema. */
export const GATE_OPTION_KEYS = ['assurance', 'effort', 'config_assurance', 'config_effort'];

export interface PackContext {
  workspace: Workspace;
  hasher: Hasher;
  /** The options the pack being run sees: gate-wide ones plus its own. */
  options: PackOptions;
  /** Each pack's own options by pack id; `verifyTarget` merges a pack's into `options`. */
  packOptions?: Record<string, Record<string, unknown>>;
}

/** What checking one target produced. Outcomes beyond pass/skipped are decided by policy. */
export interface PackResult {
  target: Target;
  subjects: Subject[];
  findings: Finding[];
  /** Pack-specific data (e.g. the legacy ARIS report), kept in GateReport.extensions. */
  extension?: unknown;
}

/** A named rendering of one of the pack's targets in a GateReport (e.g. a legacy report format). */
export interface PackOutput {
  description: string;
  /** Undefined when the target has no such output (e.g. it could not be checked at all). */
  render(report: GateReport, targetId: string): unknown;
}

/**
 * How the conformance runner reads a pack's fixture.json (`conformance/<pack>/<fixture_id>/`).
 * Without it a fixture uses the common fields only (see src/conformance/schema.ts).
 */
export interface PackFixtures {
  /**
   * Extra fields the pack's fixtures carry (e.g. a seed's `expected_receipt_refs`), merged into
   * the common fixture schema; the runner hands their values to `prepare`.
   */
  fields?: () => Record<string, z.ZodType>;
  /** Option keys only fixtures may set (test knobs such as a smaller size cap). */
  options?: () => z.ZodObject;
  /** Where the input and the target are, and the options, when the seed's fields say it otherwise. */
  prepare?(fixture: Record<string, unknown>): {
    input?: string;
    target?: string;
    options?: Record<string, unknown>;
  };
  /**
   * What else the fixture's own fields expect of the emitted result (e.g. receipts the input must
   * hold): one short phrase per difference, added to the fixture's mismatch; none when it holds.
   */
  check?(fixture: Record<string, unknown>, emitted: PackResult): string[];
  /** The code a fixture without expected codes gets, when the seed names its own (in suite.codes). */
  missingExpected?: CodeDef;
  /** A judgement of the pack's fixtures as a whole, run by `audit-gate fixtures --build-ready`. */
  suite?: SuiteGate;
}

/**
 * A seed's gate over its conformance suite as a whole (e.g. "every fixture kind has a fixture and
 * every fixture ran"): findings about the suite, not about one fixture.
 */
export interface SuiteGate {
  /** Every code `check` (and `PackFixtures.missingExpected`) emits: registered with the pack's. */
  codes: readonly CodeDef[];
  /**
   * Findings about the suite from the results of this pack's fixtures (failed ones included;
   * `fixtureDir` is the suite's folder, repo-relative, for locations). `workspace` lets the gate
   * look at the fixture folders again (what the runner's results do not carry: symlinks, the
   * fields fixture.json holds beyond the pack's schema).
   */
  check(results: readonly PackResult[], fixtureDir: string, workspace: Workspace): Finding[];
}

/** A command-line flag of a pack's subcommand: data, so the CLI builds parsing and help from it. */
export interface PackFlag {
  name: string;
  type: 'string' | 'boolean';
  /** Placeholder in the help, e.g. N or FILE. */
  value?: string;
  help: string;
}

/**
 * What a pack can say about a target's enforcement besides "fix the findings", as plain-text
 * clauses every rendering prints (e.g. a paper checked at submission could be checked at draft).
 */
export interface EnforcementAdvice {
  /** For a target that blocks: another way out, a clause after "or". */
  unblock?: string;
  /** For a target whose problems do not block: where they would, a clause after "would block". */
  wouldBlock?: string;
}

/** One target of a GateReport as a pack's rendering hook sees it. */
export interface TargetView {
  report: GateReport;
  target: Target;
  /** The target's subjects, in report order. */
  subjects: readonly Subject[];
  /** Those of them with a failure card (outcome blocking or problem). */
  failing: readonly Subject[];
}

/**
 * The pack's subcommand, `audit-gate <id>`: the CLI builds its parsing and help from this data
 * (adding --progress and --help) and calls `run` with the parsed arguments. `run` does what is
 * the pack's own (its positionals, its options, its extra outputs) with the helpers of
 * src/cli/kit.ts, and returns the exit code; a bad argument throws UsageError.
 */
export interface PackCommand {
  /** The arguments in the usage line after `audit-gate <id>`, e.g. `<paper-dir>`. */
  args: string;
  /** What the command does; the first sentence is its line in `audit-gate --help`. */
  about: string;
  flags: readonly PackFlag[];
  run(args: Args, io: Io): Promise<number>;
}

export interface Pack {
  /** Lower-case id: the folder name, the command name, `config.packs.<id>`, `conformance/<id>/`. */
  id: string;
  /** Human name for help and docs. */
  title: string;
  /** Prefix of every code of the pack: codes are `<namespace>.<name>` (it may differ from the id). */
  namespace: string;
  /**
   * Further prefixes the pack's codes may have: a seed's own codes (e.g. `validation.*`), kept
   * verbatim so its fixtures and producers match, beside the pack's own in `namespace`. Several
   * packs may share such a namespace; no two may declare the same code.
   */
  extraNamespaces?: readonly string[];
  codes: readonly CodeDef[];
  /** What a target of this pack is called (a target's `kind`), e.g. paper or run. */
  targetKind: string;
  /** Every `kind` its subjects may have. */
  subjectKinds: readonly string[];
  /**
   * The pack's own options (`config.packs.<id>`, flags, fixture options): a strict zod object,
   * built on first use (src/model/first-use.ts): only a config or a fixture asks for it.
   */
  options: () => z.ZodObject;
  /**
   * Option keys that can only tighten the gate (e.g. a floor), so they still apply from the
   * checkout's config when the workflow pins enforcement. Every other key is then ignored.
   */
  tighteningOptions?: readonly string[];
  /**
   * Boolean options a target records in its context as `yes` when they were set, so a report
   * published or merged by a workflow that sets them is refused if it was verified without them.
   */
  recordedOptions?: readonly string[];
  /**
   * Formats the pack reads or writes: schemas/<name>.schema.json (names start with the id). A
   * function, called only where schema files and docs are written (src/schemas.ts), so listing
   * the packs builds no schema (see kit `namedSchemas`).
   */
  schemas?: () => Record<string, z.ZodType>;
  /** Named renderers over a GateReport, e.g. a legacy report format. */
  outputs?: Record<string, PackOutput>;
  /** Generated reference pages: docs/<name>.md (names start with the id), kept current by `npm run docs`. */
  docs?: Record<string, () => string>;
  /**
   * True when targets may be checked on different threads (their results do not depend on one
   * another). Each thread hashes small files with its own Hasher, so a small input shared by
   * targets may be hashed once per thread; large files are hashed once per run, on the main
   * thread's.
   */
  parallel?: boolean;
  /** Target directories (absolute) found in a repository listing. */
  discover(dirs: DirEntry[]): string[];
  /**
   * An explicitly named path in which no pack discovered anything is a target of this pack
   * (e.g. a paper dir whose audits are all missing). At most one pack in the registry says so.
   */
  claimsUndiscovered?: boolean;
  /**
   * Its results depend on the assurance (the workflow's pinned one, or a paper's own), and each
   * of its targets records it in `context.assurance`: a report published or merged under a
   * pinned submission is refused when one of its targets says another, or nothing.
   */
  judgedByAssurance?: boolean;
  verify(targetDir: string, ctx: PackContext): Promise<PackResult>;
  fixtures?: PackFixtures;
  /** Its CLI subcommand, `audit-gate <id>`. */
  command?: PackCommand;
  /** Advice on the target's enforcement (default: none); see EnforcementAdvice. */
  advice?(target: Target): EnforcementAdvice | undefined;
  /** How a subject's status is shown in every rendering (default: the status itself). */
  statusLabel?(subject: Subject): string;
  /**
   * Markdown for one target's failing subjects in the pull-request comment and the check run,
   * in place of their generic failure cards. Every string from an artifact (or from
   * `report.extensions`, which a published report carries) goes through mdText / mdCode.
   * Undefined (or a throw): the generic cards.
   */
  markdownCards?(view: TargetView): string | undefined;
}
