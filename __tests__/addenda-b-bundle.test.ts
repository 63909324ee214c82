// The Addenda B bundle is hostile input: every defect is a finding with a location, never a crash
// or a green result; and the build-ready gate refuses a suite that did not fully run.
import fs from 'node:fs';
import path from 'node:path';
import { Workspace } from '../src/io/workspace.js';
import { Hasher } from '../src/io/hashing.js';
import { addendaBPack } from '../src/packs/addenda-b/index.js';
import { readBundle } from '../src/packs/addenda-b/bundle.js';
import { cli } from './support/cli.js';
import { buildSuite } from './support/addenda-b-suite.js';
import { notChecked } from '../src/packs/addenda-b/not-checked.js';
import { CATALOGUE } from '../src/packs/addenda-b/catalogue.generated.js';

const CLEAN = path.resolve('conformance/addenda-b/clean-single-entity/input');
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'ab-'));
  made.push(d);
  return d;
};

function bundleCopy(): string {
  const dir = tmp();
  fs.cpSync(CLEAN, path.join(dir, 'b'), { recursive: true });
  return dir;
}

async function codesOf(root: string, sub = 'b') {
  const hasher = new Hasher();
  try {
    const r = await addendaBPack.verify(path.join(root, sub), {
      workspace: new Workspace(root),
      hasher,
      options: {},
    });
    return r.findings.map((f) => `${f.code}@${f.location?.path}:${f.location?.line ?? ''}`);
  } finally {
    await hasher.close();
  }
}

