// Fuzz: the report a fork's pull_request run uploads is published by the privileged workflow_run
// half (`report:` input). It is wholly untrusted. Real reports (failing, neutral, passing) are
// mutated (flags, severities, enforcement, counts, hostile strings, many findings, broken JSON)
// and published by the Action's run() in-process. Invariants: the Action never crashes or
// prints a stack trace, publishes a schema-valid report, forges no workflow command, and never
// publishes anything but `failure` for a report that holds an error finding on a blocking target
// (or any problem, with fail-on: problem), or that is not a report at all.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { writePaper } from '../../scripts/lib/aris-paper.mjs';
import { reportSchemas, type GateReport } from '../../src/model/report.js';
import { verify } from '../../src/pipeline/verify.js';
import { runActionInProcess } from '../support/action-inprocess.js';
import { renderAll } from '../support/render-all.js';
import {
  applyJsonTextEdit,
  hostileJson,
  hostileString,
  isPlainObject,
  jsonTextEdit,
  type JsonTextEdit,
} from '../support/arbitraries.js';
import {
  expectNoCrashText,
  params,
  sandbox,
  timeout,
  Tally,
  type Sandbox,
} from '../support/fuzz.js';

let box: Sandbox;
const bases: GateReport[] = [];
let reportFile: string;
let outFile: string;
let sarifFile: string;

beforeAll(async () => {
  box = sandbox('reports');
  const repo = (name: string) => {
    const root = path.join(box.base, 'repos', name);
    fs.mkdirSync(path.join(root, '.git'), { recursive: true });
    fs.writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    return root;
  };
  // failing: a blocking paper, a passing one, a draft (advisory) one with a FAIL, and a run.
  const failing = repo('failing');
  writePaper(path.join(failing, 'papers/bad'), { assurance: 'submission' });
  fs.appendFileSync(path.join(failing, 'papers/bad/main.tex'), '% edited\n');
  writePaper(path.join(failing, 'papers/good'), { assurance: 'submission' });
  writePaper(path.join(failing, 'papers/draft'), { verdicts: { 'proof-checker': 'FAIL' } });
  fs.cpSync(path.resolve('conformance/trace/clean-run/input'), failing, { recursive: true });
  const neutral = repo('neutral');
  writePaper(path.join(neutral, 'draft'), { verdicts: { 'proof-checker': 'FAIL' } });
  const passing = repo('passing');
  writePaper(path.join(passing, 'p'), { assurance: 'submission' });
  for (const root of [failing, neutral, passing]) bases.push(await verify({ root }));
  expect(bases.map((r) => r.conclusion)).toEqual(['failure', 'neutral', 'success']);
  reportFile = path.join(box.base, 'artifact', 'report.json');
  outFile = path.join(box.base, 'out', 'report.json');
  sarifFile = path.join(box.base, 'out', 'audit-gate.sarif');
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.writeFileSync(path.join(box.ws, 'README.md'), 'a checkout\n');
});
afterAll(() => box?.dispose());

// ---------------------------------------------------------------------------------------------

type Edit =
  | { op: 'forge' } // what a forger does first: every flag says "nothing blocks"
  | { op: 'top'; key: string; value: unknown }
  | { op: 'finding'; index: number; key: string; value: unknown }
  | { op: 'subject'; index: number; key: string; value: unknown }
  | { op: 'target'; index: number; key: string; value: unknown }
  | { op: 'counts'; key: string; value: unknown }
  | { op: 'add-finding'; finding: Record<string, unknown>; subject: number | 'gate' | string }
  | { op: 'many'; n: number }
  | { op: 'drop'; where: 'top' | 'finding'; key: string; index: number };

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const mostly = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileJson({ depth: 1 }) });

