// D-07 / D-09 / D-12 / D-24 Run Board governance, publication and matter firewall (L2449-2522).
import type { Bundle, BundleRecord } from '../bundle.js';
import { firstIssue } from '../../kit/index.js';
import { writtenSchema } from '../../../io/fast-schema.js';
import { fastPaths } from '../schema/fast-paths.generated.js';
import { seedSchemas } from '../schema/generated.js';
import { toNumber } from '../schema/primitives.js';
import type { Rule } from './rule.js';
import { isObject, listSet, nameOf, q } from './shared/util.js';

const SECTION = 'D-07/D-09/D-12/D-24';
let envelope: ReturnType<typeof writtenSchema> | undefined;
const envelopeSchema = () =>
  (envelope ??= writtenSchema(
    fastPaths().nested.RunBoardGovernanceEnvelope,
    () => seedSchemas().RunBoardGovernanceEnvelope,
  ));

/** The run's publication policy: the first RunBoardPublicationPolicy of the registry. */
function publicationPolicy(b: Bundle): BundleRecord | undefined {
  return b.of('RunBoardPublicationPolicy')[0];
}

const governance = (e: BundleRecord): Record<string, unknown> =>
  isObject(e.data.governance) ? e.data.governance : {};

/** The matter an event belongs to, when it names one. */
const matterOf = (e: BundleRecord): string | undefined => {
  const m = governance(e).matter_id;
  return typeof m === 'string' ? m : undefined;
};

/**
 * An event's matter when it is not the matter the board's readers operate under (bundle.json's
 * matter_id). Without a readable bundle.json the readers' matter is unknown (that is reported
 * as an unreadable bundle), so nothing is judged.
 */
function foreignMatter(b: Bundle, e: BundleRecord): string | undefined {
  const matter = matterOf(e);
  return b.meta && matter !== undefined && matter !== b.meta.matter_id ? matter : undefined;
}

/** A post shows the event's content unless it is a redacted stub that says why it was withheld. */
const showsContent = (p: BundleRecord) => !(p.data.redacted === true && p.data.withheld_reason);

/**
 * Why an event is withheld from the board, or undefined: the matter firewall (its matter is not
 * the bundle's, L2513-2514) or the policy's suppressed data classes. Only events the board would
 * publish (auto_publish_event_classes, not private_audit_only) are withheld; the rest stay private.
 */
function withheldBecause(b: Bundle, policy: BundleRecord, e: BundleRecord): string | undefined {
  const g = governance(e);
  if (!listSet(policy, 'auto_publish_event_classes').has(e.data.event_class as string))
    return undefined;
  if (g.visibility_scope === 'private_audit_only') return undefined;
  if (foreignMatter(b, e) !== undefined) return 'matter_firewall';
  if (listSet(policy, 'suppress_data_classes').has(g.data_class as string))
    return String(g.data_class);
  return undefined;
}

export const runBoardEventWithoutGovernance: Rule = {
  meta: {
    code: 'validation.run_board_event_without_governance',
    section: SECTION,
    seedLine: 2518,
    title: 'A Run Board event has no complete governance envelope',
    remediation:
      'Give the event a RunBoardGovernanceEnvelope (data_class, taint_class, privileged, policy_decision_refs, visibility_scope, redaction_required, schema_version).',
    decision:
      'The envelope is checked against RunBoardGovernanceEnvelope (L2464-2479); taint_class must be present too (its type, TaintClass, is not defined, so the schema cannot require it).',
  },
  check(b, report) {
    for (const e of b.of('RunBoardAuditEvent')) {
      if (!isObject(e.data.governance)) {
        report(e, `${nameOf(e, 'event_id')} has no governance envelope.`);
        continue;
      }
      const parsed = envelopeSchema().safeParse(e.data.governance);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        report(
          e,
          `${nameOf(e, 'event_id')} has a governance envelope invalid at ${issue.where}: ${issue.why}.`,
        );
      } else if (!Object.hasOwn(e.data.governance, 'taint_class'))
        report(e, `${nameOf(e, 'event_id')} has a governance envelope without taint_class.`);
    }
  },
};

