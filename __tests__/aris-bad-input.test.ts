// Every bad input yields a finding with a stable code and a location: never a crash, a hang
// or a green check.
import fs from 'node:fs';
import path from 'node:path';
import { writeArtifact, writePaper, write } from '../scripts/lib/aris-paper.mjs';
import { verify } from '../src/pipeline/verify.js';
import { renderText } from '../src/render/text.js';
import { quoteValue } from '../src/render/sanitize.js';
import { cli } from './support/cli.js';
import { writePaper as writeRepoPaper } from './support/repo.js';
import { mkfifo, tempRepos } from './support/temp.js';

const repo = tempRepos();

function setup() {
  const root = repo();
  const paper = path.join(root, 'paper');
  const artifacts = writePaper(paper, { assurance: 'submission' });
  const edit = (file: string, change: (a: Record<string, any>) => void) => {
    change(artifacts[file]!);
    writeArtifact(paper, file, artifacts[file]);
  };
  const raw = (file: string, text: string | Buffer) => write(path.join(paper, file), text);
  return { root, paper, edit, raw };
}

async function run(root: string) {
  const report = await verify({ root });
  return {
    report,
    codes: [...new Set(report.findings.map((f) => f.code))].sort(),
    find: (code: string) => report.findings.find((f) => f.code === code)!,
  };
}

const PROOF = 'PROOF_AUDIT.json';

describe('huge artifacts', () => {
  it('an audit citing thousands of missing inputs lists 1,000 and counts the rest, findings and legacy issues alike', async () => {
    const root = repo();
    writeRepoPaper(root, 'paper', { missingInputs: 1500 });
    const report = await verify({ root });
    const mine = report.findings.filter(
      (f) => f.subject === 'aris:paper/PROOF_AUDIT.json' && f.code === 'aris.input_missing',
    );
    expect(mine).toHaveLength(1001);
    expect(mine[1000]!.message).toMatch(
      /^500 more place\(s\) in paper\/PROOF_AUDIT.json have the same problem/,
    );
    expect(mine[1000]!.blocking).toBe(true);
    const legacy = (
      report.extensions!['aris:paper'] as { audits: { audit: string; issues: string[] }[] }
    ).audits.find((a) => a.audit === 'proof-checker')!;
    expect(legacy.issues).toHaveLength(1001);
    expect(legacy.issues[1000]).toBe('more:500');
  });
});

describe('malformed artifacts', () => {
  it.each([
    ['malformed JSON', '{"verdict": "PASS",\n  "summary": }\n', 'aris.artifact_unparseable', 2],
    ['a JSON array', '[{"verdict": "PASS"}]\n', 'aris.artifact_not_object', 1],
    ['a JSON string', '"PASS"\n', 'aris.artifact_not_object', 1],
    ['null', 'null\n', 'aris.artifact_not_object', 1],
    ['a BOM', '\ufeff{"verdict": "PASS"}\n', 'aris.artifact_unparseable', 1],
    [
      'invalid UTF-8',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      'aris.artifact_unparseable',
      1,
    ],
    ['a NaN literal', '{"verdict": "PASS", "score": NaN}\n', 'aris.artifact_unparseable', 1],
    ['an empty file', '', 'aris.artifact_unparseable', 1],
    ['deep nesting', '['.repeat(100000) + ']'.repeat(100000), 'aris.artifact_unparseable', 1],
  ])('%s → the code, with a line', async (_name, text, code, line) => {
    const { root, raw } = setup();
    raw(PROOF, text);
    const { report, codes, find } = await run(root);
    expect(codes).toEqual([code]);
    expect(find(code).location).toEqual({ path: 'paper/PROOF_AUDIT.json', line });
    expect(report.conclusion).toBe('failure');
  });
  it('names the BOM in the message', async () => {
    const { root, raw } = setup();
    raw(PROOF, '\ufeff{}');
    expect((await run(root)).find('aris.artifact_unparseable').message).toMatch(/byte order mark/);
  });
  it('duplicate keys → aris.duplicate_key on the repeated key’s line', async () => {
    const { root, raw } = setup();
    raw(
      PROOF,
      fs
        .readFileSync(path.join(root, 'paper', PROOF), 'utf8')
        .replace('"verdict": "PASS",', '"verdict": "FAIL",\n  "verdict": "PASS",'),
    );
    const { codes, find } = await run(root);
    expect(codes).toEqual(['aris.duplicate_key']);
    expect(find('aris.duplicate_key').location?.line).toBe(4);
  });
  it('a lower-case verdict → aris.invalid_verdict with a hint', async () => {
    const { root, edit } = setup();
    edit(PROOF, (a) => (a.verdict = 'pass'));
    const { codes, find } = await run(root);
    expect(codes).toEqual(['aris.invalid_verdict']);
    expect(find('aris.invalid_verdict').message).toMatch(/upper case: PASS/);
    expect(find('aris.invalid_verdict').location?.line).toBe(3);
  });
  it('wrong types → aris.field_type', async () => {
    const { root, edit } = setup();
    edit(PROOF, (a) => {
      a.summary = { text: 'x' };
      a.verdict = 1;
    });
    const { codes, report } = await run(root);
    expect(codes).toEqual(['aris.field_type']);
    expect(report.findings).toHaveLength(2);
  });
  it('non-string and bad-hex hashes → aris.input_hash_malformed at their lines', async () => {
    const { root, edit } = setup();
    edit(PROOF, (a) => {
      a.audited_input_hashes['main.tex'] = 7;
      a.audited_input_hashes['refs.bib'] = 'sha256:ZZZ';
    });
    const { codes, report } = await run(root);
    expect(codes).toEqual(['aris.input_hash_malformed']);
    expect(report.findings.map((f) => f.location?.line)).toEqual([7, 9]);
  });
  it('an artifact that is a directory, a FIFO or a symlink loop → aris.artifact_unreadable, no hang', async () => {
    const { root, paper } = setup();
    fs.rmSync(path.join(paper, PROOF));
    fs.mkdirSync(path.join(paper, PROOF));
    fs.rmSync(path.join(paper, 'CITATION_AUDIT.json'));
    mkfifo(path.join(paper, 'CITATION_AUDIT.json'));
    fs.rmSync(path.join(paper, 'KILL_ARGUMENT.json'));
    fs.symlinkSync('KILL_ARGUMENT.json', path.join(paper, 'KILL_ARGUMENT.json'));
    const { codes, report } = await run(root);
    expect(codes).toEqual(['aris.artifact_unreadable']);
    expect(report.findings).toHaveLength(3);
  });
  it('an artifact bigger than the limit is refused, not read', async () => {
    const { root, paper } = setup();
    const f = path.join(paper, PROOF);
    fs.truncateSync(f, 65 * 1024 * 1024);
    const { codes } = await run(root);
    expect(codes).toEqual(['aris.artifact_too_large']);
  });
});

