import fs from 'node:fs';
import path from 'node:path';
import type { HashOutcome, Hasher } from '../../../io/hashing.js';
import type { Location } from '../../../model/finding.js';
import { TRACE } from '../codes.js';
import { fast } from '../format/fast.js';
import { q, type RunCtx, short } from '../context.js';
import { isPlainRelative, readable, usable, type TargetEntry } from '../../kit/index.js';
import { loadRunFile, readRunFile } from '../format/files.js';
import { sha256Hex } from '../../../io/hashing.js';
import { contentId, documentMembers } from '../producer/ids.js';
import { CORE_FILES, RunMeta, SUPPORTED_RUN_META_VERSIONS } from '../format/schema.js';

/** Core files: each must exist as a regular file (manifest.json lists every other file). */
export function checkCoreFiles(ctx: RunCtx, listing: Map<string, TargetEntry>): void {
  for (const name of CORE_FILES) {
    const e = listing.get(name);
    if (!e) {
      let isDir = false;
      try {
        isDir = fs.lstatSync(path.join(ctx.runDir, name)).isDirectory();
      } catch {
        // missing
      }
      if (isDir)
        ctx.f.add(
          TRACE.fileUnreadable,
          `${name} is a directory, not the file every run holds; it was not read.`,
          { path: ctx.rel(name) },
        );
      else
        ctx.f.add(
          TRACE.runFileMissing,
          `The run directory has no ${name}; every run holds ${CORE_FILES.join(', ')}.`,
          { path: ctx.rel(name) },
        );
    } else if (!readable(e)) {
      ctx.f.add(
        TRACE.fileUnreadable,
        `${name} ${e.detail ?? 'is not a regular file'}; it was not read.`,
        { path: ctx.rel(name) },
      );
    }
  }
}

export function loadRunMeta(ctx: RunCtx, listing: Map<string, TargetEntry>): RunMeta | undefined {
  if (!usable(listing, 'run_meta.json')) return undefined;
  const loaded = loadRunFile(
    ctx,
    'run_meta.json',
    fast().RunMeta,
    TRACE.runMetaInvalid,
    'is invalid',
  );
  if (!loaded) return undefined;
  const meta = loaded.data;
  checkRunMetaContent(ctx, loaded);
  if (!SUPPORTED_RUN_META_VERSIONS.includes(meta.schema_version)) {
    ctx.f.add(
      TRACE.unsupportedVersion,
      `run_meta.json declares schema_version ${meta.schema_version} (supported: ${SUPPORTED_RUN_META_VERSIONS.join(', ')}); no upgrader exists.`,
      { path: loaded.rel, line: loaded.doc.lineOf(['schema_version']) ?? 1 },
    );
  }
  return meta;
}

/**
 * What the producer derives inside run_meta.json, recomputed: `runtime_fingerprint` is the sha256
 * of the canonical runtime descriptor, and a content-derived run id covers the spec, the preset,
 * the seed and that fingerprint. A descriptor edited to declare other tools, another mode, seed or
 * preset then shows, though every hash of the run is sealed again.
 */
function checkRunMetaContent(
  ctx: RunCtx,
  loaded: NonNullable<ReturnType<typeof loadRunFile<RunMeta>>>,
): void {
  const raw = documentMembers(loaded.text, loaded.members);
  if (!raw) return; // a number out of range or deep nesting: the schema check has spoken
  const at = (key: string) => () => ({ path: loaded.rel, line: loaded.doc.lineOf([key]) ?? 1 });
  const meta = loaded.data as RunMeta & { runtime_fingerprint?: unknown };
  const recorded = meta.runtime_fingerprint;
  if (raw['runtime_descriptor'] !== undefined) {
    const want = sha256Hex(raw['runtime_descriptor']);
    if (recorded !== want)
      ctx.f.add(
        TRACE.runMetaMismatch,
        `run_meta.json records runtime_fingerprint ${q(recorded)}, but its runtime_descriptor hashes to ${q(want)}: the descriptor (the run's kind, mode or tools) or the fingerprint was edited after the run.`,
        at('runtime_fingerprint'),
      );
  }
  if (meta.run_id.startsWith('run_v1_') && raw['runtime_fingerprint'] !== undefined) {
    const want = contentId('run', {
      preset: raw['preset'] ?? 'null',
      runtime_fingerprint: raw['runtime_fingerprint'],
      seed: raw['seed'] ?? 'null',
      spec_id: raw['spec_id']!,
    });
    if (want !== meta.run_id)
      ctx.f.add(
        TRACE.runMetaMismatch,
        `run_meta.json records run_id ${q(meta.run_id)}, but its spec, preset, seed and runtime fingerprint give ${q(want)}: one of them was edited after the run.`,
        at('run_id'),
      );
  }
}

