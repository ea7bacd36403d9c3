import { describe, expect, it } from 'vitest';
import {
  A_DAY_FROM_HOURS,
  A_MINUTE_FROM_SECONDS,
  A_MONTH_FROM_DAYS,
  A_YEAR_FROM_MONTHS,
  AN_HOUR_FROM_MINUTES,
  RELATIVE_TIME_THRESHOLDS,
  formatExactTime,
  formatRelative,
  relativeRefreshDelay,
  toValidDate,
} from './relative-time';

const NOW = new Date('2025-03-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(ms: number): Date {
  return new Date(NOW.getTime() - ms);
}
function monthsAgo(months: number): Date {
  const date = new Date(NOW);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

describe('docs/product.md W4 thresholds', () => {
  it('exports the switch points and the day.js default thresholds', () => {
    expect([A_MINUTE_FROM_SECONDS, AN_HOUR_FROM_MINUTES, A_DAY_FROM_HOURS, A_MONTH_FROM_DAYS, A_YEAR_FROM_MONTHS]).toEqual([
      45, 45, 22, 26, 11,
    ]);
    expect(RELATIVE_TIME_THRESHOLDS.map((t) => [t.l, 'r' in t ? t.r : undefined])).toEqual([
      ['s', 44],
      ['m', 89],
      ['mm', 44],
      ['h', 89],
      ['hh', 21],
      ['d', 35],
      ['dd', 25],
      ['M', 45],
      ['MM', 10],
      ['y', 17],
      ['yy', undefined],
    ]);
  });

  it.each([
    ['44 s', ago(44 * SECOND), 'a few seconds ago'],
    ['45 s', ago(45 * SECOND), 'a minute ago'],
    ['44 min', ago(44 * MINUTE), '44 minutes ago'],
    ['45 min', ago(45 * MINUTE), 'an hour ago'],
    ['21 h', ago(21 * HOUR), '21 hours ago'],
    ['22 h', ago(22 * HOUR), 'a day ago'],
    ['25 d', ago(25 * DAY), '25 days ago'],
    ['26 d', ago(26 * DAY), 'a month ago'],
    ['10 months', monthsAgo(10), '10 months ago'],
    ['11 months', monthsAgo(11), 'a year ago'],
  ])('%s ago reads "%s"', (_label, date, expected) => {
    expect(formatRelative(date, NOW)).toBe(expected);
  });

  it('uses the same wording for the future', () => {
    expect(formatRelative(NOW.getTime() + 44 * SECOND, NOW)).toBe('in a few seconds');
    expect(formatRelative(NOW.getTime() + 45 * SECOND, NOW)).toBe('in a minute');
    expect(formatRelative(NOW.getTime() + 3 * DAY, NOW)).toBe('in 3 days');
  });

  it('drops the suffix on request', () => {
    expect(formatRelative(ago(45 * MINUTE), NOW, { withoutSuffix: true })).toBe('an hour');
  });
});

describe('formatRelative', () => {
  it('accepts Date, epoch milliseconds and ISO strings alike', () => {
    const iso = ago(2 * DAY).toISOString();
    expect(formatRelative(iso, NOW)).toBe('2 days ago');
    expect(formatRelative(ago(2 * DAY).getTime(), NOW.toISOString())).toBe('2 days ago');
  });

  it('defaults `now` to the current clock', () => {
    const before = Date.now() - 3 * HOUR;
    expect(formatRelative(before)).toBe('3 hours ago');
  });

  it('refuses an invalid date instead of printing "Invalid Date"', () => {
    expect(() => formatRelative('not a date', NOW)).toThrow(RangeError);
    expect(() => formatRelative(NOW, 'nope')).toThrow(RangeError);
  });
});

describe('formatExactTime', () => {
  it('formats with Intl.DateTimeFormat in the given locale', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };
    expect(formatExactTime(NOW, 'en-US', options)).toBe(new Intl.DateTimeFormat('en-US', options).format(NOW));
    expect(formatExactTime(NOW, 'en-US', options)).toMatch(/Mar 15, 2025.*12:00/);
    expect(formatExactTime(NOW, 'de-DE', options)).toMatch(/15\.03\.2025.*12:00/);
  });

  it('uses medium date and short time by default', () => {
    expect(formatExactTime(NOW.getTime(), 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(NOW),
    );
  });

  it('refuses an invalid date', () => {
    expect(() => formatExactTime('garbage', 'en-US')).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('toValidDate returns null for missing or unparsable values', () => {
    expect(toValidDate(null)).toBeNull();
    expect(toValidDate(undefined)).toBeNull();
    expect(toValidDate('')).toBeNull();
    expect(toValidDate('31 flobber')).toBeNull();
    expect(toValidDate(Number.NaN)).toBeNull();
    expect(toValidDate(NOW.toISOString())?.getTime()).toBe(NOW.getTime());
  });

  it('refreshes recent times more often than old ones', () => {
    expect(relativeRefreshDelay(ago(10 * SECOND), NOW)).toBe(15_000);
    expect(relativeRefreshDelay(ago(2 * HOUR), NOW)).toBe(60_000);
    expect(relativeRefreshDelay(ago(3 * DAY), NOW)).toBe(HOUR);
    expect(relativeRefreshDelay('bad', NOW)).toBe(0);
  });
});
