import { describe, expect, it } from 'vitest';
import type { AdminCoupon, AdminPlan, ReferralSettings } from '@orchard/shared';
import {
  couponFormDefaults,
  couponFormSchema,
  planFormDefaults,
  planFormSchema,
  referralFormDefaults,
  referralFormSchema,
  type Translate,
} from './forms';

// Messages by key, so the tests read which message a field got.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as Translate;

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const plan: AdminPlan = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Gold',
  description: 'For regulars',
  benefits: ['Priority support', 'Monthly report'],
  price: 4_990,
  currency: 'USD',
  durationDays: 30,
  badge: null,
  translations: { es: { name: 'Oro', benefits: ['Soporte prioritario'] } },
  missingLanguages: ['es', 'zh'],
  perMemberLimit: 2,
  stock: 100,
  remainingStock: 97,
  saleStartsAt: null,
  saleEndsAt: '2026-12-31T23:00:00.000Z',
  onSale: true,
  serverTime: '2026-05-01T00:00:00.000Z',
  active: true,
  sortOrder: 1,
  soldCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('plan form', () => {
  it('turns a plan into the form and back into the same body', () => {
    const result = planFormSchema(2, t).safeParse(planFormDefaults(plan, 2));
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Gold',
      description: 'For regulars',
      benefits: ['Priority support', 'Monthly report'],
      translations: {
        es: { name: 'Oro', description: '', benefits: ['Soporte prioritario'], badge: null },
        zh: { name: '', description: '', benefits: [], badge: null },
      },
      price: 4_990,
      durationDays: 30,
      badge: null,
      perMemberLimit: 2,
      stock: 100,
      saleStartsAt: null,
      saleEndsAt: '2026-12-31T23:00:00.000Z',
      active: true,
      sortOrder: 1,
    });
  });
  it('reads empty limits as none and the price in major units', () => {
    const values = { ...planFormDefaults(null, 2), name: 'Silver', price: '12.50', benefits: '\nOne\n\nTwo\n' };
    const result = planFormSchema(2, t).safeParse(values);
    expect(result.data).toMatchObject({ price: 1250, perMemberLimit: null, stock: null, badge: null, benefits: ['One', 'Two'] });
  });
  it('puts the contract’s refusals on their fields, a benefit’s on its line', () => {
    const values = {
      ...planFormDefaults(null, 2),
      name: 'Yield plan',
      price: 'abc',
      benefits: 'Support\n\nA daily yield',
    };
    expect(issuesOf(planFormSchema(2, t).safeParse(values))).toEqual({ price: 'common.amountInvalid' });
    const refused = issuesOf(planFormSchema(2, t).safeParse({ ...values, price: '10' }));
    expect(refused.name).toMatch(/not a return/);
    expect(refused.benefits).toMatch(/^common\.line \{"line":3\} .*not a return/);
  });
  it('puts a translation’s refusals on its own fields, a benefit’s on its line in that language', () => {
    const values = planFormDefaults(null, 2);
    values.name = 'Silver';
    values.price = '10';
    values.translations.es = { name: 'Rentabilidad garantizada', description: '', benefits: 'Soporte\n\nGanancias diarias', badge: '' };
    values.translations.zh = { name: '', description: '', benefits: '', badge: '长'.repeat(25) };
    const issues = issuesOf(planFormSchema(2, t).safeParse(values));
    expect(issues['translations.es.name']).toMatch(/not a return/);
    expect(issues['translations.es.benefits']).toMatch(/^common\.line \{"line":3\} .*not a return/);
    expect(issues['translations.zh.badge']).toBe('Use at most 24 characters.');
    expect(Object.keys(issues).sort()).toEqual(['translations.es.benefits', 'translations.es.name', 'translations.zh.badge']);
  });
  it('says the sale must end after it starts, and names bounds in words', () => {
    const values = {
      ...planFormDefaults(null, 2),
      name: 'Bronze',
      price: '5',
      saleStartsAt: '2026-06-01T10:00',
      saleEndsAt: '2026-06-01T09:00',
      perMemberLimit: '0',
    };
    const issues = issuesOf(planFormSchema(2, t).safeParse(values));
    expect(issues.saleEndsAt).toBe('The sale must end after it starts.');
    expect(issues.perMemberLimit).toBe('common.atLeast {"min":1}');
  });
});

