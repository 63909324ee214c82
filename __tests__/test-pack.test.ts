// A new pack needs no core change: registered at test time, it is discovered and verified, takes
// its options from config.packs.<id>, runs seed-shaped conformance fixtures, and is documented.
import fs from 'node:fs';
import path from 'node:path';
import { configSchema } from '../src/config/config.js';
import { runFixtures } from '../src/conformance/runner.js';
import { codesMarkdown, schemaFiles } from '../src/docs.js';
import { Workspace } from '../src/io/workspace.js';
import { finding, type CodeDef } from '../src/model/finding.js';
import type { Pack } from '../src/packs/pack.js';
import { allCodes, packs, registerPack, registryProblem } from '../src/packs/registry.js';
import { verify } from '../src/pipeline/verify.js';
import { cli } from './support/cli.js';
import { demoPack } from './support/test-pack.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();
let unregister: () => void;
beforeEach(() => (unregister = registerPack(demoPack)));
afterEach(() => unregister());

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('a pack registered at test time', () => {
  it('is discovered, verified with its config options, and gates', async () => {
    const root = repo();
    write(path.join(root, 'bundles/good/demo.json'), '{"ok": true}');
    write(path.join(root, 'bundles/bad/demo.json'), '{"ok": false}');
    write(path.join(root, '.audit-gate.json'), '{"packs": {"demo": {"label": "receipts"}}}');
    const r = await verify({ root });
    expect(r.targets.map((t) => [t.kind, t.path, t.context['label']])).toEqual([
      ['bundle', 'bundles/bad', 'receipts'],
      ['bundle', 'bundles/good', 'receipts'],
    ]);
    expect(r.findings.map((f) => f.code)).toEqual(['validation.not_ok']);
    expect(r.conclusion).toBe('failure');
    expect(demoPack.outputs!['demo-summary']!.render(r, 'demo:bundles/good')).toBe(
      'demo:bundles/good: accepted',
    );
  });

  it('its options are validated by its own schema', async () => {
    const root = repo();
    write(path.join(root, 'b/demo.json'), '{"ok": true}');
    write(path.join(root, '.audit-gate.json'), '{"packs": {"demo": {"lable": "x"}}}');
    const r = await verify({ root });
    expect(r.findings.map((f) => f.code)).toEqual(['gate.config_invalid']);
    expect(configSchema().safeParse({ packs: { demo: false } }).success).toBe(true);
  });

  it('runs seed-shaped fixtures: no pack field, the pack from the folder, its own fields', async () => {
    const dir = repo();
    const fx = (id: string, ok: boolean, expected: string[], extra: object = {}) => {
      write(path.join(dir, `demo/${id}/bundle/demo.json`), JSON.stringify({ ok }));
      write(
        path.join(dir, `demo/${id}/fixture.json`),
        JSON.stringify({
          schema_version: '1.0',
          fixture_id: id,
          fixture_kind: ok ? 'clean' : 'not_ok',
          input_bundle_ref: 'bundle',
          expected_validation_codes: expected,
          expected_receipt_refs: [],
          ...extra,
        }),
      );
    };
    fx('clean', true, []);
    fx('bad', false, ['validation.not_ok'], {
      expected_findings: [{ code: 'validation.not_ok', path: 'demo.json', line: 1 }],
    });
    fx('bad-line', false, ['validation.not_ok'], {
      expected_findings: [{ code: 'validation.not_ok', path: 'demo.json', line: 2 }],
    });
    fx('bad-count', false, ['validation.not_ok'], {
      expected_findings: [{ code: 'validation.not_ok' }, { code: 'validation.not_ok' }],
    });
    const results = await runFixtures(dir, {
      packs: packs(),
      knownCodes: new Set(allCodes().map((c) => c.code)),
      workspace: new Workspace(dir),
    });
    const messages = Object.fromEntries(
      results.map((r) => [r.subjects[0]!.name, r.findings.map((f) => f.message).join(' ')]),
    );
    expect(messages['clean']).toBe('');
    expect(messages['bad']).toBe('');
    expect(messages['bad-line']).toMatch(
      /expected but not emitted: validation.not_ok at demo.json:2; emitted but not expected: validation.not_ok at demo.json:1/,
    );
    expect(messages['bad-count']).toMatch(/expected but not emitted: validation.not_ok\b/);
  });

  it('gets its CLI subcommand from the registry: listed in --help, run as audit-gate demo', async () => {
    const root = repo();
    write(path.join(root, 'bundles/good/demo.json'), '{"ok": true}');
    write(path.join(root, 'bundles/bad/demo.json'), '{"ok": false}');
    expect((await cli(['--help'], root)).stdout).toMatch(
      /^ {2}demo +Verify demo bundles \(a demo.json saying ok\)$/m,
    );
    const help = await cli(['demo', '--help'], root);
    expect(help.stdout).toContain('Usage: audit-gate demo <bundle-dir>... [options]');
    expect(help.stdout).toMatch(/--label TEXT +what to call every bundle/);
    expect(help.stdout).toMatch(/--progress +print progress/);

    const r = await cli(
      ['demo', 'bundles/bad', 'bundles/good', '--label', 'receipts', '--format', 'json'],
      root,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(
      report.targets.map((t: { path: string; context: { label: string } }) => [
        t.path,
        t.context.label,
      ]),
    ).toEqual([
      ['bundles/bad', 'receipts'],
      ['bundles/good', 'receipts'],
    ]);
    expect(report.findings.map((f: { code: string }) => f.code)).toEqual(['validation.not_ok']);
    expect((await cli(['demo', 'bundles/good'], root)).code).toBe(0);

    const bad = await cli(['demo', '--lable', 'x'], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Run "audit-gate demo --help"');
    // Unregistered, the command is gone: it came from the registry alone.
    unregister();
    unregister = () => undefined;
    expect((await cli(['demo', 'bundles/good'], root)).stderr).toContain('unknown command "demo"');
  });

  it('is documented: its codes and schemas are generated', () => {
    expect(codesMarkdown()).toContain('`validation.not_ok`');
    expect(Object.keys(schemaFiles())).toContain('demo-file.schema.json');
  });
});

describe('namespaces and conformance hooks a pack may declare', () => {
  const code = (c: string): CodeDef => ({ code: c, severity: 'error', title: c, remediation: '-' });
  const INCOMPLETE = code('demo_suite.incomplete');
  const NO_EXPECTED = code('demo_suite.no_expected');
  const suitePack: Pack = {
    ...demoPack,
    namespace: 'demo_suite',
    extraNamespaces: ['validation'],
    fixtures: {
      ...demoPack.fixtures,
      check: (fx) =>
        ((fx['expected_receipt_refs'] as string[] | undefined) ?? []).map((r) => `no receipt ${r}`),
      missingExpected: NO_EXPECTED,
      suite: {
        codes: [INCOMPLETE, NO_EXPECTED],
        check: (results, dir) =>
          results.length < 3
            ? [
                finding(INCOMPLETE, {
                  subject: 'gate',
                  message: `${results.length} of 3 fixtures under ${dir}.`,
                  location: { path: dir },
                }),
              ]
            : [],
      },
    },
  };

  it('the registry takes a seed namespace beside the pack’s own, and refuses a code twice', () => {
    expect(registryProblem([suitePack])).toBeUndefined();
    expect(registryProblem([{ ...suitePack, extraNamespaces: [] }])).toMatch(
      /code validation.not_ok of pack demo is not in its namespace demo_suite/,
    );
    expect(registryProblem([demoPack, { ...demoPack, id: 'demo-twin' }])).toMatch(
      /code validation.not_ok is declared twice/,
    );
    expect(registryProblem([{ ...suitePack, fixtures: { missingExpected: NO_EXPECTED } }])).toMatch(
      /demo_suite.no_expected .* is not in its suite codes/,
    );
  });

  it('its suite gate runs on --build-ready only; its fixture check and missing-expected code apply', async () => {
    unregister();
    unregister = registerPack(suitePack);
    expect(allCodes().map((c) => c.code)).toEqual(
      expect.arrayContaining(['demo_suite.incomplete', 'demo_suite.no_expected']),
    );
    const root = repo();
    const fx = (id: string, extra: object) => {
      write(path.join(root, `fx/demo/${id}/bundle/demo.json`), '{"ok": true}');
      write(
        path.join(root, `fx/demo/${id}/fixture.json`),
        JSON.stringify({
          schema_version: '1.0',
          fixture_id: id,
          fixture_kind: 'clean',
          input_bundle_ref: 'bundle',
          ...extra,
        }),
      );
    };
    fx('clean', { expected_validation_codes: [] });
    fx('receipts', { expected_validation_codes: [], expected_receipt_refs: ['r-1'] });
    // Every pack's suite gate runs (fail closed, even with none of its fixtures): only this one's here.
    const codes = async (buildReady: boolean) =>
      (await verify({ root, paths: [], fixtures: 'fx', buildReady })).findings
        .filter((f) => !f.code.startsWith('validation.'))
        .map((f) => [f.code, f.message]);
    expect(await codes(false)).toEqual([
      ['fixture.mismatch', expect.stringMatching(/; no receipt r-1\.$/)],
    ]);
    expect((await codes(true)).map(([c]) => c)).toEqual([
      'fixture.mismatch',
      'demo_suite.incomplete',
    ]);
    fx('third', {});
    expect((await codes(true)).map(([c]) => c)).toEqual([
      'fixture.mismatch',
      'demo_suite.no_expected',
    ]);
  });
});
