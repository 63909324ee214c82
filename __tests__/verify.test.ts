import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writePaper, write } from '../scripts/lib/aris-paper.mjs';
import { reportSchemas } from '../src/model/report.js';
import { checkTitle, renderComment } from '../src/render/markdown.js';
import { renderText } from '../src/render/text.js';
import { verify } from '../src/pipeline/verify.js';
import { allCodes } from '../src/packs/registry.js';
import { mergeReports } from '../src/policy/merge.js';
import { cli } from './support/cli.js';
import { tempRepos } from './support/temp.js';

const repo = tempRepos();

describe('audit-gate verify', () => {
  it('discovers every paper dir (artifacts, assurance.txt or manifest), skipping ignored ones', async () => {
    const root = repo();
    writePaper(path.join(root, 'a'), { only: ['proof-checker'] });
    write(path.join(root, 'b/.aris/assurance.txt'), 'draft\n');
    write(
      path.join(root, 'c/.aris/audit-manifest.json'),
      JSON.stringify({ schema_version: '1', audits: [{ artifact: 'X.json', audit_skill: 'x' }] }),
    );
    writePaper(path.join(root, 'node_modules/pkg'));
    writePaper(path.join(root, 'build/paper'));
    write(path.join(root, '.gitignore'), 'build/\n');
    const report = await verify({ root });
    expect(report.targets.map((t) => t.path)).toEqual(['a', 'b', 'c']);
    expect(reportSchemas().GateReport.parse(report)).toBeTruthy();
  });
  it('combines papers in one report with draft problems neutral and submission problems failing', async () => {
    const root = repo();
    writePaper(path.join(root, 'draft'), { verdicts: { 'proof-checker': 'FAIL' } });
    const r1 = await verify({ root });
    expect(r1.conclusion).toBe('neutral');
    expect(r1.exit_code).toBe(0);
    expect(r1.findings.every((f) => f.severity === 'warning' && !f.blocking)).toBe(true);
    writePaper(path.join(root, 'sub'), { assurance: 'submission' });
    write(path.join(root, 'sub/main.tex'), 'edited\n');
    const r2 = await verify({ root });
    expect(r2.conclusion).toBe('failure');
    expect(r2.counts).toMatchObject({ targets: 2, subjects: 8, blocking: 4, problem: 1 });
  });
  it('a nested draft paper sharing a subject id cannot downgrade its submission parent', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'), { assurance: 'submission' });
    writePaper(path.join(root, 'p/b'), {
      assurance: 'draft',
      verdicts: { 'proof-checker': 'FAIL' },
    });
    write(
      path.join(root, 'p/.aris/audit-manifest.json'),
      JSON.stringify({
        schema_version: '1',
        audits: [{ artifact: 'b/PROOF_AUDIT.json', audit_skill: 'proof-checker' }],
      }),
    );
    const r = await verify({ root });
    expect(r.conclusion).toBe('failure');
    const blocking = r.findings.filter((f) => f.blocking);
    expect(blocking.map((f) => f.code).sort()).toEqual([
      'aris.verdict_fail',
      'gate.subject_conflict',
    ]);
    expect(blocking.find((f) => f.code === 'aris.verdict_fail')!.location?.path).toBe(
      'p/b/PROOF_AUDIT.json',
    );
    // The draft paper's own FAIL stays a warning.
    expect(r.findings.filter((f) => f.code === 'aris.verdict_fail' && !f.blocking)).toHaveLength(1);
  });
  it('a target whose id is another target’s subject id is a conflict, and the comment fails with its card', async () => {
    const root = repo();
    const fixtures = path.resolve('conformance', 'aristo');
    fs.cpSync(path.join(fixtures, 'clean-verified', 'input'), path.join(root, 'w'), {
      recursive: true,
    });
    fs.cpSync(
      path.join(fixtures, 'source-syntax-error', 'input'),
      path.join(root, 'w#len_bounded'),
      {
        recursive: true,
      },
    );
    const r = await verify({ root });
    // Each workspace's subjects name it, whatever its directory is called.
    for (const s of r.subjects) expect(s.id.startsWith(`${s.target}#`)).toBe(true);
    expect(r.subjects.filter((s) => s.target === 'aristo:w#len_bounded')).not.toEqual([]);
    expect(r.subjects.map((s) => s.id)).toContain('aristo:w#len_bounded');
    expect(r.targets.map((t) => t.id)).toContain('aristo:w#len_bounded');
    expect(r.conclusion).toBe('failure');
    const conflict = r.findings.find((f) => f.code === 'gate.subject_conflict');
    expect(conflict).toMatchObject({ subject: 'gate', blocking: true });
    expect(conflict!.message).toBe(
      'The target w#len_bounded has the id aristo:w#len_bounded, which is also a subject of w, so their results cannot be told apart.',
    );
    // The comment fails with a card for the conflict: it never says all pass.
    const comment = renderComment(r, { checkName: 'audit-gate' });
    expect(comment).toMatch(/^### ✗ audit-gate/m);
    expect(comment).toContain('(`gate.subject_conflict`)');
  });
  it('progress lines escape directory names, so a newline cannot start a workflow command', async () => {
    const root = repo();
    const evil = 'p\n::error file=main.tex,line=1::SPOOFED\n::stop-commands::x';
    writePaper(path.join(root, evil), { assurance: 'draft' });
    const r = await cli(['verify', '--root', root, '--progress'], root);
    const lines = r.stderr.split('\n');
    expect(lines.some((l) => l.startsWith('… [1/1] aris: p\\n::error'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('::'))).toEqual([]);
  });
  it('does not trust .gitignore where what git tracks cannot be read (a split index)', async () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    writePaper(path.join(root, 'p'), { assurance: 'draft' });
    writePaper(path.join(root, 'hidden'), { assurance: 'draft' });
    write(path.join(root, '.gitignore'), 'hidden/\n');
    for (const args of [
      ['init', '-q'],
      ['add', '.'],
      ['add', '-f', 'hidden'],
      ['update-index', '--split-index'],
    ])
      expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
    const r = await verify({ root });
    const warn = r.findings.find((f) => f.code === 'gate.git_index_unreadable');
    expect(warn).toMatchObject({ severity: 'warning', blocking: false });
    expect(warn!.message).toMatch(/split/);
    expect(r.targets.map((t) => t.path)).toEqual(['hidden', 'p']);
  });
  it('reads the index of a repository nested below the root, and of a root named through a symlink', async () => {
    const ws = repo();
    fs.rmSync(path.join(ws, '.git'), { recursive: true });
    const root = path.join(ws, 'checkout');
    writePaper(path.join(root, 'hidden'), { assurance: 'draft' });
    write(path.join(root, '.gitignore'), 'hidden/\n');
    for (const args of [
      ['init', '-q'],
      ['add', '-f', '.'],
    ])
      expect(spawnSync('git', args, { cwd: root }).status).toBe(0);
    expect((await verify({ root: ws })).targets.map((t) => t.path)).toEqual(['checkout/hidden']);
    fs.symlinkSync(root, path.join(ws, 'alias'));
    const viaLink = await verify({ root: ws, paths: ['alias'] });
    expect(viaLink.targets.map((t) => t.path)).toEqual(['alias/hidden']);
    expect(viaLink.findings.filter((f) => f.code.startsWith('gate.'))).toEqual([]);
  });
  it('an empty .git directory is not taken for "nothing tracked"', async () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git/HEAD'));
    writePaper(path.join(root, 'hidden'), { assurance: 'draft' });
    write(path.join(root, '.gitignore'), 'hidden/\n');
    const r = await verify({ root });
    expect(r.findings.map((f) => f.code)).toContain('gate.git_index_unreadable');
    expect(r.targets.map((t) => t.path)).toEqual(['hidden']);
  });
  it('fail-on problem turns draft problems red', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'), { verdicts: { 'proof-checker': 'FAIL' } });
    expect((await verify({ root, failOn: 'problem' })).conclusion).toBe('failure');
  });
  it('nothing found is a failure unless allowed', async () => {
    const root = repo();
    const r = await verify({ root });
    expect(r.conclusion).toBe('failure');
    expect(r.findings.map((f) => f.code)).toEqual(['gate.nothing_verified']);
    expect((await verify({ root, allowEmpty: true })).conclusion).toBe('success');
  });
  it('an explicitly named paper dir with no artifacts at all is still verified', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'paper'));
    const r = await verify({ root, paths: ['paper'], assurance: 'submission' });
    expect(r.findings.map((f) => f.code)).toEqual(Array(4).fill('aris.artifact_missing'));
    expect(r.conclusion).toBe('failure');
  });
  it('a named paper (--paper) stays a paper when a pull request adds a target below it', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'papers/main'), { recursive: true });
    writePaper(path.join(root, 'papers/main/sub'));
    // As a paths root it is only searched once something is found below it; as a paper it counts.
    const searched = await verify({ root, paths: ['papers/main'], assurance: 'submission' });
    expect(searched.targets.map((t) => t.path)).toEqual(['papers/main/sub']);
    const pinned = await verify({ root, papers: ['papers/main'], assurance: 'submission' });
    expect(pinned.targets.map((t) => t.path).sort()).toEqual(['papers/main', 'papers/main/sub']);
    expect(pinned.findings.map((f) => f.code)).toEqual(Array(4).fill('aris.artifact_missing'));
    expect(pinned.conclusion).toBe('failure');
    // A pinned paper replaced by a link to another paper is not that paper.
    writePaper(path.join(root, 'papers/ok'));
    fs.symlinkSync('ok', path.join(root, 'papers/p2'));
    const linked = await verify({ root, papers: ['papers/ok', 'papers/p2'] });
    expect(linked.findings.map((f) => f.message)).toContain(
      'Paper dir "papers/p2" is reached through a symlink (it leads to "papers/ok"), so it was not verified as the paper named.',
    );
    expect(linked.conclusion).toBe('failure');
    const wrong = await verify({ root, papers: ['nope'], allowEmpty: true });
    expect(wrong.findings.map((f) => f.code)).toContain('gate.target_not_found');
    const trace = await verify({
      root,
      papers: ['papers/main'],
      packs: ['trace'],
      allowEmpty: true,
    });
    expect(trace.findings.map((f) => f.message)).toContain(
      'Paper dir "papers/main" was named, but no selected pack verifies paper dirs.',
    );
  });
  it('a named target (--target pack:dir) stays that pack’s target when a pull request empties it and adds a target below it', async () => {
    const root = repo();
    const bundle = path.join(root, 'bundles/b1');
    fs.cpSync('conformance/addenda-b/api-policy-without-cost-cap/input', bundle, {
      recursive: true,
    });
    // The pull request: the bundle's other parts gone, the violating records left, a target below.
    fs.rmSync(path.join(bundle, 'registry'), { recursive: true });
    fs.rmSync(path.join(bundle, 'bundle.json'));
    writePaper(path.join(bundle, 'x'));
    fs.mkdirSync(path.join(root, 'runs/r1/p'), { recursive: true });
    writePaper(path.join(root, 'runs/r1/p'));
    fs.mkdirSync(path.join(root, 'crate/p'), { recursive: true });
    writePaper(path.join(root, 'crate/p'));
    const searched = await verify({ root, paths: ['bundles/b1'], assurance: 'submission' });
    expect(searched.targets.map((t) => t.id)).toEqual(['aris:bundles/b1/x']);
    const pinned = await verify({
      root,
      paths: ['bundles/b1'],
      targets: ['addenda-b:bundles/b1', 'trace:runs/r1', 'aristo:crate'],
      assurance: 'submission',
    });
    const codes = (id: string) => [
      ...new Set(pinned.findings.filter((f) => f.subject.startsWith(id)).map((f) => f.code)),
    ];
    // The records left are read and judged, the missing parts reported.
    expect(codes('addenda-b:bundles/b1')).toEqual(
      expect.arrayContaining([
        'addenda_b.bundle_unreadable',
        'validation.g_surface_action_without_command',
      ]),
    );
    expect(codes('trace:runs/r1')).toEqual(
      expect.arrayContaining(['trace.run_file_missing', 'trace.layout_unexpected']),
    );
    // A workspace with nothing to check in it is no workspace verified.
    expect(pinned.findings.map((f) => f.message)).toContain(
      'aristo target "crate" was named, but nothing in it was verified: it holds no workspace with anything to check.',
    );
    expect(pinned.conclusion).toBe('failure');
    // Pinned through a link, to a pack not selected, to no pack: refused, never skipped.
    fs.symlinkSync('b1', path.join(root, 'bundles/b2'));
    const refused = await verify({
      root,
      paths: ['bundles/b1/x'],
      targets: ['addenda-b:bundles/b2', 'trace:bundles/b1', 'nope:bundles/b1', 'aris:gone'],
      packs: ['aris', 'addenda-b'],
    });
    expect(refused.findings.filter((f) => f.subject === 'gate').map((f) => f.message)).toEqual([
      'addenda-b target "bundles/b2" is reached through a symlink (it leads to "bundles/b1"), so it was not verified as the target named.',
      'Target "trace:bundles/b1" was named, but the trace pack is not selected.',
      'Target "nope:bundles/b1" names no pack: it must be pack:dir, with one of aris, trace, aristo, addenda-b.',
      'Paper dir "gone" does not exist.',
    ]);
    expect(refused.conclusion).toBe('failure');
    // aris:dir is --paper dir: a paper whose missing audits count.
    fs.mkdirSync(path.join(root, 'papers/new'), { recursive: true });
    const codes2 = async (o: { papers?: string[]; targets?: string[] }) =>
      (await verify({ root, assurance: 'submission', ...o })).findings.map((f) => f.code);
    const asPaper = await codes2({ papers: ['papers/new'] });
    expect(asPaper).toContain('aris.artifact_missing');
    expect(await codes2({ targets: ['aris:papers/new'] })).toEqual(asPaper);
    // At draft its missing audits are allowed, as for --paper: no "nothing verified in it".
    const draft = await verify({ root, targets: ['aris:papers/new'] });
    expect(draft.findings.map((f) => f.code)).not.toContain('gate.target_not_found');
  });
  it('the config’s targets pin targets too, even when the workflow pins the assurance', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'bundles/b1'), { recursive: true });
    writePaper(path.join(root, 'bundles/b1/x'));
    write(
      path.join(root, '.audit-gate.json'),
      JSON.stringify({ targets: ['addenda-b:bundles/b1'] }),
    );
    const r = await verify({ root, assurance: 'submission' });
    expect(r.targets.map((t) => t.id).sort()).toEqual([
      'addenda-b:bundles/b1',
      'aris:bundles/b1/x',
    ]);
    expect(r.conclusion).toBe('failure');
  });
  it('the config’s papers pin papers too, even when the workflow pins the assurance', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'papers/main'), { recursive: true });
    writePaper(path.join(root, 'papers/main/sub'));
    write(path.join(root, '.audit-gate.json'), JSON.stringify({ papers: ['papers/main'] }));
    const r = await verify({ root, assurance: 'submission' });
    expect(r.targets.map((t) => t.path).sort()).toEqual(['papers/main', 'papers/main/sub']);
    expect(r.findings.map((f) => f.code)).toEqual(Array(4).fill('aris.artifact_missing'));
  });
  it('a paper only the checkout’s config names cannot stand for a path emptied, or for something verified', async () => {
    // A named run emptied and replaced by a link to a folder the config names as a paper.
    const root = repo();
    write(path.join(root, 'store/r1/README.md'), 'hi\n');
    fs.mkdirSync(path.join(root, 'runs'));
    fs.symlinkSync('../store/r1', path.join(root, 'runs/run_x'));
    write(path.join(root, '.audit-gate.json'), JSON.stringify({ papers: ['store/r1'] }));
    const emptied = await verify({ root, paths: ['runs/run_x'], assurance: 'draft' });
    expect(emptied.findings.map((f) => f.code)).toContain('gate.target_not_found');
    expect(emptied.conclusion).toBe('failure');
    // A repository with nothing to verify, its config naming a folder as a draft paper.
    const bare = repo();
    write(path.join(bare, 'x/README.md'), 'hi\n');
    write(path.join(bare, '.audit-gate.json'), JSON.stringify({ papers: ['x'] }));
    const nothing = await verify({ root: bare, assurance: 'draft' });
    expect(nothing.findings.map((f) => f.code)).toEqual(['gate.nothing_verified']);
    // The workflow naming the same folder is a draft paper whose audits may all be missing yet.
    expect((await verify({ root: bare, papers: ['x'], assurance: 'draft' })).conclusion).toBe(
      'success',
    );
    // Nor does a paper found by its `.aris/` files alone, every audit deleted.
    const found = repo();
    write(path.join(found, 'paper/.aris/assurance.txt'), 'draft\n');
    const deleted = await verify({ root: found, assurance: 'draft' });
    expect(deleted.findings.map((f) => f.code)).toEqual(['gate.nothing_verified']);
    // Merged from shards, as one run decides: the workflow's mark travels in the report.
    const merged = async (papers?: string[]) => {
      const shards = await Promise.all(
        [1, 2].map((index) =>
          verify({
            root: bare,
            assurance: 'draft',
            shard: { index, count: 2 },
            ...(papers ? { papers } : {}),
          }),
        ),
      );
      return mergeReports(
        shards.map((report, i) => ({ ok: true as const, name: `s${i + 1}.json`, report })),
        { failOn: 'blocking', codes: allCodes() },
      );
    };
    expect((await merged()).findings.map((f) => f.code)).toEqual(['gate.nothing_verified']);
    expect((await merged(['x'])).conclusion).toBe('success');
  });
  it('--paper names a paper relative to the working directory, as PATHs are', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'papers/main'), { recursive: true });
    const r = await cli(
      ['verify', '--paper', 'main', '--root', root, '--format', 'json'],
      path.join(root, 'papers'),
    );
    const report = JSON.parse(r.stdout) as { targets: { path: string }[] };
    expect(report.targets.map((t) => t.path)).toEqual(['papers/main']);
  });
  it('run from a subdirectory without --root, the repository is the root and that directory the PATH', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/p'));
    writePaper(path.join(root, 'papers/other'), { verdicts: { 'proof-checker': 'FAIL' } });
    // The paper's traces lie in the repository's .aris/traces/, above the paper dir.
    const r = await cli(['verify', '--format', 'json'], path.join(root, 'papers/p'));
    const report = JSON.parse(r.stdout) as { root: string; targets: { id: string }[] };
    expect([report.root, report.targets.map((t) => t.id)]).toEqual([root, ['aris:papers/p']]);
    expect(r.code).toBe(0);
  });
  it('--target names PACK:DIR with DIR relative to the working directory; an unknown pack is a usage error', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'bundles/b1'), { recursive: true });
    const r = await cli(
      ['verify', '--target', 'addenda-b:b1', '--root', root, '--format', 'json'],
      path.join(root, 'bundles'),
    );
    const report = JSON.parse(r.stdout) as { targets: { id: string }[] };
    expect(report.targets.map((t) => t.id)).toEqual(['addenda-b:bundles/b1']);
    expect(r.code).toBe(1);
    for (const bad of ['b1', 'nope:b1', 'addenda-b:', ':b1']) {
      const u = await cli(['verify', '--target', bad, '--root', root], root);
      expect([u.code, u.stderr]).toEqual([
        2,
        expect.stringContaining(
          `--target takes PACK:DIR with PACK one of aris, trace, aristo, addenda-b; got "${bad}".`,
        ),
      ]);
    }
  });
  it('a directory found at its own path and through a symlink is verified once, at its own', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/p'));
    fs.mkdirSync(path.join(root, 'docs'));
    fs.symlinkSync('../papers/p', path.join(root, 'docs/p'));
    fs.symlinkSync('../papers', path.join(root, 'docs/all'));
    const r = await verify({ root });
    expect(r.targets.map((t) => t.path)).toEqual(['papers/p']);
  });
  it('a directory discovery cannot list is a blocking finding, not a silent skip', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/ok'));
    fs.mkdirSync(Buffer.concat([Buffer.from(path.join(root, 'papers/x')), Buffer.from([0xff])]));
    const r = await verify({ root });
    expect(r.findings.map((f) => [f.code, f.message])).toEqual([
      [
        'gate.directory_unreadable',
        'Directory "papers" holds a name that is not valid UTF-8: what lies under that name was not verified.',
      ],
    ]);
    expect(r.conclusion).toBe('failure');
  });
  it('each target’s state line says how many errors below are its own', async () => {
    const r = await verify({ root: path.resolve('examples/repo') });
    const text = renderText(r);
    expect(text).toContain('= blocked (4 errors below)'); // papers/stale: four stale audits
    expect(text).toMatch(/= accepted\n/);
  });
  it('the counts tell blocking findings of a target that no subject holds from the gate’s own', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'), { assurance: 'submission' });
    write(path.join(root, 'p/.aris/audit-manifest.json'), '{"schema_version": "1"}');
    const r = await verify({ root });
    const f = r.findings.find((x) => x.code === 'aris.manifest_invalid')!;
    expect(f.blocking).toBe(true);
    expect(r.subjects.some((s) => s.id === f.subject)).toBe(false);
    expect(renderText(r)).toMatch(/ 0 blocking \+ 1 about a whole target,/);
    expect(checkTitle(r)).toMatch(/^0 blocking \+ 1 about a whole target,/);
  });
  it('a named path emptied of its run fails as a removed path does, not as a draft paper that passes', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/p'), { assurance: 'draft' });
    fs.mkdirSync(path.join(root, 'artifacts/runs/run_x'), { recursive: true });
    const emptied = await verify({ root, paths: ['papers/p', 'artifacts/runs/run_x'] });
    expect(emptied.conclusion).toBe('failure');
    expect(emptied.findings.map((f) => [f.code, f.blocking, f.message])).toEqual([
      [
        'gate.target_not_found',
        true,
        'Path "artifacts/runs/run_x" was named, but nothing in it was verified: it holds no audit, run, proof or bundle.',
      ],
    ]);
    // The counts say the run fails though no subject blocks: the finding is about the run.
    expect(renderText(emptied)).toContain('0 blocking + 1 about the run');
    expect(checkTitle(emptied)).toMatch(/^0 blocking \+ 1 about the run, \d+ pass/);
    fs.rmSync(path.join(root, 'artifacts'), { recursive: true });
    const removed = await verify({ root, paths: ['papers/p', 'artifacts/runs/run_x'] });
    expect(removed.findings.map((f) => [f.code, f.blocking])).toEqual([
      ['gate.target_not_found', true],
    ]);
    // A paper named as a paper keeps the draft rule: its audits may all be missing yet.
    fs.mkdirSync(path.join(root, 'papers/new'));
    const named = await verify({ root, papers: ['papers/new'] });
    expect(named.conclusion).toBe('success');
    // One audit present is something verified.
    writePaper(path.join(root, 'papers/one'), { assurance: 'draft', only: ['proof-checker'] });
    expect((await verify({ root, paths: ['papers/one'] })).conclusion).toBe('success');
  });
  it('passing fixtures keep a ready paper submission-ready', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/p'));
    fs.cpSync(
      path.resolve('conformance/aris/clean-all-pass'),
      path.join(root, 'fx/clean-all-pass'),
      {
        recursive: true,
      },
    );
    const alone = await verify({ root, paths: ['papers/p'], assurance: 'submission' });
    expect(alone.submission_ready).toBe('yes');
    const r = await verify({ root, paths: ['papers/p'], assurance: 'submission', fixtures: 'fx' });
    expect(r.targets.map((t) => [t.id, t.ready])).toEqual([
      ['aris:papers/p', true],
      ['fixture:fx/clean-all-pass', true],
    ]);
    expect(r.submission_ready).toBe('yes');
  });
  it('a long directory path in a discovery finding keeps its end, where the folder that matters is', async () => {
    const root = repo();
    const deep = path.join('papers', 'a'.repeat(100), 'b'.repeat(100), 'evidence');
    writePaper(path.join(root, 'papers/ok'));
    fs.mkdirSync(path.join(root, deep), { recursive: true });
    fs.writeFileSync(
      Buffer.concat([Buffer.from(path.join(root, deep, 'x')), Buffer.from([0xff])]),
      '',
    );
    const r = await verify({ root });
    const message = r.findings.find((f) => f.code === 'gate.directory_unreadable')!.message;
    expect(message).toMatch(/^Directory "papers\/a+…b+\/evidence" holds a name/);
  });
  it('an input linked to a file whose path is not UTF-8 is not read as its U+FFFD twin', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/p'));
    const cited = path.join(root, 'papers/p/results/run_2026_04_19.json');
    const audited = fs.readFileSync(cited);
    fs.mkdirSync(path.join(root, 'node_modules'));
    // The twin holds the audited bytes; the file the link really leads to holds others.
    fs.writeFileSync(path.join(root, 'node_modules/x\ufffd.json'), audited);
    fs.writeFileSync(
      Buffer.concat([
        Buffer.from(path.join(root, 'node_modules/x')),
        Buffer.from([0xff, 0x2e, 0x6a, 0x73, 0x6f, 0x6e]),
      ]),
      'tampered',
    );
    fs.rmSync(cited);
    fs.symlinkSync(
      Buffer.concat([
        Buffer.from('../../../node_modules/x'),
        Buffer.from([0xff, 0x2e, 0x6a, 0x73, 0x6f, 0x6e]),
      ]),
      cited,
    );
    const r = await verify({ root, assurance: 'submission' });
    expect(r.conclusion).toBe('failure');
    expect(r.findings.map((f) => f.message).join('\n')).toMatch(/not valid UTF-8/);
  });
  it('a directory whose name is not UTF-8 cannot hide behind a sibling spelled with U+FFFD', async () => {
    const root = repo();
    writePaper(path.join(root, 'papers/ok'));
    // A blocked paper under a name that is not UTF-8 (written under another name, then renamed).
    writePaper(path.join(root, 'papers/blocked'), { verdicts: { 'proof-checker': 'BLOCKED' } });
    const bad = Buffer.concat([Buffer.from(path.join(root, 'papers/')), Buffer.from([0xff])]);
    fs.renameSync(path.join(root, 'papers/blocked'), bad);
    fs.mkdirSync(path.join(root, 'papers/\ufffd'));
    fs.writeFileSync(path.join(root, 'papers/\ufffd/README'), 'decoy\n');
    const r = await verify({ root, assurance: 'submission' });
    expect(r.findings.map((f) => f.code)).toContain('gate.directory_unreadable');
    expect(r.conclusion).toBe('failure');
  });
  it('below a root without git, a paths directory’s .gitignore hides nothing', async () => {
    const root = repo();
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    writePaper(path.join(root, 'papers/blocked'), { verdicts: { 'proof-checker': 'BLOCKED' } });
    write(path.join(root, 'papers/.gitignore'), 'blocked/\n');
    const r = await verify({ root, paths: ['papers'], assurance: 'submission' });
    expect(r.targets.map((t) => t.path)).toEqual(['papers/blocked']);
    expect(r.findings.find((f) => f.code === 'gate.git_index_unreadable')?.message).toBe(
      'No git repository holds "papers", so nothing says which of its files are committed: its .gitignore files were not applied, and everything there was searched for audits and runs.',
    );
    expect(r.conclusion).toBe('failure');
  });
  it('a path that does not exist or escapes the root is a finding', async () => {
    const root = repo();
    const r = await verify({ root, paths: ['nope', '../..'] });
    // Each says which path; "nothing was verified" would only follow from them.
    expect(r.findings.map((f) => f.code)).toEqual([
      'gate.target_not_found',
      'gate.target_not_found',
    ]);
    expect(r.conclusion).toBe('failure');
  });
  it('a config file named but missing fails, and says to name one that exists', async () => {
    const root = repo();
    const r = await verify({ root, config: path.join(root, 'nope.json') });
    const f = r.findings.find((x) => x.code === 'gate.config_invalid')!;
    expect([f.message, f.remediation]).toEqual([
      'Config nope.json does not exist.',
      expect.stringMatching(/^Name a config file that exists/),
    ]);
    expect(r.conclusion).toBe('failure');
  });
  it('reads a config file: paths, assurance, exclude', async () => {
    const root = repo();
    writePaper(path.join(root, 'p1'), { only: ['proof-checker'] });
    writePaper(path.join(root, 'p2'), { only: ['proof-checker'] });
    write(
      path.join(root, '.audit-gate.json'),
      JSON.stringify({ assurance: 'submission', exclude: ['p2/'] }),
    );
    const r = await verify({ root });
    expect(r.targets.map((t) => [t.path, t.context.assurance, t.context.assurance_source])).toEqual(
      [['p1', 'submission', 'config assurance']],
    );
    expect(r.conclusion).toBe('failure');
  });
  it('a malformed config is a blocking finding with its line', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    write(path.join(root, '.audit-gate.json'), '{\n  "assurance": "strict"\n}\n');
    const r = await verify({ root });
    expect(r.findings[0]).toMatchObject({
      code: 'gate.config_invalid',
      blocking: true,
      location: { path: '.audit-gate.json', line: 2 },
    });
    expect(r.conclusion).toBe('failure');
  });
  it('runs conformance fixtures beside the papers', async () => {
    const r = await verify({
      root: path.resolve('conformance'),
      paths: [],
      fixtures: 'aris/verdict-fail',
    });
    expect(r.subjects).toHaveLength(1);
    expect(r.subjects[0]).toMatchObject({ kind: 'fixture', status: 'PASSED', outcome: 'pass' });
  });
});

