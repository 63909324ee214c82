import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the built Action (dist/index.js) in a child process the way a runner does: INPUT_*
 * variables, GITHUB_EVENT_NAME / GITHUB_EVENT_PATH with a webhook payload, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, and GITHUB_API_URL pointing at the mock server.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.join(ROOT, 'dist', 'index.js');
export const TOKEN = 'ghs_testtoken0123456789abcdefSECRET';

export interface RunOptions {
  workspace: string;
  apiUrl: string;
  eventName: string;
  payload: unknown;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** GITHUB_SHA: the merge commit on pull_request events. */
  sha?: string;
  /** The commit the workspace has checked out (as actions/checkout does: GITHUB_SHA by default). */
  checkedOut?: string;
  /** Called with the Action's process once it is started (to signal it). */
  started?: (child: ChildProcess) => void;
  repository?: string;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** The JSON report at the report-path output, read before the runner's temp dir is removed. */
  report?: string;
}

/** Parses the GITHUB_OUTPUT file (name<<delimiter ... delimiter blocks). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (m) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!);
      out[m[1]!] = value.join('\n');
    } else if (lines[i]!.includes('=')) {
      const [k, ...v] = lines[i]!.split('=');
      out[k!] = v.join('=');
    }
  }
  return out;
}

export async function runAction(o: RunOptions): Promise<RunResult> {
  const sha = o.sha ?? 'f000000000000000000000000000000000000001';
  const git = path.join(o.workspace, '.git');
  // A checkout (not an empty workspace) is a git work tree at the checked-out commit.
  if (fs.existsSync(o.workspace) && fs.readdirSync(o.workspace).length > 0 && !fs.existsSync(git)) {
    fs.mkdirSync(git);
    fs.writeFileSync(path.join(git, 'HEAD'), `${o.checkedOut ?? sha}\n`); // detached, like checkout
    fs.writeFileSync(path.join(git, 'index'), emptyIndex());
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-runner-'));
  const eventPath = path.join(tmp, 'event.json');
  fs.writeFileSync(eventPath, JSON.stringify(o.payload));
  const outputFile = path.join(tmp, 'output');
  const summaryFile = path.join(tmp, 'summary');
  fs.writeFileSync(outputFile, '');
  fs.writeFileSync(summaryFile, '');
  const inputs: Record<string, string> = { 'github-token': TOKEN, ...(o.inputs ?? {}) };
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: tmp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: o.workspace,
    GITHUB_EVENT_NAME: o.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SHA: sha,
    GITHUB_REPOSITORY: o.repository ?? 'Codertocat/Hello-World',
    GITHUB_API_URL: o.apiUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: tmp,
    // Keep retries fast in tests; production uses GitHub's 1 s write pacing and second-scale backoff.
    AUDIT_GATE_RETRY_BASE_MS: '5',
    AUDIT_GATE_WRITE_INTERVAL_MS: '0',
    ...(o.env ?? {}),
  };
  for (const [k, v] of Object.entries(inputs))
    env[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = v;
  const child = spawn(process.execPath, [DIST], {
    cwd: o.workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  o.started?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const result: RunResult = {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(fs.readFileSync(outputFile, 'utf8')),
    summary: fs.readFileSync(summaryFile, 'utf8'),
  };
  const reportPath = result.outputs['report-path'];
  if (reportPath && fs.existsSync(reportPath)) result.report = fs.readFileSync(reportPath, 'utf8');
  fs.rmSync(tmp, { recursive: true, force: true });
  return result;
}

/** A real webhook payload from @octokit/webhooks-examples. */
export function examplePayload(
  name: string,
  pick: (e: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> {
  const file = path.join(
    ROOT,
    'node_modules',
    '@octokit',
    'webhooks-examples',
    'api.github.com',
    'index.json',
  );
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    name: string;
    examples: Record<string, unknown>[];
  }[];
  const ex = all.find((e) => e.name === name)?.examples.find(pick);
  if (!ex) throw new Error(`no ${name} example payload`);
  return structuredClone(ex);
}

/** A git index (version 2) with no entries, and its sha1 checksum. */
function emptyIndex(): Buffer {
  const body = Buffer.from([0x44, 0x49, 0x52, 0x43, 0, 0, 0, 2, 0, 0, 0, 0]); // "DIRC", v2, 0
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}
