import { sha256Hex } from '../../io/hashing.js';
import { TRACE, type TraceCodeDef } from './codes.js';
import { q, type RunCtx } from './context.js';
import type { RuleMeta } from '../kit/index.js';
import type { EventVisitor } from './rules/event-visitor.js';
import type { Claim } from './schema.js';

/** The producer's extractive reasoner, whose statements are a function of the bytes they cite. */
export const EXTRACTIVE_REASONER = 'baseline_extractive_v2';

/** Statement characters kept per run until the evidence is read (a longer run is not rebuilt, and says so). */
const MAX_KEPT_CHARS = 32 * 1024 * 1024;
/** Evidence bytes decoded per claim to rebuild it; a chunk the producer writes is a few hundred. */
const MAX_EVIDENCE_BYTES = 1024 * 1024;
/** The reasoner's fallback: the first characters of the evidence, when no sentence scores. */
const PREFIX_CHARS = 200;

/** One evidence citation, as the claim's supports and the reasoner's `picked` list give it. */
type Cite = [id: string, b0: number, b1: number, sha: string];

interface Pending {
  id: string;
  line: number;
  statement: string;
  cites: Cite[];
}

/**
 * Claims that carry the producer's reasoner mark (`structured.reasoner`): the reasoner's record of
 * what it picked is the claim's evidence supports, its statement is rebuilt from the cited bytes as
 * the extractive reasoner writes it (each cited sentence, then its marker), and the run's final
 * answer repeats its first final claim. Runs without the mark (other producers, synthetic runs)
 * paraphrase freely; they are held to the markers and hashes only.
 */
export class ExtractiveChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'extractive',
    description:
      'A claim the extractive reasoner marks as its own cites what it picked and reads as the sentences it cites.',
    codes: [TRACE.claimNotExtracted],
  };
  readonly on: EventVisitor['on'] = {
    claim_emitted: (ev, l) => this.claim(ev.claim, l.no),
  };

  /** sha256 of the statement of each claim with the reasoner mark. */
  readonly marked = new Map<string, string>();
  private readonly pending: Pending[] = [];
  private kept = 0;
  private overBudget: Pending | undefined;

  constructor(private readonly ctx: RunCtx) {}

  /** Whether a claim carries the producer's reasoner mark. */
  static reasonerOf(claim: Claim): Record<string, unknown> | undefined {
    const r = claim.structured?.['reasoner'];
    return r && typeof r === 'object' && !Array.isArray(r)
      ? (r as Record<string, unknown>)
      : undefined;
  }

  private claim(claim: Claim, line: number): void {
    const r = ExtractiveChecks.reasonerOf(claim);
    if (!r || claim.claim_type !== 'derived' || this.marked.has(claim.id)) return;
    this.marked.set(claim.id, sha256Hex(claim.statement));
    const bad = (why: string) =>
      this.ctx.f.add(
        TRACE.claimNotExtracted,
        `Derived claim ${q(claim.id)} on line ${line} ${why}.`,
        this.ctx.at(line),
      );
    if (r['reasoner'] !== EXTRACTIVE_REASONER) {
      bad(
        `carries a reasoner record naming ${q(String(r['reasoner']))}; the producer writes only ${EXTRACTIVE_REASONER}, whose statements audit-gate rebuilds from the cited bytes`,
      );
      return;
    }
    const cites: Cite[] = claim.supports.map((s) => [
      s.kind === 'evidence' ? s.ref_id : `${s.kind}:${s.ref_id}`,
      s.span[0],
      s.span[1],
      s.snippet_sha256,
    ]);
    const picked = pickedCites(r['picked']);
    if (!picked || picked.length !== cites.length || picked.some((p, i) => !same(p, cites[i]!))) {
      bad(
        'has supports that are not what its reasoner record says it picked (structured.reasoner.picked): the supports or the record were edited after the run',
      );
      return;
    }
    if (cites.length === 0 || claim.supports.some((s) => s.kind !== 'evidence')) return;
    const p: Pending = { id: claim.id, line, statement: claim.statement, cites };
    this.kept += claim.statement.length;
    if (this.kept > MAX_KEPT_CHARS) this.overBudget ??= p;
    else this.pending.push(p);
  }

  /**
   * Once the evidence files are read: each pending statement is rebuilt from the bytes it cites.
   * `read` gives an evidence file's bytes, undefined when they cannot be used (the evidence
   * checks report why) or `'too_large'`.
   */
  rebuild(read: (evidenceId: string) => Buffer | 'too_large' | undefined): void {
    const f = this.ctx.f;
    if (this.overBudget) {
      const p = this.overBudget;
      f.add(
        TRACE.claimNotExtracted,
        `Derived claim ${q(p.id)} on line ${p.line} and the reasoner-made claims after it were not rebuilt from their evidence: the run's statements exceed ${MAX_KEPT_CHARS / (1024 * 1024)} MiB.`,
        this.ctx.at(p.line),
      );
    }
    next: for (const p of this.pending) {
      const texts: Evidence[] = [];
      for (const [id] of p.cites) {
        const bytes = read(id);
        if (bytes === undefined) continue next;
        if (bytes === 'too_large') {
          f.add(
            TRACE.claimNotExtracted,
            `Derived claim ${q(p.id)} on line ${p.line} cites evidence ${q(id)}, which is over ${MAX_EVIDENCE_BYTES / (1024 * 1024)} MiB: the extractive reasoner's statement cannot be rebuilt from it.`,
            this.ctx.at(p.line),
          );
          continue next;
        }
        texts.push(decodeEvidence(bytes));
      }
      const why = mismatch(p, texts);
      if (why)
        f.add(
          TRACE.claimNotExtracted,
          `Derived claim ${q(p.id)} on line ${p.line} does not read as the sentences it cites: ${why}. The extractive reasoner writes each cited sentence, then its marker; the wording was edited after the run.`,
          this.ctx.at(p.line),
        );
    }
    this.pending.length = 0;
  }
}

