import fs from 'node:fs';
import path from 'node:path';
import { finding, type Finding, type Location } from '../model/finding.js';
import { quotePath, quoteValue } from '../render/sanitize.js';
import type { GateReport } from '../model/report.js';
import {
  DEFAULT_CONFIG_FILE,
  loadConfig,
  splitTarget,
  packConfig,
  selectedPacks,
  type Config,
} from '../config/config.js';
import { withoutLoosening } from '../config/pinning.js';
import { statPath } from '../io/files.js';
import { Hasher } from '../io/hashing.js';
import { isInside, realOr } from '../io/paths.js';
import { walkRepository, type DirEntry, type Walk } from '../io/walk.js';
import { Workspace } from '../io/workspace.js';
import { runFixtures } from '../conformance/runner.js';
import { suiteFindings } from '../conformance/suite.js';
import { packs as registeredPacks, allCodes, findPack } from '../packs/registry.js';
import type { Pack, PackContext, PackResult } from '../packs/pack.js';
import { VerifyWorkers, verifyTargets } from './parallel.js';
import { isAssurance } from '../policy/assurance.js';
import { GATE } from '../policy/codes.js';
import { decide, verifiedSomething, type FailOn } from '../policy/gate.js';
import type { PlannedTarget } from './target.js';
import type { ShardRecord } from '../model/report.js';
import {
  assignShards,
  configDigest,
  byteEstimator,
  targetsDigest,
  type ShardSpec,
} from './shard.js';
import { VERSION } from '../version.js';

export interface VerifyOptions {
  root: string;
  /**
   * A config file named by the workflow or CLI; trusted only if it lies outside the root. False:
   * no config at all, not even the checkout's (a drop-in command whose verdicts must be the
   * script's).
   */
  config?: string | false;
  /** Inline config JSON from the workflow (the Action's config-json input): trusted. */
  configJson?: string;
  /** Directories to verify; replaces discovery (and the config's paths). */
  paths?: string[];
  /**
   * Paper dirs named by the workflow or CLI: each is verified as a paper whatever it holds, so
   * one whose audits are all missing is still checked, even with other targets below it.
   */
  papers?: string[];
  /**
   * Directories named with their pack, `pack:dir` (`addenda-b:bundles/b1`): each is that pack's
   * target whatever it holds, so a bundle, run or workspace emptied by a pull request is still
   * checked (and fails), even with other targets put below it. `aris:dir` is a paper.
   */
  targets?: string[];
  /** Set by the workflow or CLI, it pins enforcement: the checkout's config cannot weaken it. */
  assurance?: string;
  effort?: string;
  failOn?: FailOn;
  allowEmpty?: boolean;
  /** What "nothing was verified" tells the user to do, in the caller's terms (flag or input). */
  emptyRemediation?: string;
  /** What "nothing was verified" says was looked for, when one pack was asked (e.g. "no runs"). */
  emptyWhat?: string;
  allowOutsideRoot?: boolean;
  /** Conformance fixture directory to run as well; false: none, whatever the config says. */
  fixtures?: string | false;
  /** Fixture directory to run when it exists and neither `fixtures` nor the config names one. */
  defaultFixtures?: string;
  /** Verify each path itself as a target of the selected packs, with no discovery inside it. */
  exact?: boolean;
  /** Restrict to these packs. */
  packs?: string[];
  /** Pack options given explicitly (a pack command's flags), by pack id: they win over the config. */
  packOptions?: Record<string, Record<string, unknown>>;
  /** Verify only this share of the discovered targets (verify --shard K/N); fixtures run in shard 1. */
  shard?: ShardSpec;
  /** Also judge each pack's fixtures as a suite (its suite gate; `fixtures --build-ready`). */
  buildReady?: boolean;
  onProgress?: (message: string) => void;
}

