import { minorToDecimalString } from '@orchard/shared/money';
import { appConfig } from './config';
import { intlLocale } from './language';

/** The Intl locale of the app's language (numbers, money and dates follow the language chosen). */
export function currentLocale(): string {
  return intlLocale();
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Digits after the decimal point of a currency (USD 2, JPY 0, BHD 3). */
export function currencyFractionDigits(currency = appConfig.currency): number {
  return moneyFormat(currency, 'en-US').resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Integer minor units → "$12.50" in the member's locale. The amount reaches Intl as an exact
 * decimal string, never as a float. Sums past 2^53 (the ledger report's figures) come as a bigint
 * or a decimal string of minor units and are formatted to the last digit too.
 */
export function formatMoney(minor: number | bigint | string, { currency = appConfig.currency, locale = currentLocale() } = {}): string {
  const decimal = minorToDecimalString(minor, currencyFractionDigits(currency));
  // Intl.NumberFormat formats decimal strings exactly (ES2023); the cast satisfies older typings.
  return moneyFormat(currency, locale).format(decimal as unknown as number);
}

export function formatDateTime(value: Date | string | number, locale = currentLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatDate(value: Date | string | number, locale = currentLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(value));
}

/**
 * A share in the language's own way, from basis points (100 = 1 %): "10%" in English and Chinese,
 * "10 %" in Spanish (Intl's percent style knows each language's spacing). Display only.
 */
export function formatPercent(basisPoints: number, locale = currentLocale()): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/**
 * A moment in the coming days or past ones, short: day, month and time ("Nov 29, 4:12 AM",
 * "29 nov, 4:12", "11月29日 04:12"); the year only when it is not this one's.
 */
export function formatShortDateTime(value: Date | string | number, locale = currentLocale(), now: number = Date.now()): string {
  const at = new Date(value);
  const sameYear = at.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}