/** What the rules use of spec.json: its id, and the question and constraints the producer ran. */
export interface LoadedSpec {
  id: string;
  description: string;
  constraints: Record<string, unknown>;
}

export function loadSpec(ctx: RunCtx, listing: Map<string, TargetEntry>): LoadedSpec | undefined {
  if (!usable(listing, 'spec.json')) return undefined;
  const loaded = loadRunFile(
    ctx,
    'spec.json',
    fast().ProblemSpec,
    TRACE.specInvalid,
    'is not a problem spec',
  );
  if (!loaded) return undefined;
  const id = loaded.data.id;
  // A content-derived spec id covers the spec (a caller-given id of another form is kept as is).
  if (id.startsWith('spec_v1_')) {
    const raw = documentMembers(loaded.text, loaded.members);
    // Lazy: locating the id needs a located parse, which only a finding pays for.
    const at = () => ({ path: loaded.rel, line: loaded.doc.lineOf(['id']) ?? 1 });
    if (!raw) {
      ctx.f.add(
        TRACE.specInvalid,
        'spec.json cannot be put in canonical form (a number out of range, or nesting deeper than 512 levels), so its content id cannot be checked.',
        at,
      );
    } else {
      const want = contentId('spec', {
        constraints: raw.constraints ?? '{}',
        description: raw.description!,
        expected: raw.expected ?? 'null',
        expected_output_type: raw.expected_output_type!,
        version: raw.version ?? 'null',
      });
      if (want !== id)
        ctx.f.add(
          TRACE.contentIdMismatch,
          `spec.json says its id is ${q(id)} but its content hashes to ${q(want)}: the spec (its description, constraints or expected output) was edited after the run.`,
          at,
        );
    }
  }
  return { id, description: loaded.data.description, constraints: loaded.data.constraints };
}

/**
 * The report the producer's own `verify` command writes beside the trace after the run: it is
 * not in the manifest (written later), and is checked like verify.json when present.
 */
export const PRODUCER_VERIFY_REPORT = 'verify.verify.json';

/**
 * verify.json (and verify.verify.json when present): the producer's own VerificationReport for
 * this trace; a report with a failed check or a failure of any severity rejects the run.
 */
export function checkVerifyReport(
  ctx: RunCtx,
  listing: Map<string, TargetEntry>,
  traceId: string | undefined,
  name = 'verify.json',
): void {
  if (!usable(listing, name)) return;
  const loaded = loadRunFile(
    ctx,
    name,
    fast().VerificationReport,
    TRACE.verifyReportInvalid,
    'is not a VerificationReport',
  );
  if (!loaded) return;
  const rel = loaded.rel;
  const r = loaded.data;
  const invalid = (message: string, at: (string | number)[]) =>
    ctx.f.add(TRACE.verifyReportInvalid, message, () => ({
      path: rel,
      line: loaded.doc.lineOf(at) ?? 1,
    }));
  // The producer leaves trace_id out (its verifier never sets it); one that is given must match.
  if (traceId !== undefined && r.trace_id != null && r.trace_id !== traceId) {
    invalid(`${name} reports on trace ${q(r.trace_id)}, not on this run’s trace ${q(traceId)}.`, [
      'trace_id',
    ]);
  }
  // The producer always runs its checks: a report with none vouches for nothing.
  if (r.checks.length === 0)
    invalid(`${name} records no checks: nothing was verified.`, ['checks']);
  const names = new Map<string, number>();
  r.checks.forEach((c, i) => {
    const first = names.get(c.name);
    if (first === undefined) names.set(c.name, i);
    else
      invalid(`${name} records the check ${q(c.name)} twice (checks[${first}] and checks[${i}]).`, [
        'checks',
        i,
      ]);
  });
  // The producer's strict policy (its default, and its CLI's) fails a run on any failure it
  // records, whatever its severity.
  const failures = r.failures;
  const failed = r.checks.filter((c) => !c.passed);
  if (failures.length > 0 || failed.length > 0) {
    const first = failures[0];
    ctx.f.add(
      TRACE.producerRejected,
      `${name} records that the producer’s own verification failed (${failed.length} failed check(s)${
        failed.length
          ? `: ${failed
              .slice(0, 4)
              .map((c) => q(c.name, 60))
              .join(', ')}`
          : ''
      }; ${failures.length} failure(s)${first ? `, first: ${q(first.message)}${first.invariant_id ? ` [${q(first.invariant_id, 60)}]` : ''}` : ''}).`,
      {
        path: rel,
        line:
          loaded.doc.lineOf(first ? ['failures', 0] : ['checks', r.checks.indexOf(failed[0]!)]) ??
          1,
      },
    );
  }
}

