import { describe, expect, it } from 'vitest';
import { decimalStringToMinor } from '@orchard/shared/money';
import {
  countryOptions,
  holderNameMatches,
  amountDirection,
  splitInstructions,
  memoDetail,
  knownStatementFilters,
  isOrderPending,
  minorToInput,
  parseRechargeSearch,
  rechargePrefill,
  rechargeStatusTone,
  serverAlignedDeadline,
  statementTitle,
} from './logic';
import { COUNTRY_CODES } from '@orchard/shared/countries';
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
  it('keeps well-formed types and real dates, drops the rest', () => {
    expect(parseStatementSearch({ type: 'recharge', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      type: 'recharge',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(parseStatementSearch({ type: 'Not a type!', from: '2026-13-45', to: 'yesterday', cursor: '5' })).toEqual({});
    expect(parseStatementSearch({ type: 42 })).toEqual({});
  });
  it('leaves out a type that does not exist before the filters are used', () => {
    expect(knownStatementFilters(parseStatementSearch({ type: 'profit', from: '2026-01-01' }))).toEqual({ from: '2026-01-01' });
    expect(knownStatementFilters({ type: 'commission' })).toEqual({ type: 'commission' });
    // An older address with a ledger type reads as the event it belongs to.
    expect(knownStatementFilters({ type: 'commission_release' })).toEqual({ type: 'commission' });
    expect(knownStatementFilters({ type: 'withdrawal_paid', to: '2026-01-31' })).toEqual({ type: 'withdrawal', to: '2026-01-31' });
    expect(knownStatementFilters({})).toEqual({});
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
    // A label the title already holds: the plan's name is what is left, in every language.
    expect(memoDetail('Plan: Plus', 'Plan purchase')).toBe('Plus');
    expect(memoDetail('Plan: Founders 2026', 'Compra de plan')).toBe('Founders 2026');
    expect(memoDetail('会员计划：Plus', '购买会员计划')).toBe('Plus');
    expect(memoDetail('Note: paid in cash', 'Credit from Orchard')).toBe('Note: paid in cash');
    // Only a whole leading word counts: "Recharged" is not "Recharge" repeated.
    expect(memoDetail('Recharged twice, corrected', 'Recharge')).toBe('Recharged twice, corrected');
  });
});

describe('recharge prefill', () => {
  const channel = { minAmount: 1_000, maxAmount: 500_000 };
  it('shows the amount asked for as a person types it', () => {
    expect(rechargePrefill(1_250, channel, 2)).toBe('12.50');
  });
  it('raises it to the smallest amount the channel takes and keeps it under the largest', () => {
    expect(rechargePrefill(300, channel, 2)).toBe('10');
    expect(rechargePrefill(900_000, channel, 2)).toBe('5000');
  });
  it('reads the amount from the address only as a positive whole number of minor units', () => {
    expect(parseRechargeSearch({ amount: 1250 })).toEqual({ amount: 1250 });
    expect(parseRechargeSearch({ amount: '1250' })).toEqual({ amount: 1250 });
    for (const amount of [undefined, '', 0, -5, 12.5, 'abc', 2 ** 60]) expect(parseRechargeSearch({ amount })).toEqual({});
  });
});

describe('statement titles', () => {
  it("names a team member's purchase on the pending account as a pending commission", () => {
    expect(statementTitle({ type: 'plan_purchase', account: 'commission_pending', amount: 2_000 })).toEqual({ key: 'commissionPending' });
    expect(statementTitle({ type: 'plan_purchase', account: 'available', amount: -2_500 })).toEqual({ key: 'type', type: 'plan_purchase' });
  });
  it('tells a commission taken back by a refund from the buyer’s own refund', () => {
    expect(statementTitle({ type: 'refund', account: 'commission_pending', amount: -250 })).toEqual({ key: 'commissionReversed' });
    expect(statementTitle({ type: 'refund', account: 'available', amount: -125 })).toEqual({ key: 'commissionReversed' });
    expect(statementTitle({ type: 'refund', account: 'available', amount: 2_500 })).toEqual({ key: 'type', type: 'refund' });
  });
  it('names what a refund leaves owed, and what a later commission settles of it', () => {
    expect(statementTitle({ type: 'refund', account: 'debt', amount: -600 })).toEqual({ key: 'debtOwed' });
    expect(statementTitle({ type: 'commission_release', account: 'debt', amount: 600 })).toEqual({ key: 'debtSettled' });
  });
  it('keeps the type for the rest', () => {
    expect(statementTitle({ type: 'commission_release', account: 'commission_pending', amount: -125 })).toEqual({
      key: 'type',
      type: 'commission_release',
    });
    expect(statementTitle({ type: 'recharge', account: 'available', amount: 1_000 })).toEqual({ key: 'type', type: 'recharge' });
  });
});

describe('holderNameMatches', () => {
  it('matches the member’s name written another way: case, accents, more or fewer names', () => {
    expect(holderNameMatches('Demo Member', 'Demo Member')).toBe(true);
    expect(holderNameMatches('DEMO MEMBER', 'demo member')).toBe(true);
    expect(holderNameMatches('José García', 'Jose Garcia Lopez')).toBe(true);
    expect(holderNameMatches('García-López, Ana', 'Ana García López')).toBe(true);
    expect(holderNameMatches('王小明', '王小明')).toBe(true);
  });
  it('warns about someone else’s name', () => {
    expect(holderNameMatches('Luis Pérez', 'Ana García')).toBe(false);
    expect(holderNameMatches('Ana Pérez', 'Ana García')).toBe(false);
    expect(holderNameMatches('李雷', '王小明')).toBe(false);
  });
  it('says nothing while a name is empty', () => {
    expect(holderNameMatches('', 'Ana')).toBe(true);
    expect(holderNameMatches(' - ', 'Ana')).toBe(true);
  });
});

describe('countryOptions', () => {
  it('names every country in the member’s language, in that language’s order', () => {
    const spanish = countryOptions(COUNTRY_CODES, 'es');
    expect(spanish).toHaveLength(COUNTRY_CODES.length);
    expect(spanish.find((option) => option.value === 'DE')?.label).toBe('Alemania');
    expect(spanish.find((option) => option.value === 'GE')?.label).toBe('Georgia');
    expect(spanish[0]?.value).toBe('AF');
    const chinese = countryOptions(['DE', 'GE', 'US'], 'zh');
    expect(chinese.map((option) => option.label).sort()).toEqual(['德国', '格鲁吉亚', '美国'].sort());
    expect(countryOptions(['GE', 'DE'], 'en').map((option) => option.label)).toEqual(['Georgia', 'Germany']);
  });
});
