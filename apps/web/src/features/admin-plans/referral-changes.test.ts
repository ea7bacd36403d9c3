import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReferralSettings } from '@orchard/shared';
import { useAdminPlansMessages } from './messages';
import { referralChanges } from './referral-changes';

const settings: ReferralSettings = {
  level1Bp: 1_000,
  level2Bp: 500,
  level3Bp: 200,
  capBp: 2_000,
  requireActivePlan: true,
  holdDays: 7,
  refundWindowDays: 7,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('referralChanges (the referral settings confirm sheet)', () => {
  it('says each change in percent and days, before → after, and leaves the rest out', () => {
    const { t } = renderHook(() => useAdminPlansMessages()).result.current;
    const { updatedAt: _updatedAt, ...body } = settings;
    expect(referralChanges(settings, body, t, 'en')).toEqual([]);
    const after = { ...body, level1Bp: 1_250, capBp: 2_500, holdDays: 1, requireActivePlan: false };
    expect(referralChanges(settings, after, t, 'en').map((change) => `${change.label}: ${change.before} → ${change.after}`)).toEqual([
      'Level 1: 10% → 12.5%',
      'Cap on all levels together: 20% → 25%',
      'Holding period in days: 7 days → 1 day',
      'Only uplines with an active plan: yes → no',
    ]);
  });
});
