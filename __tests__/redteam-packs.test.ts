// Red-team attacks on the aristo and addenda-b packs: each test is a hostile checkout that once
// crashed or greened the gate; the fix makes it a located, coded finding.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hasher } from '../src/io/hashing.js';
import { Workspace } from '../src/io/workspace.js';
import { verifyAristo } from '../src/packs/aristo/verify.js';
import { readBundle } from '../src/packs/addenda-b/bundle.js';

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
