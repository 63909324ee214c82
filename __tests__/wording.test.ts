import fs from 'node:fs';
import path from 'node:path';
import { finding } from '../src/model/finding.js';
import { allCodes } from '../src/packs/registry.js';
import { decide } from '../src/policy/gate.js';
import { renderCards, renderComment, renderSummary } from '../src/render/markdown.js';
import { renderText } from '../src/render/text.js';
import { verify } from '../src/pipeline/verify.js';
import { tempRepo, writePaper } from './support/repo.js';

/**
 * What a reader is told must fit the situation: the same status word in the terminal and on
 * GitHub, no advice that cannot apply (downgrade a trace, or a paper already in draft), and a
 * reason whenever a paper is not submission-ready.
 */

const LEGACY_FIELDS = {
  review_independence: undefined,
  acceptance_status: undefined,
  executor_model: undefined,
  executor_family: undefined,
  reviewer_family: undefined,
};

async function paper(opts: Parameters<typeof writePaper>[2]) {
  const root = tempRepo();
  writePaper(root, 'paper', opts);
  return verify({ root });
}

const blocked = { 'PROOF_AUDIT.json': { verdict: 'BLOCKED', reason_code: 'no_raw_evidence' } };

describe('status words and advice', () => {
  test('a blocking verdict is BLOCKED in the terminal and in the check summary, never BLOCKING_VERDICT', async () => {
    const r = await paper({ overrides: blocked });
    const text = renderText(r);
    expect(text).toMatch(/✗ proof-checker\s+BLOCKED\n/);
    expect(text).not.toContain('BLOCKING_VERDICT');
    const summary = renderSummary(r, { checkName: 'audit-gate' });
    expect(summary).toContain('| ✗ | proof-checker | audit | BLOCKED |');
    expect(summary).not.toContain('BLOCKING');
  });

  test('a BLOCKED audit under draft is not shown as accepted, and nothing says to downgrade to draft', async () => {
    const r = await paper({ assurance: 'draft', overrides: blocked });
    const text = renderText(r);
    expect(text).not.toMatch(/= accepted/);
    expect(text).toContain('= not blocking (1 audit with problems), not submission-ready');
    expect(text).not.toContain('downgrade');
    expect(renderSummary(r, { checkName: 'audit-gate' })).toContain(
      '→ **not blocking \\(1 audit with problems\\), not submission-ready**',
    );
    expect(JSON.stringify(r.findings)).not.toContain('downgrade');
  });

  test('the counts name subjects with problems that do not block, and only when there are some', async () => {
    const draft = await paper({ assurance: 'draft', overrides: blocked });
    expect(renderText(draft)).toMatch(
      /^4 subjects: 3 pass, 1 with problems that do not block, 0 blocking, 0 skipped · /m,
    );
    expect(renderSummary(draft, { checkName: 'audit-gate' })).toContain(
      '0 blocking · 1 with problems that do not block · 3 pass · 0 skipped',
    );
    const submission = await paper({ overrides: blocked });
    expect(renderText(submission)).toMatch(/^4 subjects: 3 pass, 1 blocking, 0 skipped · /m);
    expect(renderSummary(submission, { checkName: 'audit-gate' })).not.toContain('do not block');
  });

  test('at submission the way out through draft is offered, for the paper only', async () => {
    const r = await paper({ overrides: blocked });
    expect(r.findings.find((f) => f.code === 'aris.verdict_blocked')!.remediation).toMatch(
      /, or, while paper is not meant for submission, write draft in its \.aris\/assurance\.txt\.$/,
    );
    expect(renderText(r)).toMatch(/FAIL: .*write draft in a paper's \.aris\/assurance\.txt/);
  });

  test('a failing run trace is never told to downgrade to draft', async () => {
    const root = path.resolve('conformance/trace/claim-ungrounded/input');
    const r = await verify({ root });
    expect(r.conclusion).toBe('failure');
    const text = renderText(r);
    expect(text).toMatch(/^FAIL: /m);
    expect(text).not.toContain('draft');
  });

  test('the counts line says "1 error", not "1 errors", in the terminal and on GitHub', async () => {
    const r = await paper({ overrides: blocked });
    expect(r.counts.errors).toBe(1);
    expect(renderText(r)).toContain('· 1 error, 0 warnings ·');
    expect(renderSummary(r, { checkName: 'audit-gate' })).toContain('— 1 error, 0 warnings ·');
  });

  test('a stale audit says which skill to run, on which paper, and what it rewrites', async () => {
    const r = await paper({ staleMain: true });
    const f = r.findings.find((x) => x.code === 'aris.input_stale')!;
    expect(f.remediation).toBe(
      'Run the proof-checker skill on paper (it rewrites PROOF_AUDIT.json), then run audit-gate again.',
    );
  });
});

describe('the gate’s own advice names every place the bad value can come from', () => {
  test('a missing PATH and a missing --config file say where to fix them, the command line included', async () => {
    const root = tempRepo();
    const r = await verify({ root, paths: ['nope'], config: 'missing.json' });
    const byCode = (code: string) => r.findings.find((f) => f.code === code)!.remediation;
    expect(byCode('gate.target_not_found')).toContain(
      'A verify PATH argument is relative to the current directory',
    );
    expect(byCode('gate.config_invalid')).toContain(
      'exists (verify --config, the Action’s config input)',
    );
  });
});

describe('the terminal summary', () => {
  test('findings about the run as a whole come first: a bad config explains the rest', async () => {
    const root = tempRepo();
    writePaper(root, 'paper', { overrides: { 'PROOF_AUDIT.json': { verdict: 'FAIL' } } });
    const text = renderText(
      await verify({ root, config: 'missing.json', assurance: 'submission' }),
    );
    const config = text.indexOf('gate.config_invalid');
    const paperFinding = text.indexOf('aris.verdict_fail');
    expect(config).toBeGreaterThan(0);
    expect(paperFinding).toBeGreaterThan(config);
  });
});

describe('a shard’s summary', () => {
  test('says it is one shard of a list and no verdict on the repository', async () => {
    const root = tempRepo();
    writePaper(root, 'a', {});
    writePaper(root, 'b', {});
    const text = renderText(await verify({ root, shard: { index: 1, count: 2 } }));
    expect(text).toMatch(/This is shard 1\/2 \(1 target of the list\): it is no verdict/);
    expect(renderText(await verify({ root }))).not.toContain('This is shard');
  });
});

describe('why a paper is not submission-ready', () => {
  test('legacy artifacts with no findings: the text, the cards and the comment say why it is provisional', async () => {
    const overrides = Object.fromEntries(
      [
        'PROOF_AUDIT.json',
        'PAPER_CLAIM_AUDIT.json',
        'CITATION_AUDIT.json',
        'KILL_ARGUMENT.json',
      ].map((a) => [a, LEGACY_FIELDS]),
    );
    const r = await paper({ overrides });
    expect(r.findings).toEqual([]);
    expect(r.submission_ready).toBe('no');
    const why =
      'legacy artifact without review-independence fields: proof-checker, paper-claim-audit, citation-audit, kill-argument';
    expect(renderText(r)).toContain(`= provisional, not submission-ready: ${why}`);
    const md = { checkName: 'audit-gate' };
    for (const out of [renderCards(r, md), renderComment(r, md), renderSummary(r, md)])
      expect(out).toContain(
        '**Not submission-ready:** paper `paper` is provisional: legacy artifact',
      );
  });

  test('a same-family review is named as the reason', async () => {
    const same = {
      review_independence: 'same-family',
      acceptance_status: 'provisional',
      reviewer_model: 'claude-sonnet-4',
      reviewer_family: 'anthropic',
    };
    const r = await paper({ overrides: { 'KILL_ARGUMENT.json': same } });
    expect(r.findings).toEqual([]);
    expect(renderText(r)).toContain(
      '= provisional, not submission-ready: same-family review (the reviewer is of the executor’s model family): kill-argument',
    );
  });

  test('an absent executor_family is "missing", not Python\'s "None" (the legacy issue string keeps None)', async () => {
    const r = await paper({ overrides: { 'PROOF_AUDIT.json': { executor_family: undefined } } });
    const f = r.findings.find((x) => x.code === 'aris.executor_family_mismatch')!;
    expect(f.message).toBe(
      'executor_family is missing in paper/PROOF_AUDIT.json; executor_model is of family anthropic.',
    );
    expect(f.details?.['issue']).toBe('executor_family_mismatch:None_vs_anthropic');
  });
});

describe('the README', () => {
  test('its audit artifact example is complete and valid: verified in place of the passing example’s, it passes', async () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const json = /A complete, valid one:\n\n```json\n([\s\S]*?)```/.exec(readme)![1]!;
    const root = tempRepo();
    fs.cpSync('examples/repo', root, { recursive: true });
    fs.writeFileSync(path.join(root, 'papers/passing/CITATION_AUDIT.json'), json);
    const r = await verify({ root, paths: ['papers/passing'] });
    expect(r.findings).toEqual([]);
    expect(r.submission_ready).toBe('yes');
  });

  test('the repository’s own config keeps verify at the root green, and discovery skips the conformance inputs', async () => {
    const r = await verify({ root: path.resolve('.') });
    expect(r.counts.blocking).toBe(0);
    expect(r.conclusion).toBe('success');
    expect(r.targets.map((t) => t.path)).toEqual(['examples/repo/papers/passing']);
    const discovered = await verify({ root: path.resolve('.'), paths: ['.'] });
    expect(discovered.targets.filter((t) => t.path.startsWith('conformance/'))).toEqual([]);
  });
});

