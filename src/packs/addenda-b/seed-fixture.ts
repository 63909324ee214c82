import { z } from 'zod';
import { onFirstUse } from '../kit/first-use.js';
import { SEED_ENUM_VALUES } from './schema/generated.js';

/**
 * conformance/addenda-b/<fixture_id>/fixture.json: the seed's AddendaBConformanceFixture
 * (seed 004 L3405-3413). It names no `pack` (the folder does); the input bundle is
 * input_bundle_ref beside fixture.json; the kind is one of the seed's 20.
 */
export const seedFixtureSchema = onFirstUse(() =>
  z
    .object({
      fixture_id: z.string().min(1),
      fixture_kind: z.enum(SEED_ENUM_VALUES.AddendaBConformanceFixtureKind),
      input_bundle_ref: z.string().min(1).describe('The input bundle, beside fixture.json'),
      expected_validation_codes: z.array(z.string()).optional(),
      expected_terminal_state: z.string().optional(),
      expected_receipt_refs: z
        .array(z.string())
        .optional()
        .describe('Receipt ids the input bundle must hold'),
      schema_version: z.literal('1.0'),
    })
    .strict(),
);
export type SeedFixture = z.infer<ReturnType<typeof seedFixtureSchema>>;