describe('inputs and traces', () => {
  it('a 2 GB input file is streamed and found stale', async () => {
    const { root, paper, edit } = setup();
    const big = path.join(paper, 'results/huge.bin');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 2 * 1024 * 1024 * 1024);
    edit(PROOF, (a) => (a.audited_input_hashes['results/huge.bin'] = 'sha256:' + 'a'.repeat(64)));
    const { codes, find } = await run(root);
    expect(codes).toEqual(['aris.input_stale']);
    // sha256 of 2 GiB of zero bytes, as `openssl dgst -sha256` prints it
    expect(find('aris.input_stale').message).toMatch(/recorded aaaaaaaaaaaa…, now a7c744c13cc1…/);
  }, 120000);
  it('a directory cited as an input → aris.input_not_file; a symlink loop → aris.input_unreadable', async () => {
    const { root, paper, edit } = setup();
    fs.symlinkSync('b', path.join(paper, 'a'));
    fs.symlinkSync('a', path.join(paper, 'b'));
    edit(PROOF, (a) => {
      a.audited_input_hashes['sections'] = 'sha256:' + 'a'.repeat(64);
      a.audited_input_hashes['a'] = 'sha256:' + 'a'.repeat(64);
    });
    expect((await run(root)).codes).toEqual(['aris.input_not_file', 'aris.input_unreadable']);
  });
  it('.. and absolute input paths outside the root → aris.input_outside_root, never read', async () => {
    const { root, edit } = setup();
    edit(PROOF, (a) => {
      a.audited_input_hashes['../../../../etc/shadow'] = 'sha256:' + 'a'.repeat(64);
      a.audited_input_hashes['/proc/self/environ'] = 'sha256:' + 'a'.repeat(64);
    });
    const { codes, report } = await run(root);
    expect(codes).toEqual(['aris.input_outside_root']);
    expect(report.findings).toHaveLength(2);
  });
  it('an empty trace_path → aris.missing_field; a FIFO trace_path → aris.trace_unreadable without hanging', async () => {
    const { root, paper, edit } = setup();
    mkfifo(path.join(paper, 'trace.fifo'));
    edit(PROOF, (a) => (a.trace_path = ''));
    edit('CITATION_AUDIT.json', (a) => (a.trace_path = 'trace.fifo'));
    const { codes, find } = await run(root);
    expect(codes).toEqual(['aris.missing_field', 'aris.trace_unreadable']);
    expect(find('aris.trace_unreadable').location?.line).toBe(12);
  });
  it('a symlink-loop trace → aris.trace_unreadable; an escaping one → aris.trace_outside_root', async () => {
    const { root, paper, edit } = setup();
    fs.symlinkSync('t2', path.join(paper, 't1'));
    fs.symlinkSync('t1', path.join(paper, 't2'));
    edit(PROOF, (a) => (a.trace_path = 't1'));
    edit('CITATION_AUDIT.json', (a) => (a.trace_path = '/tmp'));
    expect((await run(root)).codes).toEqual(['aris.trace_outside_root', 'aris.trace_unreadable']);
  });
  it('10,000 inputs in one artifact, one of them changed', async () => {
    const { root, paper, edit } = setup();
    const hashes: Record<string, string> = {};
    for (let i = 0; i < 10000; i++) {
      const rel = `data/f${i}.txt`;
      write(path.join(paper, rel), `row ${i}\n`);
      hashes[rel] = (await import('node:crypto'))
        .createHash('sha256')
        .update(`row ${i}\n`)
        .digest('hex');
    }
    write(path.join(paper, 'data/f9999.txt'), 'changed\n');
    edit(PROOF, (a) => Object.assign(a.audited_input_hashes, hashes));
    edit('CITATION_AUDIT.json', (a) => Object.assign(a.audited_input_hashes, hashes));
    const { report } = await run(root);
    expect(report.findings.map((f) => [f.code, f.details?.['issue']])).toEqual([
      ['aris.input_stale', 'stale:data/f9999.txt'],
      ['aris.input_stale', 'stale:data/f9999.txt'],
    ]);
  }, 60000);
});

