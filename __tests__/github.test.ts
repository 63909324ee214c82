import type { Finding } from '../src/model/finding.js';
import type { Conclusion, GateReport } from '../src/model/report.js';
import type { Subject, Target } from '../src/model/subject.js';
import { buildAnnotations, type Annotation } from '../src/github/annotations.js';
import {
  batches,
  completeCheckRun,
  createCheckRun,
  MAX_ANNOTATIONS,
} from '../src/github/check-run.js';
import type { Api } from '../src/github/client.js';
import { createClient, isPermissionError } from '../src/github/client.js';
import { ACTIONS_BOT, appBotLogin, markedComments, upsertComment } from '../src/github/comment.js';
import { resolveTarget, runUrl, type PublishTarget } from '../src/github/context.js';
import { InputError, readSettings } from '../src/github/inputs.js';
import { emitWorkflowAnnotations } from '../src/github/workflow-commands.js';
import {
  CHECK_OUTPUT_LIMIT,
  clip,
  COMMENT_LIMIT,
  commentMarker,
  fit,
  prefixOf,
  renderCards,
  renderComment,
  renderSummary,
} from '../src/render/markdown.js';
import { renderSarif, sarifText } from '../src/render/sarif.js';
import { PATH_EXCERPT_MAX, mdCode, mdText, plain, quotePath } from '../src/render/sanitize.js';
import { decide } from '../src/policy/gate.js';
import { examplePayload } from './support/action-runner.js';
import { MockGitHub } from './support/mock-github.js';
import { sarifProblems } from './support/sarif.js';

// ---------------------------------------------------------------------------------------------
// Fixtures

function target(id: string, over: Partial<Target> = {}): Target {
  return {
    id,
    pack: 'aris',
    kind: 'paper',
    path: id.replace(/^aris:/, ''),
    enforcement: 'blocking',
    terminal_state: 'blocked',
    ready: (over.terminal_state ?? 'blocked') === 'accepted',
    context: { assurance: 'submission', assurance_source: '.aris/assurance.txt' },
    ...over,
  };
}

function subject(t: string, file: string, over: Partial<Subject> = {}): Subject {
  const p = `${t.replace(/^aris:/, '')}/${file}`;
  return {
    id: `aris:${p}`,
    target: t,
    pack: 'aris',
    kind: 'audit',
    name: file,
    path: p,
    status: 'OK',
    verdict: 'PASS',
    outcome: 'pass',
    ...over,
  };
}

function stale(s: Subject, n: number): Finding[] {
  return Array.from({ length: n }, (_, i) => ({
    code: 'aris.input_stale',
    severity: 'error' as const,
    subject: s.id,
    message: `in_${i}.tex changed after the audit.`,
    remediation: 'Rerun the audit.',
    location: { path: s.path, line: 8 + i },
    related: [{ path: `${s.target.replace(/^aris:/, '')}/in_${i}.tex` }],
    blocking: true,
  }));
}

/** `n` warning annotations on lines 1..n of one file. */
function warnings(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    path: 'a',
    start_line: i + 1,
    end_line: i + 1,
    annotation_level: 'warning' as const,
    title: 't',
    message: 'm',
  }));
}

function report(targets: Target[], subjects: Subject[], findings: Finding[]): GateReport {
  const r = decide([], { root: '/w', failOn: 'blocking', runFindings: [] });
  const blocking = new Set(findings.filter((f) => f.blocking).map((f) => f.subject));
  const subs = subjects.map((s) =>
    blocking.has(s.id) ? { ...s, outcome: 'blocking' as const } : s,
  );
  return {
    ...r,
    conclusion: findings.some((f) => f.blocking) ? 'failure' : 'success',
    submission_ready: findings.length ? 'no' : 'yes',
    exit_code: findings.some((f) => f.blocking) ? 1 : 0,
    targets,
    subjects: subs,
    findings,
    counts: {
      ...r.counts,
      targets: targets.length,
      subjects: subs.length,
      pass: subs.filter((s) => s.outcome === 'pass').length,
      blocking: subs.filter((s) => s.outcome === 'blocking').length,
      errors: findings.length,
    },
  };
}

const quiet = { warn: () => undefined, debug: () => undefined };

/** A real client against a fresh mock GitHub, stopped after `fn`. */
async function withGitHub<R>(fn: (api: Api, gh: MockGitHub) => Promise<R>): Promise<R> {
  const gh = new MockGitHub();
  await gh.start();
  try {
    const api = createClient({
      token: 't',
      baseUrl: gh.url,
      retryBaseMs: 1,
      writeIntervalMs: 0,
      log: quiet,
    });
    return await fn(api, gh);
  } finally {
    await gh.stop();
  }
}

/** The bodies of the check-run updates the mock accepted. */
function updates(gh: MockGitHub): Record<string, unknown>[] {
  expect(gh.violations()).toEqual([]);
  return gh.callsTo('checks/update').map((c) => c.body as Record<string, unknown>);
}

const T: PublishTarget = {
  owner: 'o',
  repo: 'r',
  sha: 'abc',
  pullNumber: 5,
  eventName: 'pull_request',
  source: 'test',
};

// ---------------------------------------------------------------------------------------------
// SHA and pull request resolution

