import { cap, plain } from '../../render/sanitize.js';

/** What a card says about one subject: the user's claim and code, never the verifier. */
export interface Card {
  id: string;
  state:
    | 'verified'
    | 'refuted'
    | 'waived'
    | 'inconclusive'
    | 'stale'
    | 'rejected'
    | 'orphan'
    | 'malformed'
    | 'unproven';
  /** Repo-relative source file and the SDK's site label, when an annotation has the id. */
  file?: string;
  site?: string;
  claim?: string;
  /** Repo-relative .proof path. */
  proof?: string;
  held?: string;
  tested?: string[];
  found?: string;
  foundAt?: { path: string; line?: number; what: string };
  drifted?: string[];
  failures?: string[];
  /** What to do instead of re-running the proof, when a re-run cannot help. */
  fix?: string;
  gap?: string;
  suggestions?: { kind: string; at: string; text: string }[];
  waiver?: { reason: string; tracking?: string };
}

/** PackResult.extension of an aristo target: the cards, in subject order. */
export interface AristoExtension {
  kind: 'aristo';
  cards: Card[];
}

export interface Tally {
  verified: number;
  refuted: number;
  inconclusive: number;
  stale: number;
}

export function tally(cards: readonly Card[]): Tally {
  const n = (s: Card['state'][]) => cards.filter((c) => s.includes(c.state)).length;
  return {
    verified: n(['verified']),
    refuted: n(['refuted', 'waived']),
    inconclusive: n(['inconclusive']),
    stale: n(['stale']),
  };
}

const q = (s: string, max = 300) => `"${cap(plain(s.replace(/\s+/g, ' ').trim()), max)}"`;
const t = (s: string, max = 300) => cap(plain(s.replace(/\s+/g, ' ').trim()), max);
const rerun = (id: string) => `aristo verify --filter id=${t(id, 140)} --rerun`;

function head(mark: string, title: string, c: Card): string {
  const where =
    c.file && c.site ? `${t(c.file, 200)}:${t(c.site, 200)}` : c.proof ? t(c.proof, 200) : '';
  return `${mark} ${title} — ${t(c.id, 140)}${where ? ` (${where})` : ''}`;
}

/** One card as the seed draws it (plain text: every artifact string is escaped for a terminal). */
export function renderCard(c: Card): string {
  const out: string[] = [];
  const claim = () => c.claim !== undefined && out.push(`Claim: ${q(c.claim)}`);
  switch (c.state) {
    case 'refuted':
    case 'waived':
      out.push(head('✗', c.state === 'waived' ? 'Refuted (waived)' : 'Refuted', c));
      claim();
      if (c.tested?.length) out.push(`Tested: ${c.tested.map((s) => t(s, 80)).join(' → ')}`);
      if (c.found) out.push(`Found: ${t(c.found, 400)}`);
      if (c.foundAt)
        out.push(
          `↳ ${t(c.foundAt.path, 200)}${c.foundAt.line ? `:${c.foundAt.line}` : ''} ${t(c.foundAt.what, 200)}`,
        );
      if (c.waiver)
        out.push(
          `Waived: ${t(c.waiver.reason, 300)}${c.waiver.tracking ? ` (${t(c.waiver.tracking, 200)})` : ''}`,
        );
      else
        out.push(
          `Fix the code, or waive: aristo verify --accept ${t(c.id, 140)} --because "<reason>"`,
        );
      break;
    case 'stale':
      out.push(head('⚠', 'Stale', c));
      claim();
      out.push(
        `Drifted: ${(c.drifted ?? []).map((d) => t(d, 200)).join('; ')} since the proof was produced`,
      );
      out.push(`Re-run: ${rerun(c.id)}`);
      break;
    case 'rejected':
    case 'malformed':
      out.push(head('✗', c.state === 'rejected' ? 'Rejected' : 'Unreadable proof', c));
      claim();
      for (const f of c.failures ?? []) out.push(`  • ${t(f, 400)}`);
      out.push(c.fix ? `Fix: ${t(c.fix, 400)}` : `Re-run: ${rerun(c.id)}`);
      break;
    case 'orphan':
      out.push(head('✗', 'Orphan proof', c));
      out.push(
        'No annotation has this id: delete the proof (aristo stamp archives it) or restore the annotation.',
      );
      break;
    case 'inconclusive':
      out.push(head('?', 'Inconclusive', c));
      claim();
      if (c.gap) out.push(`Gap: ${t(c.gap, 400)}`);
      for (const [i, s] of (c.suggestions ?? []).entries())
        out.push(`Suggestion ${i + 1}: ${t(s.kind, 10)} at ${t(s.at, 160)} — ${q(s.text, 160)}`);
      out.push(`Add a suggestion, then re-run: ${rerun(c.id)}`);
      break;
    case 'unproven':
      out.push(head('·', 'No proof', c));
      claim();
      out.push(`Run: aristo verify --filter id=${t(c.id, 140)}`);
      break;
    case 'verified':
      out.push(head('✓', 'Verified', c));
      claim();
      if (c.held) out.push(`Held: ${t(c.held, 300)}`);
      break;
  }
  return out.join('\n');
}

/**
 * The review: a card per subject that needs action (refuted first), the verified ones folded
 * into one list, and the tally line.
 */
export function renderCards(cards: readonly Card[]): string {
  const blocks = actionCards(cards).map(renderCard);
  const verified = cards.filter((c) => c.state === 'verified');
  if (verified.length) blocks.push(`✓ Verified — ${verified.map((c) => t(c.id, 140)).join(', ')}`);
  blocks.push(tallyLine(cards));
  return blocks.join('\n\n') + '\n';
}

const ACTION_ORDER: readonly Card['state'][] = [
  'refuted',
  'rejected',
  'malformed',
  'orphan',
  'stale',
  'inconclusive',
  'unproven',
  'waived',
];

/** The cards that need action, refuted first (every card but the verified ones). */
export function actionCards(cards: readonly Card[]): Card[] {
  return ACTION_ORDER.flatMap((s) => cards.filter((c) => c.state === s));
}

export function tallyLine(cards: readonly Card[]): string {
  const n = tally(cards);
  const count = (s: Card['state'][]) => cards.filter((c) => s.includes(c.state)).length;
  // Every card is counted: the seed's three, stale, and (when there are any) the rest.
  const rejected = count(['rejected', 'malformed', 'orphan']);
  const unproven = count(['unproven']);
  return [
    `✓ ${n.verified} verified`,
    `✗ ${n.refuted} refuted`,
    `? ${n.inconclusive} inconclusive`,
    `⚠ ${n.stale} stale`,
    ...(rejected ? [`✗ ${rejected} rejected, unreadable or orphan`] : []),
    ...(unproven ? [`${unproven} without a proof`] : []),
  ].join(' · ');
}
