// C-01 / C-09 normalizeCriterionWeights (L1751-1818) and C-09 computeTemplateOverallScore
// (L2073-2141): every receipt whose FormulaSpec names the seed function is recomputed.
import { groupDigits } from '../../kit/index.js';
import { BUILTIN_FORMULAS, sameOutput } from '../formulas/builtins.js';
import type { Bundle } from '../bundle.js';
import {
  builtinOf,
  evaluateReceipts,
  RECOMPUTE_BUDGET_FACTOR,
  RECOMPUTE_BUDGET_SLACK,
  heldTwice,
  type ReceiptEvaluation,
} from '../formulas/evaluate.js';
import { evaluateVectors } from '../formulas/vectors.js';
import { ADDENDA_B } from '../codes.js';
import { holdsNonFinite } from './s3-derivations.js';
import { memo } from './shared/memo.js';
import type { Rule, RuleMeta } from './rule.js';
import { listed, q, qList } from './shared/util.js';

/**
 * The recomputed receipts by the code their recomputation throws, in bundle order (built once: a
 * rule per code would otherwise walk every receipt).
 */
function receiptsThrowing(b: Bundle): Map<string, ReceiptEvaluation[]> {
  return memo(b, 'receipts-by-thrown-code', () => {
    const out = new Map<string, ReceiptEvaluation[]>();
    for (const ev of evaluateReceipts(b)) {
      if (!ev.computed || ev.computed.ok) continue;
      const list = out.get(ev.computed.code);
      if (list) list.push(ev);
      else out.set(ev.computed.code, [ev]);
    }
    return out;
  });
}

/** A rule for one code a seed formula throws: it fires where recomputing a receipt throws it. */
function thrownBy(meta: RuleMeta): Rule {
  return {
    meta,
    check(b, report) {
      for (const ev of receiptsThrowing(b).get(meta.code) ?? [])
        report(
          ev.receipt,
          `Recomputing ${q(ev.receipt.data.formula_id)} (seed ${ev.builtin.lines}) from the inputs of receipt ${q(ev.receipt.data.receipt_id)}: ${meta.title.toLowerCase()}.`,
        );
    },
  };
}

const CRITERION = { section: 'C-01/C-09 normalizeCriterionWeights' };
const TEMPLATE = { section: 'C-09 template match' };
const RECOMPUTED =
  'Fires where a FormulaEvaluationReceipt’s FormulaSpec has expression_ref "seed:normalizeCriterionWeights" and recomputing it from the receipt’s input_refs (FormulaValue records holding {criteria, policy}) throws this code.';
const RECOMPUTED_TEMPLATE =
  'Fires where a FormulaEvaluationReceipt’s FormulaSpec has expression_ref "seed:computeTemplateOverallScore" and recomputing it from the receipt’s input_refs (FormulaValue records holding {components, weights, softPenaltySum, hardVetoCount, formula}) throws this code.';

/**
 * sameOutput, remembered per pair of values: receipts that name one recorded output and one
 * shared input compare the same two (possibly large) values again and again.
 */
const compared = new WeakMap<object, Map<unknown, boolean>>();
function sameOutputOnce(recorded: unknown, computed: unknown): boolean {
  if (computed === null || typeof computed !== 'object') return sameOutput(recorded, computed);
  let seen = compared.get(computed);
  if (!seen) compared.set(computed, (seen = new Map()));
  let same = seen.get(recorded);
  if (same === undefined) seen.set(recorded, (same = sameOutput(recorded, computed)));
  return same;
}

export const criterionWeightRules: Rule[] = [
  thrownBy({
    ...CRITERION,
    code: 'validation.unanchored_required_criterion_indeterminate',
    seedLine: 1766,
    title: 'An unanchored LLM-judgment criterion makes the score indeterminate under the policy',
    remediation:
      'Anchor the criterion, or choose unanchored_llm_judgment_policy exclude / include_with_audit_flag.',
    decision: RECOMPUTED,
  }),
  thrownBy({
    ...CRITERION,
    code: 'validation.no_aggregation_eligible_criteria',
    seedLine: 1783,
    title: 'No criterion is eligible for aggregation',
    remediation: 'Add anchored criteria, or change the unanchored policy.',
    decision: RECOMPUTED,
  }),
  thrownBy({
    ...CRITERION,
    code: 'validation.criterion_weight_missing_under_from_criterion_weight',
    seedLine: 1789,
    title: 'A criterion has no weight under from_criterion_weight',
    remediation: 'Give every criterion a weight, or use another default_weight_policy.',
    decision: RECOMPUTED,
  }),
  thrownBy({
    ...CRITERION,
    code: 'validation.criterion_priority_weight_missing',
    seedLine: 1796,
    title: 'A criterion priority has no weight in priority_weight_map',
    remediation: 'Add the priority (should_have when absent) to priority_weight_map.',
    decision: RECOMPUTED,
  }),
  thrownBy({
    ...CRITERION,
    code: 'validation.criterion_weight_invalid',
    seedLine: 1801,
    title: 'A criterion weight is negative or not finite',
    remediation: 'Use finite weights ≥ 0.',
    decision: RECOMPUTED,
  }),
  thrownBy({
    ...CRITERION,
    code: 'validation.criterion_weight_sum_zero',
    seedLine: 1806,
    title: 'The criterion weights sum to zero (or overflow)',
    remediation: 'Give at least one eligible criterion a positive weight.',
    decision: RECOMPUTED,
  }),
];

