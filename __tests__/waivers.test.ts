// Waivers with a ratchet, for every pack: a waived finding stays visible but does not block; a
// waiver that matches nothing, or has expired, is itself a finding; under pinned enforcement only
// the workflow's config may waive; a published report cannot waive its own findings.
import fs from 'node:fs';
import path from 'node:path';
import { writePaper, write } from '../scripts/lib/aris-paper.mjs';
// @ts-expect-error plain JavaScript module without types
import { cleanModel, writeRun } from '../scripts/build-trace-fixtures.mjs';
import type { GateReport } from '../src/model/report.js';
import { allCodes } from '../src/packs/registry.js';
import { recheckReport } from '../src/policy/recheck.js';
import { renderSarif } from '../src/render/sarif.js';
import { renderText } from '../src/render/text.js';
import { verify } from '../src/pipeline/verify.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();
const codes = (r: GateReport) => r.findings.map((f) => f.code);
const WAIVE_FAIL = {
  code: 'aris.verdict_fail',
  subject: 'aris:papers/blocked/*',
  reason: 'The proof is being rewritten; the FAIL is known.',
  tracking: 'https://example.invalid/issues/7',
};

/** papers/blocked fails (a FAIL verdict under submission); papers/ok passes. */
function blockedRepo(config?: unknown): string {
  const root = repo();
  writePaper(path.join(root, 'papers/ok'), { assurance: 'submission' });
  writePaper(path.join(root, 'papers/blocked'), {
    assurance: 'submission',
    verdicts: { 'proof-checker': 'FAIL' },
  });
  if (config !== undefined)
    write(path.join(root, '.audit-gate.json'), JSON.stringify(config, null, 2) + '\n');
  return root;
}

describe('waivers', () => {
  it('a waived failure stays in the report, marked, but does not block', async () => {
    const r = await verify({ root: blockedRepo({ waivers: [WAIVE_FAIL] }) });
    const f = r.findings.find((x) => x.code === 'aris.verdict_fail')!;
    expect(f.waived).toEqual({ reason: WAIVE_FAIL.reason, tracking: WAIVE_FAIL.tracking });
    expect(f.blocking).toBe(false);
    expect(r.conclusion).toBe('success');
    expect(r.counts).toMatchObject({ errors: 0, suppressed: 1 });
    // The paper is still blocked on its own terms: a waiver never makes it submission-ready.
    expect(r.submission_ready).toBe('no');
    expect(renderText(r)).toMatch(/waived: The proof is being rewritten/);
    expect(r.subjects.find((s) => s.id === f.subject)!.outcome).toBe('problem');
    const sarif = renderSarif(r, { codes: allCodes() });
    const result = sarif.runs[0]!.results.find((x) => x.ruleId === 'aris.verdict_fail')!;
    expect(result.suppressions).toEqual([
      { kind: 'external', justification: `${WAIVE_FAIL.reason} (${WAIVE_FAIL.tracking})` },
    ]);
  });

  it('without the waiver the same repository fails', async () => {
    const r = await verify({ root: blockedRepo() });
    expect(r.conclusion).toBe('failure');
  });

  it('a waiver that matches nothing is a blocking finding at its line (the ratchet)', async () => {
    const stray = { ...WAIVE_FAIL, subject: 'aris:papers/gone/*' };
    const r = await verify({ root: blockedRepo({ waivers: [WAIVE_FAIL, stray] }) });
    const f = r.findings.find((x) => x.code === 'gate.waiver_unmatched')!;
    expect(f.blocking).toBe(true);
    expect(f.location).toEqual({ path: '.audit-gate.json', line: 9 });
    expect(f.message).toContain('aris:papers/gone/*');
    expect(r.conclusion).toBe('failure');
  });

  it('a waiver of a code no rule has is a config error that names the code meant', async () => {
    const typo = { ...WAIVE_FAIL, code: 'aris.verdict_fial' };
    const r = await verify({ root: blockedRepo({ waivers: [WAIVE_FAIL, typo] }) });
    const f = r.findings.find((x) => x.code === 'gate.config_invalid')!;
    expect(f.message).toBe(
      'Config .audit-gate.json: "waivers.1.code": no rule has the code "aris.verdict_fial" (did you mean "aris.verdict_fail"?).',
    );
    expect(f.location).toEqual({ path: '.audit-gate.json', line: 10 });
    expect(r.conclusion).toBe('failure');
  });

  it('an expired waiver no longer applies, and says so', async () => {
    const old = { ...WAIVE_FAIL, expires: '2020-01-01' };
    const r = await verify({ root: blockedRepo({ waivers: [old] }) });
    expect(codes(r)).toEqual(['aris.verdict_fail', 'gate.waiver_expired']);
    expect(r.findings[0]!.waived).toBeUndefined();
    expect(r.findings[1]!.severity).toBe('warning');
    expect(r.conclusion).toBe('failure');
    const later = { ...WAIVE_FAIL, expires: '2999-01-01T00:00:00Z' };
    expect((await verify({ root: blockedRepo({ waivers: [later] }) })).conclusion).toBe('success');
  });

  it('a waiver without a reason, or with a malformed expiry, is a config error', async () => {
    for (const bad of [
      { code: WAIVE_FAIL.code, subject: WAIVE_FAIL.subject },
      { ...WAIVE_FAIL, reason: '  ' },
      { ...WAIVE_FAIL, expires: 'next week' },
      { ...WAIVE_FAIL, expires: '2999-02-30' }, // Date.parse would read 2999-03-02
      { ...WAIVE_FAIL, expires: '2999-04-31T00:00:00Z' },
      { ...WAIVE_FAIL, expires: '2999-12-31T24:00:00Z' }, // not RFC 3339: hours are 00-23
    ]) {
      const r = await verify({ root: blockedRepo({ waivers: [bad] }) });
      expect(codes(r)).toContain('gate.config_invalid');
      expect(r.conclusion).toBe('failure');
    }
  });

  it('under pinned enforcement the checkout’s waivers are ignored, the workflow’s apply', async () => {
    const root = blockedRepo({ waivers: [WAIVE_FAIL] });
    const pinned = await verify({ root, assurance: 'submission' });
    expect(pinned.conclusion).toBe('failure');
    expect(pinned.findings.some((f) => f.waived)).toBe(false);
    const ignored = pinned.findings.find((f) => f.code === 'gate.config_key_ignored')!;
    expect(ignored.message).toContain('"waivers"');
    const trusted = await verify({
      root,
      assurance: 'submission',
      configJson: JSON.stringify({ waivers: [WAIVE_FAIL] }),
    });
    expect(trusted.conclusion).toBe('success');
    expect(trusted.counts.suppressed).toBe(1);
  });

  it('works for run traces too', async () => {
    const root = repo();
    const run = writeRun(root, cleanModel()) as { path: (rel: string) => string };
    fs.appendFileSync(run.path('trace.jsonl'), '{"not": "an event"\n');
    const before = await verify({ root });
    expect(before.conclusion).toBe('failure');
    const waivers = [...new Set(codes(before))].map((code) => ({
      code,
      subject: 'trace:**',
      reason: 'A known producer bug; fixed in the next release.',
    }));
    write(path.join(root, '.audit-gate.json'), JSON.stringify({ waivers }));
    const after = await verify({ root });
    expect(after.conclusion).toBe('success');
    expect(after.counts.suppressed).toBe(before.findings.length);
  });
});

