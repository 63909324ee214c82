import { fastSchema } from '../../io/fast-schema.js';
import * as S from './schema.js';

/** The run formats behind fast acceptance paths; zod still decides and words every rejection. */
export const Fast = {
  ChunkRecord: fastSchema(S.ChunkRecord),
  EventRecord: fastSchema(S.EventRecord),
  Manifest: fastSchema(S.Manifest),
  Plan: fastSchema(S.Plan),
  ProblemSpec: fastSchema(S.ProblemSpec),
  RunMeta: fastSchema(S.RunMeta),
  TraceEvent: fastSchema(S.TraceEvent),
  TraceHeader: fastSchema(S.TraceHeader),
  VerificationReport: fastSchema(S.VerificationReport),
};
