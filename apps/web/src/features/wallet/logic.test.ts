import { describe, expect, it } from 'vitest';
import { decimalStringToMinor } from '@orchard/shared/money';
import {
  amountDirection,
  splitInstructions,
  memoDetail,
  groupByDay,
  isOrderPending,
  localDayKey,
  minorToInput,
  rechargeStatusTone,
  relativeDayName,
  serverAlignedDeadline,
} from './logic';
import { parseStatementSearch } from './search';

describe('minorToInput', () => {
  it('writes presets the way a person types them', () => {
    expect(minorToInput(5_000, 2)).toBe('50');
    expect(minorToInput(1_250, 2)).toBe('12.50');
    expect(minorToInput(1_205, 2)).toBe('12.05');
    expect(minorToInput(7, 0)).toBe('7');
  });
  it('round-trips through the parser', () => {
    for (const minor of [1_000, 1_001, 12_345, 999_999]) {
      expect(decimalStringToMinor(minorToInput(minor, 2), 2)).toBe(minor);
    }
  });
});

describe('recharge status', () => {
  it('maps every status to a tone: pending amber, success green, failure red', () => {
    expect(rechargeStatusTone('awaiting_payment')).toBe('pending');
    expect(rechargeStatusTone('submitted')).toBe('pending');
    expect(rechargeStatusTone('credited')).toBe('success');
    expect(rechargeStatusTone('rejected')).toBe('failure');
    expect(rechargeStatusTone('expired')).toBe('failure');
    expect(rechargeStatusTone('cancelled')).toBe('neutral');
  });
  it('keeps polling only while the outcome can still change', () => {
    expect(isOrderPending('awaiting_payment')).toBe(true);
    expect(isOrderPending('submitted')).toBe(true);
    for (const status of ['credited', 'rejected', 'expired', 'cancelled'] as const) expect(isOrderPending(status)).toBe(false);
  });
});

describe('amountDirection', () => {
  it('is money in for positive amounts and money out for negative ones', () => {
    expect(amountDirection(1)).toBe('in');
    expect(amountDirection(-1)).toBe('out');
    expect(amountDirection(0)).toBe('zero');
  });
});

describe('groupByDay', () => {
  const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h, 30).toISOString();
  it('splits a newest-first list into local days, keeping the order', () => {
    const items = [
      { id: 'a', at: at(2026, 3, 10, 23) },
      { id: 'b', at: at(2026, 3, 10, 0) },
      { id: 'c', at: at(2026, 3, 9, 12) },
      { id: 'd', at: at(2026, 2, 28, 8) },
    ];
    const groups = groupByDay(items, (item) => item.at);
    expect(groups.map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ['2026-03-10', ['a', 'b']],
      ['2026-03-09', ['c']],
      ['2026-02-28', ['d']],
    ]);
  });
  it('returns nothing for nothing', () => {
    expect(groupByDay([], () => 0)).toEqual([]);
  });
  it('names today and yesterday, also across a month boundary', () => {
    const now = new Date(2026, 2, 1, 9);
    expect(relativeDayName(localDayKey(now), now)).toBe('today');
    expect(relativeDayName('2026-02-28', now)).toBe('yesterday');
    expect(relativeDayName('2026-02-27', now)).toBeNull();
  });
});

describe('serverAlignedDeadline', () => {
  it('moves the expiry by the difference between the device clock and the server clock', () => {
    const expiresAt = '2026-01-01T10:30:00.000Z';
    const serverTime = '2026-01-01T10:00:00.000Z';
    // The device is 2 minutes ahead of the server.
    const received = Date.parse(serverTime) + 120_000;
    expect(serverAlignedDeadline(expiresAt, serverTime, received)).toBe(Date.parse(expiresAt) + 120_000);
    expect(serverAlignedDeadline(expiresAt, 'nonsense', received)).toBe(Date.parse(expiresAt));
  });
});

describe('parseStatementSearch', () => {
  it('keeps known types and real dates, drops the rest', () => {
    expect(parseStatementSearch({ type: 'recharge', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      type: 'recharge',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(parseStatementSearch({ type: 'profit', from: '2026-13-45', to: 'yesterday', cursor: '5' })).toEqual({});
    expect(parseStatementSearch({ type: 42 })).toEqual({});
  });
});

describe('splitInstructions', () => {
  it('turns "Label: value" lines into copyable details and keeps the rest as notes', () => {
    expect(
      splitInstructions(
        'Account holder: Orchard Demo Ltd\nIBAN: GB00 DEMO 0000\n\nWrite the reference in the memo, then tap "I have paid".',
      ),
    ).toEqual({
      details: [
        { label: 'Account holder', value: 'Orchard Demo Ltd' },
        { label: 'IBAN', value: 'GB00 DEMO 0000' },
      ],
      notes: ['Write the reference in the memo, then tap "I have paid".'],
    });
  });

  it('leaves a sentence with a colon in it as prose', () => {
    expect(splitInstructions('Please note the following rule for all transfers made today: pay exactly.').details).toEqual([]);
  });
});

describe('memoDetail', () => {
  it('drops what the title already says and keeps the rest', () => {
    expect(memoDetail('Recharge RWF8AZRH via Bank transfer', 'Recharge')).toBe('RWF8AZRH via Bank transfer');
    expect(memoDetail('recharge', 'Recharge')).toBe('');
    expect(memoDetail('Welcome bonus', 'Credit from Orchard')).toBe('Welcome bonus');
    // Only a whole leading word counts: "Recharged" is not "Recharge" repeated.
    expect(memoDetail('Recharged twice, corrected', 'Recharge')).toBe('Recharged twice, corrected');
  });
});