/** The shared core of the CLI and the Action: config → discovery → packs → policy → report. */
export async function verify(opts: VerifyOptions): Promise<GateReport> {
  const ws = new Workspace(opts.root, opts.allowOutsideRoot);
  const runFindings: Finding[] = [];
  const defaultFixtures =
    opts.defaultFixtures !== undefined &&
    statPath(path.resolve(ws.root, opts.defaultFixtures)).kind === 'dir'
      ? opts.defaultFixtures
      : undefined;
  const {
    config,
    path: configFile,
    lineOf,
    trusted: configTrusted,
  } = effectiveConfig(ws, opts, defaultFixtures, runFindings);
  const configPath = configFile !== undefined ? ws.rel(configFile) : undefined;
  const all = registeredPacks();
  const selected = opts.packs ?? selectedPacks(config) ?? all.map((x) => x.id);
  const packs = all.filter((p) => selected.includes(p.id));
  const options: PackContext['options'] = {
    ...(opts.assurance !== undefined ? { assurance: opts.assurance } : {}),
    ...(opts.effort !== undefined ? { effort: opts.effort } : {}),
    ...(config.assurance !== undefined ? { config_assurance: config.assurance } : {}),
    ...(config.effort !== undefined ? { config_effort: config.effort } : {}),
  };
  // Options given explicitly (CLI flags) win over the config file.
  const packOptions = Object.fromEntries(
    all.map((p) => [p.id, { ...packConfig(config, p.id), ...opts.packOptions?.[p.id] }]),
  );
  const hasher = new Hasher();
  const ctx: PackContext = { workspace: ws, hasher, options, packOptions };
  // Helper threads boot while the rest of the repository is walked, from the second target the
  // walk meets; verifyTargets uses them from MIN_PARALLEL_TARGETS on and closes them. A thread
  // still loading the bundle cannot be stopped at once: started for every run, they made a
  // one-run trace ≈ 30 ms slower. Started only at the eighth target, they booted late and 200
  // runs took ≈ 13 ms longer; from the second, no loss was measured (docs/performance.md). A
  // named directory checked as it is (aris <paper-dir>) is one target: no helpers.
  let workers: VerifyWorkers | undefined;
  const onDir = opts.exact
    ? undefined
    : workerStarter(packs, () => (workers = VerifyWorkers.start(ctx)));
  const results: PackResult[] = [];
  const allowEmpty = opts.allowEmpty ?? config.allow_empty ?? false;
  const failOn = opts.failOn ?? config.fail_on ?? 'blocking';
  const fixtureDir =
    opts.fixtures === false ? undefined : (opts.fixtures ?? config.fixtures ?? defaultFixtures);
  // The fixture directory is not searched for targets (see planTargets), unless a checkout's
  // config alone named it under a pinned assurance, where its exclude would be refused too.
  const notSearched = (dir: string | undefined) =>
    dir === undefined ||
    (opts.fixtures === undefined &&
      config.fixtures !== undefined &&
      !configTrusted &&
      opts.assurance !== undefined)
      ? undefined
      : path.resolve(ws.root, dir);
  let shard: ShardRecord | undefined;
  let planned: PlannedTarget[] = [];
  let discovered: number;
  let verifiedTargets: number;
  try {
    // The listing is kept only to weigh a shard's targets: at 30,000 files it is tens of MB.
    const walked: DirEntry[] | undefined = opts.shard ? [] : undefined;
    const whole = planTargets(
      ws,
      packs,
      opts.paths ?? config.paths,
      config.exclude ?? [],
      runFindings,
      opts.exact ?? false,
      walked,
      onDir,
      // The config's only add to the workflow's: a named target adds findings, and a paper only
      // the checkout named, its audits all missing, counts as nothing verified.
      pinnedTargets(opts, config, configTrusted),
      notSearched(fixtureDir),
    );
    discovered = whole.length;
    planned = whole;
    if (opts.shard) {
      shard = cutShard(ws, whole, walked!, opts.shard, fixtureDir !== undefined, {
        failOn,
        allowEmpty,
        settings: {
          version: VERSION,
          config,
          assurance: opts.assurance,
          effort: opts.effort,
          paths: opts.paths,
          papers: opts.papers,
          targets: opts.targets,
          packs: selected,
          packOptions,
          fixtures: fixtureDir,
          exact: opts.exact ?? false,
        },
      });
      const mine = new Set(shard.targets);
      planned = whole.filter((t) => mine.has(plannedId(ws, t)));
    }
    const verified = await verifyTargets(planned, ctx, opts.onProgress, workers);
    // The mark travels in the report, so a merge of shards decides emptiness as one run would.
    verified.forEach((r, i) => {
      if (planned[i]?.workflowNamed) r.target.named = true;
    });
    results.push(...verified);
    verifiedTargets = results.length;
    runFindings.push(...emptiedPaths(planned, results));
    if (fixtureDir !== undefined && (shard === undefined || shard.fixtures)) {
      const dir = fixtureDirectory(ws, fixtureDir);
      if (!dir.ok) runFindings.push(dir.finding);
      else {
        const fixtureResults = await runFixtures(dir.abs, {
          packs: all,
          knownCodes: new Set(allCodes().map((c) => c.code)),
          workspace: ws,
          onProgress: opts.onProgress,
        });
        results.push(...fixtureResults);
        if (opts.buildReady)
          runFindings.push(...suiteFindings(all, fixtureResults, ws.rel(dir.abs), ws));
      }
    }
  } finally {
    await workers?.close(); // already closed by verifyTargets unless discovery threw
    await hasher.close();
  }

  // Fixtures prove audit-gate's rules, not the repository's audits: a passing fixture (which a
  // pull request can add) never stands in for papers or runs, unless only fixtures were asked for.
  const counted = opts.paths?.length === 0 ? results : results.slice(0, verifiedTargets);

  // A shard given none of the targets is no failure when other shards hold them: merge decides
  // emptiness for the whole list.
  const empty = shard === undefined || discovered === 0;
  // A named path that is gone already fails the run, and says which: "nothing was verified"
  // would only follow from it.
  const pathGone = runFindings.some((f) => f.code === GATE.targetNotFound.code);
  if (!allowEmpty && empty && !pathGone && !counted.some(verifiedSomething)) {
    runFindings.push(
      finding(GATE.nothingVerified, {
        subject: 'gate',
        message:
          opts.paths?.length === 0
            ? `Nothing was verified under ${ws.root}: no conformance fixtures were found.`
            : `Nothing was verified ${searched(ws.root, opts.paths)}: ${opts.emptyWhat ?? 'no audit artifacts, runs, proofs or Addenda B bundles were found (conformance fixtures do not count)'}.`,
        ...(opts.emptyRemediation ? { remediation: opts.emptyRemediation } : {}),
      }),
    );
  }
  const report = decide(results, {
    root: ws.root,
    failOn,
    runFindings,
    partial: shard !== undefined,
    waivers: (config.waivers ?? []).map((waiver, i) => ({
      waiver,
      ...(configPath !== undefined
        ? { location: located({ path: configPath, line: lineOf(['waivers', i]) }) }
        : {}),
    })),
  });
  return shard ? { ...report, shard } : report;
}

