import { finding } from '../model/finding.js';
import type { GateReport } from '../model/report.js';
import { GATE } from '../policy/codes.js';
import { decide } from '../policy/gate.js';
import type { Settings } from '../github/inputs.js';

/** A step that cannot go on, with what to do about it: the gate then fails closed. */
export class ToolFailure extends Error {
  constructor(
    message: string,
    readonly remediation: string,
  ) {
    super(message);
  }
}

/** A report for a run that could not verify anything: the gate fails closed. */
export function failureReport(settings: Settings, err: unknown): GateReport {
  const tf = err instanceof ToolFailure ? err : undefined;
  const message = tf ? tf.message : `audit-gate failed: ${(err as Error).message ?? String(err)}.`;
  const remediation = tf
    ? tf.remediation
    : 'Rerun the job; if it fails again, report this message.';
  return decide([], {
    root: settings.workspace,
    failOn: settings.failOn,
    runFindings: [finding(GATE.internalError, { subject: 'gate', message, remediation })],
  });
}
