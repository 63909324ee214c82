// B-27 regenerate loop guard (L1569-1600).
import type { Rule } from './rule.js';
import { q } from './shared/util.js';

export const regenerateMissingPreviousAttemptHashes: Rule = {
  meta: {
    code: 'validation.regenerate_missing_previous_attempt_hashes',
    section: 'B-27',
    seedLine: 1597,
    title: 'A regenerate payload has no previous attempt hashes',
    remediation: 'List the output hashes of the earlier attempts in previous_attempt_hashes.',
    decision:
      'Fires when previous_attempt_hashes is missing or not an array. A payload names no target, so an empty list cannot be tied to earlier attempts and is not judged.',
  },
  check(b, report) {
    for (const p of b.of('RegenerateRevisionPayload'))
      if (!Array.isArray(p.data.previous_attempt_hashes))
        report(p, 'RegenerateRevisionPayload has no previous_attempt_hashes list.');
  },
};

export const regenerateIdenticalOutput: Rule = {
  meta: {
    code: 'validation.regenerate_identical_output',
    section: 'B-27',
    seedLine: 1598,
    title: 'A regenerate attempt reproduced an earlier output and it was not rejected',
    remediation:
      'Compare each regenerated output with the previous attempt hashes; reject an identical one (matched_previous_attempt true, action_taken rejected_identical_output).',
    decision:
      'The earlier outputs are the output_hash of every earlier RegenerateAttemptReceipt and the previous_attempt_hashes of every earlier RegenerateRevisionPayload. A receipt whose output_hash is one of them fires when matched_previous_attempt is false or action_taken is accepted_new_output.',
  },
  check(b, report) {
    const events = [...b.of('RegenerateRevisionPayload'), ...b.of('RegenerateAttemptReceipt')].sort(
      (x, y) => x.seq - y.seq,
    );
    const earlier = new Set<unknown>();
    for (const e of events) {
      if (e.type === 'RegenerateRevisionPayload') {
        if (Array.isArray(e.data.previous_attempt_hashes))
          for (const h of e.data.previous_attempt_hashes) earlier.add(h);
        continue;
      }
      if (
        earlier.has(e.data.output_hash) &&
        (e.data.matched_previous_attempt !== true || e.data.action_taken === 'accepted_new_output')
      )
        report(
          e,
          `Regenerate attempt ${q(e.data.receipt_id)} produced the earlier output ${q(e.data.output_hash)} but was ${e.data.action_taken === 'accepted_new_output' ? 'accepted' : 'not marked as matching'}.`,
        );
      earlier.add(e.data.output_hash);
    }
  },
};

export const regenerateLoopAfterIdenticalRejection: Rule = {
  meta: {
    code: 'validation.regenerate_loop_after_identical_rejection',
    section: 'B-27',
    seedLine: 1599,
    title: 'Regeneration repeated the same input after an identical output was rejected',
    remediation:
      'After rejected_identical_output change the generation policy (sampling, prompt strategy, module) or escalate before regenerating.',
    decision:
      'Attempts with the same input_hash are one loop: after a receipt rejected_identical_output, a later receipt of that input_hash fires unless it (or a receipt of that input_hash between them) took changed_generation_policy or escalated.',
  },
  check(b, report) {
    const rejected = new Map<unknown, unknown>();
    for (const r of b.of('RegenerateAttemptReceipt')) {
      const input = r.data.input_hash;
      const prior = rejected.get(input);
      const changed =
        r.data.action_taken === 'changed_generation_policy' || r.data.action_taken === 'escalated';
      if (prior !== undefined && !changed)
        report(
          r,
          `Regenerate attempt ${q(r.data.receipt_id)} reran input ${q(input)} after ${q(prior)} rejected an identical output, without changing the generation policy or escalating.`,
        );
      if (r.data.action_taken === 'rejected_identical_output')
        rejected.set(input, r.data.receipt_id);
      else rejected.delete(input);
    }
  },
};
