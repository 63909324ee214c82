import { hasText } from '../../kit/index.js';
import { ARIS } from '../codes.js';
import { pyTruthy } from '../independence.js';
import { REQUIRED_FIELDS } from '../schema.js';
import type { ArtifactRule } from './context.js';

// Blank ones have their own rules: audit_skill (audit-skill) and verdict (verdict).
const OWN_RULE = new Set(['audit_skill', 'verdict']);

/** A thread or agent id that names one: truthy as Python reads it, and not only whitespace or invisible characters. */
const named = (v: unknown): boolean => pyTruthy(v) && (typeof v !== 'string' || hasText(v));

export const requiredFields: ArtifactRule = {
  meta: {
    name: 'required-fields',
    description:
      'Every required field is present and, when it is a string, not blank, and one of thread_id and agent_id is set.',
    codes: [ARIS.missingField],
  },
  check(ctx) {
    const { data, rel } = ctx;
    for (const k of REQUIRED_FIELDS) {
      const v = data[k];
      if (!Object.hasOwn(data, k))
        ctx.issue(ARIS.missingField, `${rel} has no "${k}" field.`, `missing_field:${k}`, 1);
      // The old script only asked whether the key was there: an audit that says nothing passed.
      else if (typeof v === 'string' && !hasText(v) && !OWN_RULE.has(k))
        ctx.issue(
          ARIS.missingField,
          `${rel} has an empty "${k}".`,
          `missing_field:${k}`,
          ctx.lineOf(k),
        );
    }
    if (!named(data.thread_id) && !named(data.agent_id)) {
      ctx.issue(
        ARIS.missingField,
        `${rel} has neither "thread_id" nor "agent_id".`,
        'missing_field:thread_id_or_agent_id',
        1,
      );
    }
  },
};
