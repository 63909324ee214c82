// The text of src/packs/addenda-b/schema/fast-paths.generated.ts, from the seed's zod schemas:
// `npm run fast-paths` writes it, __tests__/addenda-b-fast-paths.test.ts checks the committed
// file still equals it.
import type { ZodType } from 'zod';
import { emitModule } from '../../src/io/fast-schema.js';
import { generatedHeader } from './fast-paths-text.js';
import { recordSchemas } from '../../src/packs/addenda-b/records.js';
import { seedSchemas } from '../../src/packs/addenda-b/schema/generated.js';

export const ADDENDA_B_FAST_PATHS_FILE = 'src/packs/addenda-b/schema/fast-paths.generated.ts';

/** Seed shapes that rules check inside a record (D-07's governance envelope, G's input manifest). */
const NESTED = ['RunBoardGovernanceEnvelope', 'RelianceInputManifest'] as const;

export function renderAddendaBFastPaths(): string {
  const records = recordSchemas();
  const seed = seedSchemas() as unknown as Record<string, ZodType>;
  const nested = Object.fromEntries(NESTED.map((n) => [`nested:${n}`, seed[n]!]));
  const { source, names } = emitModule({ ...records, ...nested });
  const entry = (key: string, name: string | undefined) =>
    `  ${JSON.stringify(key)}: ${name ?? 'undefined'},`;
  return `${generatedHeader("the seed's zod schemas")}
// A clean bundle is checked without building zod or generating code.

export interface FastPaths {
  /** Every record type, with its fast path (undefined: zod checks every record of the type). */
  records: Record<string, ((v: unknown) => boolean) | undefined>;
  /** The seed shapes rules check inside records. */
  nested: Record<${NESTED.map((n) => `'${n}'`).join(' | ')}, ((v: unknown) => boolean) | undefined>;
}

let built: FastPaths | undefined;

/** The fast paths, made on first use: a run that reads no bundle makes none of their functions. */
export function fastPaths(): FastPaths {
  return (built ??= make());
}

function make(): FastPaths {
${source}
return {
records: {
${Object.keys(records)
  .map((k) => entry(k, names[k]))
  .join('\n')}
},
nested: {
${NESTED.map((n) => entry(n, names[`nested:${n}`])).join('\n')}
},
};
}
`;
}
