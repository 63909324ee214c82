// D-01 / D-02 source-kind taint defaults and transitive taint (L2217-2276).
import { SEED_ENUM_VALUES } from '../schema/generated.js';
import type { Rule } from './rule.js';
import { carriedTaint, kindDefault, taintJudgements, taintModel } from './d01-taint-model.js';
import { idFieldOf } from '../records.js';
import type { BundleRecord } from '../bundle.js';
import { nameOf, q, qList } from './shared/util.js';

const SECTION = 'D-01/D-02';
const named = (r: BundleRecord) => nameOf(r, idFieldOf(r.type));
const TRUST_BASES: readonly string[] = SEED_ENUM_VALUES.SourceTrustBasis;

export const sourceKindTaintUnmapped: Rule = {
  meta: {
    code: 'validation.source_kind_taint_unmapped',
    section: SECTION,
    seedLine: 2271,
    title: 'A source kind has no taint default',
    remediation:
      'Add a SourceKindTaintDefault row for the source kind (registry/*.json), with a default_taint_class the taint order holds.',
    decision:
      'The table is the bundle’s SourceKindTaintDefault records when it has any (they replace the seed’s table), else the seed’s 15 rows (L2235-2251). Fires for a SourceRecord whose source_kind has no row, and for a row whose default_taint_class has no place in the taint order (the TaintClassOrder record, else ours: internal_corpus_trusted < external_authority_trusted < user_trusted_bounded < external_untrusted < unclassified).',
  },
  check(b, report) {
    const m = taintModel(b);
    for (const r of b.of('SourceKindTaintDefault'))
      if (m.rank(r.data.default_taint_class) === m.order.length)
        report(
          r,
          `SourceKindTaintDefault for ${q(r.data.source_kind)} defaults to ${q(r.data.default_taint_class)}, which the taint order (${qList(m.order, ' < ', 8)}) does not hold.`,
        );
    for (const r of b.of('SourceRecord'))
      if (!kindDefault(m, r))
        report(
          r,
          `${nameOf(r, 'source_id')} has source_kind ${q(r.data.source_kind)}, which has no taint default in ${m.defaultsSource}.`,
        );
  },
};

export const externalAuthorityWithoutTrustBasis: Rule = {
  meta: {
    code: 'validation.external_authority_without_trust_basis',
    section: SECTION,
    seedLine: 2272,
    title: 'A source trusted as an external authority has no accepted trust basis',
    remediation:
      'Record how the source was verified in its trust_basis (one of its kind’s required_trust_basis), or do not treat it as external_authority_trusted.',
    decision:
      'SourceRecord has no trust field (its other fields are elided, L2288), so a source carries trust_basis (a SourceTrustBasis) beside taint_class. A source carrying external_authority_trusted (stated or by default) needs a trust_basis among its kind’s required_trust_basis, or, when the row lists none, any basis but "unknown".',
  },
  check(b, report) {
    const m = taintModel(b);
    for (const r of b.of('SourceRecord')) {
      if (carriedTaint(m, r) !== 'external_authority_trusted') continue;
      const basis = r.data.trust_basis;
      const required = kindDefault(m, r)?.required_trust_basis;
      const ok = required
        ? required.includes(basis as string)
        : TRUST_BASES.includes(basis as string) && basis !== 'unknown';
      if (!ok)
        report(
          r,
          `${nameOf(r, 'source_id')} is external_authority_trusted with trust_basis ${q(basis ?? 'none')}; ${required ? `its kind needs ${qList(required, ' or ')}` : 'a verified basis is needed'}.`,
        );
    }
  },
};

export const taintNotInheritedThroughSummary: Rule = {
  meta: {
    code: 'validation.taint_not_inherited_through_summary',
    section: SECTION,
    seedLine: 2273,
    title: 'A derived record carries less taint than its inputs',
    remediation:
      'Give the summary (or extract) the taint of its most-tainted input, or record the sanitization as a SanitizationNode and name it in sanitization_node_ref.',
    decision:
      'A record derived from others names them in derived_from_refs (no seed field holds lineage); it must carry at least the effective taint of its most-tainted input, transitively (an input’s effective taint includes its own inputs’), unless its sanitization_node_ref names a SanitizationNode with an evidence_ref whose input_taint is at least that taint and whose output_taint is at most the record’s. Fires with taint_downgrade_without_sanitization_node (the same downgrade).',
  },
  check(b, report) {
    const m = taintModel(b);
    for (const j of taintJudgements(b))
      if (!j.sanitized && j.input && j.input.rank > m.rank(j.carried))
        report(
          j.record,
          `${named(j.record)} carries ${q(j.carried)} but is derived from ${named(j.input.record)}, which carries ${q(m.order[j.input.rank] ?? 'an unordered taint')}.`,
        );
  },
};

export const taintDowngradeWithoutSanitizationNode: Rule = {
  meta: {
    code: 'validation.taint_downgrade_without_sanitization_node',
    section: SECTION,
    seedLine: 2275,
    title: 'A record’s taint was lowered without a sanitization node',
    remediation:
      'Record the downgrade as a SanitizationNode (input_taint, output_taint, method, evidence_ref) and name it in the record’s sanitization_node_ref, or keep the higher taint.',
    decision:
      'A downgrade is a record carrying less taint than it inherits: from its inputs (see taint_not_inherited_through_summary), or, for a source, from its kind’s default when that row has allow_override false (allow_override true, the seed’s rows, lets a source state another class). A SanitizationNode justifies it as above.',
  },
  check(b, report) {
    const m = taintModel(b);
    for (const j of taintJudgements(b)) {
      if (j.sanitized) continue;
      const from = j.overriddenDefault
        ? `its kind default ${q(j.overriddenDefault.default_taint_class)}`
        : `its input ${named(j.input!.record)} (${q(m.order[j.input!.rank] ?? 'an unordered taint')})`;
      report(
        j.record,
        `${named(j.record)} carries ${q(j.carried)}, lower than ${from}, and names no SanitizationNode that covers the downgrade.`,
      );
    }
  },
};

export const workspaceTaintMissingAggregationPolicy: Rule = {
  meta: {
    code: 'validation.workspace_taint_missing_aggregation_policy',
    section: SECTION,
    seedLine: 2274,
    title: 'The workspace has taint-bearing sources but no taint aggregation policy',
    remediation:
      'Register a TaintAggregationPolicy (workspace_taint_rule "max_taint", L2261-2267) in registry/*.json.',
    decision:
      'A workspace’s taint is computed from its sources (D-02, L103), so a bundle holding a SourceRecord or a SourceWorkspaceOperation needs a TaintAggregationPolicy; reported once, at the first such record.',
  },
  check(b, report) {
    if (b.of('TaintAggregationPolicy').length > 0) return;
    const [a, c] = [b.of('SourceRecord')[0], b.of('SourceWorkspaceOperation')[0]];
    const first = a && c ? (a.seq <= c.seq ? a : c) : (a ?? c);
    if (first)
      report(
        first,
        `${first.type} carries workspace taint, but the bundle registers no TaintAggregationPolicy.`,
      );
  },
};
