import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { intlLocale } from './language';

/**
 * The one relative-time helper of the app (docs/product.md W4). Every "3 days ago" on screen comes
 * from `formatRelative`, and every such text carries the exact time from `formatExactTime`
 * (see `<RelativeTime>` in components/ui/relative-time.tsx).
 */

export type DateInput = Date | number | string;

/**
 * day.js `relativeTime` default thresholds, spelled out so they are pinned here even if another
 * module extends day.js first. `r` is the largest rounded value that still uses the row's
 * wording; one more moves to the next row. Read as: up to 44 s "a few seconds", 45 s "a minute",
 * 45 min "an hour", 22 h "a day", 26 d "a month", 11 months "a year".
 */
export const RELATIVE_TIME_THRESHOLDS = [
  { l: 's', r: 44, d: 'second' },
  { l: 'm', r: 89 },
  { l: 'mm', r: 44, d: 'minute' },
  { l: 'h', r: 89 },
  { l: 'hh', r: 21, d: 'hour' },
  { l: 'd', r: 35 },
  { l: 'dd', r: 25, d: 'day' },
  { l: 'M', r: 45 },
  { l: 'MM', r: 10, d: 'month' },
  { l: 'y', r: 17 },
  { l: 'yy', d: 'year' },
] as const;

/** The switch points of W4, each the first value that uses the next wording. */
export const A_MINUTE_FROM_SECONDS = 45;
export const AN_HOUR_FROM_MINUTES = 45;
export const A_DAY_FROM_HOURS = 22;
export const A_MONTH_FROM_DAYS = 26;
export const A_YEAR_FROM_MONTHS = 11;

dayjs.extend(relativeTime, {
  // The plugin's typings want a mutable array of a wider type; the values are the defaults.
  thresholds: RELATIVE_TIME_THRESHOLDS.map((threshold) => ({ ...threshold })),
});

/** Parses a Date, epoch milliseconds or ISO string; `null` when it is not a valid time. */
export function toValidDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : null;
}

export interface FormatRelativeOptions {
  /** A day.js locale name that has been loaded; English wording by default. */
  locale?: string;
  /** "3 days" instead of "3 days ago" / "in 3 days". */
  withoutSuffix?: boolean;
}

/**
 * "a few seconds ago", "in a minute", "3 days ago": `date` relative to `now`.
 * Throws a RangeError for an invalid date, so a bad value is never shown as "Invalid Date".
 */
export function formatRelative(
  date: DateInput,
  now: DateInput = Date.now(),
  { locale = 'en', withoutSuffix = false }: FormatRelativeOptions = {},
): string {
  const target = toValidDate(date);
  const reference = toValidDate(now);
  if (!target) throw new RangeError(`formatRelative: invalid date ${String(date)}`);
  if (!reference) throw new RangeError(`formatRelative: invalid reference time ${String(now)}`);
  return dayjs(target).locale(locale).from(reference, withoutSuffix);
}

export const DEFAULT_EXACT_TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function defaultLocale(): string {
  return intlLocale();
}

const exactFormats = new Map<string, Intl.DateTimeFormat>();

/** The exact time for tooltips and `title`: "Mar 5, 2025, 2:30 PM" in the member's locale. */
export function formatExactTime(
  date: DateInput,
  locale: string = defaultLocale(),
  options: Intl.DateTimeFormatOptions = DEFAULT_EXACT_TIME_FORMAT,
): string {
  const target = toValidDate(date);
  if (!target) throw new RangeError(`formatExactTime: invalid date ${String(date)}`);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = exactFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    exactFormats.set(key, format);
  }
  return format.format(target);
}

/**
 * How long a relative text stays right: seconds-level wording changes within a minute, minute
 * wording every minute, anything older rarely. Used by `<RelativeTime>` to re-render.
 */
export function relativeRefreshDelay(date: DateInput, now: DateInput = Date.now()): number {
  const target = toValidDate(date);
  const reference = toValidDate(now);
  if (!target || !reference) return 0;
  const distanceMs = Math.abs(reference.getTime() - target.getTime());
  if (distanceMs < 60 * 60_000) return 15_000;
  if (distanceMs < 24 * 60 * 60_000) return 60_000;
  return 60 * 60_000;
}
