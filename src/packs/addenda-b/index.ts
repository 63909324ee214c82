import path from 'node:path';
import type { Pack } from '../pack.js';
import { ADDENDA_B_CODES, verifyBundle } from './verify.js';

export { ADDENDA_B } from './codes.js';
export { BUILD_READY, BUILD_READY_CODES } from './build-ready.js';
export type { AddendaBExtension } from './verify.js';

/**
 * DOC23 Addenda B (seed 004): a run's records checked against the seed's contracts, with its own
 * validation.* codes. A bundle is a directory holding bundle.json beside records.jsonl (or registry/).
 */
export const addendaBPack: Pack = {
  id: 'addenda-b',
  title: 'DOC23 Addenda B record bundles',
  codes: ADDENDA_B_CODES,
  discover(dirs) {
    return dirs
      .filter(
        (d) =>
          d.files.has('bundle.json') && (d.files.has('records.jsonl') || d.dirs.has('registry')),
      )
      .map((d) => d.abs)
      .sort();
  },
  verify: verifyBundle,
};

export const ADDENDA_B_FIXTURE_DIR = 'addenda-b';
export const isAddendaBFixture = (folder: string) =>
  path.basename(path.dirname(folder)) === ADDENDA_B_FIXTURE_DIR;
