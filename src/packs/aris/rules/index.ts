import { auditSkill } from './audit-skill.js';
import { blockingVerdict } from './blocking-verdict.js';
import type { ArtifactRule } from './context.js';
import { duplicateKeys } from './duplicate-keys.js';
import { fieldTypes } from './field-types.js';
import { inputHashes } from './input-hashes.js';
import { noAuditedInputs } from './no-audited-inputs.js';
import { requiredFields } from './required-fields.js';
import { reviewIndependence } from './review-independence.js';
import { tracePath } from './trace-path.js';
import { knownVerdict } from './verdict.js';

/**
 * The rules over one parsed audit artifact, in the order their findings and legacy issue strings
 * appear (the order of verify_paper_audits.sh).
 */
export const ARTIFACT_RULES: readonly ArtifactRule[] = [
  duplicateKeys,
  requiredFields,
  fieldTypes,
  knownVerdict,
  auditSkill,
  reviewIndependence,
  inputHashes,
  tracePath,
  noAuditedInputs,
  blockingVerdict,
];
