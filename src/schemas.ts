import type { z } from 'zod';
import { Config } from './config.js';
import { AddendaBFixture, Fixture } from './fixtures/schema.js';
import { BundleMeta, bundleRecordSchema } from './packs/addenda-b/schemas.js';
import { GateReport } from './model/report.js';
import { ArisReport, AuditArtifact, AuditManifest } from './packs/aris/schema.js';
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
  'addenda-b-bundle': BundleMeta,
  'addenda-b-record': bundleRecordSchema(),
  'addenda-b-fixture': AddendaBFixture,
};
