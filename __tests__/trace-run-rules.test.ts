// Rules of the trace pack run alone on a hand-made run state: no run directory, no pass over a
// trace. Each report is checked against the codes the rule declares in its meta.
import { sha256Hex } from '../src/io/hashing.js';
import { Findings } from '../src/packs/kit/index.js';
import { TRACE_CODES, type TraceCodeDef } from '../src/packs/trace/codes.js';
import type { RunCtx } from '../src/packs/trace/context.js';
import type { TraceScan } from '../src/packs/trace/checks/events.js';
import { crossReferences } from '../src/packs/trace/rules/cross-references.js';
import { EventOrder } from '../src/packs/trace/checks/event-order.js';
import { dispatcher } from '../src/packs/trace/checks/event-visitor.js';
import { RUN_RULES } from '../src/packs/trace/rules/index.js';
import { answer } from '../src/packs/trace/rules/answer.js';
import { outcome } from '../src/packs/trace/rules/outcome.js';
import type { RunRule, RunState } from '../src/packs/trace/rules/rule.js';

async function run(rule: RunRule, parts: Partial<RunState>) {
  const f = new Findings<TraceCodeDef>('trace:run', { scope: 'in this run' });
  const ctx = {
    f,
    rel: (p: string) => `runs/r1/${p}`,
    at: (line?: number) =>
      line ? { path: 'runs/r1/trace.jsonl', line } : { path: 'runs/r1/trace.jsonl' },
  } as unknown as RunCtx;
  await rule.check({ ctx, runId: 'r1', hasher: undefined as never, ...parts });
  const findings = f.finish();
  for (const x of findings) expect(rule.meta.codes.map((c) => c.code)).toContain(x.code);
  return findings;
}

it('every run rule has a unique name, a description and known codes', () => {
  const names = RUN_RULES.map((r) => r.meta.name);
  expect(new Set(names).size).toBe(names.length);
  for (const r of RUN_RULES) {
    expect(r.meta.description).not.toBe('');
    for (const c of r.meta.codes) expect(TRACE_CODES).toContain(c);
  }
});

describe('cross-references', () => {
  const plan = { plan: { id: 'plan_a', spec_id: 'spec_a' } } as never;
  it('says which part names which plan or spec', async () => {
    const findings = await run(crossReferences, {
      plan,
      spec: { id: 'spec_b', description: 'q', constraints: {} },
      runMeta: { run_id: 'r2', trace_id: 't', plan_id: 'plan_a', spec_id: 'spec_a' } as never,
    });
    expect(findings.map((x) => [x.code, x.message])).toEqual([
      [
        'trace.plan_mismatch',
        'plan.json was made for spec "spec_a" but spec.json is spec "spec_b".',
      ],
      [
        'trace.run_meta_mismatch',
        'run_meta.json records run_id "r2" but the run directory is "r1".',
      ],
      [
        'trace.run_meta_mismatch',
        'run_meta.json records spec_id "spec_a" but spec.json is "spec_b".',
      ],
    ]);
    expect(findings[0]!.related).toEqual([{ path: 'runs/r1/spec.json', line: 1 }]);
  });
  it('the header records the support minimum spec.json gives (the producer’s, default 2)', async () => {
    const header = (min: unknown) =>
      ({
        scan: {
          header: { spec_id: 's', metadata: { reasoning_policy: { min_supports_per_claim: min } } },
        } as unknown as TraceScan,
      }) as const;
    const spec = (constraints: Record<string, unknown>) =>
      ({ spec: { id: 's', description: 'q', constraints } }) as const;
    const codes = async (parts: object) =>
      (await run(crossReferences, parts)).map((x) => x.message);
    expect(await codes({ ...header(3), ...spec({ min_supports_per_claim: '3' }) })).toEqual([]);
    expect(await codes({ ...header(2), ...spec({}) })).toEqual([]);
    expect(await codes({ ...header(1), ...spec({ min_supports_per_claim: 3 }) })).toEqual([
      "The trace header's reasoning_policy records min_supports_per_claim 1, but the producer runs this spec with 3 (spec.json's min_supports_per_claim, else its default 2): the header was edited after the run.",
    ]);
    expect(await codes({ ...header('2'), ...spec({}) })).toHaveLength(1); // a string is not what it writes
    expect(await codes({ ...header(2), ...spec({ min_supports_per_claim: 'two' }) })).toEqual([
      'spec.json\'s min_supports_per_claim "two" is not a whole number Python\'s int() reads: the producer stops there and writes no run.',
    ]);
  });
  it('reports nothing when the parts agree, or are missing', async () => {
    expect(
      await run(crossReferences, {
        plan,
        spec: { id: 'spec_a', description: 'q', constraints: {} },
      }),
    ).toEqual([]);
    expect(await run(crossReferences, {})).toEqual([]);
  });
});

