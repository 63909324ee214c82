import { sha256Hex } from '../../../io/hashing.js';
import { TRACE } from '../codes.js';
import { q, qid } from '../context.js';
import type { OutputRef } from '../checks/steps.js';
import type { RunRule } from './rule.js';

const REFUSED_FIELDS = new Set(['rejected_claim_ids', 'missing_support_claim_ids']);

/**
 * The answer rests on what the run's own verify step validated: every final claim is a validated
 * one. The producer's finalize step answers with the validated claims, or with all claims when it
 * validated none (claims without support, which fail grounding too). Stricter than the
 * producer's verifier, which checks only that a finalize output exists.
 */
export const answer: RunRule = {
  meta: {
    name: 'answer',
    description:
      'The final claims are derived claims the verify step validated, none of them rejected or missing support, and a final answer names its claims (and repeats the first, when the extractive reasoner made it).',
    codes: [TRACE.answerNotValidated],
  },
  check({ ctx, scan }) {
    if (!scan) return;
    const validated = new Map<string, OutputRef>();
    const refused = new Map<string, OutputRef>();
    const finals: OutputRef[] = [];
    for (const r of scan.steps.outputRefs) {
      // An id the trace never emits is support_unresolved already.
      if (r.kind !== 'claim' || !scan.claims.has(r.id)) continue;
      if (r.field === 'validated_claim_ids') validated.set(r.id, validated.get(r.id) ?? r);
      else if (REFUSED_FIELDS.has(r.field)) refused.set(r.id, refused.get(r.id) ?? r);
      else if (r.field === 'final_claim_ids') finals.push(r);
    }
    const rejectedOn = (id: string) => scan.claims.rejected.get(id);
    for (const [id, v] of validated) {
      const no = refused.get(id);
      const status = rejectedOn(id);
      if (no === undefined && status === undefined) continue;
      ctx.f.add(
        TRACE.answerNotValidated,
        no !== undefined
          ? `The verify output on line ${v.line} validates claim ${qid(id)} and also lists it in ${no.field} (line ${no.line}): the run contradicts itself.`
          : `The verify output on line ${v.line} validates claim ${qid(id)}, which was emitted with status "rejected" on line ${status}: the run contradicts itself.`,
        ctx.at(v.line),
      );
    }
    // Without any verify output the run lacks a required step (step_required_missing) already.
    for (const r of scan.steps.outputs.has('verify') ? finals : []) {
      const no = refused.get(r.id);
      const status = rejectedOn(r.id);
      const why =
        no !== undefined
          ? `the verify output on line ${no.line} lists it in ${no.field}`
          : status !== undefined
            ? `it was emitted with status "rejected" on line ${status}`
            : validated.has(r.id)
              ? undefined
              : validated.size > 0
                ? `the verify step did not validate it (it validated ${validated.size} other claim(s))`
                : 'the verify step validated no claim';
      if (why)
        ctx.f.add(
          TRACE.answerNotValidated,
          `The finalize output on line ${r.line} answers with claim ${qid(r.id)}, but ${why}: the answer rests on a claim the run itself did not validate.`,
          ctx.at(r.line),
        );
    }
    // Only a derived claim rests on evidence; an observed or assumed one is taken on trust.
    for (const r of finals) {
      const type = scan.claims.notDerived.get(r.id);
      if (type !== undefined)
        ctx.f.add(
          TRACE.answerNotValidated,
          `The finalize output on line ${r.line} answers with claim ${qid(r.id)}, a claim of type ${q(type)}: only a derived claim, grounded in evidence, can be an answer.`,
          ctx.at(r.line),
        );
    }
    // The producer's finalize step answers with the statement of its first final claim.
    for (const a of scan.steps.finalAnswers) {
      const want = scan.extractive.marked.get(a.first);
      if (want === undefined) continue;
      if (typeof a.answer !== 'string' || sha256Hex(a.answer) !== want.sha)
        ctx.f.add(
          TRACE.answerNotValidated,
          `The finalize output on line ${a.line} gives the final_answer ${q(a.answer, 80)}, but its first final claim ${qid(a.first)}, which the extractive reasoner wrote, reads ${q(want.head, 80)}: the producer answers in that claim’s words, so the answer was edited after the run.`,
          ctx.at(a.line),
        );
    }
    const bare = scan.steps.answerWithoutClaims;
    if (bare !== undefined)
      ctx.f.add(
        TRACE.answerNotValidated,
        `The finalize output on line ${bare} gives a final_answer but names no final claim: nothing the run checked supports it.`,
        ctx.at(bare),
      );
  },
};
