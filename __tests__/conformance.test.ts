// Runs every conformance fixture and checks the suites are complete: every code of every pack
// fires in at least one fixture, and every pack has clean fixtures where nothing may fire.
import fs from 'node:fs';
import { jest } from '@jest/globals';
import path from 'node:path';
import { Workspace } from '../src/io/workspace.js';
import { findFixtures, runFixtures } from '../src/conformance/runner.js';
import { packs, allCodes } from '../src/packs/registry.js';
import type { PackResult } from '../src/packs/pack.js';
import { cli } from './support/cli.js';

const root = path.resolve('conformance');
const known = new Set(allCodes().map((c) => c.code));

interface FixtureJson {
  pack: string;
  expected_validation_codes?: string[];
}
// A seed-shaped fixture (conformance/addenda-b/) names no pack: its folder does.
const fixtures = findFixtures(root).map((dir) => {
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as FixtureJson;
  return { dir, json: { ...json, pack: json.pack ?? path.basename(path.dirname(dir)) } };
});

describe('conformance fixtures', () => {
  it('all pass', async () => {
    const results = await runFixtures(root, {
      packs: packs(),
      knownCodes: known,
      workspace: new Workspace(root),
    });
    expect(results.length).toBe(fixtures.length);
    const failures = results.flatMap((r) => r.findings.map((f) => f.message));
    expect(failures).toEqual([]);
  }, 120000);

  for (const pack of packs()) {
    const mine = fixtures.filter((f) => f.json.pack === pack.id);
    it(`${pack.id}: every code fires in at least one fixture`, () => {
      const expected = new Set(mine.flatMap((f) => f.json.expected_validation_codes ?? []));
      expect(pack.codes.map((c) => c.code).filter((c) => !expected.has(c))).toEqual([]);
    });
    it(`${pack.id}: has clean fixtures where nothing may fire`, () => {
      expect(
        mine.filter((f) => f.json.expected_validation_codes?.length === 0).length,
      ).toBeGreaterThan(0);
    });
  }
});