/** One blocking (or, advisory, problem) target of `pack`, claiming the assurance given. */
function oneTarget(pack: string, assurance: string, enforcement: 'blocking' | 'advisory') {
  const code = allCodes().find((c) => c.code.startsWith(`${pack}.`) && c.severity === 'error')!;
  const target = {
    id: 't',
    pack,
    kind: 'thing',
    path: 't',
    enforcement,
    terminal_state: 'blocked',
    ready: false,
    context: { assurance },
  };
  const subject = {
    id: 's',
    target: 't',
    pack,
    kind: 'item',
    name: 's',
    path: 't/s',
    status: 'FAIL',
    outcome: 'pass' as const,
  };
  const f = finding(code, { subject: 's', message: 'broken.' });
  return decide([{ target, subjects: [subject], findings: [f] }], {
    root: '/r',
    failOn: 'blocking',
    runFindings: [],
  });
}

describe('advice on enforcement comes from the pack (Pack.advice), never from the core', () => {
  test('aris at submission: the terminal offers draft, and says where to write it', () => {
    const r = oneTarget('aris', 'submission', 'blocking');
    expect(renderText(r)).toContain(
      "FAIL: the blocking problems above fail the gate; fix them (or write draft in a paper's .aris/assurance.txt while it is not meant for submission). (exit 1)",
    );
  });

  test('aris at draft: the comment says the problems would block at submission', () => {
    const r = oneTarget('aris', 'draft', 'advisory');
    expect(r.conclusion).toBe('neutral');
    const comment = renderComment(r, { checkName: 'audit-gate' });
    expect(comment).toContain(
      '**⚠ Problems that do not block.** They would block at assurance submission.',
    );
  });

  for (const pack of ['trace', 'aristo'])
    test(`${pack}: no draft advice, even when its target claims assurance submission or draft`, () => {
      const blocking = oneTarget(pack, 'submission', 'blocking');
      expect(blocking.conclusion).toBe('failure');
      expect(renderText(blocking)).not.toContain('draft');
      expect(renderText(blocking)).toMatch(/fix them\. \(exit 1\)/);
      expect(renderComment(blocking, { checkName: 'audit-gate' })).not.toContain('draft');
      const advisory = oneTarget(pack, 'draft', 'advisory');
      const comment = renderComment(advisory, { checkName: 'audit-gate' });
      expect(comment).not.toMatch(/would block|submission\*\*/);
      expect(renderCards(advisory, { checkName: 'audit-gate' })).not.toMatch(/would block/);
    });
});
