import { DEFAULT_TAINT_ORDER } from './rules/d01-taint-model.js';

/** docs/addenda-b.md: the §7 (D-*) decisions where the seed leaves a rule open (generated). */
export const S7_DECISIONS = `## §7 (D-*) source workspace, forum, run board, taint and governance

- **Taint order: a registry record.** The seed names the TaintClass values (L2236-2250) and
  aggregates workspace taint by \`"max_taint"\` (L2263), but never orders them. A bundle states the
  order as a registry record (not a seed interface, like FormulaValue):
  \`{"type":"TaintClassOrder","order_id":…,"least_to_most_tainted":[…],"schema_version":"1.0"}\`.
  Without one the pack uses ${DEFAULT_TAINT_ORDER.map((t) => `\`${t}\``).join(' < ')}: the own
  corpus and verified authorities are trusted, user material within bounds, web material not, and
  an unclassified source is the most tainted. A class the order does not hold ranks above all of
  them (fail closed), and so do a source whose kind has no default and an input of the bundle that
  carries no taint (a ref outside the bundle is not judged). A registry record may refine the
  order (insert classes of its own between the five), never reorder or drop them: registry files
  are checkout content, and an order that ranks web material below user material would let a
  summary launder it. Such an order, or one in records.jsonl, is not in force
  (\`addenda_b.registry_table_loosened\`); there is no flag that loosens it.
- **Source-kind taint defaults: registry records.** The \`SourceKindTaintDefault\` records of
  \`registry/\` are the table and replace the seed's \`SOURCE_KIND_TAINT_DEFAULTS\` (L2235-2251),
  which applies when the bundle has none (rows in records.jsonl are not in force). A row may only
  tighten the seed's: its \`default_taint_class\` must rank its kind as tainted as the seed's row
  or more (a kind the seed does not map is compared with \`custom\`, unclassified), and its
  \`required_trust_basis\` for a kind the seed maps may only narrow the seed's bases. Else the
  seed's value stays in force and \`addenda_b.registry_table_loosened\` fires: a web source
  cannot default to trusted. \`allow_override\` is read as the seed writes it: true lets a source
  state a taint class other than its kind's default; with false, a lower one is a downgrade that
  needs a SanitizationNode.
- **SourceRecord fields.** SourceRecord elides its other fields (\`// existing fields...\`, L2288),
  so a source carries the seed's governance fields where it has them: \`taint_class\` (else its
  kind's default), \`trust_basis\` (a SourceTrustBasis, L2219-2227), \`privileged\` / \`data_class\`
  (as on SourceWorkspaceOperation, L1062-1065). \`tier\` admits 0 in the schema so that
  \`tier0_source_record_materialized\` reports it (tier 4 stays a schema error).
- **Lineage and sanitization.** No seed field records what a summary or extract was derived from:
  any record names its inputs in \`derived_from_refs\` and the SanitizationNode that lowered its
  taint in \`sanitization_node_ref\`. Taint propagates transitively in one pass in event order (an
  input's effective taint includes its own inputs'), so a chain of summaries cannot launder it.
- **Run Board readers.** The readers of a bundle's board operate under the bundle's \`matter_id\`
  (bundle.json); the matter rule (L2513-2514) is checked against it. The run's publication policy
  is the registry's first RunBoardPublicationPolicy. An event is withheld when the board would
  auto-publish it (class listed, not private_audit_only) but its data class is suppressed or the
  matter firewall holds it back; its stub is a post with \`redacted: true\` and a
  \`withheld_reason\` (L2504-2505).
- **Consumption of guidance.** A run consumes guidance when a context packet places it in context:
  the guidance_id among the request's item refs (L2537-2538) and not among the receipt's
  omitted_items. Guidance starts \`proposed\` (the first RunGuidanceLifecycleState, L2635); its
  RunGuidanceCreationEvent.scope_ref (L2646) names the run or task it was written for.
- **Command closure.** The affordances are the \`command_ref\` / \`issue_command_ref\` fields of the
  §G surfaces (L2949, L2996, L3113, L3145); a command is a TaskCommandRegistryEntry (L2679) or a
  RelianceLayerCommandRegistryEntry (L3278) of the bundle, by command_id.
- **Library approval.** The explicit approval a privileged source needs before promotion
  (L2791) is the candidate's own status: a LibraryPromotionCandidate version with status
  \`approved\` written before the promotion receipt.
`;
