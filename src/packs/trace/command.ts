import path from 'node:path';
import { FLAGS } from '../../cli/flags.js';
import {
  UsageError,
  emit,
  existingDir,
  notOneOf,
  outConfinement,
  pinFlag,
  commandRoot,
  progress,
  type Args,
  type Io,
} from '../../cli/kit.js';
import { writeReportFile } from '../../io/write.js';
import { renderText } from '../../render/text.js';
import { verify } from '../../pipeline/verify.js';
import type { PackCommand } from '../pack.js';
import { renderVerificationReports } from './outputs.js';

/**
 * `audit-gate trace <run-dir | artifacts-root>...`: verifies run directories (…/runs/<run_id>/)
 * with the shared pipeline, so reports and exit codes are those of `verify`. With
 * --format verification-report, stdout gets the producer-compatible VerificationReport (one object
 * for one run, an array for several); --out FILE writes our report, and then the
 * VerificationReport goes beside it as FILE.verification-report.json.
 */
export const traceCommand: PackCommand = {
  args: '<run-dir | artifacts-root>...',
  about:
    'Verify evidence-grounded run traces (…/runs/<run_id>/) written by bijux-canon-reason. Every hash, id, evidence span and claim is checked, and the extractive reasoner’s claims are derived again. Where every run comes from bijux-canon-reason, add --require-retrieval --require-reasoning: the defaults also accept other producers’ runs. Reads .audit-gate.json (packs.trace). See docs/trace.md.',
  flags: [
    {
      ...FLAGS.format,
      value: 'text|json|verification-report',
      help: "stdout format (default text); verification-report is the producer's shape",
    },
    {
      ...FLAGS.out,
      help: 'write the JSON report to FILE; stdout keeps the text summary (verification-report: that report, also written beside FILE)',
    },
    FLAGS.pin,
    {
      name: 'min-supports',
      type: 'string',
      value: 'N',
      help: 'raise the supports each derived claim needs (a floor: the run’s own recorded policy applies when higher)',
    },
    {
      name: 'require-retrieval',
      type: 'boolean',
      help: 'every run must retrieve its evidence from a pinned corpus (a run with no search, corpus or index fails)',
    },
    {
      name: 'require-reasoning',
      type: 'boolean',
      help: 'every run with a derived claim must carry the producer’s reasoning record (a run stripped of it fails)',
    },
    FLAGS.gitRoot,
    {
      ...FLAGS.allowOutsideRoot,
      help: 'read evidence and run files outside the root too (local use only)',
    },
  ],
  run: runTrace,
};

async function runTrace(args: Args, io: Io): Promise<number> {
  const fmt = args.string('format') ?? 'text';
  if (fmt !== 'text' && fmt !== 'json' && fmt !== 'verification-report') {
    throw notOneOf('format', ['text', 'json', 'verification-report'], fmt);
  }
  if (args.positionals.length === 0)
    throw new UsageError('usage: audit-gate trace <run-dir | artifacts-root>...');
  const ms = args.string('min-supports');
  if (ms !== undefined && !/^\d+$/.test(ms))
    throw new UsageError(`--min-supports must be a whole number, not "${ms}"`);
  const pin = pinFlag(args, 'trace');
  const dirs = args.positionals.map((p) => existingDir(io, p, 'run directory or artifacts root'));
  const { root, rel } = commandRoot(io, args, dirs);
  const report = await verify({
    root,
    paths: rel,
    packs: ['trace'],
    ...pin,
    packOptions: {
      trace: {
        ...(ms !== undefined ? { min_supports: Number(ms) } : {}),
        ...(args.flag('require-retrieval') ? { require_retrieval: true } : {}),
        ...(args.flag('require-reasoning') ? { require_reasoning: true } : {}),
      },
    },
    emptyWhat:
      'no run was found (a run is a directory named run_v1_<64 hex>, or one holding trace.jsonl, run_meta.json or fingerprint.txt below a runs/ directory or beside another file of a run such as plan.json; except below a directory that .gitignore hides)',
    emptyRemediation:
      'Pass the run directory itself (…/runs/<run_id>/) or a directory above its runs/ directory; name an ignored directory directly, e.g. audit-gate trace artifacts/.',
    allowOutsideRoot: args.flag('allow-outside-root'),
    onProgress: progress(io, args.flag('progress')),
  });
  const out = args.string('out');
  if (fmt !== 'verification-report') return emit(report, fmt, out, io);
  const reports = renderVerificationReports(report);
  const vr = JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2) + '\n';
  if (out) {
    const file = path.resolve(io.cwd, out);
    writeReportFile(file, JSON.stringify(report, null, 2) + '\n', outConfinement(io, file));
    const vrFile = `${file.replace(/\.json$/, '')}.verification-report.json`;
    writeReportFile(vrFile, vr, outConfinement(io, vrFile));
  }
  io.stdout(vr);
  if (reports.length === 0) io.stderr(renderText(report));
  return report.exit_code;
}
