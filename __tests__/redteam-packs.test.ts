// Red-team attacks on the aristo and addenda-b packs: each test is a hostile checkout that once
// crashed or greened the gate; the fix makes it a located, coded finding.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hasher } from '../src/io/hashing.js';
import { Workspace } from '../src/io/workspace.js';
import { verifyAristo } from '../src/packs/aristo/verify.js';
import { readBundle } from '../src/packs/addenda-b/bundle.js';
import { TOO_MANY, cargoTargets, moduleFiles } from '../src/packs/aristo/sources.js';
import { MAX_REFS_PER_FILE, moduleRefs } from '../src/packs/aristo/rust/modules.js';
import { cli } from './support/cli.js';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'redteam-packs-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function aristoRepo(fixture: string): string {
  const dir = path.join(tmp, 'repo');
  fs.cpSync(path.join('conformance/aristo', fixture, 'input'), dir, {
    recursive: true,
    verbatimSymlinks: true,
  });
  return dir;
}

async function checkAristo(dir: string) {
  const hasher = new Hasher();
  try {
    return await verifyAristo(dir, { workspace: new Workspace(dir), hasher, options: {} });
  } finally {
    await hasher.close();
  }
}

describe('aristo: deeply nested Rust', () => {
  it('thousands of nested modules are a source_unparseable finding, not a stack overflow', async () => {
    const dir = aristoRepo('clean-verified');
    const n = 20000;
    let src = '';
    for (let i = 0; i < n; i++) src += `mod m${i} { `;
    src += '#[aristo::intent("x", id = "deep")] fn g() {}' + '}'.repeat(n) + '\n';
    fs.writeFileSync(path.join(dir, 'src/deep.rs'), src);
    const r = await checkAristo(dir);
    const f = r.findings.find((x) => x.code === 'aristo.source_unparseable');
    expect(f?.location?.path).toBe('src/deep.rs');
    expect(f?.message).toMatch(/nests items or blocks more than \d+ deep/);
    expect(r.target.terminal_state).toBe('blocked');
  });
});

describe('addenda-b: prototype keys as record types', () => {
  it.each(['constructor', '__proto__', 'toString'])(
    'a record of type "%s" is an unknown type at its line, and the records after it are still read',
    (type) => {
      const dir = path.join(tmp, 'bundle');
      fs.cpSync('conformance/addenda-b/clean-three-entities/input', dir, { recursive: true });
      const records = path.join(dir, 'records.jsonl');
      const lines = fs.readFileSync(records, 'utf8').trimEnd().split('\n');
      fs.writeFileSync(records, [JSON.stringify({ type, x: 1 }), ...lines].join('\n') + '\n');
      const { bundle, issues } = readBundle(new Workspace(tmp), dir);
      expect(issues.map((i) => [i.code.code, i.at])).toEqual([
        ['addenda_b.unknown_record_type', { path: 'bundle/records.jsonl', line: 1 }],
      ]);
      expect(bundle.records.filter((r) => !r.registry)).toHaveLength(lines.length);
    },
  );
});

