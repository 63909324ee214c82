import type { z } from 'zod';

/**
 * A value built when first asked for, then kept: a pack's zod schemas, which cost milliseconds of
 * every start when built at load, though a run may never read that pack's files. `built()` lets
 * a test see whether a run paid for it.
 */
export function onFirstUse<T>(build: () => T): { (): T; built(): boolean } {
  // Boxed, so a build that returns undefined is kept too.
  let value: { v: T } | undefined;
  return Object.assign(() => (value ??= { v: build() }).v, { built: () => value !== undefined });
}

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