/** A directory named as one pack's target (`pack` undefined: a paper, the papers input's). */
interface Pin {
  pack: string | undefined;
  path: string;
  fromCheckout: boolean;
}

/** The workflow's pins, then those only the config adds (from the checkout unless trusted). */
function pinnedTargets(
  opts: Pick<VerifyOptions, 'papers' | 'targets'>,
  config: Pick<Config, 'papers' | 'targets'>,
  configTrusted: boolean,
): Pin[] {
  const named = new Map<string, Pin>();
  const add = (pack: string | undefined, p: string, fromCheckout: boolean) => {
    const key = `${pack ?? ''}\0${p}`;
    if (!named.has(key)) named.set(key, { pack, path: p, fromCheckout });
  };
  const addTargets = (list: readonly string[], fromCheckout: boolean) => {
    for (const t of list) {
      const pin = splitTarget(t);
      add(pin?.pack ?? '', pin?.dir ?? t, fromCheckout);
    }
  };
  for (const p of opts.papers ?? []) add(undefined, p, false);
  addTargets(opts.targets ?? [], false);
  for (const p of config.papers ?? []) add(undefined, p, !configTrusted);
  addTargets(config.targets ?? [], !configTrusted);
  return [...named.values()];
}

/**
 * A walk's directory callback that calls `start` once, when the parallel packs have claimed a
 * second directory. Each directory is judged alone, so the count may run ahead of the final,
 * de-duplicated list; verifyTargets decides whether the helpers are used.
 */
function workerStarter(
  packs: readonly Pack[],
  start: () => void,
): ((dir: DirEntry) => void) | undefined {
  const parallel = packs.filter((p) => p.parallel);
  if (parallel.length === 0) return undefined;
  let claimed = 0;
  return (dir) => {
    if (claimed >= 2) return;
    for (const p of parallel) claimed += p.discover([dir]).length;
    if (claimed >= 2) start();
  };
}

/**
 * A named path in which nothing was discovered is checked as a paper whose audits may all be
 * missing; when nothing at all was found in it, that is no draft paper passing but a path emptied
 * (a run, bundle or proof deleted file by file), and it fails as a path that is gone does.
 */
