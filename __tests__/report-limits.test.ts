import fs from 'node:fs';
import path from 'node:path';
import { buildAnnotations } from '../src/github/annotations.js';
import { capField, capFields, FIELD_MAX, truncationMark } from '../src/model/cap.js';
import { finding } from '../src/model/finding.js';
import type { GateReport } from '../src/model/report.js';
import type { Subject, Target } from '../src/model/subject.js';
import { ARIS } from '../src/packs/aris/codes.js';
import { allCodes } from '../src/packs/registry.js';
import type { PackResult } from '../src/packs/pack.js';
import { GATE } from '../src/policy/codes.js';
import { decide } from '../src/policy/gate.js';
import { recheckReport } from '../src/policy/recheck.js';
import {
  checkTitle,
  isFailing,
  renderCards,
  renderComment,
  renderJobSummary,
  renderSummary,
  units,
} from '../src/render/markdown.js';
import { renderSarif } from '../src/render/sarif.js';
import { verify } from '../src/pipeline/verify.js';
import { cli } from './support/cli.js';
import { SKILLS, tempRepo, writePaper } from './support/repo.js';

/** Every string in a JSON-like value, with where it is. */
function strings(v: unknown, at = '$'): { at: string; s: string }[] {
  if (typeof v === 'string') return [{ at, s: v }];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${at}[${i}]`));
  if (v !== null && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => strings(x, `${at}.${k}`));
  return [];
}

/** A paper whose four artifacts all carry `fields` (huge strings) instead of their own. */
function paperWith(fields: Record<string, unknown>): string {
  const root = tempRepo('audit-gate-limits-');
  writePaper(root, 'paper', {
    overrides: Object.fromEntries(Object.keys(SKILLS).map((f) => [f, fields])),
  });
  return root;
}

describe('capField', () => {
  test('short strings are kept; long ones keep their start and say how big they were', () => {
    expect(capField('PASS')).toBe('PASS');
    const long = 'é'.repeat(FIELD_MAX + 1);
    const capped = capField(long);
    expect(capped.length).toBe(FIELD_MAX);
    expect(capped).toMatch(/^é+…\[truncated, 16386 bytes\]$/);
    expect(capField(capped)).toBe(capped);
  });
  test('never cuts a surrogate pair', () => {
    const capped = capField('😀'.repeat(FIELD_MAX));
    expect(capped).toMatch(/^(😀)+…\[truncated, 32768 bytes\]$/u);
  });
  test('capFields caps every string of a JSON value and keeps "__proto__" a plain key', () => {
    const v = JSON.parse(`{"__proto__": {"a": "${'x'.repeat(FIELD_MAX + 5)}"}, "n": [1, "ok"]}`);
    const out = capFields(v);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'n']);
    expect(out['__proto__'].a).toMatch(/…\[truncated, 8197 bytes\]$/);
    expect(out.n).toEqual([1, 'ok']);
  });
});

describe('a report stores at most FIELD_MAX characters of any artifact field', () => {
  test('verify: huge verdict, summary, reason_code and reviewer strings are capped with a visible mark', async () => {
    const big = (c: string) => c.repeat(300_000);
    const root = paperWith({
      verdict: big('V'),
      reason_code: big('R'),
      summary: big('S'),
      reviewer_model: big('M'),
      reviewer_family: big('F'),
      thread_id: big('T'),
    });
    const report = await verify({ root });
    const long = strings(report).filter((x) => x.s.length > FIELD_MAX);
    expect(long.map((x) => x.at)).toEqual([]);
    const marked = strings(report).filter((x) => x.s.includes('…[truncated, '));
    expect(marked.length).toBeGreaterThan(4);
    expect(report.subjects.map((s) => s.verdict)).toEqual(
      Array(4).fill(
        'V'.repeat(FIELD_MAX - truncationMark(300_000).length) + truncationMark(300_000),
      ),
    );
    expect(report.findings.map((f) => f.code)).toContain('aris.invalid_verdict');
    expect(report.conclusion).toBe('failure');
  });

  test('CLI --format json: four 40 MB verdicts give a normal report with a finding each, not an internal error', async () => {
    // Each verdict is repeated in five report fields: uncapped, four of them pass the largest
    // string JavaScript can build, and JSON.stringify threw "Invalid string length".
    const root = paperWith({ verdict: 'X'.repeat(40 * 1024 * 1024) });
    try {
      const out = path.join(root, 'report.json');
      const r = await cli(['verify', '--root', root, '--format', 'json', '--out', out], root);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(1);
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      expect(report.findings.map((f: { code: string }) => f.code)).toEqual(
        Array(4).fill('aris.invalid_verdict'),
      );
      for (const s of report.subjects)
        expect(s.verdict).toMatch(/^X+…\[truncated, 41943040 bytes\]$/);
      expect(r.stdout.length).toBeLessThan(1024 * 1024);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * Publishing was quadratic in the report's size (30,000 targets: ~40 s). Rather than timing it,
 * these tests count every property read of the report's targets, subjects and findings along the
 * publish path: linear code reads each a bounded number of times, whatever the size.
 */
describe('publishing a report is linear in its size', () => {
  const N = 3000;

  /** A verified-looking report: N targets, advisory papers with two audits and runs, located findings. */
  function bigReport(): GateReport {
    const results: PackResult[] = [];
    for (let i = 0; i < N; i++) {
      const paper = i % 2 === 0;
      const id = paper ? `aris:papers/p${i}` : `trace:runs/r${i}`;
      const target: Target = {
        id,
        pack: paper ? 'aris' : 'trace',
        kind: paper ? 'paper' : 'run',
        path: paper ? `papers/p${i}` : `runs/r${i}`,
        enforcement: paper && i % 4 === 0 ? 'advisory' : 'blocking',
        terminal_state: 'blocked',
        ready: false,
        context: paper ? { assurance: i % 4 === 0 ? 'draft' : 'submission' } : {},
      };
      const subjects: Subject[] = (paper ? ['PROOF_AUDIT.json', 'CITATION_AUDIT.json'] : ['.']).map(
        (file) => ({
          id: paper ? `${id}/${file}` : id,
          target: id,
          pack: target.pack,
          kind: paper ? 'audit' : 'run',
          name: file,
          path: `${target.path}/${file}`,
          status: 'BLOCKING_VERDICT',
          verdict: 'FAIL',
          reason: 'why: it failed',
          outcome: 'pass',
        }),
      );
      const findings = subjects.map((s, j) =>
        finding(j === 0 ? ARIS.verdictFail : ARIS.inputStale, {
          subject: s.id,
          message: `${s.path} failed.`,
          location: { path: s.path, line: 2 },
          related: [{ path: `${target.path}/main.tex` }],
        }),
      );
      results.push({ target, subjects, findings });
    }
    return decide(results, {
      root: '/repo',
      failOn: 'blocking',
      runFindings: [
        finding(GATE.targetNotFound, { subject: 'gate', message: 'Path "x" is gone.' }),
      ],
    });
  }

  /** The report with each target, subject and finding counting its property reads in `reads`. */
  function counting(report: GateReport, reads: { n: number }): GateReport {
    const wrap = <T extends object>(o: T): T =>
      new Proxy(o, {
        get(t, k, r) {
          reads.n++;
          return Reflect.get(t, k, r);
        },
      });
    return {
      ...report,
      targets: report.targets.map(wrap),
      subjects: report.subjects.map(wrap),
      findings: report.findings.map(wrap),
    };
  }

  const entities = (r: GateReport) => r.targets.length + r.subjects.length + r.findings.length;
  /**
   * Reads per target, subject or finding: the linear code reads about 20 (deciding) and 80 (all
   * renderings); the quadratic code read over 15,000 at this size.
   */
  const PER_ENTITY = 500;

  test('deciding a published report again', () => {
    const report = bigReport();
    const reads = { n: 0 };
    const r = recheckReport(counting(JSON.parse(JSON.stringify(report)), reads), {
      failOn: 'blocking',
      codes: allCodes(),
    });
    expect(r.ok).toBe(true);
    expect(reads.n).toBeLessThan(PER_ENTITY * entities(report));
  });

  test('the check-run summary and text, the comment, the job summary, annotations and SARIF', () => {
    const report = bigReport();
    const reads = { n: 0 };
    const r = counting(report, reads);
    const md = { checkName: 'audit-gate' };
    checkTitle(r);
    renderSummary(r, md);
    renderCards(r, md);
    renderComment(r, md);
    renderJobSummary(r, md);
    units(r).some(isFailing);
    buildAnnotations(r);
    renderSarif(r, { codes: allCodes() });
    expect(reads.n).toBeLessThan(PER_ENTITY * entities(report));
  });
});
