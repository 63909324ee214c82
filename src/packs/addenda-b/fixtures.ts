import { z } from 'zod';
import type { PackFixtures } from '../pack.js';
import { BUILD_READY, BUILD_READY_CODES } from './build-ready.js';
import { buildReadyFindings } from './build-ready-gate.js';
import { AddendaBConformanceFixtureKind } from './schema/generated.js';
import type { AddendaBExtension } from './verify.js';

/**
 * conformance/addenda-b/<fixture_id>/fixture.json: the seed's AddendaBConformanceFixture
 * (seed 004 L3405-3413). It names no `pack` (the folder does); the input bundle is
 * input_bundle_ref beside fixture.json; the kind is one of the seed's 20.
 */
export const SeedFixture = z
  .object({
    fixture_id: z.string().min(1),
    fixture_kind: AddendaBConformanceFixtureKind,
    input_bundle_ref: z.string().min(1).describe('The input bundle, beside fixture.json'),
    expected_validation_codes: z.array(z.string()).optional(),
    expected_terminal_state: z.string().optional(),
    expected_receipt_refs: z
      .array(z.string())
      .optional()
      .describe('Receipt ids the input bundle must hold'),
    schema_version: z.literal('1.0'),
  })
  .strict();

const { schema_version, fixture_kind, input_bundle_ref, expected_receipt_refs } = SeedFixture.shape;

/** The seed's fixture fields on top of the common ones (src/conformance/schema.ts). */
export const addendaBFixtures: PackFixtures = {
  fields: { schema_version, fixture_kind, input_bundle_ref, expected_receipt_refs },
  prepare: (fx) => ({ input: String(fx['input_bundle_ref']) }),
  check(fx, emitted) {
    const held = (emitted.extension as AddendaBExtension | undefined)?.receipt_refs ?? [];
    const expected = (fx['expected_receipt_refs'] as string[] | undefined) ?? [];
    const missing = expected.filter((r) => !held.includes(r));
    return missing.length ? [`no receipt ${missing.join(', ')} in the bundle`] : [];
  },
  missingExpected: BUILD_READY.missingExpected,
  suite: { codes: BUILD_READY_CODES, check: buildReadyFindings },
};
