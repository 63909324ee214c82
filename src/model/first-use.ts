/**
 * A value built when first asked for, then kept: zod schemas, which cost milliseconds of every
 * start (in the main thread and in each verify helper) when built at load, though a run may never
 * read a file they describe. `built()` lets a test see whether a run paid for it.
 */
export function onFirstUse<T>(build: () => T): { (): T; built(): boolean } {
  // Boxed, so a build that returns undefined is kept too.
  let value: { v: T } | undefined;
  return Object.assign(() => (value ??= { v: build() }).v, { built: () => value !== undefined });
}
