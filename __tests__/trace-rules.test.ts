// Unit tests per rule of the trace pack, on copies of the clean conformance run edited in place,
// plus the canonical-JSON checker and the `trace` command.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hasher } from '../src/io/hashing.js';
import { Workspace } from '../src/io/workspace.js';
import {
  canonicalizeText,
  checkLine,
  isCanonicalText,
  pyFloatRepr,
  scanCanonical,
} from '../src/packs/trace/producer/canonical.js';
import { canonicalMembers, rawMembers } from '../src/packs/trace/producer/ids.js';
import { canonicalJson as canonicalStringify, MAX_PER_CODE } from '../src/packs/kit/index.js';
import { tracePack } from '../src/packs/trace/index.js';
import { schemas } from '../src/packs/trace/format/schema.js';
import type { Finding } from '../src/model/finding.js';
import { cli } from './support/cli.js';
import { CLEAN_RUN_ROOT, cleanTraceLines } from './support/trace.js';

/** A content id as messages name it: its kind and first 12 hex digits (qid). */
const shortId = (id: string) => id.replace(/(_v1_[0-9a-f]{12})[0-9a-f]{52}/, '$1…');

const CLEAN = CLEAN_RUN_ROOT;
const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

interface Run {
  root: string;
  dir: string;
  file: (rel: string) => string;
  lines: () => string[];
  setLines: (lines: string[]) => void;
  events: () => { idx: number; kind: string; [k: string]: any }[];
}

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function copyClean(): Run {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-rule-'));
  made.push(root);
  fs.cpSync(CLEAN, root, { recursive: true, verbatimSymlinks: true });
  const runs = path.join(root, 'artifacts/runs');
  const dir = path.join(runs, fs.readdirSync(runs)[0]!);
  const file = (rel: string) => path.join(dir, rel);
  const lines = () => fs.readFileSync(file('trace.jsonl'), 'utf8').replace(/\n$/, '').split('\n');
  return {
    root,
    dir,
    file,
    lines,
    setLines: (l) => fs.writeFileSync(file('trace.jsonl'), l.map((x) => x + '\n').join('')),
    events: () =>
      lines()
        .slice(1)
        .map((l) => JSON.parse(l).event),
  };
}

/** Rewrites fingerprint.txt and the manifest so only the rule under test fires. */
function reseal(r: Run): void {
  fs.writeFileSync(r.file('fingerprint.txt'), sha(fs.readFileSync(r.file('trace.jsonl'))) + '\n');
  const man = JSON.parse(fs.readFileSync(r.file('manifest.json'), 'utf8')) as Record<
    string,
    string
  >;
  for (const k of Object.keys(man))
    if (fs.existsSync(r.file(k))) man[k] = sha(fs.readFileSync(r.file(k)));
  fs.writeFileSync(r.file('manifest.json'), JSON.stringify(man) + '\n');
}

async function check(
  r: Run,
  options: Record<string, unknown> = {},
): Promise<{ codes: string[]; findings: Finding[]; state: string }> {
  const hasher = new Hasher();
  try {
    const res = await tracePack.verify(r.dir, {
      workspace: new Workspace(r.root),
      hasher,
      options,
    });
    return {
      codes: [...new Set(res.findings.map((f) => f.code))].sort(),
      findings: res.findings,
      state: res.target.terminal_state,
    };
  } finally {
    await hasher.close();
  }
}

