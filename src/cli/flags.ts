import type { PackFlag } from '../packs/pack.js';

/**
 * Flags several commands take, with the same help everywhere (a pack's command lists them in its
 * `flags`). Every command also gets --progress and --help from the CLI itself. A module of its
 * own, importing nothing, so a pack's command can use it while the registry is being loaded.
 */
export const FLAGS = {
  format: {
    name: 'format',
    type: 'string',
    value: 'text|json',
    help: 'stdout format (default text)',
  },
  /** --format of the commands that write a whole gate report (verify, merge). */
  reportFormat: {
    name: 'format',
    type: 'string',
    value: 'text|json|markdown|sarif',
    help: 'stdout format (default text); markdown: the pull-request comment the Action posts, sarif: its code-scanning file',
  },
  out: {
    name: 'out',
    type: 'string',
    value: 'FILE',
    help: 'write the JSON report to FILE; stdout keeps the text summary',
  },
  allowOutsideRoot: {
    name: 'allow-outside-root',
    type: 'boolean',
    help: 'read files an artifact names outside the root too (local use only)',
  },
  /** For packs whose findings block at any assurance: the flag only pins the checkout's config. */
  pin: {
    name: 'assurance',
    type: 'string',
    value: 'submission',
    help: "pin enforcement, as verify's --assurance: the checkout's .audit-gate.json can then no longer waive a finding (for a required check)",
  },
  gitRoot: {
    name: 'root',
    type: 'string',
    value: 'DIR',
    help: 'workspace nothing is read outside of (default: the git top level)',
  },
} as const satisfies Record<string, PackFlag>;
