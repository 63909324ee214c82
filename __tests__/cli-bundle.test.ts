// End to end: the committed CLI bundle, run with plain node as a user would.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { asciiOnly } from '../scripts/lib/ascii-source.mjs';
import { commands } from '../src/cli/help.js';

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
  it('runs through a link kept as the main module’s path (--preserve-symlinks-main)', () => {
    // As npm's bin link is, under NODE_OPTIONS=--preserve-symlinks-main: app.js, the assets and
    // the verify workers are found beside the real loader, not beside the link.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-bin-'));
    fs.symlinkSync(CLI, path.join(bin, 'audit-gate'));
    const r = spawnSync(
      process.execPath,
      ['--preserve-symlinks-main', path.join(bin, 'audit-gate'), '--version'],
      { encoding: 'utf8' },
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    fs.rmSync(bin, { recursive: true });
  });
  it('is a CommonJS script, which Node starts without its ES module loader', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve('dist/cli/package.json'), 'utf8'));
    expect(pkg.type).toBe('commonjs');
    expect(fs.readFileSync(CLI, 'utf8')).not.toMatch(/^\s*(import|export)\b|import\.meta/m);
  });
  it('never loads ICU’s locale formatting, which cost every command ≈ 9 ms at start-up', () => {
    const code = fs
      .readFileSync(path.resolve('dist/cli/app.js'), 'utf8')
      .replace(/^\s*(\*|\/\/).*$/gm, ''); // comments may name what the code avoids
    expect(code).not.toMatch(/\.toLocale\w*\(|\bIntl\.|\.localeCompare\(/);
  });
  it('--version and usage errors', () => {
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const bad = run(['aris']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage/);
  });
});

describe('app.js is ASCII only', () => {
  it('the committed bundle holds no byte over 0x7f, and still prints its marks and quotes', () => {
    const bytes = fs.readFileSync(path.resolve('dist/cli/app.js'));
    expect(bytes.findIndex((b) => b > 0x7f)).toBe(-1);
    expect(run(['verify', '--root', 'examples/repo']).stdout).toMatch(/✓ proof-checker.*\n[^]*·/);
  });
  it('escapes mean the same characters in strings, templates, regular expressions and comments', () => {
    const source = [
      '// a comment — with ’ and ≥',
      'const s = "l’état ≥ 2 — ✓";',
      'const t = `${s} · ${1 + 1} → 😀`;',
      'const r = /^[’—–]+$/.test("’—–") && /😀/u.test("😀") && /[≤≥]/.test("≥");',
      '({ s, t, r, k: { "clé": 1 }.clé })',
    ].join('\n');
    const escaped = asciiOnly(source);
    expect(/[\u0080-\uffff]/.test(escaped)).toBe(false);
    expect(vm.runInNewContext(escaped)).toEqual(vm.runInNewContext(source));
    expect(vm.runInNewContext(escaped).r).toBe(true);
  });
  it('refuses the forms where an escape would change the program', () => {
    expect(() => asciiOnly('const s = "\\’";')).toThrow(/escaped non-ASCII/);
    // A tag sees the raw text, escapes and all, however it reads it.
    for (const tagged of [
      'const s = String.raw`’`;',
      'const f = (s) => s.raw.join(""); f`’`;',
      'const f = ({ raw }) => raw[0]; f`’`;',
      'String["raw"]`’`;',
      'const { raw: r } = String; r`x ${1} ’`;',
    ])
      expect(() => asciiOnly(tagged)).toThrow(/tagged template/);
    // A line separator ends a line comment, and is a line break for semicolon insertion.
    expect(() => asciiOnly('let x = 1; // note\u2028x = 2\nx')).toThrow(/U\+2028/);
    expect(() => asciiOnly('(function () { return /*\u2029*/ 42; })()')).toThrow(
      /line separator U\+2029 in a comment/,
    );
    expect(() => asciiOnly('let a\u00a0= 1;')).toThrow(/U\+00a0 between tokens/);
  });
  it('keeps a tagged template of ASCII text, and a line separator inside a string', () => {
    const source = 'const t = String.raw`a\\n${1}`; const s = "a\u2028b"; [t, s]';
    expect(vm.runInNewContext(asciiOnly(source))).toEqual(vm.runInNewContext(source));
    expect(asciiOnly(source)).not.toMatch(/[\u0080-\uffff]/);
  });
});

