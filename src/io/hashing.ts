import crypto, { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  notRegular,
  openError,
  openFailure,
  openRegularFile,
  readOpened,
  readSmallFile,
  type ReadResult,
} from './files.js';
import { REFERENCE_RUN } from './reference.js';
import { errorText } from './workspace.js';

export type HashOutcome =
  | { ok: true; sha256: string; size: number }
  | { ok: false; reason: 'missing' | 'not_file' | 'unreadable'; detail: string };

/** Files at least this big are hashed off the main thread, in 1 MiB chunks. */
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;
export const CHUNK_BYTES = 1024 * 1024;

// Runs inside a worker: a synchronous 1 MiB read loop, which keeps memory flat for any size.
// Failures go back as the error's own fields; the pool classifies them as this thread does.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const buf = Buffer.allocUnsafe(${CHUNK_BYTES});
const wire = (err) => ({ code: err && err.code, syscall: err && err.syscall, message: String((err && err.message) || err) });
parentPort.on('message', ({ id, path }) => {
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (err) {
    parentPort.postMessage({ id, open: wire(err) });
    return;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) { parentPort.postMessage({ id, notFile: st.isDirectory() ? 'dir' : 'other' }); return; }
    const h = createHash('sha256');
    let size = 0, n;
    while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) { h.update(buf.subarray(0, n)); size += n; }
    parentPort.postMessage({ id, sha256: h.digest('hex'), size });
  } catch (err) {
    parentPort.postMessage({ id, failed: wire(err) });
  } finally {
    fs.closeSync(fd);
  }
});
`;

/** A worker's reply: a hash, or why not. */
interface WorkerReply {
  sha256?: string;
  size?: number;
  open?: unknown;
  notFile?: 'dir' | 'other';
  failed?: unknown;
}

function replyOutcome(m: WorkerReply): HashOutcome {
  if (m.sha256 !== undefined) return { ok: true, sha256: m.sha256, size: m.size ?? 0 };
  if (m.open !== undefined) return openFailure(openError(m.open));
  if (m.notFile !== undefined) return openFailure(notRegular(m.notFile === 'dir'));
  return { ok: false, reason: 'unreadable', detail: errorText(m.failed ?? 'could not be read') };
}

interface Job {
  id: number;
  path: string;
  resolve: (o: HashOutcome) => void;
}

class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<Worker, Job>();
  private nextId = 0;

  constructor(private readonly size: number) {}

  run(path: string): Promise<HashOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, path, resolve });
      this.pump();
    });
  }

  /** A job no worker has started yet, taken off the queue (for the caller's own thread to run). */
  take(): Job | undefined {
    return this.queue.shift();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let w = this.idle.pop();
      if (!w && this.workers.length < this.size) w = this.spawn();
      if (!w) return;
      const job = this.queue.shift()!;
      this.running.set(w, job);
      w.postMessage({ id: job.id, path: job.path });
    }
  }

  private spawn(): Worker {
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.on('message', (m: WorkerReply) => {
      const job = this.running.get(w);
      this.running.delete(w);
      this.idle.push(w);
      job?.resolve(replyOutcome(m));
      this.pump();
    });
    w.on('error', (err) => {
      const job = this.running.get(w);
      this.running.delete(w);
      this.workers.splice(this.workers.indexOf(w), 1);
      job?.resolve({ ok: false, reason: 'unreadable', detail: errorText(err) });
      this.pump();
    });
    this.workers.push(w);
    return w;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
    this.idle.length = 0;
  }
}

/** A small file's bytes and their sha256, or why it was not read. */
export type ReadHashed =
  { ok: true; bytes: Buffer; sha256: string } | Exclude<ReadResult, { ok: true }>;

/**
 * One hashing service per run: each distinct file (by real path) is hashed once, however many
 * artifacts cite it. Small files are read synchronously; large ones are streamed in 1 MiB
 * chunks on worker threads so several big files hash in parallel with the small ones. This
 * thread counts as one of the hashers: the pool has one worker fewer than the parallelism, and
 * once this thread has nothing else to run, it hashes the large files no worker has started.
 */
export class Hasher {
  private readonly cache = new Map<string, Promise<HashOutcome>>();
  /** Hashes already known, for synchronous reads. */
  private readonly known = new Map<string, string>();
  private pool: WorkerPool | undefined;
  private assisting = false;
  filesHashed = 0;
  bytesHashed = 0;
  /** Large files this thread took from the pool's queue and hashed itself. */
  hashedHere = 0;

  /**
   * `large`, when given, hashes the files of LARGE_FILE_BYTES and over instead of this Hasher's
   * own pool: a verify worker hands them to the main thread's Hasher, so a large file cited by
   * targets on different threads is still hashed once per run.
   */
  constructor(
    private readonly parallelism = Math.max(1, Math.min(4, os.availableParallelism())),
    private readonly large?: (realPath: string) => Promise<HashOutcome>,
  ) {}

  /**
   * Starts hashing every path; large files first so the workers start while small ones run.
   * `sizeOf` may know sizes already (Workspace.sizeOf): then no `stat` delays the large files.
   */
  prefetch(
    realPaths: Iterable<string>,
    sizeOf?: (realPath: string) => number | undefined,
  ): Promise<void> {
    if (REFERENCE_RUN) return Promise.resolve(); // hash() reads each file when asked
    const wanted = [...new Set(realPaths)];
    const small: string[] = [];
    for (const p of wanted) {
      if (this.cache.has(p)) continue;
      let size = sizeOf?.(p);
      if (size === undefined)
        try {
          size = fs.statSync(p).size;
        } catch {
          size = 0; // hash() reports the error
        }
      if (size >= LARGE_FILE_BYTES) void this.hash(p);
      else small.push(p);
    }
    for (const p of small) void this.hash(p);
    // Only the paths asked for: waiting on the whole cache made many small prefetches quadratic.
    return Promise.all(wanted.map((p) => this.cache.get(p))).then(() => undefined);
  }

  /**
   * Reads a small file whole and hashes those same bytes, so a file that is both parsed (or
   * span-checked) and hashed is read once; the hash serves later hash() calls.
   */
  read(realPath: string, maxBytes: number): ReadHashed {
    const r = readSmallFile(realPath, maxBytes);
    if (!r.ok) return r;
    let sha256 = this.known.get(realPath);
    if (sha256 === undefined) {
      const o = { ok: true, sha256: sha256Hex(r.bytes), size: r.bytes.length } as const;
      sha256 = o.sha256;
      this.remember(realPath, o);
      if (!this.cache.has(realPath)) this.cache.set(realPath, Promise.resolve(o));
    }
    return { ok: true, bytes: r.bytes, sha256 };
  }

  private remember(realPath: string, o: HashOutcome): void {
    if (!o.ok) return;
    this.known.set(realPath, o.sha256);
    this.filesHashed++;
    this.bytesHashed += o.size;
  }

  hash(realPath: string): Promise<HashOutcome> {
    if (REFERENCE_RUN) return this.compute(realPath); // every citation hashes its file again
    let p = this.cache.get(realPath);
    if (!p) {
      p = this.compute(realPath).then((o) => {
        if (!this.known.has(realPath)) this.remember(realPath, o);
        return o;
      });
      this.cache.set(realPath, p);
    }
    return p;
  }

  private compute(realPath: string): Promise<HashOutcome> {
    const opened = openRegularFile(realPath);
    if (!opened.ok) return Promise.resolve(openFailure(opened));
    const { fd, size } = opened;
    if (size >= LARGE_FILE_BYTES) {
      fs.closeSync(fd);
      if (REFERENCE_RUN) return hashInChunks(realPath, Infinity);
      if (this.large) return this.large(realPath);
      // One hasher in all: a worker, so this thread stays free. More: this thread is one of them.
      const helping = this.parallelism > 1;
      this.pool ??= new WorkerPool(helping ? this.parallelism - 1 : 1);
      const outcome = this.pool.run(realPath);
      if (helping) this.assistSoon();
      return outcome;
    }
    try {
      const bytes = readOpened(fd, size);
      return Promise.resolve({ ok: true, sha256: sha256Hex(bytes), size: bytes.length });
    } catch (err) {
      return Promise.resolve({ ok: false, reason: 'unreadable', detail: errorText(err) });
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Hashes queued large files on this thread once the current synchronous work is done (after
   * setImmediate: a prefetch first dispatches its large files, then hashes its small ones). It
   * yields to the event loop between chunks, so a worker that finishes still gets the next job.
   */
  private assistSoon(): void {
    if (this.assisting) return;
    this.assisting = true;
    setImmediate(() => {
      void (async () => {
        try {
          for (let job = this.pool?.take(); job; job = this.pool?.take()) {
            let outcome: HashOutcome;
            try {
              outcome = await hashInChunks(job.path, YIELD_BYTES);
            } catch (err) {
              outcome = { ok: false, reason: 'unreadable', detail: errorText(err) };
            }
            this.hashedHere++;
            job.resolve(outcome);
          }
        } finally {
          this.assisting = false;
        }
      })();
    });
  }

  async close(): Promise<void> {
    // Detached first, so the assisting loop takes no further file from it.
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}

/** Bytes hashed between two turns of the event loop when this thread hashes a large file. */
const YIELD_BYTES = 8 * CHUNK_BYTES;

/** A large file hashed on this thread in chunks, letting the event loop run every `yieldBytes`. */
async function hashInChunks(realPath: string, yieldBytes: number): Promise<HashOutcome> {
  const opened = openRegularFile(realPath);
  if (!opened.ok) return openFailure(opened);
  const { fd } = opened;
  try {
    const h = createHash('sha256');
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    let size = 0;
    for (let n, since = 0; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) {
      h.update(buf.subarray(0, n));
      size += n;
      if ((since += n) >= yieldBytes) {
        since = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return { ok: true, sha256: h.digest('hex'), size };
  } catch (err) {
    return { ok: false, reason: 'unreadable', detail: errorText(err) };
  } finally {
    fs.closeSync(fd);
  }
}

// crypto.hash (Node ≥ 20.12) hashes in one call, about twice as fast as a Hash object on small input.
const oneShot = (
  crypto as { hash?: (alg: string, data: Uint8Array | string, enc: 'hex') => string }
).hash;

export function sha256Hex(bytes: Uint8Array | string): string {
  return oneShot
    ? oneShot('sha256', bytes, 'hex')
    : createHash('sha256').update(bytes).digest('hex');
}
