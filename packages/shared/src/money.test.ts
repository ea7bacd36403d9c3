import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalStringToMinor, minorToDecimalString } from './money';

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