export const templateMatchRules: Rule[] = [
  thrownBy({
    ...TEMPLATE,
    code: 'validation.template_match_component_out_of_range',
    seedLine: 2111,
    title: 'A template-match component is missing, not finite or outside [0, 1]',
    remediation: 'Score every weighted component in [0, 1].',
    decision: RECOMPUTED_TEMPLATE,
  }),
  thrownBy({
    ...TEMPLATE,
    code: 'validation.template_match_weight_invalid',
    seedLine: 2113,
    title: 'A template-match weight is missing, negative or not finite',
    remediation: 'Give every component of the formula a finite weight ≥ 0.',
    decision: RECOMPUTED_TEMPLATE,
  }),
  thrownBy({
    ...TEMPLATE,
    code: 'validation.template_match_total_weight_zero',
    seedLine: 2119,
    title: 'The template-match weights sum to zero',
    remediation: 'Give at least one component a positive weight.',
    decision: RECOMPUTED_TEMPLATE,
  }),
  thrownBy({
    ...TEMPLATE,
    code: 'validation.template_match_soft_penalty_invalid',
    seedLine: 2126,
    title: 'The soft penalty is negative, not finite or over soft_penalty_max_total',
    remediation: 'Keep softPenaltySum within [0, soft_penalty_max_total].',
    decision: RECOMPUTED_TEMPLATE,
  }),
  thrownBy({
    ...TEMPLATE,
    code: 'validation.template_match_hard_veto_cap_invalid',
    seedLine: 2128,
    title: 'The hard veto cap is outside [0, 1]',
    remediation: 'Set hard_veto_cap in [0, 1].',
    decision: RECOMPUTED_TEMPLATE,
  }),
  {
    meta: {
      ...TEMPLATE,
      code: 'validation.template_match_output_nan',
      seedLine: 2140,
      title: 'A template-match score is NaN',
      remediation:
        'Recompute the score; computeTemplateOverallScore never yields NaN from valid inputs.',
      decision:
        'The seed lists the code but its function never throws it (the result is clamped): it fires where a receipt of "seed:computeTemplateOverallScore" records a NaN output (FormulaValue "NaN"); validation.formula_output_nan_or_infinity fires too.',
    },
    check(b, report) {
      for (const ev of evaluateReceipts(b))
        if (ev.builtin.lines === 'L2094-2132' && ev.recorded?.value === 'NaN')
          report(
            ev.receipt,
            `Receipt ${q(ev.receipt.data.receipt_id)} records a NaN template-match score.`,
          );
    },
  },
];

