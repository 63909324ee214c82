import path from 'node:path';
import type { Pack } from '../pack.js';
import { ARISTO_CODES } from './codes.js';
import { verifyAristo } from './verify.js';

export { ARISTO, ARISTO_CODES } from './codes.js';
export { renderCards, renderCard, tally, type AristoExtension, type Card } from './cards.js';

/**
 * Aristo proofs (seed 001): every `.aristo/` directory is a workspace; each annotation with a
 * proof is a subject, checked against the Rust source as it is now.
 */
export const aristoPack: Pack = {
  id: 'aristo',
  title: 'Aristo proofs checked against the source',
  codes: ARISTO_CODES,
  discover(dirs) {
    return dirs
      .filter((d) => path.basename(d.abs) === '.aristo')
      .map((d) => path.dirname(d.abs))
      .sort();
  },
  verify: verifyAristo,
};