// Hostile review 11: ways a pull request took a failing crate or bundle out of the gate, checked
// the way a workflow runs it (discovery, then verify at a pinned submission assurance).
describe('a pull request cannot take its own failing aristo crate or bundle out of discovery', () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: dir });
  /** A git repository holding the refuted crate at crate/, everything committed after `edit`. */
  function repo(edit: (crate: string) => void = () => {}): string {
    const dir = path.join(tmp, 'repo');
    fs.mkdirSync(dir);
    fs.cpSync('conformance/aristo/refuted-unwaived/input', path.join(dir, 'crate'), {
      recursive: true,
    });
    edit(path.join(dir, 'crate'));
    git(dir, 'init', '-q', '.');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'crate');
    return dir;
  }
  const verify = async (dir: string) => {
    const r = await cli(['verify', '--assurance', 'submission', '--format', 'json'], dir);
    const report = JSON.parse(r.stdout) as {
      targets: { id: string }[];
      findings: { code: string; severity: string; location?: { path: string } }[];
    };
    return { code: r.code, report, codes: report.findings.map((f) => f.code) };
  };
  /** Deletes the proofs of src/ring.rs's intents (all but stats.rs's and the refuted one's). */
  const ringProofs = (crate: string) => {
    const keep = ['any_capacity_usable.proof', 'mean_within_bounds.proof'];
    for (const p of fs.readdirSync(path.join(crate, '.aristo/proofs')))
      if (!keep.includes(p)) fs.rmSync(path.join(crate, '.aristo/proofs', p));
  };

  it('deleting .aristo leaves a crate that names aristo in Cargo.toml a target: its intents block', async () => {
    const r = await verify(repo((c) => fs.rmSync(path.join(c, '.aristo'), { recursive: true })));
    expect(r.report.targets.map((t) => t.id)).toContain('aristo:crate');
    expect(r.codes).toContain('aristo.proof_missing');
    expect(r.code).toBe(1);
  });

  it('a .aristo that is a file still makes the crate a target', async () => {
    const dir = repo((c) => {
      fs.rmSync(path.join(c, '.aristo'), { recursive: true });
      fs.writeFileSync(path.join(c, '.aristo'), 'not a folder\n');
    });
    const r = await verify(dir);
    expect(r.report.targets.map((t) => t.id)).toContain('aristo:crate');
    expect(r.code).toBe(1);
  });

  it('a Cargo.toml that spells aristo with a TOML escape still makes the crate a target', async () => {
    const dir = repo((c) => {
      fs.rmSync(path.join(c, '.aristo'), { recursive: true });
      const toml = path.join(c, 'Cargo.toml');
      fs.writeFileSync(toml, fs.readFileSync(toml, 'utf8').replace('aristo =', '"arist\\u006f" ='));
    });
    expect(fs.readFileSync(path.join(dir, 'crate/Cargo.toml'), 'utf8')).toContain('"arist\\u006f"');
    const r = await verify(dir);
    expect(r.report.targets.map((t) => t.id)).toContain('aristo:crate');
    expect(r.code).toBe(1);
  });

  it('a crate that lost its .aristo but holds another workspace below is still a target', async () => {
    const dir = repo((c) => {
      fs.renameSync(path.join(c, '.aristo'), path.join(tmp, 'moved-aristo'));
      fs.mkdirSync(path.join(c, 'examples/vendored'), { recursive: true });
      fs.cpSync('conformance/aristo/clean-verified/input', path.join(c, 'examples/vendored'), {
        recursive: true,
      });
    });
    const r = await verify(dir);
    expect(r.report.targets.map((t) => t.id).sort()).toEqual([
      'aristo:crate',
      'aristo:crate/examples/vendored',
    ]);
    // The outer crate's scan stops at the inner workspace: its intents are not counted twice.
    const missing = r.report.findings.filter((f) => f.code === 'aristo.proof_missing');
    expect(missing.every((f) => f.location?.path.startsWith('crate/src/'))).toBe(true);
    expect(r.code).toBe(1);
  });

  it('a Rust crate that does not name aristo is no aristo target', async () => {
    const dir = repo((c) => {
      fs.rmSync(path.join(c, '.aristo'), { recursive: true });
      fs.writeFileSync(path.join(c, 'Cargo.toml'), '[package]\nname = "plain"\n');
      for (const f of fs.readdirSync(path.join(c, 'src'))) {
        const p = path.join(c, 'src', f);
        fs.writeFileSync(p, fs.readFileSync(p, 'utf8').replace(/#\[aristo::[^\n]*\n/g, ''));
      }
    });
    const r = await cli(['verify', '--format', 'json', '--allow-empty'], dir);
    expect(JSON.parse(r.stdout).targets).toEqual([]);
  });

  it('a crate moved into a committed node_modules is still discovered and scanned', async () => {
    const dir = repo((c) => {
      fs.renameSync(c, path.join(tmp, 'moved'));
      fs.mkdirSync(path.join(c, 'node_modules'), { recursive: true });
      fs.renameSync(path.join(tmp, 'moved'), path.join(c, 'node_modules', 'ringbuf'));
    });
    const r = await verify(dir);
    expect(r.report.targets.map((t) => t.id)).toContain('aristo:crate/node_modules/ringbuf');
    expect(r.codes).toContain('aristo.refuted');
    expect(r.code).toBe(1);
  });

  it('a module in a linked folder outside the crate is scanned through the link', async () => {
    const dir = repo((c) => {
      ringProofs(c);
      fs.mkdirSync(path.join(c, '../vendor'));
      fs.renameSync(path.join(c, 'src/ring.rs'), path.join(c, '../vendor/ring.rs'));
      fs.symlinkSync('../../vendor', path.join(c, 'src/r'));
      const lib = path.join(c, 'src/lib.rs');
      fs.writeFileSync(
        lib,
        fs
          .readFileSync(lib, 'utf8')
          .replace('pub mod ring;', '#[path = "r/ring.rs"]\npub mod ring;'),
      );
    });
    const r = await verify(dir);
    const missing = r.report.findings.filter((f) => f.code === 'aristo.proof_missing');
    expect(missing.map((f) => f.location?.path)).toContain('crate/src/r/ring.rs');
    expect(r.code).toBe(1);
  });

  it('a #[path] module outside the workspace is a blocking source_unparseable, never read', async () => {
    const outside = path.join(tmp, 'outside.rs');
    fs.writeFileSync(outside, '#[aristo::intent("x", id = "far", verify = "neural")]\nfn f() {}\n');
    const dir = repo((c) => {
      const lib = path.join(c, 'src/lib.rs');
      fs.writeFileSync(
        lib,
        fs.readFileSync(lib, 'utf8') + `#[path = "../../../outside.rs"]\npub mod far;\n`,
      );
    });
    const r = await verify(dir);
    const f = r.report.findings.find((x) => x.code === 'aristo.source_unparseable');
    expect(f).toMatchObject({ severity: 'error' });
    expect(JSON.stringify(r.report)).not.toContain('"far"');
    expect(r.code).toBe(1);
  });

  it('deleting bundle.json leaves the rest of an Addenda B bundle a target that fails', async () => {
    const dir = path.join(tmp, 'repo');
    fs.cpSync('conformance/addenda-b/receipt-output-differs/input', path.join(dir, 'bundle'), {
      recursive: true,
    });
    fs.rmSync(path.join(dir, 'bundle/bundle.json'));
    git(dir, 'init', '-q', '.');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'bundle');
    const r = await verify(dir);
    expect(r.codes).toEqual(
      expect.arrayContaining(['addenda_b.bundle_unreadable', 'addenda_b.formula_output_mismatch']),
    );
    expect(r.code).toBe(1);
  });
});

