// The workflow is trusted, the checkout is not: when the workflow pins the assurance, the
// checkout's config cannot weaken the gate, and nothing in the checkout makes the gate read
// (or name) files outside the workspace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePaper, write } from '../scripts/lib/aris-paper.mjs';
// @ts-expect-error plain JavaScript module without types
import { cleanModel, writeRun } from '../scripts/build-trace-fixtures.mjs';
import type { GateReport } from '../src/model/report.js';
import { packs } from '../src/packs/registry.js';
import { verify, type VerifyOptions } from '../src/pipeline/verify.js';
import { cli } from './support/cli.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();
const outsideDirs: string[] = [];
afterEach(() => {
  for (const d of outsideDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
/** A directory outside every test repository (the runner's temp dir, another checkout). */
function outside(): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-outside-')));
  outsideDirs.push(d);
  return d;
}

function writeConfig(root: string, config: unknown, file = '.audit-gate.json'): string {
  const abs = path.join(root, file);
  write(abs, JSON.stringify(config, null, 2) + '\n');
  return abs;
}

/** papers/ok passes; papers/blocked has a FAIL verdict under submission; one clean run. */
function gateRepo(): string {
  const root = repo();
  writePaper(path.join(root, 'papers/ok'), { assurance: 'submission' });
  writePaper(path.join(root, 'papers/blocked'), {
    assurance: 'submission',
    verdicts: { 'proof-checker': 'FAIL' },
  });
  writeRun(root, cleanModel());
  return root;
}

const codes = (r: GateReport) => r.findings.map((f) => f.code);
const ignoredFinding = (r: GateReport) =>
  r.findings.find((f) => f.code === 'gate.config_key_ignored');

// Each case: a repo whose gate fails (or would fail) without the config, and a config from the
// checkout that loosens it. Unpinned, the config applies as before; pinned, it does not.
const LOOSENING: {
  key: string;
  config: unknown;
  repo: () => string;
  /** The gate's conclusion when the config applies (no pinning). */
  unpinned: GateReport['conclusion'];
  opts?: Partial<VerifyOptions>;
}[] = [
  { key: 'exclude', config: { exclude: ['papers/blocked/'] }, repo: gateRepo, unpinned: 'success' },
  { key: 'paths', config: { paths: ['papers/ok'] }, repo: gateRepo, unpinned: 'success' },
  { key: 'packs', config: { packs: ['trace'] }, repo: gateRepo, unpinned: 'success' },
  {
    key: 'packs',
    config: { packs: [], allow_empty: true },
    repo: gateRepo,
    unpinned: 'success',
  },
  { key: 'allow_empty', config: { allow_empty: true }, repo, unpinned: 'success' },
  // The pinned assurance always won over these; now the report also says they were ignored.
  { key: 'assurance', config: { assurance: 'draft' }, repo: gateRepo, unpinned: 'failure' },
  { key: 'effort', config: { effort: 'lite' }, repo: gateRepo, unpinned: 'failure' },
];

describe('a config in the checkout cannot weaken a gate whose assurance the workflow pins', () => {
  it.each(LOOSENING)('$key: $config', async ({ key, config, repo: make, unpinned }) => {
    const root = make();
    const without = await verify({ root, assurance: 'submission' });
    expect(without.conclusion).toBe('failure');

    const file = writeConfig(root, config);
    const free = await verify({ root });
    expect(free.conclusion).toBe(unpinned);
    expect(codes(free)).not.toContain('gate.config_key_ignored');

    const pinned = await verify({ root, assurance: 'submission' });
    expect(pinned.conclusion).toBe('failure');
    expect(pinned.counts.blocking).toBe(without.counts.blocking);
    const f = ignoredFinding(pinned)!;
    expect(f).toMatchObject({ severity: 'warning', blocking: false, subject: 'gate' });
    expect(f.message).toContain(`"${key}" (`);
    expect(f.message).toContain('The assurance is pinned to submission');
    // Located at the key's line of the config file.
    const line = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(`"${key.split('.').pop()}"`));
    expect(f.location).toEqual({ path: '.audit-gate.json', line: line + 1 });
  });

  it('names every ignored key in one finding, located at the first and related to the others', async () => {
    const root = gateRepo();
    writeConfig(root, { exclude: ['papers/blocked/'], fail_on: 'problem', allow_empty: true });
    const r = await verify({ root, assurance: 'submission' });
    const ignored = r.findings.filter((f) => f.code === 'gate.config_key_ignored');
    expect(ignored).toHaveLength(1);
    expect(ignored[0]!.message).toMatch(
      /Ignored: "exclude" \(it would hide directories from discovery\); "allow_empty" \(it would let a run that verifies nothing pass\)\.$/,
    );
    expect(ignored[0]!.location).toEqual({ path: '.audit-gate.json', line: 2 });
    expect(ignored[0]!.related).toEqual([{ path: '.audit-gate.json', line: 6 }]);
  });

  it('a pinned draft assurance is pinned too', async () => {
    const root = gateRepo();
    writeConfig(root, { packs: ['trace'] });
    const r = await verify({ root, assurance: 'draft' });
    // The blocked paper is verified (as a draft: a warning), the config's packs are ignored.
    expect(r.targets.filter((t) => t.pack === 'aris')).toHaveLength(2);
    const others = packs()
      .map((p) => p.id)
      .filter((id) => id !== 'trace');
    expect(ignoredFinding(r)!.message).toContain(
      `"packs" (it would leave out the ${others.join(', ')} packs)`,
    );
  });

  it('keys that can only tighten still apply: fail_on problem, a higher min_supports, all packs', async () => {
    const root = gateRepo();
    writePaper(path.join(root, 'papers/draft'), {
      assurance: 'draft',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    fs.rmSync(path.join(root, 'papers/blocked'), { recursive: true });
    expect((await verify({ root, assurance: 'draft' })).conclusion).toBe('neutral');
    writeConfig(root, {
      fail_on: 'problem',
      packs: packs().map((p) => p.id),
      trace: { min_supports: 4, require_retrieval: true, require_reasoning: true },
      assurance: 'submission',
      effort: 'max',
    });
    const r = await verify({ root, assurance: 'draft' });
    expect(r.conclusion).toBe('failure');
    expect(codes(r)).toContain('trace.supports_too_few');
    // The repository's run retrieves nothing: requiring retrieval only adds a finding.
    expect(codes(r)).toContain('trace.retrieval_missing');
    expect(codes(r)).not.toContain('gate.config_key_ignored');
  });

  it('fail_on cannot loosen: blocking is the default, and a --fail-on given by the workflow wins', async () => {
    const root = gateRepo();
    fs.rmSync(path.join(root, 'papers/blocked'), { recursive: true });
    writePaper(path.join(root, 'papers/draft'), {
      assurance: 'draft',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    writeConfig(root, { fail_on: 'blocking' });
    const r = await cli(
      ['verify', '--root', root, '--assurance', 'draft', '--fail-on', 'problem'],
      root,
    );
    expect(r.code).toBe(1);
  });

  it('keys the workflow set itself are not reported: its own values win anyway', async () => {
    const root = gateRepo();
    writeConfig(root, { paths: ['papers/ok'], packs: ['aris'], trace: { min_supports: 0 } });
    const r = await verify({
      root,
      assurance: 'submission',
      paths: ['papers'],
      packs: ['aris', 'trace'],
      packOptions: { trace: { min_supports: 2 } },
    });
    expect(r.conclusion).toBe('failure');
    expect(codes(r)).not.toContain('gate.config_key_ignored');
  });

  it('the config fixtures cannot replace the default conformance/ directory', async () => {
    const root = repo();
    // conformance/ holds a fixture that fails (it expects a code the clean paper never emits).
    const failing = path.join(root, 'conformance/aris/wrong');
    fs.cpSync(path.resolve('conformance/aris/clean-all-pass'), failing, { recursive: true });
    const fx = JSON.parse(fs.readFileSync(path.join(failing, 'fixture.json'), 'utf8'));
    fx.expected_validation_codes = ['aris.verdict_fail'];
    fs.writeFileSync(path.join(failing, 'fixture.json'), JSON.stringify(fx, null, 2));
    fs.cpSync(path.resolve('conformance/aris/clean-all-pass'), path.join(root, 'other/aris/ok'), {
      recursive: true,
    });
    writeConfig(root, { fixtures: 'other' });
    const base = { root, paths: [], defaultFixtures: 'conformance' };
    expect((await verify(base)).conclusion).toBe('success');
    const r = await verify({ ...base, assurance: 'submission' });
    expect(r.conclusion).toBe('failure');
    expect(ignoredFinding(r)!.message).toContain(
      '"fixtures" (it would replace the fixture directory conformance)',
    );
    // Without a default to replace, the config's fixtures only add a directory: they run.
    const added = await verify({ root, paths: [], assurance: 'submission' });
    expect(added.conclusion).toBe('success');
    expect(added.subjects).toHaveLength(1);
  });

  it('a passing fixture a pull request adds never stands in for missing papers and runs', async () => {
    const root = repo();
    fs.cpSync(
      path.resolve('conformance/aris/clean-all-pass'),
      path.join(root, 'conformance/aris/ok'),
      {
        recursive: true,
      },
    );
    // The workflow verifies runs only; the repository has none left, but a passing fixture.
    const r = await verify({
      root,
      assurance: 'submission',
      packs: ['trace'],
      defaultFixtures: 'conformance',
    });
    expect(r.subjects.some((s) => s.pack === 'fixtures')).toBe(true);
    expect(codes(r)).toContain('gate.nothing_verified');
    expect(r.conclusion).toBe('failure');
    // Asking for fixtures only (audit-gate fixtures) counts them.
    const only = await verify({ root, paths: [], fixtures: 'conformance' });
    expect(only.conclusion).toBe('success');
  });

  it('the workflow’s fixtures: none wins over the config’s fixtures', async () => {
    const root = gateRepo();
    fs.cpSync(path.resolve('conformance/aris/clean-all-pass'), path.join(root, 'other/aris/ok'), {
      recursive: true,
    });
    writeConfig(root, { fixtures: 'other' });
    const r = await verify({ root, fixtures: false });
    expect(r.subjects.some((s) => s.pack === 'fixtures')).toBe(false);
    expect((await verify({ root })).subjects.some((s) => s.pack === 'fixtures')).toBe(true);
  });

  it('the directory run as fixtures is not searched for targets, unless only a pinned checkout config named it', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/ok'), { assurance: 'submission' });
    // A firing fixture: its input paper is stale on purpose, and the fixture expects it.
    fs.cpSync(
      path.resolve('conformance/aris/input-stale-draft'),
      path.join(root, 'conformance/aris/stale'),
      { recursive: true },
    );
    const targets = (r: GateReport) => r.targets.map((t) => t.id);
    // As the Action runs it: conformance/ is proved by the fixture run, not verified as papers.
    const action = await verify({ root, assurance: 'submission', defaultFixtures: 'conformance' });
    expect(targets(action)).toEqual(['aris:papers/ok', 'fixture:conformance/aris/stale']);
    expect(action.conclusion).toBe('success');
    // Not run as fixtures, its papers are papers.
    const plain = await verify({ root, assurance: 'submission' });
    expect(targets(plain)).toContain('aris:conformance/aris/stale/input/paper');
    expect(plain.conclusion).toBe('failure');
    // A path named inside it is searched.
    const named = await verify({
      root,
      paths: ['conformance/aris/stale/input'],
      defaultFixtures: 'conformance',
    });
    expect(targets(named)).toContain('aris:conformance/aris/stale/input/paper');
    // A pull request's config naming papers/ its fixture directory hides nothing when pinned.
    writePaper(path.join(root, 'papers/blocked'), {
      assurance: 'submission',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    fs.rmSync(path.join(root, 'conformance'), { recursive: true });
    writeConfig(root, { fixtures: 'papers' });
    const hidden = await verify({ root, assurance: 'submission' });
    expect(targets(hidden)).toEqual(['aris:papers/blocked', 'aris:papers/ok']);
    expect(hidden.conclusion).toBe('failure');
  });

  it('a malformed checkout config still fails closed when pinned', async () => {
    const root = gateRepo();
    write(path.join(root, '.audit-gate.json'), '{"exclude": ["papers/blocked/"],}');
    const r = await verify({ root, assurance: 'submission' });
    expect(codes(r)).toContain('gate.config_invalid');
  });
});

describe('a config from the workflow is trusted; trust follows where its bytes live', () => {
  const loosen = { exclude: ['papers/blocked/'] };

  it('a file outside the checkout (--config) applies fully even when pinned', async () => {
    const root = gateRepo();
    const file = writeConfig(outside(), loosen, 'gate.json');
    const r = await cli(
      ['verify', '--root', root, '--assurance', 'submission', '--config', file, '--format', 'json'],
      root,
    );
    const report = JSON.parse(r.stdout) as GateReport;
    expect(report.conclusion).toBe('success');
    expect(codes(report)).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('inline JSON (the Action’s config-json) applies fully even when pinned', async () => {
    const root = gateRepo();
    const r = await verify({ root, assurance: 'submission', configJson: JSON.stringify(loosen) });
    expect(r.conclusion).toBe('success');
    expect(codes(r)).not.toContain('gate.checkout_config_unread');
    // A config given by the workflow replaces the checkout's: its .audit-gate.json is not read,
    // and a notice on it says so (it changes no verdict).
    writeConfig(root, { paths: ['nowhere'] });
    const again = await verify({
      root,
      assurance: 'submission',
      configJson: JSON.stringify(loosen),
    });
    expect(again.conclusion).toBe('success');
    expect(again.submission_ready).toBe(r.submission_ready);
    const notice = again.findings.find((f) => f.code === 'gate.checkout_config_unread');
    expect(notice).toMatchObject({
      severity: 'notice',
      blocking: false,
      location: { path: '.audit-gate.json' },
    });
    expect(notice!.message).toContain('config-json');
    // A link is judged as itself, never followed: the notice says nothing of what lies outside.
    for (const target of [path.join(outside(), 'cfg.json'), '/nonexistent/cfg.json']) {
      fs.rmSync(path.join(root, '.audit-gate.json'));
      fs.symlinkSync(target, path.join(root, '.audit-gate.json'));
      const linked = await verify({ root, configJson: JSON.stringify(loosen) });
      expect(linked.findings.find((f) => f.code === 'gate.checkout_config_unread')?.message).toBe(
        notice!.message,
      );
    }
  });

  it('the checkout’s own config, or none, gets no notice that it was not read', async () => {
    const root = gateRepo();
    writeConfig(root, { exclude: ['papers/blocked/'] });
    expect(codes(await verify({ root }))).toEqual([]);
    const file = path.join(outside(), 'cfg.json');
    fs.writeFileSync(file, JSON.stringify(loosen));
    fs.rmSync(path.join(root, '.audit-gate.json'));
    expect(codes(await verify({ root, config: file }))).toEqual([]);
  });

  it('malformed inline JSON is gate.config_invalid, named by its input', async () => {
    const root = gateRepo();
    const r = await verify({ root, configJson: '{"exclude": ' });
    const f = r.findings.find((x) => x.code === 'gate.config_invalid')!;
    expect(f).toMatchObject({
      code: 'gate.config_invalid',
      blocking: true,
      message:
        'Config from the config-json input is not valid JSON: a value is expected at line 1, column 13.',
    });
    expect(f.location).toBeUndefined();
  });

  it('a file inside the checkout named by --config is checkout content', async () => {
    const root = gateRepo();
    writeConfig(root, loosen, 'ci/gate.json');
    const r = await cli(
      ['verify', '--root', root, '--assurance', 'submission', '--config', 'ci/gate.json'],
      root,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('gate.config_key_ignored');
  });

  it('a path outside the checkout whose real path is inside it is checkout content', async () => {
    const root = gateRepo();
    writeConfig(root, loosen, 'ci/gate.json');
    const link = path.join(outside(), 'gate.json');
    fs.symlinkSync(path.join(root, 'ci/gate.json'), link);
    const r = await verify({ root, assurance: 'submission', config: link });
    expect(r.conclusion).toBe('failure');
    expect(ignoredFinding(r)).toBeDefined();
  });
});

describe('the checkout’s config must stay in the checkout', () => {
  it('a root .audit-gate.json symlinked outside the workspace is refused unread', async () => {
    const root = gateRepo();
    const target = writeConfig(outside(), { exclude: ['papers/blocked/'] }, 'shared.json');
    fs.symlinkSync(target, path.join(root, '.audit-gate.json'));
    const r = await verify({ root });
    // Read, it would have excluded the blocked paper (a green gate).
    expect(r.conclusion).toBe('failure');
    expect(r.findings.find((f) => f.code.startsWith('gate.'))).toMatchObject({
      code: 'gate.config_refused',
      blocking: true,
      message: 'Config .audit-gate.json is a symlink that leads outside the workspace.',
      location: { path: '.audit-gate.json' },
    });
    expect(r.targets.map((t) => t.path)).toContain('papers/blocked');
  });

  it('the content of a file it leads to never reaches the report', async () => {
    const root = gateRepo();
    const target = writeConfig(outside(), { RUNNER_SECRET_abc123: 'x' }, 'secret.json');
    fs.symlinkSync(target, path.join(root, '.audit-gate.json'));
    const r = await verify({ root });
    expect(codes(r)).toContain('gate.config_refused');
    expect(JSON.stringify(r)).not.toContain('RUNNER_SECRET');
  });

  it('a config leading into .git/ is refused (.git/config can hold the checkout’s token)', async () => {
    const root = gateRepo();
    write(path.join(root, '.git/token.json'), '{"AUTHORIZATION_basic_dG9rZW4": 1}\n');
    fs.symlinkSync(path.join(root, '.git/token.json'), path.join(root, '.audit-gate.json'));
    const r = await verify({ root });
    expect(r.findings.find((f) => f.code.startsWith('gate.'))).toMatchObject({
      code: 'gate.config_refused',
      message: 'Config .audit-gate.json leads into .git/, which is not checkout content.',
    });
    expect(JSON.stringify(r)).not.toContain('AUTHORIZATION');
  });

  it('a symlink to another file inside the checkout is read as checkout content', async () => {
    const root = gateRepo();
    writeConfig(root, { exclude: ['papers/blocked/'] }, 'ci/gate.json');
    fs.symlinkSync('ci/gate.json', path.join(root, '.audit-gate.json'));
    expect((await verify({ root })).conclusion).toBe('success');
    expect(ignoredFinding(await verify({ root, assurance: 'submission' }))).toBeDefined();
  });
});

describe('config error messages echo only short escaped prefixes of a few keys', () => {
  it('names at most five unknown keys, each cut and escaped, and counts the rest', async () => {
    const root = repo();
    const long = `bad\u202e\nkey-${'x'.repeat(100)}`;
    const others = Array.from({ length: 7 }, (_, i) => `"K${i}_${'y'.repeat(200)}": ${i}`).join(
      ',\n',
    );
    write(
      path.join(root, '.audit-gate.json'),
      `{\n"paths": ["p"],\n${JSON.stringify(long)}: 1,\n${others}\n}\n`,
    );
    const r = await verify({ root });
    const f = r.findings.find((x) => x.code === 'gate.config_invalid')!;
    expect(f.message).toMatch(
      new RegExp(
        `^Config \\.audit-gate\\.json: unknown keys "bad\\\\u202e\\\\nkey-x{30}…", "K0_y+…", "K1_y+…", "K2_y+…", "K3_y+…" and 3 more\\.$`,
      ),
    );
    expect(f.message.length).toBeLessThan(400);
    expect(f.location).toEqual({ path: '.audit-gate.json', line: 3 });
    expect(f.message).not.toContain('K6_');
  });

  it('a repeated key is named short and escaped too', async () => {
    const root = repo();
    const key = `k${'y'.repeat(80)}`;
    write(path.join(root, '.audit-gate.json'), `{"${key}": 1,\n"${key}": 2}\n`);
    const r = await verify({ root });
    expect(r.findings[0]!.message).toBe(
      `Config .audit-gate.json repeats the key "k${'y'.repeat(38)}…" (line 2); keep one.`,
    );
  });
});

describe('the fixture directory must stay in the checkout', () => {
  /** An outside directory holding a fixture folder whose name must never reach the report. */
  function outsideFixtures(): string {
    const dir = outside();
    write(path.join(dir, 'aris/OUTSIDE_NAME_q7/fixture.json'), '{}\n');
    return dir;
  }

  it.each([
    ['the fixtures option (--fixtures, the fixtures input)', { fixtures: 'fx' }, undefined],
    ['the config’s fixtures', {}, { fixtures: 'fx' }],
    ['the Action’s default conformance/', { defaultFixtures: 'fx' }, undefined],
  ])('named by %s: not walked, a finding, no outside names', async (_, opts, config) => {
    const root = repo();
    fs.symlinkSync(outsideFixtures(), path.join(root, 'fx'));
    if (config) writeConfig(root, config);
    const r = await verify({ root, paths: [], ...opts });
    expect(r.subjects).toEqual([]);
    expect(r.findings[0]).toMatchObject({
      code: 'gate.target_not_found',
      blocking: true,
      message: 'Fixture directory fx leads outside the workspace; it was not read.',
    });
    expect(JSON.stringify(r)).not.toContain('OUTSIDE_NAME');
    expect(JSON.stringify(r)).not.toContain('audit-gate-outside-');
  });

  it('a default fixture directory that does not exist is no finding; a named one is', async () => {
    const root = repo();
    const dflt = await verify({ root, paths: [], defaultFixtures: 'conformance' });
    expect(codes(dflt)).toEqual(['gate.nothing_verified']);
    const named = await verify({ root, paths: [], fixtures: 'conformance' });
    expect(named.findings[0]!.message).toBe(
      'Fixture directory conformance does not exist; it was not read.',
    );
  });
});
