import fs from 'node:fs';
import path from 'node:path';
import { finding, type Finding } from '../../model/finding.js';
import { loadJsonObject } from '../../io/json-file.js';
import type { Workspace } from '../../io/workspace.js';
import type { PackResult } from '../pack.js';
import { BUILD_READY } from './build-ready-codes.js';
import { CATALOGUE } from './catalogue.generated.js';
import { ADDENDA_B } from './codes.js';
import { readBundle } from './bundle.js';
import { SEED_ENUM_VALUES } from './schema/generated.js';
import { seedFixtureSchema } from './seed-fixture.js';

/** Seed types the formulas take as arguments: a bundle holds them inside FormulaValue records. */
const FORMULA_ARGUMENTS = new Set([
  'Criterion',
  'OutcomeComplianceScoringConfig',
  'TemplateMatchComponents',
  'TemplateMatchWeights',
  'TemplateMatchFormula',
]);

/**
 * What the seed's catalogue says of each kind, from its codes' fixture_kinds: the codes whose
 * firing fixture proves the kind (a fixture firing another kind's code is relabelled, not a
 * proof), and the record types those codes judge (applies_to), one of which a clean twin must hold
 * (one empty bundle was the clean twin of every kind).
 */
const KINDS: ReadonlyMap<string, { codes: Set<string>; types: Set<string> }> = (() => {
  const out = new Map<string, { codes: Set<string>; types: Set<string> }>();
  for (const e of CATALOGUE)
    for (const kind of e.fixture_kinds) {
      const of = out.get(kind) ?? { codes: new Set<string>(), types: new Set<string>() };
      of.codes.add(e.code);
      for (const t of e.applies_to) of.types.add(FORMULA_ARGUMENTS.has(t) ? 'FormulaValue' : t);
      out.set(kind, of);
    }
  return out;
})();

/** The reader's codes: a fixture expecting only these proves the reader, not its kind's rules. */
const READER_CODES: ReadonlySet<string> = new Set(
  [
    ADDENDA_B.bundleUnreadable,
    ADDENDA_B.recordMalformed,
    ADDENDA_B.unknownRecordType,
    ADDENDA_B.schemaViolation,
  ].map((c) => c.code),
);

/** A seed fixture is a few hundred bytes; a bigger fixture.json does not count. */
export const MAX_FIXTURE_JSON_BYTES = 256 * 1024;

/** What one fixture contributes to its kind: a firing fixture, a clean twin, or nothing (why). */
interface Standing {
  result: PackResult;
  id: string;
  kind: string | undefined;
  path: string;
  role?: 'firing' | 'clean';
  /**
   * Passed, and a fair test, but proves no kind: the reader (an unreadable bundle, reader codes
   * only) or a code the seed lists for other kinds. It counts for no kind and fails nothing.
   */
  coversNoKind?: boolean;
  why?: string;
}

/**
 * The build-ready gate over a conformance run (seed §10 L3381-3420, A-09 BuildReadyGate L754,
 * §12.6 L3457): the package is build-ready only when each of the 20 fixture kinds has a firing
 * fixture and a clean twin that ran and passed, every Addenda B fixture ran to a result and
 * passed, and none lacks its expected codes (the runner gives those
 * BUILD_READY.missingExpected). `mine` are this pack's fixtures. The runner accepts more than
 * counts here: a fixture counts only as the seed's own file at <dir>/addenda-b/<fixture_id>/
 * (docs/addenda-b.md, "The build-ready gate").
 */