describe('CLI verify', () => {
  it('a PATH or --paper outside the root is a bad argument, quoted as typed; one that does not exist is a finding in the report', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    fs.mkdirSync(path.join(root, 'sub'));
    const sub = path.join(root, 'sub');
    // What exists is the checkout's to decide: a missing PATH is a finding in a written report.
    const out = path.join(root, 'gate-report.json');
    fs.writeFileSync(out, '{"forged":true}');
    const missing = await cli(['verify', 'nope', '--root', root, '--out', out], root);
    expect(missing.code).toBe(1);
    expect(
      JSON.parse(fs.readFileSync(out, 'utf8')).findings.map((f: { code: string }) => f.code),
    ).toContain('gate.target_not_found');
    // Relative to the current directory, not to the root.
    const fromSub = await cli(['verify', '../p', '--root', root, '--format', 'json'], sub);
    expect(fromSub.code).toBe(0);
    expect(JSON.parse(fromSub.stdout).targets.map((t: { path: string }) => t.path)).toEqual(['p']);
    const outside = await cli(['verify', '--paper', '..', '--root', root], root);
    expect([outside.code, outside.stderr]).toEqual([
      2,
      expect.stringMatching(/^audit-gate: --paper \.\. is outside the root .* \(use --root\)/),
    ]);
    // A path written as if from the root: the error says what it named, and what was meant.
    const above = path.dirname(root);
    const slip = await cli(['verify', '--root', path.basename(root), 'p'], above);
    expect([slip.code, slip.stderr]).toEqual([
      2,
      expect.stringContaining(
        `PATH p is outside the root ${root}: paths are read from the current directory, so it names ${path.join(above, 'p')}; did you mean ${path.join(path.basename(root), 'p')}?`,
      ),
    ]);
  });
  it('text by default, the report file with --out', async () => {
    const root = repo();
    writePaper(path.join(root, 'paper'), { assurance: 'submission' });
    const text = await cli(['verify', '--root', root], root);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/submission-ready: yes/);
    const json = await cli(
      ['verify', '--root', root, '--format', 'json', '--out', 'out/report.json'],
      root,
    );
    expect(json.stdout).toMatch(/submission-ready: yes/); // --out: the JSON goes to the file
    expect(
      JSON.parse(fs.readFileSync(path.join(root, 'out/report.json'), 'utf8')).counts.subjects,
    ).toBe(4);
  });
  it('exit 1 when something blocks, 2 for bad arguments', async () => {
    const root = repo();
    writePaper(path.join(root, 'paper'), {
      assurance: 'submission',
      verdicts: { 'proof-checker': 'ERROR' },
    });
    expect((await cli(['verify', '--root', root], root)).code).toBe(1);
    expect((await cli(['verify', '--root', path.join(root, 'nope')], root)).code).toBe(2);
    expect((await cli(['verify', '--fail-on', 'sometimes'], root)).code).toBe(2);
  });
  it('bad flags say what is wrong and what is allowed, for every command alike', async () => {
    const root = repo();
    const says = async (args: string[]) => {
      const r = await cli(args, root);
      return [r.code, r.stderr.split('\n')[0]];
    };
    expect(await says(['verify', '--assurance', 'strict'])).toEqual([
      2,
      'audit-gate: --assurance must be draft or submission, not "strict"',
    ]);
    expect(await says(['verify', '--effort', 'huge'])).toEqual([
      2,
      'audit-gate: --effort must be lite, balanced, max or beast, not "huge"',
    ]);
    expect(await says(['merge', 'r.json', '--fail-on', 'x'])).toEqual([
      2,
      'audit-gate: --fail-on must be blocking or problem, not "x"',
    ]);
    expect(await says(['verify', '--root'])).toEqual([2, 'audit-gate: --root needs a value']);
    // The parser would keep the last: shard 2/2 would run where 1/2 was meant too.
    expect(await says(['verify', '--shard', '1/2', '--shard', '2/2'])).toEqual([
      2,
      'audit-gate: --shard is given more than once',
    ]);
    expect((await cli(['verify', '--paper', 'a', '--paper', 'b'], root)).stderr).not.toMatch(
      /more than once/,
    );
    expect(await says(['aristo', root, '--root', root])).toEqual([
      2,
      'audit-gate: give the root once: as ROOT or with --root, not both',
    ]);
  });
  it('--allow-empty', async () => {
    const root = repo();
    expect((await cli(['verify', '--root', root], root)).code).toBe(1);
    expect((await cli(['verify', '--root', root, '--allow-empty'], root)).code).toBe(0);
  });
});

