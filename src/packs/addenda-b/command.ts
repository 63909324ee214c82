import { FLAGS } from '../../cli/flags.js';
import {
  UsageError,
  emit,
  existingDir,
  commandRoot,
  pinFlag,
  progress,
  textOrJson,
  type Args,
  type Io,
} from '../../cli/kit.js';
import { verify } from '../../pipeline/verify.js';
import type { PackCommand } from '../pack.js';
import { notChecked } from './not-checked.js';

/**
 * `audit-gate addenda-b <bundle-dir>...`: each named directory is a DOC23 Addenda B bundle
 * (bundle.json, records.jsonl, registry/), verified with the shared pipeline. The text report ends
 * with the number of seed codes this build does not check: they are never counted as passing.
 */
export const addendaBCommand: PackCommand = {
  args: '<bundle-dir>...',
  about:
    "Verify DOC23 Addenda B record bundles (a directory holding two of bundle.json, records.jsonl and registry/) against the seed, the contract's published schemas and validation codes (docs/addenda-b.md). In text, ends with the number of the seed's codes this build cannot decide.",
  flags: [
    FLAGS.format,
    FLAGS.out,
    FLAGS.pin,
    FLAGS.gitRoot,
    {
      ...FLAGS.allowOutsideRoot,
      help: 'read files a record names outside the root too (local use only)',
    },
  ],
  run: runAddendaB,
};

async function runAddendaB(args: Args, io: Io): Promise<number> {
  const fmt = textOrJson(args.string('format'));
  if (args.positionals.length === 0)
    throw new UsageError('usage: audit-gate addenda-b <bundle-dir>...');
  const pin = pinFlag(args, 'addenda-b');
  const dirs = args.positionals.map((p) => existingDir(io, p, 'bundle directory'));
  const { root, rel } = commandRoot(io, args, dirs);
  const report = await verify({
    root,
    paths: rel,
    packs: ['addenda-b'],
    ...pin,
    exact: true, // the named dir is the bundle
    emptyWhat: 'no Addenda B bundles were found',
    emptyRemediation:
      'Point audit-gate addenda-b at a bundle directory (a directory holding two of bundle.json, records.jsonl and registry/).',
    allowOutsideRoot: args.flag('allow-outside-root'),
    onProgress: progress(io, args.flag('progress')),
  });
  const code = emit(report, fmt, args.string('out'), io);
  if (fmt === 'text')
    io.stdout(
      `not checked: ${notChecked().length} DOC23 Addenda B codes this build cannot decide (never counted as passing; see --format json or docs/addenda-b.md).\n`,
    );
  return code;
}