export function buildReadyFindings(
  mine: readonly PackResult[],
  fixtureDir: string,
  ws: Workspace,
): Finding[] {
  const out: Finding[] = [];
  for (const r of mine)
    if (!ran(r))
      out.push(
        finding(BUILD_READY.notExecuted, {
          subject: r.target.id,
          message: `Fixture ${r.subjects[0]?.name ?? r.target.path} did not run to a result, so the package cannot be build-ready.`,
          location: { path: `${r.target.path}/fixture.json` },
        }),
      );

  const standings = mine.map((r) => judge(r, fixtureDir, ws));
  markDuplicates(standings);
  for (const s of standings)
    if (s.why && !s.coversNoKind && ran(s.result) && s.result.findings.length === 0)
      out.push(
        finding(BUILD_READY.gateFailed, {
          subject: s.result.target.id,
          message: `Fixture ${s.id}${s.kind ? ` (${s.kind})` : ''} passed but does not count toward build-ready: ${s.why}.`,
          location: { path: s.path },
        }),
      );

  const uncovered: string[] = [];
  for (const kind of SEED_ENUM_VALUES.AddendaBConformanceFixtureKind) {
    const ofKind = standings.filter((s) => s.kind === kind);
    for (const role of ['firing', 'clean'] as const) {
      if (ofKind.some((s) => s.role === role)) continue;
      uncovered.push(`${kind} (${role === 'firing' ? 'no firing fixture' : 'no clean twin'})`);
      out.push(
        finding(BUILD_READY.kindWithoutFixture, {
          subject: 'gate',
          message: `Kind ${kind} has no ${ROLE_TEXT[role]()} that ran and passed under ${countedDir(fixtureDir, ws)}${notCounted(ofKind)}.`,
          location: { path: fixtureDir },
        }),
      );
    }
  }

  const failed = mine.filter((r) => r.findings.length > 0).length;
  if (out.length || failed)
    out.push(
      finding(BUILD_READY.gateFailed, {
        subject: 'gate',
        message: `DOC23 Addenda B is not build-ready: ${failed} of ${mine.length} fixture(s) failed${uncovered.length ? `; kinds not covered: ${uncovered.join(', ')}` : ''}.`,
        location: { path: fixtureDir },
      }),
    );
  return out;
}

const ROLE_TEXT = {
  firing: () => 'firing fixture (expected_validation_codes naming a code the seed lists for it)',
  clean: () =>
    'clean twin (expected_validation_codes [], no other expected terminal state, and a record the kind’s codes judge)',
};

/** " (fixtures of the kind that do not count: id: why; …)", at most five. */
function notCounted(ofKind: readonly Standing[]): string {
  const list = ofKind.filter((s) => s.why).map((s) => `${s.id}: ${s.why}`);
  if (!list.length) return '';
  const more = list.length > 5 ? `; and ${list.length - 5} more` : '';
  return ` (fixtures of the kind that do not count: ${list.slice(0, 5).join('; ')}${more})`;
}

function ran(r: PackResult): boolean {
  return (
    (r.extension as { actual_validation_codes?: unknown } | undefined)?.actual_validation_codes !==
    undefined
  );
}

/** The folder counted fixtures stand in, as the user named it: <dir>/addenda-b/, or <dir>/ when <dir> is addenda-b/. */
function countedDir(fixtureDir: string, ws: Workspace): string {
  const isAddendaB = path.basename(path.resolve(ws.root, fixtureDir)) === 'addenda-b';
  return isAddendaB ? `${fixtureDir}/` : `${fixtureDir}/addenda-b/`;
}

/** Where a counted fixture may stand: <dir>/addenda-b/<id>, or <dir>/<id> when <dir> is addenda-b/. */
function underAddendaB(folder: string, fixtureDir: string, ws: Workspace): boolean {
  const parent = path.dirname(folder);
  const dir = path.resolve(ws.root, fixtureDir);
  return (
    parent === path.join(dir, 'addenda-b') || (path.basename(dir) === 'addenda-b' && parent === dir)
  );
}