function emptiedPaths(
  planned: readonly PlannedTarget[],
  results: readonly PackResult[],
): Finding[] {
  return planned.flatMap((t, i) => {
    const subjects = results[i]?.subjects ?? [];
    if (subjects.some((s) => s.outcome !== 'skipped')) return [];
    if (t.pinned !== undefined)
      return [
        finding(GATE.targetNotFound, {
          subject: 'gate',
          message: `${t.pack.id} target ${quoteValue(t.pinned)} was named, but nothing in it was verified: it holds no ${t.pack.targetKind} with anything to check.`,
          remediation:
            'Restore what the pull request removed from it, or change the --target (targets input) if it moved.',
        }),
      ];
    if (t.claimedPath === undefined) return [];
    return [
      finding(GATE.targetNotFound, {
        subject: 'gate',
        message: `Path ${quoteValue(t.claimedPath)} was named, but nothing in it was verified: it holds no audit, run, proof or bundle.`,
        remediation:
          'Restore what the pull request removed from it, or name the path of what it now holds. A paper whose audits are not written yet is named with --paper (the papers input), where missing audits are allowed at draft.',
      }),
    ];
  });
}

/** The id a planned target's result will have. */
function plannedId(ws: Workspace, t: PlannedTarget): string {
  return `${t.pack.id}:${ws.rel(t.dir)}`;
}

/** This shard's share of the whole planned list, and what merge needs to check it. */
function cutShard(
  ws: Workspace,
  planned: readonly PlannedTarget[],
  walked: readonly DirEntry[],
  spec: ShardSpec,
  fixtures: boolean,
  policy: { failOn: FailOn; allowEmpty: boolean; settings: unknown },
): ShardRecord {
  const bytes = byteEstimator(walked);
  const weighted = planned.map((t) => ({ id: plannedId(ws, t), bytes: bytes(t.dir) }));
  const ids = weighted.map((t) => t.id);
  return {
    index: spec.index,
    count: spec.count,
    targets_digest: targetsDigest(ids),
    config_digest: configDigest(policy.settings),
    targets: assignShards(weighted, spec.count)[spec.index - 1]!,
    fixtures: fixtures && spec.index === 1,
    fail_on: policy.failOn,
    allow_empty: policy.allowEmpty,
  };
}

/**
 * The config that applies. The checkout's config (untrusted) applies fully unless the workflow
 * pinned the assurance; then its keys that would weaken the gate are dropped and reported. A
 * config from the workflow (a file outside the checkout, or inline JSON) always applies fully.
 */
