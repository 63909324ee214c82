import { z } from 'zod';
import type { Pack } from '../pack.js';
import { TRACE_CODES } from './codes.js';
import { traceCommand } from './command.js';
import { discoverRuns } from './discover.js';
import { hasRunOutput, renderVerificationReport } from './outputs.js';
import { verifyRun } from './verify.js';
import { namedSchemas, onFirstUse } from '../kit/first-use.js';
import { DEFAULT_CORPUS_MIB, MAX_CORPUS_MIB } from './checks/corpus.js';
import { schemas } from './format/schema.js';

export { TRACE, TRACE_CODES, CHECK_NAMES, type CheckName } from './codes.js';
export type { TraceExtension } from './verify.js';

/** Evidence-grounded run traces (seeds 002, 003): one subject per run directory (`…/runs/<run_id>/`). */
export const tracePack: Pack = {
  id: 'trace',
  title: 'Evidence-grounded run traces',
  namespace: 'trace',
  codes: TRACE_CODES,
  targetKind: 'run',
  subjectKinds: ['run'],
  options: onFirstUse(() =>
    z
      .object({
        min_supports: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe(
            'Floor for the supports each claim needs; a run’s own recorded policy applies when higher',
          ),
        require_retrieval: z
          .boolean()
          .optional()
          .describe(
            'Every run must retrieve its evidence (searches over a pinned corpus); a run with no sign of retrieval fails',
          ),
        require_reasoning: z
          .boolean()
          .optional()
          .describe(
            'Every run with a derived claim must carry the producer’s reasoning record (as its verifier requires); a run stripped of it fails',
          ),
        max_corpus_mib: z
          .number()
          .int()
          .min(1)
          .max(MAX_CORPUS_MIB)
          .optional()
          .describe(
            `Largest pinned corpus (MiB) whose BM25 index is built again per run (default ${DEFAULT_CORPUS_MIB}, at most ${MAX_CORPUS_MIB}: a 64 MiB corpus takes ≈ 5 s and ≈ 470 MB); past it the run's searches are trace.retrieval_unchecked`,
          ),
      })
      .strict(),
  ),
  // A floor only ever raises a run's own policy; requiring retrieval or reasoning only adds findings.
  tighteningOptions: ['min_supports', 'require_retrieval', 'require_reasoning'],
  recordedOptions: ['require_retrieval', 'require_reasoning'],
  schemas: namedSchemas(schemas, {
    'trace-header': 'TraceHeader',
    'trace-event': 'TraceEvent',
    'trace-plan': 'Plan',
    'trace-run-meta': 'RunMeta',
    'trace-manifest': 'Manifest',
    'trace-chunk': 'ChunkRecord',
    'trace-verification-report': 'VerificationReport',
  }),
  outputs: {
    'verification-report': {
      description: 'The producer’s VerificationReport (verify.json shape) of one run',
      render: (report, id) =>
        hasRunOutput(report, id) ? renderVerificationReport(report, id) : undefined,
    },
  },
  parallel: true,
  discover: discoverRuns,
  verify: verifyRun,
  command: traceCommand,
  fixtures: {
    options: onFirstUse(() =>
      z
        .object({
          max_line_bytes: z.number().int().positive().optional(),
          max_corpus_bytes: z.number().int().positive().optional(),
        })
        .describe('Test knobs: a smaller trace line cap, a smaller corpus to index again'),
    ),
  },
};