/** fingerprint.txt: sha256 hex of trace.jsonl's bytes, then one newline. */
export function checkFingerprint(
  ctx: RunCtx,
  listing: Map<string, TargetEntry>,
  traceSha: string,
): void {
  if (!usable(listing, 'fingerprint.txt')) return;
  const rel = ctx.rel('fingerprint.txt');
  const read = readRunFile(ctx, 'fingerprint.txt', 4096);
  if (!read.ok)
    return ctx.f.add(TRACE.fileUnreadable, `fingerprint.txt ${read.detail}.`, { path: rel });
  const text = read.bytes.toString('latin1');
  if (!/^[0-9a-f]{64}\n$/.test(text)) {
    return ctx.f.add(
      TRACE.fingerprintMismatch,
      `fingerprint.txt holds ${q(text, 80)}, not 64 lowercase hex characters and a newline; trace.jsonl hashes to ${traceSha}.`,
      { path: rel, line: 1 },
    );
  }
  const recorded = text.slice(0, 64);
  if (recorded !== traceSha) {
    ctx.f.add(
      TRACE.fingerprintMismatch,
      `fingerprint.txt records ${short(recorded)} but trace.jsonl’s bytes hash to ${short(traceSha)}: the trace was rewritten after the run (or the fingerprint was).`,
      { path: rel, line: 1 },
      [ctx.at()],
    );
  }
}

function inLayout(rel: string): boolean {
  if ((CORE_FILES as readonly string[]).includes(rel) || rel === PRODUCER_VERIFY_REPORT)
    return true;
  if (rel.startsWith('provenance/')) return true;
  return rel.startsWith('evidence/') && rel.split('/').length === 2;
}

/**
 * manifest.json: every entry rehashed (missing, changed), every file of the run listed (unlisted),
 * and nothing outside the run layout. trace.jsonl's hash comes from the stream that read it.
 */
export async function checkManifest(
  ctx: RunCtx,
  listing: Map<string, TargetEntry>,
  hasher: Hasher,
  trace: { sha256: string } | undefined,
  escapedEvidence: ReadonlySet<string>,
): Promise<void> {
  // Layout first: a file outside the layout is reported as such, not as unlisted.
  checkLayout(ctx, listing, escapedEvidence);
  if (!usable(listing, 'manifest.json')) return;
  const loaded = loadRunFile(
    ctx,
    'manifest.json',
    fast().Manifest,
    TRACE.manifestInvalid,
    'is not a map of path → sha256 hex',
  );
  if (!loaded) return;
  // Located lazily, and only for findings that are kept: finding a key's line means parsing the
  // manifest again, with positions, and a search among its keys.
  const at = (key: string) => () => ({ path: loaded.rel, line: loaded.doc.lineOf([key]) ?? 1 });
  const plan = manifestEntries(ctx, listing, loaded.data, at);
  // One wait for every hash (each file once, large ones in parallel), then synchronous checks:
  // an await per entry, and the checks inside this async function, made it the costliest
  // function of a run for the optimizing compiler.
  const outcomes = await Promise.all(
    plan.map((p) => (p.hashed ? hasher.hash(p.entry!.real!) : undefined)),
  );
  for (let i = 0; i < plan.length; i++) plan[i]!.outcome = outcomes[i];
  compareManifest(ctx, plan, trace, at);
  checkUnlisted(ctx, listing, new Set(plan.map((p) => p.key)), loaded.rel);
}

