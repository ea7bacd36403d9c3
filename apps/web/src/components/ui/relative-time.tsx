import { useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import {
  DEFAULT_EXACT_TIME_FORMAT,
  formatExactTime,
  formatRelative,
  relativeRefreshDelay,
  toValidDate,
  type DateInput,
} from '../../lib/relative-time';
import { useLocale } from '../../lib/i18n';
import { dayjsLocale, intlLocale } from '../../lib/language';

export interface RelativeTimeProps extends Omit<ComponentPropsWithoutRef<'time'>, 'children' | 'dateTime' | 'title'> {
  /** The moment shown: Date, epoch milliseconds or ISO string. */
  value: DateInput;
  /** Pin the reference time (tests, server-sent "now"); the live clock by default. */
  now?: DateInput;
  /** Locale of the exact time in `title` (Intl); the app language's by default. */
  locale?: string;
  /** day.js locale of the relative wording (must be loaded); the app language's by default. */
  relativeLocale?: string;
  /** Options of the exact-time formatter. */
  exactFormat?: Intl.DateTimeFormatOptions;
  withoutSuffix?: boolean;
  /** Text shown when `value` is not a valid time (translated by the caller). */
  invalidText?: string;
}

/**
 * "3 days ago" in a `<time datetime>` whose `title` holds the exact time. Without a pinned
 * `now` it re-renders itself so "a few seconds ago" becomes "a minute ago" on its own.
 */
export function RelativeTime({
  value,
  now,
  locale,
  relativeLocale,
  exactFormat = DEFAULT_EXACT_TIME_FORMAT,
  withoutSuffix = false,
  invalidText = '',
  ...timeProps
}: RelativeTimeProps) {
  const language = useLocale();
  const [clock, setClock] = useState(() => Date.now());
  const date = toValidDate(value);
  const time = date?.getTime() ?? null;
  const isLive = now === undefined;

  useEffect(() => {
    if (!isLive || time === null) return;
    const timer = setTimeout(() => setClock(Date.now()), relativeRefreshDelay(time, clock));
    return () => clearTimeout(timer);
  }, [isLive, time, clock]);

  if (!date) {
    return <time {...timeProps}>{invalidText}</time>;
  }
  const reference = isLive ? clock : now;
  return (
    <time {...timeProps} dateTime={date.toISOString()} title={formatExactTime(date, locale ?? intlLocale(language), exactFormat)}>
      {formatRelative(date, reference, { locale: relativeLocale ?? dayjsLocale(language), withoutSuffix })}
    </time>
  );
}
