import type { CodeDef } from '../model/finding.js';
import { GATE } from '../policy/codes.js';
import { CONFORMANCE_CODES } from '../conformance/codes.js';
import { arisPack } from './aris/index.js';
import { tracePack } from './trace/index.js';
import { aristoPack } from './aristo/index.js';
import { addendaBPack } from './addenda-b/index.js';
import type { Pack } from './pack.js';

/**
 * Every contract audit-gate verifies: the one place that lists packs (docs/writing-a-pack.md).
 * Order is the order targets are reported in.
 */
const builtIn = (): readonly Pack[] => [arisPack, tracePack, aristoPack, addendaBPack];

// Built on first use, not when this module loads: a pack's own modules use core modules (the
// renderers) that consult the registry, so the registry may load while a pack is still loading.
let registered: readonly Pack[] | undefined;

export function packs(): readonly Pack[] {
  return (registered ??= builtIn());
}

export function findPack(id: string): Pack | undefined {
  return packs().find((p) => p.id === id);
}

/**
 * Adds a pack until the returned function is called. For tests only (a test pack proves a new
 * pack needs no core change); the product's packs are the list above.
 */
export function registerPack(pack: Pack): () => void {
  const before = packs();
  const problem = registryProblem([...before, pack]);
  if (problem) throw new Error(problem);
  registered = [...before, pack];
  return () => {
    registered = before;
  };
}

/** Why a list of packs cannot be a registry, or undefined. Checked by the tests for the built-in list. */
export function registryProblem(list: readonly Pack[]): string | undefined {
  const ids = new Set<string>();
  for (const p of list) {
    if (!/^[a-z][a-z0-9-]*$/.test(p.id)) return `pack id "${p.id}" is not lower-case`;
    if (ids.has(p.id)) return `pack id "${p.id}" is registered twice`;
    ids.add(p.id);
    const spaces = namespaces(p);
    const stray = packCodes(p).find((c) => !spaces.some((ns) => c.code.startsWith(`${ns}.`)));
    if (stray)
      return `code ${stray.code} of pack ${p.id} is not in its namespace ${spaces.join(' or ')}`;
    const unlisted = p.fixtures?.missingExpected;
    if (unlisted && !packCodes(p).includes(unlisted))
      return `code ${unlisted.code} of pack ${p.id} (fixtures.missingExpected) is not in its suite codes`;
  }
  const seen = new Set<string>();
  for (const c of list.flatMap(packCodes)) {
    if (seen.has(c.code)) return `code ${c.code} is declared twice`;
    seen.add(c.code);
  }
  if (list.filter((p) => p.claimsUndiscovered).length > 1)
    return 'more than one pack claims undiscovered paths';
  return undefined;
}

/** The prefixes a pack's codes may have: its namespace and any extra (seed) ones. */
export function namespaces(p: Pack): string[] {
  return [p.namespace, ...(p.extraNamespaces ?? [])];
}

/** A pack's codes: those its targets emit, then those its conformance suite gate emits. */
function packCodes(p: Pack): CodeDef[] {
  const suite = p.fixtures?.suite?.codes ?? [];
  return [...p.codes, ...suite.filter((c) => !p.codes.includes(c))];
}

/**
 * The packs whose targets record the assurance they were judged under: those that say so
 * (Pack.judgedByAssurance), and any with a code that differs at submission (CodeDef.at_submission).
 */
export function assurancePacks(): ReadonlySet<string> {
  return new Set(
    packs().flatMap((p) =>
      p.judgedByAssurance || packCodes(p).some((c) => c.at_submission) ? [p.id] : [],
    ),
  );
}

/** The one registry of validation codes, for docs and for checking fixtures name real codes. */
export function allCodes(): CodeDef[] {
  return [...Object.values(GATE), ...CONFORMANCE_CODES, ...packs().flatMap(packCodes)];
}
