// B-05 / B-06 / B-20 cascade convergence and dependency deadlock (L1138-1190).
import type { BundleRecord } from '../bundle.js';
import type { Rule } from './rule.js';
import { q, strings } from './shared/util.js';

const CASCADE = ['RevalidationCascadeRun', 'RevalidationCascadeReceipt'];

export const outcomeDependencyCycle: Rule = {
  meta: {
    code: 'validation.outcome_dependency_cycle',
    section: 'B-05/B-06/B-20',
    seedLine: 1185,
    title: 'The outcome dependency graph has a cycle',
    remediation:
      'Break the cycle in the declared outcome dependencies (OutcomeDependencyGraphPolicy rejects declared cycles).',
    decision:
      'The seed holds no outcome dependency graph record; a cycle is seen where the runtime found one: a RevalidationCascadeRun or RevalidationCascadeReceipt with status cycle_detected (or terminal_reason cycle_detected), or a cascade whose visited_outcome_ids repeat an outcome.',
  },
  check(b, report) {
    for (const type of CASCADE)
      for (const c of b.of(type))
        if (
          c.data.status === 'cycle_detected' ||
          c.data.terminal_reason === 'cycle_detected' ||
          revisited(c)
        )
          report(
            c,
            `${type} of cascade ${q(c.data.cascade_run_id)} found a cycle in the outcome dependencies.`,
          );
  },
};

/** The first outcome a cascade run visits twice. */
function revisited(c: BundleRecord): string | undefined {
  const visited = c.data.visited_outcome_ids;
  if (!Array.isArray(visited) || visited.length < 2) return undefined;
  const seen = new Set<string>();
  for (const o of strings(visited)) {
    if (seen.has(o)) return o;
    seen.add(o);
  }
  return undefined;
}

export const revalidationCascadeLoop: Rule = {
  meta: {
    code: 'validation.revalidation_cascade_loop',
    section: 'B-05/B-06/B-20',
    seedLine: 1186,
    title: 'A revalidation cascade visited an outcome twice',
    remediation:
      'Stop the cascade with status cycle_detected when it reaches an outcome it already visited.',
    decision:
      'Fires on a repeat in visited_outcome_ids (the loop guard did not stop it); a cascade that stopped with cycle_detected before a repeat handled it (the cycle itself is outcome_dependency_cycle).',
  },
  check(b, report) {
    for (const c of b.of('RevalidationCascadeRun')) {
      const again = revisited(c);
      if (again)
        report(c, `Cascade ${q(c.data.cascade_run_id)} visited outcome ${q(again)} twice.`);
    }
  },
};

export const revalidationCascadeMaxDepthExceeded: Rule = {
  meta: {
    code: 'validation.revalidation_cascade_max_depth_exceeded',
    section: 'B-05/B-06/B-20',
    seedLine: 1187,
    title: 'A revalidation cascade went past its maximum depth',
    remediation:
      'Bound the cascade at max_depth, or break the dependency chain that makes it this deep.',
    decision:
      'Fires when depth > max_depth, or status (or terminal_reason) max_depth_exceeded: the cascade did not converge.',
  },
  check(b, report) {
    for (const type of CASCADE)
      for (const c of b.of(type)) {
        const over =
          typeof c.data.depth === 'number' &&
          typeof c.data.max_depth === 'number' &&
          c.data.depth > c.data.max_depth;
        if (
          over ||
          c.data.status === 'max_depth_exceeded' ||
          c.data.terminal_reason === 'max_depth_exceeded'
        )
          report(
            c,
            over
              ? `Cascade ${q(c.data.cascade_run_id)} reached depth ${c.data.depth as number} past max_depth ${c.data.max_depth as number}.`
              : `${type} of cascade ${q(c.data.cascade_run_id)} ended max_depth_exceeded without converging.`,
          );
      }
  },
};

const SETTLED = ['quiescent', 'cycle_detected', 'max_depth_exceeded', 'aborted'];

