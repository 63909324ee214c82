import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { GateReport } from './model/report.js';
import { WriteRefused, writeReportFile } from './io/write.js';
import { Workspace, errorText } from './io/workspace.js';
import { isAssurance, isEffort, ASSURANCES, EFFORTS } from './policy/assurance.js';
import { ASSURANCE_PATH, readAssuranceFile } from './packs/aris/paper.js';
import { renderArisReport } from './packs/aris/outputs.js';
import { renderText } from './render/text.js';
import { logSafe, plain, quoteValue } from './render/sanitize.js';
import { renderVerificationReports } from './packs/trace/outputs.js';
import { renderCards as renderAristoCards, type AristoExtension } from './packs/aristo/index.js';
import { verify } from './verify.js';
import { workflowWaivers } from './config.js';
import { allCodes } from './packs/registry.js';
import { mergeReports, readReportFile } from './policy/merge.js';
import { parseShard } from './shard.js';
import { COMMANDS, commandHelp, overviewHelp } from './cli-help.js';
import { VERSION } from './version.js';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
  isTTY: boolean;
}

class UsageError extends Error {}

export async function runCli(argv: string[], given: Io): Promise<number> {
  // What the CLI prints may land in a CI log: no path or value in it may be a workflow command.
  const io: Io = {
    ...given,
    stdout: (s) => given.stdout(logSafe(s)),
    stderr: (s) => given.stderr(logSafe(s)),
  };
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'aris':
        return await arisCommand(rest, io);
      case 'verify':
        return await verifyCommand(rest, io);
      case 'merge':
        return mergeCommand(rest, io);
      case 'fixtures':
        return await fixturesCommand(rest, io);
      case 'trace':
        return await traceCommand(rest, io);
      case 'aristo':
        return await aristoCommand(rest, io);
      case '--version':
      case '-v':
        io.stdout(`${VERSION}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(overviewHelp());
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      const help =
        command && command in COMMANDS ? `audit-gate ${command} --help` : 'audit-gate --help';
      io.stderr(`audit-gate: ${(err as Error).message}\nRun "${help}" for usage.\n`);
      return 2;
    }
    if (err instanceof WriteRefused) {
      io.stderr(`audit-gate: ${err.message}.\n`);
      return 1;
    }
    io.stderr(`audit-gate: internal error: ${errorText(err)}\n`);
    return 1;
  }
}

/** Parses a command's arguments with the options its help lists (src/cli-help.ts). */
function parse<O extends NonNullable<ParseArgsConfig['options']>>(options: O, args: string[]) {
  return parseArgs({ args, options, allowPositionals: true, strict: true });
}

function format(v: unknown): 'text' | 'json' {
  if (v === undefined || v === 'text') return 'text';
  if (v === 'json') return 'json';
  throw new UsageError(`--format must be text or json, not "${String(v)}"`);
}

function progress(io: Io, enabled: boolean | undefined): ((m: string) => void) | undefined {
  return enabled || io.isTTY ? (m) => io.stderr(`… ${plain(m)}\n`) : undefined;
}

/** `dirs` relative to `root`, which must be a directory holding them (unless allowed outside). */
function insideRoot(
  root: string,
  given: string | undefined,
  dirs: string[],
  allowOutside: boolean | undefined,
): string[] {
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory())
    throw new UsageError(`root not found: ${given ?? root}`);
  const rel = dirs.map((d) => path.relative(root, d) || '.');
  const outside = rel.find((r) => r.startsWith('..') || path.isAbsolute(r));
  if (outside !== undefined && !allowOutside)
    throw new UsageError(`${outside} is outside the root ${root} (use --root)`);
  return rel;
}

/** The git top level containing `dir`, else `fallback`. */
function gitTopLevel(dir: string, fallback: string): string {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return fallback;
  }
}

async function arisCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(COMMANDS.aris.options, args);
  if (values.help) {
    io.stdout(commandHelp('aris'));
    return 0;
  }
  const fmt = format(values.format);
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length
        ? `unexpected argument "${positionals[1]}"`
        : 'usage: audit-gate aris <paper-dir>',
    );
  const paperDir = path.resolve(io.cwd, positionals[0]!);
  if (!fs.existsSync(paperDir) || !fs.statSync(paperDir).isDirectory())
    throw new UsageError(`paper-dir not found: ${positionals[0]}`);
  if (values.assurance !== undefined && !isAssurance(values.assurance)) {
    throw new UsageError(
      `invalid --assurance: ${values.assurance} (expected ${ASSURANCES.join(' or ')})`,
    );
  }
  if (values.effort !== undefined && !isEffort(values.effort)) {
    throw new UsageError(`invalid --effort: ${values.effort} (expected ${EFFORTS.join(', ')})`);
  }
  const root = values.root
    ? path.resolve(io.cwd, values.root)
    : gitTopLevel(paperDir, io.cwd.startsWith(paperDir) ? paperDir : path.dirname(paperDir));
  const [paperRel] = insideRoot(root, values.root, [paperDir], values['allow-outside-root']);
  if (values.assurance === undefined) {
    // As before: an assurance.txt that is not draft or submission is a bad argument.
    const file = readAssuranceFile(new Workspace(root, values['allow-outside-root']), paperDir);
    const where = path.join(paperDir, ASSURANCE_PATH);
    if (file.state === 'unreadable')
      throw new UsageError(`invalid assurance in ${where}: the file ${file.detail}`);
    const v = file.state === 'text' ? file.text.replace(/\s+/g, '') : undefined;
    if (v !== undefined && !isAssurance(v)) {
      throw new UsageError(
        `invalid assurance in ${where}: ${quoteValue(v)} (expected draft or submission)`,
      );
    }
  }
  const report = await verify({
    root,
    config: undefined,
    paths: [paperRel!],
    packs: ['aris'],
    exact: true, // the named dir is the paper, whatever lies inside it
    ...(values.assurance !== undefined ? { assurance: values.assurance } : {}),
    ...(values.effort !== undefined ? { effort: values.effort } : {}),
    allowOutsideRoot: values['allow-outside-root'] ?? false,
    onProgress: progress(io, values.progress),
  });
  const target = report.targets.find((t) => t.pack === 'aris');
  if (!target) {
    io.stderr(renderText(report));
    return 1;
  }
  const legacy = renderArisReport(report, target.id);
  legacy.paper_dir = paperDir;
  const jsonOut = values['json-out']
    ? path.resolve(io.cwd, values['json-out'])
    : path.join(paperDir, '.aris', 'audit-verifier-report.json');
  const json = JSON.stringify(legacy, null, 2) + '\n';
  // The default location is inside the (untrusted) paper dir: it must really stay in the root.
  writeReportFile(jsonOut, json, values['json-out'] ? undefined : root);
  if (fmt === 'json') io.stdout(json);
  else io.stderr(renderText(report) + `report: ${jsonOut}\n`);
  return report.exit_code;
}

async function verifyCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(COMMANDS.verify.options, args);
  if (values.help) {
    io.stdout(commandHelp('verify'));
    return 0;
  }
  const fmt = format(values.format);
  if (values.assurance !== undefined && !isAssurance(values.assurance))
    throw new UsageError(`invalid --assurance: ${values.assurance}`);
  if (values.effort !== undefined && !isEffort(values.effort))
    throw new UsageError(`invalid --effort: ${values.effort}`);
  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'blocking' && failOn !== 'problem')
    throw new UsageError(`--fail-on must be blocking or problem`);
  const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
  if (typeof shard === 'string') throw new UsageError(shard);
  const root = path.resolve(io.cwd, values.root ?? '.');
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory())
    throw new UsageError(`root not found: ${values.root ?? '.'}`);
  const report = await verify({
    root,
    ...(shard !== undefined ? { shard } : {}),
    ...(values.config !== undefined ? { config: path.resolve(io.cwd, values.config) } : {}),
    ...(positionals.length
      ? { paths: positionals.map((p) => path.relative(root, path.resolve(io.cwd, p)) || '.') }
      : {}),
    ...(values.assurance !== undefined ? { assurance: values.assurance } : {}),
    ...(values.effort !== undefined ? { effort: values.effort } : {}),
    ...(values.fixtures !== undefined
      ? { fixtures: path.relative(root, path.resolve(io.cwd, values.fixtures)) || '.' }
      : {}),
    ...(failOn !== undefined ? { failOn } : {}),
    allowEmpty: values['allow-empty'] ?? undefined,
    emptyRemediation:
      'Point audit-gate at the paper or run directories (PATH arguments, or paths in .audit-gate.json), or pass --allow-empty if an empty run is expected.',
    allowOutsideRoot: values['allow-outside-root'] ?? false,
    onProgress: progress(io, values.progress),
  });
  return emit(report, fmt, values.out, io);
}

/** `audit-gate merge REPORT...`: the shard reports of `verify --shard K/N` as one report. */
function mergeCommand(args: string[], io: Io): number {
  const { values, positionals } = parse(COMMANDS.merge.options, args);
  if (values.help) {
    io.stdout(commandHelp('merge'));
    return 0;
  }
  const fmt = format(values.format);
  if (positionals.length === 0) throw new UsageError('usage: audit-gate merge REPORT...');
  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'blocking' && failOn !== 'problem')
    throw new UsageError(`--fail-on must be blocking or problem`);
  if (values.assurance !== undefined && values.assurance !== 'submission')
    throw new UsageError(`merge --assurance can only be submission`);
  const ws = new Workspace(io.cwd);
  const onProgress = progress(io, values.progress);
  const report = mergeReports(
    positionals.map((p) => {
      onProgress?.(`reading ${p}`);
      return readReportFile(path.resolve(io.cwd, p), p);
    }),
    {
      failOn: failOn ?? 'blocking',
      codes: allCodes(),
      ...(values.assurance !== undefined ? { assurance: values.assurance } : {}),
      waivers:
        values.config !== undefined
          ? workflowWaivers(ws, { root: io.cwd, file: path.resolve(io.cwd, values.config) })
          : [],
      emptyRemediation:
        'Verify every shard with audit-gate verify --shard K/N and merge all N reports; pass --allow-empty to verify if an empty run is expected.',
    },
  );
  return emit(report, fmt, values.out, io);
}

async function fixturesCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(COMMANDS.fixtures.options, args);
  if (values.help) {
    io.stdout(commandHelp('fixtures'));
    return 0;
  }
  const fmt = format(values.format);
  const dir = path.resolve(io.cwd, positionals[0] ?? 'conformance');
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new UsageError(`fixture directory not found: ${positionals[0] ?? 'conformance'}`);
  const root = values.root ? path.resolve(io.cwd, values.root) : dir;
  const report = await verify({
    root,
    paths: [],
    fixtures: path.relative(root, dir) || '.',
    emptyRemediation:
      'Point audit-gate fixtures at a directory of conformance fixtures (<pack>/<fixture_id>/fixture.json, as in conformance/).',
    onProgress: progress(io, values.progress),
  });
  return emit(report, fmt, values.out, io);
}

/**
 * Prints the report in `fmt`; with `out`, the JSON report goes to that file and stdout keeps the
 * text summary (and says where the report is), whatever the format.
 */
function emit(report: GateReport, fmt: 'text' | 'json', out: string | undefined, io: Io): number {
  const json = JSON.stringify(report, null, 2) + '\n';
  if (out) {
    const file = path.resolve(io.cwd, out);
    writeReportFile(file, json);
    io.stdout(renderText(report) + `report: ${plain(file)}\n`);
  } else io.stdout(fmt === 'json' ? json : renderText(report));
  return report.exit_code;
}

/**
 * `audit-gate trace <run-dir | artifacts-root>...`: verifies run directories (artifacts/runs/<id>/)
 * with the shared pipeline, so reports and exit codes are those of `verify`. With
 * --format verification-report, stdout gets the producer-compatible VerificationReport (one object
 * for one run, an array for several); --out FILE writes our report, and then the
 * VerificationReport goes beside it as FILE.verification-report.json.
 */
async function traceCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(COMMANDS.trace.options, args);
  if (values.help) {
    io.stdout(commandHelp('trace'));
    return 0;
  }
  const fmt = values.format ?? 'text';
  if (fmt !== 'text' && fmt !== 'json' && fmt !== 'verification-report') {
    throw new UsageError(`--format must be text, json or verification-report, not "${fmt}"`);
  }
  if (positionals.length === 0)
    throw new UsageError('usage: audit-gate trace <run-dir | artifacts-root>...');
  const ms = values['min-supports'];
  if (ms !== undefined && !/^\d+$/.test(ms))
    throw new UsageError(`--min-supports must be a whole number, not "${ms}"`);
  const dirs = positionals.map((p) => {
    const abs = path.resolve(io.cwd, p);
    if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory())
      throw new UsageError(`run directory or artifacts root not found: ${p}`);
    return abs;
  });
  const first = dirs[0]!;
  const root = values.root
    ? path.resolve(io.cwd, values.root)
    : gitTopLevel(
        first,
        io.cwd.startsWith(first) || first.startsWith(io.cwd + path.sep) ? io.cwd : first,
      );
  const rel = insideRoot(root, values.root, dirs, values['allow-outside-root']);
  const report = await verify({
    root,
    paths: rel,
    packs: ['trace'],
    ...(ms !== undefined ? { packOptions: { trace: { min_supports: Number(ms) } } } : {}),
    emptyRemediation:
      'Point audit-gate trace at a run directory (…/runs/<run_id>/ holding trace.jsonl) or at a directory holding runs/.',
    allowOutsideRoot: values['allow-outside-root'] ?? false,
    onProgress: progress(io, values.progress),
  });
  if (fmt !== 'verification-report') return emit(report, fmt, values.out, io);
  const reports = renderVerificationReports(report);
  const vr = JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2) + '\n';
  if (values.out) {
    const out = path.resolve(io.cwd, values.out);
    writeReportFile(out, JSON.stringify(report, null, 2) + '\n');
    writeReportFile(`${out.replace(/\.json$/, '')}.verification-report.json`, vr);
  }
  io.stdout(vr);
  if (reports.length === 0) io.stderr(renderText(report));
  return report.exit_code;
}

/**
 * `audit-gate aristo [ROOT]`: every `.aristo/` workspace under ROOT (default: the current
 * directory), with the shared pipeline's report and exit codes; in text, the proof cards first.
 */
async function aristoCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(COMMANDS.aristo.options, args);
  if (values.help) {
    io.stdout(commandHelp('aristo'));
    return 0;
  }
  const fmt = format(values.format);
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const root = path.resolve(io.cwd, positionals[0] ?? values.root ?? '.');
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory())
    throw new UsageError(`root not found: ${positionals[0] ?? values.root ?? '.'}`);
  const report = await verify({
    root,
    packs: ['aristo'],
    packOptions: {
      aristo: {
        ...(values['block-inconclusive'] ? { block_inconclusive: true } : {}),
        ...(values['block-missing-proof'] ? { block_missing_proof: true } : {}),
      },
    },
    allowOutsideRoot: values['allow-outside-root'] ?? false,
    onProgress: progress(io, values.progress),
  });
  if (fmt === 'text')
    for (const t of report.targets) {
      const ext = report.extensions?.[t.id] as AristoExtension | undefined;
      if (ext?.kind === 'aristo') io.stdout(`${t.path}\n\n${renderAristoCards(ext.cards)}\n`);
    }
  return emit(report, fmt, values.out, io);
}
