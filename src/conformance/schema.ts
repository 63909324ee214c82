import { z } from 'zod';
import { onFirstUse } from '../model/first-use.js';
import type { Pack } from '../packs/pack.js';

/** One finding a fixture expects: its code, and where given, its path and line (RuleTester-style). */
const expectedFinding = () =>
  z
    .object({
      code: z.string().min(1),
      path: z.string().min(1).optional().describe('Relative to the fixture’s input'),
      line: z.number().int().positive().optional(),
    })
    .strict();
export type ExpectedFinding = z.infer<ReturnType<typeof expectedFinding>>;

/**
 * The fields every fixture may have; a pack adds its own (PackFixtures.fields). Built on first
 * use (src/model/first-use.ts): only runs with fixtures read them.
 */
const commonFixtureFields = onFirstUse(() => ({
  $schema: z.string().optional(),
  schema_version: z.string().optional(),
  fixture_id: z.string().min(1),
  fixture_kind: z.string().min(1).describe('What the fixture exercises, e.g. stale_input or clean'),
  pack: z
    .string()
    .min(1)
    .optional()
    .describe('The pack; by default the folder the fixture folder is in (<dir>/<pack>/<id>/)'),
  description: z.string().optional(),
  input: z
    .string()
    .min(1)
    .default('input')
    .describe('Input bundle folder, relative to the fixture folder'),
  target: z
    .string()
    .min(1)
    .default('.')
    .describe('Directory inside the input the pack is pointed at'),
  options: z
    .record(z.string(), z.unknown())
    .default({})
    .describe('Pack options, e.g. {"assurance":"submission"}'),
  empty_dirs: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Empty directories (relative to the input) to create in a scratch copy before the run: git cannot store them',
    ),
  expected_validation_codes: z.array(z.string()).optional(),
  expected_terminal_state: z.string().optional(),
  expected_findings: z
    .array(expectedFinding())
    .optional()
    .describe(
      'Every finding the pack must emit, each exactly once: counts and locations are compared where given',
    ),
}));

/**
 * conformance/<pack>/<fixture_id>/fixture.json (seed 004 §10, adapted to a folder layout), with
 * the fields `pack` declares. Without a pack, the common fields only (for schemas/ and for
 * reading `pack` before the pack is known).
 */
export function fixtureSchema(pack?: Pick<Pack, 'fixtures'>) {
  return z.object({ ...commonFixtureFields(), ...pack?.fixtures?.fields?.() }).strict();
}
export type Fixture = z.infer<ReturnType<typeof fixtureSchema>>;
