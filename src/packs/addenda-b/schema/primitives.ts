import { z } from 'zod';
import { oneOf } from '../../../io/fast-schema.js';

/** The strings a bundle writes for the numbers JSON cannot carry. */
export const NON_FINITE = ['NaN', 'Infinity', '-Infinity'] as const;

/** A seed `number`: a JSON number, or one of the non-finite strings (the rules decide on them). */
export const numberOrNonFinite = () => z.union([z.number(), z.enum(NON_FINITE)]);

/** A seed literal `true` / `false` (a refinement, so the fast validator still covers it). */
export function literalBoolean(value: boolean) {
  return z.boolean().refine(oneOf([value]), { message: `must be ${value}` });
}

/** A seed union of number literals, e.g. `0.8 | 0.9 | 0.95 | 0.99`. */
export function literalNumber(values: number[]) {
  return z.number().refine(oneOf(values), { message: `must be one of ${values.join(', ')}` });
}

/** A bundle number as a JS number: the non-finite strings decode, anything else is undefined. */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return undefined;
}