describe('reading a bundle fails closed', () => {
  it('a clean bundle verifies with no findings', async () => {
    const root = bundleCopy();
    expect(await codesOf(root)).toEqual([]);
  });
  it('a registry file whose name is not UTF-8 is not read as its U+FFFD twin', async () => {
    const root = bundleCopy();
    const reg = path.join(root, 'b/registry');
    fs.writeFileSync(
      Buffer.concat([Buffer.from(`${reg}/`), Buffer.from([0xff, 0x2e, 0x6a, 0x73, 0x6f, 0x6e])]),
      '[]',
    );
    fs.writeFileSync(path.join(reg, '\ufffd.json'), '[]');
    // Nothing in registry/ is read: the records it would have supplied are missing too.
    expect(await codesOf(root)).toContain('addenda_b.bundle_unreadable@b/registry:');
  });
  it('a missing records.jsonl is unreadable, not an empty run', async () => {
    const root = bundleCopy();
    fs.rmSync(path.join(root, 'b/records.jsonl'));
    expect(await codesOf(root)).toEqual(['addenda_b.bundle_unreadable@b/records.jsonl:']);
  });
  it('bad lines point at their line: not JSON, not an object, no type, blank, invalid UTF-8', async () => {
    const root = bundleCopy();
    const file = path.join(root, 'b/records.jsonl');
    const good = fs.readFileSync(file, 'utf8').split('\n')[0]!;
    fs.writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`${good}\n{"type":\n[1,2]\n{"no_type":true}\n\n`),
        Buffer.from([0xff, 0xfe, 0x0a]),
        Buffer.from(`${good}\n`),
      ]),
    );
    expect(await codesOf(root)).toEqual([
      'addenda_b.record_malformed@b/records.jsonl:2',
      'addenda_b.record_malformed@b/records.jsonl:3',
      'addenda_b.record_malformed@b/records.jsonl:4',
      'addenda_b.record_malformed@b/records.jsonl:5',
      'addenda_b.record_malformed@b/records.jsonl:6',
    ]);
  });
  it('an over-long line is reported and skipped, never held', () => {
    const root = bundleCopy();
    fs.appendFileSync(
      path.join(root, 'b/records.jsonl'),
      `{"type":"CostVector","x":"${'a'.repeat(5000)}"}\n`,
    );
    const { issues } = readBundle(new Workspace(root), path.join(root, 'b'), {
      maxLineBytes: 4096,
    });
    expect(issues.map((i) => i.code.code)).toEqual(['addenda_b.record_malformed']);
  });
  it('a "__proto__" key is an ordinary field; a hostile type name is quoted short', async () => {
    const root = bundleCopy();
    const file = path.join(root, 'b/records.jsonl');
    const hostileLine = fs.readFileSync(file, 'utf8').split('\n').length + 1;
    fs.appendFileSync(
      file,
      `{"type":"FormulaValue","value_id":"p","value":{"__proto__":{"polluted":true}}}\n{"type":"${'X'.repeat(500)}"}\n`,
    );
    const { issues } = readBundle(new Workspace(root), path.join(root, 'b'));
    expect(issues.map((i) => `${i.code.code}@${i.at.line}`)).toEqual([
      `addenda_b.unknown_record_type@${hostileLine}`,
    ]);
    expect(issues[0]!.message.length).toBeLessThan(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('a registry file that is not JSON, or a symlink out of the workspace, is unreadable', async () => {
    const root = bundleCopy();
    const outside = tmp();
    fs.writeFileSync(path.join(outside, 'secret.json'), '{"type":"FormulaSpec"}');
    fs.writeFileSync(path.join(root, 'b/registry/broken.json'), '{"type": "FormulaSpec",');
    fs.symlinkSync(path.join(outside, 'secret.json'), path.join(root, 'b/registry/link.json'));
    const codes = await codesOf(root);
    expect(codes).toContain('addenda_b.bundle_unreadable@b/registry/broken.json:1');
    expect(codes).toContain('addenda_b.bundle_unreadable@b/registry/link.json:');
  });
  it('a schema violation names the record line; a registry array item its own line', async () => {
    const root = bundleCopy();
    const reg = path.join(root, 'b/registry/type-owners.json');
    const items = JSON.parse(fs.readFileSync(reg, 'utf8'));
    items[1].status = 'orphaned';
    fs.writeFileSync(reg, JSON.stringify(items, null, 2));
    const codes = await codesOf(root);
    expect(codes).toEqual(['addenda_b.schema_violation@b/registry/type-owners.json:13']);
  });
});

describe('discovery', () => {
  it('finds a directory with bundle.json beside records.jsonl, not a lone bundle.json', () => {
    const dirs = [
      {
        abs: '/r/a',
        rel: 'a',
        files: new Set(['bundle.json', 'records.jsonl']),
        dirs: new Set<string>(),
        links: new Set<string>(),
      },
      {
        abs: '/r/b',
        rel: 'b',
        files: new Set(['bundle.json']),
        dirs: new Set<string>(),
        links: new Set<string>(),
      },
      {
        abs: '/r/c',
        rel: 'c',
        files: new Set(['bundle.json']),
        dirs: new Set(['registry']),
        links: new Set<string>(),
      },
    ];
    expect(addendaBPack.discover(dirs)).toEqual(['/r/a', '/r/c']);
  });
});

describe('the CLI', () => {
  it('addenda-b <dir> fails on a violation and lists what it did not check', async () => {
    const dir = path.resolve('conformance/addenda-b/quality-index-status-drift/input');
    const r = await cli(['addenda-b', dir, '--root', path.resolve('.')], '.');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/records\.jsonl:\d+ +validation\.quality_index_pass_status_drift/);
    expect(r.stdout).toMatch(/not checked: \d+ DOC23 Addenda B codes/);
    const json = await cli(
      ['addenda-b', CLEAN, '--root', path.resolve('.'), '--format', 'json'],
      '.',
    );
    expect(json.code).toBe(0);
    const ext = Object.values(JSON.parse(json.stdout).extensions)[0] as {
      not_checked: { code: string; reason: string }[];
    };
    expect(ext.not_checked.length).toBeGreaterThan(0);
    expect(ext.not_checked).toContainEqual(
      expect.objectContaining({ code: 'validation.read_model_asserts_unbacked_truth' }),
    );
  });
});