export { MAX_EVIDENCE_BYTES as MAX_EXTRACTIVE_EVIDENCE_BYTES };

function pickedCites(v: unknown): Cite[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: Cite[] = [];
  for (const p of v) {
    if (!p || typeof p !== 'object') return undefined;
    const { evidence_id: id, span, sha } = p as Record<string, unknown>;
    if (typeof id !== 'string' || typeof sha !== 'string' || !Array.isArray(span)) return undefined;
    if (span.length !== 2 || !span.every((n) => Number.isSafeInteger(n))) return undefined;
    out.push([id, span[0] as number, span[1] as number, sha]);
  }
  return out;
}

const same = (a: Cite, b: Cite): boolean =>
  a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

/** An evidence file as the reasoner sees it: its code points, and each one's UTF-8 byte offset. */
interface Evidence {
  cps: number[];
  /** offsets[i]: the byte offset of code point i; offsets[cps.length]: the text's byte length. */
  offsets: number[];
}

/** Decoded as Python's `bytes.decode('utf-8', errors='replace')` does (offsets follow the decoded text, as the reasoner's do). */
function decodeEvidence(bytes: Buffer): Evidence {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  const cps: number[] = [];
  const offsets = [0];
  let at = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    cps.push(cp);
    at += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    offsets.push(at);
  }
  return { cps, offsets };
}

/** Python's str.isspace, which str.strip uses (JavaScript's trim differs on U+001C–U+001F, U+0085 and U+FEFF). */
export function isPySpace(cp: number): boolean {
  return (
    (cp >= 0x09 && cp <= 0x0d) ||
    (cp >= 0x1c && cp <= 0x20) ||
    cp === 0x85 ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** Python's `s.strip()` (or only its right half) over code points [a, b). */
function pyStrip(cps: readonly number[], a: number, b: number, left = true): [number, number] {
  while (left && a < b && isPySpace(cps[a]!)) a++;
  while (b > a && isPySpace(cps[b - 1]!)) b--;
  return [a, b];
}

/** Code points [a, b) as a string, a slice at a time (a spread of a long text overflows the stack). */
function text(cps: readonly number[], a: number, b: number): string {
  let out = '';
  for (let i = a; i < b; i += 4096)
    out += String.fromCodePoint(...cps.slice(i, Math.min(b, i + 4096)));
  return out;
}

/**
 * The sentence the reasoner writes for bytes [b0, b1): it strips the whole text, splits the
 * stripped text into sentences, and maps their character positions to bytes through the offsets of
 * the unstripped text (a text with leading spaces shifts its sentences; a rebuild repeats that).
 */
function sentence(ev: Evidence, b0: number, b1: number): string | undefined {
  const c0 = indexOf(ev.offsets, b0);
  const c1 = indexOf(ev.offsets, b1);
  if (c0 === undefined || c1 === undefined || c1 <= c0) return undefined;
  const [s0, s1] = pyStrip(ev.cps, 0, ev.cps.length);
  const stripped = ev.cps.slice(s0, s1);
  if (c1 > stripped.length) return undefined;
  const [a, b] = pyStrip(stripped, c0, c1);
  return a < b ? text(stripped, a, b) : undefined;
}

/** The reasoner's fallback when no sentence scores: a prefix of the text, from byte 0. */
function prefix(ev: Evidence, b0: number, b1: number): string | undefined {
  if (b0 !== 0) return undefined;
  const flat = ev.cps.map((c) => (c === 0x0a ? 0x20 : c));
  const [a, b] = pyStrip(flat, 0, flat.length);
  let out: string;
  if (b - a > PREFIX_CHARS) {
    const [, e] = pyStrip(flat, a, a + PREFIX_CHARS, false);
    out = `${text(flat, a, e)}...`;
  } else out = text(flat, a, b);
  return Buffer.byteLength(out, 'utf8') === b1 ? out : undefined;
}

/** Binary search: the code point index whose byte offset is `byte`. */
function indexOf(offsets: readonly number[], byte: number): number | undefined {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = offsets[mid]!;
    if (v === byte) return mid;
    if (v < byte) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * Why the statement is not `" ".join(f"{sentence} {marker}")` over its citations, or undefined
 * when it is. Each citation reads as its sentence or as the fallback prefix, both fixed by the bytes.
 */
function mismatch(p: Pending, evidence: readonly Evidence[]): string | undefined {
  const s = p.statement;
  let pos = 0;
  for (let i = 0; i < p.cites.length; i++) {
    const [id, b0, b1, sha] = p.cites[i]!;
    const ev = evidence[i]!;
    const marker = `[evidence:${id}:${b0}-${b1}:${sha}]`;
    const sep = i === 0 ? '' : ' ';
    const options = [sentence(ev, b0, b1), prefix(ev, b0, b1)].filter(
      (x): x is string => x !== undefined,
    );
    const found = options
      .map((o) => (o === '' && i === 0 ? marker : `${sep}${o} ${marker}`))
      .find((part) => s.startsWith(part, pos));
    if (found === undefined) {
      const want = options[0];
      return want === undefined
        ? `bytes [${b0}, ${b1}) of evidence ${q(id)} are not a sentence the reasoner could have cut`
        : `citation ${i + 1} should read ${q(want, 120)} before its marker`;
    }
    pos += found.length;
  }
  return pos === s.length ? undefined : `it has ${q(s.slice(pos), 120)} after its last marker`;
}
