import { FLAGS } from '../../cli/flags.js';
import {
  UsageError,
  emit,
  enforcementFlags,
  existingDir,
  progress,
  textOrJson,
  type Args,
  type Io,
} from '../../cli/kit.js';
import { plain } from '../../render/sanitize.js';
import { verify } from '../../pipeline/verify.js';
import type { PackCommand } from '../pack.js';
import { renderCards, type AristoExtension } from './cards.js';

/**
 * `audit-gate aristo [ROOT]`: every `.aristo/` workspace under ROOT (default: the current
 * directory), with the shared pipeline's report and exit codes; in text, the proof cards first.
 */
export const aristoCommand: PackCommand = {
  args: '[ROOT]',
  about:
    'Verify aristo proofs (.aristo/) against the Rust sources under ROOT (default .): staleness, orphans, the validator checks, waivers. In text, the proof cards come first.',
  flags: [
    FLAGS.format,
    FLAGS.out,
    { ...FLAGS.gitRoot, help: 'workspace root, when ROOT is not given (default .)' },
    {
      name: 'assurance',
      type: 'string',
      value: 'draft|submission',
      help: "pin enforcement, as verify's --assurance: submission makes a missing proof an error, and the checkout's .audit-gate.json can then no longer waive (for a required check)",
    },
    {
      name: 'block-inconclusive',
      type: 'boolean',
      help: 'inconclusive verdicts block (default: a warning)',
    },
    {
      name: 'block-missing-proof',
      type: 'boolean',
      help: 'intents that ask for verification but have no proof block (default: a warning)',
    },
    {
      ...FLAGS.allowOutsideRoot,
      help: 'read source files a proof names outside the root too (local use only)',
    },
  ],
  run: runAristo,
};

async function runAristo(args: Args, io: Io): Promise<number> {
  const fmt = textOrJson(args.string('format'));
  if (args.positionals.length > 1)
    throw new UsageError(`unexpected argument "${args.positionals[1]}"`);
  if (args.positionals.length === 1 && args.string('root') !== undefined)
    throw new UsageError('give the root once: as ROOT or with --root, not both');
  const { assurance } = enforcementFlags(args);
  const root = existingDir(io, args.positionals[0] ?? args.string('root') ?? '.', 'root');
  const report = await verify({
    root,
    packs: ['aristo'],
    ...(assurance !== undefined ? { assurance } : {}),
    emptyWhat:
      'no aristo workspaces (.aristo/, or a crate whose Cargo.toml names aristo) were found',
    emptyRemediation:
      'Point audit-gate aristo at the directory holding .aristo/ (a crate annotated for aristo), or at a directory above it.',
    packOptions: {
      aristo: {
        ...(args.flag('block-inconclusive') ? { block_inconclusive: true } : {}),
        ...(args.flag('block-missing-proof') ? { block_missing_proof: true } : {}),
      },
    },
    allowOutsideRoot: args.flag('allow-outside-root'),
    onProgress: progress(io, args.flag('progress')),
  });
  if (fmt === 'text')
    for (const t of report.targets) {
      const ext = report.extensions?.[t.id] as AristoExtension | undefined;
      if (ext?.kind === 'aristo')
        io.stdout(`aristo workspace ${plain(t.path)}\n\n${renderCards(ext.cards)}\n`);
    }
  return emit(report, fmt, args.string('out'), io);
}
