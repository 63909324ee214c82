// B-14 Forum deadlock breaker (L1294-1313).
import type { Rule } from './rule.js';
import { q } from './shared/util.js';

const TERMINAL_ROUTES = [
  'forum_deadlock_hard_call',
  'prefer_safest_policy_allowed_proposal',
  'pause_and_request_user',
];

export const forumDeadlockWithoutPolicy: Rule = {
  meta: {
    code: 'validation.forum_deadlock_without_policy',
    section: 'B-14',
    seedLine: 1310,
    title: 'A forum room deliberates without a deliberation policy',
    remediation:
      'Add a ForumDeliberationPolicy for the room to registry/ (max ticks, consensus threshold, on_no_consensus).',
    decision:
      'A room deliberates when a ModuleAssistanceRequest (D-10, L2585) targets forum_room; its target_endpoint_ref names the room, which needs a ForumDeliberationPolicy with that room_id.',
  },
  check(b, report) {
    const rooms = new Set(b.of('ForumDeliberationPolicy').map((p) => p.data.room_id));
    for (const r of b.of('ModuleAssistanceRequest'))
      if (r.data.target === 'forum_room' && !rooms.has(r.data.target_endpoint_ref))
        report(
          r,
          `Request ${q(r.data.request_id)} asks forum room ${q(r.data.target_endpoint_ref)}, which has no ForumDeliberationPolicy.`,
        );
  },
};

export const forumPolicyAllowsTaskAgentDecides: Rule = {
  meta: {
    code: 'validation.forum_policy_allows_task_agent_decides',
    section: 'B-14',
    seedLine: 1311,
    title: 'A forum policy lets the Task Agent decide a deadlock',
    remediation:
      'Set on_no_consensus to forum_deadlock_hard_call, prefer_safest_policy_allowed_proposal or pause_and_request_user: the Task Agent may recommend, not decide.',
  },
  check(b, report) {
    for (const p of b.of('ForumDeliberationPolicy'))
      if (p.data.on_no_consensus === 'task_agent_decides')
        report(
          p,
          `ForumDeliberationPolicy of room ${q(p.data.room_id)} resolves no consensus with task_agent_decides.`,
        );
  },
};

export const forumNoConsensusWithoutTerminalRoute: Rule = {
  meta: {
    code: 'validation.forum_no_consensus_without_terminal_route',
    section: 'B-14',
    seedLine: 1312,
    title: 'A forum policy has no terminal route for no consensus',
    remediation: `Set on_no_consensus to one of ${TERMINAL_ROUTES.join(', ')}.`,
    decision:
      'Fires when on_no_consensus is missing or not one of the three seed values (task_agent_decides also fires forum_policy_allows_task_agent_decides).',
  },
  check(b, report) {
    for (const p of b.of('ForumDeliberationPolicy'))
      if (!TERMINAL_ROUTES.includes(p.data.on_no_consensus as string))
        report(
          p,
          `ForumDeliberationPolicy of room ${q(p.data.room_id)} has on_no_consensus ${p.data.on_no_consensus === undefined ? 'missing' : q(p.data.on_no_consensus)}, not a terminal route.`,
        );
  },
};
