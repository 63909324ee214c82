// Benchmark of the aristo pack: 2,000 annotated fns in about 200,000 lines of Rust, 2,000
// verified proofs (code and intent grounds with stamped hashes) and a committed index. Prints
// the CLI's wall time as a ratio against a bare tree-sitter parse of the same files in the same
// run (the floor; target ≤ 1.5×), and its peak memory (target < 300 MB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, bestOf, mib, peakRss, report, requireBuiltCli } from './measure.mjs';
import { indexToml, sha256, textHash, toToml } from '../scripts/lib/aristo-crate.mjs';

const FILES = 100;
const ITEMS = 20; // per file
const BODY = 46; // statement pairs per fn
const RUNS = 3;

requireBuiltCli();
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aristo-bench-'));
const entries = {};
const proofs = [];
let totalLines = 0;
for (let f = 0; f < FILES; f++) {
  const file = `src/m${String(f).padStart(3, '0')}.rs`;
  const lines = [`//! Module ${f}.`, 'use std::collections::HashMap;', ''];
  for (let i = 0; i < ITEMS; i++) {
    const id = `m${f}_item_${i}`;
    const text = `item_${i} of module ${f} returns a value above 1000 only when the input holds one.`;
    const attrLine = lines.length + 1;
    lines.push(`/// Item ${i}.`.replace('///', '//'));
    lines[lines.length - 1] =
      `#[aristo::intent(${JSON.stringify(text)}, id = "${id}", verify = "neural")]`;
    const sig = lines.length;
    lines.push(
      `pub fn item_${i}(xs: &[u64], k: usize, cache: &mut HashMap<usize, u64>) -> Option<u64> {`,
    );
    for (let j = 0; j < BODY; j++) {
      lines.push(
        `    let v${j} = xs.get(k + ${j}).copied().unwrap_or(${j}).wrapping_mul(3) + ${j}; // step ${j}`,
      );
      lines.push(`    if v${j} > 1000 { cache.insert(k, v${j}); return Some(v${j}); }`);
    }
    lines.push('    None', '}', '');
    const region = lines
      .slice(sig, sig + BODY * 2 + 3)
      .join('\n')
      .slice(lines[sig].lastIndexOf('{'));
    const e = {
      id,
      kind: 'intent',
      text,
      verify: 'neural',
      file,
      site: `fn item_${i} (line ${attrLine})`,
      covered: 'function',
      text_hash: textHash(text),
      body_hash: sha256(region),
    };
    entries[id] = e;
    const lo = sig + 2;
    const hi = sig + 5;
    proofs.push([
      id,
      {
        verdict: {
          type: 'verified',
          method: 'neural',
          produced_at_text_hash: e.text_hash,
          produced_at_body_hash: e.body_hash,
          produced_by: 'aristo-neural-verifier@v0.0.7',
          attempts: 1,
          property_kind: 'postcondition',
        },
        verified: {
          proof: {
            conclusion: 'Every return of Some carries a value above 1000.',
            steps: [
              {
                path: '0',
                claim: 'Each Some(v) is guarded by v > 1000.',
                relation_to_parent: 'decomposes',
                subgoal_paths: ['0.0', '0.1'],
                grounds: [{ kind: 'composition', reason: 'the guards below' }],
              },
              {
                path: '0.0',
                claim: 'The first guard.',
                relation_to_parent: 'instantiates',
                grounds: [
                  {
                    kind: 'code',
                    file,
                    lines: `${lo}-${hi}`,
                    code_text_hash: '',
                    reason: 'guarded returns',
                  },
                ],
              },
              {
                path: '0.1',
                claim: 'The other guards follow the same shape.',
                relation_to_parent: 'composes',
                grounds: [
                  { kind: 'prior-step', path: '0.0' },
                  ...(i > 0
                    ? [
                        {
                          kind: 'intent',
                          id: `m${f}_item_${i - 1}`,
                          relation: 'composes',
                          at_text_hash: entries[`m${f}_item_${i - 1}`].text_hash,
                        },
                      ]
                    : []),
                ],
              },
            ],
          },
        },
      },
      lines,
      lo,
      hi,
    ]);
  }
  totalLines += lines.length;
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, file), lines.join('\n') + '\n');
}
fs.mkdirSync(path.join(root, '.aristo/proofs'), { recursive: true });
for (const [id, p, lines, lo, hi] of proofs) {
  p.verified.proof.steps[1].grounds[0].code_text_hash = sha256(lines.slice(lo - 1, hi).join('\n'));
  fs.writeFileSync(path.join(root, '.aristo/proofs', `${id}.proof`), toToml(p));
}
fs.writeFileSync(path.join(root, '.aristo/index.toml'), indexToml(entries));

try {
  const args = ['aristo', root, '--format', 'json'];
  const floor = bestOf(RUNS, process.execPath, [
    path.resolve('bench/tree-sitter-floor.mjs'),
    path.dirname(CLI),
    root,
  ]);
  const ours = bestOf(RUNS, process.execPath, [CLI, ...args]);
  const rss = peakRss(args, [0]);
  report(
    `aristo: ${FILES * ITEMS} annotated fns, ${totalLines} lines of Rust, ${proofs.length} proofs`,
    [
      ['bare tree-sitter parse (floor)', `${floor.toFixed(0)} ms`],
      ['audit-gate aristo', `${ours.toFixed(0)} ms`],
      ['ratio (target ≤ 1.5×)', `${(ours / floor).toFixed(2)}×`],
      ['peak RSS (target < 300 MB)', `${mib(rss)} MiB`],
    ],
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
