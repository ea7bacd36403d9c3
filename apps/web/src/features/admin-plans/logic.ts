import { basisPointsToPercentText, decimalStringToMinor, minorToDecimalString, percentTextToBasisPoints } from '@orchard/shared/money';

/*
 * The conversions between what an operator types in the console's plan, coupon and referral
 * forms and what the API stores: percent ↔ basis points, datetime-local ↔ ISO instants, money
 * text ↔ minor units, whole numbers, one-per-line lists. No floats: percentages go through the
 * shared decimal parser like money does.
 */

/** "10" → 1000, "2.5" → 250, "0.01" → 1, "12,5 %" → 1250; null when it is not a percentage with at most 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  return percentTextToBasisPoints(text, Number.MAX_SAFE_INTEGER);
}

/** 1000 → "10", 250 → "2.5", 1 → "0.01": as a person would type it back. */
export const basisPointsToPercent = basisPointsToPercentText;

/** A rate for reading ("10 %", "2.5 %"), in the person's locale. Display only: rates are not money. */
export function formatBasisPoints(basisPoints: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** Minor units as a money field's text, without a currency: 1250 → "12.50", 5000 → "50", 7 (0 digits) → "7". */
export function minorToMoneyInput(minor: number, fractionDigits: number): string {
  const text = minorToDecimalString(minor, fractionDigits);
  return text.endsWith(`.${'0'.repeat(fractionDigits)}`) && fractionDigits > 0 ? text.slice(0, -(fractionDigits + 1)) : text;
}

/**
 * A money field's text → minor units: null when left empty, undefined when it is not an amount
 * ("abc", "1.234" in a 2-digit currency, "-3").
 */
export function moneyInputToMinor(text: string, fractionDigits: number): number | null | undefined {
  const compact = text.trim().replace(/\s/g, '');
  if (!compact) return null;
  return decimalStringToMinor(compact, fractionDigits) ?? undefined;
}

/** A whole-number field: null when empty, undefined when it is not a whole number of at most 9 digits. */
export function wholeNumberInput(text: string): number | null | undefined {
  const compact = text.trim();
  if (!compact) return null;
  return /^\d{1,9}$/.test(compact) ? Number(compact) : undefined;
}

export { isoToLocalInput, localInputToIso } from '../../lib/datetime-local';

/** A textarea of one item per line → the items, trimmed, empty lines dropped. */
export function linesToList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A server's field messages with list paths ("benefits.2") folded onto the list's own field
 * ("benefits"), the line named, so they land under the textarea that holds the list.
 */
export function foldListFields(fields: Record<string, string>, lists: readonly string[], line: (index: number, list: string) => string) {
  const folded: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    // "benefits.2" or "translations.es.benefits.0": a list's name, a dot, an index.
    const list = lists.find((candidate) => name.startsWith(`${candidate}.`) && /^\d+$/.test(name.slice(candidate.length + 1)));
    if (list) folded[list] ??= `${line(Number(name.slice(list.length + 1)) + 1, list)} ${message}`;
    else folded[name] = message;
  }
  return folded;
}

/** What a sale window or validity period says in a table: both ends, one end, or nothing. */
export type WindowState = 'always' | 'upcoming' | 'open' | 'ended';

export function windowState(startsAt: string | null, endsAt: string | null, now: number): WindowState {
  if (endsAt && Date.parse(endsAt) <= now) return 'ended';
  if (startsAt && Date.parse(startsAt) > now) return 'upcoming';
  return startsAt || endsAt ? 'open' : 'always';
}

/**
 * A coupon's one state, derived from its switch, its validity dates and its uses, so the list never
 * says "Active" beside "Ended": switched off by the operator; ended (past its last day); used up
 * (every redemption of its total cap taken); not started yet; or live (members can use it now).
 */
export type CouponState = 'off' | 'ended' | 'used_up' | 'scheduled' | 'live';
export const COUPON_STATE_ORDER: readonly CouponState[] = ['live', 'scheduled', 'used_up', 'ended', 'off'];

export function couponState(
  coupon: { active: boolean; startsAt: string | null; endsAt: string | null; redeemedCount: number; totalCap: number | null },
  now: number,
): CouponState {
  if (!coupon.active) return 'off';
  if (coupon.endsAt && Date.parse(coupon.endsAt) <= now) return 'ended';
  if (coupon.totalCap !== null && coupon.redeemedCount >= coupon.totalCap) return 'used_up';
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return 'scheduled';
  return 'live';
}

/** The codes of a generated batch as a CSV file's text (one column, a header). */
export function codesToCsv(codes: readonly string[]): string {
  return ['code', ...codes].join('\r\n') + '\r\n';
}
