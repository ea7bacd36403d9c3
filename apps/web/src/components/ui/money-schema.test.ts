import { describe, expect, it } from 'vitest';
import { moneyText } from './money-schema';

const messages = { required: 'required', invalid: 'invalid', tooLow: 'tooLow', tooHigh: 'tooHigh' };
const check = (text: string, limits = { min: 1_000, max: 1_000_000 }, digits = 2) => {
  const result = moneyText(digits, limits, messages).safeParse(text);
  return result.success ? result.data : result.error.issues[0]!.message;
};

describe('moneyText (a money field: major units typed, integer minor units out)', () => {
  it('turns the major unit into exact minor units', () => {
    expect(check('12.50', { min: 100, max: 100_000 })).toBe(1_250);
    expect(check('12,5', { min: 100, max: 100_000 })).toBe(1_250);
    expect(check(' 100 ')).toBe(10_000);
    // 0.1 + 0.2 style float traps do not exist on this path.
    expect(check('10.29')).toBe(1_029);
    expect(check('1 000')).toBe(100_000);
  });

  it('accepts the limits themselves and refuses one cent beyond them', () => {
    expect(check('10')).toBe(1_000);
    expect(check('9.99')).toBe('tooLow');
    expect(check('10000')).toBe(1_000_000);
    expect(check('10000.01')).toBe('tooHigh');
  });

  it('says what is wrong with text that is not an amount', () => {
    expect(check('')).toBe('required');
    expect(check('   ')).toBe('required');
    for (const text of ['abc', '-5', '1e3', '12.345', '0', '0.00', '12.5.0', '$12', '99999999999999999']) {
      expect(check(text), text).toBe('invalid');
    }
  });

  it('follows the currency decimals (JPY has none)', () => {
    expect(check('1500', { min: 100, max: 100_000 }, 0)).toBe(1_500);
    expect(check('15.5', { min: 100, max: 100_000 }, 0)).toBe('invalid');
  });
});
