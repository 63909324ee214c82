import { finding, type Finding } from '../../model/finding.js';
import type { PackResult } from '../pack.js';
import { BUILD_READY } from './build-ready.js';
import { AddendaBConformanceFixtureKind } from './schema/generated.js';

/**
 * The build-ready gate over a conformance run (seed §10 L3381-3420, A-09 BuildReadyGate L754,
 * §12.6): the package is build-ready only when every one of the 20 fixture kinds has a fixture,
 * every Addenda B fixture ran to a result and passed, and none lacks its expected codes (the
 * conformance runner gives those BUILD_READY.missingExpected). `mine` are this pack's fixtures.
 */
export function buildReadyFindings(mine: readonly PackResult[], fixtureDir: string): Finding[] {
  const out: Finding[] = [];
  for (const r of mine) {
    const ran =
      (r.extension as { actual_validation_codes?: unknown } | undefined)
        ?.actual_validation_codes !== undefined;
    if (!ran)
      out.push(
        finding(BUILD_READY.notExecuted, {
          subject: r.target.id,
          message: `Fixture ${r.subjects[0]?.name ?? r.target.path} did not run to a result, so the package cannot be build-ready.`,
          location: { path: `${r.target.path}/fixture.json` },
        }),
      );
  }
  const kinds = new Set(mine.map((r) => r.target.context.fixture_kind));
  for (const kind of AddendaBConformanceFixtureKind.options)
    if (!kinds.has(kind))
      out.push(
        finding(BUILD_READY.kindWithoutFixture, {
          subject: 'gate',
          message: `No conformance fixture of kind ${kind} under ${fixtureDir}/addenda-b/.`,
          location: { path: fixtureDir },
        }),
      );
  const failed = mine.filter((r) => r.findings.length > 0).length;
  if (out.length || failed)
    out.push(
      finding(BUILD_READY.gateFailed, {
        subject: 'gate',
        message: `DOC23 Addenda B is not build-ready: ${failed} of ${mine.length} fixture(s) failed, ${out.length} requirement(s) unmet.`,
        location: { path: fixtureDir },
      }),
    );
  return out;
}
