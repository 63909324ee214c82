import path from 'node:path';
import { leavesBase } from '../../io/paths.js';
import { codePointCompare, isPlainRelative, MAX_PER_CODE } from '../kit/index.js';
import { decodeUtf8, readSmallFile } from '../../io/files.js';
import type { Hasher } from '../../io/hashing.js';
import type { Workspace } from '../../io/workspace.js';
import type { Location } from '../../model/finding.js';
import { cap, quoteValue } from '../../render/sanitize.js';
import type { Subject, Target } from '../../model/subject.js';
import type { PackContext, PackResult } from '../pack.js';
import type { Card, AristoExtension } from './cards.js';
import { ARISTO, type AristoCodeDef } from './codes.js';
import { buildEntries } from './entries.js';
import { isCSource, loadCSources } from './c-sources.js';
import { MAX_SOURCE_BYTES } from './files.js';
import { rangeHasher, rustLines } from './hash.js';
import { idFromProofFileName } from './ids.js';
import { loadIndex, normalFile } from './index-file.js';
import { Findings, type Entry } from './model.js';
import { listProofNames, loadProof, type LoadedProof } from './proofs.js';
import { RULES, proofBody, type CodeFile, type RuleContext } from './rules/index.js';
import type { ProofFile } from './schema.js';
import { scanSources, type ParseCache } from './sources.js';
import { EXPECTATIONS_PATH, loadWaivers, type AristoWaiver } from './waivers.js';

/** Pack options (fixture `options`, CLI flags). */
export interface AristoOptions {
  /** Inconclusive verdicts block (default: they warn). */
  block_inconclusive?: boolean;
  /** Intents asking for verification without a proof block (default: they warn). */
  block_missing_proof?: boolean;
  /** The assurance the workflow pinned, if any (gate-wide): submission makes missing proofs block. */
  assurance?: string;
}

const MALFORMED = new Set<string>([
  ARISTO.proofUnreadable.code,
  ARISTO.proofFilenameInvalid.code,
  ARISTO.proofUnparseable.code,
  ARISTO.proofSchema.code,
]);
const STALE: Record<string, string> = {
  [ARISTO.proofStaleText.code]: 'the claim text changed',
  [ARISTO.proofStaleCode.code]: 'the code changed',
  [ARISTO.groundStaleText.code]: 'a cited claim changed',
  [ARISTO.groundStaleCode.code]: 'cited code changed',
  [ARISTO.gapSuggestionExists.code]: 'a suggested annotation now exists',
};
/** Codes that say something about the proof without rejecting it. */
const NOT_REJECTING = new Set<string>([ARISTO.unknownKey.code]);

interface ProofSubject {
  subject: string;
  name: string;
  rel: string;
  id?: string;
  loaded?: LoadedProof;
}

/** Each run's parsed sources (a run has one Hasher per thread): see ParseCache. */
const PARSES = new WeakMap<Hasher, ParseCache>();

