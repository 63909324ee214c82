import { ARIS } from '../codes.js';
import { REQUIRED_FIELDS, schemas } from '../schema.js';
import { jsonType, type ArtifactRule } from './context.js';

/** The string fields' types (the zod schema is the source of truth); verdict has its own rule. */
export const fieldTypes: ArtifactRule = {
  meta: {
    name: 'field-types',
    description: 'The string fields hold strings (thread_id and agent_id may be null).',
    codes: [ARIS.fieldType],
  },
  check(ctx) {
    const { data, rel } = ctx;
    const shape = schemas().AuditArtifact.shape;
    for (const k of [...REQUIRED_FIELDS, 'thread_id', 'agent_id'] as const) {
      if (k === 'verdict' || k === 'audited_input_hashes' || !Object.hasOwn(data, k)) continue;
      const v = data[k];
      if (
        (k === 'trace_path' && v === '') ||
        ((k === 'thread_id' || k === 'agent_id') && v === null)
      )
        continue;
      if (!shape[k].safeParse(v).success) {
        ctx.issue(
          ARIS.fieldType,
          `"${k}" in ${rel} should be a string, not ${jsonType(v)}.`,
          `invalid_field_type:${k}:${jsonType(v)}`,
          ctx.lineOf(k),
        );
      }
    }
  },
};
