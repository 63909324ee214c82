// Pack knowledge stays in the packs: no file outside src/packs/<id>/ names a pack id (as a quoted
// string, a code of its namespace, or an import of its folder), except the registry. The
// registry itself must be well-formed.
import fs from 'node:fs';
import path from 'node:path';
import { namespaces, packs, registryProblem } from '../src/packs/registry.js';

/**
 * A pack's own words for its states and statuses, which the core once hard-coded (the renderers
 * tested `terminal_state === 'provisional'` and `status === 'BLOCKING_VERDICT'`): the core reads
 * `Target.ready`, the context key NOT_READY_BECAUSE and Pack.statusLabel instead.
 */
const PACK_WORDS = /PROVISIONAL|(['"`])(provisional|accepted|rejected|blocked|BLOCKING_VERDICT)\1/;

/**
 * A pack's advice on enforcement (ARIS's way out through assurance draft, once printed for traces
 * too): the core renders Pack.advice instead.
 */
const PACK_ADVICE =
  /assurance: draft|paper at assurance|write draft in|would block (a|at assurance) \*{0,2}submission/i;

/** Every core source (outside src/packs/<id>/), except the registry. */
function coreSources(): string[] {
  return sources('src').filter(
    (f) => !/^src\/packs\/[^/]+\//.test(f) && f !== 'src/packs/registry.ts',
  );
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the pack boundary', () => {
  it('the registry is well-formed', () => {
    expect(registryProblem(packs())).toBeUndefined();
  });

  for (const pack of packs()) {
    it(`only src/packs/${pack.id}/ and the registry name the ${pack.id} pack`, () => {
      const id = pack.id.replace(/[-]/g, '\\-');
      const ns = namespaces(pack)
        .map((n) => n.replace(/[-]/g, '\\-'))
        .join('|');
      const named = new RegExp(
        `(['"\`])(${id}|(?:${ns})\\.[a-z0-9_]+)\\1|packs/${id}\\b|\\b${id}: \\{`,
      );
      const offenders = sources('src')
        .filter((f) => !f.startsWith(path.join('src/packs', pack.id) + path.sep))
        .filter((f) => f !== 'src/packs/registry.ts')
        .filter((f) => named.test(fs.readFileSync(f, 'utf8')));
      expect(offenders).toEqual([]);
    });
  }

  it('the core gives no pack’s advice on enforcement', () => {
    const offenders = coreSources().filter((f) => PACK_ADVICE.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the core takes from src/packs/ only the Pack interface and the registry (the kit is the packs’ own)', () => {
    const imports = /(?:from|import\()\s*'(\.[^']+)'/g;
    const offenders = coreSources().flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(imports)]
        .map((m) => path.join(path.dirname(f), m[1]!))
        .filter((to) => to.startsWith('src/packs/'))
        .filter((to) => to !== 'src/packs/pack.js' && to !== 'src/packs/registry.js')
        .map((to) => `${f} → ${to}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the core speaks of no pack’s states or statuses', () => {
    const offenders = coreSources().filter((f) => PACK_WORDS.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
