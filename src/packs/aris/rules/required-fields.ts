import { ARIS } from '../codes.js';
import { pyTruthy } from '../independence.js';
import { REQUIRED_FIELDS } from '../schema.js';
import type { ArtifactRule } from './context.js';

export const requiredFields: ArtifactRule = {
  meta: {
    name: 'required-fields',
    description:
      'Every required field is present, one of thread_id and agent_id is set, and trace_path is not empty.',
    codes: [ARIS.missingField],
  },
  check(ctx) {
    const { data, rel } = ctx;
    for (const k of REQUIRED_FIELDS) {
      if (!Object.hasOwn(data, k))
        ctx.issue(ARIS.missingField, `${rel} has no "${k}" field.`, `missing_field:${k}`, 1);
    }
    if (!pyTruthy(data.thread_id) && !pyTruthy(data.agent_id)) {
      ctx.issue(
        ARIS.missingField,
        `${rel} has neither "thread_id" nor "agent_id".`,
        'missing_field:thread_id_or_agent_id',
        1,
      );
    }
    if (data.trace_path === '') {
      ctx.issue(
        ARIS.missingField,
        `${rel} has an empty "trace_path".`,
        'missing_field:trace_path',
        ctx.lineOf('trace_path'),
      );
    }
  },
};