describe('aristo: expectations.toml under pinned enforcement', () => {
  const realistic = path.resolve('conformance/aristo/realistic-crate/input');

  it('waives nothing when the workflow pins enforcement; the workflow’s own waiver applies', async () => {
    const root = repo();
    fs.cpSync(realistic, root, { recursive: true });
    const free = await verify({ root });
    expect(free.conclusion).not.toBe('failure');
    const pinned = await verify({ root, assurance: 'submission' });
    expect(codes(pinned)).toEqual(
      expect.arrayContaining(['aristo.refuted', 'aristo.waivers_not_trusted']),
    );
    expect(pinned.conclusion).toBe('failure');
    const refuted = pinned.findings.find((f) => f.code === 'aristo.refuted')!;
    const trusted = await verify({
      root,
      assurance: 'submission',
      configJson: JSON.stringify({
        waivers: [{ code: 'aristo.refuted', subject: refuted.subject, reason: 'Known gap.' }],
      }),
    });
    expect(trusted.conclusion).not.toBe('failure');
    expect(trusted.counts.suppressed).toBe(1);
  });
});

describe('waiver globs', () => {
  it('stop at # as at /: a workspace named ".#legacy_x" is not a proof id the glob names', async () => {
    const root = repo();
    fs.cpSync(
      path.resolve('conformance/aristo/refuted-unwaived/input'),
      path.join(root, '.#legacy_x'),
      {
        recursive: true,
      },
    );
    const waive = (subject: string) =>
      verify({
        root,
        assurance: 'submission',
        configJson: JSON.stringify({
          waivers: [{ code: 'aristo.refuted', subject, reason: 'Old refutations, tracked.' }],
        }),
      });
    const narrow = await waive('aristo:.#legacy_*');
    expect(narrow.conclusion).toBe('failure');
    expect(narrow.findings.find((f) => f.code === 'aristo.refuted')).toMatchObject({
      subject: 'aristo:.#legacy_x#any_capacity_usable',
      blocking: true,
    });
    expect(codes(narrow)).toContain('gate.waiver_unmatched');
    const wide = await waive('aristo:.#legacy_x#*');
    expect(wide.findings.find((f) => f.code === 'aristo.refuted')!.waived).toBeDefined();
    expect(codes(wide)).not.toContain('gate.waiver_unmatched');
  });
});

describe('a published report and waivers', () => {
  it('is accepted only when the publishing workflow waives the same findings', async () => {
    const root = blockedRepo();
    const waived = await verify({
      root,
      assurance: 'submission',
      configJson: JSON.stringify({ waivers: [WAIVE_FAIL] }),
    });
    const entries = [{ waiver: WAIVE_FAIL }];
    const base = { failOn: 'blocking' as const, codes: allCodes() };
    expect(recheckReport(waived, { ...base, waivers: entries }).ok).toBe(true);
    const alone = recheckReport(waived, base);
    expect(alone.ok).toBe(false);
    if (!alone.ok)
      expect(alone.problems.join('\n')).toMatch(
        /is marked waived, but this workflow's config waives no such finding/,
      );
  });

  it('a forged waived marker on a blocking finding is refused', async () => {
    const r = await verify({ root: blockedRepo(), assurance: 'submission' });
    const forged: GateReport = JSON.parse(JSON.stringify(r));
    const f = forged.findings.find((x) => x.code === 'aris.verdict_fail')!;
    f.waived = { reason: 'trust me' };
    f.blocking = false;
    forged.conclusion = 'success';
    forged.exit_code = 0;
    expect(recheckReport(forged, { failOn: 'blocking', codes: allCodes() }).ok).toBe(false);
  });
});
