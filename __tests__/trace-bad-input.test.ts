// Bad input never crashes the trace pack: each becomes findings with a code and a location.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isUtf8 } from 'node:buffer';
import { streamLines, streamText } from '../src/packs/kit/index.js';
import { verify } from '../src/pipeline/verify.js';
import { CLEAN_RUN_ROOT, cleanTraceLines } from './support/trace.js';
import type { GateReport } from '../src/model/report.js';

const CLEAN = CLEAN_RUN_ROOT;
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function copyClean(): { root: string; trace: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-bad-'));
  made.push(root);
  fs.cpSync(CLEAN, root, { recursive: true });
  const runs = path.join(root, 'artifacts/runs');
  return { root, trace: path.join(runs, fs.readdirSync(runs)[0]!, 'trace.jsonl') };
}

async function run(root: string): Promise<GateReport> {
  return verify({ root, packs: ['trace'] });
}

function codes(r: GateReport): string[] {
  return [...new Set(r.findings.map((f) => f.code))].sort();
}

const cleanLines = cleanTraceLines;

describe('bad trace.jsonl input yields findings, not crashes', () => {
  const cases: [string, (lines: string[]) => string | Buffer, string][] = [
    ['an empty file', () => '', 'trace.header_invalid'],
    ['only a header', (l) => l[0] + '\n', 'trace.step_required_missing'],
    [
      'a truncated JSON line',
      (l) => [...l.slice(0, 5), l[5]!.slice(0, 40), ...l.slice(6)].join('\n') + '\n',
      'trace.line_malformed',
    ],
    [
      'invalid UTF-8 bytes',
      (l) =>
        Buffer.concat([
          Buffer.from(l.slice(0, 3).join('\n') + '\n'),
          Buffer.from([0xff, 0xfe, 0x80, 0x0a]),
          Buffer.from(l.slice(3).join('\n') + '\n'),
        ]),
      'trace.line_malformed',
    ],
    [
      'a JSON array, a number and null as lines',
      (l) => [l[0], '[1,2]', '42', 'null', ...l.slice(1)].join('\n') + '\n',
      'trace.event_invalid',
    ],
    ['a header that is an event', (l) => l.slice(1).join('\n') + '\n', 'trace.header_invalid'],
    [
      'blank lines between events',
      (l) => [...l.slice(0, 4), '', '', ...l.slice(4)].join('\n') + '\n',
      'trace.line_not_canonical',
    ],
    [
      'a NaN literal',
      (l) => l.map((x) => x.replace(/"confidence":[0-9.]+/, '"confidence":NaN')).join('\n') + '\n',
      'trace.line_malformed',
    ],
    [
      'an Infinity literal',
      (l) => l.map((x) => x.replace(/"score":[0-9.]+/, '"score":Infinity')).join('\n') + '\n',
      'trace.line_malformed',
    ],
    ['CRLF line endings', (l) => l.join('\r\n') + '\r\n', 'trace.line_not_canonical'],
    ['a byte order mark', (l) => '\ufeff' + l.join('\n') + '\n', 'trace.line_malformed'],
    [
      'a line nested 100,000 deep',
      (l) => [...l, '['.repeat(100000) + ']'.repeat(100000)].join('\n') + '\n',
      'trace.line_malformed',
    ],
    [
      'a __proto__ key',
      (l) =>
        [...l, '{"__proto__":{"polluted":true},"event":{},"record":"trace_event"}'].join('\n') +
        '\n',
      'trace.event_invalid',
    ],
  ];
  for (const [name, make, code] of cases) {
    it(name, async () => {
      const { root, trace } = copyClean();
      fs.writeFileSync(trace, make(cleanLines()));
      const report = await run(root);
      expect(codes(report)).toContain(code);
      expect(codes(report)).not.toContain('gate.internal_error');
      expect(report.exit_code).toBe(1);
      for (const f of report.findings.filter((x) => x.code === code))
        expect(f.location?.path).toMatch(/artifacts\/runs\/run_v1_\w+\//);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it('a 500 MB trace (one 500 MB line of NUL bytes, sparse) is streamed: line_too_long, no crash', async () => {
    const { root, trace } = copyClean();
    const lines = cleanLines();
    fs.writeFileSync(trace, lines.join('\n') + '\n');
    const fd = fs.openSync(trace, 'r+');
    fs.ftruncateSync(fd, fs.fstatSync(fd).size + 500 * 1024 * 1024);
    fs.closeSync(fd);
    const report = await run(root);
    const tooLong = report.findings.find((f) => f.code === 'trace.line_too_long');
    expect(tooLong?.location?.line).toBe(lines.length + 1);
    expect(tooLong?.message).toMatch(/is 524288000 bytes long/);
    expect(codes(report)).toEqual([
      'trace.fingerprint_mismatch',
      'trace.line_too_long',
      'trace.manifest_hash_mismatch',
    ]);
    expect(codes(report)).not.toContain('gate.internal_error');
  }, 60000);

  it('a trace that is 20 MB of junk lines is reported with capped findings', async () => {
    const { root, trace } = copyClean();
    const junk = 'x'.repeat(199) + '\n';
    fs.writeFileSync(trace, cleanLines().join('\n') + '\n' + junk.repeat(100000));
    const report = await run(root);
    const malformed = report.findings.filter((f) => f.code === 'trace.line_malformed');
    expect(malformed.length).toBeLessThanOrEqual(51);
    expect(malformed.at(-1)?.message).toMatch(/^99950 more place\(s\)/);
  }, 60000);
});

describe('discovery cannot drop a run', () => {
  it('finds committed runs a .gitignore names, and symlinked runs', async () => {
    const { root, trace } = copyClean();
    const runs = path.join(root, 'artifacts/runs');
    const id = path.basename(path.dirname(trace));
    const git = (...args: string[]) =>
      expect(spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stderr).toBe('');
    git('init', '-q');
    git('add', '-f', 'artifacts');
    // Ignored, but tracked: git itself never ignores a tracked file, nor does discovery.
    fs.writeFileSync(path.join(runs, '.gitignore'), `${id}/\n`);
    expect((await run(root)).targets.map((t) => t.path)).toEqual([`artifacts/runs/${id}`]);
    fs.rmSync(path.join(runs, '.gitignore'));
    fs.writeFileSync(path.join(runs, id, '.gitignore'), '*\n');
    const inner = await run(root);
    expect(inner.targets).toHaveLength(1);
    expect(codes(inner)).toContain('trace.layout_unexpected');
    fs.rmSync(path.join(runs, id, '.gitignore'));

    // A symlink in runs/ to a run kept elsewhere is read through the link.
    fs.renameSync(path.join(runs, id), path.join(root, id));
    fs.symlinkSync(path.join(root, id), path.join(runs, id));
    fs.symlinkSync(path.join(root, 'no-such-run'), path.join(runs, 'dangling'));
    const linked = await run(root);
    // The run is found where it now lies (a run-id name marks it anywhere), and checked once.
    expect(linked.targets.map((t) => [t.path, t.terminal_state])).toEqual([[id, 'accepted']]);
  });
});

describe('a real run’s corpus', () => {
  it('is read once: a line the producer refuses is one finding, not one per check that reads it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-corpus-'));
    made.push(root);
    fs.cpSync('conformance/trace/real-bridges-four/input', root, { recursive: true });
    const runs = path.join(root, 'artifacts/bijux-canon-reason/runs');
    const corpus = path.join(runs, fs.readdirSync(runs)[0]!, 'provenance/corpus.jsonl');
    fs.appendFileSync(corpus, '{"doc_id": 5}\n');
    const lines = (await run(root)).findings.filter((f) =>
      f.message.startsWith('Line 5 of provenance/corpus.jsonl'),
    );
    expect(lines.map((f) => f.code)).toEqual(['trace.chunks_invalid']);
  });
});

