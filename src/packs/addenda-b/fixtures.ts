import type { PackFixtures } from '../pack.js';
import { BUILD_READY, BUILD_READY_CODES } from './build-ready-codes.js';
import { buildReadyFindings } from './build-ready-gate.js';
import { seedFixtureSchema } from './seed-fixture.js';
import type { AddendaBExtension } from './verify.js';

export { seedFixtureSchema } from './seed-fixture.js';

/** The seed's fixture fields on top of the common ones (src/conformance/schema.ts). */
export const addendaBFixtures: PackFixtures = {
  fields() {
    const { schema_version, fixture_kind, input_bundle_ref, expected_receipt_refs } =
      seedFixtureSchema().shape;
    return { schema_version, fixture_kind, input_bundle_ref, expected_receipt_refs };
  },
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
