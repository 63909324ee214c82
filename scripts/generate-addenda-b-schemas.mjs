// Generates src/packs/addenda-b/schema/generated.ts (a zod schema for every interface of seed 004,
// DOC23 Addenda B) and src/packs/addenda-b/catalogue.generated.ts (the 213 validation.* codes) from
// the structured reading in scripts/addenda-b/: addenda-b-types.json holds every seed type and field
// with its seed line, exactly as the seed writes it; addenda-b-catalogue.json every code.
//
// The seed's TypeScript type text is translated by a small parser: string-literal unions become
// enums, `X[]` / `Array<X>` arrays, `Record<K, V>` string-keyed records (the rules check the keys,
// so a missing key is a finding with the seed's code rather than a schema error), `number` accepts
// the strings "NaN" / "Infinity" / "-Infinity" (JSON cannot carry them), `never` fields are left to
// the rules, and types the seed uses but never defines are `unknown` (StorageRef and ISO8601 are
// strings). Objects are loose: extra fields are kept, because several codes are about them.
//
// Usage: node scripts/generate-addenda-b-schemas.mjs   (then commit the generated files)
import fs from 'node:fs';
import * as prettier from 'prettier';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Writes generated source the way prettier would, so `npm run lint` holds after a regeneration. */
async function writeFormatted(file, text) {
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  fs.writeFileSync(file, await prettier.format(text, options));
}
const types = JSON.parse(
  fs.readFileSync(path.join(root, 'scripts/addenda-b/addenda-b-types.json'), 'utf8'),
);
const catalogue = JSON.parse(
  fs.readFileSync(path.join(root, 'scripts/addenda-b/addenda-b-catalogue.json'), 'utf8'),
);

/** Types the seed uses but never defines that are plainly strings in a bundle. */
const STRING_TYPES = new Set(['StorageRef', 'ISO8601', 'DurationISO8601']);

/**
 * Fields whose seed type is looser in the schema, because a seed code reports exactly that
 * violation: the code fires (with its own name) instead of a generic schema error.
 */
const LOOSENED = {
  'DerivedReadModelRecord.input_manifest_ref': 'validation.read_model_without_input_manifest',
  'EvaluationFindingEvent.emitted_state':
    'validation.finding_state_mutated_inside_immutable_envelope',
  'EvaluationResultEnvelope.evaluation_basis': 'validation.envelope_basis_missing',
  'FeedbackDeliveryRecord.branch': 'validation.feedback_branch_unregistered',
  'FeedbackDeliveryRecord.delivery_idempotency_key':
    'validation.feedback_delivery_duplicate_without_idempotency',
  'EvaluationSnapshot.source_workspace_snapshot_hashes':
    'validation.source_workspace_hash_typed_as_artifact_hash',
  'MetricRollup.measurement_window': 'validation.metric_rollup_without_window',
  'CalibrationMetricSpec.sample_policy': 'validation.calibration_metric_without_sample_policy',
  'NoveltyAssessmentWithNeighbor.closest_pattern_distance':
    'validation.novelty_neighbor_missing_distance',
  'QualityIndex.formula_eval_receipt_ref': 'validation.quality_index_without_formula_receipt',
  'MetricObservation.formula_eval_receipt_ref': 'validation.metric_value_without_formula_receipt',
  'MetricRollup.formula_eval_receipt_ref': 'validation.metric_value_without_formula_receipt',
  'SubAgentReputationScore.formula_eval_receipt_ref':
    'validation.metric_value_without_formula_receipt',
  'SeverityWeightedRegressionRate.formula_eval_receipt_ref':
    'validation.metric_value_without_formula_receipt',
  'CalibrationMetricResult.formula_eval_receipt_ref':
    'validation.metric_value_without_formula_receipt',
  'RevisionCycleEfficiencyRollup.formula_eval_receipt_ref':
    'validation.metric_value_without_formula_receipt',
  'FormulaSpec.test_vectors': 'validation.formula_test_vector_missing',
  // §5 (B-*)
  'SourceWorkspaceOperation.operation_kind': 'validation.workspace_api_operation_unregistered',
  'SourceWorkspaceOperationReceipt.operation_kind':
    'validation.workspace_api_operation_unregistered',
  'InPlaceMutationLock.expected_pre_hash': 'validation.in_place_lock_missing_expected_pre_hash',
  'ForumDeliberationPolicy.on_no_consensus': 'validation.forum_no_consensus_without_terminal_route',
  'RevisionPlanConcurrencyProfile.deterministic_final_key':
    'validation.concurrency_tie_breaker_missing_final_key',
  'SufficiencyDetectionPolicy.improvement_metric_ref': 'validation.no_improvement_without_metric',
  'SufficiencyDetectionPolicy.epsilon': 'validation.no_improvement_without_epsilon',
  'RevisionPlanStepBase.depends_on_step_ids': 'validation.revision_plan_step_dependency_undefined',
  'TypedRevisionInstruction.revalidation_policy_ref': 'validation.revalidation_policy_ref_missing',
  'RegenerateRevisionPayload.previous_attempt_hashes':
    'validation.regenerate_missing_previous_attempt_hashes',
  // §7 (D-*)
  'SourceRecord.tier': 'validation.tier0_source_record_materialized',
  'ResearchNeed.need_scope': 'validation.research_need_scope_missing',
  'RunBoardAuditEvent.governance': 'validation.run_board_event_without_governance',
  'ModuleAssistanceRequest.target_endpoint_ref':
    'validation.module_assistance_request_without_endpoint',
  'ModuleAssistanceRequest.answer_schema_ref':
    'validation.assistance_request_without_answer_schema',
  // §8 (G-*)
  'TaskReliancePacket.input_manifest': 'validation.reliance_packet_without_input_manifest',
  'KnownGoodCheckpoint.policy_snapshot_ref':
    'validation.known_good_checkpoint_missing_policy_snapshot',
  'KnownGoodCheckpoint.capability_snapshot_ref':
    'validation.known_good_checkpoint_missing_capability_snapshot',
  'ExplanationTrace.hidden_reasoning_included':
    'validation.explanation_trace_contains_hidden_reasoning',
  'TaskReplayRequest.allow_external_side_effects':
    'validation.replay_attempts_external_side_effect',
  'RelianceLayerCommandRegistryEntry.empty_state_behavior':
    'validation.g_surface_missing_empty_state',
  'RelianceLayerCommandRegistryEntry.degraded_state_behavior':
    'validation.g_surface_missing_degraded_state',
  'RelianceLayerCommandRegistryEntry.error_state_behavior':
    'validation.g_surface_missing_error_state',
};