describe('discovery cannot be dodged by moving or renaming a run', () => {
  const states = async (root: string) =>
    (await run(root)).targets.map((t) => [t.path, t.terminal_state]);

  it('finds a run whose runs/ folder was renamed, or which was moved a level down', async () => {
    const { root, trace } = copyClean();
    const id = path.basename(path.dirname(trace));
    expect(id).toMatch(/^run_v1_[0-9a-f]{64}$/);
    for (const renamed of ['Runs', 'runs ', 'runѕ' /* Cyrillic s */]) {
      fs.renameSync(path.join(root, 'artifacts/runs'), path.join(root, 'artifacts', renamed));
      expect(await states(root)).toEqual([[`artifacts/${renamed}/${id}`, 'accepted']]);
      fs.renameSync(path.join(root, 'artifacts', renamed), path.join(root, 'artifacts/runs'));
    }
    fs.mkdirSync(path.join(root, 'artifacts/runs/old'));
    fs.renameSync(path.join(root, 'artifacts/runs', id), path.join(root, 'artifacts/runs/old', id));
    expect(await states(root)).toEqual([[`artifacts/runs/old/${id}`, 'accepted']]);
  });

  it('finds a renamed run by its markers, and one whose markers were replaced', async () => {
    const { root, trace } = copyClean();
    const id = path.basename(path.dirname(trace));
    fs.renameSync(path.join(root, 'artifacts/runs', id), path.join(root, 'artifacts/runs/latest'));
    fs.renameSync(path.join(root, 'artifacts/runs'), path.join(root, 'artifacts/out'));
    // Found, and failed: the producer names a run's directory after its run id.
    expect(await states(root)).toEqual([['artifacts/out/latest', 'rejected']]);

    // Under runs/, a marker replaced by a directory or a symlink still marks the run, and fails.
    const dir = path.join(root, 'artifacts/runs/latest');
    fs.mkdirSync(path.join(root, 'artifacts/runs'));
    fs.renameSync(path.join(root, 'artifacts/out/latest'), dir);
    fs.rmSync(path.join(dir, 'trace.jsonl'));
    fs.rmSync(path.join(dir, 'run_meta.json'));
    fs.rmSync(path.join(dir, 'fingerprint.txt'));
    fs.mkdirSync(path.join(dir, 'trace.jsonl'));
    expect(await states(root)).toEqual([['artifacts/runs/latest', 'rejected']]);
    fs.rmdirSync(path.join(dir, 'trace.jsonl'));
    fs.symlinkSync('/etc/passwd', path.join(dir, 'run_meta.json'));
    expect(await states(root)).toEqual([['artifacts/runs/latest', 'rejected']]);
  });

  it('finds a run kept with one marker deeper below runs/, or beside another file of a run', async () => {
    const { root, trace } = copyClean();
    const run = path.dirname(trace);
    for (const f of ['run_meta.json', 'fingerprint.txt']) fs.rmSync(path.join(run, f));
    const deep = path.join(root, 'artifacts/runs/cache/snapshot');
    fs.mkdirSync(path.dirname(deep), { recursive: true });
    fs.renameSync(run, deep);
    expect(await states(root)).toEqual([['artifacts/runs/cache/snapshot', 'rejected']]);
    // Out of runs/ altogether: its trace beside its plan still marks it.
    fs.renameSync(deep, path.join(root, 'snapshot'));
    expect(await states(root)).toEqual([['snapshot', 'rejected']]);
    // Back under runs/ with no marker at all: its plan and manifest still make it a run.
    fs.rmSync(path.join(root, 'snapshot', 'trace.jsonl'));
    fs.renameSync(path.join(root, 'snapshot'), path.join(root, 'artifacts/runs/latest'));
    expect(await states(root)).toEqual([['artifacts/runs/latest', 'rejected']]);
  });
});

