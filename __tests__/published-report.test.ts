import fs from 'node:fs';
import path from 'node:path';
import { writePaper, write } from '../scripts/lib/aris-paper.mjs';
import type { GateReport } from '../src/model/report.js';
import { allCodes, assurancePacks } from '../src/packs/registry.js';
import { readReportFile } from '../src/policy/merge.js';
import { recheckReport, type RecheckOptions } from '../src/policy/recheck.js';
import { renderText } from '../src/render/text.js';
import { verify } from '../src/pipeline/verify.js';
import { tempRepos } from './support/temp.js';

/**
 * The `report:` input publishes a report another workflow wrote (possibly a fork's): its verdict
 * is decided again from its own findings, and a report whose flags contradict them is refused.
 */

const repo = tempRepos();
const codes = allCodes();
const opts = (o: Partial<RecheckOptions> = {}): RecheckOptions => ({
  failOn: 'blocking',
  codes,
  assurancePacks: assurancePacks(),
  ...o,
});
/** A report as it arrives: serialised and read back, then edited. */
const copy = (r: GateReport): GateReport => JSON.parse(JSON.stringify(r));

function refusal(r: ReturnType<typeof recheckReport>): string {
  if (r.ok) throw new Error(`published as ${r.report.conclusion}, not refused`);
  return r.problems.join('\n');
}

/** The bundled example: a passing, a stale and a BLOCKED paper, and a verified run. */
let example: GateReport;
beforeAll(async () => {
  example = await verify({ root: path.resolve('examples/repo') });
});

