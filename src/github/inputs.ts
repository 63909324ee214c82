import os from 'node:os';
import path from 'node:path';
import { splitTarget } from '../config/config.js';
import { parseShard, type ShardSpec } from '../pipeline/shard.js';
import { enforcementSettings, type Assurance, type Effort } from '../policy/assurance.js';
import type { FailOn } from '../policy/gate.js';
import type { CommentMode } from './comment.js';

/** Every input of action.yml, parsed once and checked, as one typed object. */
export interface Settings {
  workspace: string;
  paths?: string[];
  /** Paper dirs verified as papers whatever they hold (verify's `papers`). */
  papers?: string[];
  /** Directories verified as one pack's target whatever they hold, `pack:dir` (verify's `targets`). */
  targets?: string[];
  /** A config file (absolute): trusted only when it lies outside the workspace. */
  config?: string;
  /** Inline config JSON from the workflow: trusted. */
  configJson?: string;
  assurance?: Assurance;
  effort?: Effort;
  /** Fixture directory relative to the workspace, named by the fixtures input; false: none. */
  fixtures?: string | false;
  /** Run when it exists and neither the input nor the config names a fixture directory. */
  defaultFixtures?: string;
  token: string;
  checkName: string;
  comment: CommentMode;
  failOn: FailOn;
  allowEmpty?: boolean;
  sarifFile?: string;
  /**
   * Publish these already produced JSON reports instead of verifying: absolute paths or globs
   * (one a line). Several (the shard reports of a matrix) are merged into one.
   */
  report?: string[];
  /** Verify only this share of the targets (a matrix job); nothing is published but the summary. */
  shard?: ShardSpec;
  /** The runner's temp dir, where report globs may look as well as the workspace. */
  runnerTemp?: string;
  /** Where the JSON report is written. */
  reportPath: string;
  /** A pull request to comment on for push / workflow_dispatch runs. */
  pullRequest?: number;
  apiUrl?: string;
  retryBaseMs?: number;
  writeIntervalMs?: number;
}

export class InputError extends Error {}

/** Reads an input the way @actions/core does: INPUT_<NAME> with spaces as underscores, trimmed. */
export function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function oneOf<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const v = input(env, name);
  if (v === '') return fallback;
  if (!(allowed as readonly string[]).includes(v))
    throw new InputError(`Input "${name}" must be one of ${allowed.join(', ')}; got "${v}".`);
  return v as T;
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const v = input(env, name).toLowerCase();
  if (v === '') return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new InputError(`Input "${name}" must be true or false; got "${v}".`);
}

function nonNegativeInt(env: NodeJS.ProcessEnv, key: string): number | undefined {
  const v = env[key];
  if (v === undefined || v === '') return undefined;
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

/** A multi-line input's entries: trimmed, without blank lines and # comments. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.startsWith('#'));
}

export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const workspace = path.resolve(env['GITHUB_WORKSPACE'] || process.cwd());
  const inWorkspace = (p: string) => path.resolve(workspace, p);
  const paths = lines(input(env, 'paths'));
  const papers = lines(input(env, 'papers'));
  const targets = lines(input(env, 'targets'));
  const badTarget = targets.find((t) => !splitTarget(t));
  if (badTarget !== undefined)
    throw new InputError(
      `Input "targets" takes one pack:dir a line (e.g. addenda-b:bundles/b1); got "${badTarget}".`,
    );
  const { assurance, effort } = enforcementSettings(
    { assurance: input(env, 'assurance'), effort: input(env, 'effort') },
    (name, allowed, got) => {
      throw new InputError(`Input "${name}" must be one of ${allowed.join(', ')}; got "${got}".`);
    },
  );
  const checkName = input(env, 'check-name') || 'audit-gate';
  if (checkName.length > 100)
    throw new InputError('Input "check-name" must be at most 100 characters.');
  const pr = input(env, 'pull-request');
  if (pr && !/^[1-9]\d*$/.test(pr))
    throw new InputError(`Input "pull-request" must be a pull request number; got "${pr}".`);

  const config = input(env, 'config');
  const configJson = input(env, 'config-json');
  if (config && configJson)
    throw new InputError('Give either "config" or "config-json", not both.');
  const fixtures = input(env, 'fixtures');

  const reportPath = input(env, 'report-path');
  const tmp = env['RUNNER_TEMP'] || os.tmpdir();
  const s: Settings = {
    workspace,
    token: input(env, 'github-token'),
    checkName,
    comment: oneOf(env, 'comment', ['failures', 'always', 'off'] as const, 'failures'),
    failOn: oneOf(env, 'fail-on', ['blocking', 'problem'] as const, 'blocking'),
    reportPath: reportPath ? inWorkspace(reportPath) : path.join(tmp, 'audit-gate', 'report.json'),
  };
  if (paths.length) s.paths = paths;
  if (papers.length) s.papers = papers;
  if (targets.length) s.targets = targets;
  if (config) s.config = inWorkspace(config);
  if (configJson) s.configJson = configJson;
  if (assurance) s.assurance = assurance;
  if (effort) s.effort = effort;
  // Default: conformance/ when it exists (verify decides, after the config is read).
  if (fixtures === '') s.defaultFixtures = 'conformance';
  else s.fixtures = fixtures === 'none' ? false : fixtures;
  const allowEmpty = bool(env, 'allow-empty');
  if (allowEmpty !== undefined) s.allowEmpty = allowEmpty;
  const sarif = input(env, 'sarif-file');
  if (sarif) s.sarifFile = inWorkspace(sarif);
  const report = lines(input(env, 'report')).map(inWorkspace);
  if (report.length) s.report = report;
  s.runnerTemp = tmp;
  const shard = input(env, 'shard');
  if (shard) {
    const spec = parseShard(shard);
    if (typeof spec === 'string')
      throw new InputError(`Input "shard" must be K/N (for example 2/4); got "${shard}".`);
    if (report.length) throw new InputError('Give either "shard" or "report", not both.');
    s.shard = spec;
  }
  if (pr) s.pullRequest = Number(pr);
  if (env['GITHUB_API_URL']) s.apiUrl = env['GITHUB_API_URL'];
  // Test hooks: shorter retry backoff and write pacing (never needed on a runner).
  const retryBaseMs = nonNegativeInt(env, 'AUDIT_GATE_RETRY_BASE_MS');
  if (retryBaseMs !== undefined) s.retryBaseMs = retryBaseMs;
  const writeIntervalMs = nonNegativeInt(env, 'AUDIT_GATE_WRITE_INTERVAL_MS');
  if (writeIntervalMs !== undefined) s.writeIntervalMs = writeIntervalMs;
  return s;
}
