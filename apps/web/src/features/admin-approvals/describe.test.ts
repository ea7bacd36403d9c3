import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from './api';
import { approvalDetails, describeApproval } from './describe';
import { useAdminApprovalsMessages } from './messages';

const base: ApprovalRequest = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'adjustment',
  state: 'requested',
  amount: 150_000,
  currency: 'USD',
  fractionDigits: 2,
  subject: { id: '00000000-0000-4000-8000-000000000002', name: 'Ana' },
  adjustment: null,
  refundOverride: null,
  payoutResults: null,
  settingsChange: null,
  secondFactorReset: null,
  requestedBy: { id: '00000000-0000-4000-8000-000000000003', name: 'Olivia' },
  requestedAt: '2026-11-29T04:00:00.000Z',
  expiresAt: '2026-11-30T04:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  transactionId: null,
  canDecide: true,
};

describe('approvals in words (the console queue and its sheet)', () => {
  const t = () => renderHook(() => useAdminApprovalsMessages()).result.current.t;

  it('says each kind with its amount in the currency, never in minor units', () => {
    expect(describeApproval(t(), { ...base, adjustment: { direction: 'debit', amount: 150_000, reason: 'x' } })).toBe(
      'Adjust Ana’s wallet by −$1,500.00',
    );
    const refund = {
      ...base,
      kind: 'refund_override' as const,
      amount: 2_000,
      refundOverride: { purchaseId: base.id, planName: 'Gold', reason: 'asked' },
    };
    expect(describeApproval(t(), refund)).toBe('Refund Ana’s Gold, leaving uplines a debt of $20.00');
    expect(approvalDetails(t(), refund)).toEqual(['Reason: asked']);
    const file = { ...base, kind: 'payout_results' as const, subject: null, amount: 700_000, payoutResults: { csv: '', rows: 3 } };
    expect(describeApproval(t(), file)).toBe('Apply the bank’s result file: $7,000.00 in 3 withdrawals');
    const reset = { ...base, kind: 'second_factor_reset' as const, amount: 0, secondFactorReset: { reason: 'Lost phone' } };
    expect(describeApproval(t(), reset)).toBe('Reset Ana’s second factor');
    expect(approvalDetails(t(), reset)).toEqual(['Reason: Lost phone']);
  });

  it('says a settings change field by field, before → after, money in the currency, shares in percent, periods with their unit', () => {
    const change = {
      ...base,
      kind: 'withdrawal_settings' as const,
      amount: 0,
      subject: null,
      settingsChange: {
        before: { enabled: true, minAmount: 1_000, feeBp: 150, cooldownHours: 24, dailyMax: 500_000 },
        after: { enabled: false, minAmount: 1_500, feeBp: 200, cooldownHours: 1, dailyMax: 500_000 },
      },
    };
    expect(describeApproval(t(), change)).toBe('Change the withdrawal settings');
    expect(approvalDetails(t(), change)).toEqual([
      'Withdrawals: On → Off',
      'Minimum withdrawal: $10.00 → $15.00',
      'Fee share: 1.5% → 2%',
      'Wait after a new bank account: 24 hours → 1 hour',
    ]);
    const referral = {
      ...change,
      kind: 'referral_settings' as const,
      settingsChange: {
        before: { level1Bp: 1_000, holdDays: 7, requireActivePlan: true },
        after: { level1Bp: 1_250, holdDays: 1, requireActivePlan: false },
      },
    };
    expect(approvalDetails(t(), referral)).toEqual([
      'Level 1 commission: 10% → 12.5%',
      'Holding period: 7 days → 1 day',
      'Pay only uplines with an active plan: Yes → No',
    ]);
  });
});
