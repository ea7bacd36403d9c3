import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, ibanCountry, isCountryCode } from './countries';

describe('bank account countries', () => {
  it('knows the ISO codes, not names or made-up codes', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('GE')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode('Germany')).toBe(false);
  });

  it('every code has a name in each language the app speaks', () => {
    for (const locale of ['en', 'es', 'zh']) {
      const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
      expect(COUNTRY_CODES.filter((code) => !names.of(code))).toEqual([]);
    }
  });

  it('tells an IBAN’s country by its shape and check digits', () => {
    expect(ibanCountry('DE89370400440532013000')).toBe('DE');
    expect(ibanCountry('de89 3704 0044 0532 0130 00')).toBe('DE');
    expect(ibanCountry('GB82 WEST 1234 5698 7654 32')).toBe('GB');
    expect(ibanCountry('FR1420041010050500013M02606')).toBe('FR');
    // One digit off: the check digits no longer add up.
    expect(ibanCountry('DE89370400440532013001')).toBeNull();
    // Account numbers, and letters that are no country.
    expect(ibanCountry('000123456789')).toBeNull();
    expect(ibanCountry('ZZ89370400440532013000')).toBeNull();
    expect(ibanCountry('')).toBeNull();
  });
});
