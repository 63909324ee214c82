import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Location } from '../../../model/finding.js';
import { sha256Hex, type HashOutcome, type Hasher } from '../../../io/hashing.js';
import { dirPrefix, linkRoute, realpathText } from '../../../io/paths.js';
import { errorText } from '../../../io/workspace.js';
import type { SupportUse } from './claims.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import { q, qfile, qid, type RunCtx, short } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import { inGitDir, isPlainRelative } from '../../kit/index.js';
import type { EvidenceRef } from '../format/schema.js';
import { spanKey, type ChunkIndex } from './chunks.js';
import { SPAN_BUDGET_SPENT } from './span-hashes.js';

export interface EvidenceRecord {
  ev: EvidenceRef;
  line: number;
  /** Real path of the evidence file, once it resolved inside the run directory. */
  real?: string;
  /** Whole-file hash outcome, once the file was hashed. */
  outcome?: HashOutcome;
  /** The file's bytes, when it is small enough to be kept for the span checks. */
  bytes?: Buffer;
  /** Whether the file can be used to check support spans. */
  usable: boolean;
}

/** Evidence files read whole for span checks up to this size; bigger ones are read span by span. */
const WHOLE_READ_BYTES = 4 * 1024 * 1024;
/**
 * Evidence bytes kept from the hashing read for the span checks, per run: small files (the usual
 * chunk) are read once; past this budget a file is read again when its spans are checked.
 */
const KEEP_BYTES = 32 * 1024 * 1024;

/**
 * Evidence: a plain relative content_path that stays inside the run directory (no `..`, no
 * absolute path, no symlink out), an existing regular file whose whole-file sha256 is the one
 * recorded, agreement with provenance/chunks.jsonl; then every evidence support's span and
 * snippet hash over the exact bytes.
 */
