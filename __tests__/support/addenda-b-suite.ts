// A synthetic Addenda B conformance suite for the build-ready gate: every one of the seed's 20
// kinds gets a firing fixture and a clean twin, copied from the repository's own fixtures (the
// firing one expects a code the seed lists for its kind), under ids of their own.
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE } from '../../src/packs/addenda-b/catalogue.generated.js';
import { SEED_ENUM_VALUES } from '../../src/packs/addenda-b/schema/generated.js';

export const KINDS: readonly string[] = SEED_ENUM_VALUES.AddendaBConformanceFixtureKind;

const CONFORMANCE = path.resolve('conformance/addenda-b');
const CLEAN = path.join(CONFORMANCE, 'clean-novelty-no-neighbor/input');
/** A code the seed lists for novelty_no_neighbor only. */
export const FIRING_CODE = 'validation.novelty_no_neighbor_has_distance';

interface Source {
  input: string;
  codes: string[];
}

/** For each kind, a repository fixture that fires one of the kind's codes and one that is clean. */
function sources(): Map<string, { firing: Source; clean: Source }> {
  const out = new Map<string, { firing?: Source; clean?: Source }>();
  for (const id of fs.readdirSync(CONFORMANCE).sort()) {
    const fx = JSON.parse(fs.readFileSync(path.join(CONFORMANCE, id, 'fixture.json'), 'utf8'));
    const kind = fx.fixture_kind as string;
    const codes = (fx.expected_validation_codes ?? []) as string[];
    const slot = out.get(kind) ?? {};
    out.set(kind, slot);
    const source = { input: path.join(CONFORMANCE, id, fx.input_bundle_ref), codes };
    const terminal = fx.expected_terminal_state;
    if (codes.length === 0 && (terminal === undefined || terminal === 'passed'))
      slot.clean ??= source;
    else if (
      codes.some((c) => CATALOGUE.some((e) => e.code === c && e.fixture_kinds.includes(kind)))
    )
      slot.firing ??= source;
  }
  return out as Map<string, { firing: Source; clean: Source }>;
}

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

/** <root>/<sub>/addenda-b/: <kind>-fires and <kind>-clean for each kind. Returns the suite folder. */
export function buildSuite(root: string, sub = 'conformance'): string {
  const dir = path.join(root, sub);
  const of = sources();
  for (const kind of KINDS) {
    const pair = of.get(kind)!;
    for (const [id, source] of [
      [firingId(kind), pair.firing],
      [cleanId(kind), pair.clean],
    ] as const) {
      const folder = path.join(dir, 'addenda-b', id);
      fs.cpSync(source.input, path.join(folder, 'input'), { recursive: true });
      writeFixture(folder, {
        fixture_id: id,
        fixture_kind: kind,
        input_bundle_ref: 'input',
        expected_validation_codes: source.codes,
        schema_version: '1.0',
      });
    }
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
