/** docs/product.md W1 / W2: the numbers and texts of the countdown, as fixed. */
export const COUNTDOWN_DEFAULT_INTERVAL_MS = 1000;
export const COUNTDOWN_DEFAULT_DEADLINE_DAYS = 32;
export const COUNTDOWN_DEFAULT_LABEL_TEXT = "Time's up!";
export const COUNTDOWN_MISSING_DEADLINE = 'Missing props deadline';
export const COUNTDOWN_INVALID_DEADLINE = 'Invalid props value, correct the deadline';
export const SIMPLE_COUNTDOWN_INVALID_DATE = 'Please provide valid date';

const COUNTDOWN_UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];
export type CountdownLabels = Record<CountdownUnit, string>;

export const COUNTDOWN_DEFAULT_LABELS: Readonly<CountdownLabels> = {
  days: 'Days',
  hours: 'Hours',
  minutes: 'Minutes',
  seconds: 'Seconds',
};

const SECOND_MS = 1000;
const UNIT_MS: Record<CountdownUnit, number> = {
  days: 24 * 60 * 60 * SECOND_MS,
  hours: 60 * 60 * SECOND_MS,
  minutes: 60 * SECOND_MS,
  seconds: SECOND_MS,
};

/** The largest delay setTimeout honours; longer ones fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

export type DeadlineInput = Date | number | string;

export type ParsedDeadline = { ok: true; time: number } | { ok: false; reason: 'missing' | 'invalid'; message: string };

export function defaultDeadline(now: number = Date.now()): number {
  return now + COUNTDOWN_DEFAULT_DEADLINE_DAYS * UNIT_MS.days;
}

// "2025-03-15", "2025-03-15 12:00", "2025/03/15 12:00:00.250": no offset, so local time.
const LOCAL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Reads date strings without an offset as local time itself, because Safari's Date.parse
 * refuses "YYYY-MM-DD HH:mm:ss", and refuses out-of-range fields ("2025-13-45") that Date
 * would roll over into another day. Anything else (ISO with Z or offset) goes to Date.parse.
 */
function parseDateString(value: string): number {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return Date.parse(value);
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const millis = Number((match[7] ?? '0').padEnd(3, '0'));
  if (year === undefined || month === undefined || day === undefined) return Number.NaN;
  const date = new Date(year, month - 1, day, hours, minutes, seconds, millis);
  const fieldsInRange =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && hours < 24 && minutes < 60 && seconds < 60;
  return fieldsInRange ? date.getTime() : Number.NaN;
}

/** Date, epoch milliseconds or a date string → epoch milliseconds, or why not. */
export function parseDeadline(value: DeadlineInput | null | undefined): ParsedDeadline {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return { ok: false, reason: 'missing', message: COUNTDOWN_MISSING_DEADLINE };
  }
  let time = Number.NaN;
  if (value instanceof Date) time = value.getTime();
  else if (typeof value === 'number') time = value;
  else if (typeof value === 'string') time = parseDateString(value.trim());
  if (!Number.isFinite(time)) {
    return { ok: false, reason: 'invalid', message: COUNTDOWN_INVALID_DEADLINE };
  }
  return { ok: true, time };
}

export type CountdownParts = Record<CountdownUnit, number>;

/**
 * Whole seconds left, rounded up: 0.2 s left still shows 1 s, so `0` (and "Time's up!")
 * appears exactly at the deadline and not a second early.
 */
export function remainingSeconds(remainingMs: number): number {
  return remainingMs > 0 ? Math.ceil(remainingMs / SECOND_MS) : 0;
}

/**
 * Splits a duration into the units shown. The largest shown unit absorbs what the hidden
 * larger ones would hold (days hidden → 50 hours, not 2 days 2 hours); hidden smaller units
 * are dropped (seconds hidden → whole minutes, rounded down).
 */
export function splitDuration(remainingMs: number, units: readonly CountdownUnit[] = COUNTDOWN_UNITS): CountdownParts {
  let rest = remainingSeconds(remainingMs) * SECOND_MS;
  const parts: CountdownParts = { days: 0, hours: 0, minutes: 0, seconds: 0 };
  for (const unit of COUNTDOWN_UNITS) {
    if (!units.includes(unit)) continue;
    parts[unit] = Math.floor(rest / UNIT_MS[unit]);
    rest -= parts[unit] * UNIT_MS[unit];
  }
  return parts;
}

/** Shown units in display order, never empty (an empty `show` falls back to all four). */
export function normalizeUnits(show: readonly CountdownUnit[] | undefined): CountdownUnit[] {
  const units = COUNTDOWN_UNITS.filter((unit) => show?.includes(unit) ?? true);
  return units.length > 0 ? units : [...COUNTDOWN_UNITS];
}

export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The simple variant's text: `2d 04:05:06` (days omitted when zero and `hideZeroDays`; `dayText` words them in a language). */
export function formatSimpleCountdown(
  remainingMs: number,
  { hideZeroDays = false, dayText = (days: number) => `${days}d` }: { hideZeroDays?: boolean; dayText?: (days: number) => string } = {},
): string {
  const { days, hours, minutes, seconds } = splitDuration(remainingMs);
  const clock = `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
  return hideZeroDays && days === 0 ? clock : `${dayText(days)} ${clock}`;
}

/**
 * What assistive tech reads: the shown units at minute precision ("2 Days 4 Hours 5 Minutes"),
 * so the text changes at most once a minute; seconds only in the last minute (or when seconds
 * are the only unit shown). The timer is aria-live="off", so nothing is announced anyway.
 */
export function accessibleCountdownText(remainingMs: number, units: readonly CountdownUnit[], labels: CountdownLabels): string {
  const coarseUnits = units.filter((unit) => unit !== 'seconds');
  const lastMinute = remainingMs < UNIT_MS.minutes;
  if (coarseUnits.length === 0 || (lastMinute && units.includes('seconds'))) {
    return `${remainingSeconds(remainingMs)} ${labels.seconds}`;
  }
  // Drop the seconds before splitting so the text holds still for the whole minute.
  const wholeMinutesMs = Math.floor(remainingSeconds(remainingMs) / 60) * UNIT_MS.minutes;
  const parts = splitDuration(wholeMinutesMs, coarseUnits);
  return coarseUnits.map((unit) => `${parts[unit]} ${labels[unit]}`).join(' ');
}
