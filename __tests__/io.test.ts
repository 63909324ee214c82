import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expandGlob, globRegExp } from '../src/io/glob.js';
import { parseJson } from '../src/io/json.js';
import { Hasher, LARGE_FILE_BYTES } from '../src/io/hashing.js';
import { Workspace } from '../src/io/workspace.js';
import { realDirectory } from '../src/io/paths.js';
import { parseIndex, trackedUnder } from '../src/io/git-index.js';
import { walkRepository } from '../src/io/walk.js';
import { readSmallFile, statPath } from '../src/io/files.js';
import { WriteRefused, writeReportFile } from '../src/io/write.js';
import { mkfifo, tempRepos } from './support/temp.js';

const repo = tempRepos();

describe('parseJson', () => {
  it('gives the line of a key and of a nested key', () => {
    const r = parseJson('{\n  "a": 1,\n  "b": {\n    "c x": "y"\n  }\n}\n');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.lineOf(['a'])).toBe(2);
    expect(r.doc.lineOf(['b', 'c x'])).toBe(4);
    expect(r.doc.lineOf(['nope'])).toBeUndefined();
  });
  it('records duplicate keys with their lines; the last value wins', () => {
    const r = parseJson('{"verdict": "FAIL",\n"verdict": "PASS"}');
    expect(r.ok && r.doc.duplicates).toEqual([{ key: 'verdict', line: 2 }]);
    expect(r.ok && (r.value as Record<string, unknown>).verdict).toBe('PASS');
  });
  it.each([
    ['\ufeff{}', 'bom'],
    ['', 'empty'],
    ['{"a": NaN}', 'syntax'],
    ['{"a": 1,}', 'syntax'],
    ['{"a": 1} // c', 'syntax'],
    ['{"a": 1', 'syntax'],
  ])('rejects %j as %s', (text, reason) => {
    const r = parseJson(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe(reason);
  });
  it('reports the line of a syntax error', () => {
    const r = parseJson('{\n"a": 1,\n"b": oops\n}');
    expect(!r.ok && r.position.line).toBe(3);
  });
  it('says what is wrong in words, and names a trailing comma', () => {
    const says = (text: string) => {
      const r = parseJson(text);
      return r.ok ? 'ok' : r.message;
    };
    expect(says('{"a": 1,\n}')).toBe(
      'is not valid JSON: a quoted key is expected at line 2, column 1 (a comma before a closing bracket is not allowed)',
    );
    expect(says('[1, 2,]')).toBe(
      'is not valid JSON: a value is expected at line 1, column 7 (a comma before a closing bracket is not allowed)',
    );
    expect(says('{"a" 1}')).toBe('is not valid JSON: a colon is expected at line 1, column 6');
    expect(says('{"a": NaN}')).toBe('is not valid JSON: unexpected text at line 1, column 7');
    expect(says('{"a": 1} {}')).toBe(
      'is not valid JSON: text follows the value at line 1, column 10',
    );
  });
  it('keeps "__proto__" as an ordinary key', () => {
    const r = parseJson('{"__proto__": {"polluted": true}, "x": 1}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'x']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('globs', () => {
  it('* and ? stop at /, ** does not; file globs match names holding #', () => {
    expect(globRegExp('shards/*/report.json').test('shards/report-#1/report.json')).toBe(true);
    expect(globRegExp('a/*').test('a/b/c')).toBe(false);
    expect(globRegExp('a/**').test('a/b/c')).toBe(true);
    expect(globRegExp('a/?').test('a/#')).toBe(true);
    const ws = repo();
    fs.mkdirSync(path.join(ws, 'shards', 'report-#1'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'shards', 'report-#1', 'report.json'), '{}');
    const found = expandGlob(path.join(ws, 'shards', '*', 'report.json'), [ws]);
    expect(found.ok && found.files).toEqual([path.join(ws, 'shards', 'report-#1', 'report.json')]);
  });
  it('a file glob refuses a folder holding a name that is not UTF-8 (it would match its twin)', () => {
    const ws = repo();
    fs.mkdirSync(path.join(ws, 'shards'));
    fs.writeFileSync(
      Buffer.concat([Buffer.from(path.join(ws, 'shards/')), Buffer.from([0xff])]),
      '{}',
    );
    fs.writeFileSync(path.join(ws, 'shards/\ufffd'), '{}');
    expect(expandGlob(path.join(ws, 'shards', '*'), [ws])).toEqual({
      ok: false,
      problem: 'reaches a folder holding a name that is not valid UTF-8 (.)',
    });
  });
  it('stop at the segment ends given (waiver subjects end one at #)', () => {
    expect(globRegExp('aristo:.#legacy_*', '/#').test('aristo:.#legacy_x#any')).toBe(false);
    expect(globRegExp('aristo:.#legacy_*', '/#').test('aristo:.#legacy_x')).toBe(true);
  });
});

describe('Workspace.resolve', () => {
  it('resolves inside the root, refuses .., absolute and symlinked escapes', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'paper'));
    fs.writeFileSync(path.join(root, 'paper/a.txt'), 'a');
    fs.writeFileSync(path.join(root, 'shared.txt'), 's');
    fs.symlinkSync('/etc/hostname', path.join(root, 'paper/out'));
    const ws = new Workspace(root);
    const paper = path.join(root, 'paper');
    expect(ws.resolve(paper, 'a.txt')).toMatchObject({ ok: true, rel: 'paper/a.txt' });
    expect(ws.resolve(paper, '../shared.txt')).toMatchObject({ ok: true, rel: 'shared.txt' });
    expect(ws.resolve(paper, '../../x')).toMatchObject({ ok: false, reason: 'outside_root' });
    expect(ws.resolve(paper, '/etc/passwd')).toMatchObject({ ok: false, reason: 'outside_root' });
    expect(ws.resolve(paper, 'out')).toMatchObject({ ok: false, reason: 'outside_root' });
    expect(ws.resolve(paper, 'gone')).toMatchObject({ ok: false, reason: 'missing' });
    expect(ws.resolve(paper, '')).toMatchObject({ ok: false, reason: 'empty' });
    expect(ws.resolve(paper, 'a\0b')).toMatchObject({ ok: false, reason: 'nul' });
  });
  it('takes / as a root: every path is inside it, relative to it', () => {
    const root = repo();
    fs.writeFileSync(path.join(root, 'a.txt'), 'a');
    const ws = new Workspace('/');
    const real = fs.realpathSync(root);
    expect(ws.contains(real)).toBe(true);
    expect(ws.rel(path.join(real, 'a.txt'))).toBe(`${real.slice(1)}/a.txt`);
    expect(ws.resolve(root, 'a.txt')).toMatchObject({ ok: true, rel: `${real.slice(1)}/a.txt` });
  });
  it('resolves link/.. as the system does: the parent of the link’s target, never outside', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'paper'));
    fs.mkdirSync(path.join(root, 'notes/v2'), { recursive: true });
    fs.writeFileSync(path.join(root, 'paper/main.tex'), 'paper');
    fs.writeFileSync(path.join(root, 'notes/main.tex'), 'notes');
    fs.symlinkSync('../notes/v2', path.join(root, 'paper/sub'));
    fs.symlinkSync('/etc/ssl/certs', path.join(root, 'paper/out'));
    const ws = new Workspace(root);
    const paper = path.join(root, 'paper');
    for (const spelled of ['sub/../main.tex', 'sub/./../main.tex', 'sub//../main.tex'])
      expect(ws.resolve(paper, spelled)).toMatchObject({ ok: true, rel: 'notes/main.tex' });
    expect(ws.resolve(paper, 'sub/../gone')).toMatchObject({ ok: false, reason: 'missing' });
    expect(ws.resolve(paper, 'out/../hostname')).toMatchObject({
      ok: false,
      reason: 'outside_root',
    });
    // Inside as spelled, too: a link cannot bring a path spelled outside the root back in.
    expect(ws.resolve(paper, 'sub/../../../x')).toMatchObject({
      ok: false,
      reason: 'outside_root',
    });
    // A link out says nothing of what is there: a missing target reads as an existing one.
    fs.symlinkSync('/root/.ssh/none-such', path.join(root, 'paper/gone-out'));
    for (const link of ['out', 'gone-out', 'out/../none-such'])
      expect(ws.resolve(paper, link)).toEqual({
        ok: false,
        reason: 'outside_root',
        rel: `paper/${link}`.replace('out/../none-such', 'none-such'),
        detail: 'is or passes through a symlink that leads outside the workspace root',
      });
    // Out and back in tells what exists outside as surely as a link out: refused alike.
    fs.symlinkSync('/', path.join(root, 'paper/slash'));
    for (const via of ['etc', 'no-such-dir'])
      expect(ws.resolve(paper, `slash/${via}/..${root}/paper/main.tex`)).toMatchObject({
        ok: false,
        reason: 'outside_root',
      });
    // So is a path the system would refuse for its links, whatever lies at its end.
    fs.mkdirSync(path.join(root, 'paper/d1'));
    let prev = 'd1';
    for (let i = 1; i <= 36; i++) {
      fs.symlinkSync(prev, path.join(root, `paper/c${i}`));
      prev = `c${i}`;
    }
    fs.symlinkSync('/etc', path.join(root, 'paper/d1/o0'));
    prev = 'o0';
    for (let i = 1; i <= 6; i++) {
      fs.symlinkSync(prev, path.join(root, `paper/d1/o${i}`));
      prev = `o${i}`;
    }
    const far = ['c36/o6/hostname', 'c36/o6/no-such-file'].map((p) => ws.resolve(paper, p));
    expect(far.map((r) => !r.ok && r.reason)).toEqual(['loop', 'loop']);
    // `dir/..` steps out and back with no link at all: refused whether or not dir exists.
    const out = path.dirname(root);
    fs.mkdirSync(path.join(out, 'probe-here'), { recursive: true });
    for (const probe of ['probe-here', 'probe-gone'])
      expect(
        ws.resolve(paper, `../../${probe}/../${path.basename(root)}/paper/main.tex`),
      ).toMatchObject({
        ok: false,
        reason: 'outside_root',
      });
    // A link whose target is not UTF-8 is said so, wherever it leads (its decoded twin is not it).
    for (const target of ['/etc', '/no-such-dir']) {
      const name = Buffer.from(`x${target.length}\xff`, 'latin1');
      fs.symlinkSync(Buffer.from(target), Buffer.concat([Buffer.from(paper + '/'), name]));
      fs.symlinkSync(name, path.join(paper, `via${target.length}`));
      expect(ws.resolve(paper, `via${target.length}`)).toMatchObject({
        ok: false,
        reason: 'unreadable',
        detail: 'leads to a path that is not valid UTF-8',
      });
    }
    // A file named as a directory is not that file, as the system says (ENOTDIR).
    for (const spelled of ['main.tex/', 'main.tex/.'])
      expect(ws.resolve(paper, spelled)).toMatchObject({ ok: false, reason: 'missing' });
    expect(ws.resolve(root, 'paper/')).toMatchObject({ ok: true, rel: 'paper' });
    // Without a link, `a/..` is what it reads as.
    expect(ws.resolve(root, 'paper/../notes/main.tex')).toMatchObject({
      ok: true,
      rel: 'notes/main.tex',
    });
  });
  it('refuses a symlink whose real path is not UTF-8: decoded, it names a sibling spelled with U+FFFD', () => {
    const root = repo();
    fs.writeFileSync(
      Buffer.concat([Buffer.from(path.join(root, 'x')), Buffer.from([0xff])]),
      'real',
    );
    fs.writeFileSync(path.join(root, 'x\ufffd'), 'decoy');
    fs.symlinkSync(Buffer.concat([Buffer.from('x'), Buffer.from([0xff])]), path.join(root, 'l'));
    const r = new Workspace(root).resolve(root, 'l');
    expect(r).toMatchObject({
      ok: false,
      reason: 'unreadable',
      detail: 'leads to a path that is not valid UTF-8',
    });
    // The decoy itself, named by its own text, is an ordinary file.
    expect(new Workspace(root).resolve(root, 'x\ufffd').ok).toBe(true);
  });
  it('reports symlink loops', () => {
    const root = repo();
    fs.symlinkSync('b', path.join(root, 'a'));
    fs.symlinkSync('a', path.join(root, 'b'));
    expect(new Workspace(root).resolve(root, 'a')).toMatchObject({ ok: false, reason: 'loop' });
  });
  it('allows outside paths only when asked', () => {
    const root = repo();
    expect(new Workspace(root, true).resolve(root, '/etc/hostname')).toMatchObject({ ok: true });
  });
  it('refuses every path into a git directory, named or linked, even with outside paths allowed', () => {
    const root = repo();
    const put = (rel: string, text = 'x') => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    put('.git/config');
    put('nested/.git/config');
    put('sub/.git', 'gitdir: ../modules/sub\n');
    // Git directories not named .git: a submodule's (HEAD, objects/, refs/), a worktree's (HEAD, commondir).
    put('modules/sub/HEAD');
    put('modules/sub/config');
    fs.mkdirSync(path.join(root, 'modules/sub/objects'));
    fs.mkdirSync(path.join(root, 'modules/sub/refs'));
    put('worktrees/w/HEAD');
    put('worktrees/w/commondir');
    put('worktrees/w/index');
    // Look-alikes that are not git directories.
    put('.github/workflows/ci.yml');
    put('git/config');
    put('notes/HEAD');
    put('notes/config');
    fs.symlinkSync('../.git/config', path.join(root, 'notes/link'));
    fs.symlinkSync('.git', path.join(root, 'gitlink'));
    const outside = repo();
    fs.writeFileSync(path.join(outside, '.git/config'), 'x');

    for (const ws of [new Workspace(root), new Workspace(root, true)]) {
      const refused = (p: string, detail: RegExp) =>
        expect(ws.resolve(root, p)).toMatchObject({
          ok: false,
          reason: 'outside_root',
          detail: expect.stringMatching(detail),
        });
      refused('.git/config', /^lies in the git directory \.git, which is never read$/);
      refused('.git', /lies in the git directory \.git\b/);
      refused('nested/.git/config', /the git directory nested\/\.git\b/);
      refused('sub/.git', /the git directory sub\/\.git\b/);
      refused('modules/sub/config', /the git directory modules\/sub\b/);
      refused('worktrees/w/index', /the git directory worktrees\/w\b/);
      refused('notes/link', /^is a symlink into the git directory \.git\b/);
      refused('gitlink/config', /^is a symlink into the git directory \.git\b/);
      for (const ok of ['.github/workflows/ci.yml', 'git/config', 'notes/config', 'notes'])
        expect(ws.resolve(root, ok)).toMatchObject({ ok: true });
    }
    expect(
      new Workspace(root, true).resolve(root, path.join(outside, '.git/config')),
    ).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/the git directory .*\/\.git\b/),
    });
  });
});

