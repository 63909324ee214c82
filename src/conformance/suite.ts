import type { Finding } from '../model/finding.js';
import type { Workspace } from '../io/workspace.js';
import type { Pack, PackResult } from '../packs/pack.js';

/**
 * `audit-gate fixtures --build-ready`: each pack that declares a suite gate judges its fixtures as
 * a whole (a fixture belongs to the pack its target context names, as the runner sets it).
 */
export function suiteFindings(
  packs: readonly Pack[],
  results: readonly PackResult[],
  fixtureDir: string,
  workspace: Workspace,
): Finding[] {
  return packs.flatMap((pack) => {
    const gate = pack.fixtures?.suite;
    if (!gate) return [];
    return gate.check(
      results.filter((r) => r.target.context['pack'] === pack.id),
      fixtureDir,
      workspace,
    );
  });
}
