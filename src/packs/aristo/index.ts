import { z } from 'zod';
import type { Pack } from '../pack.js';
import { ARISTO_CODES } from './codes.js';
import { aristoCommand } from './command.js';
import { discoverWorkspaces } from './discover.js';
import { markdownCards } from './markdown.js';
import { namedSchemas, onFirstUse } from '../kit/first-use.js';
import { schemas } from './schema.js';
import { verifyAristo } from './verify.js';

export { ARISTO, ARISTO_CODES } from './codes.js';
export { renderCards, renderCard, tally, type AristoExtension, type Card } from './cards.js';

/**
 * Aristo proofs (seed 001): every `.aristo/` directory is a workspace, and so is a crate that uses
 * aristo without one; each annotation with a proof is a subject, checked against the Rust source
 * as it is now.
 */
export const aristoPack: Pack = {
  id: 'aristo',
  title: 'Aristo proofs checked against the source',
  namespace: 'aristo',
  codes: ARISTO_CODES,
  targetKind: 'workspace',
  subjectKinds: ['annotation'],
  judgedByAssurance: true,
  options: onFirstUse(() =>
    z
      .object({
        block_inconclusive: z
          .boolean()
          .optional()
          .describe('Inconclusive verdicts block (default: they are warnings)'),
        block_missing_proof: z
          .boolean()
          .optional()
          .describe(
            'Intents that ask for verification but have no proof block (default: they are warnings)',
          ),
      })
      .strict(),
  ),
  // Both only ever make more findings block.
  tighteningOptions: ['block_inconclusive', 'block_missing_proof'],
  schemas: namedSchemas(schemas, {
    'aristo-proof': 'ProofFile',
    'aristo-index': 'IndexFile',
    'aristo-expectations': 'ExpectationsFile',
  }),
  discover: discoverWorkspaces,
  verify: verifyAristo,
  command: aristoCommand,
  markdownCards,
};
