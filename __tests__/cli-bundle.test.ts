// End to end: the committed CLI bundle, run with plain node as a user would.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CLI = path.resolve('dist/cli/index.js');
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error('dist/cli/index.js is missing: run npm run build');
});

describe('dist/cli/index.js', () => {
  it('verifies the bundled example repository: passing, stale and blocked papers', () => {
    const r = run(['verify', '--root', 'examples/repo', '--format', 'json']);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    const state = Object.fromEntries(
      report.targets
        .filter((t: { pack: string }) => t.pack === 'aris')
        .map((t: { path: string; terminal_state: string }) => [t.path, t.terminal_state]),
    );
    expect(state).toEqual({
      'papers/blocked': 'blocked',
      'papers/passing': 'accepted',
      'papers/stale': 'blocked',
    });
    const codes = new Set(report.findings.map((f: { code: string }) => f.code));
    expect([...codes].sort()).toEqual(['aris.input_stale', 'aris.verdict_blocked']);
  });
  it('prints a readable summary with marks, counts and submission-ready', () => {
    const r = run(['verify', '--root', 'examples/repo']);
    expect(r.stdout).toMatch(/✓ proof-checker/);
    expect(r.stdout).toMatch(/✗ paper-claim-audit\s+BLOCKED\n/);
    expect(r.stdout).toMatch(/submission-ready: no/);
    expect(r.stderr).toBe('');
  });
  it('aris on the passing example exits 0 and finds its traces at the top level', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-')), 'r.json');
    const r = run(['aris', 'examples/repo/papers/passing', '--json-out', out]);
    expect(r.status).toBe(0);
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(report).toMatchObject({
      assurance: 'submission',
      overall_assurance: 'accepted',
      submission_ready: 'yes',
    });
    expect(report.audits[0].trace_location).toBe(
      'examples/repo/.aris/traces/passing/proof-checker/2026-04-21_run01',
    );
    fs.rmSync(path.dirname(out), { recursive: true });
  });
  it('a reader that stops early (| head -1) ends the output quietly: no EPIPE stack, the run’s own exit code', async () => {
    const child = spawn(process.execPath, [CLI, 'fixtures', 'conformance', '--format', 'json']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Like head -1: read the first chunk, then close the pipe while the CLI is still writing.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });
  it('--version and usage errors', () => {
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const bad = run(['aris']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage/);
  });
});

describe('the compile cache of dist/cli/index.js', () => {
  const home = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ag-cache-'));
  const runIn = (cacheHome: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [CLI, ...args], {
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...env },
    });
  const caches = (cacheHome: string) => {
    const dir = path.join(cacheHome, 'audit-gate');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const verdicts = (r: ReturnType<typeof run>) => {
    const report = JSON.parse(r.stdout) as { findings: { code: string; location?: unknown }[] };
    return { status: r.status, findings: report.findings, stderr: r.stderr };
  };

  it('is written per command by the first run, and later runs give the same reports', () => {
    const h = home();
    const args = ['verify', '--root', 'examples/repo', '--format', 'json'];
    const cold = verdicts(runIn(h, args));
    expect(caches(h)).toEqual([expect.stringMatching(/^cli-[0-9a-f]{32}-verify\.v8cache$/)]);
    const warm = verdicts(runIn(h, args));
    expect(warm).toEqual(cold);
    runIn(h, ['--version']);
    expect(caches(h)).toHaveLength(2);
    expect(caches(h)).toContainEqual(expect.stringMatching(/-other\.v8cache$/));
  });

  it('a cache that is damaged, or not this bundle’s, is refused by V8 and written again', () => {
    const h = home();
    const args = ['verify', '--root', 'examples/repo', '--format', 'json'];
    const clean = verdicts(runIn(h, args));
    const [name] = caches(h);
    const file = path.join(h, 'audit-gate', name!);
    const good = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.alloc(good.length, 0x41));
    expect(verdicts(runIn(h, args))).toEqual(clean);
    expect(fs.readFileSync(file)[0]).not.toBe(0x41);
  });

  it('is neither read nor written when turned off, or where others may write', () => {
    const off = home();
    expect(runIn(off, ['--version'], { AUDIT_GATE_COMPILE_CACHE: 'off' }).status).toBe(0);
    expect(caches(off)).toEqual([]);
    const shared = home();
    fs.mkdirSync(path.join(shared, 'audit-gate'));
    fs.chmodSync(path.join(shared, 'audit-gate'), 0o777);
    expect(runIn(shared, ['--version']).status).toBe(0);
    expect(caches(shared)).toEqual([]);
  });
});
