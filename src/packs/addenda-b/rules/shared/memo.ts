import type { Bundle } from '../../bundle.js';

/** A view several rules share, built once per bundle under `key` (Bundle.memo). */
export function memo<T>(b: Bundle, key: string, make: () => T): T {
  if (!b.memo.has(key)) b.memo.set(key, make());
  return b.memo.get(key) as T;
}
