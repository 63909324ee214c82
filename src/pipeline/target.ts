import { finding } from '../model/finding.js';
import { errorText } from '../io/workspace.js';
import type { Pack, PackContext, PackResult } from '../packs/pack.js';
import { GATE } from '../policy/codes.js';

export interface PlannedTarget {
  pack: Pack;
  dir: string;
  /** A named path in which nothing was discovered, claimed by the claimant pack: the path as given. */
  claimedPath?: string;
  /** Named as this pack's target (`targets`, not `papers`): the directory as given. */
  pinned?: string;
  /** Named as a paper by the workflow (or a config it gave), not found or named by the checkout. */
  workflowNamed?: true;
}

/** The context one pack sees: the gate-wide options plus its own. */
export function contextFor(pack: Pack, ctx: PackContext): PackContext {
  const own = ctx.packOptions?.[pack.id];
  return own ? { ...ctx, options: { ...ctx.options, ...own } } : ctx;
}

/** Checks one target; an exception becomes a blocking internal-error result (fail closed). */
export async function verifyTarget(t: PlannedTarget, ctx: PackContext): Promise<PackResult> {
  try {
    return await t.pack.verify(t.dir, contextFor(t.pack, ctx));
  } catch (err) {
    return failedTarget(
      t.pack,
      ctx.workspace.rel(t.dir),
      `Checking ${ctx.workspace.rel(t.dir)} failed: ${errorText(err)}.`,
    );
  }
}

/** The result of a target that could not be checked at all. */
export function failedTarget(
  pack: Pick<Pack, 'id' | 'targetKind'>,
  rel: string,
  message: string,
): PackResult {
  const id = `${pack.id}:${rel}`;
  return {
    target: {
      id,
      pack: pack.id,
      kind: pack.targetKind,
      path: rel,
      enforcement: 'blocking',
      terminal_state: 'error',
      ready: false,
      context: {},
    },
    subjects: [
      {
        id,
        target: id,
        pack: pack.id,
        kind: pack.targetKind,
        name: rel,
        path: rel,
        status: 'ERROR',
        outcome: 'blocking',
      },
    ],
    findings: [finding(GATE.internalError, { subject: id, message, location: { path: rel } })],
  };
}
