// Claims with the extractive reasoner's mark, derived again from the run's question and evidence
// as the producer's reasoning/extractive.py derives them. The positive cases are statements the
// producer's own reasoner wrote (scripts/generate-extractive-cases.py).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Findings } from '../src/packs/kit/index.js';
import type { TraceCodeDef } from '../src/packs/trace/codes.js';
import type { RunCtx } from '../src/packs/trace/context.js';
import { ExtractiveChecks } from '../src/packs/trace/checks/extractive.js';
import { isPySpace } from '../src/packs/trace/producer/python-text.js';
import type { Claim, TraceHeader } from '../src/packs/trace/format/schema.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const QUESTION = 'Where is Lund University located?';

interface Case {
  evidence: Record<string, string>;
  statement: string;
  cites: [string, number, number, string][];
}
const cases = JSON.parse(
  fs.readFileSync(new URL('./support/extractive-cases.json', import.meta.url), 'utf8'),
) as Case[];

type Cite = [string, number, number, string];
function claimOf(
  statement: string,
  cites: Cite[],
  opts: { reasoner?: unknown; kind?: string; question?: string; picked?: Cite[] } = {},
): Claim {
  const supports = cites.map(([id, b0, b1, s]) => ({
    kind: opts.kind ?? 'evidence',
    ref_id: id,
    span: [b0, b1],
    snippet_sha256: s,
    hash_algo: 'sha256',
  }));
  const reasoner =
    opts.reasoner !== undefined
      ? opts.reasoner
      : {
          reasoner: 'baseline_extractive_v2',
          question: opts.question ?? QUESTION,
          picked: (opts.picked ?? cites).map(([id, b0, b1, s]) => ({
            evidence_id: id,
            span: [b0, b1],
            sha: s,
          })),
        };
  return {
    id: 'claim_1',
    claim_type: 'derived',
    status: 'proposed',
    confidence: 0.7,
    statement,
    supports,
    structured: { ...(reasoner === null ? {} : { reasoner }), result_sha256: 'x' },
  } as unknown as Claim;
}

/** The findings for one claim in a run whose evidence is `files`, in that order. */
function check(
  claims: Claim[],
  files: Record<string, Buffer | 'too_large' | undefined>,
  opts: {
    question?: string;
    listed?: string[];
    record?: boolean;
    spec?: { description: string; constraints: Record<string, unknown> };
    min?: number;
  } = {},
): string[] {
  const f = new Findings<TraceCodeDef>('trace:run', { scope: 'in this run' });
  const ctx = { f, at: (line?: number) => ({ path: 'trace.jsonl', line }) } as unknown as RunCtx;
  const x = new ExtractiveChecks(ctx);
  claims.forEach((claim, i) =>
    x.on.claim_emitted!({ kind: 'claim_emitted', idx: 3, step_id: 's', claim } as never, {
      no: 4 + i,
      text: '',
      canonical: true,
    }),
  );
  const registered = Object.keys(files);
  const header = {
    metadata:
      opts.record === false
        ? {}
        : {
            reasoning_trace: {
              question: opts.question ?? QUESTION,
              evidence_ids: opts.listed ?? registered,
            },
            ...(opts.min !== undefined
              ? { reasoning_policy: { min_supports_per_claim: opts.min } }
              : {}),
          },
  } as unknown as TraceHeader;
  x.rebuild(header, registered, (id) => files[id], opts.spec);
  return f.finish().map((y) => `${y.code}: ${y.message}`);
}

const filesOf = (c: Case) =>
  Object.fromEntries(Object.entries(c.evidence).map(([k, v]) => [k, Buffer.from(v, 'hex')]));

describe('statements the producer’s own reasoner wrote', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(100));
  it('every one is derived again exactly', () => {
    const rejected = cases.filter(
      (c) => check([claimOf(c.statement, c.cites)], filesOf(c)).length > 0,
    );
    expect(rejected).toEqual([]);
  });
  it('every one is rejected once a word is added before its first marker', () => {
    const accepted = cases.filter((c) => {
      const at = c.statement.indexOf(' [evidence:');
      const edited =
        at < 0 ? `x${c.statement}` : `${c.statement.slice(0, at)} not${c.statement.slice(at)}`;
      return check([claimOf(edited, c.cites)], filesOf(c)).length === 0;
    });
    expect(accepted).toEqual([]);
  });
});