describe('streamLines', () => {
  // The reference: split the whole file at \n, then judge each line alone.
  function reference(bytes: Buffer, maxLine: number): string[] {
    const out: string[] = [];
    let start = 0;
    let no = 0;
    while (start < bytes.length) {
      const nl = bytes.indexOf(0x0a, start);
      const final = nl < 0;
      const line = bytes.subarray(start, final ? bytes.length : nl);
      no++;
      if (line.length > maxLine) out.push(`${no} too_long ${line.length}`);
      else {
        const crlf = !final && line[line.length - 1] === 0x0d;
        const body = crlf ? line.subarray(0, -1) : line;
        out.push(
          isUtf8(body)
            ? `${no} text ${crlf} ${final} ${body.toString('utf8')} ${body.toString('hex').length}`
            : `${no} invalid_utf8`,
        );
      }
      start = final ? bytes.length : nl + 1;
    }
    return out;
  }

  it('matches a whole-file split across read boundaries, for every kind of line', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pieces = ['{"a":1}', 'é“x”', '\r', 'plain ascii', '\u{1F600}', ''];
    const parts: Buffer[] = [];
    let total = 0;
    // Mostly valid reads (decoded whole), some ASCII-only, a few invalid lines (split line by line).
    for (let n = 0; total < 6 * 1024 * 1024; n++) {
      const kind = rnd(400);
      let line: Buffer;
      if (kind < 4)
        line = Buffer.alloc(700_000 + rnd(900_000), 0x61); // spans reads
      else if (kind === 4)
        line = Buffer.from([0x61, rnd(2) ? 0xc3 : 0xff]); // invalid UTF-8
      else {
        const ps: string[] = [];
        const ascii = total > 2 * 1024 * 1024 && total < 4 * 1024 * 1024;
        for (let i = rnd(40); i > 0; i--) ps.push(pieces[rnd(pieces.length)]!);
        line = Buffer.from(ascii ? ps.join('').replace(/[^\x00-\x7f]/g, 'x') : ps.join(''));
      }
      parts.push(line, Buffer.from(rnd(20) === 0 ? '\r\n' : '\n'));
      total += line.length + 1;
    }
    parts.push(Buffer.from('last line without newline é'));
    const bytes = Buffer.concat(parts);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-lines-'));
    made.push(dir);
    const file = path.join(dir, 'trace.jsonl');
    fs.writeFileSync(file, bytes);
    for (const maxLine of [1_000_000, 64 * 1024 * 1024]) {
      const got: string[] = [];
      const outcome = streamLines(
        file,
        (l) =>
          got.push(
            l.kind === 'text'
              ? `${l.no} text ${l.crlf} ${l.final} ${l.text} ${l.bytes.toString('hex').length}`
              : l.kind === 'too_long'
                ? `${l.no} too_long ${l.bytes}`
                : `${l.no} invalid_utf8`,
          ),
        maxLine,
      );
      const want = reference(bytes, maxLine);
      expect(got.length).toBe(want.length);
      expect(got.findIndex((g, i) => g !== want[i])).toBe(-1);
      expect(outcome).toMatchObject({
        ok: true,
        summary: { size: bytes.length, lines: want.length, endsWithNewline: false },
      });
      expect(outcome.ok && outcome.summary.sha256).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
      // streamText: the same lines and summary, without bytes or a hash.
      const text: string[] = [];
      let withBytes = 0;
      const plain = streamText(
        file,
        (l) => {
          if (l.kind === 'text' && l.bytes.length > 0) withBytes++;
          text.push(
            l.kind === 'text'
              ? `${l.no} text ${l.crlf} ${l.final} ${l.text}`
              : l.kind === 'too_long'
                ? `${l.no} too_long ${l.bytes}`
                : `${l.no} invalid_utf8`,
          );
        },
        maxLine,
      );
      expect(withBytes).toBe(0);
      const wantText = want.map((w) => (/^\d+ text /.test(w) ? w.replace(/ \d+$/, '') : w));
      expect(text.findIndex((g, i) => g !== wantText[i])).toBe(-1);
      expect(text.length).toBe(wantText.length);
      expect(plain).toEqual({
        ok: true,
        summary: { size: bytes.length, lines: want.length, endsWithNewline: false },
      });
    }
  });
});
