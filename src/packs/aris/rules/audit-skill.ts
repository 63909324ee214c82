import { quoteValue, valueExcerpt } from '../../../render/sanitize.js';
import { hasText } from '../../kit/index.js';
import { ARIS } from '../codes.js';
import { pyStr, pyTruthy } from '../independence.js';
import type { ArtifactRule } from './context.js';

export const auditSkill: ArtifactRule = {
  meta: {
    name: 'audit-skill',
    description: 'audit_skill names the audit expected at this artifact, and is not blank.',
    codes: [ARIS.missingField, ARIS.wrongAuditSkill],
  },
  check(ctx) {
    const skill = ctx.data.audit_skill;
    const want = ctx.spec.skill;
    // The legacy script skipped this check for a falsy audit_skill, so "" passed as any skill.
    // A blank name says nothing about which audit wrote the artifact: it is a missing field.
    if (typeof skill === 'string' && !hasText(skill)) {
      ctx.issue(
        ARIS.missingField,
        `${ctx.rel} has an empty "audit_skill"; it must name the audit that wrote it (${want}).`,
        'missing_field:audit_skill',
        ctx.lineOf('audit_skill'),
      );
    } else if (pyTruthy(skill) && skill !== want) {
      ctx.issue(
        ARIS.wrongAuditSkill,
        `${ctx.rel} was written by ${quoteValue(pyStr(skill))}, but ${want} is expected there.`,
        `wrong_audit_skill:${valueExcerpt(pyStr(skill))}_vs_${want}`,
        ctx.lineOf('audit_skill'),
      );
    }
  },
};
