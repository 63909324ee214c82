// The aristo pack on hostile and broken input: every problem is a located finding, never a
// crash, a hang or a green result; and the validator reports every failure of a proof at once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { jest } from '@jest/globals';
import os from 'node:os';
import path from 'node:path';
import { Hasher } from '../src/io/hashing.js';
import { Workspace } from '../src/io/workspace.js';
import { verifyAristo } from '../src/packs/aristo/verify.js';
import { renderCard, type Card } from '../src/packs/aristo/cards.js';
import { ARISTO } from '../src/packs/aristo/codes.js';
import { runCli } from '../src/cli/commands.js';

const ARISTO_TITLES = new Map(Object.values(ARISTO).map((d) => [d.code, d.title]));

const FIXTURES = path.resolve('conformance/aristo');
let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'aristo-bad-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A copy of a fixture's input under tmp/repo. */
function workspace(fixture = 'clean-verified'): string {
  const dir = path.join(tmp, 'repo');
  fs.cpSync(path.join(FIXTURES, fixture, 'input'), dir, {
    recursive: true,
    verbatimSymlinks: true,
  });
  return dir;
}
const proofPath = (dir: string, id: string) => path.join(dir, '.aristo/proofs', `${id}.proof`);
const edit = (file: string, change: (s: string) => string) =>
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));

async function check(dir: string, options: Record<string, unknown> = {}) {
  const hasher = new Hasher();
  try {
    return await verifyAristo(dir, { workspace: new Workspace(dir), hasher, options });
  } finally {
    await hasher.close();
  }
}
const codes = (r: Awaited<ReturnType<typeof check>>) =>
  [...new Set(r.findings.map((f) => f.code))].sort();
