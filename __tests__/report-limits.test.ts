import fs from 'node:fs';
import path from 'node:path';
import { capField, capFields, FIELD_MAX, truncationMark } from '../src/model/cap.js';
import { verify } from '../src/verify.js';
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
