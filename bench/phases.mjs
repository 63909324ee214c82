// Where a run's CPU time goes: runs the CLI once with --cpu-prof (every thread writes a
// profile) and attributes each sample to the innermost frame that names a phase.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI } from './measure.mjs';

/** Innermost match wins: path resolution inside JSON loading counts as paths, not parsing. */
const PHASES = [
  ['hashing', /^(sha256Hex|hashInChunks|prefetch|hash|compute)$/],
  ['paths', /^(resolve|realpath|realDir|canonical|gitDirHolding|isGitDir|statPath)$/],
  ['parsing', /^(parseJson|parseJsonText|parseJsonBytes|loadJsonObject|readSmallFile|safeParse)$/],
  ['discovery', /^(walkRepository|trackedUnder|parseIndex|planTargets|discover|discoverRuns)$/],
  ['policy', /^(decide|applyWaivers)$/],
  ['rendering', /^(emit|renderText|renderMarkdown|renderSarif|writeReportFile|stringify)$/],
  ['rules', /^(verifyTarget|verifyPaper|verifyRun|runRules|checkAudit)$/],
  ['other', /^(runCli|runVerifyWorker)$/], // config, orchestration: the rest of a run
];

export function phases(args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-prof-'));
  try {
    spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, CLI, ...args], {
      stdio: 'ignore',
    });
    const ms = new Map();
    for (const f of fs.readdirSync(dir))
      attribute(JSON.parse(fs.readFileSync(path.join(dir, f))), ms);
    return ms;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function attribute(profile, ms) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phaseOf = new Map();
  const classify = (id) => {
    if (phaseOf.has(id)) return phaseOf.get(id);
    const { functionName, url } = byId.get(id).callFrame;
    let phase;
    if (functionName === '(idle)') phase = 'idle';
    else if (functionName === '(garbage collector)') phase = 'gc';
    else if (url.includes('[worker eval]')) phase = 'hashing';
    else phase = PHASES.find(([, re]) => re.test(functionName))?.[0];
    if (phase === undefined) {
      const up = parent.get(id);
      // A stack that reaches no phase is loading and starting the bundle.
      phase = up === undefined ? 'start-up' : classify(up);
    }
    phaseOf.set(id, phase);
    return phase;
  };
  profile.samples.forEach((id, i) => {
    const phase = classify(id);
    ms.set(phase, (ms.get(phase) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
}