const lineOf = (file: string, needle: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('the validator', () => {
  it('reports every failure of one proof, each at its line in the .proof file, with the SDK text', async () => {
    const dir = workspace();
    const p = proofPath(dir, 'len_bounded');
    edit(p, (s) =>
      s
        .replace('attempts = 1', 'attempts = 0')
        .replace('method = "neural"', 'method = "full"')
        .replace(/conclusion = ".*"/, 'conclusion = ""')
        .replace('reason = "induction over the operations"', 'reason = " "'),
    );
    const r = await check(dir);
    const mine = r.findings.filter((f) => f.subject.endsWith('#len_bounded'));
    // Each message leads with the code's title, then the SDK validator's own words.
    const sdkText = (m: string) => m.replace(/^.*?, in the proof of `len_bounded`: /, '');
    expect(mine.every((f) => f.message.startsWith(ARISTO_TITLES.get(f.code)!))).toBe(true);
    expect(mine.map((f) => [f.code, f.location?.line, sdkText(f.message)])).toEqual([
      [
        'aristo.attempts_out_of_budget',
        lineOf(p, 'attempts = 0'),
        'verdict.attempts: attempts is 0; first attempt is 1',
      ],
      [
        'aristo.method_mismatch',
        lineOf(p, 'method = "full"'),
        "verdict.method: verdict claims method `Full` but focal entry's resolved method is `Neural`",
      ],
      [
        'aristo.verified_empty',
        lineOf(p, 'conclusion = ""'),
        'verified.proof.conclusion: is empty',
      ],
      [
        'aristo.ground_composition_empty',
        lineOf(p, 'reason = " "'),
        'verified.proof.steps[0].grounds[0]: composition ground has empty reason',
      ],
    ]);
    expect(mine.every((f) => f.location?.path === '.aristo/proofs/len_bounded.proof')).toBe(true);
    // The annotated item is named too, so an annotation lands on the source line as well.
    expect(mine[0]!.related).toEqual([{ path: 'src/ring.rs', line: 22 }]);
    expect(r.subjects.find((s) => s.name === 'len_bounded')?.status).toBe('REJECTED');
    expect(r.target.terminal_state).toBe('blocked');
  });
  it('finds text blank as Rust trims it: U+0085 is whitespace, U+FEFF is not', async () => {
    const dir = workspace();
    const p = proofPath(dir, 'len_bounded');
    edit(p, (s) =>
      s
        .replace(/conclusion = ".*"/, 'conclusion = "\\u0085 "')
        .replace('reason = "induction over the operations"', 'reason = "\\u0085\\u2028"'),
    );
    expect(codes(await check(dir))).toEqual([
      'aristo.ground_composition_empty',
      'aristo.verified_empty',
    ]);
    edit(p, (s) => s.replace('conclusion = "\\u0085 "', 'conclusion = "\\ufeff"'));
    expect(codes(await check(dir))).toEqual(['aristo.ground_composition_empty']);
  });
  it('a waiver whose reason Rust trims to nothing does not apply', async () => {
    const dir = workspace('waiver-blank-reason');
    const file = path.join(dir, '.aristo/expectations.toml');
    edit(file, (s) => s.replace('reason = "   "', 'reason = "\\u0085"'));
    const r = await check(dir);
    expect(codes(r)).toEqual(['aristo.inconclusive', 'aristo.refuted', 'aristo.waiver_invalid']);
  });
  it('an inconclusive proof’s finding names the annotations it suggests, so verify shows them', async () => {
    const r = await check(workspace('realistic-crate'));
    const f = r.findings.find((x) => x.code === 'aristo.inconclusive')!;
    expect(f.remediation).toBe(
      'Add one of the annotations the proof suggests, then re-run the proof: "assume" at "fn mean (src/stats.rs:4)": "The sum of the elements passed to mean() never exceeds u64::MAX.".',
    );
  });
  it('a refutation lands on the annotated source line and on the proof’s violation table', async () => {
    const dir = workspace('realistic-crate');
    fs.rmSync(path.join(dir, '.aristo/expectations.toml'));
    const r = await check(dir);
    const f = r.findings.find((x) => x.code === 'aristo.refuted')!;
    expect(f.location).toEqual({ path: 'src/ring.rs', line: 18 });
    expect(f.related).toEqual([
      {
        path: '.aristo/proofs/any_capacity_usable.proof',
        line: lineOf(proofPath(dir, 'any_capacity_usable'), '[counterexample.violation]'),
      },
    ]);
    expect(f.remediation).toContain('aristo verify --accept any_capacity_usable --because');
  });
  it('says which drifted: the claim text or the code', async () => {
    const dir = workspace();
    edit(path.join(dir, 'src/ring.rs'), (s) =>
      s
        .replace('len() is always at most the capacity.', 'len() never exceeds the capacity.')
        .replace('        self.len\n', '        self.len + 0\n'),
    );
    const r = await check(dir);
    // Proofs citing the reworded claim are stale too.
    expect(codes(r)).toEqual([
      'aristo.ground_stale_text',
      'aristo.proof_stale_code',
      'aristo.proof_stale_text',
    ]);
    const ext = r.extension as { cards: { id: string; drifted?: string[] }[] };
    expect(ext.cards.find((c) => c.id === 'len_bounded')?.drifted).toEqual([
      'the claim text changed',
      'the code changed',
    ]);
  });
});

describe('symlinks', () => {
  it('a symlinked source directory is not scanned twice (no duplicate ids)', async () => {
    const dir = workspace();
    fs.symlinkSync('src', path.join(dir, 'alias'));
    expect(codes(await check(dir))).toEqual([]);
  });
});

describe('step order', () => {
  it('a prior step is earlier by UTF-8 bytes, as the SDK compares, not by UTF-16 units', async () => {
    // By UTF-16 "0.1.😀" (a surrogate pair, D83D…) sorts before "0.1.\uFFFD"; by UTF-8 (F0… vs
    // EF…) and code point it sorts after, so the step after it cannot rest on it.
    const dir = workspace();
    const p = proofPath(dir, 'len_bounded');
    const [later, earlier] = ['0.1.\u{1F600}', '0.1.\uFFFD'];
    edit(
      p,
      (s) =>
        s
          .replaceAll('"0.1.0.0"', `"${later}.0"`)
          .replaceAll('"0.1.0"', `"${later}"`)
          .replaceAll('"0.1.1"', `"${earlier}"`)
          .trimEnd() +
        `\n\n[[verified.proof.steps.grounds]]\nkind = "prior-step"\npath = "${later}"\nreason = "after push"\n`,
    );
    expect(codes(await check(dir))).toEqual([ARISTO.groundPriorStepInvalid.code]);
  });
});

describe('hostile files', () => {
  it('a proofs folder or a source folder holding a name that is not UTF-8 fails closed', async () => {
    const dir = workspace();
    const bad = (d: string) => Buffer.concat([Buffer.from(`${d}/`), Buffer.from([0xff])]);
    fs.writeFileSync(bad(path.join(dir, '.aristo/proofs')), 'x');
    fs.writeFileSync(bad(path.join(dir, 'src')), 'x');
    const r = await check(dir);
    expect(r.findings.map((f) => [f.code, f.message])).toEqual(
      expect.arrayContaining([
        [
          'aristo.proof_unreadable',
          '.aristo/proofs holds a name that is not valid UTF-8: what lies under that name was not verified.',
        ],
        [
          'aristo.source_unparseable',
          'src holds a name that is not valid UTF-8: what lies under that name was not verified; the annotations of Rust files there are checked against the index alone.',
        ],
      ]),
    );
  });
  it('a FIFO named like a proof is reported, not opened blocking', async () => {
    const dir = workspace();
    execFileSync('mkfifo', [proofPath(dir, 'ghost')]);
    expect(codes(await check(dir))).toEqual(['aristo.proof_unreadable']);
  });
  it('a proof symlinked out of the repository is never read', async () => {
    const dir = workspace();
    fs.rmSync(proofPath(dir, 'len_bounded'));
    fs.symlinkSync('/etc/hostname', proofPath(dir, 'len_bounded'));
    const r = await check(dir);
    expect(codes(r)).toEqual(['aristo.proof_unreadable']);
    expect(r.findings[0]!.message).toMatch(/outside the workspace/);
  });
  it('huge, non-UTF-8 and absurdly nested proofs are findings', async () => {
    const dir = workspace();
    fs.writeFileSync(proofPath(dir, 'huge'), Buffer.alloc(5 * 1024 * 1024, 0x61));
    fs.writeFileSync(proofPath(dir, 'latin'), Buffer.from([0x61, 0x3d, 0x22, 0xe9, 0x22, 0x0a]));
    fs.writeFileSync(proofPath(dir, 'deep'), `a = ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    const r = await check(dir);
    const bySubject = Object.fromEntries(r.findings.map((f) => [f.subject.split('#')[1], f.code]));
    expect(bySubject).toMatchObject({
      huge: 'aristo.proof_unreadable',
      latin: 'aristo.proof_unreadable',
      deep: 'aristo.proof_unparseable',
    });
  });
  it('wrong types are schema findings at the key’s line, in the SDK’s words', async () => {
    const dir = workspace();
    const p = proofPath(dir, 'len_bounded');
    edit(p, (s) =>
      s.replace('attempts = 1', 'attempts = "one"').replace('type = "verified"', 'type = "proven"'),
    );
    const r = await check(dir);
    const msgs = r.findings.map((f) => [f.code, f.location?.line, f.message]);
    expect(msgs).toEqual(
      expect.arrayContaining([
        [
          'aristo.proof_schema',
          lineOf(p, 'type = "proven"'),
          expect.stringContaining('unknown variant `proven`, expected one of `verified`'),
        ],
        [
          'aristo.proof_schema',
          lineOf(p, 'attempts = "one"'),
          expect.stringContaining('invalid type: string, expected an integer'),
        ],
      ]),
    );
  });
  it('a table where a variant belongs is a schema finding, not a crash of the workspace', async () => {
    const dir = workspace();
    const p = proofPath(dir, 'len_bounded');
    edit(p, (s) => s.replace('method = "neural"', 'method = { x = 1 }'));
    const r = await check(dir);
    expect(codes(r)).not.toContain('gate.internal_error');
    expect(r.findings.map((f) => [f.code, f.location?.line, f.message])).toEqual(
      expect.arrayContaining([
        [
          'aristo.proof_schema',
          lineOf(p, 'method = { x = 1 }'),
          expect.stringContaining('unknown variant `map`'),
        ],
      ]),
    );
  });
  it('a proof failing one check in thousands of places lists 50, in its findings and its card, and counts the rest', async () => {
    const dir = workspace();
    const p = proofPath(dir, 'len_bounded');
    const ground =
      '\n[[verified.proof.steps.grounds]]\nkind = "intent"\nid = "x"\nrelation = "composes"\n';
    edit(p, (s) => s.trimEnd() + '\n' + ground.repeat(3000));
    const r = await check(dir);
    const mine = r.findings.filter(
      (f) => f.subject.endsWith('#len_bounded') && f.code === 'aristo.ground_id_invalid',
    );
    expect(mine).toHaveLength(51);
    expect(mine[50]!.message).toMatch(
      /^2950 more place\(s\) for len_bounded have the same problem/,
    );
    expect(mine[50]!.remediation).toBe(mine[0]!.remediation);
    expect(mine[50]!.remediation).toContain('id=len_bounded');
    expect(mine[50]).toMatchObject({ severity: 'error' });
    // Its card lists as many failures and counts the rest.
    const ext = r.extension as { cards: { id: string; failures?: string[] }[] };
    const failures = ext.cards.find((c) => c.id === 'len_bounded')!.failures!;
    expect(failures).toHaveLength(51);
    expect(failures[50]).toBe('… and 2950 more (see the findings)');
    expect(r.target.terminal_state).toBe('blocked');
  });
  it('a nested workspace’s sources are its own, however deep they lie', async () => {
    const dir = workspace();
    const claim = '#[aristo::intent("nested claim", id = "nested_only")]\nfn s() {}\n';
    fs.mkdirSync(path.join(dir, 'a/b/.aristo'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'a/b/src/deep'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'a/b/src/deep/x.rs'), claim);
    fs.mkdirSync(path.join(dir, 'a/c'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'a/c/y.rs'), claim.replace('nested_only', 'outer_claim'));
    const r = await check(dir);
    const ids = r.subjects.map((s) => s.id);
    expect(ids.some((id) => id.endsWith('#outer_claim'))).toBe(true);
    expect(ids.some((id) => id.includes('nested_only'))).toBe(false);
  });
  it('a proofs directory linked out of the repository is not listed', async () => {
    const dir = workspace();
    const outside = path.join(tmp, 'outside');
    fs.cpSync(path.join(dir, '.aristo/proofs'), outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret_name.proof'), '');
    fs.rmSync(path.join(dir, '.aristo/proofs'), { recursive: true });
    fs.symlinkSync(outside, path.join(dir, '.aristo/proofs'));
    const r = await check(dir);
    expect(JSON.stringify(r)).not.toContain('secret_name');
    expect(JSON.stringify(r)).not.toContain(outside);
    const refused = r.findings.find((f) => f.code === 'aristo.proof_unreadable')!;
    expect(refused.message).toBe(
      '.aristo/proofs leads out of the repository, so no proof in it is read.',
    );
    expect(refused.remediation).toBe(
      'Make .aristo/proofs a real directory inside the repository, holding the .proof files.',
    );
    expect(r.target.terminal_state).toBe('blocked');
  });
  it('a proofs directory linked into .git says so', async () => {
    const dir = workspace();
    execFileSync('git', ['init', '-q', dir]);
    fs.rmSync(path.join(dir, '.aristo/proofs'), { recursive: true });
    fs.symlinkSync('../.git', path.join(dir, '.aristo/proofs'));
    const r = await check(dir);
    expect(r.findings.find((f) => f.code === 'aristo.proof_unreadable')!.message).toBe(
      '.aristo/proofs lies in a git directory or links into one, so no proof in it is read.',
    );
  });
  it('a file cited under many spellings is read once, with one hashing budget', async () => {
    const dir = workspace('ground-unchecked');
    const p = proofPath(dir, 'len_bounded');
    let k = 0;
    edit(p, (s) =>
      s.replace(/file = "src\/big.txt"/g, () => `file = "${'./'.repeat(k++ % 7)}src//big.txt"`),
    );
    const read = jest.spyOn(fs, 'openSync');
    let r: Awaited<ReturnType<typeof check>>;
    try {
      r = await check(dir);
      expect(read.mock.calls.filter(([f]) => String(f).endsWith('big.txt'))).toHaveLength(1);
    } finally {
      read.mockRestore();
    }
    expect(codes(r)).toContain('aristo.ground_unchecked');
  });
  it('a proof rejected only for grounds past the hashing budget says what to do, not to re-run', async () => {
    const dir = workspace('ground-unchecked');
    const r = await check(dir);
    const ext = r.extension as { cards: Card[] };
    const card = ext.cards.find((c) => c.id === 'len_bounded')!;
    expect(card.state).toBe('rejected');
    expect(renderCard(card)).toContain(`Fix: ${ARISTO.groundUnchecked.remediation}`);
    expect(renderCard(card)).not.toContain('Re-run:');
  });
  it('an index or expectations file that is a directory or FIFO fails closed', async () => {
    const dir = workspace('realistic-crate');
    fs.rmSync(path.join(dir, '.aristo/index.toml'));
    fs.mkdirSync(path.join(dir, '.aristo/index.toml'));
    fs.rmSync(path.join(dir, '.aristo/expectations.toml'));
    execFileSync('mkfifo', [path.join(dir, '.aristo/expectations.toml')]);
    const r = await check(dir);
    expect(codes(r)).toEqual([
      'aristo.expectations_invalid',
      'aristo.inconclusive',
      'aristo.index_invalid',
      'aristo.refuted',
    ]);
  });
  it('a binary .rs file and Rust that does not parse are located findings', async () => {
    const dir = workspace();
    fs.writeFileSync(path.join(dir, 'src/blob.rs'), Buffer.from([0xff, 0xfe, 0x00, 0x69]));
    fs.writeFileSync(path.join(dir, 'src/bad.rs'), 'fn ok() {}\n#[intent("x")]\nfn f( {\n');
    const r = await check(dir);
    expect(r.findings.map((f) => [f.code, f.location])).toEqual([
      ['aristo.source_unparseable', { path: 'src/bad.rs', line: 3, column: expect.any(Number) }],
      ['aristo.source_unparseable', { path: 'src/blob.rs' }],
    ]);
  });
  it('random damage to a proof never crashes and never passes', async () => {
    const dir = workspace();
    const p = proofPath(dir, 'push_overwrites_oldest');
    const original = fs.readFileSync(p);
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let i = 0; i < 40; i++) {
      const bytes = Buffer.from(original);
      for (let k = 0; k < 3; k++) bytes[rand(bytes.length)] = rand(128);
      fs.writeFileSync(p, bytes);
      const r = await check(dir);
      const mine = r.findings.filter((f) => f.subject.endsWith('#push_overwrites_oldest'));
      if (bytes.equals(original)) continue;
      const subject = r.subjects.find((s) => s.name === 'push_overwrites_oldest');
      // Damage that keeps the proof valid and fresh (e.g. inside a reason) may pass; anything
      // else is a located finding.
      if (subject?.status !== 'VERIFIED') expect(mine.length).toBeGreaterThan(0);
      for (const f of mine) expect(f.location?.path).toBeDefined();
    }
  });
});

describe('audit-gate aristo', () => {
  const io = () => {
    const out: string[] = [];
    return {
      out,
      io: {
        stdout: (s: string) => out.push(s),
        stderr: (s: string) => out.push(s),
        cwd: tmp,
        isTTY: false,
      },
    };
  };
  it('a repository without .aristo/ verifies nothing and fails closed', async () => {
    fs.mkdirSync(path.join(tmp, 'empty'));
    const { out, io: x } = io();
    expect(await runCli(['aristo', 'empty'], x)).toBe(1);
    expect(out.join('')).toMatch(/gate\.nothing_verified/);
  });
  it('a workspace directory named with terminal escapes is printed escaped', async () => {
    const name = 'ws\u001b[2J\u001b[32mOK: nothing blocks.\u001b[8m';
    fs.cpSync(path.join(FIXTURES, 'refuted-unwaived', 'input'), path.join(tmp, 'repo', name), {
      recursive: true,
    });
    const { out, io: x } = io();
    expect(await runCli(['aristo', 'repo'], x)).toBe(1);
    const text = out.join('');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('ws\\u001b[2J');
  });
  it('--block-inconclusive makes the inconclusive verdict block', async () => {
    workspace('realistic-crate');
    const a = io();
    expect(await runCli(['aristo', 'repo'], a.io)).toBe(0);
    const b = io();
    expect(await runCli(['aristo', 'repo', '--block-inconclusive'], b.io)).toBe(1);
    expect(b.out.join('')).toContain('? Inconclusive — mean_within_bounds');
  });
});
