// What a hostile pull request tried against the trace pack (a review's findings, each replayed):
// reading the checkout's git directory through a run, and traces built to make a check quadratic.
import { jest } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '../src/pipeline/verify.js';
import { supportPolicy } from '../src/packs/trace/checks/support-policy.js';
import { pythonInt } from '../src/packs/trace/producer/python-int.js';
import { occurrences } from '../src/packs/trace/checks/claims.js';
// @ts-expect-error plain JavaScript module without types
import { canonical, sha256 } from '../scripts/build-trace-fixtures.mjs';
import { CLEAN_RUN_ROOT } from './support/trace.js';
import type { GateReport } from '../src/model/report.js';

const SECRET = 'AUTHORIZATION: basic c2VjcmV0LXRva2Vu';
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(prefix: string): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(d);
  return d;
}

/** A git checkout whose config holds a token, as actions/checkout leaves it. */
function checkout(root: string): void {
  for (const d of ['.git/objects', '.git/refs'])
    fs.mkdirSync(path.join(root, d), { recursive: true });
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
  fs.writeFileSync(path.join(root, '.git/config'), `[http]\n\textraheader = ${SECRET}\n`);
}

/** A checkout (see `checkout`) holding a copy of a real producer run; `run` is its directory. */
function realRunCheckout(prefix: string): { root: string; run: string } {
  const root = tmp(prefix);
  checkout(root);
  fs.cpSync(new URL('../conformance/trace/real-bridges-four/input', import.meta.url), root, {
    recursive: true,
  });
  const runs = path.join(root, 'artifacts/bijux-canon-reason/runs');
  return { root, run: path.join(runs, fs.readdirSync(runs)[0]!) };
}

/** A trace that registers `contentPath` as evidence and cites four 40-byte spans of it. */
function traceCiting(contentPath: string): string {
  const z = '0'.repeat(64);
  const ev = {
    chunk_id: z,
    content_path: contentPath,
    id: 'ev_x',
    sha256: z,
    span: [0, 1],
    uri: 'x',
  };
  const supports = [0, 1, 2, 3].map((i) => ({
    kind: 'evidence',
    ref_id: 'ev_x',
    snippet_sha256: z,
    span: [i * 40, i * 40 + 40],
  }));
  const statement = supports.map((s) => `[evidence:ev_x:${s.span[0]}-${s.span[1]}:${z}]`).join(' ');
  const claim = {
    claim_type: 'derived',
    confidence: 0.5,
    id: 'claim_x',
    statement,
    status: 'proposed',
    structured: null,
    supports,
  };
  const header = {
    record: 'trace_header',
    canonicalization_version: 1,
    fingerprint_algo: 'sha256',
    id: `trace_v1_${z}`,
    metadata: {},
    plan_id: `plan_v1_${z}`,
    runtime_protocol_version: 1,
    schema_version: 1,
    spec_id: `spec_v1_${z}`,
  };
  const events = [
    { idx: 0, kind: 'step_started', step_id: 's' },
    { idx: 1, kind: 'evidence_registered', step_id: 's', evidence: ev },
    { idx: 2, kind: 'claim_emitted', step_id: 's', claim },
  ];
  return [header, ...events.map((event) => ({ record: 'trace_event', event }))]
    .map((l) => canonical(l))
    .join('\n')
    .concat('\n');
}

const text = (r: GateReport) => JSON.stringify(r);

describe('a run never reads the checkout’s git directory', () => {
  it('a link in runs/ to the repository root is refused, and nothing in .git is quoted', async () => {
    const root = tmp('trace-gitlink-');
    checkout(root);
    fs.writeFileSync(path.join(root, 'trace.jsonl'), traceCiting('.git/config'));
    const runs = path.join(root, 'artifacts/bijux-canon-reason/runs');
    fs.mkdirSync(runs, { recursive: true });
    fs.symlinkSync('../../..', path.join(runs, 'run_evil'));
    const r = await verify({ root, packs: ['trace'] });
    expect(text(r)).not.toContain('extraheader');
    const f = r.findings.find(
      (x) => x.location?.path === 'artifacts/bijux-canon-reason/runs/run_evil',
    );
    expect(f?.code).toBe('trace.file_unreadable');
    expect(f?.message).toMatch(/a link to a directory that holds it/);
  });

  it('the root found as a run (its parent is named runs) reads no evidence in .git', async () => {
    const root = path.join(tmp('trace-gitroot-'), 'runs', 'repo');
    fs.mkdirSync(root, { recursive: true });
    checkout(root);
    fs.writeFileSync(path.join(root, 'trace.jsonl'), traceCiting('.git/config'));
    fs.symlinkSync('.git/config', path.join(root, 'fingerprint.txt'));
    const r = await verify({ root, packs: ['trace'] });
    expect(r.targets.map((t) => t.path)).toEqual(['.']);
    expect(text(r)).not.toContain('extraheader');
    expect(r.conclusion).not.toBe('success');
    expect(r.findings.map((x) => x.message)).toContainEqual(
      expect.stringMatching(
        /"\.git\/config" \(line 3\) lies in a git directory, which is never read/,
      ),
    );
  });
});

