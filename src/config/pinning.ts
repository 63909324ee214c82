import path from 'node:path';
import { packConfig, selectedPacks, type Config, type PackSetting } from './config.js';
import type { Pack } from '../packs/pack.js';
import { assuranceForEffort, type Assurance } from '../policy/assurance.js';

/** What the workflow (or CLI) decided itself; an untrusted config may not weaken any of it. */
export interface Pinned {
  assurance: Assurance;
  effort?: string;
  paths?: string[];
  packs?: string[];
  allowEmpty?: boolean;
  fixtures?: string | false;
  /** The fixture directory run by default (it exists), which a config's `fixtures` would replace. */
  defaultFixtures?: string;
  allPacks: readonly Pack[];
}

export interface IgnoredKey {
  key: string[];
  why: string;
}

/**
 * The part of the checkout's config that cannot weaken a gate whose enforcement the workflow
 * pinned (the assurance input, --assurance), and the keys dropped, with why. A key that can only
 * keep or tighten the gate still applies: `fail_on` (its weakest value is the default),
 * `allow_empty: false`, a pack option the pack declares tightening (e.g. a floor that only ever
 * raises a run's own policy), `packs` naming every pack, `fixtures` when no other fixture
 * directory would run, an assurance or effort no weaker than the pinned assurance (which wins over
 * them anyway). `waivers` never apply from the checkout: a pull request could waive its own
 * failures. A key the workflow set itself overrides the config's and is left alone.
 */
export function withoutLoosening(
  config: Config,
  pinned: Pinned,
): { config: Config; ignored: IgnoredKey[] } {
  const out: Config = { ...config };
  const ignored: IgnoredKey[] = [];
  const drop = (key: string, why: string) => {
    delete out[key];
    ignored.push({ key: [key], why });
  };
  const weaker = (a: Assurance) => a === 'draft' && pinned.assurance === 'submission';

  if (config.paths && !pinned.paths)
    drop('paths', 'it would replace discovery, leaving papers and runs elsewhere unverified');
  if (config.exclude?.length) drop('exclude', 'it would hide directories from discovery');
  const ids = pinned.allPacks.map((p) => p.id);
  const left = ids.filter((p) => !(selectedPacks(config) ?? ids).includes(p));
  if (left.length && !pinned.packs) {
    const why = `it would leave out the ${left.join(', ')} pack${left.length > 1 ? 's' : ''}`;
    if (Array.isArray(config.packs)) drop('packs', why);
    else {
      const own = { ...config.packs };
      for (const id of left) {
        delete own[id];
        ignored.push({ key: ['packs', id], why: `it would leave out the ${id} pack` });
      }
      out.packs = own;
    }
  }
  for (const pack of pinned.allPacks) {
    const given = packConfig(out, pack.id);
    if (given === undefined) continue;
    const nested = !Array.isArray(out.packs) && out.packs?.[pack.id] !== undefined;
    const kept: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(given)) {
      if (pack.tighteningOptions?.includes(k)) kept[k] = v;
      else
        ignored.push({
          key: nested ? ['packs', pack.id, k] : [pack.id, k],
          why: `the ${pack.id} pack does not declare it safe when enforcement is pinned`,
        });
    }
    if (nested) out.packs = { ...(out.packs as Record<string, PackSetting>), [pack.id]: kept };
    else out[pack.id] = kept;
  }
  if (config.waivers?.length)
    drop('waivers', 'a pull request could waive its own findings; give waivers from the workflow');
  if (config.allow_empty && pinned.allowEmpty === undefined)
    drop('allow_empty', 'it would let a run that verifies nothing pass');
  if (config.assurance && weaker(config.assurance))
    drop('assurance', `assurance is pinned to ${pinned.assurance}`);
  if (config.effort && pinned.effort === undefined && weaker(assuranceForEffort(config.effort)))
    drop(
      'effort',
      `it implies ${assuranceForEffort(config.effort)}, but assurance is pinned to ${pinned.assurance}`,
    );
  const fixtures = config.fixtures;
  const replaced = pinned.fixtures === undefined ? pinned.defaultFixtures : undefined;
  if (fixtures !== undefined && replaced !== undefined)
    if (path.resolve('/', fixtures) !== path.resolve('/', replaced))
      drop('fixtures', `it would replace the fixture directory ${replaced}`);
  return { config: out, ignored };
}
