// G-04 KnownGoodCheckpoint (L3035-3062) and G-17 TaskRunFork side-effect ledger (L3185-3204).
import type { Bundle, BundleRecord } from '../bundle.js';
import { memo } from './shared/memo.js';
import type { Rule } from './rule.js';
import { firstAfter, isObject, present, q } from './shared/util.js';

function snapshotRule(field: string, code: string, seedLine: number, what: string): Rule {
  return {
    meta: {
      code,
      section: 'G-04',
      seedLine,
      title: `A known-good checkpoint has no ${what} snapshot`,
      remediation: `Set ${field} on the checkpoint to the ${what} snapshot in force at its event_seq, so a restore or fork runs under it.`,
    },
    check(b, report) {
      for (const c of b.of('KnownGoodCheckpoint'))
        if (typeof c.data[field] !== 'string' || !present(c.data[field]))
          report(c, `KnownGoodCheckpoint ${q(c.data.checkpoint_id)} has no ${field}.`);
    },
  };
}

export const knownGoodCheckpointMissingPolicySnapshot = snapshotRule(
  'policy_snapshot_ref',
  'validation.known_good_checkpoint_missing_policy_snapshot',
  3059,
  'policy',
);
export const knownGoodCheckpointMissingCapabilitySnapshot = snapshotRule(
  'capability_snapshot_ref',
  'validation.known_good_checkpoint_missing_capability_snapshot',
  3060,
  'capability',
);

/** Completed externalizations that may have disclosed data: the irreversible side effects a run records (§3.4). */
function irreversibleSideEffects(b: Bundle): BundleRecord[] {
  return memo(b, 'g.irreversible', () =>
    b
      .of('WorkspaceExternalizationReceipt')
      .filter(
        (r) => r.data.status === 'completed' && r.data.irreversible_disclosure_possible === true,
      )
      .sort((x, y) => x.seq - y.seq),
  );
}

/** The irreversible side effects written after `from` and before `to` (event order is line order). */
export function* sideEffectsAfter(b: Bundle, from: number, to: number): Generator<BundleRecord> {
  const all = irreversibleSideEffects(b);
  for (let i = firstAfter(all, from); i < all.length && all[i]!.seq < to; i++) yield all[i]!;
}

export const restoreCheckpointIgnoresIrreversibleSideEffects: Rule = {
  meta: {
    code: 'validation.restore_checkpoint_ignores_irreversible_side_effects',
    section: 'G-04',
    seedLine: 3061,
    title: 'A fork from a checkpoint does not list an irreversible side effect executed after it',
    remediation:
      'List every irreversible side effect executed between the checkpoint and the fork in irrevocable_side_effects_at_fork (receipt_ref: its receipt_id).',
    decision:
      'The irreversible side effects a bundle records are completed WorkspaceExternalizationReceipts with irreversible_disclosure_possible true (§3.4, L252-302). Each one written after the fork’s KnownGoodCheckpoint (a record of the bundle) and before the TaskRunFork must be named by an entry’s receipt_ref or side_effect_id. A restore through RevisionReviewDecisionReceipt (restore_known_good_state) names no checkpoint, so only forks are checked.',
  },
  check(b, report) {
    for (const f of b.of('TaskRunFork')) {
      const cp = b.resolve(f.data.forked_from_checkpoint_ref, 'KnownGoodCheckpoint');
      if (!cp || cp.seq >= f.seq) continue;
      const listed = new Set<unknown>();
      const entries = f.data.irrevocable_side_effects_at_fork;
      if (Array.isArray(entries))
        for (const e of entries) {
          if (!isObject(e)) continue;
          listed.add(e.receipt_ref);
          listed.add(e.side_effect_id);
        }
      // Up to six unlisted ones, not all of them: thousands of forks may follow one checkpoint.
      const missing: BundleRecord[] = [];
      for (const r of sideEffectsAfter(b, cp.seq, f.seq)) {
        if (!listed.has(r.data.receipt_id)) missing.push(r);
        if (missing.length > 5) break;
      }
      if (missing.length)
        report(
          f,
          `TaskRunFork ${q(f.data.fork_id)} from checkpoint ${q(cp.data.checkpoint_id)} does not list irreversible side effects executed after it: ${missing
            .slice(0, 5)
            .map((r) => q(r.data.receipt_id))
            .join(', ')}${missing.length > 5 ? ', ...' : ''}.`,
        );
    }
  },
};