const coupon: AdminCoupon = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'SUMMER',
  kind: 'percent_off',
  value: 20,
  maxDiscount: 500,
  minSpend: 1000,
  planIds: [plan.id],
  startsAt: null,
  endsAt: null,
  totalCap: 100,
  perMemberCap: 1,
  assignedMemberId: null,
  active: true,
  redeemedCount: 4,
  batch: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('coupon form', () => {
  it('edits a percent coupon into the same terms', () => {
    const result = couponFormSchema('edit', 2, t).safeParse(couponFormDefaults(coupon, 2));
    expect(result.data).toEqual({
      mode: 'edit',
      body: {
        kind: 'percent_off',
        value: 20,
        maxDiscount: 500,
        minSpend: 1000,
        planIds: [plan.id],
        startsAt: null,
        endsAt: null,
        totalCap: 100,
        perMemberCap: 1,
        assignedMemberId: null,
        active: true,
      },
    });
  });
  it('reads the value by kind: an amount in major units, with what the kind does not use cleared', () => {
    const values = { ...couponFormDefaults(coupon, 2), code: 'welcome-5', kind: 'wallet_credit' as const, value: '5' };
    const result = couponFormSchema('create', 2, t).safeParse(values);
    expect(result.data).toMatchObject({
      mode: 'create',
      body: { code: 'WELCOME-5', kind: 'wallet_credit', value: 500, maxDiscount: null, minSpend: 0, planIds: [] },
    });
  });
  it('refuses a percentage over 100 and a code with spaces', () => {
    const values = { ...couponFormDefaults(null, 2), code: 'NO GOOD', value: '120' };
    const issues = issuesOf(couponFormSchema('create', 2, t).safeParse(values));
    expect(issues.value).toBe('A percentage from 1 to 100.');
    expect(issues.code).toBe('Use letters, digits, - and _ only.');
  });
  it('generates with a count and an upper-cased prefix', () => {
    const values = { ...couponFormDefaults(null, 2), kind: 'amount_off' as const, value: '2.50', count: '25', prefix: 'spring' };
    expect(couponFormSchema('generate', 2, t).safeParse(values).data).toMatchObject({
      mode: 'generate',
      body: { count: 25, prefix: 'SPRING', kind: 'amount_off', value: 250 },
    });
  });
});

const settings: ReferralSettings = {
  level1Bp: 1000,
  level2Bp: 500,
  level3Bp: 200,
  capBp: 3000,
  requireActivePlan: true,
  holdDays: 7,
  refundWindowDays: 7,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('referral settings form', () => {
  it('shows rates as percent and saves them as basis points', () => {
    expect(referralFormDefaults(settings)).toMatchObject({ level1Bp: '10', level2Bp: '5', level3Bp: '2', capBp: '30' });
    const result = referralFormSchema(t).safeParse({ ...referralFormDefaults(settings), level2Bp: '4.75', holdDays: '0' });
    expect(result.data).toEqual({
      level1Bp: 1000,
      level2Bp: 475,
      level3Bp: 200,
      capBp: 3000,
      requireActivePlan: true,
      holdDays: 0,
      refundWindowDays: 7,
    });
  });
  it('refuses more than 2 decimals, a cap over 50 % and rates over 100 % together', () => {
    expect(issuesOf(referralFormSchema(t).safeParse({ ...referralFormDefaults(settings), level1Bp: '10.125' }))).toEqual({
      level1Bp: 'referrals.percentInvalid',
    });
    const issues = issuesOf(
      referralFormSchema(t).safeParse({ ...referralFormDefaults(settings), level1Bp: '60', level2Bp: '50', capBp: '51' }),
    );
    expect(issues).toEqual({ level1Bp: 'The three rates together cannot pass 100 %.', capBp: 'At most 50 %.' });
  });
});
