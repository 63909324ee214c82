import fs from 'node:fs';
import path from 'node:path';
import { writePaper, write } from '../scripts/lib/aris-paper.mjs';
import { loadConfig } from '../src/config/config.js';
import { Workspace } from '../src/io/workspace.js';
import { verify } from '../src/pipeline/verify.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();

describe('loadConfig', () => {
  it('loads a config without repeated keys', () => {
    const root = repo();
    fs.writeFileSync(path.join(root, '.audit-gate.json'), '{"assurance": "submission"}\n');
    expect(loadConfig(new Workspace(root), { root })).toMatchObject({
      ok: true,
      config: { assurance: 'submission' },
    });
  });
  it('refuses a repeated key, naming it and its line, rather than letting the last one win', () => {
    const root = repo();
    fs.writeFileSync(
      path.join(root, '.audit-gate.json'),
      '{\n  "assurance": "submission",\n  "assurance": "draft"\n}\n',
    );
    expect(loadConfig(new Workspace(root), { root })).toMatchObject({
      ok: false,
      path: path.join(root, '.audit-gate.json'),
      message: 'repeats the key "assurance" (line 3); keep one',
      line: 3,
    });
  });
  it('refuses a repeated nested key, also in a config given explicitly', () => {
    const root = repo();
    const file = path.join(root, 'gate.json');
    fs.writeFileSync(file, '{"trace": {"min_supports": 2,\n"min_supports": 0}}');
    expect(loadConfig(new Workspace(root), { root, file })).toMatchObject({
      ok: false,
      message: 'repeats the key "min_supports" (line 2); keep one',
      line: 2,
    });
  });
});

describe('an unknown key', () => {
  const message = (text: string) => {
    const root = repo();
    fs.writeFileSync(path.join(root, '.audit-gate.json'), text);
    const r = loadConfig(new Workspace(root), { root });
    return r.ok ? undefined : r.message;
  };
  it('names the key it most likely meant, at the level where it stands', () => {
    expect(
      message('{"path": ["papers"], "exclud": [], "packs": {"trace": {"min_suports": 3}}}'),
    ).toBe(
      'unknown keys "packs.trace.min_suports" (did you mean "min_supports"?), "path" (did you mean "paths"?), "exclud" (did you mean "exclude"?)',
    );
  });
  it('guesses nothing for a key far from every known one', () => {
    expect(message('{"zzzzzz": 1}')).toBe('unknown key "zzzzzz"');
    expect(message(`{"${'p'.repeat(5000)}": 1}`)).toMatch(/^unknown key "p+…"$/);
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`zz${i}`, 1]));
    expect(message(JSON.stringify(many))).toMatch(/^unknown keys "zz0", .*"zz4" and 4 more$/);
  });
});

describe('verify with a config that repeats a key', () => {
  it('is a blocking gate.config_invalid finding at the repeated key', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    write(
      path.join(root, '.audit-gate.json'),
      '{\n  "assurance": "submission",\n  "assurance": "draft"\n}\n',
    );
    const r = await verify({ root });
    expect(r.findings[0]).toMatchObject({
      code: 'gate.config_invalid',
      blocking: true,
      message: 'Config .audit-gate.json repeats the key "assurance" (line 3); keep one.',
      location: { path: '.audit-gate.json', line: 3 },
    });
    expect(r.conclusion).toBe('failure');
  });
});