describe('Workspace.realpath', () => {
  it('realDirectory: the real path of a directory or of a link to one; nothing for anything else', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'd/e'), { recursive: true });
    fs.writeFileSync(path.join(root, 'd/f'), '');
    fs.symlinkSync('d/e', path.join(root, 'to-dir'));
    fs.symlinkSync('to-dir', path.join(root, 'to-link'));
    fs.symlinkSync('d/f', path.join(root, 'to-file'));
    fs.symlinkSync('nowhere', path.join(root, 'dangling'));
    fs.symlinkSync('loop', path.join(root, 'loop'));
    const real = (p: string) => realDirectory(path.join(root, p));
    expect(real('d')).toBe(path.join(root, 'd'));
    expect(real('to-dir')).toBe(path.join(root, 'd/e'));
    expect(real('to-link')).toBe(path.join(root, 'd/e'));
    for (const p of ['d/f', 'to-file', 'dangling', 'loop', 'missing'])
      expect(real(p)).toBeUndefined();
  });
  it('agrees with fs.realpathSync on files, directories, symlinks, missing paths and loops', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'paper/sub'), { recursive: true });
    fs.writeFileSync(path.join(root, 'paper/sub/a.txt'), 'a');
    fs.symlinkSync('paper/sub', path.join(root, 'dirlink'));
    fs.symlinkSync('sub/a.txt', path.join(root, 'paper/filelink'));
    fs.symlinkSync('gone', path.join(root, 'dangling'));
    fs.symlinkSync('loop2', path.join(root, 'loop1'));
    fs.symlinkSync('loop1', path.join(root, 'loop2'));
    const ws = new Workspace(root);
    const expected = (abs: string) => {
      try {
        return { real: fs.realpathSync(abs) };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        return code === 'ENOENT' || code === 'ENOTDIR' ? { real: undefined } : { code };
      }
    };
    const actual = (abs: string) => {
      try {
        return { real: ws.realpath(abs) };
      } catch (err) {
        return { code: (err as NodeJS.ErrnoException).code };
      }
    };
    // Twice each: the second answer comes from what the first remembered.
    for (let round = 0; round < 2; round++)
      for (const rel of [
        'paper/sub/a.txt',
        'paper/sub',
        'dirlink/a.txt',
        'dirlink',
        'paper/filelink',
        'paper/filelink/x',
        'paper/sub/a.txt/x',
        'dangling',
        'dangling/x',
        'paper/missing/deeper/x',
        'loop1',
        'loop1/x',
      ]) {
        const abs = path.join(root, rel);
        expect([rel, actual(abs)]).toEqual([rel, expected(abs)]);
      }
  });
  it('looks up the real path of a directory once, however many of its files are resolved', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'paper/inputs'), { recursive: true });
    for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(root, `paper/inputs/${i}.tex`), 'x');
    const ws = new Workspace(root);
    // Counts realpath lookups, JavaScript or native.
    const original = fs.realpathSync;
    let lookups = 0;
    const counted = (p: fs.PathLike) => (lookups++, original(p));
    fs.realpathSync = Object.assign(counted, {
      native: (p: fs.PathLike) => (lookups++, original.native(p)),
    }) as typeof fs.realpathSync;
    try {
      for (let i = 0; i < 50; i++)
        expect(ws.resolve(path.join(root, 'paper'), `inputs/${i}.tex`)).toMatchObject({ ok: true });
      // paper/inputs and its ancestors, each once; never once per file.
      expect(lookups).toBeLessThan(10);
    } finally {
      fs.realpathSync = original;
    }
  });
});

