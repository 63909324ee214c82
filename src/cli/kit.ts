import fs from 'node:fs';
import path from 'node:path';
import { isInside, leavesBase, namedInside } from '../io/paths.js';
import { enforcementSettings, type Assurance, type Effort } from '../policy/assurance.js';
import type { FailOn } from '../policy/gate.js';
import type { GateReport } from '../model/report.js';
import { writeReportFile } from '../io/write.js';
import { renderText } from '../render/text.js';
import { renderComment } from '../render/markdown.js';
import { renderSarif } from '../render/sarif.js';
import { allCodes } from '../packs/registry.js';
import { plain, quoteValue } from '../render/sanitize.js';

/**
 * What every CLI command shares, core and pack commands alike (a pack's command imports it from
 * here): the terminal, usage errors, the parsed arguments, and printing a report.
 */

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
  isTTY: boolean;
}

/** A bad argument: exit 2, with the message and a pointer to the command's help. */
export class UsageError extends Error {}

/** A command's parsed arguments, typed by what the caller expects of a flag. */
export class Args {
  constructor(
    private readonly values: Record<string, string | boolean | string[] | undefined>,
    readonly positionals: string[],
  ) {}

  /** A repeatable string flag's values (empty when not given). */
  strings(name: string): string[] {
    const v = this.values[name];
    return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  }

  /** A string flag's value (undefined when not given). */
  string(name: string): string | undefined {
    const v = this.values[name];
    return typeof v === 'string' ? v : undefined;
  }

  /** Whether a boolean flag was given. */
  flag(name: string): boolean {
    return this.values[name] === true;
  }
}

/** The one wording of a flag given a value it does not take: `--format must be text or json, not "xml"`. */
export function notOneOf(flag: string, choices: readonly string[], got: string): UsageError {
  const list =
    choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices[0];
  return new UsageError(`--${flag} must be ${list}, not ${quoteValue(got)}`);
}

/** --assurance and --effort, each one of the values it may take (undefined when not given). */
export function enforcementFlags(args: Args): { assurance?: Assurance; effort?: Effort } {
  return enforcementSettings(
    { assurance: args.string('assurance'), effort: args.string('effort') },
    (name, allowed, got) => {
      throw notOneOf(name, allowed, got);
    },
  );
}

/**
 * FLAGS.pin: `submission` or nothing. A pack whose findings block at any assurance has no other
 * level; the flag pins enforcement, so the checkout's config cannot waive or narrow (as verify's).
 */
export function pinFlag(args: Args, command: string): { assurance?: 'submission' } {
  const v = args.string('assurance');
  if (v === undefined) return {};
  if (v === 'submission') return { assurance: v };
  throw new UsageError(
    `${command} --assurance can only be submission (it pins enforcement; ${command} findings block at any assurance), not "${v}"`,
  );
}

/** --fail-on blocking|problem (undefined when not given). */
export function failOnFlag(args: Args): FailOn | undefined {
  const v = args.string('fail-on');
  if (v === undefined || v === 'blocking' || v === 'problem') return v;
  throw notOneOf('fail-on', ['blocking', 'problem'], v);
}

/** --format text|json (default text). */
export function textOrJson(v: string | undefined): 'text' | 'json' {
  if (v === undefined || v === 'text') return 'text';
  if (v === 'json') return 'json';
  throw notOneOf('format', ['text', 'json'], v);
}

export type ReportFormat = 'text' | 'json' | 'markdown' | 'sarif';
const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'markdown', 'sarif'];

/** --format of verify and merge: also the pull-request comment and the SARIF file the Action writes. */
export function reportFormat(v: string | undefined): ReportFormat {
  if (v === undefined) return 'text';
  if ((REPORT_FORMATS as readonly string[]).includes(v)) return v as ReportFormat;
  throw notOneOf('format', REPORT_FORMATS, v);
}

/** The progress callback of --progress (always on when stderr is a terminal). */
export function progress(io: Io, enabled: boolean): ((m: string) => void) | undefined {
  return enabled || io.isTTY ? (m) => io.stderr(`… ${plain(m)}\n`) : undefined;
}