describe('outcome', () => {
  const scan = (derived: number, marker?: number) =>
    ({
      claims: { derived, derivedLine: 9 },
      steps: { insufficientLine: marker },
    }) as unknown as TraceScan;
  it('a run that neither answers nor says why not', async () => {
    expect((await run(outcome, { scan: scan(0) })).map((x) => x.code)).toEqual([
      'trace.no_outcome',
    ]);
  });
  it('a run that both answers and reports insufficient evidence, at both lines', async () => {
    const [x] = await run(outcome, { scan: scan(2, 5) });
    expect(x).toMatchObject({
      code: 'trace.insufficient_ambiguous',
      location: { path: 'runs/r1/trace.jsonl', line: 5 },
      related: [{ path: 'runs/r1/trace.jsonl', line: 9 }],
    });
  });
  it('one of the two, or no readable trace at all, is fine for this rule', async () => {
    expect(await run(outcome, { scan: scan(1) })).toEqual([]);
    expect(await run(outcome, { scan: scan(0, 3) })).toEqual([]);
    expect(await run(outcome, {})).toEqual([]);
  });
});

describe('answer', () => {
  type Lists = Partial<Record<'validated' | 'rejected' | 'missing_support' | 'final', string[]>>;
  const LINES = { validated: 7, rejected: 7, missing_support: 7, final: 9 } as const;
  interface Opts {
    rejected?: string[];
    bare?: number;
    types?: Record<string, string>;
    /** Claims the extractive reasoner made, with their statements; and what finalize answered. */
    extracted?: Record<string, string>;
    answers?: { first: string; answer: unknown }[];
  }
  const scan = (lists: Lists, opts: Opts = {}) =>
    ({
      claims: {
        has: (id: string) => id.startsWith('c'),
        rejected: new Map((opts.rejected ?? []).map((id) => [id, 3])),
        notDerived: new Map(Object.entries(opts.types ?? {})),
      },
      extractive: {
        marked: new Map(
          Object.entries(opts.extracted ?? {}).map(([k, v]) => [k, { sha: sha256Hex(v), head: v }]),
        ),
      },
      steps: {
        outputs: new Set(['verify']),
        answerWithoutClaims: opts.bare,
        finalAnswers: (opts.answers ?? []).map((a) => ({ line: 9, ...a })),
        outputRefs: Object.entries(lists).flatMap(([k, ids]) =>
          ids.map((id) => ({
            kind: 'claim',
            id,
            field: `${k}_claim_ids`,
            line: LINES[k as keyof typeof LINES],
          })),
        ),
      },
    }) as unknown as TraceScan;
  const codes = async (s: TraceScan) => (await run(answer, { scan: s })).map((x) => x.message);

  it('the producer’s own shape passes: final claims are the validated ones', async () => {
    expect(await codes(scan({ validated: ['c1', 'c2'], final: ['c1', 'c2'] }))).toEqual([]);
    // A claim rejected and left out of the answer (an insufficient run answers with none).
    expect(await codes(scan({ rejected: ['c1'], missing_support: ['c1'], final: [] }))).toEqual([]);
    expect(await codes(scan({}))).toEqual([]);
  });
  it('an answer from a claim the verify step rejected or found without support', async () => {
    expect(await codes(scan({ rejected: ['c1'], final: ['c1'] }))).toEqual([
      'The finalize output on line 9 answers with claim "c1", but the verify output on line 7 lists it in rejected_claim_ids: the answer rests on a claim the run itself did not validate.',
    ]);
    expect(await codes(scan({ missing_support: ['c1'], final: ['c1'] }))).toHaveLength(1);
  });
  it('an answer from a claim emitted as rejected, or left out of the validated claims', async () => {
    const [a, b] = await codes(
      scan({ validated: ['c1'], final: ['c1', 'c2'] }, { rejected: ['c1'] }),
    );
    expect(a).toContain('validates claim "c1", which was emitted with status "rejected" on line 3');
    expect(await codes(scan({ validated: ['c1'], final: ['c2'] }))).toEqual([
      'The finalize output on line 9 answers with claim "c2", but the verify step did not validate it (it validated 1 other claim(s)): the answer rests on a claim the run itself did not validate.',
    ]);
    expect(b).toContain('claim "c1", but it was emitted with status "rejected"');
  });
  it('an answer when the verify step validated nothing at all', async () => {
    expect(await codes(scan({ final: ['c1'] }))).toEqual([
      'The finalize output on line 9 answers with claim "c1", but the verify step validated no claim: the answer rests on a claim the run itself did not validate.',
    ]);
  });
  it('a claim both validated and rejected, and a final answer with no claim', async () => {
    expect(await codes(scan({ validated: ['c1'], rejected: ['c1'] }))).toEqual([
      'The verify output on line 7 validates claim "c1" and also lists it in rejected_claim_ids (line 7): the run contradicts itself.',
    ]);
    expect(await codes(scan({}, { bare: 9 }))).toEqual([
      'The finalize output on line 9 gives a final_answer but names no final claim: nothing the run checked supports it.',
    ]);
  });
  it('an answer from an observed or assumed claim, validated or not', async () => {
    expect(
      await codes(scan({ validated: ['c1'], final: ['c1'] }, { types: { c1: 'observed' } })),
    ).toEqual([
      'The finalize output on line 9 answers with claim "c1", a claim of type "observed": only a derived claim, grounded in evidence, can be an answer.',
    ]);
    expect(
      await codes(scan({ validated: ['c1'], final: ['c2'] }, { types: { c1: 'assumed' } })),
    ).toHaveLength(1); // c2 unvalidated; c1 not final, so its type does not matter
  });
  it('a final answer that is not the statement of the extractive claim it names first', async () => {
    const base = { validated: ['c1'], final: ['c1'] };
    const extracted = { c1: 'Lund is in Sweden. [evidence:e:0-18:ab]' };
    const ok = { first: 'c1', answer: extracted.c1 };
    expect(await codes(scan(base, { extracted, answers: [ok] }))).toEqual([]);
    expect(
      await codes(
        scan(base, { extracted, answers: [{ first: 'c1', answer: 'Lund is in Norway.' }] }),
      ),
    ).toEqual([
      'The finalize output on line 9 gives the final_answer "Lund is in Norway.", but its first final claim "c1", which the extractive reasoner wrote, reads "Lund is in Sweden. [evidence:e:0-18:ab]": the producer answers in that claim’s words, so the answer was edited after the run.',
    ]);
    for (const answer of [null, `${extracted.c1} `])
      expect(
        await codes(scan(base, { extracted, answers: [{ first: 'c1', answer }] })),
      ).toHaveLength(1);
    // A claim without the reasoner's tag may be paraphrased (synthetic runs do).
    expect(await codes(scan(base, { answers: [{ first: 'c1', answer: 'anything' }] }))).toEqual([]);
  });
  it('ids the trace never emits are left to support_unresolved', async () => {
    expect(await codes(scan({ rejected: ['x1'], final: ['x1'] }))).toEqual([]);
  });
});