const isLink = (p: string) => {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};
const isRealDir = (p: string) => {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** A plain folder name beside fixture.json: no separators, not "." or "..". */
const BESIDE = /^(?!\.\.?$)[^/\\\0]+$/;

/** Judges one fixture result: its role for its kind, or why it does not count. */
function judge(r: PackResult, fixtureDir: string, ws: Workspace): Standing {
  const rel = r.target.path;
  const s: Standing = {
    result: r,
    id: r.subjects[0]?.name ?? rel,
    kind:
      typeof r.target.context['fixture_kind'] === 'string'
        ? r.target.context['fixture_kind']
        : undefined,
    path: `${rel}/fixture.json`,
  };
  const no = (why: string) => ((s.why = why), s);
  if (!ran(r)) return no('it did not run to a result');
  if (r.findings.length > 0 || r.target.terminal_state !== 'passed') return no('it failed');
  const folder = path.resolve(ws.root, rel);
  if (!underAddendaB(folder, fixtureDir, ws))
    return no(`it is not at ${countedDir(fixtureDir, ws)}<fixture_id>/`);
  if (isLink(folder) || isLink(path.join(folder, 'fixture.json')))
    return no('its folder or fixture.json is a symlink');
  const loaded = loadJsonObject(ws, folder, 'fixture.json', {
    maxBytes: MAX_FIXTURE_JSON_BYTES,
    rejectDuplicates: true,
  });
  if (loaded.state !== 'ok')
    return no(`fixture.json ${loaded.state === 'missing' ? 'is missing' : loaded.detail}`);
  const parsed = seedFixtureSchema().safeParse(loaded.data);
  if (!parsed.success) {
    const extra = Object.keys(loaded.data).filter(
      (k) => !Object.hasOwn(seedFixtureSchema().shape, k),
    );
    return no(
      extra.length
        ? `fixture.json holds fields the seed's AddendaBConformanceFixture does not define (${extra.slice(0, 5).join(', ')})`
        : 'fixture.json is not the seed’s AddendaBConformanceFixture',
    );
  }
  const fx = parsed.data;
  s.id = fx.fixture_id;
  if (fx.fixture_kind !== s.kind) return no('fixture.json changed while the suite ran');
  if (path.basename(folder) !== fx.fixture_id)
    return no(`its folder is not named after its fixture_id "${fx.fixture_id}"`);
  const input = path.join(folder, fx.input_bundle_ref);
  if (!BESIDE.test(fx.input_bundle_ref) || isLink(input) || !isRealDir(input))
    return no(`input_bundle_ref "${fx.input_bundle_ref}" is not a folder beside fixture.json`);
  const actual = (r.extension as { actual_terminal_state?: unknown }).actual_terminal_state;
  const codes = fx.expected_validation_codes ?? [];
  // Reader fixtures and fixtures of other kinds' codes are fair tests: they just cover no kind.
  const coversNoKind = (why: string) => ((s.coversNoKind = true), no(why));
  if (actual === 'unreadable' || fx.expected_terminal_state === 'unreadable')
    return coversNoKind('its bundle is unreadable, which proves the reader, not the kind');
  const ruleCodes = codes.filter((c) => !READER_CODES.has(c));
  if (ruleCodes.some((c) => KINDS.get(fx.fixture_kind)?.codes.has(c))) s.role = 'firing';
  else if (ruleCodes.length > 0)
    return coversNoKind(
      `none of its expected codes is one the seed lists for ${fx.fixture_kind} (${listed(KINDS.get(fx.fixture_kind)?.codes)})`,
    );
  else if (codes.length > 0)
    return coversNoKind('it expects only the reader’s codes, not a rule’s');
  else if (fx.expected_terminal_state !== undefined && fx.expected_terminal_state !== 'passed')
    return no(`it expects no code but terminal state "${fx.expected_terminal_state}"`);
  else if (!holdsKindRecord(ws, input, fx.fixture_kind))
    return coversNoKind(
      `its bundle holds no record of a type the kind’s codes judge (${listed(KINDS.get(fx.fixture_kind)?.types)}), so nothing of the kind passed`,
    );
  else s.role = 'clean';
  return s;
}

/** Whether the bundle at `dir` holds a record of a type the kind's codes judge. */
function holdsKindRecord(ws: Workspace, dir: string, kind: string): boolean {
  const types = KINDS.get(kind)?.types;
  return readBundle(ws, dir).bundle.records.some((r) => types?.has(r.type));
}

/** The first few of a set, for a message. */
function listed(set: ReadonlySet<string> | undefined): string {
  const all = [...(set ?? [])];
  return all.length > 3 ? `${all.slice(0, 3).join(', ')}, …` : all.join(', ');
}

/** A fixture_id used by two fixtures names neither: none of them counts. */
function markDuplicates(standings: Standing[]): void {
  const byId = new Map<string, Standing[]>();
  for (const s of standings) byId.set(s.id, [...(byId.get(s.id) ?? []), s]);
  for (const [id, list] of byId)
    if (list.length > 1)
      for (const s of list) {
        s.role = undefined;
        s.why ??= `fixture_id "${id}" is used by ${list.length} fixtures (${list.map((x) => x.path).join(', ')})`;
      }
}