describe('Hasher', () => {
  it('hashes each distinct file once, however often it is asked', async () => {
    const root = repo();
    const f = path.join(root, 'x.txt');
    fs.writeFileSync(f, 'hello');
    const h = new Hasher();
    const [a, b] = await Promise.all([h.hash(f), h.hash(f)]);
    await h.prefetch([f, f]);
    expect(a).toEqual(b);
    expect(a).toEqual({
      ok: true,
      sha256: createHash('sha256').update('hello').digest('hex'),
      size: 5,
    });
    expect(h.filesHashed).toBe(1);
    await h.close();
  });
  it('streams large files on a worker with the same result', async () => {
    const root = repo();
    const f = path.join(root, 'big.bin');
    const bytes = Buffer.alloc(LARGE_FILE_BYTES + 12345, 7);
    bytes[100] = 1;
    fs.writeFileSync(f, bytes);
    const h = new Hasher();
    expect(await h.hash(f)).toEqual({
      ok: true,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    });
    await h.close();
  });
  it('hashes the large files no worker has started on the calling thread', async () => {
    const root = repo();
    const files = [0, 1, 2, 3].map((i) => {
      const f = path.join(root, `big-${i}.bin`);
      fs.writeFileSync(f, Buffer.alloc(LARGE_FILE_BYTES + i, i + 1));
      return f;
    });
    // Parallelism 2: one worker and this thread. The worker is still booting when this thread
    // takes the second file, which is gone by then.
    const h = new Hasher(2);
    try {
      const first = h.hash(files[0]!);
      const gone = h.hash(files[1]!);
      fs.rmSync(files[1]!);
      const rest = [h.hash(files[2]!), h.hash(files[3]!)];
      expect(await gone).toMatchObject({ ok: false, reason: 'missing' });
      for (const [i, p] of [first, ...rest].entries()) {
        const n = [0, 2, 3][i]!;
        expect(await p).toEqual({
          ok: true,
          sha256: createHash('sha256')
            .update(Buffer.alloc(LARGE_FILE_BYTES + n, n + 1))
            .digest('hex'),
          size: LARGE_FILE_BYTES + n,
        });
      }
      expect(h.hashedHere).toBeGreaterThanOrEqual(1);
    } finally {
      await h.close();
    }
  });
  it('words a worker’s failures as this thread does', async () => {
    const root = repo();
    const f = path.join(root, 'big.bin');
    fs.writeFileSync(f, Buffer.alloc(LARGE_FILE_BYTES, 1));
    const h = new Hasher(1); // one worker, which this thread does not help
    try {
      const gone = h.hash(f);
      fs.rmSync(f); // before the worker has booted
      expect(await gone).toEqual({ ok: false, reason: 'missing', detail: 'does not exist' });
      expect(h.hashedHere).toBe(0);
    } finally {
      await h.close();
    }
  });
  it('turns errors into outcomes', async () => {
    const root = repo();
    const h = new Hasher();
    expect(await h.hash(path.join(root, 'nope'))).toMatchObject({ ok: false, reason: 'missing' });
    expect(await h.hash(root)).toMatchObject({ ok: false, reason: 'not_file' });
    await h.close();
  });
});

