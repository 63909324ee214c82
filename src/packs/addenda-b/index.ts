import { z } from 'zod';
import { onFirstUse } from '../kit/first-use.js';
import type { Pack } from '../pack.js';
import { addendaBMarkdown } from './docs.js';
import { addendaBFixtures, seedFixtureSchema } from './fixtures.js';
import { addendaBCommand } from './command.js';
import { bundleMetaSchema, bundleRecordSchema } from './schemas.js';
import { ADDENDA_B_CODES, verifyBundle } from './verify.js';

export type { AddendaBExtension } from './verify.js';

/**
 * DOC23 Addenda B (seed 004): a run's records checked against the seed's contracts. A bundle is a
 * directory holding bundle.json beside records.jsonl (or registry/). The seed's rules report its
 * own `validation.*` codes; the pack's own (an unreadable bundle, a record that is no seed type)
 * are `addenda_b.*`.
 */
export const addendaBPack: Pack = {
  id: 'addenda-b',
  title: 'DOC23 Addenda B record bundles',
  namespace: 'addenda_b',
  extraNamespaces: ['validation'],
  codes: ADDENDA_B_CODES,
  targetKind: 'bundle',
  subjectKinds: ['bundle'],
  options: onFirstUse(() => z.object({}).strict()),
  // The record union extends some 200 record schemas (≈ 15 ms of a run that may never read a
  // bundle): built only when the schema files are written.
  schemas: onFirstUse(() => ({
    'addenda-b-bundle': bundleMetaSchema(),
    'addenda-b-record': bundleRecordSchema(),
    'addenda-b-fixture': seedFixtureSchema(),
  })),
  docs: { 'addenda-b': addendaBMarkdown },
  // Any two of a bundle's three parts make one: deleting bundle.json (or records.jsonl) must not
  // take a failing bundle out of the gate; the pack then reports the part that is gone.
  discover(dirs) {
    return dirs
      .filter(
        (d) =>
          Number(d.files.has('bundle.json')) +
            Number(d.files.has('records.jsonl')) +
            Number(d.dirs.has('registry') || d.files.has('registry')) >=
          2,
      )
      .map((d) => d.abs)
      .sort();
  },
  verify: verifyBundle,
  fixtures: addendaBFixtures,
  command: addendaBCommand,
};
