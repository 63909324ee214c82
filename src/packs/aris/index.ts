import path from 'node:path';
import { z } from 'zod';
import type { Pack } from '../pack.js';
import { PINNED_SOURCE } from '../../policy/assurance.js';
import { ARIS_CODES } from './codes.js';
import { arisCommand } from './command.js';
import { renderArisReport } from './outputs.js';
import { verifyPaper } from './verify.js';
import { namedSchemas, onFirstUse } from '../kit/first-use.js';
import { DEFAULT_AUDITS, schemas } from './schema.js';

const ARTIFACT_NAMES = new Set(DEFAULT_AUDITS.map((a) => a.artifact));

/** ARIS paper-audit assurance (seed 000): four mandatory audits per paper directory. */
export const arisPack: Pack = {
  id: 'aris',
  title: 'ARIS paper-audit assurance',
  namespace: 'aris',
  codes: ARIS_CODES,
  targetKind: 'paper',
  subjectKinds: ['audit'],
  // Assurance and effort are gate-wide options; the pack has none of its own.
  options: onFirstUse(() => z.object({}).strict()),
  schemas: namedSchemas(schemas, {
    'aris-audit-artifact': 'AuditArtifact',
    'aris-audit-manifest': 'AuditManifest',
    'aris-report': 'ArisReport',
  }),
  outputs: {
    'aris-report': {
      description: 'The verify_paper_audits.sh report (version 2) of one paper',
      render: (report, id) =>
        report.extensions?.[id] !== undefined ? renderArisReport(report, id) : undefined,
    },
  },
  // Papers are independent; inputs they share are hashed once per thread (large ones once).
  parallel: true,
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
  // A named directory with no audit artifacts is a paper whose audits are all missing.
  claimsUndiscovered: true,
  judgedByAssurance: true,
  verify: verifyPaper,
  command: arisCommand,
  // Only submission makes a paper's problems block; draft is for papers not meant for submission.
  advice: (t) =>
    t.context['assurance'] === 'submission'
      ? t.context['assurance_source'] === PINNED_SOURCE
        ? undefined // the workflow pinned it: no paper can lower it
        : {
            unblock:
              "write draft in a paper's .aris/assurance.txt while it is not meant for submission",
          }
      : t.context['assurance'] === 'draft'
        ? { wouldBlock: 'at assurance submission' }
        : undefined,
  // A blocking verdict is shown as the verdict itself (BLOCKED, FAIL).
  statusLabel: (s) => (s.status === 'BLOCKING_VERDICT' && s.verdict ? s.verdict : s.status),
  fixtures: {
    options: onFirstUse(() =>
      z
        .object({ max_artifact_bytes: z.number().int().positive().optional() })
        .describe('Test knob: a smaller artifact size cap'),
    ),
  },
};
