// The extractive reasoner's statements rebuilt from the bytes they cite, as the producer's
// reasoning/extractive.py writes them (Python's str.strip, its sentence offsets, its markers).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Findings } from '../src/packs/kit/index.js';
import type { TraceCodeDef } from '../src/packs/trace/codes.js';
import type { RunCtx } from '../src/packs/trace/context.js';
import { ExtractiveChecks, isPySpace } from '../src/packs/trace/extractive.js';
import type { Claim } from '../src/packs/trace/schema.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** A claim citing [b0, b1) of each evidence, worded `words` (the producer's wording by default). */
function claimOver(
  cites: [id: string, bytes: Buffer, b0: number, b1: number, sentence: string][],
  opts: { reasoner?: string; picked?: unknown; tail?: string } = {},
): Claim {
  const supports = cites.map(([id, bytes, b0, b1]) => ({
    kind: 'evidence' as const,
    ref_id: id,
    span: [b0, b1] as [number, number],
    snippet_sha256: sha(bytes.subarray(b0, b1)),
    hash_algo: 'sha256',
  }));
  const statement =
    cites
      .map(
        ([id, , b0, b1, s], i) =>
          `${s} [evidence:${id}:${b0}-${b1}:${supports[i]!.snippet_sha256}]`,
      )
      .join(' ')
      .replace(/^ /, '') + (opts.tail ?? '');
  return {
    id: 'claim_1',
    claim_type: 'derived',
    status: 'proposed',
    confidence: 0.7,
    statement,
    supports,
    structured: {
      reasoner: {
        reasoner: opts.reasoner ?? 'baseline_extractive_v2',
        question: 'Where?',
        picked:
          opts.picked ??
          supports.map((s) => ({ evidence_id: s.ref_id, span: s.span, sha: s.snippet_sha256 })),
      },
    },
  } as unknown as Claim;
}

function check(claim: Claim, files: Record<string, Buffer | 'too_large' | undefined>): string[] {
  const f = new Findings<TraceCodeDef>('trace:run', { scope: 'in this run' });
  const ctx = { f, at: (line?: number) => ({ path: 'trace.jsonl', line }) } as unknown as RunCtx;
  const x = new ExtractiveChecks(ctx);
  x.on.claim_emitted!({ kind: 'claim_emitted', idx: 3, step_id: 's', claim } as never, {
    no: 4,
    text: '',
    canonical: true,
  });
  x.rebuild((id) => files[id]);
  return f.finish().map((y) => `${y.code}: ${y.message}`);
}

const LUND = Buffer.from('Lund University is located in Sweden. It is known for research.');
const PY = Buffer.from('Python is a programming language. It is widely used for scripting.');

