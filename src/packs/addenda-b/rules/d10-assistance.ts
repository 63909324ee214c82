// D-10 ModuleAssistanceRequest (L2583-2631).
import type { Rule } from './rule.js';
import { filled, nameOf, present, q } from './shared/util.js';

const SECTION = 'D-10';

export const moduleAssistanceRequestWithoutEndpoint: Rule = {
  meta: {
    code: 'validation.module_assistance_request_without_endpoint',
    section: SECTION,
    seedLine: 2627,
    title: 'An assistance request names no endpoint',
    remediation: 'Set target_endpoint_ref to the endpoint that answers the request.',
  },
  check(b, report) {
    for (const r of b.of('ModuleAssistanceRequest'))
      if (!filled(r.data.target_endpoint_ref))
        report(
          r,
          `${nameOf(r, 'request_id')} (to ${q(r.data.target)}) has no target_endpoint_ref.`,
        );
  },
};

export const assistanceRequestWithoutAnswerSchema: Rule = {
  meta: {
    code: 'validation.assistance_request_without_answer_schema',
    section: SECTION,
    seedLine: 2628,
    title: 'An assistance request names no answer schema',
    remediation: 'Set answer_schema_ref to the schema the answer must match.',
  },
  check(b, report) {
    for (const r of b.of('ModuleAssistanceRequest'))
      if (!present(r.data.answer_schema_ref))
        report(r, `${nameOf(r, 'request_id')} (to ${q(r.data.target)}) has no answer_schema_ref.`);
  },
};

export const taskAgentSubstantiveDecisionForbidden: Rule = {
  meta: {
    code: 'validation.task_agent_substantive_decision_forbidden',
    section: SECTION,
    seedLine: 2630,
    title: 'The Task Agent is asked to decide substance',
    remediation:
      'Route a substantive review to a module, forum room or the user; ask the Task Agent only for advice (response_policy advisory_only).',
    decision:
      'The Task Agent may recommend, not decide (L1307, row D-10 L111): a request to target "task_agent" of request_kind "substantive_review" whose response_policy is not "advisory_only" makes its answer a decision the run waits on or acts on.',
  },
  check(b, report) {
    for (const r of b.of('ModuleAssistanceRequest'))
      if (
        r.data.target === 'task_agent' &&
        r.data.request_kind === 'substantive_review' &&
        r.data.response_policy !== 'advisory_only'
      )
        report(
          r,
          `${nameOf(r, 'request_id')} asks the Task Agent for a substantive review with response_policy ${q(r.data.response_policy)}.`,
        );
  },
};
