import { loadChunks } from '../checks/chunks.js';
import { TRACE } from '../codes.js';
import { checkCorpus } from '../checks/corpus.js';
import { MAX_EXTRACTIVE_EVIDENCE_BYTES } from '../checks/extractive.js';
import { checkProducerSpans } from '../checks/producer-spans.js';
import type { RunRule } from './rule.js';

/** Evidence files, the chunk index, then every evidence support's bytes. */
export const evidence: RunRule = {
  meta: {
    name: 'evidence',
    description:
      'Every registered evidence file exists inside the run with its recorded hash and chunk, every evidence support cites its exact bytes (and passes the producer’s own span comparisons), and a claim the extractive reasoner made reads as them.',
    codes: [
      TRACE.chunksInvalid,
      TRACE.evidenceMissing,
      TRACE.evidenceUnreadable,
      TRACE.evidencePathEscape,
      TRACE.evidenceHashMismatch,
      TRACE.evidenceChunkMismatch,
      TRACE.supportUnresolved,
      TRACE.spanOutOfBounds,
      TRACE.snippetHashMismatch,
      TRACE.producerSpansRejected,
      TRACE.claimNotExtracted,
      TRACE.retrievalMismatch,
      TRACE.retrievalUnchecked,
      TRACE.retrievalMissing,
    ],
  },
  async check({ ctx, hasher, scan, spec, plan }) {
    if (!scan) return;
    const ev = scan.evidence;
    ev.setCiters(scan.claims.supports);
    ev.resolveAll();
    const chunks = loadChunks(ctx, ev.records.size);
    await ev.checkFiles(hasher, chunks);
    // Under require_reasoning every run is declared the producer's: a run that dropped its
    // derived claims (and so its reasoning record) is still held to the producer's span check.
    const reasoners = ctx.requireReasoning === true || scan.reasoning.reasonersRun(scan.header);
    checkProducerSpans(ctx, ev.records, scan.claims.supports, chunks, reasoners);
    await checkCorpus(ctx, scan.header, ev.intact());
    scan.retrieval.check(scan.header, [...ev.records.values()], plan?.plan);
    scan.claims.resolveLegacy((id, b0, b1) => ev.readSpan(id, b0, b1));
    scan.extractive.rebuild(
      scan.header,
      [...ev.records.keys()],
      (id) => ev.readWhole(id, MAX_EXTRACTIVE_EVIDENCE_BYTES),
      spec,
    );
    ev.checkSupports(scan.claims.supports);
  },
};
