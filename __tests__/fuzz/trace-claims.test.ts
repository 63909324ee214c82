// Fuzz: forged claim supports in runs a faulty (or hostile) producer sealed itself: every id,
// hash, fingerprint and manifest entry is consistent, so only the grounding rules can tell. The
// supports of derived claims are mutated (spans shifted or stretched, refs redirected, kinds
// changed, snippet hashes recomputed by the forger or not, supports dropped or repeated), the
// markers rebuilt or left stale, and the run written by the fixture builder. Reference rule (the
// contract): a derived claim needs at least two distinct evidence supports; every support must
// resolve and have a span 0 <= b0 < b1; an evidence support's span must lie inside the evidence
// bytes and hash to its snippet_sha256, and the statement's markers must match the evidence
// supports one to one. A run that breaks it never verifies green.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
// @ts-expect-error plain JavaScript module without types
import { canonical, cleanModel, reclaim, writeRun } from '../../scripts/build-trace-fixtures.mjs';
import { verify } from '../../src/pipeline/verify.js';
import { renderAll } from '../support/render-all.js';
import {
  expectNoSecret,
  expectSoundReport,
  params,
  sandbox,
  timeout,
  Tally,
  type Sandbox,
} from '../support/fuzz.js';

let box: Sandbox;
beforeAll(() => {
  box = sandbox('claims');
});
afterAll(() => box?.dispose());

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

type Edit =
  | { op: 'span'; which: number; d0: number; d1: number; rehash: boolean }
  | {
      op: 'ref';
      which: number;
      to: 'evidence' | 'claim' | 'tool_call' | 'unknown';
      pick: number;
      rehash: boolean;
    }
  | { op: 'kind'; which: number; to: string }
  | { op: 'snippet'; which: number; how: 'zero' | 'upper' | 'rehash' }
  | { op: 'drop'; which: number }
  | { op: 'repeat'; which: number }
  | { op: 'add'; evidence: number; b0: number; len: number; rehash: boolean };

interface ClaimCase {
  claim: number;
  edits: Edit[];
  /** Rebuild the statement's markers and the claim id (a careful forger) or leave them. */
  reclaim: boolean;
}

const delta = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -2000, max: 2000 }));
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    op: fc.constant('span' as const),
    which: fc.nat(),
    d0: delta,
    d1: delta,
    rehash: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('ref' as const),
    which: fc.nat(),
    to: fc.constantFrom(
      'evidence' as const,
      'claim' as const,
      'tool_call' as const,
      'unknown' as const,
    ),
    pick: fc.nat(),
    rehash: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('kind' as const),
    which: fc.nat(),
    to: fc.constantFrom('evidence', 'claim', 'tool_call', 'Evidence', ''),
  }),
  fc.record({
    op: fc.constant('snippet' as const),
    which: fc.nat(),
    how: fc.constantFrom('zero' as const, 'upper' as const, 'rehash' as const),
  }),
  fc.record({ op: fc.constant('drop' as const), which: fc.nat() }),
  fc.record({ op: fc.constant('repeat' as const), which: fc.nat() }),
  fc.record({
    op: fc.constant('add' as const),
    evidence: fc.nat(),
    b0: fc.nat({ max: 600 }),
    len: fc.integer({ min: -2, max: 80 }),
    rehash: fc.boolean(),
  }),
);