describe('the files #[path] and include! name', () => {
  const lits = (text: string) => moduleRefs(text).refs.map((r) => r.lit);
  it('reads plain, escaped and raw literals, cfg_attr paths and comments between tokens', () => {
    const text = [
      '#[path = "a.rs"] mod a;',
      '#[cfg_attr(any(unix, windows), path = "u.rs")] mod u;',
      '#[path = r"raw.rs"] mod r;',
      '#[path = r#"q"q.rs"#] mod q;',
      '#[path = "e\\x2etxt"] mod e;',
      '#[path /* c */ = "c.rs"] mod c;',
      'include!(r"inc.rs");',
      'mod b { include!("gen.rs"); }',
      '',
    ].join('\n');
    expect(lits(text)).toEqual([
      'a.rs',
      'u.rs',
      'raw.rs',
      'q"q.rs',
      'e.txt',
      'c.rs',
      'inc.rs',
      'gen.rs',
    ]);
    expect(moduleRefs(text).refs.at(-1)!.line).toBe(8);
  });
  it('reads no path from a comment, a string or outside an attribute', () => {
    const text = [
      '/// Example: `include!("/opt/app/generated.rs");`',
      '/* #[path = "x.rs"] /* nested */ mod x; */',
      'let s = "#[path = \\"y.rs\\"]";',
      'let c = \'"\'; let path = "config.rs";',
      '',
    ].join('\n');
    expect(lits(text)).toEqual([]);
  });
  it('stops at MAX_REFS_PER_FILE, and says so', () => {
    const r = moduleRefs('#[path = "a.rs"] mod a;\n'.repeat(MAX_REFS_PER_FILE + 5));
    expect([r.refs.length, r.capped]).toEqual([MAX_REFS_PER_FILE, true]);
    expect(r.refs.at(-1)!.line).toBe(MAX_REFS_PER_FILE);
  });
  it('takes every place the file may be, resolves .. on disk, and returns what is found nowhere', () => {
    const byName = new Map([['evil.txt', ['src/evil.txt', 'src/a/evil.txt', 'src/a/b/evil.txt']]]);
    const none = () => false;
    const noDisk = () => undefined;
    expect(moduleFiles('src/lib.rs', 'x.rs', new Map(), (p) => p === 'src/x.rs', noDisk)).toEqual([
      'src/x.rs',
    ]);
    expect(
      moduleFiles('src/ring.rs', 'x.rs', new Map(), (p) => p === 'src/ring/x.rs', noDisk),
    ).toEqual(['src/ring/x.rs']);
    // A decoy beside the file does not stand in for the module an inline `mod a { … }` names.
    expect(
      moduleFiles('src/lib.rs', 'evil.txt', byName, (p) => p === 'src/evil.txt', noDisk),
    ).toEqual(['src/evil.txt', 'src/a/evil.txt', 'src/a/b/evil.txt']);
    expect(
      moduleFiles('src/lib.rs', 'l/../evil.txt', byName, none, (p) =>
        p === 'src/l/../evil.txt' ? 'src/deep/evil.txt' : undefined,
      ),
    ).toEqual(['src/deep/evil.txt', 'src/evil.txt', 'src/a/evil.txt', 'src/a/b/evil.txt']);
    expect(moduleFiles('src/lib.rs', 'deep.rs', byName, none, noDisk)).toEqual(['src/deep.rs']);
    // From an inline module, `..` may land on any file of that name.
    expect(moduleFiles('src/lib.rs', '../evil.txt', byName, none, noDisk)).toEqual([
      'src/evil.txt',
      'src/a/evil.txt',
      'src/a/b/evil.txt',
    ]);
    // A name thousands of files have is reported, not followed.
    const many = new Map([['a.txt', Array.from({ length: 1000 }, (_, k) => `src/s${k}/a.txt`)]]);
    expect(moduleFiles('src/lib.rs', 'a.txt', many, none, noDisk)).toBe(TOO_MANY);
    expect(moduleFiles('src/lib.rs', '/etc/passwd', byName, none, noDisk)).toEqual(['/etc/passwd']);
  });
  it('reads no path a string, a char literal or a prefixed string could hide (hostile review 13)', () => {
    const hidden = [
      'pub const A: &[u8] = br"\\"; pub const B: &str = "//"; #[path = "evil.txt"] mod evil;',
      'pub const A: &core::ffi::CStr = cr"\\"; pub const B: &str = "//"; #[path = "evil.txt"] mod evil;',
      'pub const C: (char, char) = (\'😀\',\'"\'); pub const B: &str = "//"; #[path = "evil.txt"] mod evil;',
      'pub const S: &str = "#[path = r"; #[path = "evil.txt"] mod evil;',
      'pub const S: &str = "include!(r"; include!("evil.txt");',
      '#[cfg_attr(not(feature = "]"), path = "evil.txt")] mod evil;',
      '#[r#path = "evil.txt"] mod evil;',
      '#[cfg_attr(all(), r#path = "evil.txt")] mod evil;',
      '#[path\u200e= "evil.txt"] mod evil;',
      '#[path\u0085= "evil.txt"] mod evil;',
    ];
    for (const text of hidden) expect([text, lits(text)]).toEqual([text, ['evil.txt']]);
  });
  it('reads what a number before a string, a lifetime, a shebang or a raw identifier could hide (hostile review 14)', () => {
    const hidden = [
      'skip!(1"/*"); #[path = "evil.txt"] pub mod evil; skip!(1"*/");',
      'skip!(\'r"\\"/*"); #[path = "evil.txt"] pub mod evil; skip!(1"*/");',
      '#!x /*\n#[path = "evil.txt"] pub mod evil;\n// */',
      '#[cfg_attr(not(r#nope), path = "evil.txt")] pub mod evil;',
    ];
    for (const text of hidden) expect([text, lits(text)]).toEqual([text, ['evil.txt']]);
    // rustc skips ASCII whitespace only after a line continuation.
    expect(lits('#[path = "\\\n\u00a0evil.txt"] mod evil;')).toEqual(['\u00a0evil.txt']);
    // An inner attribute is no shebang.
    expect(lits('#![allow(dead_code)]\n#[path = "a.rs"] mod a;')).toEqual(['a.rs']);
  });
  it('stays linear on a long run of whitespace after #, and on unclosed cfg_attr', () => {
    const text = '#' + ' '.repeat(300_000) + '[derive(Debug)] pub struct P; // path\n';
    expect(lits(text)).toEqual([]);
    expect(lits('#[cfg_attr(a,'.repeat(100_000) + ' path')).toEqual([]);
  });
  it('reads the targets a Cargo manifest names', () => {
    expect(
      cargoTargets({
        lib: { path: 'src/evil.txt' },
        bin: [{ name: 'x', path: 'main.txt' }, { name: 'y' }],
        package: { build: 'build.rs' },
      }),
    ).toEqual(['src/evil.txt', 'main.txt', 'build.rs']);
  });
});