function effectiveConfig(
  ws: Workspace,
  opts: VerifyOptions,
  defaultFixtures: string | undefined,
  runFindings: Finding[],
): {
  config: Config;
  path?: string;
  lineOf: (key: (string | number)[]) => number | undefined;
  /** From the workflow (a file outside the checkout, or inline JSON), not the checkout. */
  trusted: boolean;
} {
  const none = { config: {}, lineOf: () => undefined, trusted: true };
  if (opts.config === false) return none;
  const loaded = loadConfig(ws, {
    root: opts.root,
    ...(opts.config !== undefined ? { file: opts.config } : {}),
    ...(opts.configJson !== undefined ? { json: opts.configJson } : {}),
  });
  if (!loaded.ok) {
    const name = loaded.path !== undefined ? ws.rel(loaded.path) : 'from the config-json input';
    runFindings.push(
      finding(loaded.refused ? GATE.configRefused : GATE.configInvalid, {
        subject: 'gate',
        // "is not valid JSON: …" follows the name; "\"exclude\": …" says where after a colon.
        message: VERB_PHRASE.test(loaded.message)
          ? `Config ${name} ${loaded.message}.`
          : `Config ${name}: ${loaded.message}.`,
        ...(loaded.missing
          ? {
              remediation:
                'Name a config file that exists (verify --config, the Action’s config input), or leave the option out to read the checkout’s .audit-gate.json.',
            }
          : {}),
        ...(loaded.path !== undefined
          ? {
              location: loaded.line
                ? { path: ws.rel(loaded.path), line: loaded.line }
                : { path: ws.rel(loaded.path) },
            }
          : {}),
      }),
    );
    return none;
  }
  const at = { ...(loaded.path !== undefined ? { path: loaded.path } : {}), lineOf: loaded.lineOf };
  const trusted = loaded.trusted ?? false;
  // A workflow's config replaces the checkout's whole: say so, or a key kept only there (a
  // tightening trace option, say) would stop applying without a word.
  const own = path.join(ws.root, DEFAULT_CONFIG_FILE);
  if (trusted && loaded.path !== own && listed(own))
    runFindings.push(
      finding(GATE.checkoutConfigUnread, {
        subject: 'gate',
        message: `${DEFAULT_CONFIG_FILE} in the checkout was not read: the workflow gives its own config (${loaded.path !== undefined ? 'a file outside the workspace' : 'config-json'}), which replaces it whole, tightening keys included.`,
        location: { path: DEFAULT_CONFIG_FILE },
      }),
    );
  if (trusted || opts.assurance === undefined) return { config: loaded.config, trusted, ...at };
  // An assurance that is not understood fails closed, as it does for the papers.
  const pinned = isAssurance(opts.assurance) ? opts.assurance : 'submission';
  const { config, ignored } = withoutLoosening(loaded.config, {
    assurance: pinned,
    ...(opts.effort !== undefined ? { effort: opts.effort } : {}),
    ...(opts.paths !== undefined ? { paths: opts.paths } : {}),
    ...(opts.packs !== undefined ? { packs: opts.packs } : {}),
    ...(opts.allowEmpty !== undefined ? { allowEmpty: opts.allowEmpty } : {}),
    ...(opts.fixtures !== undefined ? { fixtures: opts.fixtures } : {}),
    ...(defaultFixtures !== undefined ? { defaultFixtures } : {}),
    allPacks: registeredPacks(),
  });
  if (ignored.length > 0 && loaded.path !== undefined) {
    const rel = ws.rel(loaded.path);
    const [first, ...rest] = ignored.map((k) => ({ path: rel, line: loaded.lineOf(k.key) }));
    runFindings.push(
      finding(GATE.configKeyIgnored, {
        subject: 'gate',
        message: `The assurance is pinned to ${pinned} (--assurance, or the Action's assurance input), so the checkout's config ${rel} may not weaken the gate. Ignored: ${ignored.map((k) => `"${k.key.join('.')}" (${k.why})`).join('; ')}.`,
        location: located(first!),
        related: rest.map(located),
      }),
    );
  }
  return { config, trusted, ...at };
}

function located(l: { path: string; line: number | undefined }): Location {
  return l.line !== undefined ? { path: l.path, line: l.line } : { path: l.path };
}

/** The fixture directory, which must really lie inside the workspace: it is not walked otherwise. */
function fixtureDirectory(
  ws: Workspace,
  dir: string,
): { ok: true; abs: string } | { ok: false; finding: Finding } {
  const r = ws.resolve(ws.root, dir);
  const problem = !r.ok
    ? r.reason === 'outside_root'
      ? 'leads outside the workspace'
      : r.reason === 'missing'
        ? 'does not exist'
        : 'cannot be read'
    : statPath(r.real).kind !== 'dir'
      ? 'is not a directory'
      : undefined;
  if (r.ok && problem === undefined) return { ok: true, abs: r.abs };
  // The message names the directory as given, never where a symlink leads.
  return {
    ok: false,
    finding: finding(GATE.targetNotFound, {
      subject: 'gate',
      message: `Fixture directory ${dir} ${problem}; it was not read.`,
      remediation:
        'Name a fixture directory inside the workspace (the fixtures input, --fixtures or the config), or turn fixtures off (the fixtures input: none; for the CLI, leave out --fixtures and the config’s fixtures).',
    }),
  };
}

const TARGET_REMEDIATION =
  'Name an existing directory inside the workspace as pack:dir with --target (the targets input), with its pack selected.';
const PAPER_REMEDIATION =
  'Name an existing paper directory inside the workspace with --paper (the papers input), and keep the aris pack selected.';
const GITLESS_REMEDIATION =
  'Nothing to fix if the extra targets are right; otherwise check the repository out with git (actions/checkout falls back to a tarball when git is missing on the runner), or list what to skip in the config exclude.';
const VERB_PHRASE = /^(?:is|are|repeats|leads|does|has|holds|cannot|starts|nests) /;
const NON_UTF8_REMEDIATION =
  'Rename the file or directory in it whose name is not valid UTF-8 (`ls -b` shows such a name with octal escapes), or list the directory in the config exclude if it holds nothing to verify.';
