import fs from 'node:fs';
import path from 'node:path';
import type { CodeDef } from '../../../model/finding.js';
import { statPath } from '../../../io/files.js';
import { dirPrefix } from '../../../io/paths.js';
import { REFERENCE_RUN } from '../../../io/reference.js';
import type { Resolved, Workspace } from '../../../io/workspace.js';
import { quoteValue } from '../../../render/sanitize.js';
import { hasText } from '../../kit/index.js';
import { ARIS } from '../codes.js';
import { DEFAULT_AUDITS, type AuditSpec } from '../schema.js';
import type { ArtifactRule, AuditContext, InputRef } from './context.js';

export const tracePath: ArtifactRule = {
  meta: {
    name: 'trace-path',
    description:
      'trace_path names an existing, non-empty trace inside the workspace (looked up from the paper dir upwards), not an artifact or the verifier’s own files.',
    codes: [
      ARIS.traceNotATrace,
      ARIS.traceEmpty,
      ARIS.traceEmptyFile,
      ARIS.traceUnreadable,
      ARIS.traceOutsideRoot,
      ARIS.traceMissing,
    ],
  },
  check(ctx) {
    const tracePath = ctx.data.trace_path;
    // A blank one is required-fields' missing_field, not a path to look for.
    if (typeof tracePath !== 'string' || !hasText(tracePath)) return;
    const t = checkTrace(tracePath, ctx.spec, ctx.audit, ctx.inputs);
    if (t.issue) {
      const [def, text, message] = t.issue;
      ctx.issue(def, message, text, ctx.lineOf('trace_path'));
    } else ctx.traceLocation = t.location;
  },
};

function isAncestorOrSelf(dir: string, of: string): boolean {
  return of === dir || of.startsWith(dirPrefix(dir));
}

/** Where the skills write their traces, in the paper dir or a folder above it. */
const TRACES_DIR = '.aris/traces';

/** The verifier's own files under a paper's (or an ancestor's) `.aris` directory. */
const ARIS_STATE_FILES: readonly [string, string][] = [
  ['.aris/audit-verifier-report.json', 'the verifier’s own report'],
  ['.aris/assurance.txt', 'the assurance setting'],
  ['.aris/audit-manifest.json', 'the audit manifest'],
];

/** A paper's paths that prove nothing as a trace, found once for all its audits. */
interface PaperPaths {
  paperDir: string;
  /** The paper's artifact names (the same array for each of its audits). */
  artifacts: readonly string[];
  /** Canonical path → [artifact name or undefined, its relative path or description]; first wins. */
  byKey: Map<string, [string | undefined, string]>;
  /** Canonical directory → the first of those paths below it (or it) that exists; built on use. */
  holders?: Map<string, string>;
}

/** Per run: the last paper's paths (its audits are checked one after another). */
const lastPaper = new WeakMap<Workspace, PaperPaths>();

/**
 * Paths that exist whatever the audit did, so they prove nothing as a trace: the audit
 * artifacts (this paper's, and the default four in every directory the trace is looked up in),
 * the verifier's report, assurance.txt, the manifest and the .aris directory itself. Keyed by
 * canonical path (see `Workspace.canonical`). Found once per paper, not once per audit: a paper
 * of 10,000 audits spent minutes rebuilding them.
 */
function paperPaths(ctx: AuditContext, bases: readonly string[]): PaperPaths {
  const known = lastPaper.get(ctx.ws);
  if (known?.paperDir === ctx.paperDir && known.artifacts === ctx.artifacts && !REFERENCE_RUN)
    return known;
  const byKey = new Map<string, [string | undefined, string]>();
  const add = (abs: string, artifact: string | undefined, text: string) => {
    const key = ctx.ws.canonical(abs);
    if (!byKey.has(key)) byKey.set(key, [artifact, text]);
  };
  for (const a of ctx.artifacts) {
    const abs = path.resolve(ctx.paperDir, a);
    add(abs, a, ctx.ws.rel(abs));
  }
  for (const base of bases) {
    for (const [file, what] of ARIS_STATE_FILES)
      add(path.join(base, file), undefined, `${what} (${ctx.ws.rel(path.join(base, file))})`);
    add(
      path.join(base, '.aris'),
      undefined,
      `the ${ctx.ws.rel(path.join(base, '.aris'))} directory, where the verifier keeps its settings and report`,
    );
    add(
      path.join(base, TRACES_DIR),
      undefined,
      `the ${ctx.ws.rel(path.join(base, TRACES_DIR))} directory, which holds every audit's traces (name this audit's own run folder in it)`,
    );
    for (const a of DEFAULT_AUDITS)
      add(
        path.join(base, a.artifact),
        undefined,
        `the audit artifact ${ctx.ws.rel(path.join(base, a.artifact))}`,
      );
  }
  const paths: PaperPaths = { paperDir: ctx.paperDir, artifacts: ctx.artifacts, byKey };
  lastPaper.set(ctx.ws, paths);
  return paths;
}

