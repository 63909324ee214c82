import type { CodeDef } from '../../model/finding.js';

/**
 * The §10 / A-09 build-ready codes: they judge a suite of conformance fixtures, not one bundle,
 * so the pack's suite gate emits them on `audit-gate fixtures <dir> --build-ready` (fixtures.ts),
 * never a target's check.
 */
export const BUILD_READY = {
  missingExpected: {
    code: 'validation.conformance_fixture_missing_expected_validation',
    severity: 'error',
    title: 'An Addenda B conformance fixture has no expected_validation_codes',
    remediation: 'Add "expected_validation_codes" to fixture.json ([] for a clean bundle).',
  },
  notExecuted: {
    code: 'validation.conformance_fixture_not_executed_before_build_ready',
    severity: 'error',
    title: 'An Addenda B conformance fixture did not run to a result before build-ready',
    remediation:
      'Fix the fixture (fixture.json, input bundle) so it runs, then run audit-gate fixtures --build-ready again.',
  },
  kindWithoutFixture: {
    code: 'validation.accepted_patch_without_conformance_fixture',
    severity: 'error',
    title: 'An Addenda B fixture kind has no firing fixture or no clean twin that counts',
    remediation:
      'Add a firing fixture (expected_validation_codes naming a code the seed lists for the kind) and a clean twin (expected_validation_codes []) of the kind, each as <dir>/addenda-b/<fixture_id>/fixture.json with the seed’s fields only (docs/addenda-b.md, "The build-ready gate").',
  },
  gateFailed: {
    code: 'validation.build_ready_gate_failed',
    severity: 'error',
    title: 'The Addenda B package is not build-ready: a conformance requirement failed',
    remediation:
      'Fix the findings listed with it, then run audit-gate fixtures --build-ready again.',
  },
} as const satisfies Record<string, CodeDef>;

export const BUILD_READY_CODES: readonly CodeDef[] = Object.values(BUILD_READY);