/** Verifies one aristo workspace (the directory holding `.aristo/`). */
export async function verifyAristo(targetDir: string, ctx: PackContext): Promise<PackResult> {
  const ws = ctx.workspace;
  const opts = ctx.options as AristoOptions;
  const rel = ws.rel(targetDir);
  const targetId = `aristo:${rel}`;
  const repoPath = (file: string) => (rel === '.' ? file : `${rel}/${file}`);
  const f = new Findings(targetId);

  // Intents that ask for verification and have no proof, or none can be about: they block where
  // the workflow pins submission (deleting a refuted proof must not be a way round that gate).
  const missing =
    opts.block_missing_proof || opts.assurance === 'submission'
      ? { severity: 'error' as const }
      : {};
  let cache = PARSES.get(ctx.hasher);
  if (!cache) PARSES.set(ctx.hasher, (cache = new Map()));
  const scan = await scanSources(ws, targetDir, targetId, f, { unproven: missing, cache });
  const index = loadIndex(ws, targetDir, targetId, f);
  // C sources are not parsed for annotations; those the index names are read with the SDK's own
  // C grammar, so an entry stands only where the SDK could have written it.
  const cSources = await loadCSources(
    ws,
    targetDir,
    [...(index?.entries.values() ?? [])].map((e) => normalFile(e.file)).filter(isCSource),
  );
  const { byId: entries, unidentified } = buildEntries(scan, index, {
    subject: targetId,
    f,
    repoPath,
    cSources,
  });
  const waivers = loadWaivers(ws, targetDir, targetId, f);
  // A pull request can write expectations.toml: with enforcement pinned by the workflow, only the
  // workflow's own config may waive (the platform's waivers), as for every pack.
  if (ctx.options.assurance !== undefined && waivers.size > 0) {
    const first = [...waivers.values()][0]!;
    const ids = [...waivers.keys()];
    const named = ids
      .slice(0, 5)
      .map((id) => `\`${id}\``)
      .join(', ');
    const more = ids.length > 5 ? ` and ${ids.length - 5} more` : '';
    f.add(
      ARISTO.waiversNotTrusted,
      targetId,
      `${EXPECTATIONS_PATH} waives ${named}${more}, but the workflow pins enforcement: waivers from the checkout do not apply.`,
      first.location,
    );
    waivers.clear();
  }

  const proofs: ProofSubject[] = listProofNames(ws, targetDir, targetId, f).map((name) => {
    const decoded = idFromProofFileName(name);
    const id = decoded.ok ? decoded.id : undefined;
    const subject = `${targetId}#${id ?? name}`;
    const proofRel = repoPath(`.aristo/proofs/${name}`);
    const loaded = loadProof(ws, targetDir, name, subject, f);
    return {
      subject,
      name,
      rel: proofRel,
      ...(id !== undefined ? { id } : {}),
      ...(loaded ? { loaded } : {}),
    };
  });
  deriveStatuses(entries, proofs);

  // By the path as cited, and each real file once: `./big.rs`, `.//big.rs` and a link to it are
  // one file, read once and with one hashing budget (1,000 spellings of an 8 MiB file ran out of
  // memory).
  const codeFiles = new Map<string, CodeFile>();
  const byReal = new Map<string, CodeFile>();
  const code = (file: string) => {
    let c = codeFiles.get(file);
    if (!c) codeFiles.set(file, (c = readCodeFile(ws, targetDir, file, byReal)));
    return c;
  };
  const sourceAt = (e: Entry | undefined): Location | undefined =>
    e ? { path: repoPath(e.file), ...(e.line ? { line: e.line } : {}) } : undefined;

  const subjects: Subject[] = [];
  const cards: Card[] = [];
  const proven = new Set<string>();
  for (const p of proofs) {
    if (p.id !== undefined) proven.add(p.id);
    const entry = p.id !== undefined ? entries.get(p.id) : undefined;
    // A card lists its first failures and counts the rest, as the findings do.
    const failures: string[] = [];
    let unlisted = 0;
    const fail = (m: string) =>
      failures.length < MAX_PER_CODE ? void failures.push(m) : void unlisted++;
    if (p.loaded) {
      const { loaded } = p;
      const shape = proofBody(loaded.proof);
      const rc: RuleContext = {
        id: loaded.id,
        proof: loaded.proof,
        entry,
        entries,
        body: shape.ok ? shape.body : undefined,
        code,
        report(def: AristoCodeDef, at, location, detail) {
          fail(`${location}: ${detail}`);
          const src = sourceAt(entry);
          // A sentence first (the code's title); then where in the proof and what the SDK's
          // validator says, in its words, so aristo verify's output can be matched.
          f.add(
            def,
            p.subject,
            `${def.title}, in the proof of \`${loaded.id}\`: ${location}: ${detail}`,
            { path: loaded.rel, line: loaded.doc.lineOf(at) },
            {
              id: loaded.id,
              ...(src ? { related: [src] } : {}),
            },
          );
        },
      };
      for (const rule of RULES) if (!rule.meta.needsBody || rc.body) rule.check(rc);
    }
    const mine = f.of(p.subject);
    const fired = new Set(mine.map((x) => x.code));
    for (const x of mine) if (MALFORMED.has(x.code)) fail(x.message);
    if (unlisted > 0) failures.push(`… and ${unlisted} more (see the findings)`);

    const card = baseCard(p, entry, repoPath);
    const state = judge(p, entry, fired);
    card.state = state;
    if (state === 'rejected' || state === 'malformed') card.failures = failures;
    // Rejected only because grounds were past the hashing budget: a re-run cannot help.
    if (
      state === 'rejected' &&
      [...fired].every((c) => c === ARISTO.groundUnchecked.code || NOT_REJECTING.has(c))
    )
      card.fix = ARISTO.groundUnchecked.remediation;
    if (state === 'stale') card.drifted = [...fired].filter((c) => STALE[c]).map((c) => STALE[c]!);
    const proof = p.loaded?.proof;
    if (proof && entry && (state === 'verified' || state === 'refuted' || state === 'inconclusive'))
      gate(state, proof, p, entry, waivers.get(entry.id), card);
    cards.push(card);
    subjects.push(subjectOf(targetId, p.subject, p.id ?? p.name, p.rel, card, proof));
  }

  function gate(
    state: 'verified' | 'refuted' | 'inconclusive',
    proof: ProofFile,
    p: ProofSubject,
    entry: Entry,
    waiver: AristoWaiver | undefined,
    card: Card,
  ): void {
    const src = sourceAt(entry)!;
    const doc = p.loaded!.doc;
    const proofAt = (at: string[]) => ({ path: p.rel, line: doc.lineOf(at) });
    const label = `${entry.id} (${src.path}:${entry.site})`;
    if (state === 'verified') {
      card.held = proof.verified?.proof.conclusion ?? '';
      if (waiver)
        f.add(
          ARISTO.waiverRatchet,
          p.subject,
          `${label} now verifies, but .aristo/expectations.toml still waives it (the ratchet keeps waivers from rotting).`,
          waiver.location,
          { related: [proofAt(['verdict']), src] },
        );
      return;
    }
    if (state === 'refuted') {
      const v = proof.counterexample!.violation;
      Object.assign(card, refutation(v, entry, repoPath));
      if (waiver) {
        card.state = 'waived';
        card.waiver = {
          reason: waiver.reason,
          ...(waiver.tracking ? { tracking: waiver.tracking } : {}),
        };
        f.add(
          ARISTO.refutedWaived,
          p.subject,
          `${label} is refuted and waived: ${waiver.reason}${waiver.tracking ? ` (${waiver.tracking})` : ''}.`,
          src,
          { related: [proofAt(['counterexample', 'violation']), waiver.location] },
        );
      } else
        f.add(ARISTO.refuted, p.subject, `${label} is refuted: ${firstLine(v.description)}`, src, {
          related: [proofAt(['counterexample', 'violation'])],
          id: entry.id,
        });
      return;
    }
    const gap = proof.inconclusive!.gap;
    card.gap = gap.description;
    card.suggestions = gap.suggested_annotations.map((s) => ({
      kind: s.kind,
      at: s.at_site,
      text: s.suggested_text,
    }));
    f.add(
      ARISTO.inconclusive,
      p.subject,
      `${label} could not be verified or refuted: ${firstLine(gap.description)}`,
      src,
      {
        related: [proofAt(['inconclusive', 'gap'])],
        id: entry.id,
        ...(opts.block_inconclusive ? { severity: 'error' as const } : {}),
        remediation: suggestionsText(card.suggestions),
      },
    );
  }

  // Waivers of ids no annotation has.
  for (const w of waivers.values())
    if (!entries.has(w.id))
      f.add(
        ARISTO.waiverOrphan,
        targetId,
        `.aristo/expectations.toml waives \`${w.id}\`, which no annotation has.`,
        w.location,
      );

  // Intents that ask for verification and have no proof.
  for (const e of entries.values()) {
    if (e.kind !== 'intent' || e.verify === false || proven.has(e.id)) continue;
    const subject = `${targetId}#${e.id}`;
    const src = sourceAt(e)!;
    f.add(
      ARISTO.proofMissing,
      subject,
      `${e.id} (${src.path}:${e.site}) asks for verification but has no proof.`,
      src,
      {
        ...missing,
        id: e.id,
      },
    );
    const card: Card = { id: e.id, state: 'unproven', file: src.path, site: e.site, claim: e.text };
    cards.push(card);
    subjects.push(subjectOf(targetId, subject, e.id, src.path, card, undefined));
  }
  for (const a of unidentified) {
    if (a.kind !== 'intent' || a.verify === false) continue;
    const src = { path: repoPath(a.file), line: a.line };
    const key = `${src.path}:${a.line}`;
    const subject = `${targetId}#${key}`;
    f.add(
      ARISTO.proofMissing,
      subject,
      `The intent at ${key} (${a.site}) has no id and no index entry to take one from, so no proof can be matched to it: give it id = "…".`,
      src,
      missing,
    );
    const card: Card = { id: key, state: 'unproven', file: src.path, site: a.site, claim: a.text };
    cards.push(card);
    subjects.push(subjectOf(targetId, subject, key, src.path, card, undefined));
  }

  const findings = f.all();
  const blocked = findings.some((x) => x.severity === 'error');
  const target: Target = {
    id: targetId,
    pack: 'aristo',
    kind: 'workspace',
    path: rel,
    enforcement: 'blocking',
    terminal_state: blocked ? 'blocked' : 'accepted',
    ready: !blocked,
    context: {
      // What missing proofs and the checkout's waivers were judged under: a report merged or
      // published by a workflow that pins submission is refused unless this says submission.
      assurance: ctx.options.assurance ?? 'unpinned',
      annotations: String(entries.size),
      proofs: String(proofs.length),
      index: index ? 'committed' : 'from source',
    },
  };
  const extension: AristoExtension = { kind: 'aristo', cards };
  return { target, subjects, findings, extension };
}