/** What a path that proves nothing as a trace is, as this audit's message names it. */
function describe(paths: PaperPaths, key: string, ownArtifact: string): string | undefined {
  const hit = paths.byKey.get(key);
  if (!hit) return undefined;
  const [artifact, text] = hit;
  return artifact === undefined
    ? text
    : artifact === ownArtifact
      ? `this audit’s own artifact (${text})`
      : `the audit artifact ${text}`;
}

/** The first such path that exists in directory `dir` or below it, if any. */
function heldIn(paths: PaperPaths, dir: string): string | undefined {
  if (!paths.holders) {
    paths.holders = new Map();
    for (const key of paths.byKey.keys()) {
      if (!fs.existsSync(key)) continue;
      for (let d = key; ; d = path.dirname(d)) {
        if (!paths.holders.has(d)) paths.holders.set(d, key);
        if (path.dirname(d) === d) break;
      }
    }
  }
  return paths.holders.get(dir);
}

/**
 * Whether `real` lies strictly inside `base`'s `.aris/traces/` folder, which must be a folder
 * there, not a link: linked to the paper, another paper or the repository, everything there
 * would count as a trace.
 */
function inTraces(ctx: AuditContext, base: string, real: string): boolean {
  const traces = path.join(base, TRACES_DIR);
  const resolved = ctx.ws.resolve(base, TRACES_DIR);
  return (
    resolved.ok && resolved.real === traces && real !== traces && isAncestorOrSelf(traces, real)
  );
}

/** A relative trace path under `.aris/traces/`, where the skills write their traces. */
/** Why a trace that resolved elsewhere is none, naming where it really is (inside the workspace). */
function outOfPlace(ctx: AuditContext, r: Extract<Resolved, { ok: true }>): string {
  const where = ctx.ws.rel(r.real);
  const via =
    r.real !== r.abs ? ` through a symlink (to ${quoteValue(where)})` : ` (${quoteValue(where)})`;
  return `reaches a path${via} that lies neither in the paper dir nor really under a .aris/traces/ folder above it (a folder there, not a link), so it proves nothing of this audit`;
}

const TOP_LEVEL_TRACES = /^(?:\.\/)*\.aris\/traces\//;

