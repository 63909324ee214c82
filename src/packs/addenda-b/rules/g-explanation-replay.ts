// G-18 ExplanationTrace without hidden chain-of-thought (L3205-3226) and G-19 TaskReplay modes and
// divergence (L3227-3274).
import type { Bundle } from '../bundle.js';
import { memo } from './shared/memo.js';
import type { Rule } from './rule.js';
import { COST_BEARING_KINDS } from './s3-externalization.js';
import { isObject, q } from './shared/util.js';

/** Field names that carry model reasoning rather than a user-visible summary. */
const HIDDEN_REASONING_FIELDS = [
  'hidden_reasoning',
  'chain_of_thought',
  'reasoning',
  'reasoning_trace',
  'scratchpad',
  'thinking',
];

export const explanationTraceContainsHiddenReasoning: Rule = {
  meta: {
    code: 'validation.explanation_trace_contains_hidden_reasoning',
    section: 'G-18',
    seedLine: 3224,
    title: 'An explanation trace includes hidden reasoning',
    remediation:
      'Keep only user-visible rationale summaries: set hidden_reasoning_included to false and drop the reasoning fields.',
    decision: `Fires when hidden_reasoning_included is not the literal false (L3220), or the trace or one of its causal steps carries a reasoning field (${HIDDEN_REASONING_FIELDS.join(', ')}): the seed stores rationale_summary only (L3217).`,
  },
  check(b, report) {
    for (const t of b.of('ExplanationTrace')) {
      const where: string[] = [];
      if (t.data.hidden_reasoning_included !== false)
        where.push(`hidden_reasoning_included is ${q(t.data.hidden_reasoning_included ?? null)}`);
      const carriers = [t.data, ...(Array.isArray(t.data.causal_steps) ? t.data.causal_steps : [])];
      for (const c of carriers) {
        if (!isObject(c)) continue;
        const found = HIDDEN_REASONING_FIELDS.filter((f) => Object.hasOwn(c, f));
        if (found.length)
          where.push(
            `${c === t.data ? 'the trace' : `step ${q(c.step_id)}`} carries ${found.join(', ')}`,
          );
      }
      if (where.length)
        report(
          t,
          `ExplanationTrace ${q(t.data.trace_id)} includes hidden reasoning: ${where.join('; ')}.`,
        );
    }
  },
};

export const explanationTraceWithoutCausalSteps: Rule = {
  meta: {
    code: 'validation.explanation_trace_without_causal_steps',
    section: 'G-18',
    seedLine: 3225,
    title: 'An explanation trace has no causal steps',
    remediation:
      'Record the causal steps (inputs, operation receipt, outputs, rationale summary, evidence) that led to the explained decision.',
    decision: 'Fires when causal_steps is empty (a missing list is a schema violation).',
  },
  check(b, report) {
    for (const t of b.of('ExplanationTrace'))
      if (Array.isArray(t.data.causal_steps) && t.data.causal_steps.length === 0)
        report(t, `ExplanationTrace ${q(t.data.trace_id)} has no causal_steps.`);
  },
};

export const replayAttemptsExternalSideEffect: Rule = {
  meta: {
    code: 'validation.replay_attempts_external_side_effect',
    section: 'G-19',
    seedLine: 3271,
    title: 'A replay request allows external side effects',
    remediation:
      'Set allow_external_side_effects to false: a replay records non-replayable side effects as divergences instead of executing them.',
    decision:
      'Fires when allow_external_side_effects is not the literal false (L3242). No record links a side effect to the replay that caused it, so executed side effects are not matched.',
  },
  check(b, report) {
    for (const r of b.of('TaskReplayRequest'))
      if (r.data.allow_external_side_effects !== false)
        report(
          r,
          `TaskReplayRequest ${q(r.data.replay_request_id)} sets allow_external_side_effects to ${q(r.data.allow_external_side_effects ?? null)}.`,
        );
  },
};

const DRIFT_KINDS = ['model_output_drift', 'tool_output_drift'];

/** Why the bundle's own run holds provider-dependent steps (undefined: none seen). */
function providerStepOfRun(b: Bundle): string | undefined {
  return memo(b, 'g.provider_step', () => {
    const call = b
      .of('WorkspaceExternalizationReceipt')
      .find((r) => COST_BEARING_KINDS.includes(String(r.data.externalization_kind)));
    if (call)
      return `provider call ${q(call.data.receipt_id)} (${String(call.data.externalization_kind)})`;
    const lookup = b.of('EphemeralSourceLookupReceipt')[0];
    return lookup ? `web lookup ${q(lookup.data.receipt_id)}` : undefined;
  });
}

/**
 * The runs whose steps the bundle records: bundle.json's run_id, and the run_id every record
 * carries (bundle.json is written beside the records, so renaming its run must not move the
 * bundle's provider calls to another run).
 */
function bundleRuns(b: Bundle): ReadonlySet<unknown> {
  return memo(b, 'g19.bundleRuns', () => {
    const runs = new Set<unknown>();
    if (b.meta?.run_id !== undefined) runs.add(b.meta.run_id);
    for (const r of b.records) if (typeof r.data.run_id === 'string') runs.add(r.data.run_id);
    return runs;
  });
}

export const deterministicReplayWithNondeterministicStep: Rule = {
  meta: {
    code: 'validation.deterministic_replay_with_nondeterministic_step',
    section: 'G-19',
    seedLine: 3272,
    title: 'A deterministic re-execution is requested for a run with provider-dependent steps',
    remediation:
      'Use audit_reconstruction, simulation_from_recorded_outputs or best_effort_rerun for runs with LLM, tool, web or provider calls.',
    decision: `A deterministic_reexecution request fires when its source run is the bundle's run (bundle.json run_id, or the run_id of any record in the bundle: renaming bundle.json's run must not hide its provider calls) and the bundle holds a provider call (a WorkspaceExternalizationReceipt of kind ${COST_BEARING_KINDS.join(', ')}) or a web lookup (EphemeralSourceLookupReceipt), or when a ReplayDivergenceRecord of the request records ${DRIFT_KINDS.join(' / ')} (L3227-3228).`,
  },
  check(b, report) {
    const drifts = new Map<unknown, string>();
    for (const d of b.of('ReplayDivergenceRecord'))
      if (
        DRIFT_KINDS.includes(String(d.data.divergence_kind)) &&
        !drifts.has(d.data.replay_request_id)
      )
        drifts.set(
          d.data.replay_request_id,
          `${String(d.data.divergence_kind)} ${q(d.data.divergence_id)}`,
        );
    for (const r of b.of('TaskReplayRequest')) {
      if (r.data.replay_mode !== 'deterministic_reexecution') continue;
      const why =
        drifts.get(r.data.replay_request_id) ??
        (bundleRuns(b).has(r.data.source_run_id) ? providerStepOfRun(b) : undefined);
      if (why)
        report(
          r,
          `TaskReplayRequest ${q(r.data.replay_request_id)} asks for deterministic_reexecution of run ${q(r.data.source_run_id)}, which has a nondeterministic step: ${why}.`,
        );
    }
  },
};