describe('resolveTarget', () => {
  const env = { GITHUB_REPOSITORY: 'Codertocat/Hello-World', GITHUB_SHA: 'merge0000' };

  test('pull_request uses the head sha, not the merge commit', () => {
    for (const action of ['opened', 'synchronize']) {
      const p = examplePayload('pull_request', (e) => e['action'] === action);
      const t = resolveTarget({ ...env, GITHUB_EVENT_NAME: 'pull_request' }, p);
      expect(t.sha).toBe('ec26c3e57ca3a959ca5aad62de7213c562f8c821');
      expect(t.pullNumber).toBe(2);
    }
  });

  test('pull_request_target behaves the same', () => {
    const p = examplePayload('pull_request', (e) => e['action'] === 'opened');
    expect(resolveTarget({ ...env, GITHUB_EVENT_NAME: 'pull_request_target' }, p).sha).toBe(
      'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
    );
  });

  test('workflow_run uses its head sha and pull request', () => {
    const p = examplePayload(
      'workflow_run',
      (e) => ((e['workflow_run'] as { pull_requests: unknown[] }).pull_requests ?? []).length > 0,
    );
    const wr = p['workflow_run'] as {
      head_sha: string;
      pull_requests: { head: { sha: string } }[];
    };
    // GitHub's example lists a pull request whose head is another commit: it is taken only once
    // its head is the run's.
    const at = {
      ...env,
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
    };
    expect(resolveTarget(at, p).pullNumber).toBeUndefined();
    wr.pull_requests[0]!.head.sha = wr.head_sha;
    const t = resolveTarget(at, p);
    expect(t.sha).toBe('3484a3fb816e0859fd6e1cea078d76385ff50625');
    expect(t.pullNumber).toBe(2);
    expect(t.owner).toBe('octo-org');
  });

  test('workflow_run never takes a listed pull request whose head is another commit', () => {
    // GitHub lists the open pull requests sharing the run's branch name too: a stale run of an
    // older commit, or a fork branch named like another pull request's.
    const p = examplePayload('workflow_run', (e) => e['action'] === 'completed');
    const wr = p['workflow_run'] as Record<string, unknown>;
    wr['event'] = 'pull_request';
    wr['pull_requests'] = [{ number: 5, head: { sha: '1'.repeat(40), ref: wr['head_branch'] } }];
    wr['head_repository'] = { owner: { login: 'forker' } };
    const t = resolveTarget({ ...env, GITHUB_EVENT_NAME: 'workflow_run' }, p);
    expect(t.pullNumber).toBeUndefined();
    expect(t.lookup).toEqual({ headOwner: 'forker', headBranch: wr['head_branch'] });
  });

  test('workflow_run from a fork PR (no pull_requests) asks for a lookup by head branch', () => {
    const p = examplePayload('workflow_run', (e) => e['action'] === 'completed');
    const wr = p['workflow_run'] as Record<string, unknown>;
    wr['event'] = 'pull_request';
    wr['pull_requests'] = [];
    wr['head_repository'] = { owner: { login: 'forker' } };
    const t = resolveTarget({ ...env, GITHUB_EVENT_NAME: 'workflow_run' }, p);
    expect(t.pullNumber).toBeUndefined();
    expect(t.lookup).toEqual({ headOwner: 'forker', headBranch: wr['head_branch'] });
  });

  test('push and workflow_dispatch use GITHUB_SHA; the pull-request input names a PR', () => {
    expect(
      resolveTarget({ ...env, GITHUB_EVENT_NAME: 'push' }, examplePayload('push')),
    ).toMatchObject({ sha: 'merge0000', source: 'GITHUB_SHA' });
    const t = resolveTarget(
      { ...env, GITHUB_EVENT_NAME: 'workflow_dispatch' },
      examplePayload('workflow_dispatch'),
      12,
    );
    expect(t).toMatchObject({ sha: 'merge0000', pullNumber: 12 });
  });

  test('without GITHUB_REPOSITORY it refuses', () => {
    expect(() => resolveTarget({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: 'x' }, {})).toThrow(
      /GITHUB_REPOSITORY/,
    );
  });

  test('runUrl is built only from well-formed runner values', () => {
    expect(runUrl({ GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '9', GITHUB_RUN_ATTEMPT: '2' })).toBe(
      'https://github.com/o/r/actions/runs/9/attempts/2',
    );
    expect(runUrl({ GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '9)[x](y' })).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Inputs

describe('readSettings', () => {
  test('defaults', () => {
    const s = readSettings({ GITHUB_WORKSPACE: '/nonexistent-ws', RUNNER_TEMP: '/rt' });
    expect(s).toMatchObject({
      checkName: 'audit-gate',
      comment: 'failures',
      failOn: 'blocking',
      reportPath: '/rt/audit-gate/report.json',
    });
    expect(s.paths).toBeUndefined();
  });
  test('paths are newline-separated; blank lines and comments are ignored', () => {
    const s = readSettings({
      GITHUB_WORKSPACE: '/ws',
      INPUT_PATHS: 'papers/a\n\n  papers/b  \n# note\n',
    });
    expect(s.paths).toEqual(['papers/a', 'papers/b']);
  });
  test('papers are newline-separated like paths', () => {
    const s = readSettings({
      GITHUB_WORKSPACE: '/ws',
      INPUT_PAPERS: 'papers/main\n# x\npapers/b\n',
    });
    expect(s.papers).toEqual(['papers/main', 'papers/b']);
    expect(readSettings({ GITHUB_WORKSPACE: '/ws' }).papers).toBeUndefined();
  });
  test('targets are pack:dir lines like paths; a line without a pack is refused', () => {
    const s = readSettings({
      GITHUB_WORKSPACE: '/ws',
      INPUT_TARGETS: 'addenda-b:bundles/b1\n# x\ntrace:runs/r1\n',
    });
    expect(s.targets).toEqual(['addenda-b:bundles/b1', 'trace:runs/r1']);
    expect(() => readSettings({ INPUT_TARGETS: 'bundles/b1' })).toThrow(
      'Input "targets" takes one pack:dir a line (e.g. addenda-b:bundles/b1); got "bundles/b1".',
    );
  });
  test('invalid values are refused with the input name', () => {
    expect(() => readSettings({ INPUT_ASSURANCE: 'final' })).toThrow(InputError);
    expect(() => readSettings({ 'INPUT_FAIL-ON': 'always' })).toThrow(/fail-on/);
    expect(() => readSettings({ 'INPUT_ALLOW-EMPTY': 'yes' })).toThrow(/allow-empty/);
    expect(() => readSettings({ 'INPUT_PULL-REQUEST': '12a' })).toThrow(/pull-request/);
  });
  test('config-json is inline JSON from the workflow; config and config-json exclude each other', () => {
    const s = readSettings({ GITHUB_WORKSPACE: '/ws', 'INPUT_CONFIG-JSON': ' {"exclude": []} ' });
    expect(s.configJson).toBe('{"exclude": []}');
    expect(s.config).toBeUndefined();
    expect(readSettings({ GITHUB_WORKSPACE: '/ws', INPUT_CONFIG: '/rt/gate.json' }).config).toBe(
      '/rt/gate.json',
    );
    expect(() => readSettings({ INPUT_CONFIG: 'gate.json', 'INPUT_CONFIG-JSON': '{}' })).toThrow(
      /either "config" or "config-json"/,
    );
  });
  test('fixtures: conformance/ by default (verify checks it exists), none, or a directory', () => {
    // The default is decided in verify, after the config, without reading the checkout here.
    expect(readSettings({ GITHUB_WORKSPACE: '/nonexistent-ws' })).toMatchObject({
      defaultFixtures: 'conformance',
    });
    const none = readSettings({ GITHUB_WORKSPACE: '/ws', INPUT_FIXTURES: 'none' });
    // false, not undefined: none wins over a fixtures entry in the config.
    expect([none.fixtures, none.defaultFixtures]).toEqual([false, undefined]);
    const named = readSettings({ GITHUB_WORKSPACE: '/ws', INPUT_FIXTURES: 'suite' });
    expect([named.fixtures, named.defaultFixtures]).toEqual(['suite', undefined]);
  });
});

// ---------------------------------------------------------------------------------------------
// Annotations and batching

describe('annotations', () => {
  const t = target('aris:p');
  const s = subject('aris:p', 'PROOF_AUDIT.json');

  test('a STALE finding annotates the artifact line and the changed input file', () => {
    const a = buildAnnotations(report([t], [s], stale(s, 1)));
    expect(a).toHaveLength(2);
    expect(a[0]).toMatchObject({
      path: 'p/PROOF_AUDIT.json',
      start_line: 8,
      end_line: 8,
      annotation_level: 'failure',
    });
    expect(a[1]).toMatchObject({ path: 'p/in_0.tex', start_line: 1, annotation_level: 'failure' });
    expect(a[1]!.title).toContain('input of PROOF_AUDIT.json');
  });

  test('titles are capped at 255 characters; paths that escape are not annotated', () => {
    const f: Finding = {
      code: 'x.y',
      severity: 'warning',
      subject: 'z'.repeat(400),
      message: 'm',
      remediation: 'r',
      location: { path: '../etc/passwd', line: 1 },
      related: [{ path: 'ok.txt' }],
      blocking: false,
    };
    const a = buildAnnotations(report([], [], [f]));
    expect(a).toHaveLength(1);
    expect(a[0]!.path).toBe('ok.txt');
    expect(Array.from(a[0]!.title).length).toBeLessThanOrEqual(255);
  });

  test('most severe first', () => {
    const mk = (severity: Finding['severity']): Finding => ({
      code: 'c',
      severity,
      subject: 's',
      message: 'm',
      remediation: 'r',
      location: { path: 'a', line: 1 },
      blocking: false,
    });
    expect(
      buildAnnotations(report([], [], [mk('notice'), mk('warning'), mk('error')])).map(
        (a) => a.annotation_level,
      ),
    ).toEqual(['failure', 'warning', 'notice']);
  });

  test('batches of 50', () => {
    expect(batches(Array.from({ length: 120 }, (_, i) => i)).map((b) => b.length)).toEqual([
      50, 50, 20,
    ]);
    expect(batches([])).toEqual([]);
  });

  /** Creates and completes a check run on the mock GitHub; returns the result and the update bodies. */
  function complete(conclusion: Conclusion, ann: Annotation[]) {
    return withGitHub(async (api, gh) => {
      const run = await createCheckRun(api, T, 'audit-gate', { title: 't', summary: 's' });
      const out = { title: 't', summary: 's' };
      const res = await completeCheckRun(api, T, run, conclusion, out, ann);
      return { res, calls: updates(gh) };
    });
  }

  test('completeCheckRun sends every annotation in updates of at most 50 and completes in the last one', async () => {
    const findings = stale(s, 60);
    const ann = buildAnnotations(report([t], [s], findings));
    expect(ann).toHaveLength(120);
    const { res, calls } = await complete('failure', ann);
    expect(res).toEqual({ sent: 120, omitted: 0, requests: 3 });
    const sizes = calls.map(
      (c) => ((c['output'] as { annotations?: unknown[] }).annotations ?? []).length,
    );
    expect(sizes).toEqual([50, 50, 20]);
    expect(calls.map((c) => c['status'])).toEqual([undefined, undefined, 'completed']);
    expect(calls[2]!['conclusion']).toBe('failure');
  });

  test('past the documented cap the summary says how many were left out', async () => {
    const ann = warnings(MAX_ANNOTATIONS + 7);
    const { res, calls } = await complete('neutral', ann);
    expect(res.omitted).toBe(7);
    expect(calls).toHaveLength(MAX_ANNOTATIONS / 50);
    expect((calls.at(-1)!['output'] as { summary: string }).summary).toContain(
      '7 more annotations',
    );
  });

  test('workflow-command fallback keeps to 10 errors and 10 warnings per step, most severe first', () => {
    const mk = (level: 'failure' | 'warning' | 'notice', n: number) =>
      Array.from({ length: n }, (_, i) => ({
        path: 'f',
        start_line: i + 1,
        end_line: i + 1,
        annotation_level: level,
        title: level,
        message: 'm',
      }));
    const seen: string[] = [];
    const info: string[] = [];
    const r = emitWorkflowAnnotations(
      [...mk('notice', 15), ...mk('warning', 15), ...mk('failure', 15)],
      {
        error: () => seen.push('e'),
        warning: () => seen.push('w'),
        notice: () => seen.push('n'),
        info: (m) => info.push(m),
      },
    );
    expect(r).toEqual({ emitted: 30, omitted: 15 });
    expect(seen.join('')).toBe('e'.repeat(10) + 'w'.repeat(10) + 'n'.repeat(10));
    expect(info[0]).toMatch(/15 more annotations not shown/);
  });
});

// ---------------------------------------------------------------------------------------------
// Markdown: escaping and trimming

describe('escaping', () => {
  test('mdText neutralises HTML, mentions, references, links, images and table breaks', () => {
    const out = mdText(
      '<img src=x> @octocat #12 [a](https://e.x) ![i](http://e.x/i.png) www.e.x a|b\nnew line `c`',
    );
    expect(out).not.toMatch(/<img|@octocat|#12|\]\(|https:\/\/|http:\/\/|www\.e|\n/);
    expect(out).toContain('&lt;img');
    expect(out).toContain('a\\|b');
    expect(out).toContain('\\`c\\`');
  });
  test('mdText breaks GH-123 references and full commit SHAs, which GitHub autolinks', () => {
    const sha = 'a5c3785ed8d6a35868bc169f07e40e889087fd2e';
    const out = mdText(`see GH-12 and ${sha}; keep abc1234`);
    expect(out).not.toMatch(/GH-12|a5c3785ed8d6a35868bc169f07e40e889087fd2e/);
    expect(out.replace(/\u200b/g, '')).toBe(`see GH-12 and ${sha}; keep abc1234`);
  });
  test('mdText keeps a leading list or underline marker text, indented or not', () => {
    for (const ws of ['', ' ', '   ']) {
      for (const m of ['+ x', '- x', '=== ', '1. x']) expect(mdText(ws + m)).toBe(`${ws}\\${m}`);
      expect(mdText(`${ws}2) x`)).toBe(`${ws}2\\) x`);
    }
  });
  test('mdText caps length', () => {
    expect(Array.from(mdText('x'.repeat(5000), 100)).length).toBeLessThanOrEqual(100);
  });
  test('mdCode cannot be closed early and escapes pipes in tables', () => {
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x`')).toBe('`` `x` ``');
    expect(mdCode('a|b')).toBe('`a\\|b`');
    expect(mdCode('a|b', 100, false)).toBe('`a|b`');
  });
  test('the comment marker is a single HTML comment whatever the check name', () => {
    const m = commentMarker('x --> <b>hi</b>');
    expect(m.startsWith('<!--')).toBe(true);
    expect(m.indexOf('-->')).toBe(m.length - 3);
  });
});

describe('cards and trimming', () => {
  test('a BLOCKED card says what, why (assurance and its source) and what to do', () => {
    const t = target('aris:paper');
    const s = subject('aris:paper', 'PAPER_CLAIM_AUDIT.json', {
      name: 'paper-claim-audit',
      status: 'BLOCKING_VERDICT',
      verdict: 'BLOCKED',
      reason: 'no_raw_evidence: No results/ directory.',
    });
    const f: Finding = {
      code: 'aris.verdict_blocked',
      severity: 'error',
      subject: s.id,
      message: 'paper-claim-audit returned BLOCKED.',
      remediation: 'Add results/ and rerun paper-claim-audit, or downgrade to assurance: draft.',
      location: { path: s.path, line: 3 },
      blocking: true,
    };
    const md = renderCards(report([t], [s], [f]), { checkName: 'audit-gate' });
    expect(md).toContain('#### ✗ BLOCKED — paper-claim-audit (`paper/PAPER_CLAIM_AUDIT.json`)');
    expect(md).toContain('`no_raw_evidence`');
    expect(md).toMatch(
      /\*\*Why it blocks:\*\* assurance \*\*submission\*\* \(from `.aris\/assurance.txt`\)/,
    );
    expect(md).toContain('**What to do:** Add results/');
  });

  test('a STALE card lists each changed input; passing subjects fold into one details line', () => {
    const t = target('aris:p');
    const bad = subject('aris:p', 'PROOF_AUDIT.json', { status: 'STALE' });
    const good = subject('aris:p', 'CITATION_AUDIT.json');
    const md = renderComment(report([t], [bad, good], stale(bad, 2)), { checkName: 'audit-gate' });
    expect(md).toContain('✗ STALE — PROOF\\_AUDIT.json');
    expect(md).toContain('- `p/in_0.tex`');
    expect(md).toContain('- `p/in_1.tex`');
    expect(md.match(/<details>/g)).toHaveLength(1);
    expect(md).toContain('✓ 1 passing subject<');
  });

  test('one edited file under four audits: one card naming every audit and how to rerun it, one annotation on the file', () => {
    const t = target('aris:p');
    const audits = [
      'PROOF_AUDIT.json',
      'PAPER_CLAIM_AUDIT.json',
      'CITATION_AUDIT.json',
      'KILL_ARGUMENT.json',
    ];
    const subjects = audits.map((a) =>
      subject('aris:p', a, { status: 'STALE', name: a.split('.')[0]! }),
    );
    const findings = subjects.map((s, i) => ({
      ...stale(s, 1)[0]!,
      related: [{ path: 'p/main.tex' }],
      message: `p/main.tex changed after ${s.name} audited it.`,
      remediation: `Run the ${s.name} skill on p (it rewrites ${audits[i]}), then run audit-gate again.`,
    }));
    const extra = { ...stale(subjects[0]!, 1)[0]!, code: 'aris.trace_missing', related: undefined };
    delete extra.related;
    const r = report([t], subjects, [...findings, extra]);
    const md = renderCards(r, { checkName: 'audit-gate' });
    expect(md.match(/^#### /gm)).toHaveLength(2); // the cause card, and the other finding's card
    expect(md).toContain('#### ✗ STALE — `p/main.tex` (4 audits)');
    for (const [i, s] of subjects.entries()) {
      expect(md).toContain(`- **${s.name.replace(/_/g, '\\_')}** \`${s.path}:8\``);
      expect(md).toContain(
        `- Run the ${s.name.replace(/_/g, '\\_')} skill on p \\(it rewrites ${audits[i]!.replace(/_/g, '\\_')}\\)`,
      );
    }
    expect(md.match(/STALE — PROOF\\_AUDIT/g)).toHaveLength(1); // its own card keeps the other finding
    const ann = buildAnnotations(r);
    const onMain = ann.filter((a) => a.path === 'p/main.tex');
    expect(onMain).toHaveLength(1);
    expect(onMain[0]!.title).toBe(
      'aris.input_stale — input of PROOF_AUDIT, PAPER_CLAIM_AUDIT, CITATION_AUDIT, KILL_ARGUMENT',
    );
    expect(onMain[0]!.message.split('\n')).toHaveLength(8);
  });

  test('a file cited by 600 audits: one card that lists the first 25 and fits', () => {
    const t = target('aris:p');
    const subjects = Array.from({ length: 600 }, (_, i) =>
      subject('aris:p', `A${i}.json`, { status: 'STALE' }),
    );
    const findings = subjects.map((s) => ({ ...stale(s, 1)[0]!, message: 'x'.repeat(500) }));
    const md = renderCards(report([t], subjects, findings), { checkName: 'audit-gate' });
    expect(md).toContain('(600 audits)');
    expect(md).toContain('- … and 575 more');
    expect(md).not.toContain('Trimmed');
  });

  test('headings: a mark on every conclusion and target heading; "1 target"; long run ids shortened in tables', () => {
    const t = target('trace:r', { kind: 'run', path: 'artifacts/runs/r', context: {} });
    const long = `run_v1_${'a'.repeat(64)}`;
    const s = subject('trace:r', 'x', { kind: 'run', name: long, path: `artifacts/runs/${long}` });
    const r = report([t], [{ ...s, target: 'trace:r' }], []);
    const summary = renderSummary(r, { checkName: 'audit-gate' });
    expect(summary).toMatch(/^## ✓ audit-gate: success/);
    expect(summary).toContain('1 subject in 1 target:');
    expect(summary).toMatch(/^### ✓ run `artifacts\/runs\/r`/m);
    const row = summary.split('\n').find((l) => l.startsWith('| ✓ |'))!;
    expect(row).not.toContain(long);
    expect(row).toMatch(/run\\_v1\\_a+…a+ \|/);
    const failing = report(
      [target('aris:p')],
      [subject('aris:p', 'P.json', { status: 'STALE' })],
      stale(subject('aris:p', 'P.json'), 1),
    );
    expect(renderSummary(failing, { checkName: 'audit-gate' })).toMatch(
      /^## ✗ audit-gate: failure[\s\S]*^### ✗ paper `p`/m,
    );
    expect(renderCards(failing, { checkName: 'audit-gate' })).toMatch(/^### ✗ audit-gate:/);
  });

  test('a huge report stays under GitHub limits with a visible trimmed note', () => {
    const t = target('aris:p');
    const subjects = Array.from({ length: 600 }, (_, i) =>
      subject('aris:p', `A${i}.json`, { status: 'STALE' }),
    );
    // Each audit cites files of its own, so there is one card per audit.
    const findings = subjects.flatMap((s) =>
      stale(s, 3).map((f, i) => ({
        ...f,
        message: 'x'.repeat(500),
        related: [{ path: `p/${s.name}-in_${i}.tex` }],
      })),
    );
    const r = report([t], subjects, findings);
    const comment = renderComment(r, { checkName: 'audit-gate' });
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(comment).toMatch(/\*\*Trimmed:\*\* \d+ more failure cards not shown/);
    const cards = renderCards(r, { checkName: 'audit-gate', limit: CHECK_OUTPUT_LIMIT });
    expect(cards.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    const targets = Array.from({ length: 400 }, (_, i) => target(`aris:p${i}`));
    const many = report(
      targets,
      targets.flatMap((x) => [subject(x.id, 'A.json'), subject(x.id, 'B.json')]),
      [],
    );
    const summary = renderSummary(many, { checkName: 'audit-gate' });
    expect(summary.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(summary).toMatch(/\*\*Trimmed:\*\* \d+ more targets/);
  });

  test('a green comment is short', () => {
    const t = target('aris:p', { terminal_state: 'accepted' });
    const md = renderComment(report([t], [subject('aris:p', 'A.json')], []), { checkName: 'gate' });
    expect(md).toMatch(/✓ gate: all 1 subjects pass — submission-ready: yes/);
    expect(md).not.toContain('####');
  });
});

// ---------------------------------------------------------------------------------------------
// GitHub size limits: check-run output counts UTF-8 bytes, a comment body counts characters

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** In Unicode mode a surrogate range matches only a lone (unpaired) surrogate. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** `n` audits of one paper that each returned FAIL, with artifact text built by `text`. */
function failReport(n: number, text: (i: number) => string): GateReport {
  const t = target('aris:paper');
  const subjects = Array.from({ length: n }, (_, i) =>
    subject('aris:paper', `AUDIT_${i}.json`, {
      name: `audit-${i}`,
      status: 'BLOCKING_VERDICT',
      verdict: 'FAIL',
      reason: `claims_unsupported: ${text(i)}`,
    }),
  );
  const findings = subjects.flatMap((s, i): Finding[] => [
    {
      code: 'aris.verdict_fail',
      severity: 'error',
      subject: s.id,
      message: `${s.name} returned FAIL: ${text(i)}`,
      remediation: `Fix the claims and rerun ${s.name}, or downgrade to assurance: draft.`,
      location: { path: s.path, line: 3 },
      blocking: true,
    },
    {
      code: 'aris.claim_unsupported',
      severity: 'error',
      subject: s.id,
      message: `Claim ${i} — ${text(i + 1)}`,
      remediation: 'Cite the evidence for the claim.',
      location: { path: s.path, line: 9 },
      blocking: true,
    },
  ]);
  return report([t], subjects, findings);
}

const CJK = (i: number) => `第${i}节的主张没有证据支持，审稿人认为结果不可复现 🚫📉 `.repeat(6);
const ASCII = (i: number) =>
  `claim ${i} in section ${i % 7} is not supported by the cited results; rerun the experiment.`;

describe('GitHub size limits', () => {
  test('the failure cards come first: passing subjects get the room they leave, whole rows only', () => {
    const t = target('aris:paper');
    const name = (i: number) => `p${i}-@octocat-<img src=x>-${'x'.repeat(300)}-@octocat`;
    const passing = Array.from({ length: 400 }, (_, i) =>
      subject('aris:paper', `${name(i)}.json`, { name: name(i) }),
    );
    const failing = subject('aris:paper', 'PROOF_AUDIT.json', { status: 'BLOCKING_VERDICT' });
    const finding: Finding = {
      code: 'aris.verdict_fail',
      severity: 'error',
      subject: failing.id,
      message: 'proof-checker returned FAIL.',
      remediation: 'Fix the proof.',
      location: { path: failing.path, line: 3 },
      blocking: true,
    };
    const r = report([t], [failing, ...passing], [finding]);
    for (const limit of [20_000, 20_003, 20_011]) {
      const out = renderComment(r, { checkName: 'audit-gate', limit });
      expect(Array.from(out).length).toBeLessThanOrEqual(limit);
      expect(out).toContain('proof-checker returned FAIL.');
      expect(out).not.toMatch(/more failure card/);
      expect(out).toMatch(/_… \d+ more passing subjects not shown\._\n\n<\/details>\n$/);
      for (const row of out.split('\n').filter((l) => l.startsWith('| ✓ |')))
        expect(row).toMatch(/^\| ✓ \| .* \| `[^`]*` \| .* \|$/);
    }
  });

  test('CJK and emoji findings: summary and text are each at most 65,535 bytes, well formed and say they were trimmed', () => {
    const r = failReport(160, CJK);
    const summary = renderSummary(r, { checkName: 'audit-gate' });
    const text = renderCards(r, { checkName: 'audit-gate' });
    for (const out of [summary, text]) {
      expect(bytes(out)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
      expect(out).not.toMatch(LONE_SURROGATE);
      // Well-formed UTF-8 round trip: no character was cut in half.
      expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
    }
    // Whole cards are dropped, with the visible note, and the cards shown are complete.
    expect(text).toMatch(/\*\*Trimmed:\*\* \d+ more failure cards not shown here/);
    expect(text).not.toContain('trimmed to fit GitHub’s limit');
    const shown = text.match(/^#### /gm)!.length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(160);
    expect(text.match(/\*\*Why it blocks:\*\*/g)).toHaveLength(shown);
    // The byte budget is used, not a third of it.
    expect(bytes(text)).toBeGreaterThan(CHECK_OUTPUT_LIMIT - 5_000);
  });

  test('an ASCII-looking report whose Markdown has a few multi-byte marks (✗, —, ’) stays under 65,535 bytes', () => {
    const r = failReport(160, ASCII);
    const text = renderCards(r, { checkName: 'audit-gate', limit: CHECK_OUTPUT_LIMIT });
    expect(bytes(text)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(text).toMatch(/\*\*Trimmed:\*\* \d+ more failure cards/);
  });

  test('the summary note names the byte limit', () => {
    const targets = Array.from({ length: 400 }, (_, i) => target(`aris:论文${i}`));
    const many = report(
      targets,
      targets.flatMap((x) => [subject(x.id, '审计A.json'), subject(x.id, '审计B.json')]),
      [],
    );
    const summary = renderSummary(many, { checkName: 'audit-gate', limit: CHECK_OUTPUT_LIMIT });
    expect(bytes(summary)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(summary).toMatch(/\*\*Trimmed:\*\* \d+ more targets .* 65,535-byte limit/);
  });

  test('fit counts bytes: 65,534 characters that are 65,536 bytes do not fit; exactly 65,535 bytes do', () => {
    const none = () => '';
    const exact = fit('', ['x'.repeat(CHECK_OUTPUT_LIMIT)], '', CHECK_OUTPUT_LIMIT, none, 'bytes');
    expect(exact.omitted).toBe(0);
    expect(exact.text).toHaveLength(CHECK_OUTPUT_LIMIT);
    const item = 'x'.repeat(CHECK_OUTPUT_LIMIT - 2) + '✓';
    expect(item.length).toBeLessThan(CHECK_OUTPUT_LIMIT);
    expect(bytes(item)).toBe(CHECK_OUTPUT_LIMIT + 1);
    const note = (n: number) => `[${n} left out]`;
    const over = fit('head\n', [item], '', CHECK_OUTPUT_LIMIT, note, 'bytes');
    expect(over.omitted).toBe(1);
    expect(over.text).toBe('head\n[1 left out]');
    // The same item is 65,534 characters: it fits a character-counted field.
    expect(fit('', [item], '', CHECK_OUTPUT_LIMIT, none, 'chars').omitted).toBe(0);
  });

  test('a head alone over the limit is cut between characters, never inside one', () => {
    const head = 'ab' + '😀漢'.repeat(20_000); // 140,002 bytes
    for (const limit of [65_535, 65_534, 65_533, 65_532, 100, 41, 7]) {
      const { text } = fit(head, [], '', limit, () => '', 'bytes');
      expect(bytes(text)).toBeLessThanOrEqual(limit);
      expect(text).not.toMatch(LONE_SURROGATE);
      if (limit > 100) expect(text.endsWith('\n\n_… trimmed to fit GitHub’s limit._\n')).toBe(true);
    }
  });

  test('prefixOf and clip never split a surrogate pair or a multi-byte character', () => {
    const s = 'a😀漢é';
    // Bytes: a=1, 😀=4, 漢=3, é=2.
    expect([0, 1, 2, 4, 5, 7, 8, 9, 10].map((n) => prefixOf(s, n, 'bytes'))).toEqual([
      '',
      'a',
      'a',
      'a',
      'a😀',
      'a😀',
      'a😀漢',
      'a😀漢',
      'a😀漢é',
    ]);
    // Characters are code points: the emoji is one.
    expect([1, 2, 3].map((n) => prefixOf(s, n, 'chars'))).toEqual(['a', 'a😀', 'a😀漢']);
    expect(clip(s, 10, 'bytes')).toBe(s);
    expect(clip('😀'.repeat(10), 5, 'bytes')).toBe('');
  });

  test('clip keeps whole lines only: a cut inside a code span would let the rest render as markdown', () => {
    const line = (i: number) => `| ✓ | ${mdCode(`p${i}-@octocat-<img src=x>`, 200)} |\n`;
    const text = Array.from({ length: 50 }, (_, i) => line(i)).join('');
    for (let limit = 100; limit < text.length; limit += 7) {
      const out = clip(text, limit, 'chars');
      expect(out.length).toBeLessThanOrEqual(limit);
      const body = out.slice(0, out.indexOf('\n\n_…'));
      for (const l of body.split('\n').filter(Boolean)) expect(l).toMatch(/^\| ✓ \| `[^`]*` \|$/);
    }
  });

  test('the comment counts characters: a CJK comment may pass 65,535 bytes but not 65,536 characters', () => {
    const body = renderComment(failReport(160, CJK), { checkName: 'audit-gate' });
    expect(Array.from(body).length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(bytes(body)).toBeGreaterThan(CHECK_OUTPUT_LIMIT);
    expect(body).not.toMatch(LONE_SURROGATE);
    expect(body.startsWith(commentMarker('audit-gate'))).toBe(true);
    expect(body).toMatch(/\*\*Trimmed:\*\* \d+ more failure cards/);
    // An emoji in every card: code points, not UTF-16 units, are what is counted.
    const emoji = renderComment(
      failReport(400, () => '🚫'.repeat(250)),
      { checkName: 'audit-gate' },
    );
    expect(Array.from(emoji).length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(emoji.length).toBeGreaterThan(COMMENT_LIMIT);
  });

  test('completeCheckRun keeps summary and text under 65,535 bytes, with the annotation note whole', async () => {
    const big = '漢'.repeat(30_000) + '😀'.repeat(5_000); // 110,000 bytes, 40,000 UTF-16 units
    const ann = warnings(MAX_ANNOTATIONS + 3);
    const calls = await withGitHub(async (api, gh) => {
      const run = await createCheckRun(api, T, 'audit-gate', { title: 't', summary: big });
      await completeCheckRun(api, T, run, 'failure', { title: 't', summary: big, text: big }, ann);
      return updates(gh);
    });
    for (const c of calls) {
      const out = c['output'] as { summary: string; text: string };
      for (const field of [out.summary, out.text]) {
        expect(bytes(field)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
        expect(field).not.toMatch(LONE_SURROGATE);
        expect(field).toContain('trimmed to fit GitHub’s limit');
      }
      expect(out.summary).toMatch(/\*\*Annotations capped:\*\* 3 more annotations .*\n$/);
    }
  });

  test('against the mock GitHub: a 160-finding CJK report completes its check run (no 422)', async () => {
    const gh = new MockGitHub();
    await gh.start();
    try {
      const api = createClient({
        token: 't',
        baseUrl: gh.url,
        retryBaseMs: 1,
        writeIntervalMs: 0,
        log: { warn: () => undefined, debug: () => undefined },
      });
      const r = failReport(160, CJK);
      const md = { checkName: 'audit-gate' };
      const run = await createCheckRun(api, T, 'audit-gate', { title: 't', summary: 's' });
      await completeCheckRun(
        api,
        T,
        run,
        r.conclusion,
        {
          title: 't',
          summary: renderSummary(r, { ...md, limit: CHECK_OUTPUT_LIMIT - 400 }),
          text: renderCards(r, { ...md, limit: CHECK_OUTPUT_LIMIT }),
        },
        buildAnnotations(r),
      );
      expect(gh.violations()).toEqual([]);
      expect(gh.checkRuns.get(run.id)).toMatchObject({
        status: 'completed',
        conclusion: 'failure',
      });
    } finally {
      await gh.stop();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The sticky comment

describe('sticky comment', () => {
  const marker = commentMarker('audit-gate');
  const upsert = (api: Api, over: Partial<Parameters<typeof upsertComment>[2]> = {}) =>
    upsertComment(api, T, {
      mode: 'failures',
      marker,
      body: `${marker}\nnew`,
      failing: true,
      ...over,
    });

  test('finds the marked comment across pages (following the Link header) and updates it in place', async () => {
    await withGitHub(async (api, gh) => {
      for (let i = 0; i < 100; i++) gh.seedComment(5, 'chatter', 'someone');
      const ours = gh.seedComment(5, `${marker}\nold`, ACTIONS_BOT);
      const res = await upsert(api);
      expect(res).toMatchObject({ action: 'updated', id: ours.id });
      expect(gh.violations()).toEqual([]);
      expect(gh.callsTo('issues/list-comments').map((c) => c.query['page'])).toEqual([
        undefined,
        '2',
      ]);
      expect(ours.body).toBe(`${marker}\nnew`);
    });
  });

  test('a GitHub App token: the check run names the App, and only <app>[bot]’s comment is ours', async () => {
    await withGitHub(async (api, gh) => {
      gh.appSlug = 'my-app';
      const run = await createCheckRun(api, T, 'audit-gate', { title: 't', summary: 's' });
      expect(run.appSlug).toBe('my-app');
      const other = gh.seedComment(5, marker, ACTIONS_BOT);
      const person = gh.seedComment(5, `pasted ${marker}`, 'mallory');
      const ours = gh.seedComment(5, marker, 'my-app[bot]');
      const res = await upsert(api, { author: appBotLogin(run.appSlug!) });
      expect(res).toMatchObject({ action: 'updated', id: ours.id });
      expect([other.body, person.body]).toEqual([marker, `pasted ${marker}`]);
      // Known from the check run: GET /user (which refuses App tokens) is not asked.
      expect(gh.calls.filter((c) => c.operationId === 'users/get-authenticated')).toHaveLength(0);
    });
  });

  test('an installation token with no check run: a bot’s marked comment is ours, a person’s never', async () => {
    await withGitHub(async (api, gh) => {
      gh.appSlug = 'my-app';
      const person = gh.seedComment(5, `pasted ${marker}`, 'mallory');
      const first = await upsert(api);
      expect(first.action).toBe('created');
      expect(person.body).toBe(`pasted ${marker}`);
      const second = await upsert(api, { body: `${marker}\nnewer` });
      expect(second).toMatchObject({ action: 'updated', id: first.id });
      expect(gh.comments.filter((c) => c.login === 'my-app[bot]')).toHaveLength(1);
      expect(person.body).toBe(`pasted ${marker}`);
    });
  });

  test('a personal token: GET /user names the author, and a bot’s marked comment is not ours', async () => {
    await withGitHub(async (api, gh) => {
      gh.userLogin = 'release-bot-user';
      gh.seedComment(5, marker, ACTIONS_BOT);
      const mine = gh.seedComment(5, marker, 'release-bot-user');
      expect(await upsert(api)).toMatchObject({ action: 'updated', id: mine.id });
    });
  });

  test('mode failures: a green run creates nothing; mode always creates; mode off touches nothing', async () => {
    await withGitHub(async (api, gh) => {
      expect((await upsert(api, { failing: false })).action).toBe('skipped');
      expect(gh.callsTo('issues/create-comment')).toHaveLength(0);
      expect((await upsert(api, { mode: 'off' })).action).toBe('skipped');
      expect(gh.calls).toHaveLength(1); // the listing of the first call only
      const created = await upsert(api, { mode: 'always', failing: false });
      expect(created).toMatchObject({ action: 'created' });
      expect(created.url).toMatch(/#issuecomment-\d+$/);
    });
  });

  test('no pull request, no comment', async () => {
    await withGitHub(async (api, gh) => {
      const noPr: PublishTarget = { ...T };
      delete noPr.pullNumber;
      expect(
        (await upsertComment(api, noPr, { mode: 'always', marker, body: 'b', failing: true }))
          .action,
      ).toBe('skipped');
      expect(gh.calls).toHaveLength(0);
    });
  });

  test('markedComments stops at a short page', async () => {
    await withGitHub(async (api, gh) => {
      gh.seedComment(5, marker, 'x');
      expect(await markedComments(api, T, 5, marker)).toHaveLength(1);
      expect(gh.calls).toHaveLength(1);
    });
  });
});

describe('errors', () => {
  test('403 and 404 are permission problems; a secondary rate limit 403 is not', () => {
    expect(
      isPermissionError(
        Object.assign(new Error('Resource not accessible by integration'), { status: 403 }),
      ),
    ).toBe(true);
    expect(
      isPermissionError(
        Object.assign(new Error('You have exceeded a secondary rate limit'), { status: 403 }),
      ),
    ).toBe(false);
    expect(isPermissionError(Object.assign(new Error('x'), { status: 500 }))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// SARIF

describe('SARIF', () => {
  const t = target('aris:p');
  const s = subject('aris:p', 'PROOF_AUDIT.json', { status: 'STALE' });
  const runLevel: Finding = {
    code: 'gate.nothing_verified',
    severity: 'error',
    subject: 'gate',
    message: 'm',
    remediation: 'r',
    blocking: true,
  };
  const codes = [
    {
      code: 'aris.input_stale',
      severity: 'error' as const,
      title: 'An audited input changed',
      remediation: 'Rerun',
    },
  ];

  test('rules per code, results with locations, related inputs', () => {
    const sarif = renderSarif(report([t], [s], [...stale(s, 2), runLevel]), { codes });
    expect(sarif.version).toBe('2.1.0');
    const run = sarif.runs[0]!;
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(['aris.input_stale']);
    expect(run.tool.driver.rules[0]!.shortDescription.text).toBe('An audited input changed');
    expect(run.results).toHaveLength(2);
    expect(run.results[0]!.locations[0]!.physicalLocation.region.startLine).toBe(8);
    expect(run.results[0]!.relatedLocations![0]!.physicalLocation.artifactLocation.uri).toBe(
      'p/in_0.tex',
    );
    expect(run.properties.notLocated).toBe(1);
  });

  test('text from the checkout cannot make an embedded link: brackets are escaped', () => {
    const hostile: Finding = {
      code: 'aris.input_stale',
      severity: 'error',
      subject: s.id,
      message: 'Input "see [the fix](https://evil.example/x) \\[1](0)" changed.',
      remediation: 'Rerun [it](https://evil.example).',
      location: { path: s.path, line: 3 },
      blocking: true,
    };
    const sarif = renderSarif(report([t], [s], [hostile]), { codes: [] });
    const text = sarif.runs[0]!.results[0]!.message.text;
    expect(text).toBe(
      'Input "see \\[the fix\\](https://evil.example/x) \\\\\\[1\\](0)" changed. Rerun \\[it\\](https://evil.example).',
    );
    // An unknown code's rule takes its description from a finding: escaped alike.
    expect(sarif.runs[0]!.tool.driver.rules[0]!.help.text).toBe(
      'Rerun \\[it\\](https://evil.example).',
    );
    expect(sarifText('a\\b ] \\\\[')).toBe('a\\b \\] \\\\\\\\\\[');
  });

  test('valid against the SARIF 2.1.0 schema and GitHub’s upload rules', () => {
    const sarif = renderSarif(report([t], [s], [...stale(s, 3), runLevel]), { codes });
    expect(sarifProblems(sarif)).toEqual([]);
    const rule = sarif.runs[0]!.tool.driver.rules[0]!;
    expect(rule.fullDescription.text).toContain('Rerun');
    expect(rule.helpUri).toMatch(/^https:\/\/github\.com\/.+\/docs\/codes\.md$/);
    // The checker itself catches what it is for.
    const broken = structuredClone(sarif) as unknown as {
      runs: { automationDetails?: unknown; results: { partialFingerprints: unknown }[] }[];
    };
    broken.runs[0]!.automationDetails = { id: 'audit-gate/' };
    broken.runs[0]!.results[1]!.partialFingerprints =
      broken.runs[0]!.results[0]!.partialFingerprints;
    expect(sarifProblems(broken).join('\n')).toMatch(
      /category is ignored[\s\S]*same partialFingerprints/,
    );
    expect(sarifProblems({ version: '2.1.0', runs: [{ tool: {} }] }).join('\n')).toMatch(/schema:/);
  });

  test('two changed inputs of one audit are two alerts: different partialFingerprints', () => {
    const sarif = renderSarif(report([t], [s], stale(s, 2)), { codes });
    const [a, b] = sarif.runs[0]!.results;
    expect(a!.partialFingerprints).not.toEqual(b!.partialFingerprints);
    // Stable across runs: the same findings give the same fingerprints.
    const again = renderSarif(report([t], [s], stale(s, 2)), { codes });
    expect(again.runs[0]!.results.map((r) => r.partialFingerprints)).toEqual(
      sarif.runs[0]!.results.map((r) => r.partialFingerprints),
    );
    // Findings alike in every stable part still get distinct fingerprints.
    const twin = stale(s, 1)[0]!;
    const twins = renderSarif(
      report([t], [s], [twin, { ...twin, location: { path: s.path, line: 30 } }]),
    );
    expect(
      new Set(twins.runs[0]!.results.map((r) => JSON.stringify(r.partialFingerprints))).size,
    ).toBe(2);
  });

  test('no automationDetails, so upload-sarif’s category decides the analysis', () => {
    const run = renderSarif(report([t], [s], stale(s, 1)), { codes }).runs[0]!;
    expect('automationDetails' in run).toBe(false);
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);
  });
});

// ---------------------------------------------------------------------------------------------
// The mock server itself must reject what GitHub would reject, or the e2e tests prove nothing.

describe('mock GitHub validates requests against the REST description', () => {
  let gh: MockGitHub;
  beforeEach(async () => {
    gh = new MockGitHub();
    await gh.start();
  });
  afterEach(() => gh.stop());
  const post = (path: string, body: unknown, method = 'POST') =>
    fetch(`${gh.url}${path}`, {
      method,
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('51 annotations, a bad level, a missing head_sha and an over-long title are all violations', async () => {
    const ann = (over: Record<string, unknown> = {}) => ({
      path: 'a',
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure',
      message: 'm',
      ...over,
    });
    const r1 = await post('/repos/o/r/check-runs', {
      name: 'n',
      output: { title: 't', summary: 's', annotations: Array.from({ length: 51 }, () => ann()) },
    });
    expect(r1.status).toBe(422);
    const v = gh.violations().join('\n');
    expect(v).toMatch(/missing required property "head_sha"/);
    expect(v).toMatch(/51 items, more than maxItems 50/);
    const r2 = await post('/repos/o/r/check-runs', {
      name: 'n',
      head_sha: 'x',
      output: {
        title: 't',
        summary: 's',
        annotations: [ann({ annotation_level: 'fatal', title: 'x'.repeat(256) })],
      },
    });
    expect(r2.status).toBe(422);
    expect(gh.violations().join('\n')).toMatch(/"fatal" is not one of/);
    expect(gh.violations().join('\n')).toMatch(/longer than 255/);
  });

  test('completing without a conclusion is a violation; a valid request is not', async () => {
    const ok = await post('/repos/o/r/check-runs', {
      name: 'n',
      head_sha: 'x',
      status: 'in_progress',
    });
    expect(ok.status).toBe(201);
    const id = ((await ok.json()) as { id: number }).id;
    const bad = await post(`/repos/o/r/check-runs/${id}`, { status: 'completed' }, 'PATCH');
    expect(bad.status).toBe(422);
    expect(gh.violations().join('\n')).toMatch(/anyOf/);
  });

  test('check-run output over 65,535 bytes is a violation even under 65,535 characters', async () => {
    const cjk = '漢'.repeat(21_846); // 21,846 characters, 65,538 bytes
    const r = await post('/repos/o/r/check-runs', {
      name: 'n',
      head_sha: 'x',
      output: { title: 't', summary: cjk, text: cjk },
    });
    expect(r.status).toBe(422);
    const v = gh.violations().join('\n');
    expect(v).toMatch(/output\.summary exceeds a maximum bytesize of 65535/);
    expect(v).toMatch(/output\.text exceeds a maximum bytesize of 65535/);
    const ok = await post('/repos/o/r/check-runs', {
      name: 'n',
      head_sha: 'x',
      output: { title: 't', summary: '漢'.repeat(21_845) },
    });
    expect(ok.status).toBe(201);
  });

  test('an over-long comment body and unknown routes are violations', async () => {
    expect((await post('/repos/o/r/issues/1/comments', { body: 'x'.repeat(65_537) })).status).toBe(
      422,
    );
    expect((await post('/repos/o/r/statuses/abc', { state: 'success' })).status).toBe(404);
    expect(gh.violations()).toHaveLength(2);
  });
});

describe('quotePath', () => {
  it('quotes a short path whole and escapes what a terminal would act on', () => {
    expect(quotePath('papers/p')).toBe('"papers/p"');
    expect(quotePath('a\u001b[31m/b\u202e')).toBe('"a\\u001b[31m/b\\u202e"');
  });
  it('escapes bidi marks, separators and invisible characters, and keeps the joiners', () => {
    expect(plain('a\u200fb\u061cc\u200bd\u2028e\ufefff')).toBe(
      'a\\u200fb\\u061cc\\u200bd\\u2028e\\ufefff',
    );
    expect(plain('👨\u200d👩 می\u200cخواهم ❤\ufe0f')).toBe('👨\u200d👩 می\u200cخواهم ❤\ufe0f');
    // Every other invisible character: word joiner, soft hyphen, Hangul filler, tag characters.
    expect(plain('p\u2060a\u00adp\u3164e\u{e0041}r')).toBe('p\\u2060a\\u00adp\\u3164e\\u{e0041}r');
  });
  it('keeps the start and the end of a long path, at most PATH_EXCERPT_MAX characters', () => {
    const p = `top/${'x'.repeat(500)}/${'😀'.repeat(10)}/leaf.json`;
    const q = JSON.parse(quotePath(p)) as string;
    expect(Array.from(q)).toHaveLength(PATH_EXCERPT_MAX);
    expect(q.startsWith('top/xxx')).toBe(true);
    expect(q.endsWith(`${'😀'.repeat(10)}/leaf.json`)).toBe(true);
    expect(q).toContain('…');
  });
  it('never splits a huge path whole into code points', () => {
    const q = JSON.parse(quotePath('d/'.repeat(5_000_000))) as string;
    expect(Array.from(q)).toHaveLength(PATH_EXCERPT_MAX);
  });
});
