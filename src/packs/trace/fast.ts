import { writtenSchema } from '../../io/fast-schema.js';
import { schemas } from './schema.js';

/**
 * The run formats behind fast acceptance paths; zod still decides and words every rejection.
 * Each schema is built, and its path compiled, when the first value of its format is checked.
 */
export const Fast = {
  ChunkRecord: writtenSchema(undefined, () => schemas().ChunkRecord),
  EventRecord: writtenSchema(undefined, () => schemas().EventRecord),
  Manifest: writtenSchema(undefined, () => schemas().Manifest),
  Plan: writtenSchema(undefined, () => schemas().Plan),
  ProblemSpec: writtenSchema(undefined, () => schemas().ProblemSpec),
  RunMeta: writtenSchema(undefined, () => schemas().RunMeta),
  TraceEvent: writtenSchema(undefined, () => schemas().TraceEvent),
  TraceHeader: writtenSchema(undefined, () => schemas().TraceHeader),
  VerificationReport: writtenSchema(undefined, () => schemas().VerificationReport),
};
