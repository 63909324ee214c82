/** docs/addenda-b.md: the §8 (G-*) and §9.3 decisions (one block, included by docs.ts). */
export const S8_DOCS = `## §8 (G-*) the Professional Reliance Layer, and §9.3

The seed makes every §G artifact a derived read model over canonical records (L2831), and asks
that every status have a derivation policy and receipt, every packet invalidation rules, every user
action a command registry entry, every surface empty / blocked / degraded / error states
(L3429-3433). The pack checks these as follows; each rule's exact reading is in the table below.

- **Reliance status derivation policy** (\`validation.reliance_status_not_derivable\`, L2921). The
  seed requires \`derivation_policy_ref\` (L2879) but defines no policy type, so the pack reads a
  registry record of its own, modelled on \`ClaimSupportDerivationPolicy\` (L2401-2419); replace it
  to change the table (a status the policy does not list cannot be derived):

  \`\`\`json
  {"type": "RelianceStatusDerivationPolicy", "policy_id": "reliance_status.v1",
   "formula_ref": "reliance_status_v1",
   "status_requirements": {
     "safe_to_rely_within_scope": {"unresolved_limitations": "none", "required_human_review_refs": "none"},
     "rely_with_limitations":     {"unresolved_limitations": "some", "required_human_review_refs": "none"},
     "human_review_required":     {"unresolved_limitations": "any",  "required_human_review_refs": "some"},
     "not_safe_to_rely":          {"unresolved_limitations": "any",  "required_human_review_refs": "any"}},
   "schema_version": "1.0"}
  \`\`\`

  The status must also be backed by a \`FormulaEvaluationReceipt\` of \`formula_ref\` (L217: a
  reliance status is a derived value; the seed's optional \`formula_eval_receipt_ref\` is therefore
  required), whose output FormulaValue, when in the bundle, is the status, and its decisive inputs
  must be named by the packet's input manifest.
- **Stale packets** (\`validation.reliance_packet_stale_snapshot\`, L2922; N-03, L3336). Event
  order is line order: a packet is stale when a record written after it changes one of its
  inputs and the packet is neither invalidated / superseded nor named by a
  \`RelianceInvalidationEvent\`. \`created_from_event_seq\` is not compared: the seed gives it no
  scale shared with the bundle. Four of the seven invalidation kinds (L2905-2912) have a record
  that shows the change; the other three are not detected (policy decisions, hard-call expiry,
  evidence-package supersession: no seed record changes them).
- **Certifications** rest on a packet of the bundle that is not invalidated, unless the
  certification itself is invalidated or superseded.
- **Checkpoints and forks.** The irreversible side effects a bundle records are completed
  \`WorkspaceExternalizationReceipt\`s with \`irreversible_disclosure_possible: true\` (§3.4): a
  \`TaskRunFork\` lists each one written between its checkpoint and itself.
- **Replay.** \`deterministic_reexecution\` is refused for the bundle's own run when it holds a
  provider call or web lookup, and for any run whose replay recorded model or tool output drift.
  A replayed step's output exists only in its \`ReplayDivergenceRecord\`, so
  \`replay_divergence_unrecorded\` is not checked.
- **Command closure** (L3275-3315). The surface actions a bundle records close through the
  commands of L3279-3291 (table in \`g_surface_action_without_command\` below); \`command_ref\` /
  \`issue_command_ref\` hold the registry entry's \`command_id\`. Every entry describes its empty,
  degraded and error states (blank counts as missing). The seed gives no code for a missing
  \`blocked_state_behavior\`: it is a required string of the schema (its absence is
  \`addenda_b.schema_violation\`), and a blank one is not reported. Durable write, idempotency and
  telemetry (N-05, L3340) have no code either.
- **Fields loosened** for these codes: \`TaskReliancePacket.input_manifest\`, the checkpoint's
  policy and capability snapshot refs, \`ExplanationTrace.hidden_reasoning_included\`,
  \`TaskReplayRequest.allow_external_side_effects\`, and the entry's empty / degraded / error
  state behaviours (listed above with the others).

**§9.3 (L3330-3380) carries no validation code.** N-01 (formula/derivation contract, L3331-3332)
is checked by the §3.3 and §6 codes, N-02 (immutable event / current projection, L3333-3334) by the
§3.1 codes, N-03 (read-model invalidation, L3335-3336) by \`read_model_without_input_manifest\` and
\`reliance_packet_stale_snapshot\`, N-04 (externalization as side effects, L3337-3338) by the §3.4
codes, N-05 (§G command closure, L3339-3340) by the \`g_surface_*\` codes. N-06 (L3341-3380)
defines \`AddendaBPatchSequencingGate\`: such records are schema-validated like every seed type, but
their phase order is not checked: the seed gives it no code, and its order is a "Recommended
order" (L3359), not a rule a record can violate.

The §10 kind \`sub_agent_reputation_insufficient_sample\` has no defect of its own; its fixtures are
\`insufficient-sample-reputation-without-receipt\` (firing: a score without its formula receipt) and
\`clean-run-with-insufficient-sample-reputation\` (a clean twin that also asserts the terminal state
\`passed\`).
`;
