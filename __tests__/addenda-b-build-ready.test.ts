// Red team for `audit-gate fixtures --build-ready` (Addenda B, seed §10): a pull request must not
// make the gate pass without a firing fixture and a clean twin of each of the 20 kinds that ran and
// passed, and a gate that fails must name the kind.
import fs from 'node:fs';
import path from 'node:path';
import { Workspace } from '../src/io/workspace.js';
import { runFixtures } from '../src/conformance/runner.js';
import { allCodes, packs } from '../src/packs/registry.js';
import { buildReadyFindings } from '../src/packs/addenda-b/build-ready-gate.js';
import type { PackResult } from '../src/packs/pack.js';
import { cli } from './support/cli.js';
import { tempRepos } from './support/temp.js';
import {
  KINDS,
  buildSuite,
  cleanId,
  cleanInput,
  editFixture,
  firingId,
  firingInput,
  FIRING_CODE,
  writeFixture,
} from './support/addenda-b-suite.js';

const repo = tempRepos();

interface Run {
  code: number;
  findings: { code: string; message: string; location?: { path: string } }[];
}
async function gate(root: string, dir = 'conformance'): Promise<Run> {
  const r = await cli(['fixtures', dir, '--build-ready', '--format', 'json'], root);
  return { code: r.code, findings: JSON.parse(r.stdout).findings };
}
const gateText = (r: Run) => r.findings.map((f) => `${f.code}: ${f.message}`).join('\n');

/** The kind named by the gate as not covered, for each role. */
function uncovered(r: Run): string[] {
  return r.findings
    .filter((f) => f.code === 'validation.accepted_patch_without_conformance_fixture')
    .map((f) => /^Kind (\S+) has no (firing fixture|clean twin)/.exec(f.message))
    .map((m) => (m ? `${m[1]}:${m[2] === 'clean twin' ? 'clean' : 'firing'}` : '?'))
    .sort();
}

const KIND = 'replay_divergence';

