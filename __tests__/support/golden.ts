// The pack-specific outputs (the legacy ARIS report, the producer's VerificationReport) of one
// conformance fixture, as the CLI writes them. __tests__/golden/ holds what the code before the
// pack registry wrote; golden.test.ts proves every later version writes the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { Hasher } from '../../src/io/hashing.js';
import { Workspace } from '../../src/io/workspace.js';
import { decide } from '../../src/policy/gate.js';
import { findPack } from '../../src/packs/registry.js';
import { renderArisReport } from '../../src/packs/aris/outputs.js';
import { renderVerificationReports } from '../../src/packs/trace/outputs.js';

interface FixtureJson {
  pack: string;
  input?: string;
  target?: string;
  options?: Record<string, unknown>;
  empty_dirs?: string[];
}

/** Undefined for fixtures that need a scratch copy (empty_dirs): they are covered elsewhere. */
export async function goldenOutput(folder: string): Promise<string | undefined> {
  const fx = JSON.parse(fs.readFileSync(path.join(folder, 'fixture.json'), 'utf8')) as FixtureJson;
  // Only the packs that had such outputs before the registry have golden files.
  if (fx.empty_dirs?.length || (fx.pack !== 'aris' && fx.pack !== 'trace')) return undefined;
  const input = fs.realpathSync(path.join(folder, fx.input ?? 'input'));
  const pack = findPack(fx.pack)!;
  const hasher = new Hasher();
  let result;
  try {
    result = await pack.verify(path.resolve(input, fx.target ?? '.'), {
      workspace: new Workspace(input),
      hasher,
      options: fx.options ?? {},
    });
  } finally {
    await hasher.close();
  }
  const report = decide([result], { root: input, failOn: 'blocking', runFindings: [] });
  const out =
    fx.pack === 'aris'
      ? renderArisReport(report, result.target.id)
      : renderVerificationReports(report);
  const text = JSON.stringify(out, null, 2) + '\n';
  const repo = JSON.stringify(fs.realpathSync('.')).slice(1, -1);
  // A message naming a path outside the input (a symlink's target) depends on where the checkout
  // is, and so does the content id hashed over it.
  return (text.includes(repo) ? text.replace(/verify_v1_[0-9a-f]{64}/g, 'verify_v1_<id>') : text)
    .replace(/"generated_at": "[^"]*"/g, '"generated_at": "<time>"')
    .split(JSON.stringify(input).slice(1, -1))
    .join('<input>')
    .split(repo)
    .join('<repo>');
}