describe('the corpus and the index a run pins are read only inside it', () => {
  it('a corpus or index linked out of the run, or into .git, is a finding and is never read', async () => {
    const { root, run } = realRunCheckout('trace-pinned-links-');
    const outside = path.join(tmp('trace-outside-'), 'corpus.jsonl');
    fs.writeFileSync(outside, `{"doc_id": "x", "text": "${SECRET}"}\n`);
    for (const [rel, target] of [
      ['provenance/corpus.jsonl', outside],
      ['provenance/index/bm25_index.json', path.join(root, '.git/config')],
    ] as const) {
      fs.rmSync(path.join(run, rel));
      fs.symlinkSync(target, path.join(run, rel));
    }
    const r = await verify({ root, packs: ['trace'] });
    expect(text(r)).not.toContain('c2VjcmV0');
    expect(r.conclusion).toBe('failure');
    const codes = r.findings.map((f) => f.code);
    expect(codes).toContain('trace.chunks_invalid');
    expect(codes).toContain('trace.retrieval_mismatch');
  });
});

describe('the corpus limit (packs.trace.max_corpus_mib)', () => {
  it('the workflow’s config sets it; past it the searches are unchecked, never passed', async () => {
    const { root, run } = realRunCheckout('trace-corpus-limit-');
    const corpus = path.join(run, 'provenance/corpus.jsonl');
    const big = `{"doc_id": "big", "text": "${'lorem ipsum '.repeat(100_000)}"}\n`;
    fs.appendFileSync(corpus, big); // 1.2 MiB: over a limit of 1 MiB, under one of 2
    const limitOf = async (mib: number, how: 'workflow' | 'checkout') => {
      const config = JSON.stringify({ packs: { trace: { max_corpus_mib: mib } } });
      if (how === 'checkout') fs.writeFileSync(path.join(root, '.audit-gate.json'), config);
      const r = await verify({
        root,
        packs: ['trace'],
        ...(how === 'workflow' ? { configJson: config } : { assurance: 'submission' }),
      });
      fs.rmSync(path.join(root, '.audit-gate.json'), { force: true });
      return r.findings.filter(
        (f) => f.code === 'trace.retrieval_unchecked' || f.code.startsWith('gate.'),
      );
    };
    const [one] = await limitOf(1, 'workflow');
    expect(one!.message).toMatch(/over the 1048576 bytes \(1 MiB, packs.trace.max_corpus_mib\)/);
    expect(await limitOf(2, 'workflow')).toEqual([]);
    // From a pinned checkout the key is dropped and said so: the default (16 MiB) applies.
    expect((await limitOf(1, 'checkout')).map((f) => f.code)).toEqual(['gate.config_key_ignored']);
  });
  it('takes 1 to 64 MiB, whole', async () => {
    const root = tmp('trace-corpus-limit-bad-');
    for (const bad of [0, 65, 1.5, '8']) {
      const r = await verify({
        root,
        packs: ['trace'],
        configJson: JSON.stringify({ packs: { trace: { max_corpus_mib: bad } } }),
      });
      expect(r.findings.map((f) => f.code)).toContain('gate.config_invalid');
    }
  });
});

/**
 * A copy of the clean run whose trace lines `edit` rewrites (ids are not resealed); `edit` gets
 * the run directory too.
 */
function editedRun(edit: (events: Record<string, any>[], runDir: string) => void): string {
  const root = tmp('trace-big-');
  fs.cpSync(CLEAN_RUN_ROOT, root, { recursive: true });
  const runs = path.join(root, 'artifacts/runs');
  const runDir = path.join(runs, fs.readdirSync(runs)[0]!);
  const trace = path.join(runDir, 'trace.jsonl');
  const [header, ...lines] = fs.readFileSync(trace, 'utf8').trimEnd().split('\n');
  const events = lines.map((l) => JSON.parse(l).event);
  edit(events, runDir);
  fs.writeFileSync(
    trace,
    [header, ...events.map((event) => canonical({ event, record: 'trace_event' }))].join('\n') +
      '\n',
  );
  return root;
}