/** `dirs` relative to `root`, which must be a directory holding them (unless allowed outside). */
export function insideRoot(
  root: string,
  given: string | undefined,
  dirs: string[],
  allowOutside: boolean,
): string[] {
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory())
    throw new UsageError(`root not found: ${given ?? root}`);
  const rel = dirs.map((d) => path.relative(root, d) || '.');
  const outside = rel.findIndex(leavesBase);
  if (outside >= 0 && !allowOutside) throw outsideRoot(dirs[outside]!, root, root);
  return rel;
}

/**
 * The usage error for a path given on the command line outside the root. Such paths are read
 * from the current directory, not from --root: naming what it became, and the path under the
 * root that the user probably meant, shows the usual slip.
 */
export function outsideRoot(given: string, cwd: string, root: string, what = ''): UsageError {
  const named = `${what ? `${what} ` : ''}${given}`;
  if (path.isAbsolute(given))
    return new UsageError(`${named} is outside the root ${root} (use --root)`);
  const underRoot = path.join(root, given);
  const hint =
    !leavesBase(path.relative(root, underRoot)) && fs.existsSync(underRoot)
      ? `; did you mean ${path.relative(cwd, underRoot) || '.'}?`
      : ' (use --root)';
  return new UsageError(
    `${named} is outside the root ${root}: paths are read from the current directory, so it names ${path.resolve(cwd, given)}${hint}`,
  );
}

/** The git top level containing `dir`, else `fallback`. */
export function gitTopLevel(dir: string, fallback: string): string {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return fallback;
  }
}

/**
 * The workspace root of a pack command pointed at `dirs` (--root, else the git top level of the
 * first, else the current directory when it holds them), and the dirs relative to it.
 */
export function commandRoot(io: Io, args: Args, dirs: string[]): { root: string; rel: string[] } {
  const first = dirs[0]!;
  const rootFlag = args.string('root');
  const root = rootFlag
    ? path.resolve(io.cwd, rootFlag)
    : gitTopLevel(first, isInside(io.cwd, first) || isInside(first, io.cwd) ? io.cwd : first);
  return { root, rel: insideRoot(root, rootFlag, dirs, args.flag('allow-outside-root')) };
}

/**
 * `given` resolved against the current directory; it must be a directory, the `what` of the
 * command (`'paper directory'`), else a usage error that says whether it is missing or a file.
 */
export function existingDir(io: Io, given: string, what: string, fileHint = ''): string {
  const abs = path.resolve(io.cwd, given);
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(abs, { throwIfNoEntry: false });
  } catch {
    st = undefined;
  }
  if (st === undefined) throw new UsageError(`${what} not found: ${given}`);
  if (!st.isDirectory())
    throw new UsageError(`${what} must be a directory, but ${given} is a file${fileHint}`);
  return abs;
}

/**
 * The checkout a CLI run works in: GITHUB_WORKSPACE on a runner, else the git top level around
 * the current directory, else the current directory. Files named inside it are read and written
 * only where they really lie inside it: its folders may be symlinks a pull request planted.
 */
export function checkoutRoot(io: Io): string {
  const ws = process.env['GITHUB_WORKSPACE'];
  return ws ? path.resolve(ws) : gitTopLevel(io.cwd, io.cwd);
}

/**
 * Where a report written to `file` must really stay: a path given inside the checkout (as spelled
 * or through its real path) must not lead out of it through a symlinked folder the checkout
 * holds. A path given outside it is the caller's own choice.
 */
export function outConfinement(io: Io, file: string): string | undefined {
  return namedInside(file, [checkoutRoot(io)]);
}

/**
 * Prints the report in `fmt`; with `out`, the JSON report goes to that file and stdout keeps the
 * text summary (and says where the report is), whatever the format. Returns the exit code.
 */
export function emit(
  report: GateReport,
  fmt: ReportFormat,
  out: string | undefined,
  io: Io,
): number {
  const json = JSON.stringify(report, null, 2) + '\n';
  if (out) {
    const file = path.resolve(io.cwd, out);
    writeReportFile(file, json, outConfinement(io, file));
  }
  io.stdout(
    fmt === 'markdown'
      ? renderComment(report, { checkName: 'audit-gate' })
      : fmt === 'sarif'
        ? JSON.stringify(renderSarif(report, { codes: allCodes() }), null, 2) + '\n'
        : fmt === 'json' && !out
          ? json
          : renderText(report) + (out ? `report: ${plain(path.resolve(io.cwd, out))}\n` : ''),
  );
  return report.exit_code;
}