describe('files', () => {
  it('classifies a FIFO without opening it and refuses to read it', () => {
    const root = repo();
    const fifo = path.join(root, 'fifo');
    mkfifo(fifo);
    expect(statPath(fifo).kind).toBe('other');
    expect(readSmallFile(fifo, 100)).toMatchObject({ ok: false, kind: 'other' });
  });
  it('refuses files over the limit', () => {
    const root = repo();
    fs.writeFileSync(path.join(root, 'f'), 'x'.repeat(20));
    expect(readSmallFile(path.join(root, 'f'), 10)).toMatchObject({ ok: false, kind: 'too_large' });
  });
});

describe('walkRepository', () => {
  it('honours nested .gitignore files, skips node_modules and .git, does not follow dir symlinks', () => {
    const root = repo();
    for (const d of ['a/b', 'node_modules/x', 'ignored', 'a/local'])
      fs.mkdirSync(path.join(root, d), { recursive: true });
    fs.writeFileSync(path.join(root, '.gitignore'), 'ignored/\n');
    fs.writeFileSync(path.join(root, 'a/.gitignore'), 'local/\n*.tmp\n');
    fs.writeFileSync(path.join(root, 'a/keep.json'), '{}');
    fs.writeFileSync(path.join(root, 'a/drop.tmp'), '');
    fs.symlinkSync(root, path.join(root, 'a/loop'));
    const rels = walkRepository(root).dirs.map((d) => d.rel);
    expect(rels).toEqual(['.', 'a', 'a/b']);
    const a = walkRepository(root).dirs.find((d) => d.rel === 'a')!;
    expect([...a.files].sort()).toEqual(['.gitignore', 'keep.json', 'loop']);
  });
  it('walks a node_modules git tracks, and any node_modules without a git repository', () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    for (const d of ['node_modules/crate', 'a/node_modules/installed'])
      fs.mkdirSync(path.join(root, d), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules/crate/lib.rs'), '');
    fs.writeFileSync(path.join(root, 'a/node_modules/installed/index.js'), '');
    // No repository: nothing tells installed dependencies from committed files.
    expect(walkRepository(root, { top: root }).dirs.map((d) => d.rel)).toEqual([
      '.',
      'a',
      'a/node_modules',
      'a/node_modules/installed',
      'node_modules',
      'node_modules/crate',
    ]);
    const git = (...args: string[]) =>
      expect(
        spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: root })
          .status,
      ).toBe(0);
    git('init', '-q');
    git('add', 'node_modules/crate/lib.rs');
    // Committed: walked. Installed (untracked): skipped.
    expect(walkRepository(root, { top: root }).dirs.map((d) => d.rel)).toEqual([
      '.',
      'a',
      'node_modules',
      'node_modules/crate',
    ]);
  });
  it('never hides a file git tracks, whatever .gitignore says (but exclude patterns still apply)', () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
    git('init', '-q');
    fs.writeFileSync(path.join(root, '.gitignore'), 'hidden/\nscratch/\n');
    for (const f of ['hidden/PROOF_AUDIT.json', 'scratch/x.json', 'excluded/y.json'])
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    for (const f of ['hidden/PROOF_AUDIT.json', 'scratch/x.json', 'excluded/y.json'])
      fs.writeFileSync(path.join(root, f), '{}');
    git('add', '-f', 'hidden/PROOF_AUDIT.json', 'excluded/y.json');
    const tracked = trackedUnder(root);
    expect(tracked).toEqual({
      state: 'tracked',
      paths: new Set(['hidden', 'hidden/PROOF_AUDIT.json', 'excluded', 'excluded/y.json']),
      sizes: new Map([
        ['hidden/PROOF_AUDIT.json', 2],
        ['excluded/y.json', 2],
      ]),
    });
    const walked = walkRepository(root, { extra: ['excluded/'] }).dirs;
    expect(walked.map((d) => d.rel)).toEqual(['.', 'hidden']);
  });
  it('without any git repository, a .gitignore hides nothing, and says so once', () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    fs.mkdirSync(path.join(root, 'papers/blocked'), { recursive: true });
    fs.writeFileSync(path.join(root, '.gitignore'), 'papers/blocked/\n');
    const w = walkRepository(root, { top: root });
    expect(w.dirs.map((d) => d.rel)).toEqual(['.', 'papers', 'papers/blocked']);
    expect(w.unknown).toEqual([{ dir: root, detail: 'no git repository holds it', gitless: true }]);
  });
  it('a directory it cannot list is reported, not skipped', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'ok'));
    // Deeper than PATH_MAX (4,096 bytes) from the root: made one relative step at a time.
    const name = 'd'.repeat(250);
    spawnSync(
      'bash',
      ['-c', `for i in $(seq 18); do mkdir ${name} && cd ${name} || exit 1; done`],
      {
        cwd: root,
      },
    );
    const w = walkRepository(root, { top: root });
    spawnSync('rm', ['-rf', name], { cwd: root }); // rm walks it relatively; fs.rmSync cannot
    expect(w.dirs.map((d) => d.rel)).toContain('ok');
    expect(w.unreadable).toEqual([
      {
        dir: expect.stringMatching(new RegExp(`(/${name}){17}$`)),
        detail: expect.stringMatching(/ENAMETOOLONG/),
      },
    ]);
  });
  it('a link to a directory whose path is not UTF-8 is reported, not taken for its U+FFFD twin', () => {
    const root = repo();
    fs.mkdirSync(
      Buffer.concat([Buffer.from(path.join(root, 'node_modules/x')), Buffer.from([0xff])]),
      {
        recursive: true,
      },
    );
    fs.mkdirSync(path.join(root, 'node_modules/x\ufffd/decoy'), { recursive: true });
    fs.mkdirSync(path.join(root, 'papers'));
    fs.symlinkSync(
      Buffer.concat([Buffer.from('../node_modules/x'), Buffer.from([0xff])]),
      path.join(root, 'papers/p'),
    );
    const w = walkRepository(root, { top: root, followLinks: true });
    expect(w.dirs.map((d) => d.rel)).toEqual(['.', 'papers']);
    expect(w.unreadable).toEqual([
      {
        dir: path.join(root, 'papers'),
        detail:
          'holds the symlink "p", which leads to a path that is not valid UTF-8: what lies behind it was not verified',
        nonUtf8Link: true,
      },
    ]);
  });
  it('a link whose target is not UTF-8 is reported wherever it leads, even nowhere (fail closed, nothing asked outside)', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'docs'));
    fs.symlinkSync(Buffer.from('caf\xe9.txt', 'latin1'), path.join(root, 'docs/latin1link'));
    fs.symlinkSync(Buffer.from('/no-such\xff', 'latin1'), path.join(root, 'docs/outlink'));
    const w = walkRepository(root, { top: root, followLinks: true });
    expect(w.unreadable.map((u) => u.detail.split(',')[0]).sort()).toEqual([
      'holds the symlink "latin1link"',
      'holds the symlink "outlink"',
    ]);
  });
  it('a directory holding a name that is not UTF-8 is reported, and nothing is read under it', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'ok'));
    fs.mkdirSync(Buffer.concat([Buffer.from(path.join(root, 'x')), Buffer.from([0xff])]));
    // A sibling really spelled with U+FFFD, which a path built from the decoded name reaches.
    fs.mkdirSync(path.join(root, 'x\ufffd'));
    const w = walkRepository(root, { top: root });
    expect(w.dirs.map((d) => d.rel)).toEqual(['.', 'ok']);
    expect(w.unreadable).toEqual([
      {
        dir: root,
        detail: 'holds a name that is not valid UTF-8: what lies under that name was not verified',
        nonUtf8Name: true,
      },
    ]);
  });
  it('a .git between the workspace root and the walk root cannot blind the workspace index', () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
    git('init', '-q');
    fs.mkdirSync(path.join(root, 'papers/group/blocked'), { recursive: true });
    fs.writeFileSync(path.join(root, 'papers/group/blocked/PROOF_AUDIT.json'), '{}');
    git('add', '-A');
    // A fake repository (HEAD only, nothing tracked) and a .gitignore naming the tracked paper.
    fs.mkdirSync(path.join(root, 'papers/.git'));
    fs.writeFileSync(path.join(root, 'papers/.git/HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(root, 'papers/group/.gitignore'), 'blocked/\n');
    for (const start of ['papers', 'papers/group']) {
      const rels = walkRepository(path.join(root, start), { top: root }).dirs.map((d) => d.rel);
      expect(rels).toContain(start === 'papers' ? 'group/blocked' : 'blocked');
    }
  });
  it('a .git file in the checkout naming a directory outside it is never read', () => {
    const root = repo();
    const outside = fs.mkdtempSync(path.join(path.dirname(root), 'outside-'));
    fs.writeFileSync(path.join(outside, 'HEAD'), 'ref: refs/heads/main\n');
    fs.mkdirSync(path.join(root, 'sub'));
    fs.writeFileSync(path.join(root, 'sub/.git'), `gitdir: ${outside}\n`);
    expect(trackedUnder(path.join(root, 'sub'), { within: root })).toEqual({
      state: 'unreadable',
      detail: `${path.join(root, 'sub/.git')} names a git directory outside the workspace`,
    });
    expect(trackedUnder(path.join(root, 'sub'), { nested: true, within: root })).toEqual({
      state: 'no-git',
    });
  });
  it('a .gitignore line with many ** is not applied (its regex would run for minutes)', () => {
    const root = repo();
    const deep = path.join(root, ...Array.from({ length: 50 }, () => 'a'));
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(
      path.join(root, '.gitignore'),
      `${Array.from({ length: 10 }, () => 'a').join('/**/')}/**/b\nnope/**/x/**/y\n`,
    );
    expect(walkRepository(root, { top: root }).dirs).toHaveLength(51);
  });
  it('.gitignore lines with ** stop applying once a walk has used its budget of them', () => {
    const root = repo();
    for (const d of ['late/x/keep', 'plain']) fs.mkdirSync(path.join(root, d), { recursive: true });
    const many = Array.from({ length: 40 }, (_, i) => `n${i}/**/y/**/z`).join('\n');
    fs.writeFileSync(path.join(root, '.gitignore'), `${many}\nlate/**/keep/\nplain/\n`);
    const rels = walkRepository(root, { top: root }).dirs.map((d) => d.rel);
    expect(rels).toEqual(['.', 'late', 'late/x', 'late/x/keep']);
  });
  it('walks a symlinked directory at the link’s path too, never round a loop or into .git', () => {
    const root = repo();
    for (const d of ['store/run1', 'node_modules/paper', 'b'])
      fs.mkdirSync(path.join(root, d), { recursive: true });
    fs.writeFileSync(path.join(root, 'store/run1/trace.jsonl'), '');
    fs.mkdirSync(path.join(root, 'artifacts'));
    fs.symlinkSync('../store', path.join(root, 'artifacts/runs'));
    fs.symlinkSync('../node_modules/paper', path.join(root, 'b/paper'));
    fs.symlinkSync('..', path.join(root, 'b/up')); // a loop
    fs.symlinkSync('../.git', path.join(root, 'b/git')); // into the git directory
    fs.symlinkSync('/', path.join(root, 'b/outside'));
    // A directory whose name starts with two dots is inside the root like any other.
    fs.mkdirSync(path.join(root, '..store'));
    fs.symlinkSync('../..store', path.join(root, 'b/dots'));
    const rels = walkRepository(root, { top: root, followLinks: true }).dirs.map((d) => d.rel);
    expect(rels).toEqual([
      '.',
      '..store',
      'artifacts',
      'artifacts/runs',
      'artifacts/runs/run1',
      'b',
      'b/dots',
      'b/paper',
      'store',
      'store/run1',
    ]);
    // A scan of files (aristo's sources) does not follow them.
    const plain = walkRepository(root, { top: root }).dirs.map((d) => d.rel);
    expect(plain).toEqual(['.', '..store', 'artifacts', 'b', 'store', 'store/run1']);
  });
  it('links that fan out stop being followed at a bound, and say so', () => {
    const root = repo();
    // Three levels of six links each to the next level: from l1 6 + 36 + 216 directories through
    // links, from l2 6 + 36, from l3 6.
    for (const level of [1, 2, 3]) {
      fs.mkdirSync(path.join(root, `l${level}`));
      for (let i = 0; i < 6; i++)
        fs.symlinkSync(`../l${level + 1}`, path.join(root, `l${level}/x${i}`));
    }
    fs.mkdirSync(path.join(root, 'l4'));
    const all = walkRepository(root, { top: root, followLinks: true });
    expect(all.dirs).toHaveLength(1 + 4 + (6 + 36 + 216) + (6 + 36) + 6);
    expect(all.unreadable).toEqual([]);
    const bounded = walkRepository(root, {
      top: root,
      followLinks: true,
      linkLimits: { dirs: 40, entries: 1000 },
    });
    expect(bounded.unreadable).toEqual([
      {
        dir: expect.any(String),
        detail: 'more than 40 directories are reached through symlinks',
        links: true,
      },
    ]);
    const listed = walkRepository(root, {
      top: root,
      followLinks: true,
      linkLimits: { dirs: 1000, entries: 20 },
    });
    expect(listed.unreadable).toEqual([
      {
        dir: expect.any(String),
        detail: 'more than 20 entries are listed through symlinks',
        links: true,
      },
    ]);
  });
  it('a link up from a part reached only through a link is followed: nothing there was walked', () => {
    const root = repo();
    for (const d of ['papers', 'node_modules/store/inner', 'node_modules/store/papers/stale'])
      fs.mkdirSync(path.join(root, d), { recursive: true });
    fs.symlinkSync('../node_modules/store/inner', path.join(root, 'papers/linked'));
    fs.symlinkSync('..', path.join(root, 'node_modules/store/inner/up'));
    const rels = walkRepository(root, { top: root, followLinks: true }).dirs.map((d) => d.rel);
    expect(rels).toEqual([
      '.',
      'papers',
      'papers/linked',
      'papers/linked/up',
      'papers/linked/up/inner', // its own `up` leads back into this stretch: a loop
      'papers/linked/up/papers',
      'papers/linked/up/papers/stale',
    ]);
  });
  it('below a searched path, a link elsewhere in the workspace is walked at the link’s path', () => {
    const root = repo();
    for (const d of ['papers/p', 'store/stale'])
      fs.mkdirSync(path.join(root, d), { recursive: true });
    fs.symlinkSync('../store', path.join(root, 'papers/extra'));
    fs.symlinkSync('..', path.join(root, 'papers/top')); // the workspace root: walked once more
    const w = walkRepository(path.join(root, 'papers'), { top: root, followLinks: true });
    const rels = w.dirs.map((d) => d.rel);
    expect(rels).toEqual(expect.arrayContaining(['extra', 'extra/stale', 'top/store/stale']));
    expect(rels).not.toContain('top/papers/top');
    expect(w.unreadable).toEqual([]);
  });
  it('a path through links longer than PATH_MAX stops the walk there, and says so', () => {
    const root = repo();
    const long = 'n'.repeat(250);
    // node_modules/cK/<250 characters>/next -> cK+1: each link lengthens the path by ≈ 256.
    for (let k = 0; k < 30; k++) {
      fs.mkdirSync(path.join(root, `node_modules/c${k}/${long}`), { recursive: true });
      fs.symlinkSync(`../../c${k + 1}`, path.join(root, `node_modules/c${k}/${long}/next`));
    }
    fs.mkdirSync(path.join(root, 'node_modules/c30'));
    fs.symlinkSync('node_modules/c0', path.join(root, 'entry'));
    const w = walkRepository(root, { top: root, followLinks: true });
    expect(w.unreadable).toEqual([
      {
        dir: expect.any(String),
        detail: 'its path through symlinks is longer than 4,096 characters',
        links: true,
      },
    ]);
    expect(Math.max(...w.dirs.map((d) => d.abs.length))).toBeLessThanOrEqual(4096);
  });
  it('every symlink resolved counts against a bound, whether it is followed or not', () => {
    const root = repo();
    fs.writeFileSync(path.join(root, 'f'), '');
    for (let i = 0; i < 10; i++) fs.symlinkSync('f', path.join(root, `l${i}`));
    const w = walkRepository(root, {
      top: root,
      followLinks: true,
      linkLimits: { dirs: 1000, entries: 1000, resolved: 5 },
    });
    expect(w.unreadable).toEqual([
      { dir: root, detail: 'more than 5 symlinks are resolved', links: true },
    ]);
    expect(w.dirs[0]!.files.size).toBe(11); // every link is still listed
  });
  it('a chain of links one after another is followed 40 deep, then fails closed', () => {
    const root = repo();
    // node_modules/c0 … c44 (never walked at their own path), each linking to the next.
    for (let k = 0; k < 45; k++) {
      fs.mkdirSync(path.join(root, `node_modules/c${k}`), { recursive: true });
      fs.symlinkSync(`../c${k + 1}`, path.join(root, `node_modules/c${k}/n`));
    }
    fs.mkdirSync(path.join(root, 'node_modules/c45'));
    fs.symlinkSync('node_modules/c0', path.join(root, 'entry'));
    const w = walkRepository(root, { top: root, followLinks: true });
    expect(w.dirs).toHaveLength(1 + 40);
    expect(w.unreadable).toEqual([
      {
        dir: expect.any(String),
        detail: 'more than 40 symlinks are followed one after another',
        links: true,
      },
    ]);
  });
  it('a .gitignore cannot hide what lies behind a link that git tracks through its target', () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
    git('init', '-q');
    fs.mkdirSync(path.join(root, 'store/blocked'), { recursive: true });
    fs.writeFileSync(path.join(root, 'store/blocked/PROOF_AUDIT.json'), '{}');
    fs.mkdirSync(path.join(root, 'papers'));
    fs.symlinkSync('../store/blocked', path.join(root, 'papers/blocked'));
    git('add', '-A');
    fs.writeFileSync(path.join(root, '.gitignore'), 'papers/blocked/*\n');
    const paper = walkRepository(root, { top: root, followLinks: true }).dirs.find(
      (d) => d.rel === 'papers/blocked',
    );
    expect([...paper!.files]).toEqual(['PROOF_AUDIT.json']);
  });
  it('applies extra exclude patterns', () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'conformance/x'), { recursive: true });
    expect(walkRepository(root, { extra: ['conformance/'] }).dirs.map((d) => d.rel)).toEqual(['.']);
  });
});