const claimCase: fc.Arbitrary<ClaimCase> = fc.record({
  claim: fc.nat(),
  edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
  reclaim: fc.oneof(
    { weight: 4, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
});

/** What a support can point at in this model: evidence bytes, claim statements, tool results. */
function targets(m: any) {
  const evidence = new Map<string, Buffer>();
  const claims = new Map<string, Buffer>();
  const calls = new Map<string, Buffer>();
  for (const e of m.events) {
    if (e.kind === 'evidence_registered')
      evidence.set(e.evidence.id, Buffer.from(m.evidence[e.evidence.content_path]));
    if (e.kind === 'claim_emitted') claims.set(e.claim.id, Buffer.from(e.claim.statement));
    if (e.kind === 'tool_returned')
      calls.set(e.result.call_id, Buffer.from(canonical(e.result.result)));
  }
  return { evidence, claims, calls };
}

function bytesOf(t: ReturnType<typeof targets>, s: any): Buffer | undefined {
  return s.kind === 'evidence'
    ? t.evidence.get(s.ref_id)
    : s.kind === 'claim'
      ? t.claims.get(s.ref_id)
      : s.kind === 'tool_call'
        ? t.calls.get(s.ref_id)
        : undefined;
}

function rehash(t: ReturnType<typeof targets>, s: any): void {
  const b = bytesOf(t, s);
  const [b0, b1] = s.span;
  if (b && Number.isInteger(b0) && Number.isInteger(b1) && b0 >= 0 && b0 < b1 && b1 <= b.length)
    s.snippet_sha256 = sha(b.subarray(b0, b1));
}

function applyEdits(m: any, c: ClaimCase): any {
  const derived = m.events.filter(
    (e: any) => e.kind === 'claim_emitted' && e.claim.claim_type === 'derived',
  );
  const claim = derived[c.claim % derived.length].claim;
  const t = targets(m);
  const sup = () => claim.supports as any[];
  const nth = (i: number) => (sup().length ? sup()[i % sup().length] : undefined);
  for (const e of c.edits) {
    const s = 'which' in e ? nth(e.which) : undefined;
    switch (e.op) {
      case 'span':
        if (!s) break;
        s.span = [s.span[0] + e.d0, s.span[1] + e.d1];
        if (e.rehash) rehash(t, s);
        break;
      case 'ref': {
        if (!s) break;
        const pool =
          e.to === 'evidence'
            ? [...t.evidence.keys()]
            : e.to === 'claim'
              ? [...t.claims.keys()]
              : [...t.calls.keys()];
        s.kind = e.to === 'unknown' ? s.kind : e.to;
        s.ref_id =
          e.to === 'unknown' ? `ev_v1_${sha(`nothing ${e.pick}`)}` : pool[e.pick % pool.length];
        if (e.rehash) rehash(t, s);
        break;
      }
      case 'kind':
        if (s) s.kind = e.to;
        break;
      case 'snippet':
        if (!s) break;
        if (e.how === 'zero') s.snippet_sha256 = '0'.repeat(64);
        else if (e.how === 'upper') s.snippet_sha256 = String(s.snippet_sha256).toUpperCase();
        else rehash(t, s);
        break;
      case 'drop':
        if (sup().length) sup().splice(e.which % sup().length, 1);
        break;
      case 'repeat':
        if (s) sup().push({ ...s, span: [...s.span] });
        break;
      case 'add': {
        const ids = [...t.evidence.keys()];
        const ref_id = ids[e.evidence % ids.length]!;
        const s2: any = {
          kind: 'evidence',
          ref_id,
          span: [e.b0, e.b0 + e.len],
          snippet_sha256: '0'.repeat(64),
          hash_algo: 'sha256',
        };
        if (e.rehash) rehash(t, s2);
        sup().push(s2);
        break;
      }
    }
  }
  if (c.reclaim) reclaim(m, claim);
  return claim;
}

// ---------------------------------------------------------------------------------------------
// The reference rule, from the contract (not from the verifier).

const MARKER = /\[evidence:([^:\]]+):(\d+)-(\d+):([0-9a-f]{64})\]/g;

function referenceBad(m: any): string | undefined {
  const t = targets(m);
  const min = m.metadata?.reasoning_policy?.min_supports_per_claim ?? 2;
  for (const e of m.events) {
    if (e.kind !== 'claim_emitted' || e.claim.claim_type !== 'derived') continue;
    const c = e.claim;
    const grounded = new Set<string>();
    const markers: string[] = [];
    for (const s of c.supports) {
      if (!['evidence', 'claim', 'tool_call'].includes(s.kind))
        return `${c.id}: support kind ${s.kind}`;
      const b = bytesOf(t, s);
      if (!b) return `${c.id}: ${s.kind} support ${s.ref_id} resolves to nothing`;
      const [b0, b1] = s.span;
      if (!(Number.isInteger(b0) && Number.isInteger(b1) && b0 >= 0 && b0 < b1))
        return `${c.id}: span ${b0}-${b1} is not 0 <= b0 < b1`;
      // The contract defines the cited bytes of evidence supports only: a claim or tool_call
      // support must resolve, and grounds nothing.
      if (s.kind !== 'evidence') continue;
      if (b1 > b.length) return `${c.id}: span ${b0}-${b1} outside ${b.length} evidence bytes`;
      if (s.snippet_sha256 !== sha(b.subarray(b0, b1)))
        return `${c.id}: snippet hash of ${b0}-${b1}`;
      grounded.add(`${s.ref_id}:${b0}-${b1}`);
      markers.push(`[evidence:${s.ref_id}:${b0}-${b1}:${s.snippet_sha256}]`);
    }
    if (grounded.size < min) return `${c.id}: ${grounded.size} distinct evidence supports`;
    const stated = [...c.statement.matchAll(MARKER)].map((x) => x[0]).sort();
    if (stated.join() !== [...markers].sort().join())
      return `${c.id}: markers do not match the supports`;
  }
  return undefined;
}

const tally = new Tally();
afterAll(() => tally.print('forged support cases'));

async function check(c: ClaimCase): Promise<void> {
  fs.rmSync(path.join(box.ws, 'artifacts'), { recursive: true, force: true });
  const m = cleanModel();
  applyEdits(m, c);
  const bad = referenceBad(m);
  tally.add(c.edits.map((e) => e.op).join(','), bad !== undefined);
  writeRun(box.ws, m);
  const report = expectSoundReport(await verify({ root: box.ws }));
  expectNoSecret(
    JSON.stringify(report) + Object.values(renderAll(report)).join('\n'),
    box.secrets,
    'the output',
  );
  if (bad !== undefined && report.conclusion !== 'failure')
    throw new Error(`reference says bad (${bad}) but the run verified ${report.conclusion}`);
}

describe('fuzz: forged claim supports in self-sealed runs', () => {
  it('the clean model verifies green, so the property below is not vacuous', async () => {
    const m = cleanModel();
    expect(referenceBad(m)).toBeUndefined();
    writeRun(box.ws, m);
    expect((await verify({ root: box.ws })).conclusion).toBe('success');
  });

  it(
    'a run whose derived claims are not grounded as the contract says never verifies green',
    async () => {
      await fc.assert(fc.asyncProperty(claimCase, check), params(100));
    },
    timeout(),
  );
});
