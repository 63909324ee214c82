// The user-replaceable registry tables (taint order, source-kind taint defaults, lifecycle
// transitions) may refine the pack's checks, never switch them off: what a table would loosen
// stays as the pack has it, and is reported here.
import { ADDENDA_B } from '../codes.js';
import { shadowedDefaultPolicies } from './a02-pattern-c.js';
import { lifecycleTable } from './b01-lifecycle.js';
import { taintModel } from './d01-taint-model.js';
import type { Rule } from './rule.js';
import { nameOf } from './shared/util.js';
import { idFieldOf } from '../records.js';

export const registryTableLoosened: Rule = {
  meta: {
    code: ADDENDA_B.registryTableLoosened.code,
    section: 'B-01/D-01 (ours)',
    seedLine: 992,
    title: ADDENDA_B.registryTableLoosened.title,
    remediation: ADDENDA_B.registryTableLoosened.remediation,
    decision:
      'Registry tables are checkout content, so they may not loosen a check. Not in force, and reported: a TaintClassOrder in records.jsonl, or one that does not hold internal_corpus_trusted < external_authority_trusted < user_trusted_bounded < external_untrusted < unclassified in that order, each once (own classes may stand between them); a SourceKindTaintDefault in records.jsonl, or one whose default_taint_class ranks its kind less tainted than the seed’s row (L2235-2251; a kind without a row is custom’s, unclassified) or whose required_trust_basis is missing or accepts a basis the seed’s row does not (the seed’s value stays in force); a registry RevisionExecutionLifecycleTransition that is not a row of the pack’s table (one out of terminal_satisfied, terminal_failed, terminal_blocked or cancelled among them); an EvaluationChainResolutionPolicy under the seed default’s id default.pattern_c.v1 that says otherwise than the seed (L549).',
  },
  check(b, report) {
    for (const { record, why } of [
      ...taintModel(b).refused,
      ...lifecycleTable(b).refused,
      ...shadowedDefaultPolicies(b),
    ])
      report(record, `${nameOf(record, idFieldOf(record.type))} is not in force: ${why}.`);
  },
};