/**
 * Loosened fields that keep a type, only wider (still required): the schema admits the value the
 * seed's code reports and refuses the rest.
 */
const WIDENED = {
  'SourceRecord.tier': 'literalNumber([0, 1, 2, 3])',
};

const defs = new Map(types.definitions.map((d) => [d.name, d]));

// ── a parser for the seed's type text ────────────────────────────────────────────────────────────

function tokenize(text) {
  const re =
    /\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*|\[|\]|<|>|\{|\}|\(|\)|\||,|;|:|\?)/y;
  const out = [];
  let m;
  re.lastIndex = 0;
  while (re.lastIndex < text.length && (m = re.exec(text))) out.push(m[1]);
  if (text.slice(re.lastIndex).trim()) throw new Error(`cannot tokenize: ${text}`);
  return out;
}

function parseType(text) {
  const toks = tokenize(text);
  let i = 0;
  const peek = () => toks[i];
  const take = (want) => {
    const t = toks[i++];
    if (want !== undefined && t !== want) throw new Error(`expected ${want}, got ${t} in ${text}`);
    return t;
  };
  function union() {
    if (peek() === '|') take();
    const members = [postfix()];
    while (peek() === '|') {
      take();
      members.push(postfix());
    }
    return members.length === 1 ? members[0] : { k: 'union', members };
  }
  function postfix() {
    let t = primary();
    for (;;) {
      if (peek() === '[' && toks[i + 1] === ']') {
        take();
        take();
        t = { k: 'array', of: t };
      } else if (peek() === '[' && toks[i + 1]?.startsWith('"')) {
        take();
        const field = JSON.parse(take());
        take(']');
        t = { k: 'index', of: t, field };
      } else return t;
    }
  }
  function primary() {
    const t = take();
    if (t.startsWith('"')) return { k: 'lit', value: JSON.parse(t) };
    if (/^-?\d/.test(t)) return { k: 'lit', value: Number(t) };
    if (t === 'true' || t === 'false') return { k: 'lit', value: t === 'true' };
    if (t === '(') {
      const inner = union();
      take(')');
      return inner;
    }
    if (t === '[') {
      const items = [union()];
      while (peek() === ',') {
        take();
        items.push(union());
      }
      take(']');
      return { k: 'tuple', items };
    }
    if (t === '{') {
      const fields = [];
      while (peek() !== '}') {
        const name = take();
        const optional = peek() === '?';
        if (optional) take();
        take(':');
        fields.push({ name, optional, type: union() });
        if (peek() === ';' || peek() === ',') take();
      }
      take('}');
      return { k: 'object', fields };
    }
    if (t === 'Array' || t === 'Partial') {
      take('<');
      const of = union();
      take('>');
      return t === 'Array' ? { k: 'array', of } : of;
    }
    if (t === 'Record') {
      take('<');
      union();
      take(',');
      const value = union();
      take('>');
      return { k: 'record', value };
    }
    return { k: 'name', name: t };
  }
  const t = union();
  if (i !== toks.length) throw new Error(`trailing tokens in ${text}`);
  return t;
}