function checkTrace(
  tracePath: string,
  spec: AuditSpec,
  ctx: AuditContext,
  inputs: readonly InputRef[],
): { issue?: [CodeDef, string, string]; location?: string } {
  // Traces may be written at the repository top level (.aris/traces/...) rather than in the
  // paper dir: such a path is looked up in the paper dir, then each ancestor up to the workspace
  // root. Any other path is the paper dir's own (a README.md above it is no trace).
  const bases: string[] = [];
  for (let d = ctx.paperDir; ctx.ws.contains(d); d = path.dirname(d)) {
    bases.push(d);
    if (d === ctx.ws.root) break;
  }
  const lookIn = TOP_LEVEL_TRACES.test(tracePath) ? bases : [ctx.paperDir];
  let paths: PaperPaths | undefined;
  const notATrace = (clause: string): { issue: [CodeDef, string, string] } => ({
    issue: [
      ARIS.traceNotATrace,
      `trace_path_not_a_trace:${tracePath}`,
      `trace_path ${quoteValue(tracePath)} ${clause}. It must name the directory or file ${spec.skill} wrote with the reviewer’s prompt and response (such as .aris/traces/${spec.skill}/<run>/).`,
    ],
  });
  let firstFailure: Resolved | undefined;
  let escaped: Resolved | undefined;
  for (const base of lookIn) {
    const r = ctx.ws.resolve(base, tracePath);
    if (!r.ok) {
      firstFailure ??= r;
      if (r.reason === 'missing') continue;
      break;
    }
    // Above the paper only a trace inside that folder's .aris/traces/ counts: `..` or a link
    // there must not reach its README or any other file.
    if (base !== ctx.paperDir && !inTraces(ctx, base, r.real)) {
      escaped ??= r;
      continue;
    }
    paths ??= paperPaths(ctx, bases);
    const what = describe(paths, r.real, spec.artifact);
    if (what) return notATrace(`is ${what}, not a trace`);
    const st = statPath(r.real);
    if (st.kind === 'dir' && isAncestorOrSelf(r.real, ctx.paperDir))
      return notATrace(
        'is the paper directory or a directory above it, so any file there would count as the trace',
      );
    // From the paper dir too: a trace lies in it, or in a .aris/traces/ folder above it (a
    // README.md or any other file up there exists whatever the audit did).
    if (!isAncestorOrSelf(ctx.paperDir, r.real) && !bases.some((b) => inTraces(ctx, b, r.real)))
      return notATrace(outOfPlace(ctx, r));
    // An input exists whatever the audit did: it proves nothing as the trace, nor does a
    // directory holding one.
    const input = inputs.find((i) => i.resolved.ok && isAncestorOrSelf(r.real, i.resolved.real));
    if (input)
      return notATrace(
        input.resolved.ok && input.resolved.real === r.real
          ? `is ${quoteValue(input.key)}, an input the audit read, not a trace`
          : `is a directory holding ${quoteValue(input.key)}, an input the audit read, which would count as the trace`,
      );
    if (st.kind === 'dir') {
      // A directory holding an artifact or the verifier's files would let them count as the trace.
      const held = heldIn(paths, r.real);
      if (held)
        return notATrace(
          `is a directory holding ${describe(paths, held, spec.artifact)}, which would count as the trace`,
        );
      try {
        const d = fs.opendirSync(r.real);
        const first = d.readSync();
        d.closeSync();
        if (!first)
          return {
            issue: [
              ARIS.traceEmpty,
              `trace_path_empty:${tracePath}`,
              `trace_path ${quoteValue(tracePath)} is an empty directory.`,
            ],
          };
      } catch (err) {
        return {
          issue: [
            ARIS.traceUnreadable,
            `trace_path_unreadable:${tracePath}`,
            `trace_path ${quoteValue(tracePath)} cannot be listed: ${(err as Error).message}.`,
          ],
        };
      }
      return { location: r.rel };
    }
    if (st.kind === 'file') {
      if (st.size === 0)
        return {
          issue: [
            ARIS.traceEmptyFile,
            `trace_path_empty_file:${tracePath}`,
            `trace_path ${quoteValue(tracePath)} is an empty file.`,
          ],
        };
      return { location: r.rel };
    }
    return {
      issue: [
        ARIS.traceUnreadable,
        `trace_path_unreadable:${tracePath}`,
        `trace_path ${quoteValue(tracePath)} ${st.detail || 'cannot be read'}.`,
      ],
    };
  }
  if (escaped?.ok) return notATrace(outOfPlace(ctx, escaped));
  if (firstFailure && !firstFailure.ok && firstFailure.reason === 'missing') {
    // Not written yet (the verifier's report before its first run): still not a trace.
    paths ??= paperPaths(ctx, bases);
    for (const base of lookIn) {
      const what = describe(paths, ctx.ws.canonical(path.resolve(base, tracePath)), spec.artifact);
      if (what) return notATrace(`is ${what}, not a trace`);
    }
  }
  if (firstFailure && !firstFailure.ok && firstFailure.reason === 'outside_root') {
    return {
      issue: [
        ARIS.traceOutsideRoot,
        `trace_path_outside_root:${tracePath}`,
        `trace_path ${quoteValue(tracePath)} ${firstFailure.detail}; it was not read.`,
      ],
    };
  }
  if (firstFailure && !firstFailure.ok && firstFailure.reason !== 'missing') {
    return {
      issue: [
        ARIS.traceUnreadable,
        `trace_path_unreadable:${tracePath}`,
        `trace_path ${quoteValue(tracePath)} ${firstFailure.detail}.`,
      ],
    };
  }
  return {
    issue: [
      ARIS.traceMissing,
      `trace_path_missing:${tracePath}`,
      `trace_path ${quoteValue(tracePath)} does not exist (looked in the paper dir and each directory above it up to the repository root).`,
    ],
  };
}
