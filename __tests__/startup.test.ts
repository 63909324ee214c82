// What a run builds before it needs it: the DOC23 Addenda B seed's ~200 record schemas, the
// other packs' schemas and the report model's are built on first use (docs/performance.md), so
// verifying papers or clean trace runs never pays for them.
import fs from 'node:fs';
import path from 'node:path';
import { writePaper } from '../scripts/lib/aris-paper.mjs';
// @ts-expect-error plain JavaScript module without types
import { cleanModel, writeRun } from '../scripts/build-trace-fixtures.mjs';
import { commands } from '../src/cli/help.js';
import { allCodes, packs } from '../src/packs/registry.js';
import { seedSchemas } from '../src/packs/addenda-b/schema/generated.js';
import { schemas as traceSchemas } from '../src/packs/trace/format/schema.js';
import { schemas as aristoSchemas } from '../src/packs/aristo/schema.js';
import { verify } from '../src/pipeline/verify.js';
import { findingSchemas } from '../src/model/finding.js';
import { reportSchemas } from '../src/model/report.js';
import { subjectSchemas } from '../src/model/subject.js';
import { bundleMetaSchema } from '../src/packs/addenda-b/bundle.js';
import { seedFixtureSchema } from '../src/packs/addenda-b/seed-fixture.js';
import { recordSchemas } from '../src/packs/addenda-b/records.js';
import { reliancePolicySchema } from '../src/packs/addenda-b/reliance-policy.js';
import { waiverSchema } from '../src/policy/waivers.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();

/** The schemas every run could build at load, by name: those already built. */
function notBuiltYet(): string[] {
  const lazy: Record<string, { built(): boolean }> = {
    findingSchemas,
    subjectSchemas,
    reportSchemas,
    waiverSchema,
    bundleMetaSchema,
    seedFixtureSchema,
    recordSchemas,
    reliancePolicySchema,
  };
  for (const p of packs()) {
    lazy[`${p.id} options`] = p.options as unknown as { built(): boolean };
    if (p.fixtures?.options) lazy[`${p.id} fixture options`] = p.fixtures.options as never;
  }
  return Object.entries(lazy)
    .filter(([, s]) => typeof s.built !== 'function' || s.built())
    .map(([name]) => name);
}

describe('start-up', () => {
  it('listing the packs and commands, and verifying a paper or a clean trace run builds no pack schema, no report-model schema and no option schema', async () => {
    expect(packs().map((p) => p.id)).toContain('addenda-b');
    expect(allCodes().length).toBeGreaterThan(0);
    expect(Object.keys(commands())).toContain('addenda-b'); // what every CLI run builds first
    const root = repo();
    writePaper(path.join(root, 'paper'));
    const report = await verify({ root });
    expect(report.targets.map((t) => t.pack)).toEqual(['aris']);
    expect(seedSchemas.built()).toBe(false);
    expect(traceSchemas.built()).toBe(false);
    expect(aristoSchemas.built()).toBe(false);
    expect(notBuiltYet()).toEqual([]);
    // A clean trace run is checked by the paths written ahead of time: zod builds nothing…
    const runs = repo();
    const run = writeRun(runs, cleanModel({ seed: 7 }));
    const clean = await verify({ root: runs, packs: ['trace'] });
    expect(clean.targets.map((t) => t.terminal_state)).toEqual(['accepted']);
    expect(traceSchemas.built()).toBe(false);
    expect(notBuiltYet()).toEqual([]);
    // …until a record needs zod to say what is wrong with it.
    fs.writeFileSync(run.path('plan.json'), '{"nodes":1}');
    const bad = await verify({ root: runs, packs: ['trace'] });
    expect(bad.targets.map((t) => t.terminal_state)).toEqual(['rejected']);
    expect(traceSchemas.built()).toBe(true);
    // …and they are there when a schema file is written.
    const schemas = Object.assign({}, ...packs().map((p) => p.schemas?.()));
    expect(Object.keys(schemas)).toContain('addenda-b-record');
    expect(seedSchemas.built()).toBe(true);
    expect(Object.keys(schemas)).toContain('trace-event');
    expect(aristoSchemas.built()).toBe(true);
  });
});