export const successMarkedBeforeCascadeQuiescent: Rule = {
  meta: {
    code: 'validation.success_marked_before_cascade_quiescent',
    section: 'B-05/B-06/B-20',
    seedLine: 1188,
    title: 'Success was marked while a revalidation cascade was still running',
    remediation:
      'Mark terminal_satisfied (or an outcome succeeded) only after the cascade’s quiescent receipt.',
    decision:
      'In event order: a cascade is running from its RevalidationCascadeRun (status running) until a run record or receipt with a settled status. A lifecycle transition to terminal_satisfied while any cascade of the bundle runs, or a RevisionCycleOutcomeObservation with terminal_class succeeded for an outcome a running cascade visits or holds active, fires.',
  },
  check(b, report) {
    // The group is in event order, so the merged types need no sort.
    const events = b
      .group('cascadeEvents')
      .filter(
        (r) =>
          r.type === 'RevalidationCascadeRun' ||
          r.type === 'RevalidationCascadeReceipt' ||
          (r.type === 'RevisionExecutionLifecycleTransition' &&
            !r.registry &&
            r.data.to_state === 'terminal_satisfied') ||
          (r.type === 'RevisionCycleOutcomeObservation' && r.data.terminal_class === 'succeeded'),
      );
    const running = new Map<string, Set<string>>();
    // Outcome → the running cascades touching it: an observation asks its outcome, not every
    // running cascade (thousands may run at once).
    const touching = new Map<string, Set<string>>();
    const stop = (id: string) => {
      for (const o of running.get(id) ?? []) touching.get(o)?.delete(id);
      running.delete(id);
    };
    for (const e of events) {
      const id = String(e.data.cascade_run_id);
      if (e.type === 'RevalidationCascadeRun' || e.type === 'RevalidationCascadeReceipt') {
        if (SETTLED.includes(e.data.status as string)) stop(id);
        else if (e.type === 'RevalidationCascadeRun' && e.data.status === 'running') {
          stop(id);
          const outcomes = new Set([
            ...strings(e.data.visited_outcome_ids),
            ...strings(e.data.active_outcome_ids),
          ]);
          running.set(id, outcomes);
          for (const o of outcomes) {
            let set = touching.get(o);
            if (!set) touching.set(o, (set = new Set()));
            set.add(id);
          }
        }
      } else if (e.type === 'RevisionExecutionLifecycleTransition') {
        if (running.size)
          report(
            e,
            `The lifecycle entered terminal_satisfied while cascade ${q(running.keys().next().value)} was still running.`,
          );
      } else {
        const c = touching
          .get(e.data.outcome_id as string)
          ?.values()
          .next().value;
        if (c !== undefined)
          report(
            e,
            `Outcome ${q(e.data.outcome_id)} was marked succeeded while cascade ${q(c)} touching it was still running.`,
          );
      }
    }
  },
};

export const pendingDependencyNotRecheckedAfterUpstreamFailure: Rule = {
  meta: {
    code: 'validation.pending_dependency_not_rechecked_after_upstream_failure',
    section: 'B-05/B-06/B-20',
    seedLine: 1189,
    title: 'The dependency policy does not recheck upstream failure on entering pending_dependency',
    remediation:
      'Set pending_dependency_state_entry_rechecks_upstream_failure to true in the OutcomeDependencyGraphPolicy.',
    decision:
      'The seed records no outcome state transitions, so the registry policy is checked: an OutcomeDependencyGraphPolicy whose pending_dependency_state_entry_rechecks_upstream_failure is not true lets an outcome wait on an upstream that already failed.',
  },
  check(b, report) {
    for (const p of b.of('OutcomeDependencyGraphPolicy'))
      if (p.data.pending_dependency_state_entry_rechecks_upstream_failure !== true)
        report(
          p,
          `OutcomeDependencyGraphPolicy ${q(p.data.policy_id)} does not recheck upstream failure on entering pending_dependency.`,
        );
  },
};