describe('hostile strings', () => {
  it('keeps |, quotes, newlines and ANSI escapes exact in JSON, quoted escaped in messages, inert in the terminal', async () => {
    const { root, paper, edit } = setup();
    const evil = 'x|y,"z"\n\u001b[2J\u001b[31mPASS\u001b[0m\u202e';
    write(path.join(paper, evil), 'v\n');
    edit(PROOF, (a) => {
      a.verdict = 'FAIL';
      a.summary = evil;
      a.reason_code = evil;
      a.audited_input_hashes[evil] = 'sha256:' + 'b'.repeat(64);
    });
    const { report } = await run(root);
    const stale = report.findings.find((f) => f.code === 'aris.input_stale')!;
    expect(stale.details?.['issue']).toBe(`stale:${evil}`);
    const text = renderText(report);
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text).toContain('\\u001b[2J');
    const r = await cli(['verify', '--root', root, '--format', 'json'], root);
    expect(r.code).toBe(1);
    // A message quotes the value as a JSON string literal: escaped, and still exact.
    const message: string = JSON.parse(r.stdout).findings.find(
      (f: { code: string }) => f.code === 'aris.verdict_fail',
    ).message;
    expect(message).toContain(quoteValue(evil));
    expect(JSON.parse(quoteValue(evil))).toBe(evil);
  });
});

it('runs as root cannot be denied reads, so an unreadable file is exercised only for other users', async () => {
  if (process.getuid?.() === 0) return expect(true).toBe(true);
  const { root, paper } = setup();
  fs.chmodSync(path.join(paper, PROOF), 0o000);
  expect((await run(root)).codes).toEqual(['aris.artifact_unreadable']);
});

describe('assurance.txt that cannot be trusted fails closed', () => {
  it('a symlink out of the workspace or a FIFO is aris.assurance_invalid, checked at submission', async () => {
    const { root, paper } = setup();
    fs.rmSync(path.join(paper, '.aris/assurance.txt'));
    fs.symlinkSync('/etc/hostname', path.join(paper, '.aris/assurance.txt'));
    const r = await run(root);
    expect(r.codes).toEqual(['aris.assurance_invalid']);
    expect(r.report.targets[0]!.context.assurance).toBe('submission');
    fs.rmSync(path.join(paper, '.aris/assurance.txt'));
    mkfifo(path.join(paper, '.aris/assurance.txt'));
    expect((await run(root)).codes).toEqual(['aris.assurance_invalid']);
    const cliRun = await cli(['aris', paper], root);
    expect(cliRun.code).toBe(2);
    expect(cliRun.stderr).toMatch(/invalid assurance/);
  });
  it('an artifact that is a symlink out of the workspace is not read', async () => {
    const { root, paper } = setup();
    fs.rmSync(path.join(paper, PROOF));
    fs.symlinkSync('/etc/hostname', path.join(paper, PROOF));
    const r = await run(root);
    expect(r.codes).toEqual(['aris.artifact_unreadable']);
    expect(r.find('aris.artifact_unreadable').details?.['issue']).toBe(
      'schema_invalid:outside_root',
    );
  });
});

it('aris refuses to write its default report through a symlinked .aris that leads outside the root', async () => {
  const { root, paper } = setup();
  const outside = repo();
  fs.writeFileSync(path.join(outside, 'audit-verifier-report.json'), 'PRECIOUS');
  fs.rmSync(path.join(paper, '.aris'), { recursive: true });
  fs.symlinkSync(outside, path.join(paper, '.aris'));
  const r = await cli(['aris', paper, '--assurance', 'submission'], root);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/refusing to write the report/);
  expect(fs.readFileSync(path.join(outside, 'audit-verifier-report.json'), 'utf8')).toBe(
    'PRECIOUS',
  );
});