describe('audit-gate aris <paper-dir>', () => {
  it('verifies exactly the named dir, not a paper nested inside it', async () => {
    const root = repo();
    fs.mkdirSync(path.join(root, 'papers/p'), { recursive: true });
    writePaper(path.join(root, 'papers/p/sub'), { assurance: 'submission' });
    const r = await cli(
      ['aris', 'papers/p', '--assurance', 'submission', '--format', 'json'],
      root,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(
      fs.readFileSync(path.join(root, 'papers/p/.aris/audit-verifier-report.json'), 'utf8'),
    );
    expect(report.paper_dir).toBe(path.join(root, 'papers/p'));
    expect(report.any_problem).toBe(true);
  });
  it('an assurance.txt that is not draft or submission is a bad argument, with --effort too', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    write(path.join(root, 'p/.aris/assurance.txt'), 'strict\n');
    for (const flags of [[], ['--effort', 'beast']]) {
      const r = await cli(['aris', 'p', ...flags], root);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/invalid assurance in/)]);
    }
  });
  it('a root that does not exist, or does not hold the paper, is a bad argument', async () => {
    const root = repo();
    writePaper(path.join(root, 'p'));
    const missing = await cli(['aris', 'p', '--root', path.join(root, 'nope')], root);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/root not found/)]);
    fs.mkdirSync(path.join(root, 'elsewhere'));
    const outside = await cli(['aris', 'p', '--root', path.join(root, 'elsewhere')], root);
    expect([outside.code, outside.stderr]).toEqual([
      2,
      expect.stringMatching(/is outside the root .* \(use --root\)/),
    ]);
  });
});
