// The pack kit on its own: the capped collector over any pack's codes, plain paths, the listing's
// "a regular file inside, or a symlink to one inside", schema issues as message parts, located
// JSON and canonical JSON.
import fs from 'node:fs';
import os from 'node:os';
import { plainSchemaMessage } from '../src/render/sanitize.js';
import path from 'node:path';
import { z } from 'zod';
import type { CodeDef } from '../src/model/finding.js';
import {
  canonicalJson,
  Findings,
  firstIssue,
  groupDigits,
  isPlainRelative,
  listTarget,
  MAX_PER_CODE,
  parseJsonText,
  usable,
} from '../src/packs/kit/index.js';

interface DemoDef extends CodeDef {
  area: string;
}
const DEMO: DemoDef = {
  code: 'demo.broken',
  severity: 'error',
  title: 'Something is broken',
  remediation: 'Fix it.',
  area: 'demo',
};

describe('Findings', () => {
  it('keeps the first findings of a code and closes with one counting the rest', () => {
    const f = new Findings<DemoDef>('demo:x', { scope: 'in this demo' });
    for (let i = 1; i <= MAX_PER_CODE + 3; i++) f.add(DEMO, `broken ${i}`, { path: 'x', line: i });
    const out = f.finish();
    expect(out).toHaveLength(MAX_PER_CODE + 1);
    expect(out.at(-1)).toMatchObject({
      code: 'demo.broken',
      message: `3 more place(s) in this demo have the same problem (something is broken); only the first ${MAX_PER_CODE} are listed.`,
      location: { path: 'x', line: MAX_PER_CODE + 1 },
    });
  });

  it('closes with the most severe of the findings it counted, and the first one’s fix', () => {
    const f = new Findings<DemoDef>('demo:x', { maxPerCode: 1 });
    f.report(DEMO, { message: 'kept', severity: 'warning' });
    f.report(DEMO, { message: 'counted', severity: 'warning', remediation: 'Fix this one.' });
    f.report(DEMO, { message: 'counted', severity: 'error', remediation: 'Fix that one.' });
    expect(f.closing()).toEqual([
      expect.objectContaining({ severity: 'error', remediation: 'Fix this one.' }),
    ]);
    expect(f.finish()[0]).toMatchObject({ message: 'kept', severity: 'warning' });
  });

  it('computes a lazy location only for a finding it keeps', () => {
    const f = new Findings('demo:x', { maxPerCode: 1 });
    let calls = 0;
    const lazy = () => (calls++, { path: 'x' });
    f.add(DEMO, 'one', lazy);
    f.add(DEMO, 'two', lazy);
    f.add(DEMO, 'three', lazy);
    expect(calls).toBe(2); // the kept one, and the first suppressed one (the closing finding's place)
  });

  it('words a lazy message only for a finding it keeps', () => {
    const f = new Findings('demo:x', { maxPerCode: 1 });
    const worded: string[] = [];
    for (const n of ['one', 'two', 'three']) f.add(DEMO, () => (worded.push(n), `finding ${n}`));
    expect(worded).toEqual(['one']);
    expect(f.finish().map((x) => x.message)).toEqual([
      'finding one',
      expect.stringMatching(/^2 more place\(s\)/),
    ]);
  });

  it('reports remediation and details as given, and keeps every finding when uncapped', () => {
    const f = new Findings('demo:x', { maxPerCode: Infinity });
    for (let i = 0; i < MAX_PER_CODE * 2; i++)
      f.report(DEMO, { message: 'm', remediation: 'Do this.', details: { issue: 'i' } });
    const out = f.finish();
    expect(out).toHaveLength(MAX_PER_CODE * 2);
    expect(out[0]).toMatchObject({ remediation: 'Do this.', subject: 'demo:x' });
  });
});

describe('isPlainRelative', () => {
  it.each(['a.json', 'a/b.json', 'a..b/c', '.hidden/x'])('accepts %j', (p) =>
    expect(isPlainRelative(p)).toBe(true),
  );
  it.each([
    '',
    '/etc/passwd',
    '../x',
    'a/../x',
    './a.json',
    'a/./b',
    'a//b',
    'a\\b',
    'C:x',
    'a\0b',
  ])('refuses %j', (p) => expect(isPlainRelative(p)).toBe(false));
});

