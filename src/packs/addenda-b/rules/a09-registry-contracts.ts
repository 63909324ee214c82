// type owners (L730-788), A-11 LearningMode (L789-801),
// repair wiring (L802-827).
import { SEED_ENUM_VALUES } from '../schema/generated.js';
import { rewrittenEvents } from './s3-event-projection.js';
import type { Rule } from './rule.js';
import { filled, q, sameId, strings } from './shared/util.js';

const LEARNING_MODES: readonly string[] = SEED_ENUM_VALUES.LearningMode;

export const pendingOwnerWithoutDegradedBehavior: Rule = {
  meta: {
    code: 'validation.pending_owner_without_degraded_behavior',
    section: 'A-09/A-15/A-22',
    seedLine: 784,
    title: 'A type pending absorption has no degraded consumer behavior',
    remediation:
      'Set pending_consumer_behavior (persist_only, suppress_promotion, disable_ui_affordance, emit_validation_warning, block_route).',
  },
  check(b, report) {
    for (const t of b.of('TypeOwnerRegistryEntry'))
      if (t.data.status === 'pending_absorption' && !t.data.pending_consumer_behavior)
        report(
          t,
          `Type ${q(t.data.type_name)} is pending_absorption without pending_consumer_behavior.`,
        );
  },
};

export const buildReadyGateFailed: Rule = {
  meta: {
    code: 'validation.build_ready_gate_failed',
    section: 'A-09/A-15/A-22',
    seedLine: 785,
    title: 'A BuildReadyGate’s requirements are not met by the bundle',
    remediation:
      'Give every pending_absorption type a pending_consumer_behavior, register each type once, and name the conformance suite in required_validation_suite_refs; then run audit-gate fixtures --build-ready.',
    decision:
      'Two checks. (1) `audit-gate fixtures <dir> --build-ready` judges the conformance suite (see "The build-ready gate"). (2) A BuildReadyGate record (L754-763) of a bundle fails where the bundle itself shows a requirement unmet: a TypeOwnerRegistryEntry pending_absorption without pending_consumer_behavior (required_pending_absorption_rows_closed_or_degraded; validation.pending_owner_without_degraded_behavior fires too), a type_name registered twice with different entries (required_type_owner_registry_clean), no required_validation_suite_refs (§10 L3381, §12.6 L3457: no build-ready without fixtures), or a suite ref naming a bundle record that is not an AddendaBConformanceFixture. The record has no readiness status, so it never claims ready by itself. Not checked: required_command_registry_entries_complete (L759; the command registry is §7 D-14) and required_cross_doc_insert_obligations_absorbed_or_stubbed (L760; the seed defines no record of an insert obligation).',
  },
  check(b, report) {
    const gates = b.of('BuildReadyGate');
    if (gates.length === 0) return;
    const owners = b.of('TypeOwnerRegistryEntry');
    const pending = owners
      .filter((t) => t.data.status === 'pending_absorption' && !t.data.pending_consumer_behavior)
      .map((t) => q(t.data.type_name));
    // A type name spelled twice ("Event" and "Event ") is one type registered twice.
    const twice = [...new Set(rewrittenEvents(owners, sameId).map((t) => q(t.data.type_name)))];
    for (const g of gates) {
      const unmet: string[] = [];
      if (pending.length)
        unmet.push(`type(s) ${pending.join(', ')} pending absorption without degraded behavior`);
      if (twice.length)
        unmet.push(`type(s) ${twice.join(', ')} registered twice with different owners`);
      const suites = strings(g.data.required_validation_suite_refs).filter(filled);
      if (suites.length === 0) unmet.push('it names no validation suite');
      for (const ref of new Set(suites)) {
        const named = b.resolve(ref);
        if (named && !b.resolve(ref, 'AddendaBConformanceFixture'))
          unmet.push(`suite ref ${q(ref)} names a ${named.type}, not a conformance fixture`);
      }
      if (unmet.length)
        report(g, `BuildReadyGate ${q(g.data.gate_id)} is not met: ${unmet.join('; ')}.`);
    }
  },
};

export const learningModeValueDrift: Rule = {
  meta: {
    code: 'validation.learning_mode_value_drift',
    section: 'A-11',
    seedLine: 799,
    title: 'A learning_mode value is not production, signal_generation or calibration',
    remediation:
      'Use one of the live LearningMode values (e.g. calibration, not cross_calibration).',
    decision:
      'No seed record declares a LearningMode field, so every record’s top-level learning_mode field is checked.',
  },
  check(b, report) {
    for (const r of b.group('learningMode'))
      if (!LEARNING_MODES.includes(r.data.learning_mode as string))
        report(
          r,
          `${r.type} has learning_mode ${q(r.data.learning_mode)}; LearningMode is ${LEARNING_MODES.join(' | ')}.`,
        );
  },
};

export const revisorDeclaresRevisionIn: Rule = {
  meta: {
    code: 'validation.revisor_declares_revision_in',
    section: 'A-16/A-17',
    seedLine: 825,
    title: 'The Revisor planner declares a revision_in port',
    remediation:
      'Remove revision_in from RevisorPlannerInputPorts; the Revisor plans, it does not execute repairs.',
  },
  check(b, report) {
    for (const r of b.of('RevisorPlannerInputPorts'))
      if (Object.hasOwn(r.data, 'revision_in'))
        report(r, 'RevisorPlannerInputPorts declares revision_in.');
  },
};

export const meaningBearingRepairWithoutRevisionCapability: Rule = {
  meta: {
    code: 'validation.meaning_bearing_repair_without_revision_capability',
    section: 'A-16/A-17',
    seedLine: 826,
    title: 'A revision-compatible port names no revision capability',
    remediation:
      'Set module_revision_capability_ref on the PortRevisionEligibility (required when revision_compatible is true).',
    decision:
      'Checked on PortRevisionEligibility (L808); the repair-instruction half needs OutcomeRepairInstruction, which the seed does not define.',
  },
  check(b, report) {
    for (const p of b.of('PortRevisionEligibility'))
      if (p.data.revision_compatible === true && !p.data.module_revision_capability_ref)
        report(
          p,
          `Port ${q(p.data.port_id)} of module ${q(p.data.module_id)} is revision_compatible without module_revision_capability_ref.`,
        );
  },
};