describe('extractive reasoner statements', () => {
  it('the producer’s statement passes: each cited sentence, then its marker', () => {
    const c = claimOver([
      ['ev_a', LUND, 0, 37, 'Lund University is located in Sweden.'],
      ['ev_b', PY, 34, PY.length, 'It is widely used for scripting.'],
    ]);
    expect(check(c, { ev_a: LUND, ev_b: PY })).toEqual([]);
  });
  it('wording edited with every hash recomputed is reported, with what the sentence says', () => {
    const c = claimOver([['ev_a', LUND, 0, 37, 'Lund University is located in Norway.']]);
    expect(check(c, { ev_a: LUND })).toEqual([
      'trace.claim_not_extracted: Derived claim "claim_1" on line 4 does not read as the sentences it cites: citation 1 should read "Lund University is located in Sweden." before its marker. The extractive reasoner writes each cited sentence, then its marker; the wording was edited after the run.',
    ]);
    const tail = claimOver([['ev_a', LUND, 0, 37, 'Lund University is located in Sweden.']], {
      tail: ' And in Norway.',
    });
    expect(check(tail, { ev_a: LUND })[0]).toContain(
      'it has " And in Norway." after its last marker',
    );
  });
  it('strips as Python does: U+0085 and U+001F are space, U+FEFF is not', () => {
    expect([0x85, 0x1f, 0x1c, 0xa0, 0x3000].every(isPySpace)).toBe(true);
    expect([0xfeff, 0x200b, 0x41].some(isPySpace)).toBe(false);
    // "\u0085Lund is in Sweden.": the reasoner strips U+0085, so the sentence's 18 characters map
    // to bytes [0, 19) of the unstripped text (U+0085 is two bytes).
    const nel = Buffer.from('\u0085Lund is in Sweden.');
    expect(check(claimOver([['e', nel, 0, 19, 'Lund is in Sweden.']]), { e: nel })).toEqual([]);
    const bom = Buffer.from('\ufeffLund is in Sweden.');
    expect(
      check(claimOver([['e', bom, 0, bom.length, '\ufeffLund is in Sweden.']]), { e: bom }),
    ).toEqual([]);
    expect(
      check(claimOver([['e', bom, 0, bom.length, 'Lund is in Sweden.']]), { e: bom }),
    ).toHaveLength(1);
  });
  it('repeats the reasoner’s offsets over a text with leading spaces', () => {
    // The reasoner strips the text, then maps the stripped text's positions through the offsets of
    // the unstripped one: bytes [0, 18) of "  Lund is in Sweden." read as "Lund is in Sweden.".
    const lead = Buffer.from('  Lund is in Sweden. It rains.');
    expect(check(claimOver([['e', lead, 0, 18, 'Lund is in Sweden.']]), { e: lead })).toEqual([]);
    expect(check(claimOver([['e', lead, 0, 18, 'Lund is in Swede']]), { e: lead })).toHaveLength(1);
  });
  it('a span that does not fall on character boundaries is not one the reasoner cut', () => {
    const u = Buffer.from('Malmö is in Sweden.');
    expect(check(claimOver([['e', u, 0, 5, 'Malm']]), { e: u })[0]).toContain(
      'are not a sentence the reasoner could have cut',
    );
  });
  it('supports that are not what the reasoner picked, and another reasoner, are reported', () => {
    const c = claimOver([['ev_a', LUND, 0, 37, 'Lund University is located in Sweden.']], {
      picked: [{ evidence_id: 'ev_a', span: [0, 38], sha: 'x' }],
    });
    expect(check(c, { ev_a: LUND })[0]).toContain('not what its reasoner record says it picked');
    const other = claimOver([['ev_a', LUND, 0, 37, 'anything']], { reasoner: 'my_llm' });
    expect(check(other, { ev_a: LUND })[0]).toContain('naming "my_llm"');
  });
  it('evidence too large to rebuild is reported; unusable evidence is left to its own finding', () => {
    const c = claimOver([['ev_a', LUND, 0, 37, 'Lund University is located in Sweden.']]);
    expect(check(c, { ev_a: 'too_large' })[0]).toContain('is over 1 MiB');
    expect(check(c, { ev_a: undefined })).toEqual([]);
  });
  it('a claim without the reasoner’s mark may paraphrase', () => {
    const c = claimOver([['ev_a', LUND, 0, 37, 'Lund is a Swedish university.']]);
    delete (c.structured as Record<string, unknown>)['reasoner'];
    expect(check(c, { ev_a: LUND })).toEqual([]);
  });
});

describe('statements the producer’s own reasoner wrote (scripts/generate-extractive-cases.py)', () => {
  interface Case {
    evidence: Record<string, string>;
    statement: string;
    cites: [string, number, number, string][];
  }
  const cases = JSON.parse(
    fs.readFileSync(new URL('./support/extractive-cases.json', import.meta.url), 'utf8'),
  ) as Case[];
  const asClaim = (c: Case, statement: string) =>
    ({
      id: 'claim_1',
      claim_type: 'derived',
      statement,
      supports: c.cites.map(([id, b0, b1, s]) => ({
        kind: 'evidence',
        ref_id: id,
        span: [b0, b1],
        snippet_sha256: s,
      })),
      structured: {
        reasoner: {
          reasoner: 'baseline_extractive_v2',
          picked: c.cites.map(([id, b0, b1, s]) => ({ evidence_id: id, span: [b0, b1], sha: s })),
        },
      },
    }) as unknown as Claim;
  const files = (c: Case) =>
    Object.fromEntries(Object.entries(c.evidence).map(([k, v]) => [k, Buffer.from(v, 'hex')]));

  it('has cases', () => expect(cases.length).toBeGreaterThan(100));
  it('every one is rebuilt exactly', () => {
    const rejected = cases.filter((c) => check(asClaim(c, c.statement), files(c)).length > 0);
    expect(rejected).toEqual([]);
  });
  it('every one is rejected once a word is added before its first marker', () => {
    const accepted = cases.filter((c) => {
      const at = c.statement.indexOf(' [evidence:');
      const edited =
        at < 0 ? `x${c.statement}` : `${c.statement.slice(0, at)} not${c.statement.slice(at)}`;
      return check(asClaim(c, edited), files(c)).length === 0;
    });
    expect(accepted).toEqual([]);
  });
});