describe('listTarget', () => {
  it('lets a regular file or a symlink to one inside be read, nothing else', () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-')));
    try {
      const dir = path.join(root, 't');
      fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'sub', 'a.json'), '{}');
      fs.writeFileSync(path.join(root, 'outside.json'), '{}');
      fs.symlinkSync('sub/a.json', path.join(dir, 'in'));
      fs.symlinkSync('../outside.json', path.join(dir, 'out'));
      fs.symlinkSync('sub', path.join(dir, 'dirlink'));
      fs.symlinkSync('loop', path.join(dir, 'loop'));
      const listing = new Map(listTarget(dir, dir, 'the demo directory').map((e) => [e.rel, e]));
      expect([...listing.keys()]).toEqual(['dirlink', 'in', 'loop', 'out', 'sub/a.json']);
      expect(usable(listing, 'sub/a.json')?.real).toBe(path.join(dir, 'sub', 'a.json'));
      expect(usable(listing, 'in')?.real).toBe(path.join(dir, 'sub', 'a.json'));
      expect(usable(listing, 'out')).toBeUndefined();
      expect(listing.get('out')?.detail).toMatch(/outside the demo directory$/);
      expect(usable(listing, 'dirlink')).toBeUndefined();
      expect(listing.get('loop')?.detail).toBe('is a symlink loop');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('never reads under a name that is not UTF-8, and lists a folder it cannot list as such', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-names-')));
    try {
      // x.txt under a name of byte 0xff, and a sibling really spelled U+FFFD (an empty decoy):
      // decoded, both read as U+FFFD, and the decoy's path would be listed twice.
      const bad = Buffer.concat([Buffer.from(`${dir}/`), Buffer.from([0xff])]);
      fs.mkdirSync(bad);
      fs.writeFileSync(Buffer.concat([bad, Buffer.from('/x.txt')]), 'added');
      fs.mkdirSync(path.join(dir, '\ufffd'));
      fs.writeFileSync(Buffer.concat([Buffer.from(`${dir}/f`), Buffer.from([0xff])]), 'real');
      fs.symlinkSync(Buffer.concat([Buffer.from('f'), Buffer.from([0xff])]), path.join(dir, 'l'));
      fs.mkdirSync(path.join(dir, 'shut'));
      fs.writeFileSync(path.join(dir, 'shut', 'y.txt'), 'added');
      fs.chmodSync(path.join(dir, 'shut'), 0o000);
      const listing = listTarget(dir, dir, 'the run directory');
      // root reads a folder of mode 000 all the same.
      const unlistable = process.getuid?.() === 0 ? [['shut/y.txt', 'file']] : [['shut', 'other']];
      expect(listing.map((e) => [e.rel, e.kind])).toEqual([
        ['f\ufffd', 'other'],
        ['l', 'symlink'],
        ...unlistable,
        ['\ufffd', 'other'],
        ['\ufffd', 'other'],
      ]);
      expect(listing.find((e) => e.rel === 'l')?.detail).toBe(
        'is a symlink to a path that is not valid UTF-8',
      );
      expect(listing.find((e) => e.rel === '\ufffd')?.detail).toBe(
        'has a name that is not valid UTF-8',
      );
    } finally {
      fs.chmodSync(path.join(dir, 'shut'), 0o755);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never enters or reads a git directory, nor a symlink into one', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-git-')));
    try {
      fs.mkdirSync(path.join(dir, '.git'));
      fs.writeFileSync(path.join(dir, '.git', 'config'), 'extraheader = AUTHORIZATION: secret');
      // A bare repository under another name: git's own test (HEAD, objects/, refs/).
      for (const d of ['bare/objects', 'bare/refs'])
        fs.mkdirSync(path.join(dir, d), { recursive: true });
      fs.writeFileSync(path.join(dir, 'bare', 'HEAD'), 'ref: refs/heads/main\n');
      fs.writeFileSync(path.join(dir, 'bare', 'config'), 'secret');
      fs.mkdirSync(path.join(dir, '.GIT'));
      fs.symlinkSync('.git/config', path.join(dir, 'fingerprint.txt'));
      fs.symlinkSync('bare/config', path.join(dir, 'b.txt'));
      const listing = new Map(listTarget(dir, dir, 'the run directory').map((e) => [e.rel, e]));
      expect([...listing.keys()]).toEqual(['.GIT', '.git', 'b.txt', 'bare', 'fingerprint.txt']);
      for (const name of ['.git', '.GIT', 'bare']) {
        expect(listing.get(name)?.kind).toBe('other');
        expect(listing.get(name)?.detail).toBe('is a git directory, which is never read');
      }
      for (const name of ['fingerprint.txt', 'b.txt']) {
        expect(usable(listing, name)).toBeUndefined();
        expect(listing.get(name)?.detail).toBe(
          'is a symlink into a git directory, which is never read',
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('firstIssue', () => {
  const schema = z.object({ audits: z.array(z.object({ name: z.string() }).strict()) });
  const error = (v: unknown) => {
    const r = schema.safeParse(v);
    if (r.success) throw new Error('expected a schema violation');
    return r.error;
  };

  it('gives the path for lineOf and where/why for the message', () => {
    const issue = firstIssue(error({ audits: [{ name: 1 }] }));
    expect(issue.path).toEqual(['audits', 0, 'name']);
    expect(issue.where).toBe('audits.0.name');
    expect(issue.why).toBe('a number where a string is required');
  });

  it.each([
    [{ audits: [{}] }, 'missing (a string is required)'],
    [{ audits: 'x' }, 'a string where an array is required'],
    [{}, 'missing (an array is required)'],
  ])('says what is missing or of the wrong type in the file’s terms: %j', (v, why) => {
    expect(firstIssue(error(v)).why).toBe(why);
    expect(firstIssue(error(v), { style: 'verbatim' }).why).toBe(why);
  });

  it('keeps an enum’s and a literal’s choices, and any other message as it is', () => {
    expect(plainSchemaMessage('Invalid option: expected one of "a"|"b"')).toBe(
      'not one of "a"|"b"',
    );
    expect(plainSchemaMessage('Invalid input: expected "1.0"')).toBe('must be "1.0"');
    expect(plainSchemaMessage('Invalid input: expected nonoptional, received undefined')).toBe(
      'missing (a value is required)',
    );
    expect(plainSchemaMessage('must be a sha256')).toBe('must be a sha256');
  });

  it('shows keys from the file as short excerpts by default, verbatim on request', () => {
    const key = 'k'.repeat(200);
    const e = error({ audits: [{ name: 'x', [key]: 1 }] });
    expect(firstIssue(e).why).toBe(`unrecognized key "${'k'.repeat(79)}…"`);
    expect(firstIssue(e, { style: 'verbatim' }).why).toContain(key);
  });

  it('puts a prefix before the path, and names the top level', () => {
    expect(
      firstIssue(error({ audits: [{}] }), { prefix: ['event'], style: 'verbatim' }).where,
    ).toBe('event.audits.0.name');
    expect(firstIssue(error(7)).where).toBe('the top level');
  });
});

describe('located JSON and canonical JSON', () => {
  it('a repeated key is malformed at its line only when duplicates are refused', () => {
    const text = '{\n  "a": 1,\n  "a": 2\n}\n';
    expect(parseJsonText(text)).toMatchObject({ state: 'ok', value: { a: 2 } });
    expect(parseJsonText(text, true)).toEqual({
      state: 'malformed',
      detail: 'repeats the key "a"',
      line: 3,
    });
    expect(parseJsonText('{\n"a": }')).toMatchObject({ state: 'malformed', line: 2 });
  });

  it('writes sorted keys, no whitespace, and leaves out undefined members', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: undefined, é: true })).toBe(
      '{"b":[1,{"c":"x","d":null}],"é":true}',
    );
  });
});

describe('groupDigits', () => {
  it('writes whole numbers as toLocaleString("en-US") does, without ICU', () => {
    for (const n of [0, 7, 999, 1000, 65_536, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });
});
