import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Hasher, type HashOutcome } from '../io/hashing.js';
import { REFERENCE_RUN } from '../io/reference.js';
import { Workspace, errorText } from '../io/workspace.js';
import { findPack } from '../packs/registry.js';
import type { PackContext, PackOptions, PackResult } from '../packs/pack.js';
import { failedTarget, verifyTarget, type PlannedTarget } from './target.js';

/** Fewer parallel-safe targets than this are checked on the main thread alone. */
export const MIN_PARALLEL_TARGETS = 8;
const MAX_BATCH = 8;
/** Batches queued per worker, so it never waits for the (busy) main thread to send the next. */
const DEPTH = 2;
const WORKER_KIND = 'audit-gate-verify';
const YOUNG_GENERATION_MB = 12;

interface WorkerSetup {
  kind: typeof WORKER_KIND;
  root: string;
  allowOutside: boolean;
  options: PackOptions;
  packOptions: PackContext['packOptions'];
}
interface BatchRequest {
  id: number;
  targets: { pack: string; dir: string }[];
}
interface BatchReply {
  id: number;
  results: PackResult[];
}
/** A worker asks the main thread's Hasher for a large file's hash, and gets it back. */
interface HashRequest {
  hash: { id: number; path: string };
}
interface HashReply {
  hashed: { id: number; outcome: HashOutcome };
}
interface Item {
  index: number;
  target: PlannedTarget;
}
interface Batch {
  id: number;
  items: Item[];
}

let workerScript: URL | undefined;

/**
 * Called by a bundle's entry point with its own URL: the bundle can then be started again as a
 * verify worker. Unbundled sources (jest, tsx) never call it with a .js file and stay sequential.
 */
export function allowWorkers(entryUrl: string | undefined): void {
  workerScript =
    entryUrl?.startsWith('file:') && entryUrl.endsWith('.js') ? new URL(entryUrl) : undefined;
}

/** Whether this thread was started by `verifyTargets` to check targets. */
export function isVerifyWorker(): boolean {
  return !isMainThread && (workerData as Partial<WorkerSetup> | null)?.kind === WORKER_KIND;
}

/**
 * The worker side: checks the batches it is sent, one at a time, with its own Hasher for small
 * files; large ones are hashed by the main thread's, once per run however many targets cite them.
 */
export function runVerifyWorker(): void {
  const setup = workerData as WorkerSetup;
  const port = parentPort!;
  const waiting = new Map<number, (o: HashOutcome) => void>();
  let nextHash = 0;
  const hashOnMain = (path: string) =>
    new Promise<HashOutcome>((resolve) => {
      const id = nextHash++;
      waiting.set(id, resolve);
      port.postMessage({ hash: { id, path } } satisfies HashRequest);
    });
  const ctx: PackContext = {
    workspace: new Workspace(setup.root, setup.allowOutside),
    hasher: new Hasher(undefined, hashOnMain),
    options: setup.options,
    ...(setup.packOptions ? { packOptions: setup.packOptions } : {}),
  };
  let queue = Promise.resolve();
  port.on('message', (req: BatchRequest | HashReply) => {
    if ('hashed' in req) {
      waiting.get(req.hashed.id)?.(req.hashed.outcome);
      waiting.delete(req.hashed.id);
      return;
    }
    queue = queue.then(async () => {
      const results: PackResult[] = [];
      for (const t of req.targets) {
        const pack = findPack(t.pack);
        results.push(
          pack
            ? await verifyTarget({ pack, dir: t.dir }, ctx)
            : failedTarget(
                { id: t.pack, targetKind: 'target' },
                ctx.workspace.rel(t.dir),
                `Unknown pack ${t.pack}.`,
              ),
        );
      }
      port.postMessage({ id: req.id, results } satisfies BatchReply);
    });
  });
}

/**
 * Helper threads for parallel-safe targets. `verify` starts them when discovery meets a second
 * target, so they boot (load the bundle) on the other cores while the rest of the repository is
 * walked; `verifyTargets` uses them when there are enough targets and closes them either way.
 */
export class VerifyWorkers {
  /** Workers that failed or exited before they were used, with why: never fed. */
  private readonly dead = new Map<Worker, string>();

  private readonly workers: Worker[] = [];

  /** Starts the helpers, or returns undefined where workers are not possible (jest, one core). */
  static start(ctx: PackContext): VerifyWorkers | undefined {
    const helpers = Math.min(7, os.availableParallelism() - 1);
    if (workerScript === undefined || helpers <= 0 || REFERENCE_RUN) return undefined;
    const setup: WorkerSetup = {
      kind: WORKER_KIND,
      root: ctx.workspace.root,
      allowOutside: ctx.workspace.allowOutside,
      options: ctx.options,
      packOptions: ctx.packOptions,
    };
    const pool = new VerifyWorkers();
    try {
      for (let i = 0; i < helpers; i++) {
        const w = new Worker(workerScript, {
          workerData: setup,
          // A target's garbage is short-lived: a small young generation keeps each helper's
          // memory down (its 48 MB default is most of a helper's peak) at no measurable cost.
          resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
        });
        w.on('error', (err) => pool.dead.set(w, `failed: ${errorText(err)}`));
        w.on('exit', (code) => pool.dead.has(w) || pool.dead.set(w, `exited with code ${code}`));
        pool.workers.push(w);
      }
    } catch {
      // Out of threads or memory: the ones started still help; none at all means sequential.
      if (pool.workers.length === 0) return undefined;
    }
    return pool;
  }

