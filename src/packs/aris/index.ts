import path from 'node:path';
import type { Pack } from '../pack.js';
import { ARIS_CODES } from './codes.js';
import { verifyPaper } from './paper.js';
import { DEFAULT_AUDITS } from './schema.js';

const ARTIFACT_NAMES = new Set(DEFAULT_AUDITS.map((a) => a.artifact));

/** ARIS paper-audit assurance (seed 000): four mandatory audits per paper directory. */
export const arisPack: Pack = {
  id: 'aris',
  title: 'ARIS paper-audit assurance',
  codes: ARIS_CODES,
  discover(dirs) {
    const found = new Set<string>();
    for (const d of dirs) {
      if ([...d.files].some((f) => ARTIFACT_NAMES.has(f))) found.add(d.abs);
      if (
        path.basename(d.abs) === '.aris' &&
        (d.files.has('assurance.txt') || d.files.has('audit-manifest.json'))
      ) {
        found.add(path.dirname(d.abs));
      }
    }
    return [...found].sort();
  },
  verify: verifyPaper,
};
