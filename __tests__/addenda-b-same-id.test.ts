// sameId's ASCII shortcut must compare ids exactly as the full reading (NFKC, no whitespace or
// format characters, lower case) does, on any string.
import fc from 'fast-check';
import { sameId } from '../src/packs/addenda-b/rules/shared/util.js';

const fullReading = (v: string) =>
  v
    .normalize('NFKC')
    .replace(/[\s\p{Cf}]/gu, '')
    .toLowerCase();

describe('sameId', () => {
  it('reads lookalike spellings of an id as the same id', () => {
    expect(sameId('HC-1 ')).toBe(sameId('hc-1'));
    expect(sameId('hc-1\u200b')).toBe(sameId('hc-1'));
    expect(sameId('ＨＣ-1')).toBe(sameId('hc-1'));
    expect(sameId('hc-1')).not.toBe(sameId('hc-2'));
  });

  it('agrees with the full reading on ASCII, control characters and any Unicode', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    });
    const any = fc.string({ unit: 'grapheme' });
    fc.assert(
      fc.property(fc.oneof(ascii, any, fc.string({ unit: 'binary' })), (v) => {
        expect(sameId(v)).toBe(fullReading(v));
      }),
      { numRuns: 5000 },
    );
  });
});