describe('the runner itself', () => {
  const tmp = () => fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'fx-'));
  it('fails a fixture that emits a different code set, listing expected vs actual', async () => {
    const dir = tmp();
    fs.cpSync(path.join(root, 'aris/verdict-fail'), path.join(dir, 'aris/x'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    const f = path.join(dir, 'aris/x/fixture.json');
    fs.writeFileSync(
      f,
      fs
        .readFileSync(f, 'utf8')
        .replace('"aris.verdict_fail"', '"aris.verdict_fail", "aris.input_stale"'),
    );
    const r = await cli(['fixtures', dir], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /expected \[aris.input_stale, aris.verdict_fail\]; got \[aris.verdict_fail\]; missing aris.input_stale/,
    );
    fs.rmSync(dir, { recursive: true });
  });
  it('a fixture.json above other fixtures does not hide them', async () => {
    const dir = tmp();
    fs.cpSync(path.join(root, 'aris/verdict-fail'), path.join(dir, 'aris/x'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    const f = path.join(dir, 'aris/x/fixture.json');
    fs.writeFileSync(
      f,
      fs.readFileSync(f, 'utf8').replace('"aris.verdict_fail"', '"aris.input_stale"'),
    );
    // A passing fixture written at <dir>/aris/ (its input the clean paper) and at <dir> itself.
    const clean = JSON.parse(
      fs.readFileSync(path.join(root, 'aris/clean-all-pass/fixture.json'), 'utf8'),
    ) as Record<string, unknown>;
    fs.cpSync(path.join(root, 'aris/clean-all-pass/input'), path.join(dir, 'aris/input'), {
      recursive: true,
    });
    fs.writeFileSync(path.join(dir, 'aris/fixture.json'), JSON.stringify(clean));
    fs.writeFileSync(
      path.join(dir, 'fixture.json'),
      JSON.stringify({ ...clean, input: 'aris/input' }),
    );
    expect(findFixtures(dir).map((d) => path.relative(dir, d))).toEqual(['', 'aris', 'aris/x']);
    const r = await cli(['fixtures', dir], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/3 subjects: 2 pass/);
    fs.rmSync(dir, { recursive: true });
  });
  it('a fixture in a symlinked, deeper or unlistable folder is still found', () => {
    const dir = tmp();
    const copy = (to: string) =>
      fs.cpSync(path.join(root, 'aris/verdict-fail'), path.join(dir, to), { recursive: true });
    copy('store/linked');
    fs.mkdirSync(path.join(dir, 'aris'));
    fs.symlinkSync('../store/linked', path.join(dir, 'aris/linked'));
    copy('aris/g1/g2/deep');
    const bad = Buffer.concat([Buffer.from(path.join(dir, 'aris/x')), Buffer.from([0xff])]);
    fs.mkdirSync(bad);
    const found = findFixtures(dir).map((d) => path.relative(dir, d));
    // The folder holding a name that is not UTF-8 is returned (it fails as a fixture): a path
    // built from the name would reach a sibling spelled with U+FFFD.
    expect(found).toEqual(['aris', 'aris/g1/g2/deep', 'aris/linked', 'store/linked']);
    fs.rmSync(dir, { recursive: true });
  });
  it('fails a fixture with the wrong terminal state', async () => {
    const dir = tmp();
    fs.cpSync(path.join(root, 'aris/clean-all-pass'), path.join(dir, 'aris/x'), {
      recursive: true,
    });
    const f = path.join(dir, 'aris/x/fixture.json');
    fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('"accepted"', '"blocked"'));
    expect((await cli(['fixtures', dir], dir)).stdout).toMatch(
      /terminal state accepted, expected blocked/,
    );
    fs.rmSync(dir, { recursive: true });
  });
  it('a fixture with no expected_validation_codes is itself a finding; so is an unknown code', async () => {
    const dir = tmp();
    fs.cpSync(path.join(root, 'aris/clean-all-pass'), path.join(dir, 'aris/a'), {
      recursive: true,
    });
    fs.cpSync(path.join(root, 'aris/clean-all-pass'), path.join(dir, 'aris/b'), {
      recursive: true,
    });
    const a = JSON.parse(fs.readFileSync(path.join(dir, 'aris/a/fixture.json'), 'utf8'));
    delete a.expected_validation_codes;
    fs.writeFileSync(path.join(dir, 'aris/a/fixture.json'), JSON.stringify(a));
    const b = JSON.parse(fs.readFileSync(path.join(dir, 'aris/b/fixture.json'), 'utf8'));
    b.expected_validation_codes = ['aris.no_such_code'];
    fs.writeFileSync(path.join(dir, 'aris/b/fixture.json'), JSON.stringify(b));
    const r = await cli(['fixtures', dir, '--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((x: { code: string }) => x.code)).toEqual([
      'fixture.missing_expected_validation',
      'fixture.invalid',
    ]);
    fs.rmSync(dir, { recursive: true });
  });
  it('an empty fixture directory is "nothing verified"', async () => {
    const dir = tmp();
    const r = await cli(['fixtures', dir], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/gate.nothing_verified/);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('fixtures sharing an input', () => {
  /**
   * Three fixtures a, b, c naming one copy of the clean ARIS paper (`conformance/shared`), with
   * `extra` fields; `fill` adds to the shared input, and `check` gets their results and its path.
   */
  async function threeSharing(
    extra: Record<string, unknown>,
    fill: (shared: string) => void,
    check: (results: PackResult[], shared: string) => void,
  ) {
    const base = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'fx-'));
    const shared = path.join(base, 'conformance', 'shared');
    fs.cpSync('conformance/aris/clean-all-pass/input', shared, { recursive: true });
    fill(shared);
    const fixture = JSON.parse(
      fs.readFileSync('conformance/aris/clean-all-pass/fixture.json', 'utf8'),
    );
    for (const id of ['a', 'b', 'c']) {
      const dir = path.join(base, 'conformance', 'aris', id);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'fixture.json'),
        JSON.stringify({ ...fixture, fixture_id: id, input: '../../shared', ...extra }),
      );
    }
    try {
      const results = await runFixtures(path.join(base, 'conformance'), {
        packs: packs(),
        knownCodes: known,
        workspace: new Workspace(base),
      });
      check(results, shared);
    } finally {
      fs.rmSync(base, { recursive: true });
    }
  }

  it('hash each of its files once, however many fixtures name it', async () => {
    const open = jest.spyOn(fs, 'openSync');
    try {
      await threeSharing(
        {},
        () => {},
        (results, shared) => {
          expect(results.map((r) => r.target.terminal_state)).toEqual([
            'passed',
            'passed',
            'passed',
          ]);
          const evidence = path.join(shared, 'paper', 'sections', 'evidence.tex');
          expect(open.mock.calls.filter(([p]) => p === evidence)).toHaveLength(1);
        },
      );
    } finally {
      open.mockRestore();
    }
  });

  it('with empty_dirs, share one scratch budget, so its files are not copied for every fixture', async () => {
    const many = (shared: string) => {
      fs.mkdirSync(path.join(shared, 'paper', 'many'));
      for (let i = 0; i < 6000; i++)
        fs.writeFileSync(path.join(shared, 'paper', 'many', `${i}`), '');
    };
    await threeSharing({ empty_dirs: ['zz'] }, many, (results) => {
      // 6,000 entries cost ≈ 94 MiB each: two copies fit the 256 MiB, the third does not.
      expect(results.map((r) => r.findings.map((f) => f.code))).toEqual([
        [],
        [],
        ['fixture.invalid'],
      ]);
      expect(results[2]!.findings[0]!.message).toMatch(/is too large: .* and 67 MiB are left/);
    });
  });
});

describe('the runner stays inside the workspace', () => {
  it('a fixture input that is a symlink out of the workspace is invalid, and leaves no scratch copy', async () => {
    const base = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'fx-'));
    const root = path.join(base, 'repo');
    const outside = path.join(base, 'outside');
    fs.cpSync(path.join('conformance/aris/clean-all-pass/input'), outside, { recursive: true });
    fs.mkdirSync(path.join(root, 'conformance/aris/fx1'), { recursive: true });
    fs.symlinkSync(outside, path.join(root, 'conformance/aris/fx1/link'));
    const fixture = {
      fixture_id: 'fx1',
      fixture_kind: 'clean',
      pack: 'aris',
      input: 'link',
      target: 'paper',
      empty_dirs: ['zz'],
      options: { assurance: 'submission' },
      expected_validation_codes: [],
      expected_terminal_state: 'accepted',
    };
    fs.writeFileSync(path.join(root, 'conformance/aris/fx1/fixture.json'), JSON.stringify(fixture));
    const scratchBefore = fs
      .readdirSync('/tmp')
      .filter((d) => d.startsWith('audit-gate-fixture-')).length;
    const r = await cli(
      ['verify', '--root', root, '--fixtures', 'conformance', '--format', 'json'],
      root,
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toContain(
      'fixture.invalid',
    );
    expect(fs.readdirSync('/tmp').filter((d) => d.startsWith('audit-gate-fixture-')).length).toBe(
      scratchBefore,
    );
    fs.rmSync(base, { recursive: true });
  });

  /**
   * Runs `verify --fixtures conformance` over a repo holding one fixture (the clean ARIS paper,
   * plus `extra` and `empty_dirs`) with a private TMPDIR, so leftover scratch copies are visible.
   */
  async function runOne(emptyDirs: string[], extra: (input: string, base: string) => void) {
    const base = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'fx-'));
    const repo = path.join(base, 'repo');
    const fxDir = path.join(repo, 'conformance/aris/fx1');
    fs.cpSync('conformance/aris/clean-all-pass', fxDir, { recursive: true });
    const fixture = JSON.parse(fs.readFileSync(path.join(fxDir, 'fixture.json'), 'utf8'));
    fixture.empty_dirs = emptyDirs;
    fs.writeFileSync(path.join(fxDir, 'fixture.json'), JSON.stringify(fixture, null, 2));
    extra(path.join(fxDir, 'input'), base);
    const tmpdir = path.join(base, 'tmp');
    fs.mkdirSync(tmpdir);
    const saved = process.env['TMPDIR'];
    process.env['TMPDIR'] = tmpdir;
    try {
      const r = await cli(['fixtures', 'conformance', '--root', repo, '--format', 'json'], repo);
      const findings = JSON.parse(r.stdout).findings as { code: string; message: string }[];
      return { code: r.code, findings, leftovers: fs.readdirSync(tmpdir), base };
    } finally {
      if (saved === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = saved;
    }
  }

  it('empty_dirs through a committed symlink creates nothing outside: a finding, no scratch left', async () => {
    const r = await runOne(['esc/X'], (input, base) => {
      fs.mkdirSync(path.join(base, 'anywhere'));
      fs.symlinkSync(path.join(base, 'anywhere'), path.join(input, 'esc'));
    });
    expect(fs.readdirSync(path.join(r.base, 'anywhere'))).toEqual([]);
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => f.code)).toEqual(['fixture.invalid']);
    expect(r.findings[0]!.message).toMatch(
      /empty_dirs entry "esc\/X": it goes through the symlink esc/,
    );
    expect(r.leftovers).toEqual([]);
    fs.rmSync(r.base, { recursive: true });
  });

  it('an input holding a name or a link target that is not UTF-8 is not copied as its U+FFFD twin', async () => {
    for (const plant of [
      (input: string) =>
        fs.writeFileSync(Buffer.concat([Buffer.from(`${input}/`), Buffer.from([0xff])]), 'x'),
      (input: string) => fs.symlinkSync(Buffer.from([0x78, 0xff]), path.join(input, 'paper/link')),
    ]) {
      const r = await runOne(['zz'], plant);
      expect(r.code).toBe(1);
      // (where the name is the input's own, discovery and the fixture search report it too)
      const invalid = r.findings.filter((f) => f.code === 'fixture.invalid');
      expect(invalid.map((f) => f.message)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/name or a symlink target that is not valid UTF-8/),
        ]),
      );
      expect(r.leftovers).toEqual([]);
      fs.rmSync(r.base, { recursive: true });
    }
  });

  it('an empty_dirs entry that cannot be created (a file on the way) is a finding and leaves no scratch copy', async () => {
    const r = await runOne(['paper/main.tex/X'], () => {});
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => f.code)).toEqual(['fixture.invalid']);
    expect(r.findings[0]!.message).toMatch(/goes through paper\/main.tex, which is a file/);
    expect(r.leftovers).toEqual([]);
    fs.rmSync(r.base, { recursive: true });
  });

  it('an absolute or ".." empty_dirs entry is refused, not silently skipped', async () => {
    for (const entry of ['/tmp/audit-gate-abs', '../up']) {
      const r = await runOne([entry], () => {});
      expect(r.findings.map((f) => f.code)).toEqual(['fixture.invalid']);
      expect(r.leftovers).toEqual([]);
      fs.rmSync(r.base, { recursive: true });
    }
  });

  it('an input too large for a scratch copy is refused before anything is copied', async () => {
    const copy = jest.spyOn(fs, 'cpSync');
    let r: Awaited<ReturnType<typeof runOne>>;
    try {
      r = await runOne(['zz'], (input) => {
        const big = path.join(input, 'paper', 'big.bin');
        fs.writeFileSync(big, '');
        fs.truncateSync(big, 300 * 1024 * 1024); // sparse: large by size, nothing written
      });
      expect(
        copy.mock.calls.filter(([, to]) => String(to).includes('audit-gate-fixture-')),
      ).toEqual([]);
    } finally {
      copy.mockRestore();
    }
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => f.code)).toEqual(['fixture.invalid']);
    expect(r.findings[0]!.message).toMatch(
      /the scratch copy of input input is too large: the empty_dirs scratch copies of one run may hold 256 MiB in all, each file or directory counting 16 KiB besides its bytes, and 256 MiB are left: point input at a smaller directory\.$/,
    );
    expect(r.leftovers).toEqual([]);
    fs.rmSync(r.base, { recursive: true });
  });

  it('nested empty_dirs are created inside the scratch copy, which is removed afterwards', async () => {
    const r = await runOne(['paper/results/a/b'], () => {});
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.leftovers).toEqual([]);
    fs.rmSync(r.base, { recursive: true });
  });
});