/** The SDK's status derivation: anchors match → the verdict, else stale (aristo.md §4). */
function deriveStatuses(entries: Map<string, Entry>, proofs: ProofSubject[]): void {
  for (const p of proofs) {
    const e = p.id !== undefined ? entries.get(p.id) : undefined;
    const proof = p.loaded?.proof;
    if (!e || !proof) continue;
    const v = proof.verdict;
    // A proof whose body the SDK cannot use is demoted too (its second validator pass).
    e.status =
      v.produced_at_text_hash === e.text_hash &&
      v.produced_at_body_hash === e.body_hash &&
      proofBody(proof).ok
        ? v.type
        : 'stale';
  }
}

function judge(p: ProofSubject, entry: Entry | undefined, fired: Set<string>): Card['state'] {
  if (!p.loaded || [...fired].some((c) => MALFORMED.has(c))) return 'malformed';
  if (!entry) return 'orphan';
  const rejecting = [...fired].filter((c) => !NOT_REJECTING.has(c));
  if (rejecting.some((c) => !STALE[c])) return 'rejected';
  if (rejecting.length) return 'stale';
  const t = p.loaded.proof.verdict.type;
  return t === 'counterexample' ? 'refuted' : t;
}

function baseCard(
  p: ProofSubject,
  entry: Entry | undefined,
  repoPath: (f: string) => string,
): Card {
  return {
    id: p.id ?? p.name,
    state: 'malformed',
    proof: p.rel,
    ...(entry ? { file: repoPath(entry.file), site: entry.site, claim: entry.text } : {}),
  };
}