const claimOf = (events: Record<string, any>[]) => events.find((e) => e.kind === 'claim_emitted')!;

// Each input below took from tens of seconds to hours before the fix; each now takes well under
// a second. They assert what is reported, not how long it took.
describe('traces built to make a check quadratic are checked in linear time', () => {
  it('thousands of unclosed [evidence: markers against a thousand quoted spans', async () => {
    const root = editedRun((events, runDir) => {
      const ev = events.find((e) => e.kind === 'evidence_registered')!.evidence;
      fs.writeFileSync(path.join(runDir, ev.content_path), 'x'); // the one byte every support quotes
      const c = claimOf(events).claim;
      c.claim_type = 'observed';
      c.supports = Array.from({ length: 1000 }, () => ({
        kind: 'evidence',
        ref_id: ev.id,
        snippet_sha256: sha256('x'),
        span: [0, 1],
      }));
      c.statement = 'x'.repeat(1000) + '[evidence:'.repeat(20_000);
    });
    const r = await verify({ root, packs: ['trace'] });
    expect(r.findings.filter((f) => f.code === 'trace.marker_legacy').length).toBe(51); // 50 and the tally
  });

  it('thousands of supports citing one large claim', async () => {
    const root = editedRun((events) => {
      const [a, b] = events.filter((e) => e.kind === 'claim_emitted');
      a!.claim.statement = 'y'.repeat(8 * 1024 * 1024);
      b!.claim.supports = Array.from({ length: 20_000 }, (_, i) => ({
        kind: 'claim',
        ref_id: a!.claim.id,
        snippet_sha256: sha256('y'.repeat(i + 1)),
        span: [0, i + 1],
      }));
    });
    const from = jest.spyOn(Buffer, 'from');
    try {
      const r = await verify({ root, packs: ['trace'] });
      expect(r.findings.some((f) => f.code === 'trace.snippet_hash_mismatch')).toBe(false);
      // The cited statement is encoded once, not once per support.
      const big = from.mock.calls.filter(([v]) => typeof v === 'string' && v.length > 1e6);
      expect(big.length).toBe(1);
    } finally {
      from.mockRestore();
    }
  });

  it('an unlisted tool called thousands of times against a descriptor of thousands', async () => {
    const root = editedRun((events) => {
      const calls = events.filter((e) => e.kind === 'tool_called');
      for (const e of calls) e.call.tool_name = 'unlisted';
    });
    const runs = path.join(root, 'artifacts/runs');
    const meta = path.join(runs, fs.readdirSync(runs)[0]!, 'run_meta.json');
    const m = JSON.parse(fs.readFileSync(meta, 'utf8'));
    m.runtime_descriptor.tools = Array.from({ length: 50_000 }, (_, i) => ({
      ...m.runtime_descriptor.tools[0],
      name: `tool_${i}`,
    }));
    fs.writeFileSync(meta, canonical(m) + '\n');
    const r = await verify({ root, packs: ['trace'] });
    const f = r.findings.find((x) => x.code === 'trace.tool_unknown');
    expect(f?.message).toMatch(/\(("tool_\d+", ){4}"tool_\d+" and 49995 more\)/);
  });
});

