// Runs spread over worker threads: the bundle's report equals the sequential in-process one, and a
// worker that dies turns its targets into internal errors instead of hanging the gate.
import { spawnSync } from 'node:child_process';
import { jest } from '@jest/globals';
import fs from 'node:fs';
import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hasher } from '../src/io/hashing.js';
import { markGitTop } from './support/temp.js';
import { Workspace } from '../src/io/workspace.js';
import type { Pack, PackResult } from '../src/packs/pack.js';
import {
  MIN_PARALLEL_TARGETS,
  VerifyWorkers,
  allowWorkers,
  verifyTargets,
} from '../src/pipeline/parallel.js';
import { verify } from '../src/pipeline/verify.js';
// @ts-expect-error plain JavaScript module without types
import { cleanModel, writeRun } from '../scripts/build-trace-fixtures.mjs';

const CLI = path.resolve('dist/cli/index.js');
const RUNS = 20;

const made: string[] = [];
afterAll(() => {
  allowWorkers(undefined);
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-parallel-'));
  made.push(d);
  return d;
};

// A parallel-safe pack whose targets all pass: only how they are spread can go wrong.
const stubPack: Pack = {
  id: 'trace',
  title: 'stub',
  namespace: 'trace',
  codes: [],
  targetKind: 'run',
  subjectKinds: ['run'],
  options: () => z.object({}),
  parallel: true,
  discover: () => [],
  verify: async (d): Promise<PackResult> => ({
    target: {
      id: d,
      pack: 'trace',
      kind: 'run',
      path: d,
      enforcement: 'blocking',
      terminal_state: 'accepted',
      ready: true,
      context: {},
    },
    subjects: [],
    findings: [],
  }),
};

/** 12 stub targets in a temp dir, with workers allowed from a script that throws as it loads. */
function crashingWorkers() {
  const dir = tempDir();
  const script = path.join(dir, 'crash.js');
  fs.writeFileSync(script, 'throw new Error("boom");\n');
  allowWorkers(pathToFileURL(script).href);
  const planned = Array.from({ length: 12 }, (_, i) => ({
    pack: stubPack,
    dir: path.join(dir, `r${i}`),
  }));
  return { dir, planned };
}

describe('parallel verification', () => {
  it('dist/cli/index.js trace on many runs reports exactly what the sequential verify() does', async () => {
    expect(RUNS).toBeGreaterThanOrEqual(MIN_PARALLEL_TARGETS);
    const root = tempDir();
    markGitTop(root);
    for (let i = 0; i < RUNS; i++) {
      const r = writeRun(root, cleanModel({ seed: 500 + i, extraEvidence: 4, extraCalls: 3 }));
      // One run edited after sealing: its evidence, fingerprint and manifest no longer agree.
      if (i === 7) {
        const ev = fs.readdirSync(r.path('evidence'))[0]!;
        fs.appendFileSync(r.path(`evidence/${ev}`), 'tampered');
      }
    }
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'trace',
        path.join(root, 'artifacts'),
        '--root',
        root,
        '--format',
        'json',
        '--progress',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    const fromBundle = JSON.parse(r.stdout);
    const inProcess = JSON.parse(
      JSON.stringify(await verify({ root, paths: ['artifacts'], packs: ['trace'] })),
    );
    delete fromBundle.generated_at;
    delete inProcess.generated_at;
    expect(fromBundle).toEqual(inProcess);
    expect(
      fromBundle.targets.filter((t: { terminal_state: string }) => t.terminal_state === 'rejected'),
    ).toHaveLength(1);
    const progress = r.stderr.split('\n').filter((l) => l.startsWith('… ['));
    expect(progress).toHaveLength(RUNS);
    expect(progress.map((l) => Number(/\[(\d+)\//.exec(l)![1])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: RUNS }, (_, i) => i + 1),
    );
  });

  it('starts helper threads once discovery meets a second target, never for a run of one', async () => {
    const start = jest.spyOn(VerifyWorkers, 'start');
    try {
      const root = tempDir();
      markGitTop(root);
      writeRun(root, cleanModel({ seed: 900 }));
      await verify({ root, packs: ['trace'] });
      expect(start).not.toHaveBeenCalled();
      writeRun(root, cleanModel({ seed: 901 }));
      await verify({ root, packs: ['trace'] });
      expect(start).toHaveBeenCalledTimes(1);
      // A directory named and checked as it is (aris <paper-dir>) is one target whatever it holds.
      await verify({ root, paths: ['.'], exact: true });
      expect(start).toHaveBeenCalledTimes(1);
    } finally {
      start.mockRestore();
    }
  });

  it('fails closed when a worker dies: its targets become gate.internal_error, the rest still run', async () => {
    const { dir, planned } = crashingWorkers();
    const hasher = new Hasher();
    const results = await verifyTargets(planned, {
      workspace: new Workspace(dir),
      hasher,
      options: {},
    });
    await hasher.close();
    allowWorkers(undefined);
    expect(results).toHaveLength(planned.length);
    const lost = results.filter((x) => x.findings.some((f) => f.code === 'gate.internal_error'));
    if (os.availableParallelism() > 1) expect(lost.length).toBeGreaterThan(0);
    for (const x of lost) expect(x.findings[0]!.message).toMatch(/worker thread .* failed: .*boom/);
    // Plan order is kept whichever thread checked (or lost) a target.
    results.forEach((x, i) =>
      expect(lost.includes(x) ? x.target.path : x.target.id).toBe(
        lost.includes(x) ? `r${i}` : planned[i]!.dir,
      ),
    );
  });

  it('checks everything on the main thread when the helpers died before they were needed', async () => {
    const { dir, planned } = crashingWorkers();
    const hasher = new Hasher();
    const ctx = { workspace: new Workspace(dir), hasher, options: {} };
    const workers = VerifyWorkers.start(ctx);
    allowWorkers(undefined);
    if (os.availableParallelism() > 1) expect(workers).toBeDefined();
    while (workers && workers.alive().length > 0) await new Promise((r) => setTimeout(r, 10));
    const results = await verifyTargets(planned, ctx, undefined, workers);
    await hasher.close();
    expect(results.map((x) => x.target.id)).toEqual(planned.map((t) => t.dir));
    expect(results.every((x) => x.findings.length === 0)).toBe(true);
  });
});