const LINKS_REMEDIATION =
  'Remove symlinks that lead to the same directories many times over, or list them in the config exclude.';

/** What a walk could not search, or searched without trusting .gitignore, as findings. */
function walkFindings(
  ws: Workspace,
  unknown: Walk['unknown'],
  unreadable: Walk['unreadable'],
): Finding[] {
  return [
    ...unreadable.map((u) =>
      finding(GATE.directoryUnreadable, {
        subject: 'gate',
        message:
          u.nonUtf8Name || u.nonUtf8Link
            ? `Directory ${quotePath(ws.rel(u.dir))} ${u.detail}.`
            : `Directory ${quotePath(ws.rel(u.dir))} could not be listed (${u.detail}): any audit, run or proof in it was not verified.`,
        ...(u.links ? { remediation: LINKS_REMEDIATION } : {}),
        ...(u.nonUtf8Name ? { remediation: NON_UTF8_REMEDIATION } : {}),
        ...(u.nonUtf8Link
          ? { remediation: 'Point the symlink at a path that is valid UTF-8, or remove it.' }
          : {}),
      }),
    ),
    ...unknown.map((u) =>
      finding(
        GATE.gitIndexUnreadable,
        u.gitless
          ? {
              subject: 'gate',
              message: `No git repository holds ${quotePath(ws.rel(u.dir))}, so nothing says which of its files are committed: its .gitignore files were not applied, and everything there was searched for audits and runs.`,
              remediation: GITLESS_REMEDIATION,
            }
          : {
              subject: 'gate',
              message: `What git tracks under ${quotePath(ws.rel(u.dir))} is unknown (${u.detail}), so its .gitignore files were not trusted: everything there was searched for audits and runs.`,
            },
      ),
    ),
  ];
}

