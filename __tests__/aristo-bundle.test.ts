// End to end: the built bundles carry the Rust parser (web-tree-sitter's runtime and the Rust
// grammar as WebAssembly) beside them, so a copy of dist/ runs with no node_modules anywhere.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DIST = path.resolve('dist');
const RUNTIME = [
  'web-tree-sitter.cjs',
  'web-tree-sitter.wasm',
  'tree-sitter-rust.wasm',
  'tree-sitter-c.wasm',
];
let tmp: string;

beforeAll(() => {
  if (!fs.existsSync(path.join(DIST, 'cli/index.js')))
    throw new Error('dist/cli/index.js is missing: run npm run build');
  tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ag-aristo-'));
  fs.cpSync(DIST, path.join(tmp, 'dist'), { recursive: true });
  for (const fx of [
    'realistic-crate',
    'stale-code',
    'source-not-parsed',
    'index-entry-directive-disabled',
  ])
    fs.cpSync(path.resolve('conformance/aristo', fx, 'input'), path.join(tmp, fx), {
      recursive: true,
      verbatimSymlinks: true,
    });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (args: string[]) =>
  spawnSync(process.execPath, [path.join(tmp, 'dist/cli/index.js'), ...args], {
    cwd: tmp,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '' },
  });

describe('the aristo pack in the bundles', () => {
  it('both bundles have the parser runtime beside them', () => {
    for (const dir of ['dist', 'dist/cli'])
      for (const f of RUNTIME) expect(fs.existsSync(path.resolve(dir, f))).toBe(true);
  });
  it('a copy of dist/ with no node_modules parses Rust and judges the proofs', () => {
    let d = tmp;
    for (; path.dirname(d) !== d; d = path.dirname(d))
      expect(fs.existsSync(path.join(d, 'node_modules'))).toBe(false);
    const r = run(['aristo', 'realistic-crate', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.findings.map((f: { code: string }) => f.code).sort()).toEqual([
      'aristo.inconclusive',
      'aristo.refuted_waived',
    ]);
    expect(report.subjects.filter((s: { status: string }) => s.status === 'VERIFIED')).toHaveLength(
      6,
    );
  });
  it('reads a C source with the C grammar beside the bundle: an entry stands only for a real directive', () => {
    const ok = run(['aristo', 'source-not-parsed', '--format', 'json']);
    expect([ok.stderr, ok.status]).toEqual(['', 0]);
    const bad = run(['aristo', 'index-entry-directive-disabled', '--format', 'json']);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).findings.map((f: { code: string }) => f.code)).toContain(
      'aristo.index_out_of_sync',
    );
  });
  it('prints the cards and fails on a stale proof', () => {
    const r = run(['aristo', 'stale-code']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      '⚠ Stale — len_bounded (src/ring.rs:impl RingBuffer::len (line 22))',
    );
    expect(r.stdout).toContain('Drifted: the code changed since the proof was produced');
    expect(r.stdout).toContain('Re-run: aristo verify --filter id=len_bounded --rerun');
    expect(r.stdout).toMatch(/✓ 5 verified · ✗ 0 refuted · \? 0 inconclusive · ⚠ 1 stale/);
  });
});
