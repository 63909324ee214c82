// outcome state, disposition, verdict and limitation taxonomy (L595-674).
import { SEED_ENUM_VALUES } from '../schema/generated.js';
import type { Rule } from './rule.js';
import { q } from './shared/util.js';

const RUNTIME: readonly string[] = SEED_ENUM_VALUES.OutcomeEvaluationRuntimeState;
const DISPOSITIONS: readonly string[] = SEED_ENUM_VALUES.OutcomeEvaluationDisposition;
/** Envelope fields a live producer may carry an outcome state in (the seed retains them unnamed, L465). */
const ENVELOPE_STATE_FIELDS = ['state', 'outcome_state', 'disposition', 'evaluation_state'];

export const runtimeStateEmittedToEnvelope: Rule = {
  meta: {
    code: 'validation.runtime_state_emitted_to_envelope',
    section: 'A-06/A-07',
    seedLine: 670,
    title: 'A runtime outcome state reaches an envelope',
    remediation:
      'Emit only dispositions to envelopes; pending, pending_dependency, evaluating and dirty stay internal.',
    decision: `Fires for an OutcomeStateMatrixEntry of a runtime state with emitted_to_envelope true, and for an envelope whose ${ENVELOPE_STATE_FIELDS.join(' / ')} field holds a runtime state.`,
  },
  check(b, report) {
    for (const m of b.of('OutcomeStateMatrixEntry'))
      if (
        (RUNTIME.includes(String(m.data.state)) || m.data.state_class === 'runtime') &&
        m.data.emitted_to_envelope === true
      )
        report(
          m,
          `OutcomeStateMatrixEntry ${q(m.data.state)} is a runtime state but emitted_to_envelope is true.`,
        );
    for (const e of b.of('EvaluationResultEnvelope'))
      for (const f of ENVELOPE_STATE_FIELDS)
        if (RUNTIME.includes(e.data[f] as string))
          report(
            e,
            `EvaluationResultEnvelope ${q(e.data.result_id)} emits runtime state ${q(e.data[f])} in ${f}.`,
          );
  },
};

export const dispositionWithoutVerdictMapping: Rule = {
  meta: {
    code: 'validation.disposition_without_verdict_mapping',
    section: 'A-06/A-07',
    seedLine: 671,
    title: 'A disposition has no verdict mapping in the outcome state matrix',
    remediation:
      'Give every disposition row a verdict_mapping (passed, failed, indeterminate, not_applicable).',
    decision:
      'When the registry holds an outcome state matrix, every disposition of L603-615 needs a row, and each disposition row a verdict_mapping.',
  },
  check(b, report) {
    const rows = b.of('OutcomeStateMatrixEntry');
    if (rows.length === 0) return;
    for (const m of rows)
      if (
        (m.data.state_class === 'disposition' || DISPOSITIONS.includes(String(m.data.state))) &&
        m.data.verdict_mapping === undefined
      )
        report(m, `Disposition ${q(m.data.state)} has no verdict_mapping.`);
    const have = new Set(rows.map((m) => m.data.state));
    const missing = DISPOSITIONS.filter((d) => !have.has(d));
    if (missing.length)
      report(rows[0]!, `The outcome state matrix has no row for ${missing.join(', ')}.`);
  },
};
