import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_MINOR_CEILING,
  basisPointsToPercentText,
  decimalStringToMinor,
  minorToDecimalString,
  moneyTextToMinor,
  percentTextToBasisPoints,
} from './money';

describe('money as integer minor units', () => {
  it('prints exact decimals', () => {
    expect(minorToDecimalString(1250, 2)).toBe('12.50');
    expect(minorToDecimalString(5, 2)).toBe('0.05');
    expect(minorToDecimalString(-5, 2)).toBe('-0.05');
    expect(minorToDecimalString(7, 0)).toBe('7');
    expect(minorToDecimalString(1, 3)).toBe('0.001');
  });

  it('refuses non-integers', () => {
    expect(() => minorToDecimalString(1.5, 2)).toThrow(TypeError);
    expect(() => minorToDecimalString(2 ** 53, 2)).toThrow(TypeError);
    for (const bad of ['1.5', '', '1e3', '--1', ' 1']) expect(() => minorToDecimalString(bad, 2), bad).toThrow(TypeError);
  });

  it('prints sums past 2^53 exactly, from a bigint or a decimal string', () => {
    expect(minorToDecimalString(90_071_992_547_409_930n, 2)).toBe('900719925474099.30');
    expect(minorToDecimalString('-90071992547409931', 2)).toBe('-900719925474099.31');
    expect(minorToDecimalString('-7', 2)).toBe('-0.07');
    expect(minorToDecimalString('0', 3)).toBe('0.000');
    expect(minorToDecimalString(10n ** 30n, 0)).toBe(`1${'0'.repeat(30)}`);
  });

  it('parses what a member types, refusing anything ambiguous', () => {
    expect(decimalStringToMinor('12.5', 2)).toBe(1250);
    expect(decimalStringToMinor('12,50', 2)).toBe(1250);
    expect(decimalStringToMinor(' 3 ', 2)).toBe(300);
    expect(decimalStringToMinor('0.07', 2)).toBe(7);
    for (const bad of ['12.345', '-1', '1e3', 'abc', '', '.5', '1.2.3']) expect(decimalStringToMinor(bad, 2), bad).toBeNull();
  });

  it('round-trips every non-negative amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 }), fc.integer({ min: 0, max: 3 }), (minor, digits) => {
        expect(decimalStringToMinor(minorToDecimalString(minor, digits), digits)).toBe(minor);
      }),
    );
  });
});

describe('money settings typed in the console (major units and percentages at the form edge)', () => {
  it('reads zero, whole and decimal amounts exactly, in the currency’s decimals', () => {
    expect(moneyTextToMinor('0', 2)).toBe(0);
    expect(moneyTextToMinor('0.00', 2)).toBe(0);
    expect(moneyTextToMinor('10', 2)).toBe(1_000);
    expect(moneyTextToMinor('10.5', 2)).toBe(1_050);
    expect(moneyTextToMinor(' 1 000,25 ', 2)).toBe(100_025);
    expect(moneyTextToMinor('0.01', 2)).toBe(1);
    expect(moneyTextToMinor('1500', 0)).toBe(1_500);
    expect(moneyTextToMinor('1.234', 3)).toBe(1_234);
  });

  it('refuses rounding rather than guessing: more decimals than the currency has is not an amount', () => {
    expect(moneyTextToMinor('10.005', 2)).toBeNull();
    expect(moneyTextToMinor('0.001', 2)).toBeNull();
    expect(moneyTextToMinor('15.5', 0)).toBeNull();
    expect(percentTextToBasisPoints('1.255')).toBeNull();
  });

  it('refuses what is not a plain amount', () => {
    for (const text of ['', ' ', '-1', '+1', '1e3', '$10', '.5', '1.2.3', 'ten', '0x10'])
      expect(moneyTextToMinor(text, 2), text).toBeNull();
  });

  it('takes the ceiling itself and refuses one minor unit beyond it, or a caller’s lower max', () => {
    expect(moneyTextToMinor('10000000000.00', 2)).toBe(AMOUNT_MAX_MINOR_CEILING);
    expect(moneyTextToMinor('10000000000.01', 2)).toBeNull();
    expect(moneyTextToMinor('999999999999999', 2)).toBeNull();
    expect(moneyTextToMinor('50', 2, 5_000)).toBe(5_000);
    expect(moneyTextToMinor('50.01', 2, 5_000)).toBeNull();
  });

  it('turns percentages into basis points and back, at 0, 2 decimals and the max', () => {
    expect(percentTextToBasisPoints('0')).toBe(0);
    expect(percentTextToBasisPoints('1.5')).toBe(150);
    expect(percentTextToBasisPoints('0.01 %')).toBe(1);
    expect(percentTextToBasisPoints('100')).toBe(10_000);
    expect(percentTextToBasisPoints('100.01')).toBeNull();
    expect(percentTextToBasisPoints('50', 5_000)).toBe(5_000);
    expect(percentTextToBasisPoints('50.01', 5_000)).toBeNull();
    for (const text of ['', '%', '-1', '1e2', 'ten']) expect(percentTextToBasisPoints(text), text).toBeNull();
    expect(basisPointsToPercentText(0)).toBe('0');
    expect(basisPointsToPercentText(150)).toBe('1.5');
    expect(basisPointsToPercentText(1)).toBe('0.01');
    expect(basisPointsToPercentText(10_000)).toBe('100');
    for (let bp = 0; bp <= 10_000; bp += 13) expect(percentTextToBasisPoints(basisPointsToPercentText(bp))).toBe(bp);
  });

  it('round-trips every amount an operator can see back to the same minor units', () => {
    for (const minor of [0, 1, 99, 100, 1_050, 123_456_789, AMOUNT_MAX_MINOR_CEILING])
      for (const digits of [0, 2, 3]) expect(moneyTextToMinor(minorToDecimalString(minor, digits), digits)).toBe(minor);
  });
});
