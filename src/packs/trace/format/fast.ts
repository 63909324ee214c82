import { writtenSchema, type FastSchema } from '../../../io/fast-schema.js';
import { onFirstUse } from '../../kit/first-use.js';
import { traceFastPaths } from './fast-paths.generated.js';
import { FAST_FORMATS, schemas, type Schemas } from './schema.js';

type Format = (typeof FAST_FORMATS)[number];
type Formats = { [K in Format]: FastSchema<Schemas[K]> };

/**
 * The fast paths in front of the formats' zod schemas, made on first use; zod still decides and
 * words every rejection, and a schema is built only when a value needs it. A run of another pack
 * makes none of them.
 */
export const fast = onFirstUse((): Formats => {
  const written = traceFastPaths();
  const out: Partial<Record<Format, FastSchema<Schemas[Format]>>> = {};
  for (const k of FAST_FORMATS) out[k] = writtenSchema(written[k], () => schemas()[k]);
  return out as Formats;
});