/** Every entry of the run lies in the run layout, and is a regular file (or a link to one inside). */
function checkLayout(
  ctx: RunCtx,
  listing: Map<string, TargetEntry>,
  escapedEvidence: ReadonlySet<string>,
): void {
  const f = ctx.f;
  for (const e of listing.values()) {
    if (e.kind === 'symlink' && !e.insideFile && escapedEvidence.has(e.rel)) continue; // reported as evidence_path_escape
    if (!inLayout(e.rel)) {
      f.add(
        TRACE.layoutUnexpected,
        `${q(e.rel)} lies outside the run layout (the core files, evidence/<id>.txt, provenance/…)${e.detail ? ` and ${e.detail}` : ''}.`,
        { path: ctx.rel(e.rel) },
      );
    } else if (
      e.kind === 'other' ||
      (e.kind === 'symlink' && !e.insideFile && !(CORE_FILES as readonly string[]).includes(e.rel))
    ) {
      f.add(TRACE.layoutUnexpected, `${q(e.rel)} ${e.detail ?? 'is not a regular file'}.`, {
        path: ctx.rel(e.rel),
      });
    }
  }
}

/** The manifest's entries with their listed files; keys that are no plain path are reported. */
function manifestEntries(
  ctx: RunCtx,
  listing: Map<string, TargetEntry>,
  manifest: Record<string, string>,
  at: (key: string) => () => Location,
): ManifestEntry[] {
  const plan: ManifestEntry[] = [];
  for (const key of Object.keys(manifest)) {
    if (!isPlainRelative(key) || key === 'manifest.json') {
      ctx.f.add(
        TRACE.manifestInvalid,
        `manifest.json lists ${q(key)}, which ${key === 'manifest.json' ? 'is the manifest itself' : 'is not a plain relative path inside the run directory'}.`,
        at(key),
      );
      continue;
    }
    const entry = listing.get(key);
    const hashed = entry !== undefined && key !== 'trace.jsonl' && readable(entry);
    plan.push({ key, want: manifest[key]!, entry, outcome: undefined, hashed });
  }
  return plan;
}

/** Files of the run layout that the manifest does not list (added after the run). */
function checkUnlisted(
  ctx: RunCtx,
  listing: Map<string, TargetEntry>,
  listed: ReadonlySet<string>,
  manifestRel: string,
): void {
  for (const e of listing.values()) {
    if (e.rel === 'manifest.json' || e.rel === PRODUCER_VERIFY_REPORT) continue;
    if (listed.has(e.rel) || !inLayout(e.rel)) continue;
    if (e.kind === 'other') continue;
    ctx.f.add(
      TRACE.manifestUnlisted,
      `${q(e.rel)} is in the run directory but manifest.json does not list it: it was added after the run.`,
      { path: ctx.rel(e.rel) },
      [{ path: manifestRel, line: 1 }],
    );
  }
}

interface ManifestEntry {
  key: string;
  want: string;
  entry: TargetEntry | undefined;
  /** Whether the entry's file is hashed (a readable file other than trace.jsonl). */
  hashed: boolean;
  outcome: HashOutcome | undefined;
}

/** Each listed file against its recorded hash, in the manifest's order. */
function compareManifest(
  ctx: RunCtx,
  plan: readonly ManifestEntry[],
  trace: { sha256: string } | undefined,
  at: (key: string) => () => Location,
): void {
  const f = ctx.f;
  for (const { key, want, entry, hashed, outcome: o } of plan) {
    if (!entry) {
      f.add(
        TRACE.manifestFileMissing,
        `manifest.json lists ${q(key)}, which the run directory no longer has.`,
        at(key),
        [{ path: ctx.rel(key) }],
      );
      continue;
    }
    let got: string | undefined;
    let size: number | undefined;
    if (key === 'trace.jsonl') {
      got = trace?.sha256;
    } else if (hashed && o) {
      if (o.ok) {
        got = o.sha256;
        size = o.size;
      } else if (o.reason === 'missing') {
        f.add(
          TRACE.manifestFileMissing,
          `manifest.json lists ${q(key)}, which the run directory no longer has.`,
          at(key),
          [{ path: ctx.rel(key) }],
        );
        continue;
      }
    }
    if (got === undefined) continue; // unreadable: reported by the layout or core-file checks
    if (got !== want) {
      f.add(
        TRACE.manifestHashMismatch,
        `${q(key)} hashes to ${short(got)}${size !== undefined ? ` (${size} bytes)` : ''} but manifest.json records ${short(want)}: it changed after the run.`,
        { path: ctx.rel(key) },
        () => [at(key)()],
      );
    }
  }
}
