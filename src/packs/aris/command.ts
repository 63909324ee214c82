import path from 'node:path';
import { FLAGS } from '../../cli/flags.js';
import {
  UsageError,
  enforcementFlags,
  existingDir,
  gitTopLevel,
  insideRoot,
  outConfinement,
  progress,
  textOrJson,
  type Args,
  type Io,
} from '../../cli/kit.js';
import { isBelow, isInside } from '../../io/paths.js';
import { writeReportFile } from '../../io/write.js';
import { Workspace } from '../../io/workspace.js';
import { isAssurance } from '../../policy/assurance.js';
import { renderText } from '../../render/text.js';
import { quoteValue } from '../../render/sanitize.js';
import { verify } from '../../pipeline/verify.js';
import type { PackCommand } from '../pack.js';
import { renderArisReport } from './outputs.js';
import { ASSURANCE_PATH, readAssuranceFile } from './verify.js';

/**
 * `audit-gate aris <paper-dir>`: the drop-in replacement for verify_paper_audits.sh. Writes the
 * legacy report to <paper-dir>/.aris/audit-verifier-report.json (or --json-out) and prints the
 * summary to stderr (with --format json, the legacy report to stdout).
 */
export const arisCommand: PackCommand = {
  args: '<paper-dir>',
  about:
    'Verify one paper directory (drop-in replacement for verify_paper_audits.sh). Writes <paper-dir>/.aris/audit-verifier-report.json; the summary goes to stderr. Reads no .audit-gate.json: waivers and exclusions apply to `audit-gate verify`.',
  flags: [
    {
      name: 'assurance',
      type: 'string',
      value: 'draft|submission',
      help: 'what problems block (default: .aris/assurance.txt, else --effort, else draft)',
    },
    {
      name: 'effort',
      type: 'string',
      value: 'lite|balanced|max|beast',
      help: 'implies an assurance when none is given (max, beast: submission)',
    },
    {
      name: 'json-out',
      type: 'string',
      value: 'FILE',
      help: 'write the legacy report to FILE instead',
    },
    { ...FLAGS.format, help: 'json also prints the legacy report on stdout' },
    FLAGS.gitRoot,
    {
      ...FLAGS.allowOutsideRoot,
      help: 'read inputs and traces outside the root too (local use only)',
    },
  ],
  run: runAris,
};

async function runAris(args: Args, io: Io): Promise<number> {
  const fmt = textOrJson(args.string('format'));
  const { positionals } = args;
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length
        ? `unexpected argument "${positionals[1]}"`
        : 'a paper directory is required: audit-gate aris <paper-dir>',
    );
  const paperDir = existingDir(
    io,
    positionals[0]!,
    'paper directory',
    ' (pass the paper directory that holds the audit artifacts)',
  );
  const { assurance, effort } = enforcementFlags(args);
  const rootFlag = args.string('root');
  const allowOutside = args.flag('allow-outside-root');
  // Without git: the paper dir when run inside it, the current directory when it holds the paper
  // (where .aris/traces usually sits beside papers/), else the paper dir's parent.
  const root = rootFlag
    ? path.resolve(io.cwd, rootFlag)
    : gitTopLevel(
        paperDir,
        isInside(io.cwd, paperDir)
          ? paperDir
          : isBelow(paperDir, io.cwd)
            ? io.cwd
            : path.dirname(paperDir),
      );
  const [paperRel] = insideRoot(root, rootFlag, [paperDir], allowOutside);
  if (assurance === undefined) checkAssuranceFile(new Workspace(root, allowOutside), paperDir);
  const report = await verify({
    root,
    // The script's verdicts: no .audit-gate.json (paths, waivers, packs) applies here.
    config: false,
    paths: [paperRel!],
    // The named dir is the paper, whatever lies inside it, and is verified even with no audit
    // yet (at draft, missing audits pass), as the reference script does.
    papers: [paperRel!],
    packs: ['aris'],
    exact: true,
    ...(assurance !== undefined ? { assurance } : {}),
    ...(effort !== undefined ? { effort } : {}),
    allowOutsideRoot: allowOutside,
    onProgress: progress(io, args.flag('progress')),
  });
  const target = report.targets.find((t) => t.pack === 'aris');
  if (!target) {
    io.stderr(renderText(report));
    return 1;
  }
  const legacy = renderArisReport(report, target.id);
  legacy.paper_dir = paperDir;
  const jsonOutFlag = args.string('json-out');
  const jsonOut = jsonOutFlag
    ? path.resolve(io.cwd, jsonOutFlag)
    : path.join(paperDir, '.aris', 'audit-verifier-report.json');
  const json = JSON.stringify(legacy, null, 2) + '\n';
  // The default location is inside the (untrusted) paper dir: it must really stay in the root.
  writeReportFile(jsonOut, json, jsonOutFlag ? outConfinement(io, jsonOut) : root);
  if (fmt === 'json') io.stdout(json);
  else io.stderr(renderText(report) + `report: ${jsonOut}\n`);
  return report.exit_code;
}

/** As the shell script did: an assurance.txt that is not draft or submission is a bad argument. */
function checkAssuranceFile(workspace: Workspace, paperDir: string): void {
  const file = readAssuranceFile(workspace, paperDir);
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