export const formulaOutputMismatch: Rule = {
  meta: {
    code: 'addenda_b.formula_output_mismatch',
    section: 'C-01 (ours)',
    seedLine: 219,
    title:
      'A formula receipt records another output or other validation codes than the seed function computes from its inputs',
    remediation:
      'Recompute the formula from the receipt’s input_refs and record its output (output_ref) and validation_codes, or fix the inputs.',
    decision:
      'The seed has no code for a receipt that disagrees with its own recomputation. Compared: the thrown code must be in validation_codes; a successful computation must list none of the function’s codes and match the recorded FormulaValue output (numbers to 1e-9 relative; a non-finite recorded output is left to the NaN codes). A FormulaValue id the receipt names that the bundle holds twice with different values is a mismatch too, and so is a receipt whose inputs hold an argument the function cannot be called with: absent, or not of the type the seed declares where the seed only compares it (hardVetoCount, soft_penalty_max_total, aggregate_score, pass_threshold; a string criterion_id and priority). Numbers the seed checks with Number.isFinite are passed as NaN when they are not numbers, so that its own code fires.',
  },
  check(b, report) {
    for (const ev of evaluateReceipts(b)) {
      const r = ev.receipt;
      const codes = Array.isArray(r.data.validation_codes) ? r.data.validation_codes : [];
      const id = q(r.data.receipt_id);
      const refs = [...(r.data.input_refs as string[]), r.data.output_ref];
      const ambiguous = refs.find((ref) => heldTwice(b, ref));
      if (ambiguous !== undefined) {
        report(
          r,
          `Receipt ${id} names FormulaValue ${q(ambiguous)}, which the bundle holds more than once with different values.`,
        );
      } else if (ev.unusable !== undefined) {
        report(r, `Receipt ${id} cannot be recomputed from its inputs: ${ev.unusable}.`);
      } else if (ev.computed && !ev.computed.ok) {
        if (!codes.includes(ev.computed.code))
          report(
            r,
            `Receipt ${id}: recomputing fails with ${ev.computed.code}, which its validation_codes do not record.`,
          );
      } else if (ev.computed?.ok) {
        const claimed = codes.filter((c) => ev.builtin.codes.includes(c as string));
        if (claimed.length)
          report(
            r,
            `Receipt ${id} records ${claimed.join(', ')}, but the inputs recompute without error.`,
          );
        else if (
          ev.recorded &&
          !holdsNonFinite(ev.recorded.value) &&
          !sameOutputOnce(ev.recorded.value, ev.computed.output)
        )
          report(
            r,
            `Receipt ${id} records output ${q(ev.recorded.value)}; recomputed from its inputs: ${q(ev.computed.output)}.`,
          );
      }
    }
  },
};

const ours = (def: { code: string; title: string; remediation: string }) => ({
  code: def.code,
  section: 'C-01 (ours)',
  seedLine: 219,
  title: def.title,
  remediation: def.remediation,
});

export const formulaRefUnresolved: Rule = {
  meta: {
    ...ours(ADDENDA_B.formulaRefUnresolved),
    decision:
      'A receipt of a recomputed formula (FormulaSpec expression_ref "seed:…") claims a computation of this run, so the pack must be able to redo it: every input_ref must name a FormulaValue of the bundle, and output_ref too whenever the function returns an output (a receipt of a computation the function refuses may name no output). A ref naming a record of another type is always reported; a receipt with such an input is not recomputed. A test vector (L1660) whose input_ref names a FormulaValue is executed, and then needs its expected_output_ref to name one when the function returns an output; a vector whose input is outside the bundle is not executed.',
  },
  check(b, report) {
    for (const ev of evaluateReceipts(b))
      if (ev.unresolved.length)
        report(
          ev.receipt,
          `Receipt ${q(ev.receipt.data.receipt_id)} of ${q(ev.receipt.data.formula_id)} (seed ${ev.builtin.lines}, recomputed) cannot be checked: ${listed(ev.unresolved, '; ')}.`,
        );
    for (const ev of evaluateVectors(b))
      if (ev.unresolved.length)
        report(
          ev.spec,
          `Test vector ${q(ev.id)} of ${q(ev.spec.data.formula_id)} (seed ${ev.builtin.lines}): ${listed(ev.unresolved, '; ')}.`,
        );
  },
};

export const formulaTestVectorFailed: Rule = {
  meta: {
    ...ours(ADDENDA_B.formulaTestVectorFailed),
    decision:
      'The seed has no code for a failing test vector. Each vector of a recomputed formula whose input the bundle holds is executed: the code the function throws must be the one of its codes the vector lists in expected_validation_codes, a successful computation must list none of them and equal the expected output (numbers to 1e-9 relative, NaN equal to NaN).',
  },
  check(b, report) {
    for (const ev of evaluateVectors(b)) {
      const where = `Test vector ${q(ev.id)} of ${q(ev.spec.data.formula_id)} (seed ${ev.builtin.lines})`;
      const claimed = ev.expectedCodes.filter((c) => ev.builtin.codes.includes(c));
      if (ev.unusable !== undefined)
        report(ev.spec, `${where} cannot be executed on its input: ${ev.unusable}.`);
      else if (ev.computed && !ev.computed.ok) {
        if (claimed.length !== 1 || claimed[0] !== ev.computed.code)
          report(
            ev.spec,
            `${where} expects [${qList(ev.expectedCodes)}]; its input makes the function throw ${ev.computed.code}.`,
          );
      } else if (ev.computed?.ok) {
        if (claimed.length)
          report(
            ev.spec,
            `${where} expects ${claimed.join(', ')}, but its input computes without error.`,
          );
        else if (ev.expected && !sameOutputOnce(ev.expected.value, ev.computed.output))
          report(
            ev.spec,
            `${where} expects ${q(ev.expected.value)}; its input computes ${q(ev.computed.output)}.`,
          );
      }
    }
  },
};

