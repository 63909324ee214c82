// The ARIS artifact rules one at a time, on a hand-made context: no files, no pack run. Each
// report is checked against the codes the rule declares in its meta.
import os from 'node:os';
import path from 'node:path';
import type { CodeDef } from '../src/model/finding.js';
import { Workspace } from '../src/io/workspace.js';
import { ARIS } from '../src/packs/aris/codes.js';
import { ARTIFACT_RULES } from '../src/packs/aris/rules/index.js';
import type { ArtifactContext, ArtifactRule } from '../src/packs/aris/rules/context.js';
import { auditSkill } from '../src/packs/aris/rules/audit-skill.js';
import { blockingVerdict } from '../src/packs/aris/rules/blocking-verdict.js';
import { duplicateKeys } from '../src/packs/aris/rules/duplicate-keys.js';
import { requiredFields } from '../src/packs/aris/rules/required-fields.js';
import { reviewIndependence } from '../src/packs/aris/rules/review-independence.js';
import { tracePath } from '../src/packs/aris/rules/trace-path.js';
import { knownVerdict } from '../src/packs/aris/rules/verdict.js';

interface Reported {
  code: string;
  message: string;
  issue?: string;
  line?: number;
  remediation?: string;
}

async function run(
  rule: ArtifactRule,
  data: Record<string, unknown>,
  extra: Partial<ArtifactContext> = {},
) {
  const out: Reported[] = [];
  const declared = (def: CodeDef) => {
    expect(rule.meta.codes).toContain(def);
    return def.code;
  };
  const ctx: ArtifactContext = {
    spec: { artifact: 'PROOF_AUDIT.json', skill: 'proof-checker' },
    audit: {
      ws: new Workspace(os.tmpdir()),
      paperDir: path.join(os.tmpdir(), 'paper'),
      assurance: 'submission',
      pinned: false,
      targetId: 'aris:paper',
      hashes: async () => ({ ok: false, reason: 'missing', detail: 'does not exist' }),
      artifacts: ['PROOF_AUDIT.json'],
    },
    rel: 'paper/PROOF_AUDIT.json',
    data,
    duplicates: [],
    lineOf: () => 7,
    inputs: [],
    verdict: typeof data.verdict === 'string' ? data.verdict : '',
    issue: (def, message, issue, line) => out.push({ code: declared(def), message, issue, line }),
    stale: (def, ref, suffix, message) =>
      out.push({ code: declared(def), message, issue: `stale:${ref.key}${suffix}` }),
    report: (def, message, line, remediation) =>
      out.push({ code: declared(def), message, line, remediation }),
    independence: '',
    ...extra,
  };
  await rule.check(ctx);
  return { out, ctx };
}

it('every rule has a unique name, a description and the codes it may emit', () => {
  const names = ARTIFACT_RULES.map((r) => r.meta.name);
  expect(new Set(names).size).toBe(names.length);
  for (const r of ARTIFACT_RULES) {
    expect(r.meta.description).not.toBe('');
    expect(r.meta.codes.length).toBeGreaterThan(0);
    for (const c of r.meta.codes) expect(Object.values(ARIS)).toContain(c);
  }
});

it('verdict: a lower-case verdict is invalid, with a hint; a known one passes', async () => {
  const { out } = await run(knownVerdict, { verdict: 'pass' });
  expect(out).toEqual([
    {
      code: 'aris.invalid_verdict',
      message:
        'paper/PROOF_AUDIT.json has verdict "pass", not one of PASS WARN FAIL NOT_APPLICABLE BLOCKED ERROR. Verdicts are upper case: PASS.',
      issue: 'invalid_verdict:pass',
      line: 7,
    },
  ]);
  expect((await run(knownVerdict, { verdict: 'PASS' })).out).toEqual([]);
  expect((await run(knownVerdict, { verdict: 3 })).out.map((r) => r.issue)).toEqual([
    'invalid_verdict:3',
  ]);
});

it('required-fields: each missing field is its own legacy issue, at line 1', async () => {
  const { out } = await run(requiredFields, { verdict: 'PASS', trace_path: '' });
  expect(out.map((r) => r.issue)).toEqual(
    expect.arrayContaining([
      'missing_field:audit_skill',
      'missing_field:thread_id_or_agent_id',
      'missing_field:trace_path',
    ]),
  );
  expect(out.find((r) => r.issue === 'missing_field:audit_skill')?.line).toBe(1);
});

it('required-fields: a blank required string is missing, at its line; audit_skill and verdict have their own rules', async () => {
  const full = {
    audit_skill: '',
    verdict: '',
    reason_code: 'ok',
    summary: ' \n\u200b\t',
    audited_input_hashes: {},
    trace_path: '   ',
    thread_id: 't',
    reviewer_model: '',
    reviewer_reasoning: 'xhigh',
    generated_at: '2026-04-21T14:23:01Z',
  };
  const { out } = await run(requiredFields, full);
  expect(out).toEqual(
    ['summary', 'trace_path', 'reviewer_model'].map((k) => ({
      code: 'aris.missing_field',
      message: `paper/PROOF_AUDIT.json has an empty "${k}".`,
      issue: `missing_field:${k}`,
      line: 7,
    })),
  );
  const filled = { ...full, summary: 's', trace_path: 't', reviewer_model: 'm' };
  expect((await run(requiredFields, filled)).out).toEqual([]);
  // Whitespace names no thread and no agent; either one, named, is enough.
  const unnamed = { ...filled, thread_id: ' ', agent_id: '\u200b\t' };
  expect((await run(requiredFields, unnamed)).out.map((r) => r.issue)).toEqual([
    'missing_field:thread_id_or_agent_id',
  ]);
  expect((await run(requiredFields, { ...unnamed, agent_id: 'a' })).out).toEqual([]);
});

it('audit-skill and trace-path: a name or path of invisible characters is blank, reported once', async () => {
  const { out } = await run(auditSkill, { audit_skill: '\u200b' });
  expect(out.map((r) => r.issue)).toEqual(['missing_field:audit_skill']);
  expect((await run(tracePath, { trace_path: ' \u200b' })).out).toEqual([]);
});

it('duplicate-keys: one finding per repeated key, at its line', async () => {
  const { out } = await run(duplicateKeys, {}, { duplicates: [{ key: 'verdict', line: 4 }] });
  expect(out).toEqual([
    expect.objectContaining({
      code: 'aris.duplicate_key',
      issue: 'schema_invalid:duplicate_key:verdict',
      line: 4,
    }),
  ]);
});

it('review-independence: sets the row label even when nothing is wrong', async () => {
  const { out, ctx } = await run(reviewIndependence, {});
  expect(out).toEqual([]);
  expect(ctx.independence).toBe('legacy-unspecified');
});

it('blocking-verdict: no legacy issue string, and a remediation for the reason', async () => {
  const { out } = await run(blockingVerdict, {
    verdict: 'BLOCKED',
    reason_code: 'no_raw_evidence',
  });
  expect(out).toEqual([
    {
      code: 'aris.verdict_blocked',
      message: 'proof-checker returned BLOCKED (no_raw_evidence).',
      line: 7,
      remediation: expect.stringMatching(/^Add results\//),
    },
  ]);
  expect((await run(blockingVerdict, { verdict: 'WARN' })).out).toEqual([]);
});