const STATUS: Record<Card['state'], string> = {
  verified: 'VERIFIED',
  refuted: 'REFUTED',
  waived: 'REFUTED_WAIVED',
  inconclusive: 'INCONCLUSIVE',
  stale: 'STALE',
  rejected: 'REJECTED',
  orphan: 'ORPHAN',
  malformed: 'MALFORMED',
  unproven: 'NO_PROOF',
};

function subjectOf(
  target: string,
  id: string,
  name: string,
  p: string,
  card: Card,
  proof: ProofFile | undefined,
): Subject {
  const s: Subject = {
    id,
    target,
    pack: 'aristo',
    kind: 'annotation',
    name,
    path: p,
    status: STATUS[card.state],
    outcome: 'pass',
  };
  if (proof) s.verdict = proof.verdict.type;
  if (card.claim !== undefined) s.reason = firstLine(card.claim, 200);
  return s;
}

/** Tested / Found / ↳ of a refutation card, from the trigger steps and their code grounds. */
function refutation(
  v: NonNullable<ProofFile['counterexample']>['violation'],
  entry: Entry,
  repoPath: (f: string) => string,
): Pick<Card, 'tested' | 'found' | 'foundAt'> {
  const ordered = [...v.trigger_steps].sort((a, b) => codePointCompare(a.path, b.path));
  const violated =
    v.trigger_steps.find((s) => s.path === v.violated_step_path) ?? ordered[ordered.length - 1];
  const codeGround = [violated, ...ordered.slice().reverse()]
    .flatMap((s) => s?.grounds ?? [])
    .find((g) => g.kind === 'code');
  const foundAt =
    codeGround?.kind === 'code' && isPlainRelative(codeGround.file)
      ? {
          path: repoPath(codeGround.file),
          line: Number(codeGround.lines.split('-')[0]) || 1,
          what: codeGround.reason,
        }
      : {
          path: repoPath(entry.file),
          ...(entry.line ? { line: entry.line } : {}),
          what: violated?.claim ?? v.description,
        };
  return { tested: ordered.map((s) => s.claim), found: v.description, foundAt };
}

