import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv';

/**
 * A spreadsheet opening an export must never run a cell as a formula. Lookalikes count: what NFKC
 * folds to = + - @ (fullwidth ＝, small ﹦ …), and the trigger behind invisible format characters
 * (zero-width space, BOM, bidi marks) or whitespace, which some spreadsheets drop before reading.
 */

const TRIGGERS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫'];
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e', '\u200f', '\u202e', '\u00ad', ' ', '\u00a0', '\u3000', '\t'];

/** How a cautious reader sees a cell's start: NFKC, leading format characters and whitespace dropped. */
const readAs = (cell: string) => cell.normalize('NFKC').replace(/^[\p{Cf}\p{Cc}\p{Z}\s]+/u, '');

/** The cell as a spreadsheet gets it back from the file. */
const roundTrip = (value: string) => parseCsv(`${csvLine([value, 'end'])}\n`, 1)![0]![0]!;

describe('CSV cells', () => {
  it('escapes fullwidth and zero-width-prefixed formulas (a payout export’s holder name)', () => {
    for (const value of ['＝1+1', '\u200b=1+1', '\ufeff=HYPERLINK("https://evil.example")', ' =1+1', '\u3000＠SUM(A1)', '﹦2*3']) {
      expect(csvCell(value), JSON.stringify(value)).toMatch(/^"?'/);
    }
    expect(csvLine(['ok', '＝1+1'])).toBe(`ok,'＝1+1`);
  });

  it('leaves ordinary text as it is', () => {
    expect(csvCell('Ana García')).toBe('Ana García');
    expect(csvCell('张伟')).toBe('张伟');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });

  it('property: no cell read back starts a formula, however it is disguised, and nothing else changes', () => {
    const disguised = fc
      .tuple(fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 4 }), fc.constantFrom(...TRIGGERS), fc.string({ maxLength: 20 }))
      .map(([prefix, trigger, rest]) => `${prefix.join('')}${trigger}${rest}`);
    const anything = fc.oneof(disguised, fc.string({ maxLength: 30, unit: 'binary' }), fc.string({ maxLength: 30, unit: 'grapheme' }));
    fc.assert(
      fc.property(anything, (value) => {
        const back = roundTrip(value);
        // The value survives whole, at most behind the one quote that makes it text.
        expect([value, `'${value}`]).toContain(back);
        expect(readAs(back)).not.toMatch(/^[=+\-@]/);
      }),
      { numRuns: 2_000 },
    );
  });
});