const LUND = Buffer.from('Lund University is located in Sweden. It is known for research.');
const PY = Buffer.from('Python is a programming language. It is widely used for scripting.');
const ev = (id: string, b: Buffer, b0: number, b1: number): Cite => [
  id,
  b0,
  b1,
  sha(b.subarray(b0, b1)),
];
const marker = ([id, b0, b1, s]: Cite) => `[evidence:${id}:${b0}-${b1}:${s}]`;
const FILES = { ev_a: LUND, ev_b: PY };
// What the producer's reasoner writes for QUESTION over FILES (run once to check): Lund's first
// sentence (4 shared words), then Python's second (both share "is"; "It…" sorts before "Python…").
const A = ev('ev_a', LUND, 0, 37);
const B = ev('ev_b', PY, 34, 66);
const GOOD = `Lund University is located in Sweden. ${marker(A)} It is widely used for scripting. ${marker(B)}`;

describe('a claim with the reasoner’s tag', () => {
  it('passes when it is what the reasoner writes', () => {
    expect(check([claimOf(GOOD, [A, B])], FILES)).toEqual([]);
  });
  it('fails when its wording is edited, with what the reasoner writes', () => {
    const [x] = check([claimOf(GOOD.replace('Sweden.', 'Norway.'), [A, B])], FILES);
    expect(x).toContain(
      'reads "Lund University is located in Norway. [evidence:ev_a:0-37:62d5782d6f0a…" where the extractive reasoner writes "Lund University is located in Sweden. [evidence:ev_a:0-37:62d5782d6f0a…" from the bytes it cites',
    );
  });
  it('fails when it cites another sentence, part of one, or one sentence split in two', () => {
    const other = ev('ev_a', LUND, 38, LUND.length);
    expect(
      check([claimOf(`It is known for research. ${marker(other)}`, [other])], FILES)[0],
    ).toContain(
      'cites bytes [38, 63) of evidence "ev_a" as its citation 1, but the extractive reasoner, given the run’s question and evidence, cites bytes [0, 37) of evidence "ev_a"',
    );
    const part = ev('ev_a', LUND, 5, 37);
    expect(
      check([claimOf(`University is located in Sweden. ${marker(part)}`, [part])], FILES),
    ).toHaveLength(1);
    const [h1, h2] = [ev('ev_a', LUND, 0, 15), ev('ev_a', LUND, 16, 37)];
    expect(
      check(
        [claimOf(`Lund University ${marker(h1)} is located in Sweden. ${marker(h2)}`, [h1, h2])],
        FILES,
      ),
    ).toHaveLength(1);
  });
  it('fails when its supports are not what it picked, or not evidence, or another reasoner’s', () => {
    expect(check([claimOf(GOOD, [A, B], { picked: [A] })], FILES)[0]).toContain(
      'not what its reasoner record says it picked',
    );
    expect(check([claimOf(GOOD, [A, B], { kind: 'tool_call' })], FILES)[0]).toContain(
      'cites a tool_call support',
    );
    expect(
      check([claimOf(GOOD, [A, B], { reasoner: { reasoner: 'my_llm' } })], FILES)[0],
    ).toContain('naming "my_llm"');
  });
  it('fails when its question or the run’s evidence list is not the run’s', () => {
    expect(check([claimOf(GOOD, [A, B], { question: 'Where is Rust used?' })], FILES)[0]).toContain(
      'records the question "Where is Rust used?"',
    );
    expect(check([claimOf(GOOD, [A, B])], FILES, { listed: ['ev_b', 'ev_a'] })[0]).toContain(
      'which is not the evidence the trace registers, in order',
    );
  });
  it('evidence too large is reported; unusable evidence is left to its own finding', () => {
    expect(check([claimOf(GOOD, [A, B])], { ev_a: 'too_large', ev_b: PY })[0]).toContain(
      'is over 4 MiB',
    );
    expect(check([claimOf(GOOD, [A, B])], { ev_a: undefined, ev_b: PY })).toEqual([]);
  });
});

