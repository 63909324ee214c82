import * as core from '@actions/core';
import { InputError, readSettings, type Settings } from '../github/inputs.js';

/** The Action's inputs, or undefined (the step failed, saying which input is wrong). */
export function settingsOrFail(env: NodeJS.ProcessEnv): Settings | undefined {
  try {
    return readSettings(env);
  } catch (err) {
    core.setFailed(
      err instanceof InputError
        ? err.message
        : `audit-gate could not read its inputs: ${(err as Error).message}`,
    );
    return undefined;
  }
}
