// Fuzz: byte-level and structural mutations of clean, sealed trace runs (the conformance clean
// fixtures). Invariants: never a crash or a stack trace, a sound GateReport, no secret in any
// output, nothing written, and never a green gate when the reference rule says the run was
// tampered with: a sealed file (one manifest.json lists) whose bytes changed without being
// re-sealed, a sealed file that is gone or no longer a regular file inside the workspace, or a
// file added to the run. Re-sealing (rewriting manifest.json and fingerprint.txt to match) does
// not launder a change of trace.jsonl or of an evidence file either: the trace's content-derived
// id and the evidence hashes recorded in the trace still tell.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { verify } from '../../src/pipeline/verify.js';
import { mkfifo } from '../support/temp.js';
import { applyByteEdit, byteEdit, hostileString, type ByteEdit } from '../support/arbitraries.js';
import {
  copiesDir,
  copyFixture,
  expectCleanRun,
  fileName,
  expectNotGreen,
  params,
  NODE_KINDS,
  replaceNode,
  restore,
  sandbox,
  snapshot,
  timeout,
  Tally,
  type NodeKind,
  type Sandbox,
} from '../support/fuzz.js';

const CONFORMANCE = path.resolve('conformance/trace');
const CLEAN = fs
  .readdirSync(CONFORMANCE)
  .filter((d) => d.startsWith('clean-'))
  .sort();

interface Base {
  name: string;
  pristine: string;
  /** Run dir, relative to the workspace. */
  run: string;
  /** Sealed files (manifest.json's keys), relative to the run dir. */
  sealed: string[];
}

let box: Sandbox;
const bases: Base[] = [];

beforeAll(() => {
  box = sandbox('runs');
  for (const name of CLEAN) {
    const pristine = path.join(box.base, 'pristine', name);
    const fixture = copyFixture(CONFORMANCE, name, pristine);
    const run = fixture.target as string;
    const manifest = JSON.parse(fs.readFileSync(path.join(pristine, run, 'manifest.json'), 'utf8'));
    bases.push({ name, pristine, run, sealed: Object.keys(manifest).sort() });
  }
  // Byte-identical copies outside the workspace: a verifier that followed a link out would find
  // every hash right.
  fs.cpSync(path.join(box.base, 'pristine'), path.join(box.outside, 'runs'), { recursive: true });
  mkfifo(path.join(box.ws, 'fifo'));
});
afterAll(() => box?.dispose());

const artifactsDir = () => path.join(box.ws, 'artifacts');

function install(b: Base): string {
  restore(path.join(b.pristine, 'artifacts'), artifactsDir());
  return path.join(box.ws, b.run);
}

// ---------------------------------------------------------------------------------------------

type RunCase =
  | { kind: 'bytes'; base: number; file: number; edits: ByteEdit[]; reseal: boolean }
  | { kind: 'node'; base: number; file: number; node: NodeKind }
  | {
      kind: 'extra';
      base: number;
      where: 'evidence' | 'provenance' | '.' | 'nested';
      name: string;
      content: string;
    }
  | { kind: 'manifest'; base: number; edit: ByteEdit };

const baseArb = fc.nat();
const fileArb = fc.nat();

const runCase: fc.Arbitrary<RunCase> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('bytes' as const),
      base: baseArb,
      file: fileArb,
      edits: fc.array(byteEdit, { minLength: 1, maxLength: 3 }),
      reseal: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('node' as const),
      base: baseArb,
      file: fileArb,
      node: fc.constantFrom(...NODE_KINDS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      base: baseArb,
      where: fc.constantFrom(
        'evidence' as const,
        'provenance' as const,
        '.' as const,
        'nested' as const,
      ),
      name: fc.oneof(
        fc.constantFrom('notes.txt', '.hidden', 'manifest.json.bak', 'ev_v1_x.txt'),
        hostileString(),
      ),
      content: hostileString(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('manifest' as const), base: baseArb, edit: byteEdit }),
  },
);

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The trace itself, and the files whose sha256 the trace records (evidence). */
const recordedInTrace = (rel: string) => rel === 'trace.jsonl' || rel.startsWith('evidence/');

