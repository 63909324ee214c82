import type { CodeDef } from '../model/finding.js';
import { GATE } from '../policy/codes.js';
import { FIXTURE_CODES } from '../fixtures/codes.js';
import { arisPack } from './aris/index.js';
import { aristoPack } from './aristo/index.js';
import { tracePack } from './trace/index.js';
import type { Pack } from './pack.js';

/** Every contract audit-gate verifies. Order is the order targets are reported in. */
export const PACKS: readonly Pack[] = [arisPack, tracePack, aristoPack];

export function findPack(id: string): Pack | undefined {
  return PACKS.find((p) => p.id === id);
}

/** The one registry of validation codes, for docs and for checking fixtures name real codes. */
export function allCodes(): CodeDef[] {
  return [...Object.values(GATE), ...FIXTURE_CODES, ...PACKS.flatMap((p) => p.codes)];
}
