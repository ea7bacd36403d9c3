import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  codesToCsv,
  couponState,
  foldListFields,
  isoToLocalInput,
  linesToList,
  localInputToIso,
  minorToMoneyInput,
  moneyInputToMinor,
  percentToBasisPoints,
  wholeNumberInput,
  windowState,
} from './logic';
import { couponFilterOf, filterQuery, purchaseFilterOf } from './search';

describe('percent ↔ basis points', () => {
  it('reads a percentage with up to 2 decimals as basis points', () => {
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('2.5')).toBe(250);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('12,5 %')).toBe(1250);
    expect(percentToBasisPoints(' 100 ')).toBe(10_000);
    expect(percentToBasisPoints('0')).toBe(0);
  });
  it('refuses what is not such a percentage', () => {
    for (const text of ['', ' ', 'ten', '1.234', '-5', '1e2', '5%%']) expect(percentToBasisPoints(text)).toBeNull();
  });
  it('writes basis points back the way a person types them', () => {
    expect(basisPointsToPercent(1000)).toBe('10');
    expect(basisPointsToPercent(250)).toBe('2.5');
    expect(basisPointsToPercent(1)).toBe('0.01');
    expect(basisPointsToPercent(0)).toBe('0');
    expect(basisPointsToPercent(10_000)).toBe('100');
    expect(basisPointsToPercent(3333)).toBe('33.33');
  });
  it('round-trips every rate from 0 to 100 %', () => {
    for (let bp = 0; bp <= 10_000; bp += 7) expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
});

describe('datetime-local ↔ ISO', () => {
  it('reads a local date-time as that moment in UTC', () => {
    const iso = localInputToIso('2026-12-01T09:30');
    expect(iso).toBe(new Date(2026, 11, 1, 9, 30).toISOString());
    const back = new Date(iso!);
    expect([back.getFullYear(), back.getMonth(), back.getDate(), back.getHours(), back.getMinutes()]).toEqual([2026, 11, 1, 9, 30]);
  });
  it('is null when empty and undefined when not a date-time (a date alone would be read as UTC)', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('  ')).toBeNull();
    expect(localInputToIso('2026-12-01')).toBeUndefined();
    expect(localInputToIso('tomorrow')).toBeUndefined();
    expect(localInputToIso('2026-13-45T99:99')).toBeUndefined();
  });
  it('writes an instant as the input wants it, in local time', () => {
    expect(isoToLocalInput(new Date(2026, 0, 5, 7, 4).toISOString())).toBe('2026-01-05T07:04');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('nonsense')).toBe('');
  });
  it('round-trips to the minute', () => {
    for (const text of ['2026-01-01T00:00', '2026-06-30T23:59', '2027-03-28T12:15'])
      expect(isoToLocalInput(localInputToIso(text))).toBe(text);
  });
});

describe('money and whole-number inputs', () => {
  it('turns money text into minor units, empty into null, nonsense into undefined', () => {
    expect(moneyInputToMinor('12.50', 2)).toBe(1250);
    expect(moneyInputToMinor('1 000', 2)).toBe(100_000);
    expect(moneyInputToMinor('', 2)).toBeNull();
    expect(moneyInputToMinor('1.234', 2)).toBeUndefined();
    expect(moneyInputToMinor('-3', 2)).toBeUndefined();
    expect(moneyInputToMinor('7', 0)).toBe(7);
  });
  it('writes minor units back without a needless .00', () => {
    expect(minorToMoneyInput(5000, 2)).toBe('50');
    expect(minorToMoneyInput(1250, 2)).toBe('12.50');
    expect(minorToMoneyInput(1205, 2)).toBe('12.05');
    expect(minorToMoneyInput(7, 0)).toBe('7');
  });
  it('reads whole numbers only', () => {
    expect(wholeNumberInput('30')).toBe(30);
    expect(wholeNumberInput(' 0 ')).toBe(0);
    expect(wholeNumberInput('')).toBeNull();
    expect(wholeNumberInput('1.5')).toBeUndefined();
    expect(wholeNumberInput('-1')).toBeUndefined();
    expect(wholeNumberInput('1234567890')).toBeUndefined();
  });
});

