// aristo draws its own failure cards in the pull-request comment and the check run
// (Pack.markdownCards): the seed's `✗ Refuted — <id> (<file>:<site>)` cards and the tally,
// every string escaped; a report whose cards are not the pack's shape gets the generic cards.
import path from 'node:path';
import type { GateReport } from '../src/model/report.js';
import { renderCards, renderComment } from '../src/render/markdown.js';
import { verify } from '../src/pipeline/verify.js';

const input = path.resolve('conformance/aristo/refuted-unwaived/input');
const md = { checkName: 'audit-gate' };

async function refuted(): Promise<GateReport> {
  return verify({ root: input, packs: ['aristo'] });
}

describe('aristo cards in the comment and the check run', () => {
  it('are the seed’s proof cards of the failing subjects and the tally, not the generic cards', async () => {
    const r = await refuted();
    for (const text of [renderComment(r, md), renderCards(r, md)]) {
      expect(text).toContain(
        '#### ✗ Refuted — any\\_capacity\\_usable \\(src/ring.rs\\:impl RingBuffer\\:\\:new \\(line 18\\)\\)',
      );
      expect(text).toContain('#### ? Inconclusive — mean\\_within\\_bounds');
      expect(text).toContain('**✓ 6 verified · ✗ 1 refuted · ? 1 inconclusive · ⚠ 0 stale**');
      expect(text).not.toContain('**Why it blocks:**');
      // Verified subjects stay in the generic passing table.
      expect(text).toContain('✓ 6 passing subjects');
    }
  });

  it('escape every string of a card: the extension of a published report is untrusted', async () => {
    const r = await refuted();
    const ext = r.extensions![r.targets[0]!.id] as { cards: { id: string; claim?: string }[] };
    const card = ext.cards.find((c) => c.id === 'any_capacity_usable')!;
    card.claim = '<img src=x onerror=alert(1)> @admin [x](https://evil.example)';
    const text = renderComment(r, md);
    expect(text).toContain('Claim\\: "&lt;img src=x onerror=alert\\(1\\)&gt; @\u200badmin \\[x\\]');
    expect(text).not.toContain('<img');
  });

  it('keep a stale card’s drifted entries on its line: newlines cannot add list items or headings', async () => {
    const r = await verify({
      root: path.resolve('conformance/aristo/stale-code/input'),
      packs: ['aristo'],
    });
    const ext = r.extensions![r.targets[0]!.id] as {
      cards: { state: string; drifted?: string[] }[];
    };
    const card = ext.cards.find((c) => c.state === 'stale')!;
    card.drifted = ['the code changed\n   ===\n   + ✓ Safe to merge\n   ---'];
    const text = renderComment(r, md);
    const line = text.split('\n').find((l) => l.includes('Drifted'))!;
    expect(line).toContain('Safe to merge');
    expect(text.split('\n').filter((l) => /^\s*(\+|===|---)/.test(l))).toEqual([]);
  });

  it('fall back to the generic cards when the extension is not the pack’s shape', async () => {
    const r = await refuted();
    const ext = r.extensions![r.targets[0]!.id] as { cards: unknown[] };
    ext.cards[0] = { id: 7, state: 'refuted', tested: 'not a list' };
    const text = renderComment(r, md);
    expect(text).not.toContain('#### ✗ Refuted —');
    expect(text).toContain('**Why it blocks:**');
    expect(text).toContain('any\\_capacity\\_usable');
  });
});
