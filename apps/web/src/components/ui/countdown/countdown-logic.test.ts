import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_DEFAULT_DEADLINE_DAYS,
  COUNTDOWN_DEFAULT_INTERVAL_MS,
  COUNTDOWN_DEFAULT_LABEL_TEXT,
  COUNTDOWN_DEFAULT_LABELS,
  COUNTDOWN_INVALID_DEADLINE,
  COUNTDOWN_MISSING_DEADLINE,
  SIMPLE_COUNTDOWN_INVALID_DATE,
  accessibleCountdownText,
  defaultDeadline,
  formatSimpleCountdown,
  normalizeUnits,
  parseDeadline,
  remainingSeconds,
  splitDuration,
} from './countdown-logic';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('docs/product.md W1/W2 constants', () => {
  it('pins the numbers and texts', () => {
    expect(COUNTDOWN_DEFAULT_INTERVAL_MS).toBe(1000);
    expect(COUNTDOWN_DEFAULT_DEADLINE_DAYS).toBe(32);
    expect(COUNTDOWN_DEFAULT_LABEL_TEXT).toBe("Time's up!");
    expect(COUNTDOWN_DEFAULT_LABELS).toEqual({ days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' });
    expect(COUNTDOWN_MISSING_DEADLINE).toBe('Missing props deadline');
    expect(COUNTDOWN_INVALID_DEADLINE).toBe('Invalid props value, correct the deadline');
    expect(SIMPLE_COUNTDOWN_INVALID_DATE).toBe('Please provide valid date');
  });

  it('defaults the deadline to 32 days after now', () => {
    expect(defaultDeadline(1_000_000)).toBe(1_000_000 + 32 * D);
  });
});

describe('parseDeadline', () => {
  it('accepts Date, epoch ms, ISO and "YYYY-MM-DD HH:mm:ss" strings', () => {
    const date = new Date('2025-03-15T12:00:00.000Z');
    expect(parseDeadline(date)).toEqual({ ok: true, time: date.getTime() });
    expect(parseDeadline(date.getTime())).toEqual({ ok: true, time: date.getTime() });
    expect(parseDeadline('2025-03-15T12:00:00.000Z')).toEqual({ ok: true, time: date.getTime() });
    expect(parseDeadline('2025-03-15T14:00:00+02:00')).toEqual({ ok: true, time: date.getTime() });
    expect(parseDeadline('2025-03-15 12:00:00')).toEqual({ ok: true, time: new Date(2025, 2, 15, 12).getTime() });
    expect(parseDeadline('2025/03/15 12:00')).toEqual({ ok: true, time: new Date(2025, 2, 15, 12).getTime() });
    expect(parseDeadline('2025-03-15')).toEqual({ ok: true, time: new Date(2025, 2, 15).getTime() });
    expect(parseDeadline('2025-03-15T12:00:00.25')).toEqual({ ok: true, time: new Date(2025, 2, 15, 12, 0, 0, 250).getTime() });
  });

  it.each([[null], [undefined], [''], ['   ']])('%j is a missing deadline', (value) => {
    expect(parseDeadline(value)).toEqual({ ok: false, reason: 'missing', message: 'Missing props deadline' });
  });

  it.each([
    ['tomorrow-ish'],
    ['2025-13-45T99:99'],
    ['2025-02-30 10:00:00'],
    ['2025-03-15 24:00'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [new Date('x')],
  ])('%s is an invalid deadline', (value) => {
    expect(parseDeadline(value)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Invalid props value, correct the deadline',
    });
  });
});

describe('splitDuration', () => {
  it('splits into days, hours, minutes, seconds', () => {
    expect(splitDuration(2 * D + 4 * H + 5 * M + 6 * S)).toEqual({ days: 2, hours: 4, minutes: 5, seconds: 6 });
  });

  it('rounds partial seconds up so zero means the deadline itself', () => {
    expect(remainingSeconds(1)).toBe(1);
    expect(remainingSeconds(1000)).toBe(1);
    expect(remainingSeconds(1001)).toBe(2);
    expect(remainingSeconds(0)).toBe(0);
    expect(remainingSeconds(-5000)).toBe(0);
    expect(splitDuration(59 * S + 1)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('lets the largest shown unit absorb hidden larger units', () => {
    expect(splitDuration(2 * D + 2 * H + 3 * M, ['hours', 'minutes', 'seconds'])).toEqual({
      days: 0,
      hours: 50,
      minutes: 3,
      seconds: 0,
    });
    expect(splitDuration(2 * D + 2 * H + 3 * M + 59 * S, ['days', 'hours', 'minutes'])).toEqual({
      days: 2,
      hours: 2,
      minutes: 3,
      seconds: 0,
    });
  });

  it('keeps units in display order and never empty', () => {
    expect(normalizeUnits(['seconds', 'days'])).toEqual(['days', 'seconds']);
    expect(normalizeUnits([])).toEqual(['days', 'hours', 'minutes', 'seconds']);
    expect(normalizeUnits(undefined)).toEqual(['days', 'hours', 'minutes', 'seconds']);
  });
});

describe('formatSimpleCountdown', () => {
  it('reads like 2d 04:05:06', () => {
    expect(formatSimpleCountdown(2 * D + 4 * H + 5 * M + 6 * S)).toBe('2d 04:05:06');
    expect(formatSimpleCountdown(0)).toBe('0d 00:00:00');
    expect(formatSimpleCountdown(123 * D)).toBe('123d 00:00:00');
  });

  it('can drop zero days', () => {
    expect(formatSimpleCountdown(4 * H + 5 * M + 6 * S, { hideZeroDays: true })).toBe('04:05:06');
    expect(formatSimpleCountdown(D + 6 * S, { hideZeroDays: true })).toBe('1d 00:00:06');
  });
});

describe('accessibleCountdownText', () => {
  const all = ['days', 'hours', 'minutes', 'seconds'] as const;

  it('speaks in whole minutes, so it changes at most once a minute', () => {
    const start = 2 * D + 4 * H + 5 * M + 59 * S;
    const text = accessibleCountdownText(start, all, COUNTDOWN_DEFAULT_LABELS);
    expect(text).toBe('2 Days 4 Hours 5 Minutes');
    for (let s = 1; s < 60; s += 1) {
      expect(accessibleCountdownText(start - s * S, all, COUNTDOWN_DEFAULT_LABELS)).toBe(text);
    }
    expect(accessibleCountdownText(start - 60 * S, all, COUNTDOWN_DEFAULT_LABELS)).toBe('2 Days 4 Hours 4 Minutes');
  });

  it('uses seconds in the last minute or when only seconds show', () => {
    expect(accessibleCountdownText(42 * S, all, COUNTDOWN_DEFAULT_LABELS)).toBe('42 Seconds');
    expect(accessibleCountdownText(3 * M, ['seconds'], COUNTDOWN_DEFAULT_LABELS)).toBe('180 Seconds');
  });

  it('uses the given labels', () => {
    expect(
      accessibleCountdownText(H, ['hours', 'minutes'], { days: 'Tage', hours: 'Stunden', minutes: 'Minuten', seconds: 'Sekunden' }),
    ).toBe('1 Stunden 0 Minuten');
  });
});