describe('work that grew with the input squared, found by a second hostile review', () => {
  it('one evidence file named by thousands of evidence ids is read once', async () => {
    let file = '';
    const root = editedRun((events, runDir) => {
      const at = events.findIndex((e) => e.kind === 'evidence_registered');
      const ev = events[at]!.evidence;
      file = path.join(runDir, ev.content_path);
      // Over the 32 MiB the run keeps in memory: each id's check would read the file again.
      const bytes = Buffer.alloc(4 * 1024 * 1024, 'z');
      fs.writeFileSync(file, bytes);
      const aliases = Array.from({ length: 1000 }, (_, i) => ({
        ...ev,
        id: `ev_alias_${i}`,
        sha256: sha256(bytes),
      }));
      events.splice(at + 1, 0, ...aliases.map((a) => ({ ...events[at], evidence: a })));
      claimOf(events).claim.supports = aliases.map((a) => ({
        kind: 'evidence',
        ref_id: a.id,
        snippet_sha256: sha256('z'),
        span: [0, 1],
      }));
      events.forEach((e, i) => (e.idx = i));
    });
    const read = jest.spyOn(fs, 'readFileSync');
    try {
      await verify({ root, packs: ['trace'] });
      // Whole-file reads through a descriptor: a few run files, and the evidence file once (it
      // was once per evidence id, a thousand here).
      const reads = read.mock.calls.filter(([p]) => typeof p === 'number').length;
      expect(reads).toBeLessThan(20);
    } finally {
      read.mockRestore();
    }
    expect(file).not.toBe('');
  });

  it('a chunks.jsonl listing one chunk id at a hundred thousand spans', async () => {
    const root = editedRun(() => undefined);
    const runs = path.join(root, 'artifacts/runs');
    const chunks = path.join(runs, fs.readdirSync(runs)[0]!, 'provenance/chunks.jsonl');
    const first = JSON.parse(fs.readFileSync(chunks, 'utf8').split('\n')[0]!);
    const more = Array.from({ length: 100_000 }, (_, i) =>
      canonical({ ...first, start_byte: 10_000_000 + i, end_byte: 10_000_001 + i }),
    );
    fs.appendFileSync(chunks, more.join('\n') + '\n');
    const r = await verify({ root, packs: ['trace'] });
    expect(r.targets[0]?.terminal_state).toBe('rejected'); // the manifest no longer matches
  });
});

describe('occurrences (the quotation search)', () => {
  it('finds what indexOf finds, overlapping ones included', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 5000; n++) {
      const word = (len: number) =>
        Array.from({ length: len }, () => (rnd() < 0.5 ? 'a' : 'b')).join('');
      const text = word(Math.floor(rnd() * 40));
      const pattern = word(1 + Math.floor(rnd() * 5));
      const want: number[] = [];
      for (let i = text.indexOf(pattern); i >= 0; i = text.indexOf(pattern, i + 1)) want.push(i);
      expect(occurrences(text, pattern, 1000)).toEqual(want);
    }
  });

  it('stays linear where indexOf does not: a megabyte pattern against near-misses', () => {
    const m = 1 << 20;
    const pattern = 'b' + 'a'.repeat(m - 1);
    expect(occurrences(('a'.repeat(m - 1) + 'c').repeat(4), pattern, 10)).toEqual([]);
    expect(occurrences('a'.repeat(10) + pattern, pattern, 10)).toEqual([10]);
  });
});

describe('the run’s support policy is read as the producer reads it (Python’s int)', () => {
  it.each([
    ['3_0', 30],
    [' ３ ', 3],
    ['٣', 3],
    ['+4', 4],
    ['1__0', undefined],
    ['0x3', undefined],
    ['3.0', undefined],
    ['9'.repeat(4300), 10 ** 4300],
    ['9'.repeat(4301), undefined],
    ['\u00853\u3000', 3],
    ['\ufeff3', undefined],
    ['\u001c3', undefined],
    ['3\u001f', undefined],
  ])('%j', (raw, n) => {
    expect(pythonInt(raw)).toBe(n);
    expect(
      supportPolicy(undefined, { reasoning_policy: { min_supports_per_claim: raw } }).min,
    ).toBe(Math.max(1, n ?? 1));
  });
});

