import type { CodeDef } from '../model/finding.js';

/** Codes about the run as a whole rather than one contract. */
export const GATE = {
  nothingVerified: {
    code: 'gate.nothing_verified',
    severity: 'error',
    title: 'Nothing was verified',
    remediation:
      'Point audit-gate at the paper or run directories (paths, or a config file), or pass --allow-empty if an empty run is expected.',
  },
  targetNotFound: {
    code: 'gate.target_not_found',
    severity: 'error',
    title: 'A configured path does not exist or is outside the workspace',
    remediation:
      'Fix the path: a directory inside the workspace. A verify PATH argument is relative to the current directory; the paths and papers inputs and the config file’s paths and papers are relative to the root.',
  },
  directoryUnreadable: {
    code: 'gate.directory_unreadable',
    severity: 'error',
    title: 'A directory in the searched tree could not be listed, so nothing in it was verified',
    remediation:
      'Rename the directory (its name must be valid UTF-8, and its path shorter than the system limit) or make it readable; or list it in the config exclude if it holds nothing to verify.',
  },
  configInvalid: {
    code: 'gate.config_invalid',
    severity: 'error',
    title: 'The audit-gate config file is malformed',
    remediation:
      'Fix the config file (.audit-gate.json, or the file given with verify --config or the Action’s config input); the README’s "Config file" section and schemas/config.schema.json list the keys.',
  },
  configRefused: {
    code: 'gate.config_refused',
    severity: 'error',
    title:
      'The checkout’s config file leads outside the workspace or into .git/, so it was not read',
    remediation:
      'Make the config a regular file in the repository, or give a shared config from the workflow: a file outside the checkout (--config, the Action’s config input) or inline JSON (the Action’s config-json input).',
  },
  configKeyIgnored: {
    code: 'gate.config_key_ignored',
    severity: 'warning',
    title: 'Keys of the checkout’s config were ignored because the workflow pins the assurance',
    remediation:
      'Remove these keys from the checkout’s config, or set them from the workflow: a config file outside the checkout (`audit-gate verify --config`, the Action’s config input) or inline JSON (the Action’s config-json input).',
  },
  checkoutConfigUnread: {
    code: 'gate.checkout_config_unread',
    severity: 'notice',
    title:
      'The checkout’s .audit-gate.json was not read: the workflow gives its own config, which replaces it',
    remediation:
      'Put every key the gate should keep (a trace option such as require_reasoning, exclusions, packs) in the workflow’s config; the checkout’s file is read only when the workflow gives none. Leave it for local runs, or remove it.',
  },
  gitIndexUnreadable: {
    code: 'gate.git_index_unreadable',
    severity: 'warning',
    title: 'What git tracks could not be read, so .gitignore files were not trusted there',
    remediation:
      'Nothing to fix if the extra targets are right; otherwise give the runner a readable .git/index (core.splitIndex off), or list what to skip in the config exclude.',
  },
  subjectConflict: {
    code: 'gate.subject_conflict',
    severity: 'error',
    title: 'Two targets report the same subject',
    remediation:
      'Move the nested paper or run directory out of the other one, or list its artifacts without a subfolder; rename a directory whose name holds # (an aristo workspace) so that it has none.',
  },
  waiverUnmatched: {
    code: 'gate.waiver_unmatched',
    severity: 'error',
    title: 'A waiver in the config matches no finding',
    remediation:
      'Remove the waiver from the config (what it waived is fixed or gone), or correct its code or subject.',
  },
  waiverExpired: {
    code: 'gate.waiver_expired',
    severity: 'warning',
    title: 'A waiver in the config has expired, so the findings it covered count again',
    remediation:
      'Fix what the waiver covered and remove it, or renew it with a new expires date and a reason.',
  },
  reportRefused: {
    code: 'gate.report_refused',
    severity: 'error',
    title:
      'A report to publish or merge could not be read, contradicts its own findings, or was verified at another assurance',
    remediation:
      'Publish the unedited JSON reports of the audit-gate steps (their report-path output), written by the same audit-gate version and verified at the assurance the merge or publish requires (--assurance submission, the Action’s assurance input) and with the options its config sets (such as packs.trace.require_reasoning); rerun the jobs that wrote them.',
  },
  reportUnwritten: {
    code: 'gate.report_unwritten',
    severity: 'error',
    title: 'The JSON report or SARIF could not be written where the workflow asked',
    remediation:
      'Set report-path and sarif-file to paths under ${{ runner.temp }}, outside the checkout, and upload the step’s report-path and sarif-file outputs rather than the paths themselves; if the path already lies outside the checkout, make sure the runner can write there.',
  },
  shardMissing: {
    code: 'gate.shard_missing',
    severity: 'error',
    title: 'A shard of the target list has no report, so its targets were not verified',
    remediation:
      'Give merge the report of every shard 1..N (each matrix job uploads its own); rerun the missing verify job.',
  },
  shardDuplicate: {
    code: 'gate.shard_duplicate',
    severity: 'error',
    title: 'Two reports claim the same shard',
    remediation:
      'Give merge each shard’s report once: give each matrix job its own --shard K/N and its own artifact name.',
  },
  shardMismatch: {
    code: 'gate.shard_mismatch',
    severity: 'error',
    title: 'The shard reports were cut from different target lists',
    remediation:
      'Verify every shard from the same commit with the same shard count N (--shard K/N), and merge only those reports.',
  },
  shardConfigMismatch: {
    code: 'gate.shard_config_mismatch',
    severity: 'error',
    title: 'The shard reports were verified with different settings',
    remediation:
      'Run every shard with the same audit-gate version, config and inputs (assurance, paths, fixtures, fail-on…).',
  },
  shardOverlap: {
    code: 'gate.shard_overlap',
    severity: 'error',
    title: 'Two shard reports claim the same target',
    remediation:
      'Merge only reports written by verify --shard from the same commit; rerun the verify jobs.',
  },
  shardIncomplete: {
    code: 'gate.shard_incomplete',
    severity: 'error',
    title: 'The shard reports do not cover the target list they were cut from',
    remediation:
      'Merge the unedited reports of verify --shard K/N for K = 1..N from the same commit; rerun the verify jobs.',
  },
  internalError: {
    code: 'gate.internal_error',
    severity: 'error',
    title: 'audit-gate failed while checking this target',
    remediation: 'Report this with the message; the target counts as failed until it is verified.',
  },
} as const satisfies Record<string, CodeDef>;