function planTargets(
  ws: Workspace,
  packs: readonly Pack[],
  paths: string[] | undefined,
  exclude: string[],
  runFindings: Finding[],
  exact: boolean,
  walked?: DirEntry[],
  onDir?: (dir: DirEntry) => void,
  pins: readonly Pin[] = [],
  fixtures?: string,
): PlannedTarget[] {
  const planned: PlannedTarget[] = [];
  // By real path: the walk also goes through symlinked directories, so one directory can be found
  // at its own path and at a link's. Its own path is kept where it is a target too.
  const seen = new Map<string, number>();
  const add = (
    pack: Pack,
    dir: string,
    real = realOr(dir),
    named: { claimedPath?: string; pinned?: string; workflowNamed?: true } = {},
  ) => {
    const key = `${pack.id}\0${real}`;
    const at = seen.get(key);
    if (at === undefined) {
      seen.set(key, planned.length);
      planned.push({ pack, dir, ...named });
      return;
    }
    // Found again: under its own path if that is one of the two, named as a path or by the
    // workflow if either was (nothing found in a named path is still a path emptied).
    const was = planned[at]!;
    const claimedPath = was.claimedPath ?? named.claimedPath;
    const pinned = was.pinned ?? named.pinned;
    planned[at] = {
      pack,
      dir: dir === real && was.dir !== real ? dir : was.dir,
      ...(claimedPath !== undefined ? { claimedPath } : {}),
      ...(pinned !== undefined ? { pinned } : {}),
      ...(was.workflowNamed || named.workflowNamed ? { workflowNamed: true as const } : {}),
    };
  };
  /** A directory named by the workflow or CLI, or a blocking finding saying why it is not one. */
  const namedDir = (p: string, what: string, remediation?: string): string | undefined => {
    const r = ws.resolve(ws.root, p);
    if (r.ok && fs.statSync(r.real).isDirectory()) return r.abs;
    runFindings.push(
      finding(GATE.targetNotFound, {
        subject: 'gate',
        message: `${what} ${quoteValue(p)} ${r.ok ? 'is not a directory' : r.detail}.`,
        ...(remediation ? { remediation } : {}),
      }),
    );
    return undefined;
  };
  // The pack that claims named directories in which nothing is discovered (aris: a paper dir
  // whose audits may all be missing, which is exactly what the gate must catch).
  const claimant = packs.find((x) => x.claimsUndiscovered);
  for (const p of paths ?? ['.']) {
    const abs = namedDir(p, 'Path');
    if (abs === undefined) continue;
    if (exact) {
      for (const pack of packs) add(pack, abs);
      continue;
    }
    const walk = walkRepository(abs, {
      extra: exclude,
      ...(onDir ? { onDir } : {}),
      top: ws.root,
      followLinks: true,
      probes: ws.probes,
    });
    const { unknown, unreadable } = walk;
    // What the fixture run proves is test data, broken on purpose: it is not searched for
    // targets, unless a path inside it was named. (A pull request that moves a paper there
    // hides it as deleting it would: a pinned paper or target still fails.)
    const skip =
      fixtures !== undefined &&
      fixtures !== ws.root &&
      isInside(fixtures, ws.root) &&
      !isInside(abs, fixtures)
        ? fixtures
        : undefined;
    const dirs = skip === undefined ? walk.dirs : walk.dirs.filter((d) => !isInside(d.abs, skip));
    walked?.push(...dirs);
    // The walk knows where it went through links; elsewhere a path's real one follows its root's.
    const linked = new Map<string, string>();
    for (const d of dirs) if (d.real !== undefined) linked.set(d.abs, d.real);
    const rootReal = realOr(abs);
    const realOf = (dir: string) =>
      linked.get(dir) ?? (isInside(dir, abs) ? rootReal + dir.slice(abs.length) : realOr(dir));
    runFindings.push(...walkFindings(ws, unknown, unreadable));
    let found = 0;
    for (const pack of packs) {
      for (const dir of pack.discover(dirs)) {
        add(pack, dir, realOf(dir));
        found++;
      }
    }
    if (paths && found === 0 && claimant) add(claimant, abs, rootReal, { claimedPath: p });
  }
  // Named targets are their pack's whatever lies in or below them: with `paths` alone, a paper
  // dir whose audits were deleted, or a bundle emptied, stops being one as soon as anything is
  // found below it.
  for (const { pack: id, path: p, fromCheckout } of pins) {
    // aris:dir is a paper, as --paper names it (its missing audits count, at draft too).
    const paper = id === undefined || findPack(id)?.claimsUndiscovered === true;
    const what = paper ? 'Paper dir' : `${id} target`;
    const remediation = paper ? PAPER_REMEDIATION : TARGET_REMEDIATION;
    const pack = paper ? claimant : packs.find((x) => x.id === id);
    if (!pack) {
      const known = findPack(id ?? '') !== undefined;
      runFindings.push(
        finding(GATE.targetNotFound, {
          subject: 'gate',
          message: paper
            ? `Paper dir ${quoteValue(p)} was named, but no selected pack verifies paper dirs.`
            : known
              ? `Target ${quoteValue(`${id}:${p}`)} was named, but the ${id} pack is not selected.`
              : `Target ${quoteValue(`${id}:${p}`)} names no pack: it must be pack:dir, with one of ${registeredPacks()
                  .map((x) => x.id)
                  .join(', ')}.`,
          remediation,
        }),
      );
      continue;
    }
    const abs = namedDir(p, what, remediation);
    if (abs === undefined) continue;
    // Through a symlink the pinned target would be whatever the link leads to (another one,
    // verified once under its own path): the workflow named a directory, not a link.
    const rootReal = realOr(ws.root);
    const real = realOr(abs);
    if (real !== path.join(rootReal, path.relative(ws.root, abs))) {
      const to = path.relative(rootReal, real).split(path.sep).join('/');
      runFindings.push(
        finding(GATE.targetNotFound, {
          subject: 'gate',
          message: `${what} ${quoteValue(p)} is reached through a symlink (it leads to ${quoteValue(to)}), so it was not verified as the ${paper ? 'paper' : 'target'} named.`,
          remediation,
        }),
      );
      continue;
    }
    add(pack, abs, undefined, {
      ...(paper ? {} : { pinned: p }),
      ...(fromCheckout ? {} : { workflowNamed: true as const }),
    });
  }
  return planned;
}

/** Where discovery looked: the named paths (a few), else under the root. */
function searched(root: string, paths: readonly string[] | undefined): string {
  if (!paths?.length) return `under ${root}`;
  const named = paths.slice(0, 3).map((p) => (p === '.' ? root : p));
  return `in ${named.join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}`;
}

/** Whether `abs` names an entry at all (a link counts as itself, never followed). */
function listed(abs: string): boolean {
  try {
    fs.lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}