describe('event-order (a visitor of the single pass)', () => {
  const order = (idxs: (number | 'skip')[]) => {
    const f = new Findings<TraceCodeDef>('trace:run');
    const ctx = { f, at: (line?: number) => ({ path: 'trace.jsonl', line }) } as unknown as RunCtx;
    const o = new EventOrder(ctx);
    idxs.forEach((idx, i) => (idx === 'skip' ? o.skipped() : o.check(idx, i + 2)));
    const out = f.finish();
    for (const x of out) expect(EventOrder.meta.codes.map((c) => c.code)).toContain(x.code);
    return out.map((x) => [x.code, x.location?.line]);
  };
  it('0, 1, 2 is in order', () => expect(order([0, 1, 2])).toEqual([]));
  it('a gap, a repeat and a step back are each reported at their line', () => {
    expect(order([0, 2])).toEqual([['trace.idx_out_of_order', 3]]);
    expect(order([0, 1, 1])).toEqual([['trace.idx_duplicate', 4]]);
    expect(order([1, 0])).toEqual([
      ['trace.idx_out_of_order', 2],
      ['trace.idx_out_of_order', 3],
    ]);
  });
  it('after an unreadable line the next event may take its place or follow it', () => {
    expect(order([0, 'skip', 2])).toEqual([]);
    expect(order([0, 'skip', 1])).toEqual([]);
  });
});

describe('dispatcher', () => {
  it('hands each event to the visitors listening to its kind, in their order', () => {
    const seen: string[] = [];
    const visitor = (name: string, kinds: string[]) => ({
      meta: { name, description: name, codes: [] },
      on: Object.fromEntries(kinds.map((k) => [k, () => seen.push(`${name}:${k}`)])),
    });
    const dispatch = dispatcher([
      visitor('a', ['claim_emitted', 'tool_called']),
      visitor('b', ['claim_emitted']),
    ]);
    const line = { no: 1, text: '', canonical: true };
    dispatch({ kind: 'claim_emitted' } as never, line);
    dispatch({ kind: 'tool_called' } as never, line);
    dispatch({ kind: 'step_started' } as never, line);
    expect(seen).toEqual(['a:claim_emitted', 'b:claim_emitted', 'a:tool_called']);
  });
});