describe('lists and windows', () => {
  it('keeps the non-empty lines of a textarea', () => {
    expect(linesToList(' Priority support \n\n  Monthly report\r\nGuide ')).toEqual(['Priority support', 'Monthly report', 'Guide']);
  });
  it('folds list field messages onto the list, naming the line', () => {
    expect(foldListFields({ 'benefits.2': 'Not allowed.', name: 'Too long.' }, ['benefits'], (line) => `Line ${line}:`)).toEqual({
      benefits: 'Line 3: Not allowed.',
      name: 'Too long.',
    });
    // A translation's list by its full name, each list numbering its own lines.
    const lists = ['benefits', 'translations.es.benefits'];
    expect(
      foldListFields(
        { 'translations.es.benefits.0': 'Not allowed.', 'translations.es.name': 'Too long.' },
        lists,
        (line, list) => `${list} ${line}:`,
      ),
    ).toEqual({ 'translations.es.benefits': 'translations.es.benefits 1: Not allowed.', 'translations.es.name': 'Too long.' });
  });
  it('says where now stands in a window', () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(windowState(null, null, now)).toBe('always');
    expect(windowState('2026-06-01T00:00:00Z', null, now)).toBe('upcoming');
    expect(windowState('2026-04-01T00:00:00Z', '2026-06-01T00:00:00Z', now)).toBe('open');
    expect(windowState(null, '2026-05-01T00:00:00Z', now)).toBe('ended');
  });
  it('writes generated codes as a one-column CSV', () => {
    expect(codesToCsv(['A1', 'B2'])).toBe('code\r\nA1\r\nB2\r\n');
  });
});

describe('search params', () => {
  it('keeps only the coupon filters it understands', () => {
    expect(couponFilterOf({ q: ' SUM ', kind: 'percent_off', batch: 'B-1', other: 'x' })).toEqual({
      q: 'SUM',
      kind: 'percent_off',
      batch: 'B-1',
    });
    expect(couponFilterOf({ kind: 'free', q: '' })).toEqual({});
  });
  it('keeps only well-formed purchase filters', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(purchaseFilterOf({ member: id, plan: 'nope', status: 'refunded', from: '2026-01-31', to: '31/01/2026' })).toEqual({
      member: id,
      status: 'refunded',
      from: '2026-01-31',
    });
  });
  it('writes a filter as a query string, skipping what is unset', () => {
    expect(filterQuery({ q: 'A', kind: undefined }, { limit: 25, cursor: undefined })).toBe('?q=A&limit=25');
    expect(filterQuery({})).toBe('');
  });
});

describe('couponState: one state from the switch, the dates and the uses', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const coupon = (over: Partial<Parameters<typeof couponState>[0]> = {}) => ({
    active: true,
    startsAt: null,
    endsAt: null,
    redeemedCount: 0,
    totalCap: null,
    ...over,
  });
  it('is live while switched on, within its dates and not used up', () => {
    expect(couponState(coupon(), now)).toBe('live');
    expect(
      couponState(coupon({ startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z', totalCap: 5, redeemedCount: 4 }), now),
    ).toBe('live');
  });
  it('says Ended, not Active, once its last day is past (SPRING15 in the demo)', () => {
    expect(couponState(coupon({ startsAt: '2026-10-19T00:00:00Z', endsAt: '2026-11-18T00:00:00Z' }), now)).toBe('ended');
    expect(couponState(coupon({ endsAt: '2026-11-28T12:00:00Z' }), now)).toBe('ended');
  });
  it('is used up when every redemption of its cap is taken', () => {
    expect(couponState(coupon({ totalCap: 3, redeemedCount: 3 }), now)).toBe('used_up');
  });
  it('has not started before its first day', () => {
    expect(couponState(coupon({ startsAt: '2026-12-01T00:00:00Z' }), now)).toBe('scheduled');
  });
  it('is switched off whatever its dates say, when the operator switched it off', () => {
    expect(couponState(coupon({ active: false }), now)).toBe('off');
    expect(couponState(coupon({ active: false, endsAt: '2026-11-01T00:00:00Z' }), now)).toBe('off');
  });
});