const SEVERITIES = ['error', 'warning', 'notice'];
const findingArb = fc.record({
  code: mostly(pick(['aris.input_stale', 'trace.claim_ungrounded', 'gate.nothing_verified', 'x'])),
  severity: mostly(pick(SEVERITIES)),
  message: hostileString({ huge: true }),
  remediation: hostileString(),
  blocking: mostly(fc.boolean()),
  location: fc.option(
    fc.record({ path: hostileString(), line: mostly(fc.integer({ min: 1, max: 1e6 })) }),
    { nil: undefined },
  ),
});

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ op: 'forge' as const }) },
  fc.record({
    op: fc.constant('top' as const),
    key: pick([
      'conclusion',
      'exit_code',
      'submission_ready',
      'report_version',
      'root',
      'tool',
      'generated_at',
    ]),
    value: mostly(pick(['success', 'neutral', 'failure', 0, 1, 'yes', 'no', '1'])),
  }),
  fc.record({
    op: fc.constant('finding' as const),
    index: fc.nat(),
    key: pick([
      'severity',
      'blocking',
      'subject',
      'message',
      'code',
      'location',
      'related',
      'issue',
    ]),
    value: mostly(
      fc.oneof(pick([...SEVERITIES, true, false, 'gate']), hostileString({ huge: true })),
    ),
  }),
  fc.record({
    op: fc.constant('subject' as const),
    index: fc.nat(),
    key: pick(['outcome', 'status', 'verdict', 'target', 'id', 'name', 'reason']),
    value: mostly(
      fc.oneof(pick(['pass', 'problem', 'blocking', 'skipped']), hostileString({ huge: true })),
    ),
  }),
  fc.record({
    op: fc.constant('target' as const),
    index: fc.nat(),
    key: pick(['enforcement', 'terminal_state', 'id', 'kind', 'path', 'context']),
    value: mostly(pick(['blocking', 'advisory', 'accepted', 'passed', 'paper', 'run'])),
  }),
  fc.record({
    op: fc.constant('counts' as const),
    key: pick(['blocking', 'errors', 'problem', 'pass', 'subjects']),
    value: mostly(fc.integer({ min: -1, max: 10 })),
  }),
  fc.record({
    op: fc.constant('add-finding' as const),
    finding: findingArb,
    subject: fc.oneof(fc.nat(), fc.constant('gate' as const), hostileString()),
  }),
  fc.record({ op: fc.constant('many' as const), n: fc.integer({ min: 10, max: 300 }) }),
  fc.record({
    op: fc.constant('drop' as const),
    where: pick(['top', 'finding'] as const),
    key: pick([
      'findings',
      'subjects',
      'targets',
      'counts',
      'severity',
      'subject',
      'blocking',
      'extensions',
    ]),
    index: fc.nat(),
  }),
);

interface ReportCase {
  base: number;
  edits: Edit[];
  text?: JsonTextEdit;
  failOn: 'blocking' | 'problem' | '';
}

const reportCase: fc.Arbitrary<ReportCase> = fc.record({
  base: fc.nat({ max: 2 }),
  edits: fc.array(edit, { maxLength: 5 }),
  text: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: jsonTextEdit(['conclusion', 'findings', 'exit_code']) },
  ),
  failOn: pick(['blocking', 'problem', ''] as const),
});

const at = <T>(xs: T[] | undefined, i: number): T | undefined =>
  Array.isArray(xs) && xs.length ? xs[i % xs.length] : undefined;

