import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { releasePlan } from '../scripts/release-plan.mjs';
import { HOMEPAGE, VERSION } from '../src/version.js';

/** Release hygiene: what is published, under which licence, for which Node, from which tag. */

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  version: string;
  license: string;
  engines: { node: string };
  repository: { url: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  files: string[];
};
const read = (p: string) => fs.readFileSync(p, 'utf8');

/** Whether Node `major`.x satisfies an engines range of the simple forms packages use. */
function allows(range: string, major: number): boolean {
  return range.split('||').some((alt) => {
    const parts = alt
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .trim()
      .split(/\s+/);
    return parts.every((p) => {
      const m = /^(>=|>|\^|~|=)?\s*v?(\d+)/.exec(p.trim());
      if (!m) return true;
      const n = Number(m[2]);
      if (m[1] === '>=') return major >= n;
      if (m[1] === '>') return major > n;
      if (m[1] === '^' || m[1] === '~' || m[1] === undefined || m[1] === '=') return major === n;
      return true;
    });
  });
}

/** Every package the published dependencies pull in, with its engines.node. */
function runtimeEngines(): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (name: string, from: string) => {
    // Node's lookup: node_modules of the requiring package, then of each directory above it.
    let dir = from;
    let file = path.join(dir, 'node_modules', name, 'package.json');
    while (!fs.existsSync(file) && path.dirname(dir) !== dir) {
      dir = path.dirname(dir);
      file = path.join(dir, 'node_modules', name, 'package.json');
    }
    if (!fs.existsSync(file) || seen.has(file)) return;
    const p = JSON.parse(read(file)) as {
      engines?: { node?: string };
      dependencies?: Record<string, string>;
    };
    seen.set(file, p.engines?.node ?? '');
    for (const d of Object.keys(p.dependencies ?? {})) visit(d, path.dirname(file));
  };
  for (const d of Object.keys(pkg.dependencies)) visit(d, path.resolve('.'));
  return seen;
}

