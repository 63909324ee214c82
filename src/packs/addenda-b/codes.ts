import type { CodeDef } from '../../model/finding.js';

/**
 * The pack's own codes, for defects the seed has no code for (an unreadable bundle, a record that
 * is not a seed type). Every seed rule reports the seed's own `validation.*` code (rules/).
 */
export const ADDENDA_B = {
  bundleUnreadable: {
    code: 'addenda_b.bundle_unreadable',
    severity: 'error',
    title: 'bundle.json, records.jsonl or a registry file is missing, unreadable or malformed',
    remediation:
      'Write bundle.json as a JSON object such as {"schema_version": "1.0", "task_id": "t1", "run_id": "r1", "as_of": "2026-01-01T00:00:00Z"}, records.jsonl as one JSON record a line, and registry/*.json as JSON, each under a name that is valid UTF-8 (docs/addenda-b.md).',
  },
  recordMalformed: {
    code: 'addenda_b.record_malformed',
    severity: 'error',
    title: 'A records.jsonl line is not a JSON object with a "type", or repeats a key',
    remediation:
      'Write one JSON object a line, each with "type" naming its seed interface and each key once.',
  },
  unknownRecordType: {
    code: 'addenda_b.unknown_record_type',
    severity: 'error',
    title: 'A record names a type that is not an interface of DOC23 Addenda B',
    remediation:
      'Use the seed interface name as "type" (a union is written as its member, e.g. NoveltyAssessmentNoNeighbor).',
  },
  schemaViolation: {
    code: 'addenda_b.schema_violation',
    severity: 'error',
    title: 'A record does not match its seed type (schemas/addenda-b-*.schema.json)',
    remediation:
      'Fix the field the message names; the seed line of the type is in docs/addenda-b.md.',
  },
  formulaOutputMismatch: {
    code: 'addenda_b.formula_output_mismatch',
    severity: 'error',
    title:
      'A formula receipt records another output or other validation codes than the seed function computes from its inputs',
    remediation:
      'Recompute the formula from the receipt’s input_refs and record its output (output_ref) and validation_codes, or fix the inputs.',
  },
  formulaRefUnresolved: {
    code: 'addenda_b.formula_ref_unresolved',
    severity: 'error',
    title:
      'A receipt or test vector of a recomputed formula names an input or output that is not a FormulaValue of the bundle',
    remediation:
      'Write each input and the output as {"type":"FormulaValue","value_id":…,"value":…} and name it by value_id in input_refs / output_ref (input_ref / expected_output_ref of a test vector).',
  },
  formulaTestVectorFailed: {
    code: 'addenda_b.formula_test_vector_failed',
    severity: 'error',
    title:
      'A formula test vector expects another output or other validation codes than the seed function computes from its input',
    remediation:
      'Fix the vector’s expected output (expected_output_ref) or expected_validation_codes, or the formula it tests.',
  },
  formulaExpressionUnrecognised: {
    code: 'addenda_b.formula_expression_unrecognised',
    severity: 'error',
    title:
      'A FormulaSpec names a seed function the pack recomputes in another spelling, names as seed: a function the pack does not recompute, or holds characters outside printable ASCII',
    remediation:
      'Write expression_ref exactly as seed:normalizeCriterionWeights, seed:computeTemplateOverallScore or seed:qualityIndexDerivedPassStatus, so that its receipts and test vectors are recomputed; name other formulas in plain ASCII, without the seed: prefix.',
  },
  formulaUnchecked: {
    code: 'addenda_b.formula_unchecked',
    severity: 'error',
    title:
      'A formula receipt or test vector was not recomputed: the bundle asks for more recomputation than audit-gate does',
    remediation:
      'Give receipts inputs of their own instead of one large FormulaValue merged into each, or split the bundle: audit-gate recomputes up to 64 times the values (at every depth) of the bundle’s FormulaValues, plus 65,536.',
  },
  recordIdRepeated: {
    code: 'addenda_b.record_id_repeated',
    severity: 'error',
    title:
      'Two records of one type share an id with different content, so a copy could decide the checks that read the id',
    remediation:
      'Keep one record per id: remove the other copy, or give a new record its own id. Rules look a record up by its id, so a second copy written first (a policy, spec, receipt or registry row) would be read instead of the real one.',
  },
  registryTableLoosened: {
    code: 'addenda_b.registry_table_loosened',
    severity: 'error',
    title:
      'A registry record would loosen or redefine what the pack fixes (taint order, source-kind defaults, lifecycle transitions, the seed’s default Pattern C policy)',
    remediation:
      'Keep the pack’s taint classes in its order, each source kind’s default taint class (or a more tainted one) and required_trust_basis (or fewer), in registry/ rather than records.jsonl, only lifecycle transitions of the pack’s table, and a Pattern C policy of your own under its own policy_id (not default.pattern_c.v1); the pack’s value stays in force meanwhile (docs/addenda-b.md).',
  },
} as const satisfies Record<string, CodeDef>;