function applyEdit(r: any, e: Edit): void {
  switch (e.op) {
    case 'forge':
      if (Array.isArray(r.findings))
        for (const f of r.findings) if (isPlainObject(f)) f['blocking'] = false;
      if (Array.isArray(r.subjects))
        for (const s of r.subjects)
          if (isPlainObject(s) && s['outcome'] === 'blocking') s['outcome'] = 'pass';
      if (isPlainObject(r.counts)) r.counts.blocking = 0;
      Object.assign(r, { conclusion: 'success', exit_code: 0 });
      return;
    case 'top':
      r[e.key] = e.value;
      return;
    case 'finding':
    case 'subject':
    case 'target': {
      const x = at(
        r[`${e.op === 'finding' ? 'findings' : e.op === 'subject' ? 'subjects' : 'targets'}`],
        e.index,
      );
      if (isPlainObject(x)) x[e.key] = e.value;
      return;
    }
    case 'counts':
      if (isPlainObject(r.counts)) r.counts[e.key] = e.value;
      return;
    case 'add-finding': {
      const s = typeof e.subject === 'number' ? (at(r.subjects, e.subject) as any)?.id : e.subject;
      if (Array.isArray(r.findings)) r.findings.push({ ...e.finding, subject: s ?? 'gate' });
      return;
    }
    case 'many':
      if (Array.isArray(r.findings) && r.findings.length)
        r.findings = Array.from({ length: e.n }, (_, i) =>
          structuredClone(r.findings[i % r.findings.length]),
        );
      return;
    case 'drop':
      if (e.where === 'top') delete r[e.key];
      else {
        const f = at(r.findings, e.index);
        if (isPlainObject(f)) delete f[e.key];
      }
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// The reference rule: a file that is not an audit-gate report (JSON, GateReport schema) is
// published as failure; so is a report with an error finding that belongs to no target (a
// run-level finding) or to a target whose enforcement is blocking; with fail-on: problem, any
// warning or error too.

function referenceBad(bytes: Buffer, failOn: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'not JSON';
  }
  const parsed = reportSchemas().GateReport.safeParse(value);
  if (!parsed.success) return 'not a GateReport';
  const r = parsed.data;
  const targets = new Map(r.targets.map((t) => [t.id, t]));
  const subjects = new Map(r.subjects.map((s) => [s.id, s]));
  for (const f of r.findings) {
    if (failOn === 'problem' && f.severity !== 'notice')
      return `a ${f.severity} with fail-on problem`;
    if (f.severity !== 'error') continue;
    const target = targets.get(subjects.get(f.subject)?.target ?? f.subject);
    if (!target) return `a run-level error (${f.code})`;
    if (target.enforcement === 'blocking') return `an error on blocking target ${target.id}`;
  }
  return undefined;
}

function build(c: ReportCase): Buffer {
  const r = structuredClone(bases[c.base]!) as any;
  for (const e of c.edits) applyEdit(r, e);
  const text = JSON.stringify(r, null, 2) + '\n';
  return c.text ? applyJsonTextEdit(text, c.text) : Buffer.from(text);
}

// Injected workflow commands must never start a line of the log.
const FORGED_COMMAND = /^(::error file=main\.tex,line=1::forged|::stop-commands::)/m;

const tally = new Tally();
afterAll(() => tally.print('published report cases'));

async function check(c: ReportCase): Promise<void> {
  const bytes = build(c);
  fs.writeFileSync(reportFile, bytes);
  fs.rmSync(outFile, { force: true });
  fs.rmSync(sarifFile, { force: true });
  const bad = referenceBad(bytes, c.failOn);
  tally.add(c.edits[0]?.op ?? 'unchanged', bad !== undefined);
  const res = await runActionInProcess(box.ws, path.join(box.base, 'runner'), {
    report: reportFile,
    'report-path': outFile,
    'sarif-file': sarifFile,
    'fail-on': c.failOn,
  });
  expectNoCrashText(res.stdout, 'the Action log');
  if (FORGED_COMMAND.test(res.stdout)) throw new Error('the log carries a forged workflow command');
  const conclusion = res.outputs['conclusion'];
  expect(['success', 'neutral', 'failure']).toContain(conclusion);
  expect(res.exitCode === 1).toBe(conclusion === 'failure');
  const published = reportSchemas().GateReport.parse(JSON.parse(fs.readFileSync(outFile, 'utf8')));
  expect(published.conclusion).toBe(conclusion);
  expect(JSON.parse(fs.readFileSync(sarifFile, 'utf8')).version).toBe('2.1.0');
  const rendered = renderAll(published);
  for (const [k, v] of Object.entries({ ...rendered, jobSummary: res.summary }))
    if (
      /<img|<script/i.test(
        k === 'text' || k === 'sarif' || k === 'annotations' || k === 'packOutputs' ? '' : v,
      )
    )
      throw new Error(`raw HTML from the report reached the ${k} Markdown`);
  if (bad !== undefined && conclusion !== 'failure')
    throw new Error(`reference says failure (${bad}) but the Action published ${conclusion}`);
}

describe('fuzz: published reports (the workflow_run half)', () => {
  it('the untouched reports are published with their own conclusions', async () => {
    for (const [i, want] of (['failure', 'neutral', 'success'] as const).entries()) {
      fs.writeFileSync(reportFile, JSON.stringify(bases[i]));
      const res = await runActionInProcess(box.ws, path.join(box.base, 'runner'), {
        report: reportFile,
        'report-path': outFile,
      });
      expect(res.outputs['conclusion']).toBe(want);
    }
  });

  it(
    'a mutated report never crashes the Action, forges a command, or is published more leniently than it reads',
    async () => {
      await fc.assert(
        fc.asyncProperty(reportCase, check),
        params(100, [
          // Formerly known: a failing report whose blocking flags were cleared.
          [{ base: 0, edits: [{ op: 'forge' }], failOn: '' }],
        ]),
      );
    },
    timeout(),
  );
});
