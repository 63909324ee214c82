import { usable } from '../../kit/index.js';
import { TRACE } from '../codes.js';
import {
  checkCoreFiles,
  checkFingerprint,
  checkManifest,
  checkVerifyReport,
  loadRunMeta,
  loadSpec,
  PRODUCER_VERIFY_REPORT,
} from '../checks/integrity.js';
import { checkPlan } from '../checks/plan.js';
import type { RunRule } from './rule.js';

export const coreFiles: RunRule = {
  meta: {
    name: 'core-files',
    description: 'Every file a run directory holds exists as a regular file.',
    codes: [TRACE.runFileMissing, TRACE.fileUnreadable],
  },
  check: ({ ctx }) => checkCoreFiles(ctx, ctx.listing),
};

export const runMeta: RunRule = {
  meta: {
    name: 'run-meta',
    description:
      'run_meta.json is valid and of a supported version; its tools are the ones the trace may call.',
    codes: [TRACE.fileUnreadable, TRACE.runMetaInvalid, TRACE.unsupportedVersion],
  },
  check(state) {
    const { ctx } = state;
    state.runMeta = loadRunMeta(ctx, ctx.listing);
    if (state.runMeta)
      ctx.tools = state.runMeta.runtime_descriptor
        ? new Set(state.runMeta.runtime_descriptor.tools.map((t) => t.name))
        : 'none';
  },
};

export const plan: RunRule = {
  meta: {
    name: 'plan',
    description:
      'plan.json is valid: unique nodes, known dependencies, no cycle, and a content id that matches.',
    codes: [
      TRACE.fileUnreadable,
      TRACE.planInvalid,
      TRACE.planDuplicateNode,
      TRACE.planMissingDependency,
      TRACE.planCycle,
      TRACE.contentIdMismatch,
    ],
  },
  check(state) {
    const { ctx } = state;
    state.plan = usable(ctx.listing, 'plan.json') ? checkPlan(ctx) : undefined;
    if (state.plan) {
      ctx.planNodes = state.plan.nodeIds;
      ctx.planKinds = state.plan.kinds;
      if (state.plan.order) ctx.planDeps = state.plan.order;
    }
  },
};

export const spec: RunRule = {
  meta: {
    name: 'spec',
    description: 'spec.json is a valid problem spec whose content id matches.',
    codes: [TRACE.fileUnreadable, TRACE.specInvalid, TRACE.contentIdMismatch],
  },
  check(state) {
    state.spec = loadSpec(state.ctx, state.ctx.listing);
  },
};

export const verifyReports: RunRule = {
  meta: {
    name: 'verify-reports',
    description:
      'verify.json (and verify.verify.json when present) is a valid VerificationReport of this trace, with no errors.',
    codes: [TRACE.fileUnreadable, TRACE.verifyReportInvalid, TRACE.producerRejected],
  },
  check({ ctx, scan }) {
    const traceId = scan?.header?.id;
    checkVerifyReport(ctx, ctx.listing, traceId);
    checkVerifyReport(ctx, ctx.listing, traceId, PRODUCER_VERIFY_REPORT);
  },
};

export const fingerprint: RunRule = {
  meta: {
    name: 'fingerprint',
    description: 'fingerprint.txt is the sha256 of trace.jsonl.',
    codes: [TRACE.fileUnreadable, TRACE.fingerprintMismatch],
  },
  check({ ctx, scan }) {
    if (scan?.outcome.ok) checkFingerprint(ctx, ctx.listing, scan.outcome.summary.sha256);
  },
};

export const manifest: RunRule = {
  meta: {
    name: 'manifest',
    description:
      'manifest.json lists every file of the run with its sha256, and nothing outside the layout.',
    codes: [
      TRACE.fileUnreadable,
      TRACE.manifestInvalid,
      TRACE.manifestFileMissing,
      TRACE.manifestHashMismatch,
      TRACE.manifestUnlisted,
      TRACE.layoutUnexpected,
    ],
  },
  async check({ ctx, hasher, scan }) {
    const escaped = new Set<string>();
    if (scan) for (const r of scan.evidence.records.values()) escaped.add(r.ev.content_path);
    await checkManifest(
      ctx,
      ctx.listing,
      hasher,
      scan?.outcome.ok ? scan.outcome.summary : undefined,
      escaped,
    );
  },
};
