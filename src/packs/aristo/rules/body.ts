import { ARISTO } from '../codes.js';
import type { ProofFile } from '../schema.js';
import type { ProofBody, Rule } from './types.js';

const DEBUG = {
  verified: 'Verified',
  counterexample: 'Counterexample',
  inconclusive: 'Inconclusive',
};

/** The one body `verdict.type` names, or the SDK's `BodyShapeError` text. */
export function proofBody(
  p: ProofFile,
): { ok: true; body: ProofBody } | { ok: false; detail: string } {
  const present = (['verified', 'counterexample', 'inconclusive'] as const).filter(
    (k) => p[k] !== undefined,
  );
  if (present.length !== 1)
    return {
      ok: false,
      detail: `body shape: proof file has ${present.length} body sub-tables; must have exactly 1`,
    };
  if (present[0] !== p.verdict.type)
    return {
      ok: false,
      detail: `body shape: verdict.type = ${DEBUG[p.verdict.type]} but the present body sub-table doesn't match`,
    };
  if (p.verified)
    return {
      ok: true,
      body: {
        type: 'verified',
        prefix: 'verified.proof',
        stepsAt: ['verified', 'proof', 'steps'],
        steps: p.verified.proof.steps,
      },
    };
  if (p.counterexample)
    return {
      ok: true,
      body: {
        type: 'counterexample',
        prefix: 'counterexample.violation.trigger_steps',
        stepsAt: ['counterexample', 'violation', 'trigger_steps'],
        steps: p.counterexample.violation.trigger_steps,
      },
    };
  return {
    ok: true,
    body: {
      type: 'inconclusive',
      prefix: 'inconclusive.partial_proof',
      stepsAt: ['inconclusive', 'partial_proof', 'steps'],
      steps: p.inconclusive?.partial_proof?.steps ?? [],
    },
  };
}

/** SDK check 6: exactly one body, the one verdict.type names (the SDK checks no further otherwise). */
export const bodyShape: Rule = {
  meta: { code: ARISTO.bodyShape, description: 'exactly one body table, matching verdict.type' },
  check(ctx) {
    const r = proofBody(ctx.proof);
    if (!r.ok) ctx.report(this.meta.code, ['verdict', 'type'], 'verdict', r.detail);
  },
};
