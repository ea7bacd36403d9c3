import { describe, expect, it } from 'vitest';
import { currencyFractionDigits, formatMoney } from './format';

describe('money formatting with Intl', () => {
  it('formats integer minor units exactly in the locale and currency', () => {
    expect(formatMoney(1250, { currency: 'USD', locale: 'en-US' })).toBe('$12.50');
    expect(formatMoney(-5, { currency: 'USD', locale: 'en-US' })).toBe('-$0.05');
    expect(formatMoney(123456789, { currency: 'EUR', locale: 'de-DE' })).toBe('1.234.567,89\u00a0€');
    expect(formatMoney(500, { currency: 'JPY', locale: 'en-US' })).toBe('¥500');
  });

  it('keeps precision beyond what a float holds in cents arithmetic', () => {
    // 0.1 + 0.2 style errors cannot occur: the amount never becomes a float.
    expect(formatMoney(900719925474099, { currency: 'USD', locale: 'en-US' })).toBe('$9,007,199,254,740.99');
  });

  it('formats sums past 2^53 to the last digit, from a decimal string or a bigint', () => {
    expect(formatMoney('10000000000001235', { currency: 'USD', locale: 'en-US' })).toBe('$100,000,000,000,012.35');
    expect(formatMoney(-10000000000001235n, { currency: 'USD', locale: 'en-US' })).toBe('-$100,000,000,000,012.35');
    expect(() => formatMoney('12.5', { currency: 'USD', locale: 'en-US' })).toThrow(TypeError);
  });

  it('knows each currency’s minor-unit digits', () => {
    expect(currencyFractionDigits('USD')).toBe(2);
    expect(currencyFractionDigits('JPY')).toBe(0);
    expect(currencyFractionDigits('BHD')).toBe(3);
  });
});
