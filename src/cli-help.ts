import { VERSION } from './version.js';

/**
 * Every CLI command as data: its usage line, what it does, and its options with one line of help
 * each. The parser takes its options from here, so `--help` cannot list an option the command
 * does not take, or miss one it does.
 */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in help, e.g. `DIR` or `text|json`. */
  value?: string;
  help: string;
}

export interface CommandSpec {
  usage: string;
  about: string;
  options: Record<string, OptionSpec>;
}

const help = { type: 'boolean', short: 'h', help: 'show this help' } as const satisfies OptionSpec;
const progress = {
  type: 'boolean',
  help: 'print progress to stderr (always on when stderr is a terminal)',
} as const satisfies OptionSpec;
const allowOutsideRoot = {
  type: 'boolean',
  help: 'read inputs and traces outside the root too (local use only)',
} as const satisfies OptionSpec;
const textOrJson = {
  type: 'string',
  value: 'text|json',
  help: 'stdout format (default text)',
} as const satisfies OptionSpec;
const out = {
  type: 'string',
  value: 'FILE',
  help: 'write the JSON report to FILE; stdout keeps the text summary',
} as const satisfies OptionSpec;

export const COMMANDS = {
  aris: {
    usage: 'audit-gate aris <paper-dir> [options]',
    about:
      'Verify one paper directory (drop-in replacement for verify_paper_audits.sh). Writes <paper-dir>/.aris/audit-verifier-report.json; the summary goes to stderr.',
    options: {
      assurance: {
        type: 'string',
        value: 'draft|submission',
        help: 'what problems block (default: .aris/assurance.txt, else --effort, else draft)',
      },
      effort: {
        type: 'string',
        value: 'lite|balanced|max|beast',
        help: 'implies an assurance when none is given (max, beast: submission)',
      },
      'json-out': {
        type: 'string',
        value: 'FILE',
        help: 'write the legacy report to FILE instead',
      },
      format: { ...textOrJson, help: 'json also prints the legacy report on stdout' } as const,
      root: {
        type: 'string',
        value: 'DIR',
        help: 'workspace nothing is read outside of (default: the git top level)',
      },
      'allow-outside-root': allowOutsideRoot,
      progress,
      help,
    },
  },
  verify: {
    usage: 'audit-gate verify [PATH...] [options]',
    about:
      'Discover and verify every paper, run and fixture under the root (or the PATHs given), in one report.',
    options: {
      root: { type: 'string', value: 'DIR', help: 'repository root to discover under (default .)' },
      config: {
        type: 'string',
        value: 'FILE',
        help: 'config file (default: .audit-gate.json at the root, when present)',
      },
      format: textOrJson,
      out,
      assurance: {
        type: 'string',
        value: 'draft|submission',
        help: "assurance for every paper, over each paper's .aris/assurance.txt",
      },
      effort: {
        type: 'string',
        value: 'lite|balanced|max|beast',
        help: 'implies an assurance for papers that state none',
      },
      fixtures: { type: 'string', value: 'DIR', help: 'also run the conformance fixtures in DIR' },
      'fail-on': {
        type: 'string',
        value: 'blocking|problem',
        help: 'what fails the run: blocking findings (default) or any problem',
      },
      'allow-empty': { type: 'boolean', help: 'succeed when nothing was found to verify' },
      shard: {
        type: 'string',
        value: 'K/N',
        help: 'verify only shard K of N (balanced by bytes; fixtures in shard 1); combine with merge',
      },
      'allow-outside-root': allowOutsideRoot,
      progress,
      help,
    },
  },
  merge: {
    usage: 'audit-gate merge REPORT... [options]',
    about:
      'Combine the JSON reports of verify --shard K/N into one report; a missing, duplicated or mismatched shard fails it.',
    options: {
      format: textOrJson,
      out,
      'fail-on': {
        type: 'string',
        value: 'blocking|problem',
        help: 'what fails the run: blocking findings (default) or any problem (the shards’ own applies too)',
      },
      assurance: {
        type: 'string',
        value: 'submission',
        help: 'refuse reports in which a paper was verified at another assurance',
      },
      config: {
        type: 'string',
        value: 'FILE',
        help: 'a config outside the checkout whose waivers apply (as in the publishing workflow)',
      },
      progress,
      help,
    },
  },
  trace: {
    usage: 'audit-gate trace <run-dir | artifacts-root>... [options]',
    about: 'Verify evidence-grounded run traces (…/runs/<run_id>/).',
    options: {
      format: {
        type: 'string',
        value: 'text|json|verification-report',
        help: "stdout format (default text); verification-report is the producer's shape",
      },
      out: {
        type: 'string',
        value: 'FILE',
        help: 'write the JSON report to FILE; stdout keeps the text summary (verification-report: that report, also written beside FILE)',
      },
      'min-supports': {
        type: 'string',
        value: 'N',
        help: 'minimum evidence supports per derived claim (default 2)',
      },
      root: {
        type: 'string',
        value: 'DIR',
        help: 'workspace nothing is read outside of (default: the git top level)',
      },
      'allow-outside-root': allowOutsideRoot,
      progress,
      help,
    },
  },
  fixtures: {
    usage: 'audit-gate fixtures [DIR] [options]',
    about:
      'Run the conformance fixtures in DIR (default conformance/): each must emit exactly its expected codes.',
    options: {
      format: textOrJson,
      out,
      root: { type: 'string', value: 'DIR', help: 'workspace root (default: DIR)' },
      progress,
      help,
    },
  },
  aristo: {
    usage: 'audit-gate aristo [ROOT] [options]',
    about:
      'Verify aristo proofs (.aristo/) against the Rust sources under ROOT (default .): staleness, orphans, the validator checks, waivers. In text, the proof cards come first.',
    options: {
      format: textOrJson,
      out,
      root: {
        type: 'string',
        value: 'DIR',
        help: 'workspace root, when ROOT is not given (default .)',
      },
      'block-inconclusive': {
        type: 'boolean',
        help: 'inconclusive verdicts block (default: a warning)',
      },
      'block-missing-proof': {
        type: 'boolean',
        help: 'intents that ask for verification but have no proof block (default: a warning)',
      },
      'allow-outside-root': allowOutsideRoot,
      progress,
      help,
    },
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

const EXIT_CODES =
  'Exit codes: 0 nothing blocks · 1 something blocks (or nothing was verified) · 2 bad arguments.';

function flag(name: string, o: OptionSpec): string {
  return `${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` ${o.value}` : ''}`;
}

/** `audit-gate <command> --help`: the usage line, what it does, one line per option. */
export function commandHelp(name: CommandName): string {
  const c: CommandSpec = COMMANDS[name];
  const rows = Object.entries(c.options).map(([n, o]) => [flag(n, o), o.help] as const);
  const width = Math.max(...rows.map(([f]) => f.length));
  return [
    `Usage: ${c.usage}`,
    '',
    c.about,
    '',
    'Options:',
    ...rows.map(([f, h]) => `  ${f.padEnd(width)}  ${h}`),
    '',
    EXIT_CODES,
    '',
  ].join('\n');
}

/** `audit-gate --help`: every command in one line each. */
export function overviewHelp(): string {
  const names = Object.keys(COMMANDS) as CommandName[];
  const width = Math.max(...names.map((n) => n.length));
  return [
    `audit-gate ${VERSION}: verify machine-written audit verdicts and gate on them.`,
    '',
    'Usage: audit-gate <command> [options]   (audit-gate <command> --help for its options)',
    '',
    'Commands:',
    ...names.map(
      (n) => `  ${n.padEnd(width)}  ${COMMANDS[n].about.split('. ')[0]!.replace(/\.$/, '')}`,
    ),
    '',
    EXIT_CODES,
    'Docs: README.md (commands, report format, codes).',
    '',
  ].join('\n');
}
