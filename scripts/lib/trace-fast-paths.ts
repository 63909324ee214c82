// The text of src/packs/trace/format/fast-paths.generated.ts, from the trace pack's zod schemas:
// `npm run fast-paths` writes it, __tests__/fast-schema.test.ts checks the committed file still
// equals it.
import { emitModule } from '../../src/io/fast-schema.js';
import { FAST_FORMATS, schemas } from '../../src/packs/trace/format/schema.js';
import { generatedHeader } from './fast-paths-text.js';

export const TRACE_FAST_PATHS_FILE = 'src/packs/trace/format/fast-paths.generated.ts';

export function renderTraceFastPaths(): string {
  const all = schemas();
  const { source, names } = emitModule(Object.fromEntries(FAST_FORMATS.map((k) => [k, all[k]])));
  return `${generatedHeader("the trace pack's zod schemas")}
// A clean run is checked without building zod or generating code.

export type TraceFastPaths = Record<
  ${FAST_FORMATS.map((k) => `'${k}'`).join(' | ')},
  ((v: unknown) => boolean) | undefined
>;

/** The predicates (undefined: zod checks every value of that format). */
export function traceFastPaths(): TraceFastPaths {
${source}
return {
${FAST_FORMATS.map((k) => `  ${k}: ${names[k] ?? 'undefined'},`).join('\n')}
};
}
`;
}