describe('the git index', () => {
  const git = (cwd: string, ...args: string[]) => {
    const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
    return r.stdout;
  };
  const NAMES = ['a.txt', 'dir/b.json', 'dir/sub/c d.md', 'dir/sub/ü.txt', 'z/.gitignore'];
  function indexed(init: string[], after: (root: string) => void = () => {}) {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    git(root, 'init', '-q', ...init);
    for (const n of NAMES) {
      fs.mkdirSync(path.dirname(path.join(root, n)), { recursive: true });
      fs.writeFileSync(path.join(root, n), n);
    }
    git(root, 'add', '.');
    after(root);
    return root;
  }
  const listed = (root: string) =>
    git(root, '-c', 'core.quotepath=off', 'ls-files', '-z').split('\0').filter(Boolean).sort();

  it.each([
    ['version 2', [], (r: string) => git(r, 'update-index', '--index-version', '2')],
    [
      'version 3 (intent-to-add entries)',
      [],
      (r: string) => {
        fs.writeFileSync(path.join(r, 'later.txt'), 'x');
        git(r, 'add', '-N', 'later.txt');
        git(r, 'update-index', '--index-version', '3');
      },
    ],
    [
      'version 4 (prefix-compressed paths)',
      [],
      (r: string) => git(r, 'update-index', '--index-version', '4'),
    ],
    ['a sha256 repository', ['--object-format=sha256'], () => {}],
  ])('lists what git ls-files lists: %s', (_, init, after) => {
    const root = indexed(init as string[], after as (r: string) => void);
    const t = trackedUnder(root);
    expect(t.state).toBe('tracked');
    const files = [...(t as { paths: Set<string> }).paths].filter((p) =>
      fs.statSync(path.join(root, p)).isFile(),
    );
    expect(files.sort()).toEqual(listed(root));
    // From a subdirectory: paths relative to it, nothing from outside.
    const sub = trackedUnder(path.join(root, 'dir'));
    expect([...(sub as { paths: Set<string> }).paths].sort()).toEqual([
      'b.json',
      'sub',
      'sub/c d.md',
      'sub/ü.txt',
    ]);
  });

  it('reads a linked worktree of a sha256 repository (its config lives in the main one)', () => {
    const main = indexed(['--object-format=sha256']);
    git(main, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
    const wt = path.join(repo(), 'wt');
    git(main, 'worktree', 'add', '-q', wt);
    const t = trackedUnder(wt);
    expect(t.state).toBe('tracked');
    expect([...(t as { paths: Set<string> }).paths]).toEqual(expect.arrayContaining(NAMES));
  });

  it('refuses a version 4 index whose paths decode to far more than the file holds', () => {
    const entries: Buffer[] = [];
    for (let i = 0; i < 3000; i++) {
      const e = Buffer.alloc(62 + 2);
      e.writeUInt32BE(0o100644, 24);
      e[62] = 0; // keep the whole previous path…
      e[63] = 0x61; // …and add one byte
      entries.push(Buffer.concat([e, Buffer.from([0])]));
    }
    const body = Buffer.concat([
      Buffer.from('DIRC'),
      Buffer.from([0, 0, 0, 4]),
      Buffer.alloc(4),
      ...entries,
    ]);
    body.writeUInt32BE(entries.length, 8);
    const file = Buffer.concat([body, createHash('sha1').update(body).digest()]);
    expect(parseIndex(file, 20)).toMatch(/longer than any checkout/);
  });

  it('says why a split index, or a damaged one, cannot be read (never a crash)', () => {
    const split = indexed([], (r) => git(r, 'update-index', '--split-index'));
    expect(trackedUnder(split)).toMatchObject({
      state: 'unreadable',
      detail: expect.stringMatching(/split/),
    });
    const good = fs.readFileSync(path.join(indexed([]), '.git/index'));
    for (let cut = 0; cut < good.length; cut += 7)
      expect(typeof parseIndex(good.subarray(0, cut), 20)).toBe('string');
    const flipped = Buffer.from(good);
    flipped[40] = flipped[40]! ^ 1;
    expect(parseIndex(flipped, 20)).toMatch(/checksum/);
    const noisy = Buffer.from(good);
    for (let i = 12; i < noisy.length; i += 5) noisy[i] = (noisy[i]! * 31 + i) & 0xff;
    expect(() => parseIndex(noisy, 20)).not.toThrow();
    const fifo = repo();
    fs.rmSync(path.join(fifo, '.git'), { recursive: true });
    mkfifo(path.join(fifo, '.git'));
    expect(trackedUnder(fifo)).toMatchObject({ state: 'unreadable' }); // refused, not opened
    expect(trackedUnder(os.tmpdir() === '/' ? '/' : path.parse(os.tmpdir()).root)).toEqual({
      state: 'no-git',
    });
  });
});

describe('writeReportFile', () => {
  it('writes atomically and refuses to replace a directory', () => {
    const root = repo();
    const f = path.join(root, 'out/deep/report.json');
    writeReportFile(f, '{"a":1}\n');
    expect(fs.readFileSync(f, 'utf8')).toBe('{"a":1}\n');
    writeReportFile(f, '{"a":2}\n');
    expect(fs.readFileSync(f, 'utf8')).toBe('{"a":2}\n');
    expect(fs.readdirSync(path.dirname(f))).toEqual(['report.json']);
    expect(() => writeReportFile(path.join(root, 'out'), 'x')).toThrow(/not a regular file/);
  });
  // Linux's /proc, where the system refuses both (skipped where there is none).
  (fs.existsSync('/proc/self') ? it : it.skip)(
    'a folder or file the system will not create is a refusal naming it, never a hang',
    () => {
      // Node's recursive mkdir retried forever where /proc answers ENOENT.
      expect(() => writeReportFile('/proc/nope/deeper/x.json', 'x')).toThrow(
        new WriteRefused(
          'cannot create the folder of /proc/nope/deeper/x.json (ENOENT); refusing to write the report',
        ),
      );
      expect(() => writeReportFile('/proc/x.json', 'x')).toThrow(
        new WriteRefused('cannot write /proc/x.json (ENOENT); the report was not written'),
      );
    },
  );
});

describe('writeReportFile with a confinement root', () => {
  it('refuses to write through a symlinked parent that leads out of the root, and creates nothing there', () => {
    const root = repo();
    const outside = repo();
    fs.writeFileSync(path.join(outside, 'audit-verifier-report.json'), 'PRECIOUS');
    fs.mkdirSync(path.join(root, 'paper'));
    fs.symlinkSync(outside, path.join(root, 'paper/.aris'));
    expect(() =>
      writeReportFile(path.join(root, 'paper/.aris/audit-verifier-report.json'), 'x', root),
    ).toThrow(WriteRefused);
    expect(() => writeReportFile(path.join(root, 'paper/.aris/sub/r.json'), 'x', root)).toThrow(
      /outside/,
    );
    expect(fs.readFileSync(path.join(outside, 'audit-verifier-report.json'), 'utf8')).toBe(
      'PRECIOUS',
    );
    expect(fs.existsSync(path.join(outside, 'sub'))).toBe(false);
    writeReportFile(path.join(root, 'paper/real/r.json'), 'ok', root);
    expect(fs.readFileSync(path.join(root, 'paper/real/r.json'), 'utf8')).toBe('ok');
  });
});
