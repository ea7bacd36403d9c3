import { describe, expect, it } from 'vitest';
import { currencyFractionDigits, formatMoney, formatPercent, formatShortDateTime } from './format';

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

describe('percentages in each language’s way', () => {
  it('puts the sign where the language does: no space in English and Chinese, a space in Spanish', () => {
    expect(formatPercent(1000, 'en-US')).toBe('10%');
    expect(formatPercent(1000, 'zh-CN')).toBe('10%');
    expect(formatPercent(1000, 'es-ES')).toBe('10\u00a0%');
    expect(formatPercent(250, 'en-US')).toBe('2.5%');
    expect(formatPercent(250, 'es-ES')).toBe('2,5\u00a0%');
    expect(formatPercent(1, 'en-US')).toBe('0.01%');
  });
});

describe('short dates and times', () => {
  // ICU versions differ in which space stands before AM (U+202F or U+0020).
  const spaced = (text: string) => text.replace(/\s/g, ' ');
  const now = new Date(2026, 10, 28, 10, 0).getTime();
  it('says day, month and time in the language, without this year', () => {
    const at = new Date(2026, 10, 29, 4, 12);
    expect(spaced(formatShortDateTime(at, 'en-US', now))).toBe('Nov 29, 4:12 AM');
    expect(formatShortDateTime(at, 'es-ES', now)).toBe('29 nov, 4:12');
    expect(formatShortDateTime(at, 'zh-CN', now)).toBe('11月29日 4:12');
  });
  it('adds the year when it is another one', () => {
    expect(spaced(formatShortDateTime(new Date(2027, 0, 2, 9, 5), 'en-US', now))).toBe('Jan 2, 2027, 9:05 AM');
  });
});