describe('release hygiene', () => {
  test('an MIT LICENSE as package.json says, and a licence file for each bundle', () => {
    expect(pkg.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n/);
    expect(pkg.scripts['build:cli']).toContain('--license licenses.txt');
    expect(pkg.scripts['build:action']).toContain('--license licenses.txt');
  });

  test('npm pack ships the CLI bundle, its licences and the schemas only', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const [packed] = JSON.parse(r.stdout) as { entryCount: number; files: { path: string }[] }[];
    const files = packed!.files.map((f) => f.path);
    expect(packed!.entryCount).toBeLessThan(40);
    // dist/cli/package.json says the loader is CommonJS: without it, index.js would not start.
    for (const f of [
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'package.json',
      'dist/cli/index.js',
      'dist/cli/app.js',
      'dist/cli/package.json',
    ])
      expect(files).toContain(f);
    if (fs.existsSync('dist/cli/licenses.txt')) expect(files).toContain('dist/cli/licenses.txt');
    expect(
      files.filter((f) => /^(src|__tests__|conformance|examples|node_modules)\//.test(f)),
    ).toEqual([]);
  });

  test('Node versions agree: engines, CI, the Action runtime and every runtime dependency', () => {
    expect(pkg.engines.node).toBe('>=22');
    const ci = read('.github/workflows/ci.yml');
    expect(ci).toContain('node: [22, 24]');
    expect(ci).toMatch(/cli-node20:[\s\S]*node-version: 20/);
    expect(read('action.yml')).toMatch(/using: node24/);
    const tooNew = [...runtimeEngines()].filter(([, range]) => range && !allows(range, 22));
    expect(tooNew).toEqual([]);
    // The reason engines is not >= 20: a runtime dependency asks for 22.
    expect([...runtimeEngines()].some(([, range]) => range && !allows(range, 20))).toBe(true);
    // The README says the same versions.
    const readme = read('README.md');
    expect(readme).toContain('## Try it (Node 20+ for the CLI, Node 22+ for the tests)');
    expect(readme).toContain('need Node 22 or later (`engines` in `package.json`)');
    expect(readme).toContain('`runs.using: node24` in `action.yml`');
    expect(readme).toContain('CI tests on Node 22 and 24, and runs the CLI bundle on Node 20.');
  });

  test('one repository and tag everywhere: package.json, the README, the SARIF links', () => {
    expect(pkg.repository.url).toBe(`git+${HOMEPAGE}.git`);
    const readme = read('README.md');
    const slug = HOMEPAGE.replace('https://github.com/', '');
    expect(readme).toContain(`uses: ${slug}@v1`);
    expect(readme).toContain(`npm install -g github:${slug}#v1`);
    expect(read('docs/github-action.md')).toContain(`uses: ${slug}@v1`);
  });

  test('the release plan: the version of package.json and src/version.ts, its tag, the moving major tag, its notes', () => {
    const files = {
      packageJson: read('package.json'),
      versionTs: read('src/version.ts'),
      changelog: read('CHANGELOG.md'),
    };
    expect(releasePlan(files)).toMatchObject({
      version: VERSION,
      tag: `v${VERSION}`,
      major: `v${VERSION.split('.')[0]}`,
    });
    const v1 = {
      packageJson: JSON.stringify({ version: '1.2.3' }),
      versionTs: "export const VERSION = '1.2.3';",
      changelog: '# Changelog\n\n## [1.2.3]\n\n### Fixed\n\n- x\n\n## [1.2.2]\n\n- y\n',
    };
    expect(releasePlan(v1)).toEqual({
      version: '1.2.3',
      tag: 'v1.2.3',
      major: 'v1',
      notes: '### Fixed\n\n- x',
    });
    expect(() => releasePlan({ ...v1, versionTs: "export const VERSION = '1.2.2';" })).toThrow(
      /src\/version\.ts says 1\.2\.2/,
    );
    expect(() => releasePlan({ ...v1, changelog: '## [1.2.2]\n- y\n' })).toThrow(
      /no "## \[1\.2\.3\]"/,
    );
    expect(() => releasePlan({ ...v1, packageJson: '{"version":"1.2"}' })).toThrow(/not X\.Y\.Z/);
    expect(read('.github/workflows/release.yml')).toContain('node scripts/release-plan.mjs');
  });

  test('every documented step of the Action names real inputs and pins the assurance', () => {
    const inputs = new Set(
      [...read('action.yml').matchAll(/^ {2}([a-z-]+):\n {4}description:/gm)].map((m) => m[1]!),
    );
    const pages = ['README.md', ...fs.readdirSync('docs').map((f) => `docs/${f}`)].filter((f) =>
      f.endsWith('.md'),
    );
    const steps: { page: string; keys: string[] }[] = [];
    for (const page of pages)
      for (const block of read(page).matchAll(/```ya?ml\n([\s\S]*?)```/g)) {
        const lines = block[1]!.split('\n');
        lines.forEach((line, i) => {
          if (!/^\s*(?:- )?uses: audit-gate\/audit-gate@/.test(line)) return;
          // The step's `with:` sits at the `uses:` key's indent; its keys two spaces deeper.
          const at = line.indexOf('uses:');
          const w = lines.findIndex((l, k) => k > i && l.startsWith(`${' '.repeat(at)}with:`));
          const keys: string[] = [];
          for (let k = w + 1; w > i && k < lines.length; k++) {
            if (/^\s*(?:#.*)?$/.test(lines[k]!)) continue;
            const m = lines[k]!.match(/^( *)([a-z-]+):/);
            if (!m || m[1]!.length <= at) break;
            if (m[1]!.length === at + 2) keys.push(m[2]!);
          }
          steps.push({ page, keys });
        });
      }
    expect(steps.length).toBeGreaterThan(8);
    expect(steps.filter((s) => s.keys.some((k) => !inputs.has(k)))).toEqual([]);
    // Copied into a repository, a step that does not pin lets a pull request relax its own gate.
    expect(steps.filter((s) => !s.keys.includes('assurance'))).toEqual([]);
  });

  test('npm run local-action runs src/action/main.ts with .env, and .env.example names real inputs only', () => {
    expect(pkg.scripts['local-action']).toBe('local-action . src/action/main.ts .env');
    expect(read('src/action/main.ts')).toMatch(/export async function run\(/);
    expect(read('.gitignore')).toMatch(/^\.env$/m);
    const inputs = new Set(
      [...read('action.yml').matchAll(/^ {2}([a-z-]+):\n {4}description:/gm)].map((m) => m[1]!),
    );
    const named = [...read('.env.example').matchAll(/^INPUT_([A-Z-]+)=/gm)].map((m) =>
      m[1]!.toLowerCase(),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((n) => !inputs.has(n))).toEqual([]);
  });
});
