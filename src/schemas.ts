import type { z } from 'zod';
import { Config } from './config.js';
import { Fixture } from './fixtures/schema.js';
import { GateReport } from './model/report.js';
import { ArisReport, AuditArtifact, AuditManifest } from './packs/aris/schema.js';
import { ExpectationsFile, IndexFile, ProofFile } from './packs/aristo/schema.js';
import {
  ChunkRecord,
  Manifest,
  Plan,
  RunMeta,
  TraceEvent,
  TraceHeader,
  VerificationReport,
} from './packs/trace/schema.js';

/** Every file format audit-gate reads or writes; schemas/<name>.schema.json is generated from these. */
export const SCHEMAS: Record<string, z.ZodType> = {
  'gate-report': GateReport,
  config: Config,
  fixture: Fixture,
  'aris-audit-artifact': AuditArtifact,
  'aris-audit-manifest': AuditManifest,
  'aris-report': ArisReport,
  'trace-header': TraceHeader,
  'trace-event': TraceEvent,
  'trace-plan': Plan,
  'trace-run-meta': RunMeta,
  'trace-manifest': Manifest,
  'trace-chunk': ChunkRecord,
  'trace-verification-report': VerificationReport,
  'aristo-proof': ProofFile,
  'aristo-index': IndexFile,
  'aristo-expectations': ExpectationsFile,
};