export class EvidenceChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'evidence-registry',
    description:
      'Each evidence id is registered once, with a content path inside the run; its bytes are checked once the trace is read.',
    codes: [TRACE.evidenceDuplicate, TRACE.evidencePathEscape],
  };
  readonly on: EventVisitor['on'] = {
    evidence_registered: (ev, l) => this.registered(ev.evidence, l.no),
  };

  readonly records = new Map<string, EvidenceRecord>();

  constructor(private readonly ctx: RunCtx) {}

  registered(ev: EvidenceRef, line: number): void {
    const prev = this.records.get(ev.id);
    if (prev) {
      this.ctx.f.add(
        TRACE.evidenceDuplicate,
        `Evidence ${qid(ev.id)} is registered again on line ${line}; it was first registered on line ${prev.line}.`,
        this.ctx.at(line),
      );
      return;
    }
    const rec: EvidenceRecord = { ev, line, usable: false };
    this.records.set(ev.id, rec);
    if (!isPlainRelative(ev.content_path)) {
      const why =
        ev.content_path === ''
          ? 'is empty'
          : ev.content_path.split('/').includes('..')
            ? 'climbs out with ..'
            : ev.content_path.startsWith('/') || /^[A-Za-z]:/.test(ev.content_path)
              ? 'is absolute'
              : 'is not a plain relative POSIX path';
      this.ctx.f.add(
        TRACE.evidencePathEscape,
        `Evidence ${qid(ev.id)} on line ${line} has content_path ${qfile(ev.content_path)}, which ${why}; it was not read.`,
        this.ctx.at(line),
      );
    }
  }

  private escapes(rec: EvidenceRecord): void {
    this.ctx.f.add(
      TRACE.evidencePathEscape,
      `Evidence ${qid(rec.ev.id)} on line ${rec.line}: ${qfile(rec.ev.content_path)} is a symlink that leads outside the run directory; it was not read.`,
      this.ctx.at(rec.line),
      [{ path: this.ctx.rel(rec.ev.content_path) }],
    );
  }

  /** Resolves each evidence file to its real path inside the run (or reports why it has none). */
  resolveAll(): void {
    for (const rec of this.records.values()) {
      if (!isPlainRelative(rec.ev.content_path)) continue;
      const listed = this.ctx.listing.get(rec.ev.content_path);
      if (listed?.kind === 'file') {
        rec.real = listed.real!; // a plain file reached through real directories of the run
        continue;
      }
      const abs = path.join(this.ctx.realRunDir, ...rec.ev.content_path.split('/'));
      // A link out (or out and back) is said alike whatever is out there, before the system is
      // asked anything about it: no answer may tell what exists outside.
      const route = linkRoute(abs, this.ctx.realRunDir);
      if (route === 'outside') {
        this.escapes(rec);
        continue;
      }
      if (route === 'not-utf8') {
        this.ctx.f.add(
          TRACE.evidenceUnreadable,
          `Evidence file ${qfile(rec.ev.content_path)} (line ${rec.line}) is a symlink to a path that is not valid UTF-8.`,
          this.ctx.at(rec.line),
          [{ path: this.ctx.rel(rec.ev.content_path) }],
        );
        continue;
      }
      let real: string;
      try {
        real = realpathText(abs);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') {
          this.ctx.f.add(
            TRACE.evidenceMissing,
            `Evidence ${qid(rec.ev.id)} (registered on line ${rec.line}) has no file at ${qfile(rec.ev.content_path)}${this.citedBy(rec.ev.id)}.`,
            this.ctx.at(rec.line),
            [{ path: this.ctx.rel(rec.ev.content_path) }],
          );
        } else {
          this.ctx.f.add(
            TRACE.evidenceUnreadable,
            `Evidence file ${qfile(rec.ev.content_path)} (line ${rec.line}) ${code === 'ELOOP' ? 'is a symlink loop' : `cannot be resolved: ${errorText(err)}`}.`,
            this.ctx.at(rec.line),
            [{ path: this.ctx.rel(rec.ev.content_path) }],
          );
        }
        continue;
      }
      if (!real.startsWith(dirPrefix(this.ctx.realRunDir))) {
        this.escapes(rec);
        continue;
      }
      if (inGitDir(this.ctx.realRunDir, real)) {
        this.ctx.f.add(
          TRACE.evidenceUnreadable,
          `Evidence file ${qfile(rec.ev.content_path)} (line ${rec.line}) lies in a git directory, which is never read.`,
          this.ctx.at(rec.line),
          [{ path: this.ctx.rel(rec.ev.content_path) }],
        );
        continue;
      }
      rec.real = real;
    }
  }

  private citers: Map<string, Set<string>> | undefined;
  setCiters(supports: SupportUse[]): void {
    this.citers = new Map();
    for (const s of supports) {
      if (s.kind !== 'evidence') continue;
      let set = this.citers.get(s.refId);
      if (!set) this.citers.set(s.refId, (set = new Set()));
      set.add(s.claimId);
    }
  }

  private citedBy(id: string): string {
    const c = this.citers?.get(id);
    if (!c || c.size === 0) return '';
    const ids = [...c];
    return `; claim(s) citing it: ${ids
      .slice(0, 5)
      .map((x) => qid(x))
      .join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;
  }

  async checkFiles(hasher: Hasher, chunks: ChunkIndex | undefined): Promise<void> {
    // Small files are read once for both the hash and the span checks; the rest hash in parallel.
    const rest: string[] = [];
    let budget = KEEP_BYTES;
    for (const rec of this.records.values()) {
      if (!rec.real) continue;
      const r = budget > 0 ? hasher.read(rec.real, Math.min(budget, WHOLE_READ_BYTES)) : undefined;
      if (r?.ok) {
        rec.bytes = r.bytes;
        budget -= r.bytes.length;
      } else if (!r || r.kind === 'too_large') rest.push(rec.real);
    }
    await hasher.prefetch(rest);
    // One wait for every hash, then a synchronous check (an await per record cost the optimizing
    // compiler more than the check itself).
    const recs = [...this.records.values()];
    const outcomes = await Promise.all(recs.map((r) => (r.real ? hasher.hash(r.real) : undefined)));
    this.judgeFiles(recs, outcomes, chunks);
  }

  /** The chunk agreement and whole-file hash of each record, with the hash outcomes in order. */
  private judgeFiles(
    recs: readonly EvidenceRecord[],
    outcomes: readonly (HashOutcome | undefined)[],
    chunks: ChunkIndex | undefined,
  ): void {
    const f = this.ctx.f;
    for (let i = 0; i < recs.length; i++) {
      const rec = recs[i]!;
      const { ev, line } = rec;
      const evLoc: Location = { path: this.ctx.rel(ev.content_path) };
      if (ev.chunk_id !== ev.sha256) {
        f.add(
          TRACE.evidenceChunkMismatch,
          `Evidence ${qid(ev.id)} on line ${line} comes from chunk ${short(ev.chunk_id)} but records sha256 ${short(ev.sha256)}; a chunk id is the sha256 of the chunk’s bytes, which the evidence file holds.`,
          this.ctx.at(line),
        );
      } else if (chunks) {
        const listed = chunks.get(ev.chunk_id);
        const c = listed?.at.get(spanKey(ev.span[0], ev.span[1]));
        const spans = listed?.entries;
        if (!spans) {
          f.add(
            TRACE.evidenceChunkMismatch,
            `Evidence ${qid(ev.id)} on line ${line} comes from chunk ${short(ev.chunk_id)}, which provenance/chunks.jsonl does not list.`,
            this.ctx.at(line),
            [{ path: this.ctx.rel('provenance/chunks.jsonl') }],
          );
        } else if (!c) {
          f.add(
            TRACE.evidenceChunkMismatch,
            `Evidence ${qid(ev.id)} on line ${line} spans [${ev.span[0]}, ${ev.span[1]}) but its chunk is listed at ${spans
              .slice(0, 3)
              .map((x) => `[${x.start}, ${x.end})`)
              .join(
                ', ',
              )}${spans.length > 3 ? ' …' : ''} in provenance/chunks.jsonl (line ${spans[0]!.line}).`,
            this.ctx.at(line),
            [{ path: this.ctx.rel('provenance/chunks.jsonl'), line: spans[0]!.line }],
          );
        }
      }
      const o = outcomes[i];
      if (!rec.real || !o) continue;
      rec.outcome = o;
      if (!o.ok) {
        if (o.reason === 'missing') {
          f.add(
            TRACE.evidenceMissing,
            `Evidence ${qid(ev.id)} (registered on line ${line}) has no file at ${qfile(ev.content_path)}${this.citedBy(ev.id)}.`,
            this.ctx.at(line),
            [evLoc],
          );
        } else {
          f.add(
            TRACE.evidenceUnreadable,
            `Evidence file ${qfile(ev.content_path)} (line ${line}) ${o.detail}${this.citedBy(ev.id)}.`,
            this.ctx.at(line),
            [evLoc],
          );
        }
        continue;
      }
      rec.usable = true;
      if (o.sha256 !== ev.sha256) {
        f.add(
          TRACE.evidenceHashMismatch,
          `Evidence ${qid(ev.id)} (${qfile(ev.content_path)}, ${o.size} bytes) hashes to ${short(o.sha256)} but line ${line} of the trace records ${short(ev.sha256)}: the file changed after the run${this.citedBy(ev.id)}.`,
          this.ctx.at(line),
          [evLoc],
        );
      } else if (o.size !== ev.span[1] - ev.span[0]) {
        // The file is the chunk: [start, end) of its document, no byte more (the producer
        // rejects a support beyond the evidence span, and every real run keeps this).
        f.add(
          TRACE.evidenceChunkMismatch,
          `Evidence ${qid(ev.id)} (${qfile(ev.content_path)}) is ${o.size} bytes, ${o.size > ev.span[1] - ev.span[0] ? `${o.size - (ev.span[1] - ev.span[0])} more` : `${ev.span[1] - ev.span[0] - o.size} fewer`} than its span [${ev.span[0]}, ${ev.span[1]}) in the source document: an evidence file is exactly the chunk it was cut from${this.citedBy(ev.id)}.`,
          this.ctx.at(line),
          [evLoc],
        );
      }
    }
  }

  /** The evidence whose file hashes to its record, with the line that registers it. */
  intact(): { ev: EvidenceRef; line: number }[] {
    return [...this.records.values()].filter(
      (r) => r.usable && r.outcome?.ok && r.outcome.sha256 === r.ev.sha256,
    );
  }

  /**
   * An intact evidence file's bytes: undefined when it cannot be used or no longer hashes to its
   * record (the evidence checks report why), `'too_large'` past `max`.
   */
  readWhole(id: string, max: number): Buffer | 'too_large' | undefined {
    const rec = this.records.get(id);
    const o = rec?.outcome;
    if (!rec?.usable || !o?.ok || o.sha256 !== rec.ev.sha256) return undefined;
    if (o.size > max) return 'too_large';
    if (rec.bytes) return rec.bytes;
    let fd: number | undefined;
    try {
      fd = fs.openSync(rec.real!, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      if (!fs.fstatSync(fd).isFile()) return undefined;
      return fs.readFileSync(fd);
    } catch {
      return undefined; // the evidence checks report why it cannot be read
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /** Bytes [b0, b1) of a readable evidence file (at most 1 MiB of them), or undefined. */
  readSpan(id: string, b0: number, b1: number): Buffer | undefined {
    const rec = this.records.get(id);
    if (!rec?.usable || !rec.real || b0 >= b1 || b1 - b0 > 1024 * 1024) return undefined;
    if (rec.bytes) return b1 <= rec.bytes.length ? rec.bytes.subarray(b0, b1) : undefined;
    let fd: number | undefined;
    try {
      fd = fs.openSync(rec.real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      if (!fs.fstatSync(fd).isFile()) return undefined;
      const buf = Buffer.alloc(b1 - b0);
      const n = fs.readSync(fd, buf, 0, buf.length, b0);
      return n === buf.length ? buf : undefined;
    } catch {
      return undefined; // the evidence checks report why it cannot be read
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  /** Checks each evidence support: the ref resolves, the span lies in the file, the snippet hash matches. */
  checkSupports(supports: SupportUse[]): void {
    try {
      this.checkSpans(supports);
    } finally {
      for (const rec of this.records.values()) rec.bytes = undefined; // the run is done with them
    }
  }

  private checkSpans(supports: SupportUse[]): void {
    const f = this.ctx.f;
    // By file, not by evidence id: ids that name one file read it once.
    const byFile = new Map<string, { rec: EvidenceRecord; s: SupportUse }[]>();
    for (const s of supports) {
      if (s.kind !== 'evidence') continue;
      const rec = this.records.get(s.refId);
      if (!rec) {
        f.add(
          TRACE.supportUnresolved,
          `Claim ${qid(s.claimId)} on line ${s.line} cites evidence ${qid(s.refId)}, which no evidence_registered event in the trace registers.`,
          this.ctx.at(s.line),
        );
        continue;
      }
      if (!rec.usable) continue; // the evidence finding already explains why its bytes cannot be checked
      let list = byFile.get(rec.real!);
      if (!list) byFile.set(rec.real!, (list = []));
      list.push({ rec, s });
    }
    for (const [real, uses] of byFile) {
      const first = uses[0]!.rec;
      const size = first.outcome && first.outcome.ok ? first.outcome.size : 0;
      let fd: number | undefined;
      let whole = uses.find((u) => u.rec.bytes)?.rec.bytes;
      try {
        if (!whole) {
          fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
          if (!fs.fstatSync(fd).isFile()) throw new Error('is not a regular file');
          if (size <= WHOLE_READ_BYTES) whole = fs.readFileSync(fd);
        }
        for (const { rec, s } of uses)
          this.checkSpan(rec, s, real, whole, whole ? undefined : fd, size);
      } catch (err) {
        const relPath = first.ev.content_path;
        f.add(
          TRACE.evidenceUnreadable,
          `Evidence file ${qfile(relPath)} could not be read to check ${uses.length} cited span(s): ${errorText(err)}.`,
          this.ctx.at(first.line),
          [{ path: this.ctx.rel(relPath) }],
        );
      } finally {
        if (fd !== undefined) fs.closeSync(fd);
      }
    }
  }

  /** One evidence support: its span lies in the file, and its snippet hash is the span's. */
  private checkSpan(
    rec: EvidenceRecord,
    s: SupportUse,
    real: string,
    whole: Buffer | undefined,
    fd: number | undefined,
    size: number,
  ): void {
    const f = this.ctx.f;
    const id = rec.ev.id;
    const relPath = rec.ev.content_path;
    const len = whole ? whole.length : size;
    if (s.b1 > len || s.b0 >= s.b1) {
      f.add(
        TRACE.spanOutOfBounds,
        `Claim ${qid(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of evidence ${qid(id)}, but ${qfile(relPath)} has only ${len} bytes.`,
        this.ctx.at(s.line),
        [{ path: this.ctx.rel(relPath) }],
      );
      return;
    }
    const got = this.ctx.spans.hash('file', real, s.b0, s.b1, () =>
      whole ? sha256Hex(whole.subarray(s.b0, s.b1)) : hashRange(fd!, s.b0, s.b1),
    );
    if (got === undefined) {
      f.add(
        TRACE.snippetHashMismatch,
        `Claim ${qid(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of evidence ${qid(id)} (${qfile(relPath)}), which cannot be checked: ${SPAN_BUDGET_SPENT}.`,
        this.ctx.at(s.line),
        [{ path: this.ctx.rel(relPath) }],
      );
    } else if (got !== s.sha) {
      f.add(
        TRACE.snippetHashMismatch,
        `Claim ${qid(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of evidence ${qid(id)} (${qfile(relPath)}) with snippet_sha256 ${short(s.sha)}, but those bytes hash to ${short(got)}${preview(whole, s.b0, s.b1)}.`,
        this.ctx.at(s.line),
        [{ path: this.ctx.rel(relPath) }],
      );
    }
  }
}

function hashRange(fd: number, b0: number, b1: number): string {
  const h = createHash('sha256');
  const buf = Buffer.allocUnsafe(Math.max(1, Math.min(1024 * 1024, b1 - b0)));
  let pos = b0;
  while (pos < b1) {
    const n = fs.readSync(fd, buf, 0, Math.min(buf.length, b1 - pos), pos);
    if (n <= 0) break;
    h.update(buf.subarray(0, n));
    pos += n;
  }
  return h.digest('hex');
}

function preview(whole: Buffer | undefined, b0: number, b1: number): string {
  if (!whole) return '';
  const text = whole.subarray(b0, Math.min(b1, b0 + 80)).toString('utf8');
  return `; the span now reads ${q(text, 80)}`;
}