describe('the question and the number of citations the producer ran with', () => {
  const spec = (constraints: Record<string, unknown>, description = QUESTION) => ({
    description,
    constraints,
  });
  it('pass as the producer resolves them: max(min_supports, int(max_citations)), one per evidence', () => {
    expect(check([claimOf(GOOD, [A, B])], FILES, { spec: spec({}), min: 2 })).toEqual([]);
    for (const max_citations of [2, 5, '2', ' 3 ', 2.9, true, null, 'two'])
      expect(
        check([claimOf(GOOD, [A, B])], FILES, { spec: spec({ max_citations }), min: 2 }),
      ).toEqual([]);
  });
  it('fail when citations were dropped, or the question differs from spec.json’s', () => {
    const first = `Lund University is located in Sweden. ${marker(A)}`;
    expect(
      check([claimOf(first, [A])], FILES, { spec: spec({ max_citations: 2 }), min: 1 })[0],
    ).toContain(
      'cites 1 evidence span(s), but the extractive reasoner cites 2 from the run’s 2 evidence',
    );
    expect(
      check([claimOf(first, [A])], FILES, { spec: spec({ min_supports_per_claim: 1 }), min: 1 }),
    ).toEqual([]);
    // The header's policy is not what decides: spec.json is (the header is checked against it).
    expect(check([claimOf(first, [A])], FILES, { spec: spec({}), min: 1 })).toHaveLength(1);
    expect(
      check([claimOf(GOOD, [A, B])], FILES, { spec: spec({}, 'Is Lund in Norway?'), min: 2 })[0],
    ).toContain('but spec.json asks "Is Lund in Norway?", which the producer derives from');
  });
});

describe('a claim without the tag', () => {
  const bare = (statement: string) => claimOf(statement, [A], { reasoner: null });
  it('fails in a run that carries the reasoner’s record or hashes', () => {
    expect(check([bare('Lund is a Swedish university.')], FILES)[0]).toContain(
      'carries no reasoner record (structured.reasoner)',
    );
  });
  it('may paraphrase in a run without them (another producer’s)', () => {
    const c = bare('Lund is a Swedish university.');
    delete (c.structured as Record<string, unknown>)['result_sha256'];
    expect(check([c], FILES, { record: false })).toEqual([]);
  });
});

it('strips as Python does: U+0085 and U+001F are space, U+FEFF is not', () => {
  expect([0x85, 0x1f, 0x1c, 0xa0, 0x3000].every(isPySpace)).toBe(true);
  expect([0xfeff, 0x200b, 0x41].some(isPySpace)).toBe(false);
});

it('reads each evidence file once, however many claims and citations name it', () => {
  const f = new Findings<TraceCodeDef>('trace:run', { scope: 'in this run' });
  const ctx = { f, at: (line?: number) => ({ path: 'trace.jsonl', line }) } as unknown as RunCtx;
  const x = new ExtractiveChecks(ctx);
  const big = Buffer.from('Lund University is located in Sweden. '.repeat(20_000));
  const cite = ev('ev_a', big, 0, 37);
  for (let i = 0; i < 200; i++) {
    const claim = claimOf(
      `Lund University is located in Sweden. ${marker(cite)}`,
      Array(50).fill(cite),
    );
    (claim as { id: string }).id = `claim_${i}`;
    x.on.claim_emitted!({ kind: 'claim_emitted', idx: 3, step_id: 's', claim } as never, {
      no: 4 + i,
      text: '',
      canonical: true,
    });
  }
  let reads = 0;
  const header = {
    metadata: { reasoning_trace: { question: QUESTION, evidence_ids: ['ev_a'] } },
  } as unknown as TraceHeader;
  x.rebuild(header, ['ev_a'], () => (reads++, big));
  expect(reads).toBe(1);
  // Fifty citations of one evidence: the reasoner cites each evidence once (findings are capped).
  const codes = f.finish().map((y) => y.code);
  expect(new Set(codes)).toEqual(new Set(['trace.claim_not_extracted']));
  expect(codes.length).toBeGreaterThanOrEqual(50);
});