describe('every seed code is decided', () => {
  it('a code the pack does not check has a reason of its own, citing the seed or saying why', () => {
    const open = notChecked();
    expect(open.length).toBeLessThan(CATALOGUE.length);
    for (const c of open) {
      expect(c.reason).not.toMatch(/^not implemented in this build/);
      expect(c.reason.length).toBeGreaterThan(20);
    }
  });
});

describe('fixtures --build-ready', () => {
  /** A suite with a firing fixture and a clean twin per kind: build-ready. */
  const suite = () => buildSuite(tmp(), 'fx');
  const codes = async (dir: string) => {
    const r = await cli(['fixtures', dir, '--build-ready', '--format', 'json'], dir);
    return {
      code: r.code,
      codes: (JSON.parse(r.stdout).findings as { code: string }[]).map((f) => f.code),
    };
  };

  it('a suite where every kind has a passing fixture is build-ready', async () => {
    expect(await codes(suite())).toEqual({ code: 0, codes: [] });
  });
  it('a kind without a fixture fails the gate', async () => {
    const dir = suite();
    fs.rmSync(path.join(dir, 'addenda-b/replay_divergence-fires'), { recursive: true });
    fs.rmSync(path.join(dir, 'addenda-b/replay_divergence-clean'), { recursive: true });
    expect([...new Set((await codes(dir)).codes)].sort()).toEqual([
      'validation.accepted_patch_without_conformance_fixture',
      'validation.build_ready_gate_failed',
    ]);
  });
  it('a fixture without expected codes, and one whose input is missing, fail the gate', async () => {
    const dir = suite();
    const f = path.join(dir, 'addenda-b/replay_divergence-clean/fixture.json');
    const fx = JSON.parse(fs.readFileSync(f, 'utf8'));
    delete fx.expected_validation_codes;
    fs.writeFileSync(f, JSON.stringify(fx));
    fs.rmSync(path.join(dir, 'addenda-b/hard_call_empty_options-clean/input'), { recursive: true });
    const r = await codes(dir);
    expect(r.code).toBe(1);
    expect([...new Set(r.codes)].sort()).toEqual([
      'fixture.invalid',
      'validation.accepted_patch_without_conformance_fixture',
      'validation.build_ready_gate_failed',
      'validation.conformance_fixture_missing_expected_validation',
      'validation.conformance_fixture_not_executed_before_build_ready',
    ]);
  });
  it('without --build-ready the same suite is judged fixture by fixture only', async () => {
    const dir = suite();
    fs.rmSync(path.join(dir, 'addenda-b/replay_divergence-fires'), { recursive: true });
    const r = await cli(['fixtures', dir, '--format', 'json'], dir);
    expect(r.code).toBe(0);
  });
  it('a seed fixture with a field the seed does not define is invalid', async () => {
    const dir = suite();
    const f = path.join(dir, 'addenda-b/replay_divergence-clean/fixture.json');
    fs.writeFileSync(
      f,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(f, 'utf8')), pack: 'aris' }),
    );
    expect((await codes(dir)).codes).toContain('fixture.invalid');
  });
  it('expected_receipt_refs must name receipts of the bundle', async () => {
    const dir = suite();
    const f = path.join(dir, 'addenda-b/replay_divergence-clean/fixture.json');
    fs.rmSync(path.join(path.dirname(f), 'input'), { recursive: true });
    fs.cpSync(CLEAN, path.join(path.dirname(f), 'input'), { recursive: true });
    fs.writeFileSync(
      f,
      JSON.stringify({
        ...JSON.parse(fs.readFileSync(f, 'utf8')),
        expected_receipt_refs: ['rc-1-qi', 'rc-nope'],
      }),
    );
    const r = await cli(['fixtures', dir, '--format', 'json'], dir);
    expect(r.stdout).toMatch(/no receipt rc-nope in the bundle/);
    expect(r.stdout).not.toMatch(/no receipt rc-1-qi/);
  });
});
