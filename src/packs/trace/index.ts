import type { Pack } from '../pack.js';
import { TRACE_CODES } from './codes.js';
import { discoverRuns } from './discover.js';
import { verifyRun } from './run.js';

export { TRACE, TRACE_CODES, CHECK_NAMES, type CheckName } from './codes.js';
export type { TraceExtension } from './run.js';

/** Evidence-grounded run traces (seeds 002, 003): one subject per `artifacts/runs/<run_id>/`. */
export const tracePack: Pack = {
  id: 'trace',
  title: 'Evidence-grounded run traces',
  codes: TRACE_CODES,
  parallel: true,
  discover: discoverRuns,
  verify: verifyRun,
};
