// Addenda B fixtures for §8 (G-*) the Professional Reliance Layer and §9.3: registry records, the records one entity of a clean run adds,
// and the fixtures ([fixture_id, fixture_kind, expected codes, mutate(model)]).

/** Registry files (name → records) merged into the base registry. */
export function registry() {
  return {};
}

/** Records entity n of a clean run adds, after the part-1 records. */
export function entityRecords(_n) {
  return [];
}

export const FIXTURES = [];
