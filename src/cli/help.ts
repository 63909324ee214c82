import { FLAGS } from './flags.js';
import type { Pack, PackFlag } from '../packs/pack.js';
import { packs } from '../packs/registry.js';
import { VERSION } from '../version.js';

/**
 * Every CLI command as data: its usage line, what it does, and its options with one line of help
 * each. The parser takes its options from here, so `--help` cannot list an option the command
 * does not take, or miss one it does.
 */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Given any number of times (a string flag's values, in order). */
  multiple?: boolean;
  /** The value's placeholder in help, e.g. `DIR` or `text|json`. */
  value?: string;
  help: string;
}

export interface CommandSpec {
  usage: string;
  about: string;
  options: Record<string, OptionSpec>;
  /** Said after the exit codes: where this command departs from them. */
  exitNote?: string;
}

/** A pack's flag as an option of its command. */
function option({ type, value, help }: PackFlag): OptionSpec {
  return { type, help, ...(value !== undefined ? { value } : {}) };
}

const help = { type: 'boolean', short: 'h', help: 'show this help' } as const satisfies OptionSpec;
const version = {
  type: 'boolean',
  short: 'v',
  help: 'print the version',
} as const satisfies OptionSpec;
const progress = {
  type: 'boolean',
  help: 'print progress to stderr (always on when stderr is a terminal)',
} as const satisfies OptionSpec;
const allowOutsideRoot = option(FLAGS.allowOutsideRoot);
const textOrJson = option(FLAGS.format);
const reportFormat = option(FLAGS.reportFormat);
const out = option(FLAGS.out);

/**
 * The core commands (not a pack's). A new one is an entry here and a handler in src/cli/commands.ts;
 * each pack's command comes from the registry (Pack.command).
 */
export const CORE_COMMANDS = {
  verify: {
    usage: 'audit-gate verify [PATH...] [options]',
    about:
      'Discover and verify every paper, run, proof and Addenda B bundle under the root (or the PATHs given), in one report; fixtures only with --fixtures.',
    exitNote:
      'A PATH that does not exist, or in which nothing at all is found, is a blocking finding (exit 1), not a bad argument: the report is still written.',
    options: {
      root: {
        type: 'string',
        value: 'DIR',
        help: 'repository root (default: the git top level around the current directory, which is then the PATH when none is given)',
      },
      config: {
        type: 'string',
        value: 'FILE',
        help: 'config file (default: .audit-gate.json at the root, when present)',
      },
      format: reportFormat,
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
      paper: {
        type: 'string',
        multiple: true,
        value: 'DIR',
        help: 'verify DIR as a paper dir whatever it holds (repeatable): its missing audits count',
      },
      target: {
        type: 'string',
        multiple: true,
        value: 'PACK:DIR',
        help: "verify DIR as PACK's target whatever it holds (repeatable), e.g. addenda-b:bundles/b1: one emptied still fails",
      },
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
      version,
    },
  },
  merge: {
    usage: 'audit-gate merge REPORT... [options]',
    about:
      'Combine the JSON reports of verify --shard K/N into one report; a missing, duplicated or mismatched shard fails it.',
    options: {
      format: reportFormat,
      out,
      'fail-on': {
        type: 'string',
        value: 'blocking|problem',
        help: 'what fails the run: blocking findings (default) or any problem (the shards’ own applies too)',
      },
      assurance: {
        type: 'string',
        value: 'submission',
        help: 'refuse reports in which a paper or an aristo workspace was verified at another assurance, or does not say which',
      },
      config: {
        type: 'string',
        value: 'FILE',
        help: 'a config outside the checkout whose waivers apply (as in the publishing workflow)',
      },
      progress,
      help,
      version,
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
      'build-ready': {
        type: 'boolean',
        help: "also judge each pack's fixtures as a suite (its suite gate, e.g. every kind has a fixture)",
      },
      progress,
      help,
      version,
    },
  },
} as const satisfies Record<string, CommandSpec>;

/** A pack's subcommand (Pack.command) as a command: its flags, then --progress, --help and --version. */
function packCommand(id: string, c: NonNullable<Pack['command']>): CommandSpec {
  return {
    usage: `audit-gate ${id}${c.args ? ` ${c.args}` : ''} [options]`,
    about: c.about,
    options: {
      ...Object.fromEntries(c.flags.map((f) => [f.name, option(f)])),
      progress,
      help,
      version,
    },
  };
}

/** Every command: the core ones, then one per registered pack that declares a command. */
export function commands(): Record<string, CommandSpec> {
  const out: Record<string, CommandSpec> = { ...CORE_COMMANDS };
  for (const p of packs()) if (p.command) out[p.id] = packCommand(p.id, p.command);
  return out;
}

const EXIT_CODES =
  'Exit codes: 0 nothing blocks · 1 something blocks, nothing was verified, or the tool failed · 2 bad arguments.';

function flag(name: string, o: OptionSpec): string {
  return `${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` ${o.value}` : ''}`;
}

/** `audit-gate <command> --help`: the usage line, what it does, one line per option. */
export function commandHelp(c: CommandSpec): string {
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
    ...(c.exitNote ? [c.exitNote] : []),
    '',
  ].join('\n');
}

/** `audit-gate --help`: every command in one line each. */
export function overviewHelp(): string {
  const all = Object.entries(commands());
  const width = Math.max(...all.map(([n]) => n.length));
  return [
    `audit-gate ${VERSION}: verify machine-written audit verdicts and gate on them.`,
    '',
    'Usage: audit-gate <command> [options]   (audit-gate <command> --help for its options)',
    '',
    'Commands:',
    ...all.map(([n, c]) => `  ${n.padEnd(width)}  ${c.about.split('. ')[0]!.replace(/\.$/, '')}`),
    '',
    EXIT_CODES,
    'Docs: README.md (commands, report format); docs/codes.md (every validation code, what it means, what to do).',
    '',
  ].join('\n');
}
