import { quoteValue, valueExcerpt } from '../../../render/sanitize.js';
import { ARIS } from '../codes.js';
import type { ArtifactRule } from './context.js';

export const duplicateKeys: ArtifactRule = {
  meta: {
    name: 'duplicate-keys',
    description: 'The artifact repeats no key: readers would disagree on which value counts.',
    codes: [ARIS.duplicateKey],
  },
  check(ctx) {
    for (const dup of ctx.duplicates) {
      ctx.issue(
        ARIS.duplicateKey,
        `${ctx.rel} repeats the key ${quoteValue(dup.key)}; readers may see different values.`,
        `schema_invalid:duplicate_key:${valueExcerpt(dup.key)}`,
        dup.line,
      );
    }
  },
};
