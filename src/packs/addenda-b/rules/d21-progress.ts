// D-21 split background-progress overload (L2810-2826).
import type { Rule } from './rule.js';
import { toNumber } from '../schema/primitives.js';

const SECTION = 'D-21';
const LEGACY = 'requires_background_progress';
const HEARTBEAT_FIELDS = ['emits_progress_heartbeat', 'heartbeat_interval_ms'];

export const requiresBackgroundProgressLegacyFieldPresent: Rule = {
  meta: {
    code: 'validation.requires_background_progress_legacy_field_present',
    section: SECTION,
    seedLine: 2824,
    title: 'A record carries the overloaded requires_background_progress',
    remediation:
      'Split it: requires_background_execution on RunExecutionRequirements, emits_progress_heartbeat (and heartbeat_interval_ms) on ModuleProgressBehavior.',
    decision: 'Checked on every record of the bundle (any record may still carry the old field).',
  },
  check(b, report) {
    for (const r of b.group('legacyProgress')) report(r, `${r.type} carries ${LEGACY}.`);
  },
};

export const backgroundExecutionHeartbeatConfused: Rule = {
  meta: {
    code: 'validation.background_execution_heartbeat_confused',
    section: SECTION,
    seedLine: 2825,
    title: 'Background execution and progress heartbeat are mixed up',
    remediation:
      'Keep requires_background_execution on RunExecutionRequirements and the heartbeat on ModuleProgressBehavior; a heartbeat needs a positive heartbeat_interval_ms.',
    decision:
      'Fires for heartbeat fields on RunExecutionRequirements, requires_background_execution on ModuleProgressBehavior, and emits_progress_heartbeat true without a positive finite heartbeat_interval_ms.',
  },
  check(b, report) {
    for (const r of b.of('RunExecutionRequirements')) {
      const mixed = HEARTBEAT_FIELDS.filter((f) => Object.hasOwn(r.data, f));
      if (mixed.length)
        report(
          r,
          `RunExecutionRequirements carries ${mixed.join(', ')}, which belong on ModuleProgressBehavior.`,
        );
    }
    for (const r of b.of('ModuleProgressBehavior')) {
      if (Object.hasOwn(r.data, 'requires_background_execution'))
        report(
          r,
          'ModuleProgressBehavior carries requires_background_execution, which belongs on RunExecutionRequirements.',
        );
      const interval = toNumber(r.data.heartbeat_interval_ms);
      if (
        r.data.emits_progress_heartbeat === true &&
        !(interval !== undefined && interval > 0 && Number.isFinite(interval))
      )
        report(
          r,
          'ModuleProgressBehavior emits a progress heartbeat without a positive heartbeat_interval_ms.',
        );
    }
  },
};
