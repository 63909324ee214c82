import { z } from 'zod';
import { bundleMetaSchema } from './bundle.js';
import { recordSchemas } from './records.js';

/** One records.jsonl line (or registry item): any record type, told apart by "type". */
export function bundleRecordSchema(): z.ZodType {
  const members = Object.entries(recordSchemas()).map(([type, schema]) =>
    (schema as z.ZodObject).extend({ type: z.literal(type) }),
  );
  return z.discriminatedUnion('type', members as unknown as [z.ZodObject, ...z.ZodObject[]]);
}

export { bundleMetaSchema };
