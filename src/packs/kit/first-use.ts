import type { z } from 'zod';

export { onFirstUse } from '../../model/first-use.js';

/**
 * A pack's `Pack.schemas`: file names (schemas/<name>.schema.json) mapped to members of its
 * schema set. Only the schema files and docs ask for it (src/schemas.ts); it builds the set if
 * no run has yet.
 */
export function namedSchemas<S extends Record<string, z.ZodType>>(
  set: () => S,
  names: Record<string, keyof S>,
): () => Record<string, z.ZodType> {
  return () => {
    const s = set();
    return Object.fromEntries(Object.entries(names).map(([file, key]) => [file, s[key]!]));
  };
}
