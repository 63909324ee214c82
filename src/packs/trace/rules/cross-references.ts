import { TRACE } from '../codes.js';
import { asRecord, q } from '../context.js';
import { DEFAULT_MIN_SUPPORTS, producerMinSupports } from '../checks/support-policy.js';
import type { RunRule } from './rule.js';

/** The run's parts must name each other: header, plan.json, spec.json and run_meta.json. */
export const crossReferences: RunRule = {
  meta: {
    name: 'cross-references',
    description:
      'The trace header, plan.json, spec.json and run_meta.json name the same plan, spec, trace and run, and the header records the support minimum the spec gives.',
    codes: [TRACE.planMismatch, TRACE.runMetaMismatch, TRACE.reasoningTraceMismatch],
  },
  check({ ctx, runId, runMeta, plan, spec, scan }) {
    const header = scan?.header;
    const planRel = { path: ctx.rel('plan.json'), line: 1 };
    if (header && plan && header.plan_id !== plan.plan.id) {
      ctx.f.add(
        TRACE.planMismatch,
        `The trace header names plan ${q(header.plan_id)} but plan.json is plan ${q(plan.plan.id)}.`,
        ctx.at(1),
        [planRel],
      );
    }
    if (header && spec && header.spec_id !== spec.id) {
      ctx.f.add(
        TRACE.planMismatch,
        `The trace header names spec ${q(header.spec_id)} but spec.json is spec ${q(spec.id)}.`,
        ctx.at(1),
        [{ path: ctx.rel('spec.json'), line: 1 }],
      );
    }
    if (plan && spec && plan.plan.spec_id !== spec.id) {
      ctx.f.add(
        TRACE.planMismatch,
        `plan.json was made for spec ${q(plan.plan.spec_id)} but spec.json is spec ${q(spec.id)}.`,
        planRel,
        [{ path: ctx.rel('spec.json'), line: 1 }],
      );
    }
    // The header records the support minimum the producer ran with, which the spec decides.
    if (header && spec) {
      const want = producerMinSupports(spec.constraints);
      const policy = header.metadata['reasoning_policy'];
      const recorded = asRecord(policy)?.['min_supports_per_claim'];
      const specLoc = [{ path: ctx.rel('spec.json'), line: 1 }];
      if (want === undefined)
        ctx.f.add(
          TRACE.reasoningTraceMismatch,
          `spec.json's min_supports_per_claim ${q(spec.constraints['min_supports_per_claim'], 40)} is not a whole number Python's int() reads: the producer stops there and writes no run.`,
          specLoc[0]!,
        );
      else if (policy !== undefined && recorded !== want)
        ctx.f.add(
          TRACE.reasoningTraceMismatch,
          `The trace header's reasoning_policy records min_supports_per_claim ${q(recorded, 40)}, but the producer runs this spec with ${want} (spec.json's min_supports_per_claim, else its default ${DEFAULT_MIN_SUPPORTS}): the header was edited after the run.`,
          ctx.at(1),
          specLoc,
        );
    }
    if (runMeta) {
      const metaLoc = { path: ctx.rel('run_meta.json'), line: 1 };
      const mism: string[] = [];
      if (runMeta.run_id !== runId)
        mism.push(`run_id ${q(runMeta.run_id)} but the run directory is ${q(runId)}`);
      if (header && runMeta.trace_id !== header.id)
        mism.push(`trace_id ${q(runMeta.trace_id)} but the trace is ${q(header.id)}`);
      if (plan && runMeta.plan_id !== plan.plan.id)
        mism.push(`plan_id ${q(runMeta.plan_id)} but plan.json is ${q(plan.plan.id)}`);
      if (spec && runMeta.spec_id !== spec.id)
        mism.push(`spec_id ${q(runMeta.spec_id)} but spec.json is ${q(spec.id)}`);
      // The header carries the runtime's fingerprint and seed too, under the trace id.
      const hm = header?.metadata;
      const fp = (runMeta as { runtime_fingerprint?: unknown }).runtime_fingerprint;
      if (
        hm &&
        (hm['runtime_fingerprint'] !== undefined || fp !== undefined) &&
        hm['runtime_fingerprint'] !== fp
      )
        mism.push(
          `runtime_fingerprint ${q(fp)} but the trace header records ${q(hm['runtime_fingerprint'])}`,
        );
      const hrm = hm?.['run_meta'];
      if (hrm && typeof hrm === 'object' && !Array.isArray(hrm)) {
        const seed = (hrm as Record<string, unknown>)['seed'];
        const own = (runMeta as { seed?: unknown }).seed;
        if (seed !== undefined && seed !== own)
          mism.push(`seed ${q(own)} but the trace header records ${q(seed)}`);
      }
      for (const m of mism)
        ctx.f.add(TRACE.runMetaMismatch, `run_meta.json records ${m}.`, metaLoc);
    }
  },
};