describe('the build-ready gate on a synthetic suite', () => {
  it('passes a suite with a firing fixture and a clean twin of every kind', async () => {
    const root = repo();
    buildSuite(root);
    const r = await gate(root);
    expect(gateText(r)).toBe('');
    expect(r.code).toBe(0);
  }, 60000);

  it('a reader fixture beside a complete suite covers no kind but does not fail the gate', async () => {
    const root = repo();
    const dir = buildSuite(root);
    const reader = path.join(dir, 'addenda-b', 'reader-schema-violation');
    cleanInput(path.join(reader, 'input'));
    fs.appendFileSync(
      path.join(reader, 'input', 'records.jsonl'),
      '{"type":"EvaluationSnapshot","snapshot_id":7}\n',
    );
    writeFixture(reader, {
      fixture_id: 'reader-schema-violation',
      fixture_kind: KIND,
      input_bundle_ref: 'input',
      expected_validation_codes: ['addenda_b.schema_violation'],
      schema_version: '1.0',
    });
    const r = await gate(root);
    expect(gateText(r)).toBe('');
    expect(r.code).toBe(0);
  }, 60000);

  it('fails naming the kind when any one kind loses its firing fixture or its clean twin', async () => {
    const root = repo();
    const dir = buildSuite(root);
    const ws = new Workspace(root);
    const results = await runFixtures(dir, {
      packs: packs(),
      knownCodes: new Set(allCodes().map((c) => c.code)),
      workspace: ws,
    });
    const mine = results.filter((r) => r.target.context['pack'] === 'addenda-b');
    expect(buildReadyFindings(mine, 'conformance', ws)).toEqual([]);
    const broken = (r: PackResult): PackResult => ({
      ...r,
      target: { ...r.target, terminal_state: 'failed' },
      findings: [
        {
          code: 'fixture.mismatch',
          severity: 'error',
          subject: r.target.id,
          message: 'broken',
          remediation: '',
          blocking: true,
        },
      ],
    });
    for (const kind of KINDS)
      for (const [id, role] of [
        [firingId(kind), 'firing'],
        [cleanId(kind), 'clean'],
      ] as const) {
        const named = (out: ReturnType<typeof buildReadyFindings>) =>
          uncovered({ code: 1, findings: out });
        const removed = mine.filter((r) => r.subjects[0]?.name !== id);
        expect(named(buildReadyFindings(removed, 'conformance', ws))).toEqual([`${kind}:${role}`]);
        const withBroken = mine.map((r) => (r.subjects[0]?.name === id ? broken(r) : r));
        expect(named(buildReadyFindings(withBroken, 'conformance', ws))).toEqual([
          `${kind}:${role}`,
        ]);
      }
  }, 60000);

  it('names the folder the fixtures belong in as the user named it (DIR, or DIR/addenda-b/)', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'conformance', 'addenda-b'), { recursive: true });
    const ws = new Workspace(root);
    const where = (dir: string) =>
      buildReadyFindings([], dir, ws)
        .filter((f) => f.code === 'validation.accepted_patch_without_conformance_fixture')
        .map((f) => / passed under (\S+?)\.?$/.exec(f.message)?.[1]);
    expect(new Set(where('conformance'))).toEqual(new Set(['conformance/addenda-b/']));
    expect(new Set(where('conformance/addenda-b'))).toEqual(new Set(['conformance/addenda-b/']));
  });

  describe('attacks that must not cover a kind', () => {
    /** The suite with KIND's firing fixture replaced by what `attack` does; the gate must name KIND. */
    async function expectFiringUncovered(attack: (dir: string) => void, why?: RegExp) {
      const root = repo();
      const dir = buildSuite(root);
      attack(dir);
      const r = await gate(root);
      expect(r.code).toBe(1);
      expect(uncovered(r)).toEqual([`${KIND}:firing`]);
      const summary = r.findings.find(
        (f) =>
          f.code === 'validation.build_ready_gate_failed' &&
          f.message.startsWith('DOC23 Addenda B is not build-ready'),
      );
      expect(summary?.message).toContain(`${KIND} (no firing fixture)`);
      if (why) expect(gateText(r)).toMatch(why);
      return r;
    }
    const fires = (dir: string) => path.join(dir, 'addenda-b', firingId(KIND));

    it('a kind covered only by a clean fixture', async () => {
      await expectFiringUncovered((dir) => fs.rmSync(fires(dir), { recursive: true }));
    }, 60000);

    it('a duplicate fixture_id: neither copy counts', async () => {
      await expectFiringUncovered((dir) => {
        fs.cpSync(fires(dir), path.join(dir, 'addenda-b', 'copy'), { recursive: true });
      }, /fixture_id "replay_divergence-fires" is used by 2 fixtures/);
    }, 60000);

    it('a fixture folder symlinked from elsewhere in the repository', async () => {
      await expectFiringUncovered((dir) => {
        fs.renameSync(fires(dir), path.join(dir, 'elsewhere'));
        fs.symlinkSync(path.join(dir, 'elsewhere'), fires(dir));
      });
    }, 60000);

    it('a fixture.json symlinked to another fixture’s', async () => {
      await expectFiringUncovered((dir) => {
        fs.renameSync(path.join(fires(dir), 'fixture.json'), path.join(dir, 'fx.json'));
        fs.symlinkSync(path.join(dir, 'fx.json'), path.join(fires(dir), 'fixture.json'));
      }, /folder or fixture\.json is a symlink/);
    }, 60000);

    it('an input_bundle_ref with ../ (another fixture’s bundle, inside the repository)', async () => {
      await expectFiringUncovered((dir) => {
        fs.renameSync(path.join(fires(dir), 'input'), path.join(dir, 'shared-input'));
        editFixture(dir, firingId(KIND), (fx) => ({
          ...fx,
          input_bundle_ref: '../../shared-input',
        }));
      }, /input_bundle_ref "\.\.\/\.\.\/shared-input" is not a folder beside fixture\.json/);
    }, 60000);

    it('an absolute input_bundle_ref inside the repository', async () => {
      await expectFiringUncovered((dir) => {
        fs.renameSync(path.join(fires(dir), 'input'), path.join(dir, 'shared-input'));
        editFixture(dir, firingId(KIND), (fx) => ({
          ...fx,
          input_bundle_ref: path.join(dir, 'shared-input'),
        }));
      }, /is not a folder beside fixture\.json/);
    }, 60000);

    it('an input folder that is a symlink', async () => {
      await expectFiringUncovered((dir) => {
        fs.renameSync(path.join(fires(dir), 'input'), path.join(dir, 'shared-input'));
        fs.symlinkSync(path.join(dir, 'shared-input'), path.join(fires(dir), 'input'));
      }, /is not a folder beside fixture\.json/);
    }, 60000);

    it('fixture.json with fields the seed does not define (the runner accepts them)', async () => {
      await expectFiringUncovered((dir) => {
        editFixture(dir, firingId(KIND), (fx) => ({ ...fx, description: 'x', target: '.' }));
      }, /fields the seed's AddendaBConformanceFixture does not define \(description, target\)/);
    }, 60000);

    it('a fixture outside addenda-b/ that names the pack', async () => {
      await expectFiringUncovered((dir) => {
        const moved = path.join(dir, 'other', firingId(KIND));
        fs.mkdirSync(path.dirname(moved), { recursive: true });
        fs.renameSync(fires(dir), moved);
        const f = path.join(moved, 'fixture.json');
        fs.writeFileSync(
          f,
          JSON.stringify({ ...JSON.parse(fs.readFileSync(f, 'utf8')), pack: 'addenda-b' }),
        );
      }, /is not at \.\/addenda-b\/<fixture_id>\//);
    }, 60000);

    it('a fixture nested one folder deeper under addenda-b/', async () => {
      await expectFiringUncovered((dir) => {
        const moved = path.join(dir, 'addenda-b', 'deeper', firingId(KIND));
        fs.mkdirSync(path.dirname(moved), { recursive: true });
        fs.renameSync(fires(dir), moved);
        editFixture(dir, `deeper/${firingId(KIND)}`, (fx) => ({ ...fx, pack: 'addenda-b' }));
      });
    }, 60000);

    it('a folder not named after its fixture_id', async () => {
      await expectFiringUncovered((dir) => {
        fs.renameSync(fires(dir), path.join(dir, 'addenda-b', 'renamed'));
      }, /folder is not named after its fixture_id/);
    }, 60000);

    it('a fixture that passes because its bundle is unreadable', async () => {
      await expectFiringUncovered((dir) => {
        fs.rmSync(path.join(fires(dir), 'input', 'bundle.json'));
        editFixture(dir, firingId(KIND), (fx) => ({
          ...fx,
          expected_validation_codes: [
            'addenda_b.bundle_unreadable',
            ...(fx['expected_validation_codes'] as string[]),
          ],
        }));
      }, /bundle is unreadable, which proves the reader/);
    }, 60000);

    it('a fixture that expects only a schema violation', async () => {
      await expectFiringUncovered((dir) => {
        cleanInput(path.join(fires(dir), 'input'));
        fs.appendFileSync(
          path.join(fires(dir), 'input', 'records.jsonl'),
          '{"type":"EvaluationSnapshot","snapshot_id":7}\n',
        );
        editFixture(dir, firingId(KIND), (fx) => ({
          ...fx,
          expected_validation_codes: ['addenda_b.schema_violation'],
        }));
      }, /expects only the reader’s codes/);
    }, 60000);

    it('a firing fixture that claims a terminal state only', async () => {
      await expectFiringUncovered((dir) => {
        cleanInput(path.join(fires(dir), 'input'));
        editFixture(dir, firingId(KIND), (fx) => ({
          ...fx,
          expected_validation_codes: [],
          expected_terminal_state: 'passed',
        }));
      });
    }, 60000);

    it('a firing fixture relabelled from another kind (its code proves that kind, not this one)', async () => {
      await expectFiringUncovered((dir) => {
        fs.rmSync(fires(dir), { recursive: true });
        firingInput(path.join(fires(dir), 'input'));
        writeFixture(fires(dir), {
          fixture_id: firingId(KIND),
          fixture_kind: KIND,
          input_bundle_ref: 'input',
          expected_validation_codes: [FIRING_CODE],
          schema_version: '1.0',
        });
      }, /none of its expected codes is one the seed lists for replay_divergence/);
    }, 60000);

    it('garbage fixture.json', async () => {
      const r = await expectFiringUncovered((dir) => {
        fs.writeFileSync(path.join(fires(dir), 'fixture.json'), '{"fixture_id": [[[[ garbage');
      });
      expect(r.findings.map((f) => f.code)).toContain(
        'validation.conformance_fixture_not_executed_before_build_ready',
      );
    }, 60000);

    it('a fixture.json that repeats a key (readers differ on which value counts)', async () => {
      await expectFiringUncovered((dir) => {
        const f = path.join(fires(dir), 'fixture.json');
        fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('{', '{"fixture_kind": "x",'));
      }, /repeats the key "fixture_kind"/);
    }, 60000);

    it('deeply nested fixture.json', async () => {
      await expectFiringUncovered((dir) => {
        fs.writeFileSync(path.join(fires(dir), 'fixture.json'), '['.repeat(200000));
      });
    }, 60000);

    it('a huge fixture.json (over the runner’s cap)', async () => {
      await expectFiringUncovered((dir) => {
        const f = path.join(fires(dir), 'fixture.json');
        fs.writeFileSync(f, '');
        fs.truncateSync(f, 65 * 1024 * 1024); // sparse: nothing is written
      });
    }, 60000);

    it('a passing fixture.json over the gate’s own cap', async () => {
      await expectFiringUncovered((dir) => {
        const f = path.join(fires(dir), 'fixture.json');
        fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('{', `{${' '.repeat(300 * 1024)}`));
      }, /fixture\.json is .*(large|bytes)/);
    }, 60000);
  });

  it('a clean twin that expects a terminal state other than passed is no clean twin', async () => {
    const root = repo();
    const dir = buildSuite(root);
    editFixture(dir, cleanId(KIND), (fx) => ({ ...fx, expected_terminal_state: 'failed' }));
    const r = await gate(root);
    expect(r.code).toBe(1);
    expect(uncovered(r)).toContain(`${KIND}:clean`);
  }, 60000);

  it.each([
    'sufficiency_no_capability',
    'sufficiency_missing_evidence',
    'sub_agent_reputation_insufficient_sample',
  ])(
    'a clean bundle expecting terminal state passed is no firing fixture of %s',
    async (kind) => {
      const root = repo();
      const dir = buildSuite(root);
      const fires = path.join(dir, 'addenda-b', firingId(kind));
      fs.rmSync(fires, { recursive: true });
      fs.cpSync(path.join(dir, 'addenda-b', cleanId(kind), 'input'), path.join(fires, 'input'), {
        recursive: true,
      });
      writeFixture(fires, {
        fixture_id: firingId(kind),
        fixture_kind: kind,
        input_bundle_ref: 'input',
        expected_validation_codes: [],
        expected_terminal_state: 'passed',
        schema_version: '1.0',
      });
      const r = await gate(root);
      expect(r.code).toBe(1);
      expect(uncovered(r)).toEqual([`${kind}:firing`]);
    },
    60000,
  );

  it('one firing bundle relabelled across all 20 kinds covers only its own kind', async () => {
    const root = repo();
    const dir = buildSuite(root);
    for (const kind of KINDS) {
      fs.rmSync(path.join(dir, 'addenda-b', firingId(kind)), { recursive: true });
      firingInput(path.join(dir, 'addenda-b', firingId(kind), 'input'));
      writeFixture(path.join(dir, 'addenda-b', firingId(kind)), {
        fixture_id: firingId(kind),
        fixture_kind: kind,
        input_bundle_ref: 'input',
        expected_validation_codes: [FIRING_CODE],
        schema_version: '1.0',
      });
    }
    const r = await gate(root);
    expect(r.code).toBe(1);
    expect(uncovered(r)).toEqual(
      KINDS.filter((k) => k !== 'novelty_no_neighbor')
        .map((k) => `${k}:firing`)
        .sort(),
    );
    // The relabelled fixtures are fair tests that cover nothing: they fail nothing themselves.
    expect(gateText(r)).not.toMatch(/passed but does not count/);
  }, 60000);

  it('an empty bundle is no clean twin of any kind', async () => {
    const root = repo();
    const dir = buildSuite(root);
    for (const kind of KINDS) {
      const clean = path.join(dir, 'addenda-b', cleanId(kind), 'input');
      fs.writeFileSync(path.join(clean, 'records.jsonl'), '');
      fs.rmSync(path.join(clean, 'registry'), { recursive: true, force: true });
    }
    const r = await gate(root);
    expect(r.code).toBe(1);
    expect(uncovered(r)).toEqual(KINDS.map((k) => `${k}:clean`).sort());
    expect(gateText(r)).toMatch(/holds no record of a type the kind’s codes judge/);
  }, 60000);

  it('the suite folder may be addenda-b/ itself (audit-gate fixtures conformance/addenda-b)', async () => {
    const root = repo();
    buildSuite(root);
    const r = await gate(root, 'conformance/addenda-b');
    expect(gateText(r)).toBe('');
  }, 60000);
});