describe('canonical JSON', () => {
  it('writes floats the way Python repr does', () => {
    const cases: [number, string][] = [
      [0, '0.0'],
      [1, '1.0'],
      [0.1, '0.1'],
      [1e-5, '1e-05'],
      [0.0001, '0.0001'],
      [123.456, '123.456'],
      [1e16, '1e+16'],
      // eslint-disable-next-line no-loss-of-precision -- the literal rounds to ...56.8, which Python prints
      [1234567890123456.7, '1234567890123456.8'],
      [2.5e-7, '2.5e-07'],
      [-3.75, '-3.75'],
      [1e22, '1e+22'],
    ];
    for (const [x, want] of cases) expect(pyFloatRepr(x)).toBe(want);
  });
  it('accepts canonical lines on the fast path and Python-only forms on the exact path', () => {
    expect(checkLine('{"a":1,"b":[true,null,"x"]}').ok).toBe(true);
    expect(checkLine('{"confidence":1.0,"t":1e-05}').ok).toBe(true);
    expect(checkLine('{"s":"é\\n\\u0001"}').ok).toBe(true);
  });
  it('explains what is not canonical', () => {
    const p = (t: string) => {
      const r = checkLine(t);
      return r.ok ? 'ok' : `${r.problem.kind}: ${r.problem.message}`;
    };
    expect(p('{"b":1,"a":2}')).toMatch(/^noncanonical: has key "a" after "b"/);
    expect(p('{"a": 1}')).toMatch(/^noncanonical: has whitespace at column 6/);
    expect(p('{"a":1,"a":2}')).toMatch(/^duplicate: repeats the key "a"/);
    expect(p('{"a":NaN}')).toBe('syntax: has NaN at column 6, which JSON does not allow');
    expect(p('{"a":-Infinity}')).toBe(
      'syntax: has -Infinity at column 6, which JSON does not allow',
    );
    expect(p('\ufeff{"a":1}')).toMatch(/^syntax: starts with a UTF-8 byte order mark/);
    expect(p('{"a":1.50}')).toMatch(/^noncanonical: writes the number 1.50/);
    expect(p('{"a":-0.0}')).toMatch(/^noncanonical/);
    expect(p('{"s":"\\u00e9"}')).toMatch(/^noncanonical: escapes a string differently/);
    expect(p('{"a":1')).toMatch(/^syntax:/);
    expect(p('['.repeat(100000) + ']'.repeat(100000))).toMatch(
      /^syntax: nests deeper than 512 levels/,
    );
  });
  it('the one-pass character check never accepts what the exact scanner rejects', () => {
    // A seeded generator of JSON texts near canonical form, and edits that break it in each way.
    let seed = 42;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pick = <T>(xs: readonly T[]) => xs[rnd(xs.length)]!;
    const KEYS = ['a', 'b', 'ab', 'B', '10', '2', 'é', 'a\n', '😀', '\uffff', 'idx', 'kind', ''];
    const STRS = [
      '',
      'x',
      'q"u',
      'back\\slash',
      'nl\n',
      '\u0001',
      '\u001f',
      'é',
      '😀',
      '/',
      '\u2028',
    ];
    const NUMS = [0, -1, 7, 1.5, -3.25, 1e-5, 0.0001, 1e16, 123456.789, 2 ** 53, 0.1];
    const value = (d: number): unknown => {
      const k = d > 3 ? rnd(3) : rnd(6);
      if (k === 0) return pick(NUMS);
      if (k === 1) return pick(STRS);
      if (k === 2) return pick([true, false, null]);
      if (k === 3) return Array.from({ length: rnd(4) }, () => value(d + 1));
      const o: Record<string, unknown> = {};
      for (let i = rnd(5); i > 0; i--) o[pick(KEYS)] = value(d + 1);
      return o;
    };
    const EDITS: ((t: string) => string)[] = [
      (t) => t,
      (t) => t.replace(/,/, ', '),
      (t) => t.replace(/:/, ' :'),
      (t) => t.replace(/"(\w+)":/, '"$1":0,"$1":'),
      (t) => t.replace(/\{"(\w+)":([^,{}]+),"(\w+)":/, '{"$3":$2,"$1":'),
      (t) => t.replace(/\\n/, '\\u000a').replace(/é/, '\\u00e9'),
      (t) => t.replace(/\//, '\\/').replace(/\\u001f/, '\\u001F'),
      (t) => t.replace(/1\.5/, '1.50').replace(/(\D)0(\D)/, '$1-0$2'),
      (t) => t.replace(/0\.0001/, '1e-04').replace(/(\D)7(\D)/, '$17.0$2'),
    ];
    let accepted = 0;
    for (let i = 0; i < 10000; i++) {
      const text = pick(EDITS)(canonicalStringify({ k: value(0) }));
      try {
        JSON.parse(text);
      } catch {
        continue; // the check is only asked about text JSON.parse accepted
      }
      // The canonicalizer's output is canonical, and leaves canonical text as it is.
      const canon = canonicalizeText(text);
      if (canon !== undefined) expect([canon, scanCanonical(canon).ok]).toEqual([canon, true]);
      const members = new Map<string, [number, number]>();
      const canonical = isCanonicalText(text, members);
      if (canonical) expect(canon).toBe(text);
      // Told the text is ASCII, it must judge ASCII text the same way.
      if (Buffer.byteLength(text) === text.length)
        expect([text, isCanonicalText(text, undefined, true)]).toEqual([text, canonical]);
      if (!canonical) continue;
      accepted++;
      const exact = scanCanonical(text);
      expect([text, exact.ok, members]).toEqual([text, true, exact.ok && exact.members]);
      // Members of canonical text, and of an object nested in it, found without a parse.
      const inner = canonicalMembers(text).k!;
      expect([text, inner]).toEqual([text, text.slice('{"k":'.length, -1)]);
      const nested = scanCanonical(inner);
      if (nested.ok && nested.members)
        expect([inner, canonicalMembers(inner)]).toEqual([
          inner,
          rawMembers(inner, nested.members),
        ]);
    }
    expect(accepted).toBeGreaterThan(2500);
    // Canonical producer lines are accepted without the scanner.
    for (const line of cleanTraceLines())
      expect([line, isCanonicalText(line)]).toEqual([line, true]);
  });
  it('puts any formatting of a document in canonical form, and refuses what Python could not write', () => {
    expect(
      canonicalizeText('{ "b" : [1.50, -0, 1E5, "\\u00e9\\/"], "a": {"y": 1e-5, "x": null} }'),
    ).toBe('{"a":{"x":null,"y":1e-05},"b":[1.5,0,100000.0,"é/"]}');
    expect(canonicalizeText('{"a":1,"a":2}')).toBeUndefined();
    expect(canonicalizeText('{"a":1e999}')).toBeUndefined();
    expect(canonicalizeText('{"a":NaN}')).toBeUndefined();
    expect(canonicalizeText('['.repeat(600) + ']'.repeat(600))).toBeUndefined();
    // Integers keep every digit (Python's int), even past 2^53.
    expect(canonicalizeText('{"n": 123456789012345678901234567890}')).toBe(
      '{"n":123456789012345678901234567890}',
    );
  });
  it('never hangs or accepts on out-of-range integers and unterminated text', () => {
    expect(checkLine(`{"a":${'1'.repeat(400)}}`).ok).toBe(false);
    expect(isCanonicalText('"x')).toBe(false);
  });
  it('gives the spans of top-level members', () => {
    const text = '{"a":{"x":[1,2]},"b":"s"}';
    const r = scanCanonical(text);
    expect(r.ok && r.members && text.slice(...r.members.get('a')!)).toBe('{"x":[1,2]}');
  });
});

describe('trace rules', () => {
  it('the clean run is accepted with no findings', async () => {
    const r = copyClean();
    expect(await check(r)).toMatchObject({ codes: [], state: 'accepted' });
  });

  it('a missing event is reported at the line after the gap, once', async () => {
    const r = copyClean();
    const lines = r.lines();
    lines.splice(6, 1); // event idx 5
    r.setLines(lines);
    reseal(r);
    const { findings } = await check(r);
    const idx = findings.filter((f) => f.code === 'trace.idx_out_of_order');
    expect(idx).toHaveLength(1);
    expect(idx[0]!.location?.line).toBe(7);
    expect(idx[0]!.message).toMatch(/has idx 6, where idx 5 comes next/);
    expect(idx[0]!.invariant_id).toBe('INV-SCH-001');
  });

  it('an injected event with a wild idx flags the injected line and the next one only', async () => {
    const r = copyClean();
    const lines = r.lines();
    const e = JSON.parse(lines[3]!);
    e.event.idx = 999;
    lines.splice(4, 0, JSON.stringify({ event: e.event, record: 'trace_event' }));
    r.setLines(lines);
    const { findings } = await check(r);
    const lineNos = findings
      .filter((f) => f.code.startsWith('trace.idx_'))
      .map((f) => f.location?.line);
    expect(lineNos).toEqual([5, 6]);
  });

  it('markers must match evidence supports one to one, and the message names claim, evidence and bytes', async () => {
    const r = copyClean();
    const lines = r.lines();
    const i = lines.findIndex((l) => l.includes('"claim_emitted"'));
    const rec = JSON.parse(lines[i]!);
    const s = rec.event.claim.supports[0];
    rec.event.claim.statement = rec.event.claim.statement.replace(
      `:${s.snippet_sha256}]`,
      `:${'a'.repeat(64)}]`,
    );
    lines[i] = JSON.stringify(rec);
    r.setLines(lines);
    reseal(r);
    const { codes, findings } = await check(r);
    expect(codes).toEqual([
      'trace.content_id_mismatch',
      'trace.marker_missing',
      'trace.marker_unmatched',
    ]);
    const missing = findings.find((f) => f.code === 'trace.marker_missing')!;
    expect(missing.message).toContain(shortId(rec.event.claim.id));
    expect(missing.message).toContain(s.ref_id); // whole, in the marker to write
    expect(missing.message).toContain(`[${s.span[0]}, ${s.span[1]})`);
    expect(missing.location?.line).toBe(i + 1);
    expect(missing.invariant_id).toBe('INV-GRD-001');
  });

  it('min_supports: the option and the run’s own policy, the stricter wins', async () => {
    const r = copyClean();
    expect((await check(r, { min_supports: 1 })).codes).toEqual([]);
    const three = await check(r, { min_supports: 3 });
    expect(three.codes).toEqual(['trace.supports_too_few']);
    expect(three.findings.every((f) => f.invariant_id === 'INV-GRD-002')).toBe(true);
    // The run's metadata asks for 2; with option 0, 2 still applies: a 1-support claim fails.
    const lines = r.lines();
    const h = JSON.parse(lines[0]!);
    h.metadata.reasoning_policy.min_supports_per_claim = 4;
    lines[0] = JSON.stringify(
      Object.fromEntries(Object.entries(h).sort(([a], [b]) => (a < b ? -1 : 1))),
    );
    r.setLines(lines);
    reseal(r);
    const four = await check(r, { min_supports: 0 });
    expect(four.codes).toContain('trace.supports_too_few');
    expect(four.findings.find((f) => f.code === 'trace.supports_too_few')!.message).toMatch(
      /at least 4 are required by the run’s recorded policy \(metadata\.reasoning_policy\.min_supports_per_claim = 4\)/,
    );
  });

  it('the run’s recorded policy is the default; the gate’s floor only raises it, and the message says which applied', async () => {
    const r = copyClean();
    const lines = r.lines();
    const h = JSON.parse(lines[0]!);
    h.metadata.reasoning_policy.min_supports_per_claim = 1;
    lines[0] = JSON.stringify(h);
    // One claim now rests on a single support: fine under the run's policy of 1.
    const i = lines.findIndex((l) => l.includes('"claim_emitted"'));
    const rec = JSON.parse(lines[i]!);
    const [keep, drop] = rec.event.claim.supports;
    rec.event.claim.supports = [keep];
    const mark = (s: any) =>
      ` [evidence:${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}]`;
    rec.event.claim.statement = rec.event.claim.statement.replace(mark(drop), '');
    lines[i] = JSON.stringify(rec);
    r.setLines(lines);
    reseal(r);
    const none = (await check(r)).codes.filter((c) => c.startsWith('trace.supports'));
    expect(none).toEqual([]);
    const floor = await check(r, { min_supports: 2 });
    const f = floor.findings.find((x) => x.code === 'trace.supports_too_few')!;
    expect(f.message).toMatch(
      /at least 2 are required by the gate’s floor \(packs\.trace\.min_supports or --min-supports = 2\), above the run’s recorded policy \(metadata\.reasoning_policy\.min_supports_per_claim = 1\)/,
    );
  });

  it('evidence tampering names the claims that cite the changed bytes', async () => {
    const r = copyClean();
    const ev = r.events().find((e) => e.kind === 'evidence_registered')!.evidence;
    fs.writeFileSync(r.file(ev.content_path), 'x');
    const { findings } = await check(r);
    const f = findings.find((x) => x.code === 'trace.evidence_hash_mismatch')!;
    expect(f.message).toContain(shortId(ev.id));
    expect(f.message).toMatch(/claim\(s\) citing it: "claim_v1_[0-9a-f]{12}…"/);
    expect(f.related?.[0]?.path).toContain(ev.content_path);
    expect(f.remediation).toMatch(/Restore the evidence file/);
  });

  it('the plan id is checked on the content whatever the formatting of plan.json', async () => {
    const r = copyClean();
    const plan = JSON.parse(fs.readFileSync(r.file('plan.json'), 'utf8'));
    // Re-indented, same content: the id still matches.
    fs.writeFileSync(r.file('plan.json'), JSON.stringify(plan, null, 2) + '\n');
    reseal(r);
    expect((await check(r)).codes).toEqual([]);
    // Re-indented and edited: the content no longer hashes to the id.
    plan.problem = `${String(plan.problem)} (edited)`;
    fs.writeFileSync(r.file('plan.json'), JSON.stringify(plan, null, 2) + '\n');
    reseal(r);
    expect((await check(r)).codes).toEqual(['trace.content_id_mismatch']);
    // A number no producer could write back cannot be canonicalized: reported, not skipped.
    plan.nodes[0].parameters = { big: 123456789 };
    const text = JSON.stringify(plan, null, 2).replace('123456789', `1${'0'.repeat(400)}`);
    fs.writeFileSync(r.file('plan.json'), text + '\n');
    reseal(r);
    const { findings } = await check(r);
    expect(findings.map((x) => x.code)).toEqual(['trace.plan_invalid']);
    expect(findings[0]!.message).toMatch(/cannot be put in canonical form/);
  });

  it('evidence past the whole-read size is hashed whole and its cited spans read by range', async () => {
    const r = copyClean();
    const claims = r.events().filter((e) => e.kind === 'claim_emitted');
    const cited = claims.flatMap((c) => c.claim.supports ?? []).find((s) => s.kind === 'evidence');
    const ev = r
      .events()
      .find((e) => e.kind === 'evidence_registered' && e.evidence.id === cited.ref_id)!.evidence;
    const file = r.file(ev.content_path);
    // Growing the file past 4 MiB keeps the cited bytes: only the whole-file hashes change.
    fs.appendFileSync(file, Buffer.alloc(5 * 1024 * 1024, 0x20));
    expect((await check(r)).codes).toEqual([
      'trace.evidence_hash_mismatch',
      'trace.manifest_hash_mismatch',
    ]);
    // A changed byte inside the cited span is caught on the range read too.
    const bytes = fs.readFileSync(file);
    const at = cited.span[0] as number;
    bytes[at] = bytes[at]! ^ 0x01;
    fs.writeFileSync(file, bytes);
    expect((await check(r)).codes).toEqual([
      'trace.evidence_hash_mismatch',
      'trace.manifest_hash_mismatch',
      'trace.snippet_hash_mismatch',
    ]);
  });

  it('a symlink loop or a FIFO in place of evidence or trace never hangs and is a finding', async () => {
    const r = copyClean();
    const ev = r.events().find((e) => e.kind === 'evidence_registered')!.evidence;
    fs.rmSync(r.file(ev.content_path));
    fs.symlinkSync(path.basename(ev.content_path), r.file(ev.content_path)); // points at itself
    fs.rmSync(r.file('trace.jsonl'));
    execFileSync('mkfifo', [r.file('trace.jsonl')]);
    const { codes } = await check(r);
    expect(codes).toEqual(expect.arrayContaining(['trace.file_unreadable']));
    expect(codes).not.toContain('gate.internal_error');
  });

  it('a FIFO in place of an evidence file is unreadable, not read', async () => {
    const r = copyClean();
    const ev = r.events().find((e) => e.kind === 'evidence_registered')!.evidence;
    fs.rmSync(r.file(ev.content_path));
    execFileSync('mkfifo', [r.file(ev.content_path)]);
    const { codes } = await check(r);
    expect(codes).toContain('trace.evidence_unreadable');
  });

  it('claim and tool_call supports are checked against the bytes they cite', async () => {
    // A tool_call support selects the canonical JSON of the tool's result; a claim support the
    // cited claim's statement. Forged hashes, a changed result and a span past the end all fail.
    const r = copyClean();
    const lines = r.lines();
    const at = (pred: (e: any) => boolean) =>
      lines.findIndex((l, i) => i > 0 && pred(JSON.parse(l).event));
    const put = (i: number, event: unknown) => {
      lines[i] = JSON.stringify({ event, record: 'trace_event' });
    };
    const toolClaim = at(
      (e) => e.kind === 'claim_emitted' && e.claim.supports[0].kind === 'tool_call',
    );
    const claimClaim = at(
      (e) => e.kind === 'claim_emitted' && e.claim.supports[0].kind === 'claim',
    );
    const tc = JSON.parse(lines[toolClaim]!).event;
    const callId = tc.claim.supports[0].ref_id;
    const result = at((e) => e.kind === 'tool_returned' && e.result.call_id === callId);
    const res = JSON.parse(lines[result]!).event;
    expect(sha(JSON.stringify(res.result.result))).toBe(tc.claim.supports[0].snippet_sha256);
    res.result.result = { value: 130 };
    put(result, res);
    const cc = JSON.parse(lines[claimClaim]!).event;
    cc.claim.supports[0].span = [0, 999999];
    put(claimClaim, cc);
    r.setLines(lines);
    reseal(r);
    const { findings } = await check(r);
    const mismatch = findings.filter((f) => f.code === 'trace.snippet_hash_mismatch');
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]!.location?.line).toBe(toolClaim + 1);
    expect(mismatch[0]!.message).toContain(`tool call "${callId}"`);
    expect(mismatch[0]!.message).toContain('{\\"value\\":130}');
    const oob = findings.filter((f) => f.code === 'trace.span_out_of_bounds');
    expect(oob).toHaveLength(1);
    expect(oob[0]!.location?.line).toBe(claimClaim + 1);
    expect(oob[0]!.message).toMatch(
      /cites bytes \[0, 999999\) of claim "claim_v1_[0-9a-f]{12}…", but its statement has only \d+ bytes/,
    );
  });

  it('claims after their step or after finalize, and steps before their dependencies, are rejected', async () => {
    const r = copyClean();
    const lines = r.lines();
    const events = r.events();
    const claimAt = events.findIndex((e) => e.kind === 'claim_emitted') + 1;
    const claimLine = lines[claimAt]!;
    lines.splice(claimAt, 1);
    lines.push(claimLine); // after finalize, in the (finished) derive step
    r.setLines(lines);
    reseal(r);
    const late = await check(r);
    const f = late.findings.filter((x) => x.code === 'trace.claim_after_step');
    expect(f).toHaveLength(1);
    expect(f[0]!.message).toMatch(
      /in step "node_v1_[0-9a-f]+", which already finished on line \d+/,
    );
    expect(f[0]!.invariant_id).toBe('INV-ORD-001');

    const r2 = copyClean();
    const l2 = r2.lines();
    const ev2 = r2.events();
    const verify = ev2.find(
      (e) => e.kind === 'step_finished' && e.output.kind === 'verify',
    )!.step_id;
    const moved = l2.filter((l, i) => i > 0 && JSON.parse(l).event.step_id === verify);
    const rest = l2.filter((l, i) => i === 0 || JSON.parse(l).event.step_id !== verify);
    const deriveStart = rest.findIndex(
      (l, i) =>
        i > 0 &&
        JSON.parse(l).event.kind === 'step_started' &&
        JSON.parse(l).event.step_id ===
          ev2.find((e) => e.kind === 'step_finished' && e.output.kind === 'derive')!.step_id,
    );
    rest.splice(deriveStart, 0, ...moved);
    r2.setLines(rest);
    reseal(r2);
    const early = await check(r2);
    const g = early.findings.filter((x) => x.code === 'trace.step_before_dependency');
    expect(g).toHaveLength(1);
    expect(g[0]!.message).toContain(`Step "${verify}" is started on line ${deriveStart + 1}`);
  });

  it('findings per code are capped, with one closing finding counting the rest', async () => {
    const r = copyClean();
    const lines = r.lines();
    for (let i = 0; i < MAX_PER_CODE + 30; i++) lines.push(`garbage ${i}`);
    r.setLines(lines);
    const { findings } = await check(r);
    const malformed = findings.filter((f) => f.code === 'trace.line_malformed');
    expect(malformed).toHaveLength(MAX_PER_CODE + 1);
    expect(malformed.at(-1)!.message).toMatch(/^30 more place\(s\)/);
  });

  it('a run directory with nothing in it reports every missing core file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-empty-'));
    made.push(root);
    const dir = path.join(root, 'artifacts/runs/run_x');
    fs.mkdirSync(dir, { recursive: true });
    const res = await check({ root, dir } as Run);
    expect(res.codes).toEqual(['trace.run_file_missing']);
    expect(res.findings).toHaveLength(7);
  });
});

