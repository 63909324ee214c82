import { finding } from './model/finding.js';
import { errorText } from './io/workspace.js';
import type { Pack, PackContext, PackResult } from './packs/pack.js';
import { GATE } from './policy/codes.js';

export interface PlannedTarget {
  pack: Pack;
  dir: string;
}

/** Checks one target; an exception becomes a blocking internal-error result (fail closed). */
export async function verifyTarget(t: PlannedTarget, ctx: PackContext): Promise<PackResult> {
  try {
    return await t.pack.verify(t.dir, ctx);
  } catch (err) {
    return failedTarget(
      t.pack.id,
      ctx.workspace.rel(t.dir),
      `Checking ${ctx.workspace.rel(t.dir)} failed: ${errorText(err)}.`,
    );
  }
}

/** The result of a target that could not be checked at all. */
export function failedTarget(packId: string, rel: string, message: string): PackResult {
  const id = `${packId}:${rel}`;
  const kind = packId === 'aris' ? 'paper' : 'run';
  return {
    target: {
      id,
      pack: packId,
      kind,
      path: rel,
      enforcement: 'blocking',
      terminal_state: 'error',
      context: {},
    },
    subjects: [
      {
        id,
        target: id,
        pack: packId,
        kind,
        name: rel,
        path: rel,
        status: 'ERROR',
        outcome: 'blocking',
      },
    ],
    findings: [finding(GATE.internalError, { subject: id, message, location: { path: rel } })],
  };
}