/** Rewrites manifest.json and fingerprint.txt to match the files as they are now. */
function reseal(runDir: string): void {
  const man = path.join(runDir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(man, 'utf8')) as Record<string, string>;
  fs.writeFileSync(
    path.join(runDir, 'fingerprint.txt'),
    `${sha(fs.readFileSync(path.join(runDir, 'trace.jsonl')))}\n`,
  );
  for (const k of Object.keys(manifest)) {
    try {
      manifest[k] = sha(fs.readFileSync(path.join(runDir, k)));
    } catch {
      // gone: stays as it was
    }
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : 1)));
  fs.writeFileSync(man, JSON.stringify(sorted));
}

/** Applies the case; returns why the reference rule calls the run bad (undefined: no verdict). */
function applyCase(c: RunCase): string | undefined {
  const b = bases[c.base % bases.length]!;
  const runDir = install(b);
  switch (c.kind) {
    case 'bytes': {
      // Re-sealing launders nothing in the trace or the evidence: those are the files to try.
      const pool = c.reseal ? b.sealed.filter(recordedInTrace) : b.sealed;
      const rel = pool[c.file % pool.length]!;
      const abs = path.join(runDir, rel);
      const before = fs.readFileSync(abs);
      let after: Buffer = before;
      for (const e of c.edits) after = applyByteEdit(after, e);
      fs.writeFileSync(abs, after);
      if (after.equals(before)) return undefined;
      if (!c.reseal) return `${rel} changed and was not re-sealed`;
      reseal(runDir);
      return `${rel} changed (re-sealed)`;
    }
    case 'node': {
      const rel = b.sealed[c.file % b.sealed.length]!;
      const changed = replaceNode(box, path.join(runDir, rel), c.node, {
        outsideCopy: path.join(box.outside, 'runs', b.name, b.run, rel),
        pristine: path.join(b.pristine, b.run, rel),
        rel,
      });
      return changed ? `${rel} is now ${c.node}` : undefined;
    }
    case 'extra': {
      const dir =
        c.where === 'nested' ? path.join(runDir, 'provenance', 'sub') : path.join(runDir, c.where);
      fs.mkdirSync(dir, { recursive: true });
      const name = fileName(c.name);
      const abs = path.join(dir, name);
      if (fs.existsSync(abs)) return undefined;
      fs.writeFileSync(abs, c.content);
      return `${path.relative(runDir, abs)} was added`;
    }
    case 'manifest': {
      const abs = path.join(runDir, 'manifest.json');
      const before = fs.readFileSync(abs);
      fs.writeFileSync(abs, applyByteEdit(before, c.edit));
      return undefined; // a manifest may be rewritten equivalently; only no-crash applies
    }
  }
}

const tally = new Tally();
afterAll(() => tally.print('run directory cases'));

async function check(c: RunCase): Promise<void> {
  const bad = applyCase(c);
  tally.add(
    c.kind === 'bytes'
      ? `bytes${c.reseal ? ' (re-sealed)' : ''}`
      : c.kind === 'node'
        ? `node:${c.node}`
        : c.kind,
    bad !== undefined,
  );
  const before = snapshot(box);
  const report = expectCleanRun(box, before, await verify({ root: box.ws }));
  expectNotGreen(report, bad);
  fs.rmSync(copiesDir(box), { recursive: true, force: true });
}

describe('fuzz: run directories', () => {
  it('every clean run passes untouched, so the property below is not vacuous', async () => {
    for (const b of bases) {
      install(b);
      const r = await verify({ root: box.ws });
      expect([b.name, r.conclusion, r.findings.map((f) => f.code)]).toEqual([
        b.name,
        'success',
        [],
      ]);
    }
  });

  it(
    'a tampered run never crashes, leaks, writes, or verifies green',
    async () => {
      await fc.assert(fc.asyncProperty(runCase, check), params(150));
    },
    timeout(),
  );
});