describe('audit-gate trace', () => {
  it('exit 0 with text for the clean run, 1 for a tampered one, 2 for bad arguments', async () => {
    const ok = await cli(
      ['trace', path.join(CLEAN, 'artifacts/runs'), '--root', CLEAN],
      process.cwd(),
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/VERIFIED/);
    const bad = path.resolve('conformance/trace/evidence-deleted/input');
    const res = await cli(['trace', bad, '--root', bad], process.cwd());
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/trace\.evidence_missing/);
    expect((await cli(['trace'], process.cwd())).code).toBe(2);
    expect((await cli(['trace', CLEAN, '--format', 'xml'], process.cwd())).code).toBe(2);
    expect((await cli(['trace', CLEAN, '--min-supports', 'two'], process.cwd())).code).toBe(2);
    expect((await cli(['trace', '/nonexistent-dir'], process.cwd())).code).toBe(2);
  });

  it('trace --assurance submission pins enforcement: the checkout’s config can no longer waive a finding', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-pin-'));
    made.push(root);
    fs.cpSync(path.resolve('conformance/trace/evidence-deleted/input'), root, { recursive: true });
    const waiver = {
      code: 'trace.evidence_missing',
      subject: '**',
      reason: 'a pull request waives its own failure',
    };
    fs.writeFileSync(path.join(root, '.audit-gate.json'), JSON.stringify({ waivers: [waiver] }));
    const unpinned = await cli(['trace', root, '--root', root], process.cwd());
    expect(unpinned.stdout).toMatch(/waived/);
    const pinned = await cli(
      ['trace', root, '--root', root, '--assurance', 'submission'],
      process.cwd(),
    );
    expect(pinned.code).toBe(1);
    expect(pinned.stdout).toMatch(/trace\.evidence_missing/);
    expect(pinned.stdout).toMatch(/gate\.config_key_ignored/);
    expect((await cli(['trace', root, '--assurance', 'draft'], process.cwd())).code).toBe(2);
  });

  it('--format verification-report writes the producer’s report shape, and ours beside it with --out', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trace-out-')), 'report.json');
    made.push(path.dirname(out));
    const bad = path.resolve('conformance/trace/snippet-hash-zeroed/input');
    const res = await cli(
      ['trace', bad, '--root', bad, '--format', 'verification-report', '--out', out],
      process.cwd(),
    );
    expect(res.code).toBe(1);
    const vr = schemas().VerificationReport.parse(JSON.parse(res.stdout));
    expect(vr.id).toMatch(/^verify_v1_[0-9a-f]{64}$/);
    expect(vr.trace_id).toMatch(/^trace_v1_/);
    expect(vr.checks.find((c) => c.name === 'support_spans')).toMatchObject({ passed: false });
    expect(vr.checks.find((c) => c.name === 'tool_linkage')).toMatchObject({ passed: true });
    expect(vr.failures).toEqual([
      expect.objectContaining({
        severity: 'error',
        invariant_id: 'INV-EVD-001',
        message: expect.stringMatching(
          /^trace\.snippet_hash_mismatch at .*trace\.jsonl:\d+: Claim "claim_v1_/,
        ),
      }),
    ]);
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).findings[0].code).toBe(
      'trace.snippet_hash_mismatch',
    );
    expect(
      JSON.parse(fs.readFileSync(out.replace(/\.json$/, '.verification-report.json'), 'utf8')),
    ).toEqual(JSON.parse(res.stdout));
  });

  it('--min-supports overrides the default', async () => {
    const res = await cli(
      ['trace', CLEAN, '--root', CLEAN, '--min-supports', '3', '--format', 'json'],
      process.cwd(),
    );
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout).findings.map((f: Finding) => f.code)).toContain(
      'trace.supports_too_few',
    );
  });

  it('--require-retrieval fails a run that retrieved nothing, and passes one that did', async () => {
    const codes = async (dir: string, ...flags: string[]) => {
      const res = await cli(
        ['trace', dir, '--root', dir, '--format', 'json', ...flags],
        process.cwd(),
      );
      return [res.code, JSON.parse(res.stdout).findings.map((f: Finding) => f.code)];
    };
    expect(await codes(CLEAN)).toEqual([0, []]);
    expect(await codes(CLEAN, '--require-retrieval')).toEqual([1, ['trace.retrieval_missing']]);
    const real = 'conformance/trace/real-bridges-four/input';
    expect(await codes(real, '--require-retrieval')).toEqual([0, []]);
  });

  it('--require-reasoning fails a run whose derived claims carry no reasoning record, and passes a real one', async () => {
    const codes = async (dir: string, ...flags: string[]) => {
      const res = await cli(
        ['trace', dir, '--root', dir, '--format', 'json', ...flags],
        process.cwd(),
      );
      return [res.code, [...new Set(JSON.parse(res.stdout).findings.map((f: Finding) => f.code))]];
    };
    const stripped = 'conformance/trace/mut-reasoning-stripped/input';
    expect(await codes(stripped)).toEqual([0, []]);
    expect(await codes(stripped, '--require-reasoning')).toEqual([
      1,
      ['trace.reasoning_trace_mismatch'],
    ]);
    // A synthetic run is another tool's: no record, and chunks that do not start their documents.
    expect(await codes(CLEAN, '--require-reasoning')).toEqual([
      1,
      ['trace.reasoning_trace_mismatch', 'trace.producer_spans_rejected'],
    ]);
    const real = 'conformance/trace/real-bridges-four/input';
    expect(await codes(real, '--require-reasoning')).toEqual([0, []]);
  });

  it('verify discovers runs beside paper audits', async () => {
    const res = await cli(['verify', '--root', 'examples/repo', '--format', 'json'], process.cwd());
    const report = JSON.parse(res.stdout);
    const run = report.subjects.find((s: { kind: string }) => s.kind === 'run');
    expect(run).toMatchObject({ pack: 'trace', status: 'VERIFIED', outcome: 'pass' });
    expect(report.subjects.some((s: { kind: string }) => s.kind === 'audit')).toBe(true);
  });

  it('verify finds real runs where the producer puts them: artifacts/bijux-canon-reason/runs and eval/<suite>/case_N/runs', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-real-'));
    made.push(root);
    for (const name of ['real-default-corpus', 'real-eval-small-case-001'])
      fs.cpSync(path.resolve('conformance/trace', name, 'input'), root, { recursive: true });
    fs.mkdirSync(path.join(root, '.git'));
    fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
    const res = await cli(['verify', '--root', root, '--format', 'json'], root);
    const runs = JSON.parse(res.stdout).subjects.filter((s: { kind: string }) => s.kind === 'run');
    expect(
      runs
        .map((s: { path: string; status: string }) => [
          s.path.replace(/run_v1_\w+$/, 'run'),
          s.status,
        ])
        .sort(),
    ).toEqual([
      ['artifacts/bijux-canon-reason/runs/run', 'VERIFIED'],
      ['eval/small/case_001/runs/run', 'VERIFIED'],
    ]);
    expect(res.code).toBe(0);
  });
});