export const visiblePostCrossMatterLeak: Rule = {
  meta: {
    code: 'validation.visible_post_cross_matter_leak',
    section: SECTION,
    seedLine: 2519,
    title: 'A Run Board post shows another matter’s event',
    remediation:
      'Withhold the post (redacted true, withheld_reason matter_firewall): an event of matter X is visible only to readers under matter X, whatever its visibility_scope.',
    decision:
      'The readers of a bundle’s board operate under the bundle’s matter_id (bundle.json). A post whose event names another matter (or any matter, when the bundle has none) leaks unless it is a redacted stub with a withheld_reason.',
  },
  check(b, report) {
    for (const p of b.of('RunBoardVisiblePost')) {
      const e = b.resolve(p.data.source_event_id, 'RunBoardAuditEvent');
      const matter = e && foreignMatter(b, e);
      if (matter !== undefined && showsContent(p))
        report(
          p,
          `${nameOf(p, 'post_id')} shows event ${q(p.data.source_event_id)} of matter ${q(matter)} on the board of ${b.meta?.matter_id ? `matter ${q(b.meta.matter_id)}` : 'a run without a matter'}.`,
        );
    }
  },
};

export const suppressedEventWithoutAuditStub: Rule = {
  meta: {
    code: 'validation.suppressed_event_without_audit_stub',
    section: SECTION,
    seedLine: 2520,
    title: 'A withheld Run Board event has no redacted stub',
    remediation:
      'Publish a stub post for the event: redacted true with its withheld_reason (the policy sets publish_redacted_stub_when_suppressed), and never its content.',
    decision:
      'An event the board would auto-publish is withheld when its data_class is among the policy’s suppress_data_classes or the matter firewall holds it back. With publish_redacted_stub_when_suppressed, each such event needs a post that is redacted with a withheld_reason; a post that shows its content instead fires too (with visible_post_cross_matter_leak for a matter), and so does each post, in event order, that shows content past the policy’s max_visible_posts_per_run (it should be a volume_cap stub; retracted posts do not count).',
  },
  check(b, report) {
    const policy = publicationPolicy(b);
    if (!policy || policy.data.publish_redacted_stub_when_suppressed !== true) return;
    const posts = new Map<unknown, BundleRecord[]>();
    for (const p of b.of('RunBoardVisiblePost')) {
      const list = posts.get(p.data.source_event_id);
      if (list) list.push(p);
      else posts.set(p.data.source_event_id, [p]);
    }
    // The first post showing content, once per event id: copies of one event share its posts.
    const firstShown = new Map<unknown, BundleRecord | undefined>();
    for (const e of b.of('RunBoardAuditEvent')) {
      const why = withheldBecause(b, policy, e);
      if (!why) continue;
      const own = posts.get(e.data.event_id) ?? [];
      if (!firstShown.has(e.data.event_id)) firstShown.set(e.data.event_id, own.find(showsContent));
      const shown = firstShown.get(e.data.event_id);
      if (shown)
        report(
          shown,
          `${nameOf(shown, 'post_id')} shows event ${q(e.data.event_id)}, which is withheld (${why}); publish a redacted stub instead.`,
        );
      else if (own.length === 0)
        report(e, `${nameOf(e, 'event_id')} is withheld (${why}) without a redacted stub post.`);
    }
    const cap = toNumber(policy.data.max_visible_posts_per_run);
    if (cap === undefined || Number.isNaN(cap)) return;
    let shown = 0;
    for (const p of b.of('RunBoardVisiblePost'))
      if (showsContent(p) && p.data.lifecycle_state !== 'retracted' && ++shown > cap)
        report(
          p,
          `${nameOf(p, 'post_id')} is visible post ${shown} of a run capped at ${cap} by policy ${q(policy.data.policy_id)}; publish it as a volume_cap stub.`,
        );
  },
};

export const passiveBoardAutopublishWithoutPolicy: Rule = {
  meta: {
    code: 'validation.passive_board_autopublish_without_policy',
    section: SECTION,
    seedLine: 2521,
    title: 'A Run Board post was published without a policy that allows it',
    remediation:
      'Register a RunBoardPublicationPolicy and publish only events whose event_class is in its auto_publish_event_classes; keep the others private (D-09).',
    decision:
      'The board is passive: every post is an auto-publication of its event (no seed field marks a manual one). A post needs a RunBoardPublicationPolicy in the bundle and its event’s class among auto_publish_event_classes; the policy is the registry’s first RunBoardPublicationPolicy.',
  },
  check(b, report) {
    const policy = publicationPolicy(b);
    const classes = listSet(policy, 'auto_publish_event_classes');
    for (const p of b.of('RunBoardVisiblePost')) {
      const e = b.resolve(p.data.source_event_id, 'RunBoardAuditEvent');
      if (!policy)
        report(
          p,
          `${nameOf(p, 'post_id')} is published, but no RunBoardPublicationPolicy is registered.`,
        );
      else if (e && !classes.has(e.data.event_class as string))
        report(
          p,
          `${nameOf(p, 'post_id')} publishes a ${q(e.data.event_class)} event, which policy ${q(policy.data.policy_id)} does not auto-publish.`,
        );
    }
  },
};