  /** The helpers still alive, to be fed batches. */
  alive(): Worker[] {
    return this.workers.filter((w) => !this.dead.has(w));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Checks every planned target and returns the results in plan order. Targets of packs that declare
 * themselves parallel-safe (no input shared between targets) are spread over worker threads, each
 * with its own Hasher, when running from a bundle and there are enough of them; the main thread
 * takes batches too. Everything else runs on the main thread with the shared context. The workers
 * (`started`, or started here when there are enough targets) are closed before it returns.
 */
export async function verifyTargets(
  planned: readonly PlannedTarget[],
  ctx: PackContext,
  onProgress?: (message: string) => void,
  started?: VerifyWorkers,
): Promise<PackResult[]> {
  let workers = started;
  try {
    const results: PackResult[] = new Array<PackResult>(planned.length);
    const announce = (i: number) =>
      onProgress?.(
        `[${i + 1}/${planned.length}] ${planned[i]!.pack.id}: ${ctx.workspace.rel(planned[i]!.dir)}`,
      );
    const spread: Item[] = [];
    for (const [index, target] of planned.entries()) {
      if (target.pack.parallel) spread.push({ index, target });
    }
    if (spread.length >= MIN_PARALLEL_TARGETS) workers ??= VerifyWorkers.start(ctx);
    const helpers = workers?.alive() ?? [];
    const parallel = helpers.length > 0 && spread.length >= MIN_PARALLEL_TARGETS;
    for (const [index, target] of planned.entries()) {
      if (parallel && target.pack.parallel) continue;
      announce(index);
      results[index] = await verifyTarget(target, ctx);
      // Let timers, replies and signals (a cancelled job) in between targets.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (parallel) {
      // Batches shrink as the queue drains (guided self-scheduling): a worker's queued batches
      // are the last to finish, so small ones at the end keep the threads ending together.
      const per = (helpers.length + 1) * 4;
      const batches: Batch[] = [];
      for (let i = 0; i < spread.length;) {
        const size = Math.max(1, Math.min(MAX_BATCH, Math.ceil((spread.length - i) / per)));
        batches.push({ id: batches.length, items: spread.slice(i, i + size) });
        i += size;
      }
      await runPool(batches, ctx, helpers, {
        take: (b) => b.items.forEach((it) => announce(it.index)),
        settle: (b, res) => b.items.forEach((it, k) => (results[it.index] = res[k]!)),
      });
    }
    return results;
  } finally {
    await workers?.close();
  }
}

interface PoolHooks {
  take(b: Batch): void;
  settle(b: Batch, results: PackResult[]): void;
}

async function runPool(
  batches: Batch[],
  ctx: PackContext,
  workers: Worker[],
  hooks: PoolHooks,
): Promise<void> {
  const queue = [...batches];
  let open = batches.length;
  let allSettled!: () => void;
  const done = new Promise<void>((resolve) => (allSettled = resolve));
  const settle = (b: Batch, res: PackResult[]) => {
    hooks.settle(b, res);
    if (--open === 0) allSettled();
  };
  const take = () => {
    const b = queue.shift();
    if (b) hooks.take(b);
    return b;
  };
  for (const w of workers) {
    const inFlight = new Map<number, Batch>();
    const feed = () => {
      for (let b; inFlight.size < DEPTH && (b = take());) {
        inFlight.set(b.id, b);
        w.postMessage({
          id: b.id,
          targets: b.items.map((it) => ({ pack: it.target.pack.id, dir: it.target.dir })),
        } satisfies BatchRequest);
      }
    };
    // Fail closed: whatever the worker held when it died is an internal error, never a hang.
    const lose = (why: string) => {
      for (const b of inFlight.values())
        settle(
          b,
          b.items.map((it) => lostTarget(it, ctx, why)),
        );
      inFlight.clear();
    };
    w.on('message', (m: BatchReply | HashRequest) => {
      if ('hash' in m) {
        const { id, path } = m.hash;
        void ctx.hasher
          .hash(path)
          .catch((err: unknown): HashOutcome => ({
            ok: false,
            reason: 'unreadable',
            detail: errorText(err),
          }))
          .then((outcome) => w.postMessage({ hashed: { id, outcome } } satisfies HashReply));
        return;
      }
      const b = inFlight.get(m.id);
      if (!b) return;
      inFlight.delete(m.id);
      settle(b, m.results);
      feed();
    });
    w.on('error', (err) => lose(`failed: ${errorText(err)}`));
    w.on('exit', (code) => lose(`exited with code ${code}`));
    feed();
  }
  for (let b = take(); b; b = take()) {
    const res: PackResult[] = [];
    for (const it of b.items) res.push(await verifyTarget(it.target, ctx));
    settle(b, res);
    // Let the workers' replies in, so they are fed again while this thread keeps working.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await done;
}

function lostTarget(it: Item, ctx: PackContext, why: string): PackResult {
  const rel = ctx.workspace.rel(it.target.dir);
  return failedTarget(
    it.target.pack,
    rel,
    `Checking ${rel} failed: the worker thread checking it ${why}.`,
  );
}