/** A ref read for the names in it: lower case, letters and digits only. */
const letters = (ref: string) =>
  ref
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The seed functions the pack recomputes, read as letters (normalizecriterionweights, …). */
const BUILTIN_NAMES = Object.keys(BUILTIN_FORMULAS).map((ref) =>
  letters(ref.slice('seed:'.length)),
);

/**
 * The seed function an expression_ref the pack does not recompute still names, if any: one the
 * pack recomputes whose name its letters hold (in any case, spacing, punctuation, prefix or
 * suffix: "seed/normalizeCriterionWeights", "normalize_criterion_weights.py"), or, for a ref that
 * starts with "seed:", that ref.
 */
function seedFunctionNamed(ref: string): string | undefined {
  const read = letters(ref);
  const i = BUILTIN_NAMES.findIndex((name) => read.includes(name));
  if (i >= 0) return Object.keys(BUILTIN_FORMULAS)[i];
  return /^\s*seed\s*:/iu.test(ref.normalize('NFKC')) ? ref : undefined;
}

/** A character outside printable ASCII: look-alike and invisible letters can hide a name. */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/u;

export const formulaExpressionUnrecognised: Rule = {
  meta: {
    ...ours(ADDENDA_B.formulaExpressionUnrecognised),
    decision:
      'Only an exact seed:<function> ref is recomputed, so a spelling that names the function otherwise would switch recomputation off without a word. Reported: a ref whose letters and digits, in lower case, hold a recomputed function’s name (another case, prefix, separator, suffix or snake case: "ts:computeTemplateOverallScore", "seed/normalizeCriterionWeights", "normalize_criterion_weights.py"); a seed: ref naming a function the pack does not recompute; and a ref holding any character outside printable ASCII (look-alike and invisible letters, such as a Cyrillic о or a Hangul filler, would hide a name). A formula named in ASCII without a recomputed function’s name (doc23:quality_index.ts) is not recomputed and not reported.',
  },
  check(b, report) {
    for (const spec of b.of('FormulaSpec')) {
      const ref = spec.data.expression_ref;
      if (typeof ref !== 'string' || builtinOf(spec)) continue;
      const named = seedFunctionNamed(ref);
      const where = `FormulaSpec ${q(spec.data.formula_id)} names ${q(ref)}`;
      if (named !== undefined && named !== ref)
        report(
          spec,
          `${where}, which reads as ${named} but is not written so, so its receipts and test vectors are not recomputed; write expression_ref as ${named}.`,
        );
      else if (named !== undefined)
        report(
          spec,
          `${where}, which is not one of the seed functions the pack recomputes (${Object.keys(BUILTIN_FORMULAS).join(', ')}), so its receipts and test vectors are not recomputed; name it without seed: if it is a formula of your own.`,
        );
      else if (NOT_PRINTABLE_ASCII.test(ref))
        report(
          spec,
          `${where}, which holds characters outside printable ASCII (look-alike or invisible letters can hide a seed function's name); write expression_ref in plain ASCII.`,
        );
    }
  },
};

export const formulaUnchecked: Rule = {
  meta: {
    ...ours(ADDENDA_B.formulaUnchecked),
    decision: `Stricter than the seed, which has no limit: recomputing each receipt costs the values (at every depth) of the FormulaValues it merges, so receipts that each merge one large value cost its size once per receipt. Receipts and test vectors share one budget: ${RECOMPUTE_BUDGET_FACTOR} times the values of all the bundle's FormulaValues, plus ${groupDigits(RECOMPUTE_BUDGET_SLACK)}; each list of inputs is recomputed once for receipts and once for vectors. A receipt or vector past the budget is reported instead of recomputed.`,
  },
  check(b, report) {
    const budget = `more than ${RECOMPUTE_BUDGET_FACTOR} times the values (at every depth) of the bundle's FormulaValues, plus ${groupDigits(RECOMPUTE_BUDGET_SLACK)}`;
    for (const ev of evaluateReceipts(b))
      if (ev.overBudget)
        report(
          ev.receipt,
          () =>
            `Receipt ${q(ev.receipt.data.receipt_id)} of ${q(ev.receipt.data.formula_id)} was not recomputed: the bundle's receipts and test vectors ask for ${budget}.`,
        );
    for (const ev of evaluateVectors(b))
      if (ev.overBudget)
        report(
          ev.spec,
          () =>
            `Test vector ${q(ev.id)} of ${q(ev.spec.data.formula_id)} was not executed: the bundle's receipts and test vectors ask for ${budget}.`,
        );
  },
};
