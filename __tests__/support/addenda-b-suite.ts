// A synthetic Addenda B conformance suite for the build-ready gate: every one of the seed's 20
// kinds gets a firing fixture and a clean twin, built from one small clean bundle.
import fs from 'node:fs';
import path from 'node:path';
import { SEED_ENUM_VALUES } from '../../src/packs/addenda-b/schema/generated.js';
import { TERMINAL_STATE_KINDS } from '../../src/packs/addenda-b/build-ready-gate.js';

export const KINDS: readonly string[] = SEED_ENUM_VALUES.AddendaBConformanceFixtureKind;

const CLEAN = path.resolve('conformance/addenda-b/clean-novelty-no-neighbor/input');
export const FIRING_CODE = 'validation.novelty_no_neighbor_has_distance';

/** Writes <folder>/fixture.json. */
export function writeFixture(folder: string, fx: Record<string, unknown>): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'fixture.json'), JSON.stringify(fx, null, 2));
}

/** The clean bundle at `dir`. */
export function cleanInput(dir: string): void {
  fs.cpSync(CLEAN, dir, { recursive: true });
}

/** The clean bundle with one no-neighbor assessment that carries a distance (FIRING_CODE fires). */
export function firingInput(dir: string): void {
  cleanInput(dir);
  const file = path.join(dir, 'records.jsonl');
  fs.writeFileSync(
    file,
    fs
      .readFileSync(file, 'utf8')
      .replace('"novelty_score":null', '"novelty_score":null,"closest_pattern_distance":0.4'),
  );
}

export const firingId = (kind: string) => `${kind}-fires`;
export const cleanId = (kind: string) => `${kind}-clean`;

/**
 * <root>/<sub>/addenda-b/: for each kind, <kind>-fires (FIRING_CODE expected; for the three kinds
 * without a code of their own, the clean bundle with expected_terminal_state "passed") and
 * <kind>-clean (expected []). Returns the suite folder.
 */
export function buildSuite(root: string, sub = 'conformance'): string {
  const dir = path.join(root, sub);
  for (const kind of KINDS) {
    const fires = path.join(dir, 'addenda-b', firingId(kind));
    const terminal = TERMINAL_STATE_KINDS.has(kind);
    if (terminal) cleanInput(path.join(fires, 'input'));
    else firingInput(path.join(fires, 'input'));
    writeFixture(fires, {
      fixture_id: firingId(kind),
      fixture_kind: kind,
      input_bundle_ref: 'input',
      expected_validation_codes: terminal ? [] : [FIRING_CODE],
      ...(terminal ? { expected_terminal_state: 'passed' } : {}),
      schema_version: '1.0',
    });
    const clean = path.join(dir, 'addenda-b', cleanId(kind));
    cleanInput(path.join(clean, 'input'));
    writeFixture(clean, {
      fixture_id: cleanId(kind),
      fixture_kind: kind,
      input_bundle_ref: 'input',
      expected_validation_codes: [],
      schema_version: '1.0',
    });
  }
  return dir;
}

/** Edits <dir>/addenda-b/<id>/fixture.json. */
export function editFixture(
  dir: string,
  id: string,
  edit: (fx: Record<string, unknown>) => Record<string, unknown>,
): void {
  const f = path.join(dir, 'addenda-b', id, 'fixture.json');
  writeFixture(path.dirname(f), edit(JSON.parse(fs.readFileSync(f, 'utf8'))));
}