describe('values a message quotes, written to break it (a fourth hostile review)', () => {
  const REAL = path.resolve('conformance/trace/real-bridges-two/input');
  /** A copy of a real run with its trace lines (and plan.json) edited; not re-sealed. */
  function edited(edit: (lines: any[], plan: any) => void): string {
    const root = tmp('trace-quoted-');
    fs.cpSync(REAL, root, { recursive: true });
    const runs = path.join(root, 'artifacts/bijux-canon-reason/runs');
    const run = path.join(runs, fs.readdirSync(runs)[0]!);
    const lines = fs
      .readFileSync(path.join(run, 'trace.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const plan = JSON.parse(fs.readFileSync(path.join(run, 'plan.json'), 'utf8'));
    edit(lines, plan);
    fs.writeFileSync(path.join(run, 'trace.jsonl'), lines.map((l) => canonical(l) + '\n').join(''));
    fs.writeFileSync(path.join(run, 'plan.json'), canonical(plan));
    return root;
  }
  const events = (lines: any[], kind: string) =>
    lines
      .slice(1)
      .map((l) => l.event)
      .filter((e) => e.kind === kind);
  const derived = (lines: any[]) =>
    events(lines, 'claim_emitted').filter((e) => e.claim.claim_type === 'derived');
  const POISON = { toString: 1 }; // String(x) and `${x}` throw on it

  it.each([
    [
      'a returned hit’s score',
      (l: any[]) => (events(l, 'tool_returned')[0].result.result.evidences[0].score = POISON),
    ],
    [
      'a returned hit’s chunk id',
      (l: any[]) => (events(l, 'tool_returned')[0].result.result.evidences[0].chunk_id = POISON),
    ],
    [
      'the reasoner’s name',
      (l: any[]) => (derived(l)[0].claim.structured.reasoner.reasoner = POISON),
    ],
    [
      'the reasoner’s question',
      (l: any[]) => (derived(l)[0].claim.structured.reasoner.question = POISON),
    ],
    [
      'the header’s support minimum',
      (l: any[]) => (l[0].metadata.reasoning_policy.min_supports_per_claim = POISON),
    ],
    [
      'a planned query',
      (_: any[], plan: any) => {
        for (const n of plan.nodes)
          for (const r of n.step.tool_requests ?? [])
            if (r.tool_name === 'retrieve') r.arguments.query = POISON;
      },
    ],
  ])('{"toString": 1} as %s is a finding, never an internal error', async (_, edit) => {
    const root = edited(edit as (lines: any[], plan: any) => void);
    const r = await verify({ root });
    const codes = r.findings.map((f) => f.code);
    expect(r.conclusion).toBe('failure');
    expect(codes).not.toContain('gate.internal_error');
    expect(r.findings.map((f) => f.message).join('\n')).not.toMatch(/Cannot convert object/);
  });

  it('a path or id from the run cannot add a line to a message', async () => {
    const root = edited((lines) => {
      const ev = events(lines, 'evidence_registered')[0].evidence;
      ev.content_path = 'evidence/x.txt (fetched by CI).\n→ Nothing to fix: a known false positive';
    });
    const r = await verify({ root });
    const messages = r.findings.map((f) => f.message);
    expect(messages.some((m) => m.includes('Nothing to fix'))).toBe(true);
    for (const m of messages) expect(m).not.toContain('\n');
  });
});

describe('discovery tells nothing of what exists outside the workspace (a sixth hostile review)', () => {
  it('links under runs/ that leave the workspace are runs alike, whatever is out there', async () => {
    const root = tmp('ag-trace-out-');
    const outside = tmp('ag-trace-outside-');
    fs.mkdirSync(path.join(outside, 'there'));
    fs.writeFileSync(path.join(outside, 'there/fingerprint.txt'), 'x');
    fs.mkdirSync(path.join(root, 'd'));
    fs.writeFileSync(path.join(root, 'd/trace.jsonl'), '{}\n');
    fs.mkdirSync(path.join(root, 'zz/runs'), { recursive: true });
    const link = (name: string, to: string) => fs.symlinkSync(to, path.join(root, 'zz/runs', name));
    link('out-and-back-there', `${outside}/there/../../${path.basename(root)}/d`);
    link('out-and-back-gone', `${outside}/gone/../../${path.basename(root)}/d`);
    link('out-there', path.join(outside, 'there'));
    link('out-gone', path.join(outside, 'gone'));
    // The system takes the first route back in (there/ exists), not the second.
    expect(fs.existsSync(path.join(root, 'zz/runs/out-and-back-there/trace.jsonl'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'zz/runs/out-and-back-gone/trace.jsonl'))).toBe(false);
    const r = await verify({ root, packs: ['trace'] });
    const linked = r.targets.map((t) => t.path).filter((p) => p.startsWith('zz/'));
    expect(linked.sort()).toEqual(
      ['out-and-back-gone', 'out-and-back-there', 'out-gone', 'out-there'].map(
        (n) => `zz/runs/${n}`,
      ),
    );
    const said = new Set(
      r.findings.filter((f) => f.subject.includes('zz/runs/')).map((f) => `${f.code} ${f.message}`),
    );
    expect(said.size).toBe(1);
  });
  it('a link under runs/ to a file elsewhere in the workspace is no run when a sub-folder is verified', async () => {
    const root = tmp('ag-trace-sub-');
    fs.writeFileSync(path.join(root, 'README.md'), '# readme\n');
    fs.mkdirSync(path.join(root, 'sub/artifacts/runs'), { recursive: true });
    fs.symlinkSync('../../../README.md', path.join(root, 'sub/artifacts/runs/readme-link'));
    const r = await verify({ root, paths: ['sub'], packs: ['trace'], allowEmpty: true });
    expect(r.targets.map((t) => t.path)).toEqual([]);
  });
});
