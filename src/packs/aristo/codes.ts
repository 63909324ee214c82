import type { CodeDef } from '../../model/finding.js';

/** The SDK check a code mirrors (`aristo.md` §3 numbering), or where else it comes from. */
export type AristoOrigin =
  | `sdk-check-${number}`
  | 'sdk-parse'
  | 'sdk-stamp'
  | 'sdk-expectations'
  | 'seed'
  | 'gate'
  | 'audit-gate';

export interface AristoCodeDef extends CodeDef {
  origin: AristoOrigin;
}

const RERUN =
  'Re-run the proof: aristo verify --filter id=<id> --rerun, then commit the new .proof file.';
const RESTAMP =
  'Run aristo stamp, then commit .aristo/index.toml (or stop committing it: the source is the truth).';

function def(
  code: string,
  severity: CodeDef['severity'],
  origin: AristoOrigin,
  title: string,
  remediation: string,
): AristoCodeDef {
  return { code: `aristo.${code}`, severity, origin, title, remediation };
}

/** Every code the aristo pack can emit. Stable public API: never rename without a migration note. */
export const ARISTO = {
  // ── files under .aristo/ ────────────────────────────────────────────────────────────────────
  proofUnreadable: def(
    'proof_unreadable',
    'error',
    'audit-gate',
    'A .proof path is not a readable regular UTF-8 file inside the repository (directory, FIFO, symlink out, too large, invalid UTF-8)',
    'Replace it with the .proof file the SDK writes, or delete it.',
  ),
  proofFilenameInvalid: def(
    'proof_filename_invalid',
    'error',
    'sdk-parse',
    'A .proof file name does not decode to a valid annotation id (ids use __ for :)',
    'Name proofs <id>.proof with every ":" written as "__" (e.g. aristos__foo.proof), as the SDK does.',
  ),
  proofUnparseable: def(
    'proof_unparseable',
    'error',
    'sdk-parse',
    'A .proof file is not valid TOML (syntax error, duplicate table or key)',
    RERUN,
  ),
  proofSchema: def(
    'proof_schema',
    'error',
    'sdk-parse',
    'A .proof file does not have the SDK proof shape (missing key, wrong type, unknown enum value, malformed sha256)',
    RERUN,
  ),
  unknownKey: def(
    'unknown_key',
    'warning',
    'sdk-parse',
    'A .proof or expectations.toml has a key the SDK ignores (often a typo of a real key)',
    'Remove the key, or fix its spelling: the SDK silently ignores it.',
  ),
  indexInvalid: def(
    'index_invalid',
    'error',
    'sdk-parse',
    'The committed .aristo/index.toml cannot be read or is not a valid SDK index (the SDK refuses it whole)',
    RESTAMP,
  ),
  expectationsInvalid: def(
    'expectations_invalid',
    'error',
    'sdk-expectations',
    '.aristo/expectations.toml cannot be read or is not valid TOML (the SDK refuses it whole, so no waiver applies)',
    'Fix the TOML, or re-record the waivers with aristo verify --accept <id> --because "<reason>".',
  ),
  // ── sources ─────────────────────────────────────────────────────────────────────────────────
  sourceUnparseable: def(
    'source_unparseable',
    'error',
    'sdk-stamp',
    'A Rust source file that may hold annotations could not be read or does not parse',
    'Fix the syntax error (cargo check shows it); until then its annotations are checked against the index alone.',
  ),
  sourceNotParsed: def(
    'source_not_parsed',
    'notice',
    'audit-gate',
    'Index entries in a file the Rust parser does not cover are checked against the index alone',
    'Nothing to do for non-Rust sources; for Rust, fix the parse error reported for the file.',
  ),
  annotationMalformed: {
    ...def(
      'annotation_malformed',
      'warning',
      'sdk-stamp',
      'An aristo attribute or statement macro has arguments the SDK cannot read, or sits on an item the SDK does not read, so the SDK skips it (blocks with block_missing_proof, and at assurance submission)',
      'Write it as #[aristo::intent("<claim>", id = "<id>", verify = "neural"|"test"|"full"|true|false)] on a fn, struct, enum, trait, impl, mod or type alias.',
    ),
    at_submission: 'error',
  },
  annotationIdInvalid: def(
    'annotation_id_invalid',
    'error',
    'sdk-stamp',
    'An annotation id breaks the id grammar, so the SDK skips the annotation',
    'Use an id matching ^(aristos:|kanon:)?[a-z_][a-z0-9_]{0,127}$ (or leave id out and let the SDK assign one).',
  ),
  duplicateId: def(
    'duplicate_id',
    'error',
    'sdk-stamp',
    'Two annotations share one id; the SDK keeps the first and skips the other',
    'Give each annotation its own id.',
  ),
  indexOutOfSync: def(
    'index_out_of_sync',
    'error',
    'sdk-stamp',
    'The committed index.toml disagrees with the source (aristo stamp --check would fail)',
    RESTAMP,
  ),
  // ── the SDK validator, one code per check (aristo.md §3) ────────────────────────────────────
  attemptsOutOfBudget: def(
    'attempts_out_of_budget',
    'error',
    'sdk-check-1',
    'verdict.attempts is 0 or above the repair budget of 3',
    'Write attempts = prior_attempts + 1; past 3 attempts, submit an inconclusive verdict instead.',
  ),
  orphanProof: def(
    'orphan_proof',
    'error',
    'sdk-check-2',
    'A proof exists for an id no annotation has',
    'Delete the proof (aristo stamp moves it to .aristo/archive/proofs/), or restore the annotation.',
  ),
  proofStaleText: def(
    'proof_stale_text',
    'error',
    'sdk-check-3',
    'The claim text changed after the proof was produced',
    RERUN,
  ),
  proofStaleCode: def(
    'proof_stale_code',
    'error',
    'sdk-check-4',
    'The annotated code changed after the proof was produced',
    RERUN,
  ),
  methodMismatch: def(
    'method_mismatch',
    'error',
    'sdk-check-5',
    'verdict.method does not match the annotation’s verify method (or the annotation is verify = true/false)',
    'Set verify = "neural" | "test" | "full" on the annotation, then re-run the proof with that method.',
  ),
  bodyShape: def(
    'body_shape',
    'error',
    'sdk-check-6',
    'The proof does not have exactly one body table matching verdict.type',
    RERUN,
  ),
  verifiedEmpty: def(
    'verified_empty',
    'error',
    'sdk-check-7',
    'A verified proof has an empty conclusion or no steps',
    RERUN,
  ),
  counterexampleIncomplete: def(
    'counterexample_incomplete',
    'error',
    'sdk-check-8',
    'A counterexample lacks a description, a violated_step_path or trigger steps',
    RERUN,
  ),
  gapIncomplete: def(
    'gap_incomplete',
    'error',
    'sdk-check-9',
    'An inconclusive verdict lacks a gap description, an unfilled_path or any suggested annotation',
    RERUN,
  ),
  gapSuggestionExists: def(
    'gap_suggestion_exists',
    'error',
    'sdk-check-9',
    'An annotation an inconclusive verdict suggested now exists, so the verdict is stale',
    RERUN,
  ),
  treeMalformed: def(
    'tree_malformed',
    'error',
    'sdk-check-10',
    'The proof tree is malformed: duplicate path, no root "0", a subgoal that is missing or not a descendant, or a step with no grounds',
    RERUN,
  ),
  groundIdInvalid: def(
    'ground_id_invalid',
    'error',
    'sdk-check-11',
    'An intent/assume ground cites an id that does not exist, is documentation only (verify = false) or is refuted',
    RERUN,
  ),
  groundStaleText: def(
    'ground_stale_text',
    'error',
    'sdk-check-11',
    'A cited annotation’s text changed after the proof was produced',
    RERUN,
  ),
  groundCodeInvalid: def(
    'ground_code_invalid',
    'error',
    'sdk-check-12',
    'A code ground cites a file that cannot be read or a line range that is invalid or past the end of the file',
    RERUN,
  ),
  groundStaleCode: def(
    'ground_stale_code',
    'error',
    'sdk-check-12',
    'The code a ground cites changed after the proof was produced',
    RERUN,
  ),
  groundUnchecked: def(
    'ground_unchecked',
    'error',
    'audit-gate',
    'A code ground was not re-hashed: the proofs cite more of one file than audit-gate re-hashes; stricter than the SDK, which hashes every ground',
    'Re-run the proofs that cite the file whole so that they cite the lines they use, or split the file; or, if the citations are right, waive aristo.ground_unchecked for the subject in the workflow’s config.',
  ),
  groundCodeOutsideRepo: def(
    'ground_code_outside_repo',
    'error',
    'audit-gate',
    'A code ground’s file leaves the repository (.., absolute path or symlink out); stricter than the SDK, which would read it',
    'Cite files inside the repository only, by repo-relative path, and re-run the proof.',
  ),
  groundPriorStepInvalid: def(
    'ground_prior_step_invalid',
    'error',
    'sdk-check-13',
    'A prior-step ground cites a step that does not exist or is not earlier than the citing step',
    RERUN,
  ),
  groundCompositionEmpty: def(
    'ground_composition_empty',
    'error',
    'sdk-check-14',
    'A composition ground has an empty reason',
    RERUN,
  ),
  // ── the seed's own rules (the SDK does not enforce them) ────────────────────────────────────
  tooManySubgoals: def(
    'too_many_subgoals',
    'error',
    'seed',
    'A proof step has more than 3 subgoals (seed rule 9; the SDK accepts it)',
    'Split the step into intermediate intents (proposed_promotion = true), then re-run the proof.',
  ),
  violatedStepUnknown: def(
    'violated_step_unknown',
    'error',
    'seed',
    'violated_step_path does not name a trigger step (seed rule 11; the SDK accepts it)',
    RERUN,
  ),
  // ── the gate ────────────────────────────────────────────────────────────────────────────────
  refuted: def(
    'refuted',
    'error',
    'gate',
    'A proof found a counterexample to the claim, and no waiver accepts it',
    'Fix the code (then re-run the proof), or waive it: aristo verify --accept <id> --because "<reason>".',
  ),
  refutedWaived: {
    ...def(
      'refuted_waived',
      'notice',
      'gate',
      'A refuted claim is waived in .aristo/expectations.toml: it does not block, and stays visible',
      'Fix the code, then re-run the proof; the ratchet fails the gate once the claim verifies, so the waiver cannot rot.',
    ),
    // A pinned assurance makes the checkout's waivers void (aristo.waivers_not_trusted).
    at_submission: 'absent',
  },
  inconclusive: def(
    'inconclusive',
    'warning',
    'gate',
    'A proof could neither verify nor refute the claim (blocks with block_inconclusive)',
    'Add one of the suggested annotations, then re-run the proof.',
  ),
  proofMissing: {
    ...def(
      'proof_missing',
      'warning',
      'gate',
      'An intent asks for verification but has no proof (blocks with block_missing_proof, and at assurance submission)',
      'Run aristo verify (or /aristo-verify), then commit .aristo/proofs/.',
    ),
    at_submission: 'error',
  },
  waiverRatchet: def(
    'waiver_ratchet',
    'error',
    'gate',
    'A waived claim now verifies: the waiver must go (the ratchet)',
    'Remove the id’s table from .aristo/expectations.toml and commit it.',
  ),
  waiverInvalid: def(
    'waiver_invalid',
    'error',
    'sdk-expectations',
    'A waiver lacks a reason or accepted_at (or the reason is blank, or the id is malformed)',
    'Re-record it with aristo verify --accept <id> --because "<reason>" [--tracking <ref>].',
  ),
  waiverOrphan: def(
    'waiver_orphan',
    'error',
    'gate',
    'A waiver names an id no annotation has',
    'Remove the id’s table from .aristo/expectations.toml.',
  ),
  waiversNotTrusted: def(
    'waivers_not_trusted',
    'warning',
    'gate',
    'The workflow pins enforcement, so the waivers in .aristo/expectations.toml (checkout content) do not apply',
    'Declare the waivers the gate may honour in the workflow’s own config (`waivers: [{code: "aristo.refuted", subject, reason}]` in config-json or a config file outside the checkout), or run without a pinned assurance.',
  ),
} as const satisfies Record<string, AristoCodeDef>;

export type AristoCode = keyof typeof ARISTO;
export const ARISTO_CODES: readonly AristoCodeDef[] = Object.values(ARISTO);
