// The Addenda B fast paths written ahead of time (src/packs/addenda-b/schema/fast-paths.generated.ts)
// are current with the seed's schemas and the emitter, and each is true exactly where zod accepts
// a record unchanged: on every record of the conformance fixtures and on edits of some of them.
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { canonicalJson } from '../src/packs/kit/index.js';
import { recordSchemas } from '../src/packs/addenda-b/records.js';
import { seedSchemas } from '../src/packs/addenda-b/schema/generated.js';
import { fastPaths } from '../src/packs/addenda-b/schema/fast-paths.generated.js';
import {
  ADDENDA_B_FAST_PATHS_FILE,
  renderAddendaBFastPaths,
} from '../scripts/lib/addenda-b-fast-paths.js';
import { staleness } from '../scripts/lib/fast-paths-text.js';

const FIXTURES = path.resolve('conformance/addenda-b');

function records(dir: string, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) records(p, out);
    else if (e.name === 'records.jsonl')
      for (const line of fs.readFileSync(p, 'utf8').split('\n'))
        try {
          const v: unknown = JSON.parse(line);
          if (v && typeof v === 'object' && !Array.isArray(v))
            out.push(v as Record<string, unknown>);
        } catch {
          // not JSON: the reader's concern, not the schemas'
        }
  }
  return out;
}

const REPLACEMENTS: unknown[] = [null, '', 'x', -1, 0, 1.5, true, [], {}, ['a'], 'NaN'];

/** The value, then each top-level member dropped, replaced, or joined by an unknown key. */
function* edits(v: Record<string, unknown>): Generator<unknown> {
  yield v;
  yield { ...v, unexpected: 1 };
  for (const k of Object.keys(v)) {
    if (k === 'type') continue;
    const rest = { ...v };
    delete rest[k];
    yield rest;
    for (const r of REPLACEMENTS) yield { ...v, [k]: r };
  }
}

/** Where the written path and zod disagree (the path true only where zod accepts unchanged). */
function disagreements(
  accept: (v: unknown) => boolean,
  schema: z.ZodType,
  values: Iterable<unknown>,
) {
  const out: unknown[] = [];
  for (const v of values) {
    const z = schema.safeParse(v);
    const same = z.success && canonicalJson(z.data) === canonicalJson(v);
    if (accept(v) !== same) out.push(v);
  }
  return out;
}

const { records: RECORD_FAST_PATHS, nested: NESTED_FAST_PATHS } = fastPaths();

describe('Addenda B fast paths written ahead of time', () => {
  it('are the ones the emitter writes from the current schemas (npm run fast-paths)', () => {
    const file = ADDENDA_B_FAST_PATHS_FILE;
    const text = fs.readFileSync(path.resolve(file), 'utf8');
    expect(staleness(file, text, renderAddendaBFastPaths())).toBeUndefined();
    expect(Object.keys(RECORD_FAST_PATHS)).toEqual(Object.keys(recordSchemas()));
    // Every record type is written: none needs zod (or code generation) for a clean record.
    expect(Object.values(RECORD_FAST_PATHS).filter((f) => !f)).toEqual([]);
  });

  it('agree with zod on every fixture record, and on edits of some of each type', () => {
    const schemas = recordSchemas();
    const all = records(FIXTURES);
    expect(all.length).toBeGreaterThan(1000);
    const editedTypes = new Map<string, number>();
    const bad: unknown[] = [];
    for (const r of all) {
      const type = r.type as string;
      const accept = RECORD_FAST_PATHS[type];
      if (!accept || !Object.hasOwn(schemas, type)) continue;
      const n = editedTypes.get(type) ?? 0;
      editedTypes.set(type, n + 1);
      bad.push(...disagreements(accept, schemas[type]!, n < 3 ? edits(r) : [r]));
    }
    expect(editedTypes.size).toBeGreaterThan(60);
    expect(bad.slice(0, 3)).toEqual([]);
  });

  it('hold the seed shapes that rules check inside records to zod too', () => {
    const seed = seedSchemas() as unknown as Record<string, z.ZodType>;
    for (const [name, accept] of Object.entries(NESTED_FAST_PATHS)) {
      expect(accept).toBeDefined();
      const inner = records(FIXTURES).flatMap((r) =>
        Object.values(r).filter((v) => v && typeof v === 'object' && !Array.isArray(v)),
      );
      expect(disagreements(accept!, seed[name]!, inner).slice(0, 3)).toEqual([]);
    }
  });
});