describe('unedited reports are published with their own verdict', () => {
  test('the example repository (failure) and a draft paper (neutral)', async () => {
    const r = recheckReport(copy(example), opts());
    expect(r.ok && r.report.conclusion).toBe('failure');
    expect(r.ok && r.report.counts).toEqual(example.counts);
    expect(r.ok && r.report.findings).toEqual(example.findings);
    expect(r.ok && r.report.subjects).toEqual(example.subjects);

    const root = repo();
    writePaper(path.join(root, 'draft'), {
      assurance: 'draft',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    const draft = await verify({ root });
    expect(draft.conclusion).toBe('neutral');
    const d = recheckReport(copy(draft), opts());
    expect(d.ok && d.report.conclusion).toBe('neutral');
    // This workflow's fail-on applies on top.
    const strict = recheckReport(copy(draft), opts({ failOn: 'problem' }));
    expect(strict.ok && [strict.report.conclusion, strict.report.exit_code]).toEqual([
      'failure',
      1,
    ]);
  });

  test('a finding a pack option raised above its registered severity (aristo block_inconclusive)', async () => {
    const root = repo();
    fs.cpSync(path.resolve('conformance/aristo/realistic-crate/input'), root, { recursive: true });
    const raised = await verify({
      root,
      configJson: JSON.stringify({ packs: { aristo: { block_inconclusive: true } } }),
    });
    const inconclusive = raised.findings.find((f) => f.code === 'aristo.inconclusive')!;
    expect(inconclusive.severity).toBe('error');
    const r = recheckReport(copy(raised), opts());
    expect(r.ok && r.report.conclusion).toBe('failure');
    // Lowering it back below what the run decided is still refused.
    const lowered = copy(raised);
    for (const f of lowered.findings)
      if (f.code === 'aristo.inconclusive')
        Object.assign(f, { severity: 'notice', blocking: false });
    expect(recheckReport(lowered, opts()).ok).toBe(false);
  });

  test('a report the verifying run failed with fail-on problem stays a failure', async () => {
    const root = repo();
    writePaper(path.join(root, 'draft'), {
      assurance: 'draft',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    const report = await verify({ root, failOn: 'problem' });
    expect(report.conclusion).toBe('failure');
    const r = recheckReport(copy(report), opts());
    expect(r.ok && r.report.conclusion).toBe('failure');
  });

  test('a run that verified nothing, or found nothing and was allowed to', async () => {
    const root = repo();
    const nothing = recheckReport(copy(await verify({ root })), opts());
    expect(nothing.ok && nothing.report.findings.map((f) => f.code)).toEqual([
      'gate.nothing_verified',
    ]);
    expect(nothing.ok && nothing.report.conclusion).toBe('failure');
    const empty = recheckReport(copy(await verify({ root, allowEmpty: true })), opts());
    expect(empty.ok && [empty.report.conclusion, empty.report.submission_ready]).toEqual([
      'success',
      'no',
    ]);
  });

  test('a report with a subject conflict (two targets, one subject) is published as failure', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'), { assurance: 'submission' });
    writePaper(path.join(root, 'p/b'), { assurance: 'submission' });
    write(
      path.join(root, 'p/.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: 'b/PROOF_AUDIT.json', audit_skill: 'proof-checker' }],
      }),
    );
    const report = await verify({ root });
    expect(report.findings.map((f) => f.code)).toContain('gate.subject_conflict');
    const r = recheckReport(copy(report), opts());
    expect(r.ok && r.report.conclusion).toBe('failure');
    expect(r.ok && r.report.counts).toEqual(report.counts);
  });
});

describe('a report whose flags contradict its findings is refused', () => {
  test('an error finding marked "blocking": false on a blocked target, published as success and submission-ready', () => {
    const forged = copy(example);
    for (const f of forged.findings) f.blocking = false;
    for (const s of forged.subjects) s.outcome = 'pass';
    for (const t of forged.targets) t.terminal_state = 'accepted';
    Object.assign(forged, { conclusion: 'success', exit_code: 0, submission_ready: 'yes' });
    Object.assign(forged.counts, { pass: forged.counts.subjects, problem: 0, blocking: 0 });
    const r = recheckReport(forged, opts());
    expect(refusal(r)).toMatch(
      /finding "aris\.verdict_blocked" on "aris:papers\/blocked\/PAPER_CLAIM_AUDIT\.json" says error, but policy makes it error, blocking/,
    );
    // The subjects, counts, submission_ready and conclusion contradict it too.
    expect(!r.ok && r.more).toBeGreaterThan(5);
  });

  test('only the top-level flags edited: conclusion, exit code, submission_ready', () => {
    for (const edit of [
      { conclusion: 'success', exit_code: 0 },
      { conclusion: 'neutral', exit_code: 0 },
      { submission_ready: 'yes' },
      { exit_code: 0 },
    ]) {
      const forged = Object.assign(copy(example), edit);
      expect(refusal(recheckReport(forged, opts()))).toMatch(
        /conclusion is|submission_ready is|exit_code 0/,
      );
    }
  });

  test('counts that do not match the subjects and findings', () => {
    const forged = copy(example);
    forged.counts.errors = 0;
    expect(refusal(recheckReport(forged, opts()))).toMatch(
      /counts\.errors is 0, but the report holds \d+/,
    );
  });

  test('error findings lowered to warnings or notices, with every flag made consistent', () => {
    for (const severity of ['warning', 'notice'] as const) {
      const forged = copy(example);
      for (const f of forged.findings) Object.assign(f, { severity, blocking: false });
      for (const s of forged.subjects) if (s.outcome === 'blocking') s.outcome = 'problem';
      const n = forged.findings.length;
      Object.assign(forged.counts, {
        errors: 0,
        warnings: severity === 'warning' ? n : 0,
        notices: severity === 'notice' ? n : 0,
        problem: forged.counts.problem + forged.counts.blocking,
        blocking: 0,
      });
      Object.assign(forged, { conclusion: 'neutral', exit_code: 0 });
      expect(refusal(recheckReport(forged, opts()))).toMatch(
        new RegExp(`says ${severity}, but policy makes it error, blocking`),
      );
    }
  });

  test('a submission paper or a run turned advisory is refused: only a draft paper is advisory', () => {
    const forged = copy(example);
    for (const t of forged.targets) t.enforcement = 'advisory';
    const why = refusal(recheckReport(forged, opts()));
    expect(why).toMatch(
      /target "aris:papers\/blocked" is advisory, but it was not verified at assurance draft/,
    );
    expect(why).toMatch(/target "trace:.*" is advisory/);
  });

  test('a subject or finding pointing nowhere, or a target listed twice', () => {
    const a = copy(example);
    a.subjects[0]!.target = 'aris:elsewhere';
    expect(refusal(recheckReport(a, opts()))).toMatch(/names target "aris:elsewhere"/);
    const b = copy(example);
    b.targets.push(b.targets[0]!);
    expect(refusal(recheckReport(b, opts()))).toMatch(/is listed twice/);
  });

  test('a refusal spells out the first five contradictions and counts the rest', () => {
    const forged = copy(example);
    for (const f of forged.findings) f.blocking = !f.blocking;
    for (const s of forged.subjects) s.outcome = 'skipped';
    const r = recheckReport(forged, opts());
    expect(!r.ok && r.problems).toHaveLength(5);
    expect(!r.ok && r.more).toBeGreaterThan(0);
  });
  test('a finding renamed to a code this version does not have is refused', async () => {
    const r = copy(example);
    const f = r.findings.find((x) => x.blocking)!;
    f.code = `${f.code}_`;
    expect(refusal(recheckReport(r, opts()))).toMatch(
      new RegExp(`finding "${f.code}" on .* has a code audit-gate .* does not have`),
    );
    // Claiming another version does not help: the code is in a namespace this version owns.
    r.tool.version = '0.0.9';
    expect(refusal(recheckReport(r, opts()))).toMatch(/has a code audit-gate .* does not have/);
    // A code in a namespace this version does not own is refused only from this very version.
    const foreign = copy(example);
    foreign.findings.find((x) => x.blocking)!.code = 'zzz.unknown';
    expect(refusal(recheckReport(foreign, opts()))).toMatch(/"zzz.unknown" .* does not have/);
    foreign.tool.version = '0.0.9';
    expect(recheckReport(foreign, opts()).ok).toBe(true);
  });
});

describe('the publishing workflow pins assurance: submission', () => {
  test('a report verified at draft is refused; at submission it is published', async () => {
    const root = repo();
    write(path.join(root, 'paper/.aris/assurance.txt'), 'draft\n');
    writePaper(path.join(root, 'paper'), { verdicts: { 'proof-checker': 'FAIL' } });
    const draft = await verify({ root });
    expect(draft.conclusion).toBe('neutral');
    expect(refusal(recheckReport(copy(draft), opts({ assurance: 'submission' })))).toMatch(
      /target "aris:paper" was verified at assurance "draft", and assurance submission is required/,
    );
    const sub = await verify({ root, assurance: 'submission' });
    const r = recheckReport(copy(sub), opts({ assurance: 'submission' }));
    expect(r.ok && r.report.conclusion).toBe('failure');
  });
  test('an aristo workspace verified without the pin is refused: its checkout waivers applied', async () => {
    const root = repo();
    fs.cpSync(path.resolve('conformance/aristo/realistic-crate/input'), root, { recursive: true });
    const free = await verify({ root });
    expect(free.conclusion).not.toBe('failure');
    expect(refusal(recheckReport(copy(free), opts({ assurance: 'submission' })))).toMatch(
      /target "aristo:\." was verified at assurance "unpinned", and assurance submission is required/,
    );
    const pinned = await verify({ root, assurance: 'submission' });
    const r = recheckReport(copy(pinned), opts({ assurance: 'submission' }));
    expect(r.ok && r.report.conclusion).toBe('failure');
  });
  test('an aristo report edited to claim submission is refused by what only an unpinned run reports', async () => {
    const root = repo();
    fs.cpSync(path.resolve('conformance/aristo/realistic-crate/input'), root, { recursive: true });
    fs.rmSync(path.join(root, '.aristo/proofs/new_is_empty.proof'));
    const free = await verify({ root });
    expect(free.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['aristo.refuted_waived', 'aristo.proof_missing']),
    );
    const claimed = copy(free);
    claimed.targets[0]!.context['assurance'] = 'submission';
    const why = refusal(recheckReport(claimed, opts({ assurance: 'submission' })));
    expect(why).toMatch(/"aristo.refuted_waived" on .* cannot occur at assurance submission/);
    expect(why).toMatch(
      /"aristo.proof_missing" on .* says warning, but at assurance submission it is error/,
    );
    const unsaid = copy(free);
    delete unsaid.targets[0]!.context['assurance'];
    expect(refusal(recheckReport(unsaid, opts({ assurance: 'submission' })))).toMatch(
      /target "aristo:\." does not say which assurance it was verified at, and assurance submission is required/,
    );
    // Unpinned, the same report is published as it is.
    expect(recheckReport(copy(free), opts()).ok).toBe(true);
  });
  test('a trace report verified without an option the publishing workflow’s config sets is refused', async () => {
    const root = repo();
    fs.cpSync(path.resolve('conformance/trace/mut-reasoning-stripped/input'), root, {
      recursive: true,
    });
    const required = [{ pack: 'trace', option: 'require_reasoning' }];
    const without = await verify({ root });
    expect(without.conclusion).toBe('success');
    expect(refusal(recheckReport(copy(without), opts({ required })))).toMatch(
      /target "trace:.*" was verified without require_reasoning, which this workflow's config sets/,
    );
    // A report edited to say it ran with the option is a forged whole report, the documented
    // limit: nothing in it contradicts the claim (docs/threat-model.md, Published reports).
    const claimed = copy(without);
    claimed.targets[0]!.context['require_reasoning'] = 'yes';
    const forged = recheckReport(claimed, opts({ required }));
    expect(forged.ok && forged.report.conclusion).toBe('success');
    const withIt = await verify({ root, packOptions: { trace: { require_reasoning: true } } });
    const r = recheckReport(copy(withIt), opts({ required }));
    expect(r.ok && r.report.conclusion).toBe('failure');
    expect(recheckReport(copy(without), opts()).ok).toBe(true);
  });
  test('a draft paper turned blocking with its assurance removed is refused', async () => {
    const root = repo();
    write(path.join(root, 'paper/.aris/assurance.txt'), 'draft\n');
    writePaper(path.join(root, 'paper'), { only: ['proof-checker'] });
    const draft = await verify({ root });
    const edited = copy(draft);
    edited.targets[0]!.enforcement = 'blocking';
    delete edited.targets[0]!.context['assurance'];
    const pinned = opts({ assurance: 'submission' });
    expect(refusal(recheckReport(edited, pinned))).toMatch(
      /target "aris:paper" does not say which assurance it was verified at, and assurance submission is required/,
    );
  });
});

describe('what a refused report says is escaped', () => {
  const paint = '\u001b[2J\u001b[32mAll audits verified \u202egnissap\u202c\u0085';
  test('a key the schema refuses, quoted in the reason', () => {
    const dir = repo();
    const r = copy(example);
    (r.targets[0]!.context as Record<string, unknown>)[paint + 'A'.repeat(5000)] = 1;
    const file = path.join(dir, 'report.json');
    fs.writeFileSync(file, JSON.stringify(r));
    const read = readReportFile(file);
    expect(read.ok).toBe(false);
    const problem = read.ok ? '' : read.problem;
    expect(problem).toContain('\\u001b[2J');
    expect(problem).not.toMatch(/[\u001b\u0085\u202a-\u202e]/);
    expect(problem.length).toBeLessThan(600);
  });
  test('a key of a target context, in the text a merge prints', () => {
    const r = copy(example);
    r.targets[0]!.context[`${paint}\nOK: nothing blocks.`] = 'v';
    const text = renderText(r);
    expect(text).toContain('\\u001b[2J');
    expect(text).not.toMatch(/[\u001b\u0085\u202a-\u202e]/);
    expect(text.split('\n')).toHaveLength(renderText(copy(example)).split('\n').length);
  });
  test('an id quoted by the recheck', () => {
    const r = copy(example);
    r.targets.push({ ...r.targets[0]!, id: `x${paint}` }, { ...r.targets[0]!, id: `x${paint}` });
    const why = refusal(recheckReport(r, opts()));
    expect(why).toMatch(/listed twice/);
    expect(why).not.toMatch(/[\u001b\u0085\u202a-\u202e]/);
  });
});