/** What an inconclusive proof's finding tells the author: the annotations the proof asks for. */
function suggestionsText(suggestions: NonNullable<Card['suggestions']>): string {
  const shown = suggestions
    .slice(0, 3)
    .map((s) => `${quoted(s.kind, 20)} at ${quoted(s.at, 120)}: ${quoted(s.text, 200)}`);
  const more = suggestions.length > 3 ? ` (and ${suggestions.length - 3} more in the proof)` : '';
  return shown.length === 0
    ? ARISTO.inconclusive.remediation
    : `Add one of the annotations the proof suggests, then re-run the proof: ${shown.join('; ')}${more}.`;
}

/** The first line of proof text, cut to `max` code points, quoted and escaped. */
const quoted = (s: string, max: number): string =>
  quoteValue(s.trimStart().split('\n', 1)[0]!.trim(), max);

function firstLine(s: string, max = 300): string {
  // Cut by code points (cap), never inside a surrogate pair.
  return cap(s.trim().split('\n')[0]!.trim(), max);
}

/**
 * A file a code ground cites, read as the SDK would (`root.join(file)`, `str::lines`) but only
 * inside the repository: a `..`, an absolute path or a symlink out is refused unread.
 */
function readCodeFile(
  ws: Workspace,
  targetDir: string,
  file: string,
  byReal: Map<string, CodeFile>,
): CodeFile {
  if (path.isAbsolute(file) || /^[A-Za-z]:/.test(file))
    return { state: 'outside', detail: 'is an absolute path' };
  if (file.split(/[\\/]/).includes('..')) return { state: 'outside', detail: 'climbs out with ..' };
  // A trailing slash names a directory: the SDK's open of root.join(file) fails on a file.
  if (file.length === 0 || file.includes('\0') || /[\\/]$/.test(file))
    return { state: 'unreadable' };
  const r = ws.resolve(targetDir, file);
  if (!r.ok)
    return r.reason !== 'outside_root'
      ? { state: 'unreadable' }
      : {
          state: 'outside',
          detail: r.gitDir
            ? 'lies in a git directory or links into one, which is never read'
            : 'is a symlink out of the repository',
        };
  const inside = path.relative(ws.root, r.real);
  if (leavesBase(inside)) return { state: 'outside', detail: 'is a symlink out of the repository' };
  let read = byReal.get(r.real);
  if (!read) byReal.set(r.real, (read = readRealCodeFile(r.real)));
  return read;
}

function readRealCodeFile(real: string): CodeFile {
  const read = readSmallFile(real, MAX_SOURCE_BYTES);
  if (!read.ok) return { state: 'unreadable' };
  const text = decodeUtf8(read.bytes);
  if (!text.ok) return { state: 'unreadable' };
  const lines = rustLines(text.text);
  return { state: 'ok', lines, rangeHash: rangeHasher(lines) };
}