// ── type → zod source ────────────────────────────────────────────────────────────────────────────

/** All string literals of a type, or undefined when it is not a pure string-literal union. */
function literals(t) {
  if (t.k === 'lit') return typeof t.value === 'string' ? [t.value] : undefined;
  if (t.k === 'union') {
    const all = t.members.map(literals);
    return all.every(Boolean) ? all.flat() : undefined;
  }
  if (t.k === 'name') {
    const d = defs.get(t.name);
    if (d?.kind === 'type') return literals(parseType(d.definition));
  }
  return undefined;
}

function fieldsOf(name) {
  const d = defs.get(name);
  if (!d || d.kind !== 'interface') return undefined;
  const base = d.extends ? (fieldsOf(d.extends) ?? []) : [];
  return [...base.filter((b) => !d.fields.some((f) => f.name === b.name)), ...d.fields];
}

const used = new Set();

function zod(t) {
  const lits = literals(t);
  if (lits && t.k !== 'name') return `z.enum(${JSON.stringify([...new Set(lits)])})`;
  switch (t.k) {
    case 'lit':
      if (typeof t.value === 'boolean') return `literalBoolean(${t.value})`;
      return `literalNumber([${t.value}])`;
    case 'union': {
      if (t.members.every((m) => m.k === 'lit' && typeof m.value === 'number'))
        return `literalNumber([${t.members.map((m) => m.value).join(', ')}])`;
      const nonNull = t.members.filter((m) => !(m.k === 'name' && m.name === 'null'));
      const inner =
        nonNull.length === 1 ? zod(nonNull[0]) : `z.union([${nonNull.map(zod).join(', ')}])`;
      return nonNull.length < t.members.length ? `${inner}.nullable()` : inner;
    }
    case 'array':
      return `z.array(${zod(t.of)})`;
    case 'tuple':
      return `z.tuple([${t.items.map(zod).join(', ')}])`;
    case 'record':
      return `z.record(z.string(), ${zod(t.value)})`;
    case 'object':
      return objectSource(
        t.fields.map((f) => ({ ...f, type: f.type })),
        '',
      );
    case 'index': {
      const fields = t.of.k === 'name' ? fieldsOf(t.of.name) : undefined;
      const f = fields?.find((x) => x.name === t.field);
      if (!f) return 'z.unknown()';
      return zod(parseType(f.type));
    }
    case 'name': {
      if (t.name === 'string') return 'z.string()';
      if (t.name === 'number') return 'num';
      if (t.name === 'boolean') return 'z.boolean()';
      if (t.name === 'unknown') return 'z.unknown()';
      if (t.name === 'null') return 'z.null()';
      if (STRING_TYPES.has(t.name)) return 'z.string()';
      const d = defs.get(t.name);
      if (!d) return 'z.unknown()';
      used.add(t.name);
      return t.name;
    }
  }
  throw new Error(`unhandled ${JSON.stringify(t)}`);
}

function objectSource(fields, owner) {
  const lines = [];
  for (const f of fields) {
    const type = typeof f.type === 'string' ? parseType(f.type) : f.type;
    if (type.k === 'name' && type.name === 'never') continue; // absence is checked by the rules
    const loosened = LOOSENED[`${owner}.${f.name}`];
    const widened = WIDENED[`${owner}.${f.name}`];
    const src = widened ?? (loosened ? 'z.unknown()' : zod(type));
    const optional = f.optional || (loosened && !widened);
    lines.push(`${JSON.stringify(f.name)}: ${src}${optional ? '.optional()' : ''},`);
  }
  return `z.looseObject({ ${lines.join(' ')} })`;
}

// ── emit in dependency order ─────────────────────────────────────────────────────────────────────

const emitted = new Map();
const visiting = new Set();
function emit(name) {
  if (emitted.has(name)) return;
  if (visiting.has(name)) throw new Error(`type cycle at ${name}`);
  visiting.add(name);
  const d = defs.get(name);
  const render = () => {
    used.clear();
    return d.kind === 'interface'
      ? objectSource(fieldsOf(name), name)
      : zod(parseType(d.definition));
  };
  render(); // collects the dependencies into `used`
  for (const dep of [...used].filter((n) => n !== name)) emit(dep);
  const src = render(); // again: emitting the dependencies reset `used`
  visiting.delete(name);
  emitted.set(name, `/** Seed L${d.line}. */\nexport const ${name} = ${src};`);
}
for (const d of types.definitions) emit(d.name);

