import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { leavesBase } from '../io/paths.js';
import { WriteRefused } from '../io/write.js';
import { Workspace, errorText } from '../io/workspace.js';
import { logSafe, plain } from '../render/sanitize.js';
import { allCodes, assurancePacks, findPack, packs } from '../packs/registry.js';
import { splitTarget, workflowRules } from '../config/config.js';
import { mergeReports, readReportFiles } from '../policy/merge.js';
import { parseShard } from '../pipeline/shard.js';
import { verify } from '../pipeline/verify.js';
import {
  Args,
  UsageError,
  checkoutRoot,
  emit,
  enforcementFlags,
  existingDir,
  gitTopLevel,
  failOnFlag,
  notOneOf,
  outsideRoot,
  progress,
  reportFormat,
  textOrJson,
  type Io,
} from './kit.js';
import { CORE_COMMANDS, commandHelp, commands, overviewHelp } from './help.js';
import { VERSION } from '../version.js';
import { closest } from '../io/text.js';

export type { Io } from './kit.js';

type Handler = (args: Args, io: Io) => Promise<number>;

/**
 * What each core command does (its options and help are CORE_COMMANDS in src/cli/help.ts).
 * A pack's command comes from the registry: Pack.command.run.
 */
const CORE_HANDLERS: Record<keyof typeof CORE_COMMANDS, Handler> = {
  verify: verifyCommand,
  merge: mergeCommand,
  fixtures: fixturesCommand,
};

function handler(command: string): Handler | undefined {
  if (Object.hasOwn(CORE_HANDLERS, command))
    return CORE_HANDLERS[command as keyof typeof CORE_HANDLERS];
  return findPack(command)?.command?.run;
}

export async function runCli(argv: string[], given: Io): Promise<number> {
  // What the CLI prints may land in a CI log: no path or value in it may be a workflow command.
  const io: Io = {
    ...given,
    stdout: (s) => given.stdout(logSafe(s)),
    stderr: (s) => given.stderr(logSafe(s)),
  };
  const [command, ...rest] = argv;
  const spec =
    command !== undefined && Object.hasOwn(commands(), command) ? commands()[command] : undefined;
  try {
    switch (command) {
      case '--version':
      case '-v':
        io.stdout(`${VERSION}\n`);
        return 0;
      case undefined:
        io.stdout(overviewHelp());
        return 2;
      case 'help':
      case '--help':
      case '-h': {
        // `audit-gate help verify` is `audit-gate verify --help`.
        if (rest.length === 0) {
          io.stdout(overviewHelp());
          return 0;
        }
        if (rest.length > 1)
          throw new UsageError(
            `${command} takes one command name, not ${rest.length} (e.g. audit-gate help verify)`,
          );
        const name = rest[0]!;
        if (!Object.hasOwn(commands(), name)) throw new UsageError(unknownCommand(name));
        io.stdout(commandHelp(commands()[name]!));
        return 0;
      }
    }
    const run = handler(command);
    if (!spec || !run) throw new UsageError(unknownCommand(command));
    const { values, positionals, tokens } = parseArgs({
      args: rest,
      options: spec.options,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    // The parser keeps the last of a repeated option: `--shard 1/2 --shard 2/2` would run 2/2.
    const seen = new Set<string>();
    for (const t of tokens)
      if (
        t.kind === 'option' &&
        spec.options[t.name]?.type === 'string' &&
        !spec.options[t.name]?.multiple
      ) {
        if (seen.has(t.name)) throw new UsageError(`${t.rawName} is given more than once`);
        seen.add(t.name);
      }
    if (values['help'] === true) {
      io.stdout(commandHelp(spec));
      return 0;
    }
    if (values['version'] === true) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    return await run(
      new Args(values as Record<string, string | boolean | string[] | undefined>, positionals),
      io,
    );
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      const help = spec ? `audit-gate ${command} --help` : 'audit-gate --help';
      io.stderr(
        `audit-gate: ${usageText(err as Error & { code?: string }, spec)}\nRun "${help}" for usage.\n`,
      );
      return 2;
    }
    if (err instanceof WriteRefused) {
      // A symlink in the checkout may name the target: its text is shown escaped.
      io.stderr(`audit-gate: ${plain(err.message)}.\n`);
      return 1;
    }
    io.stderr(`audit-gate: internal error: ${plain(errorText(err))}\n`);
    return 1;
  }
}

/** `unknown command "tracee"`, with the command it most likely meant. */
function unknownCommand(name: string): string {
  const near = closest(name, Object.keys(commands()));
  return `unknown command "${name}"${near ? ` (did you mean "${near}"?)` : ''}`;
}

/**
 * Node's parser explains an unknown option at length (and with an unclosed quote): say it plainly,
 * with the command's option it most likely meant.
 */
function usageText(err: Error & { code?: string }, spec?: { options: object }): string {
  const unknown = /^Unknown option '([^']*)'/.exec(err.message);
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const typed = unknown[1]!;
    const name = typed.slice(2);
    const own = Object.keys(spec?.options ?? {});
    // aris keeps the script's --json-out where the other commands say --out: either is a near miss.
    const near = typed.startsWith('--')
      ? (closest(name, own) ?? own.find((k) => k.endsWith(`-${name}`) || name.endsWith(`-${k}`)))
      : undefined;
    return `unknown option ${typed}${near ? ` (did you mean --${near}?)` : ''}`;
  }
  const bare = /^Option '(-[^' ]+)[^']*' argument missing/.exec(err.message);
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && bare) return `${bare[1]} needs a value`;
  return err.message;
}

