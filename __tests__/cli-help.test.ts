import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { commands } from '../src/cli/help.js';
import { cli } from './support/cli.js';
import { tempRepo, writePaper } from './support/repo.js';

const COMMANDS = commands();
const names = Object.keys(COMMANDS);

describe('audit-gate <command> --help', () => {
  test.each(names)(
    '%s --help lists that command’s options, one line each, and no other command’s',
    async (name) => {
      const r = await cli([name, '--help'], process.cwd());
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Usage: ${COMMANDS[name]!.usage}`);
      for (const [opt, spec] of Object.entries(COMMANDS[name]!.options)) {
        const line = r.stdout
          .split('\n')
          .find((l) => l.includes(`--${opt}`) && l.includes(spec.help));
        expect(line).toBeDefined();
      }
      const others = names.filter((n) => n !== name).map((n) => `audit-gate ${n} `);
      for (const o of others) expect(r.stdout).not.toContain(o);
    },
  );

  test('the options listed are exactly the ones accepted: --progress everywhere, trace --allow-outside-root', async () => {
    for (const name of names) expect(COMMANDS[name]!.options).toHaveProperty('progress');
    expect(COMMANDS.trace!.options).toHaveProperty('allow-outside-root');
    const root = tempRepo();
    writePaper(root, 'paper');
    // Accepted because listed; an unlisted one is a usage error that points at the command's help.
    expect((await cli(['verify', '--root', root, '--progress'], root)).code).toBe(0);
    const bad = await cli(['fixtures', '--allow-empty'], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Run "audit-gate fixtures --help"');
  });

  test('verify says what it discovers (every pack’s targets) and that fixtures need --fixtures', () => {
    const about = COMMANDS.verify!.about;
    for (const kind of ['paper', 'run', 'proof', 'Addenda B bundle']) expect(about).toContain(kind);
    expect(about).toContain('fixtures only with --fixtures');
  });

  test.each(names)(
    'help %s is %s --help, and --version after it is audit-gate --version',
    async (name) => {
      const asked = await cli([name, '--help'], process.cwd());
      expect(await cli(['help', name], process.cwd())).toEqual(asked);
      const version = await cli(['--version'], process.cwd());
      expect(version).toEqual({ code: 0, stdout: expect.stringMatching(/^\S+\n$/), stderr: '' });
      for (const v of ['--version', '-v'])
        expect(await cli([name, v], process.cwd())).toEqual(version);
      expect(asked.stdout).toMatch(/^ {2}-v, --version +print the version$/m);
    },
  );

  test('help names one known command, or says what is wrong', async () => {
    const unknown = await cli(['help', 'bogus'], process.cwd());
    expect(unknown).toEqual({
      code: 2,
      stdout: '',
      stderr: 'audit-gate: unknown command "bogus"\nRun "audit-gate --help" for usage.\n',
    });
    const two = await cli(['help', 'verify', 'trace'], process.cwd());
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(
      'help takes one command name, not 2 (e.g. audit-gate help verify)',
    );
    expect((await cli(['help'], process.cwd())).code).toBe(0);
  });

  test('audit-gate --help names every command', async () => {
    const r = await cli(['--help'], process.cwd());
    for (const n of names) expect(r.stdout).toMatch(new RegExp(`^  ${n} `, 'm'));
  });

  test('audit-gate --help points to docs/codes.md, which exists, for the validation codes', async () => {
    const r = await cli(['--help'], process.cwd());
    expect(r.stdout).toMatch(/^Docs: .*docs\/codes\.md \(every validation code/m);
    expect(r.stdout).not.toMatch(/README\.md \([^)]*codes/);
    expect(fs.existsSync(new URL('../docs/codes.md', import.meta.url))).toBe(true);
  });
});

describe('usage errors say what is wrong in plain words', () => {
  test('an unknown option is named, with where to look, and exits 2', async () => {
    const r = await cli(['verify', '--bogus'], process.cwd());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'audit-gate: unknown option --bogus\nRun "audit-gate verify --help" for usage.\n',
    );
  });
  test('a misspelt option or command is named with the one it most likely meant', async () => {
    const flag = await cli(['trace', '.', '--formt', 'json'], process.cwd());
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(
      /^audit-gate: unknown option --formt \(did you mean --format\?\)\n/,
    );
    const command = await cli(['tracee', '.'], process.cwd());
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(
      /^audit-gate: unknown command "tracee" \(did you mean "trace"\?\)/,
    );
    expect((await cli(['help', 'verfy'], process.cwd())).stderr).toMatch(/did you mean "verify"/);
    // aris keeps the script's --json-out; the other commands write with --out.
    expect((await cli(['aris', '.', '--out', 'r.json'], process.cwd())).stderr).toMatch(
      /^audit-gate: unknown option --out \(did you mean --json-out\?\)\n/,
    );
    expect((await cli(['trace', '.', '--json-out', 'r.json'], process.cwd())).stderr).toMatch(
      /^audit-gate: unknown option --json-out \(did you mean --out\?\)\n/,
    );
  });
  test('a missing paper directory says what is required, not "usage: … Run … for usage"', async () => {
    const r = await cli(['aris'], process.cwd());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a paper directory is required: audit-gate aris <paper-dir>');
  });
});

describe('verify --out', () => {
  test('writes the JSON report to the file and keeps stdout to the text summary', async () => {
    const root = tempRepo();
    writePaper(root, 'paper');
    for (const format of [[], ['--format', 'json']]) {
      const r = await cli(['verify', '--root', root, ...format, '--out', 'out/report.json'], root);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^audit-gate \S+ — /);
      expect(r.stdout).toContain(`report: ${path.join(root, 'out/report.json')}`);
      expect(r.stdout).not.toContain('"report_version"');
      const report = JSON.parse(fs.readFileSync(path.join(root, 'out/report.json'), 'utf8'));
      expect(report.counts.subjects).toBe(4);
    }
  });
});

describe('verify --format markdown and sarif', () => {
  test('print the pull-request comment and the SARIF file the Action writes, the report still to --out', async () => {
    const root = tempRepo();
    writePaper(root, 'paper', { overrides: { 'PROOF_AUDIT.json': { verdict: 'FAIL' } } });
    const md = await cli(
      ['verify', '--root', root, '--format', 'markdown', '--assurance', 'submission'],
      root,
    );
    expect(md.code).toBe(1);
    expect(md.stdout).toMatch(
      /^<!-- audit-gate:sticky-comment check="audit-gate" -->\n### ✗ audit-gate: /,
    );
    expect(md.stdout).toContain('`aris.verdict_fail`');
    const out = path.join(root, 'r.json');
    const sarif = await cli(['verify', '--root', root, '--format', 'sarif', '--out', out], root);
    const run = JSON.parse(sarif.stdout).runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toContain('aris.verdict_fail');
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).report_version).toBe('1');
  });
});

describe('nothing verified: advice in the terms of the command', () => {
  test('verify suggests --allow-empty; fixtures, which has no such flag, does not', async () => {
    const root = tempRepo();
    fs.mkdirSync(path.join(root, 'empty'));
    const v = await cli(['verify', '--root', root, '--format', 'json'], root);
    const vf = JSON.parse(v.stdout).findings.find(
      (f: { code: string }) => f.code === 'gate.nothing_verified',
    );
    expect(vf.remediation).toContain('--allow-empty');
    const f = await cli(['fixtures', 'empty', '--format', 'json'], root);
    expect(f.code).toBe(1);
    const ff = JSON.parse(f.stdout).findings.find(
      (x: { code: string }) => x.code === 'gate.nothing_verified',
    );
    expect(ff.remediation).not.toContain('allow-empty');
    expect(ff.remediation).toContain('fixture.json');
  });

  test('trace with no run says where runs are looked for and what to pass instead', async () => {
    const root = tempRepo();
    const nothing = async (dir: string) => {
      const r = await cli(['trace', dir, '--format', 'json'], root);
      expect(r.code).toBe(1);
      return JSON.parse(r.stdout).findings.find(
        (f: { code: string }) => f.code === 'gate.nothing_verified',
      );
    };
    // A trace.jsonl whose directory is not inside runs/ is not a run.
    fs.mkdirSync(path.join(root, 'out/r1'), { recursive: true });
    fs.writeFileSync(path.join(root, 'out/r1/trace.jsonl'), '{}\n');
    for (const dir of ['out', 'out/r1']) {
      const f = await nothing(dir);
      expect(f.message).toContain(`Nothing was verified in ${dir}: no run was found`);
      expect(f.message).toContain('a directory named run_v1_<64 hex>');
      expect(f.message).toContain('.gitignore');
      expect(f.remediation).toContain('Pass the run directory itself (…/runs/<run_id>/)');
      expect(f.remediation).toContain('audit-gate trace artifacts/');
    }
    // Runs in a directory .gitignore hides are found when that directory is named, as advised.
    fs.mkdirSync(path.join(root, 'artifacts/runs/r2'), { recursive: true });
    fs.writeFileSync(path.join(root, 'artifacts/runs/r2/trace.jsonl'), '{}\n');
    fs.writeFileSync(path.join(root, '.gitignore'), 'artifacts/\nout/\n');
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
    git('init', '-q');
    git('add', '.gitignore');
    expect((await nothing('.')).message).toContain('no run was found');
    const named = await cli(['trace', 'artifacts', '--format', 'json'], root);
    expect(JSON.parse(named.stdout).targets.map((t: { path: string }) => t.path)).toEqual([
      'artifacts/runs/r2',
    ]);
  });
});
