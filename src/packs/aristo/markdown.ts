import type { TargetView } from '../pack.js';
import { mdText } from '../../render/sanitize.js';
import { actionCards, renderCard, tallyLine, type AristoExtension, type Card } from './cards.js';

/**
 * The proof cards of a workspace's failing subjects in the pull-request comment and the check run
 * (Pack.markdownCards): each card as the seed draws it (`✗ Refuted — <id> (<file>:<site>)`), its
 * first line a heading, then the workspace's tally. The cards come from report.extensions, which
 * a published report carries: nothing is trusted, every line goes through mdText, and a shape
 * this pack did not write gives undefined (the generic cards).
 */
export function markdownCards({
  report,
  target,
  subjects,
  failing,
}: TargetView): string | undefined {
  const ext = report.extensions?.[target.id] as Partial<AristoExtension> | undefined;
  if (ext?.kind !== 'aristo' || !Array.isArray(ext.cards)) return undefined;
  const cards = ext.cards.filter(isCard);
  // The cards are in subject order (AristoExtension).
  if (cards.length !== ext.cards.length || cards.length !== subjects.length) return undefined;
  const ids = new Set(failing.map((s) => s.id));
  const shown = actionCards(cards.filter((_, i) => ids.has(subjects[i]!.id)));
  if (shown.length === 0) return undefined;
  const blocks = shown.map((c) => {
    const [head, ...rest] = renderCard(c).split('\n');
    return [`#### ${mdText(head!, 600)}`, rest.map((l) => mdText(l, 800)).join('\\\n')]
      .filter((x) => x)
      .join('\n\n');
  });
  return [...blocks, `**${mdText(tallyLine(cards), 300)}**`].join('\n\n');
}

const str = (y: unknown): y is string => typeof y === 'string';
const opt = (y: unknown, ok: (x: unknown) => boolean) => y === undefined || ok(y);
const strs = (y: unknown) => Array.isArray(y) && y.every(str);
/** An object whose `required` keys are strings, and whose `optional` keys are absent or strings. */
const record =
  (required: string[], optional: string[] = []) =>
  (y: unknown): boolean => {
    if (typeof y !== 'object' || y === null) return false;
    const o = y as Record<string, unknown>;
    return required.every((k) => str(o[k])) && optional.every((k) => opt(o[k], str));
  };

/** A card this pack could have written: every field renderCard reads has its type. */
function isCard(v: unknown): v is Card {
  if (
    !record(['id', 'state'], ['file', 'site', 'claim', 'proof', 'held', 'found', 'fix', 'gap'])(v)
  )
    return false;
  const c = v as Record<string, unknown>;
  const foundAt = c['foundAt'] as Record<string, unknown> | undefined;
  return (
    ['tested', 'drifted', 'failures'].every((k) => opt(c[k], strs)) &&
    opt(foundAt, record(['path', 'what'])) &&
    opt(foundAt?.['line'], (x) => typeof x === 'number') &&
    opt(c['waiver'], record(['reason'], ['tracking'])) &&
    opt(c['suggestions'], (y) => Array.isArray(y) && y.every(record(['kind', 'at', 'text'])))
  );
}