const interfaces = types.definitions.filter((d) => d.kind === 'interface');
/** The id field of a record: its first field when that is named *_id (a Map, not inferred later). */
const idFields = interfaces
  .map((d) => [d.name, fieldsOf(d.name)[0]?.name])
  .filter(([, f]) => f && f.endsWith('_id'));

const header = `// Generated by scripts/generate-addenda-b-schemas.mjs from scripts/addenda-b/addenda-b-types.json
// (seed 004, DOC23 Addenda B). Do not edit by hand: change the generator and run it again.
`;
// Rules read the enums' values at load, so those are plain arrays; every schema, the enums' too,
// is built on first use (building them took ≈ 25 ms of every start-up, also for runs that never
// read a bundle).
const isEnum = (src) => src.includes(' = z.enum(');
const enums = [...emitted].filter(([, src]) => isEnum(src));
const lazy = [...emitted].filter(([, src]) => !isEnum(src));
const indent = (text) => text.replace(/^(?=.)/gm, '  ');
/** `/** Seed Lnn. *\/ export const X = z.enum([…]);` as the entry `X: […],` of SEED_ENUM_VALUES. */
const enumValues = enums.map(([name, src]) => {
  const m = /^(\/\*\*.*?\*\/\n)export const (\w+) = z\.enum\((\[.*\])\);$/s.exec(src);
  if (!m || m[2] !== name) throw new Error(`enum ${name} is not a plain z.enum([…]): ${src}`);
  return `${m[1]}${name}: ${m[3]},`;
});
const schemaTs = `${header}import { z } from 'zod';
import { onFirstUse } from '../../kit/first-use.js';
import { literalBoolean, literalNumber, numberOrNonFinite } from './primitives.js';

/** The values of each of the seed's enums (their zod enums are built with the other schemas). */
export const SEED_ENUM_VALUES = {
${indent(enumValues.join('\n\n'))}
} as const;

function build() {
  const num = numberOrNonFinite();
${enums.map(([name]) => `  const ${name} = z.enum(SEED_ENUM_VALUES.${name});`).join('\n')}

${indent(lazy.map(([, src]) => src.replace('export const ', 'const ')).join('\n\n'))}

  return {
${[...enums, ...lazy].map(([name]) => `    ${name},`).join('\n')}
    /** Every interface of the seed, by the name a bundle record gives as its \`type\`. */
    records: {
${interfaces.map((d) => `      ${d.name},`).join('\n')}
    } as Record<string, z.ZodType>,
  };
}

/** The seed's schemas, built on first use (start-up must not build them: __tests__/startup.test.ts). */
export const seedSchemas = onFirstUse(build);

/** Seed line of each interface. */
export const SEED_RECORD_LINES: Record<string, number> = ${JSON.stringify(
  Object.fromEntries(interfaces.map((d) => [d.name, d.line])),
  null,
  2,
)};

/** The field holding a record's own id, for records whose first field is one. */
export const SEED_ID_FIELDS: Record<string, string> = ${JSON.stringify(Object.fromEntries(idFields), null, 2)};

/** Fields loosened in the schema because a seed code reports exactly that violation. */
export const LOOSENED_FIELDS: Record<string, string> = ${JSON.stringify(LOOSENED, null, 2)};
`;
await writeFormatted(path.join(root, 'src/packs/addenda-b/schema/generated.ts'), schemaTs);

const entries = catalogue.map((c) => ({
  code: c.code,
  section: c.section,
  line: c.line,
  rule: c.rule,
  rule_basis: c.rule_basis,
  checkable: c.checkable,
  seed_gap: c.seed_gap ?? null,
  fixture_kinds: c.fixture_kinds ?? [],
  applies_to: c.applies_to ?? [],
}));
const catalogueTs = `${header}
export interface CatalogueEntry {
  code: string;
  section: string;
  /** Seed line of the code's first listing. */
  line: number;
  rule: string;
  rule_basis: 'explicit' | 'schema' | 'inferred';
  checkable: 'bundle' | 'registry' | 'not-mechanical';
  seed_gap: string | null;
  /** The §10 fixture kinds whose firing fixtures this code proves (the build-ready gate). */
  fixture_kinds: string[];
  /** The seed types the code judges (record types, or types carried inside them). */
  applies_to: string[];
}

/** All ${entries.length} validation.* codes of seed 004, as read in scripts/addenda-b/addenda-b-catalogue.json. */
export const CATALOGUE: readonly CatalogueEntry[] = ${JSON.stringify(entries, null, 2)};
`;
await writeFormatted(path.join(root, 'src/packs/addenda-b/catalogue.generated.ts'), catalogueTs);
console.log(`generated ${emitted.size} schemas and ${entries.length} catalogue entries`);