async function verifyCommand(args: Args, io: Io): Promise<number> {
  const fmt = reportFormat(args.string('format'));
  const { assurance, effort } = enforcementFlags(args);
  const failOn = failOnFlag(args);
  const shardFlag = args.string('shard');
  const shard = shardFlag !== undefined ? parseShard(shardFlag) : undefined;
  if (typeof shard === 'string') throw new UsageError(shard);
  // As the pack commands do: the repository around the current directory, so a paper's traces
  // are looked up to its top; run from a subdirectory, that directory is what is verified.
  const rootFlag = args.string('root');
  const root = existingDir(io, rootFlag ?? gitTopLevel(io.cwd, io.cwd), 'root');
  const here = path.relative(root, io.cwd);
  const implicitPath =
    rootFlag === undefined && here !== '' && !leavesBase(here) ? here : undefined;
  const config = args.string('config');
  const fixtures = args.string('fixtures');
  /**
   * A directory given on the command line (relative to the current directory), relative to the
   * root as verify takes it. One outside the root is the caller's mistake: a usage error quoted
   * as typed. One that does not exist is a blocking finding in the report (exit 1), since the
   * checkout decides what exists: a usage error would write no --out report, and leave whatever
   * file the checkout holds there for a later step to publish.
   */
  const fromRoot = (p: string, what: string) => {
    const rel = path.relative(root, path.resolve(io.cwd, p));
    if (leavesBase(rel)) throw outsideRoot(p, io.cwd, root, what);
    return rel || '.';
  };
  const papers = args.strings('paper').map((p) => fromRoot(p, '--paper'));
  const targets = args.strings('target').map((t) => {
    const pin = splitTarget(t);
    if (!pin || !findPack(pin.pack))
      throw new UsageError(
        `--target takes PACK:DIR with PACK one of ${packs()
          .map((p) => p.id)
          .join(', ')}; got ${JSON.stringify(t)}.`,
      );
    return `${pin.pack}:${fromRoot(pin.dir, '--target')}`;
  });
  const report = await verify({
    root,
    ...(shard !== undefined ? { shard } : {}),
    ...(config !== undefined ? { config: path.resolve(io.cwd, config) } : {}),
    ...(args.positionals.length
      ? {
          paths: args.positionals.map((p) => fromRoot(p, 'PATH')),
        }
      : implicitPath !== undefined
        ? { paths: [implicitPath] }
        : {}),
    ...(papers.length ? { papers } : {}),
    ...(targets.length ? { targets } : {}),
    ...(assurance !== undefined ? { assurance } : {}),
    ...(effort !== undefined ? { effort } : {}),
    ...(fixtures !== undefined
      ? { fixtures: path.relative(root, path.resolve(io.cwd, fixtures)) || '.' }
      : {}),
    ...(failOn !== undefined ? { failOn } : {}),
    allowEmpty: args.flag('allow-empty') || undefined,
    emptyRemediation:
      'Point audit-gate at the paper or run directories (PATH arguments, or paths in .audit-gate.json), or pass --allow-empty if an empty run is expected.',
    allowOutsideRoot: args.flag('allow-outside-root'),
    onProgress: progress(io, args.flag('progress')),
  });
  return emit(report, fmt, args.string('out'), io);
}

/** `audit-gate merge REPORT...`: the shard reports of `verify --shard K/N` as one report. */
async function mergeCommand(args: Args, io: Io): Promise<number> {
  const fmt = reportFormat(args.string('format'));
  if (args.positionals.length === 0) throw new UsageError('usage: audit-gate merge REPORT...');
  const failOn = failOnFlag(args);
  const assurance = args.string('assurance');
  if (assurance !== undefined && assurance !== 'submission')
    throw notOneOf('assurance', ['submission'], assurance);
  const config = args.string('config');
  const onProgress = progress(io, args.flag('progress'));
  // A name that leads nowhere is a mistyped argument; what a file holds is judged as a report.
  const missing = args.positionals.find((p) => !fs.existsSync(path.resolve(io.cwd, p)));
  if (missing !== undefined) throw new UsageError(`report not found: ${missing}`);
  const report = mergeReports(
    readReportFiles(
      args.positionals.map((p) => ({ file: path.resolve(io.cwd, p), name: p })),
      [checkoutRoot(io)],
      (p) => onProgress?.(`reading ${p}`),
    ),
    {
      failOn: failOn ?? 'blocking',
      codes: allCodes(),
      assurancePacks: assurancePacks(),
      ...(assurance !== undefined ? { assurance } : {}),
      ...(config !== undefined
        ? workflowRules(
            new Workspace(io.cwd),
            { root: io.cwd, file: path.resolve(io.cwd, config) },
            packs(),
          )
        : { waivers: [] }),
      emptyRemediation:
        'Verify every shard with audit-gate verify --shard K/N and merge all N reports; pass --allow-empty to verify if an empty run is expected.',
    },
  );
  return emit(report, fmt, args.string('out'), io);
}

async function fixturesCommand(args: Args, io: Io): Promise<number> {
  const fmt = textOrJson(args.string('format'));
  const given = args.positionals[0] ?? 'conformance';
  const dir = existingDir(io, given, 'fixture directory');
  const rootFlag = args.string('root');
  const root = rootFlag ? path.resolve(io.cwd, rootFlag) : dir;
  const report = await verify({
    root,
    paths: [],
    fixtures: path.relative(root, dir) || '.',
    buildReady: args.flag('build-ready'),
    emptyRemediation:
      'Point audit-gate fixtures at a directory of conformance fixtures (<pack>/<fixture_id>/fixture.json, as in conformance/).',
    onProgress: progress(io, args.flag('progress')),
  });
  return emit(report, fmt, args.string('out'), io);
}
