/**
 * A value built when first asked for, then kept: a pack's zod schemas, which cost milliseconds of
 * every start when built at load, though a run may never read that pack's files.
 */
export function onFirstUse<T>(build: () => T): { (): T; built(): boolean } {
  let value: { v: T } | undefined;
  return Object.assign(() => (value ??= { v: build() }).v, { built: () => value !== undefined });
}
