// conformance/ is generated: rebuilt from scripts/build-*-fixtures.mjs into a temp dir, it must be
// the committed tree exactly (contents and symlinks), so a fixture cannot drift from
// the script that documents it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The legacy report `audit-gate aris <paper-dir>` writes into the paper dir (git ignores it): one
 * left by running the CLI on a fixture is no drift.
 */
const LEGACY_REPORT = 'audit-verifier-report.json';

/** Every entry under `dir`: files by content, symlinks by target, directories by name. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === LEGACY_REPORT && path.basename(d) === '.aris') continue;
      const p = path.join(d, e.name);
      const rel = path.relative(dir, p);
      if (e.isSymbolicLink()) out[rel] = `-> ${fs.readlinkSync(p)}`;
      else if (e.isDirectory()) {
        out[rel] = 'dir';
        walk(p);
      } else out[rel] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

describe('conformance/ is what the fixture scripts build', () => {
  const scripts = fs.readdirSync('scripts').filter((f) => /^build-.+-fixtures\.mjs$/.test(f));
  for (const script of scripts) {
    const pack = /^build-(.+)-fixtures\.mjs$/.exec(script)![1]!;
    it(`conformance/${pack}`, () => {
      const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-rebuild-')));
      try {
        const out = path.join(tmp, pack);
        // The real producer's runs (real-*) come from a Python script that needs the producer;
        // the fixture script keeps them as they are, and so does this rebuild.
        const committed = path.join('conformance', pack);
        for (const name of fs.readdirSync(committed).filter((n) => n.startsWith('real-')))
          fs.cpSync(path.join(committed, name), path.join(out, name), {
            recursive: true,
            verbatimSymlinks: true,
          });
        const r = spawnSync(
          process.execPath,
          [path.join('scripts', script), out, path.join(tmp, 'demo')],
          { encoding: 'utf8' },
        );
        expect(r.status).toBe(0);
        expect(tree(out)).toEqual(tree(committed));
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    }, 120000);
  }
});