describe('the compile cache of dist/cli/index.js', () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const d of copies.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  /** A copy of the CLI bundle, so these runs own its cache directory. */
  const copy = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-cache-'));
    copies.push(dir);
    for (const f of fs.readdirSync('dist/cli'))
      if (f !== '.v8cache') fs.copyFileSync(path.join('dist/cli', f), path.join(dir, f));
    return dir;
  };
  const runIn = (dir: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [path.join(dir, 'index.js'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  const caches = (dir: string) =>
    fs.existsSync(path.join(dir, '.v8cache')) ? fs.readdirSync(path.join(dir, '.v8cache')) : [];
  const verdicts = (r: ReturnType<typeof run>) => {
    const report = JSON.parse(r.stdout) as { findings: unknown[] };
    return { status: r.status, findings: report.findings, stderr: r.stderr };
  };
  const args = ['verify', '--root', 'examples/repo', '--format', 'json'];

  it('is written beside the bundle per command by the first run; later runs report the same', () => {
    const dir = copy();
    const cold = verdicts(runIn(dir, args));
    expect(caches(dir)).toEqual([expect.stringMatching(/^[0-9a-f]{32}-verify\.v8cache$/)]);
    expect(verdicts(runIn(dir, args))).toEqual(cold);
    runIn(dir, ['--version']);
    runIn(dir, ['verfy']); // a typo shares "other" with --version
    expect(caches(dir).sort()).toEqual([
      expect.stringMatching(/-other\.v8cache$/),
      expect.stringMatching(/-verify\.v8cache$/),
    ]);
  });

  it('knows exactly the CLI’s commands', () => {
    const loader = fs.readFileSync(path.resolve('scripts/lib/cli-loader.cjs'), 'utf8');
    const listed = /const COMMANDS = (\[[^\]]*\]);/.exec(loader)![1]!.replace(/'/g, '"');
    expect((JSON.parse(listed) as string[]).sort()).toEqual(Object.keys(commands()).sort());
  });

  it('a damaged cache is refused by V8 and written again; the report is the same', () => {
    const dir = copy();
    const clean = verdicts(runIn(dir, args));
    const file = path.join(dir, '.v8cache', caches(dir)[0]!);
    fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 0x41));
    expect(verdicts(runIn(dir, args))).toEqual(clean);
    expect(fs.readFileSync(file)[0]).not.toBe(0x41);
  });

  it('a cache of another build of the bundle is not read, and is removed', () => {
    const dir = copy();
    runIn(dir, ['--version']);
    const [old] = caches(dir);
    fs.appendFileSync(path.join(dir, 'app.js'), '\n');
    expect(runIn(dir, ['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(caches(dir)).toHaveLength(1);
    expect(caches(dir)).not.toContain(old);
  });

  it('is written through a fresh file of its own, never through one already at its pid’s name', () => {
    // What another writer left there (a run with the same pid in another container sharing the
    // install, or a link): the first run learns the cache's name, the second finds a link to a
    // file outside .v8cache at `<cache>.<pid>.tmp`, planted by a preload before the loader runs.
    const dir = copy();
    const plant = path.join(dir, 'plant.mjs');
    fs.writeFileSync(
      plant,
      "import fs from 'node:fs';\n" +
        'const f = process.env.PLANT;\n' +
        'if (f) fs.symlinkSync(process.env.VICTIM, `${f}.${process.pid}.tmp`);\n',
    );
    const withPlant = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', plant, path.join(dir, 'index.js'), '--version'], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    expect(withPlant({}).status).toBe(0);
    const [name] = caches(dir);
    const cache = path.join(dir, '.v8cache', name!);
    fs.rmSync(cache);
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'not the cache');
    const r = withPlant({ PLANT: cache, VICTIM: victim });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(fs.readFileSync(victim, 'utf8')).toBe('not the cache');
    expect(fs.lstatSync(cache).isFile()).toBe(true);
  });

  it('is neither read nor written when turned off, or where it cannot be written', () => {
    const off = copy();
    expect(runIn(off, ['--version'], { AUDIT_GATE_COMPILE_CACHE: 'off' }).status).toBe(0);
    expect(caches(off)).toEqual([]);
    const blocked = copy();
    fs.writeFileSync(path.join(blocked, '.v8cache'), 'a file where the directory would be');
    const r = runIn(blocked, ['--version']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(fs.readdirSync(blocked).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
