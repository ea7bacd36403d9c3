import { describe, expect, it } from 'vitest';
import type { MyCoupon, Plan, Purchase, PurchaseQuote } from '@orchard/shared';
import { createTranslator } from '../../lib/i18n';
import {
  countdownUnits,
  couponsByState,
  couponsForPlan,
  couponToSend,
  couponValueText,
  couponWhen,
  endIfBoughtNow,
  limitText,
  pickActivePurchase,
  planAvailability,
  quoteView,
  refusalText,
  serverAlignedDeadline,
} from './logic';
import { plansMessagesEn } from './messages';

const t = createTranslator(plansMessagesEn, 'en');
const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

const NOW = '2026-03-01T12:00:00.000Z';
const plan = (patch: Partial<Plan> = {}): Plan => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Gold',
  description: '',
  benefits: [],
  price: 4_900,
  currency: 'USD',
  durationDays: 30,
  badge: null,
  perMemberLimit: null,
  stock: null,
  remainingStock: null,
  saleStartsAt: null,
  saleEndsAt: null,
  boughtByMe: 0,
  onSale: true,
  serverTime: NOW,
  untranslated: [],
  ...patch,
});
const coupon = (patch: Partial<MyCoupon> = {}): MyCoupon => ({
  code: 'SAVE10',
  kind: 'percent_off',
  value: 10,
  maxDiscount: null,
  minSpend: 0,
  plans: [],
  startsAt: null,
  endsAt: null,
  state: 'available',
  usesLeft: 1,
  lastUsedAt: null,
  ...patch,
});
const quote = (patch: Partial<PurchaseQuote> = {}): PurchaseQuote => ({
  planId: plan().id,
  currency: 'USD',
  price: 4_900,
  discount: 0,
  toPay: 4_900,
  available: 10_000,
  shortfall: 0,
  coupon: null,
  blocked: null,
  ...patch,
});
const purchase = (patch: Partial<Purchase> = {}): Purchase => ({
  id: 'p-1',
  plan: { id: plan().id, name: 'Gold', durationDays: 30 },
  currency: 'USD',
  price: 4_900,
  discount: 0,
  paid: 4_900,
  couponCode: null,
  status: 'active',
  startsAt: NOW,
  endsAt: '2026-03-31T12:00:00.000Z',
  createdAt: NOW,
  refundedAt: null,
  refundReason: null,
  serverTime: NOW,
  ...patch,
});

describe('coupon wording', () => {
  it('says each kind and value in words, with the currency', () => {
    expect(couponValueText(coupon({ value: 10, maxDiscount: 500 }), usd, t, 'en-US')).toBe('10% off, up to $5.00');
    expect(couponValueText(coupon({ value: 15 }), usd, t, 'en-US')).toBe('15% off');
    // Each language's own rule, from Intl: a (no-break) space before the sign in Spanish.
    expect(couponValueText(coupon({ value: 15 }), usd, t, 'es-ES')).toBe('15\u00a0% off');
    expect(couponValueText(coupon({ kind: 'amount_off', value: 300 }), usd, t)).toBe('$3.00 off');
    expect(couponValueText(coupon({ kind: 'wallet_credit', value: 200 }), usd, t)).toBe('$2.00 wallet credit');
  });

  it('names the date that matters for each state', () => {
    const now = Date.parse(NOW);
    expect(couponWhen(coupon({ state: 'used', lastUsedAt: NOW }), now)).toEqual({ kind: 'usedOn', at: NOW });
    expect(couponWhen(coupon({ state: 'expired', endsAt: NOW }), now)).toEqual({ kind: 'endedOn', at: NOW });
    expect(couponWhen(coupon({ startsAt: '2026-04-01T00:00:00Z', endsAt: '2026-05-01T00:00:00Z' }), now)).toEqual({
      kind: 'validFrom',
      at: '2026-04-01T00:00:00Z',
    });
    expect(couponWhen(coupon({ endsAt: '2026-05-01T00:00:00Z' }), now)).toEqual({ kind: 'validUntil', at: '2026-05-01T00:00:00Z' });
    expect(couponWhen(coupon(), now)).toEqual({ kind: 'noEnd', at: null });
  });

  it('groups coupons by state in the order given', () => {
    const groups = couponsByState([
      coupon({ code: 'A' }),
      coupon({ code: 'B', state: 'used' }),
      coupon({ code: 'C' }),
      coupon({ code: 'D', state: 'expired' }),
    ]);
    expect(groups.available.map((item) => item.code)).toEqual(['A', 'C']);
    expect(groups.used.map((item) => item.code)).toEqual(['B']);
    expect(groups.expired.map((item) => item.code)).toEqual(['D']);
  });

  it('offers at checkout only plan coupons this plan can take', () => {
    const gold = plan();
    const offered = couponsForPlan(
      [
        coupon({ code: 'ANY' }),
        coupon({ code: 'GOLD', plans: [{ id: gold.id, name: 'Gold' }] }),
        coupon({ code: 'SILVER', plans: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Silver' }] }),
        coupon({ code: 'CREDIT', kind: 'wallet_credit', value: 200 }),
        coupon({ code: 'USED', state: 'used' }),
        coupon({ code: 'NOUSES', usesLeft: 0 }),
        coupon({ code: 'BIGSPEND', minSpend: 10_000 }),
        coupon({ code: 'SPEND', minSpend: 4_900 }),
      ],
      gold,
    );
    expect(offered.map((item) => item.code)).toEqual(['ANY', 'GOLD', 'SPEND']);
  });

  it("gives the server's sentence in English, the catalogue's by reason otherwise", () => {
    const refused = { reason: 'expired' as const, message: 'This coupon expired on 1 March.' };
    expect(refusalText(refused, t)).toBe('This coupon expired on 1 March.');
    expect(refusalText(refused, t, { locale: 'fr' })).toBe('This coupon has expired.');
    expect(refusalText({ reason: 'not_found', message: null }, t)).toBe('No coupon has this code. Check it and try again.');
    expect(refusalText({ reason: 'below_minimum', message: null }, t, { minSpend: 2_000, money: usd })).toBe(
      'This coupon is for plans from $20.00.',
    );
    expect(refusalText({ reason: 'below_minimum', message: null }, t)).toBe('This coupon needs a higher plan price.');
    expect(refusalText({ reason: null, message: null }, t)).toBe('This coupon cannot be used here.');
  });
});

describe('plans', () => {
  it('says why a plan cannot be bought, the member’s own limit first', () => {
    expect(planAvailability(plan())).toBe('on_sale');
    expect(planAvailability(plan({ perMemberLimit: 2, boughtByMe: 2, remainingStock: 0, onSale: false }))).toBe('limit_reached');
    expect(planAvailability(plan({ stock: 10, remainingStock: 0, onSale: false }))).toBe('sold_out');
    expect(planAvailability(plan({ saleStartsAt: '2026-03-02T00:00:00Z', onSale: false }))).toBe('upcoming');
    expect(planAvailability(plan({ saleEndsAt: '2026-03-01T11:00:00Z', onSale: false }))).toBe('ended');
    expect(planAvailability(plan({ onSale: false }))).toBe('not_on_sale');
    // The server's clock decides, not the phone's.
    expect(planAvailability(plan({ saleEndsAt: '2026-03-01T13:00:00Z' }))).toBe('on_sale');
  });

  it('states the per-member limit', () => {
    expect(limitText(plan(), t)).toBeNull();
    expect(limitText(plan({ perMemberLimit: 2 }), t)).toBe('Up to 2 per member');
    expect(limitText(plan({ perMemberLimit: 2, boughtByMe: 1 }), t)).toBe('You have 1 of 2');
  });

  it('counts down on the device clock, corrected by the server’s', () => {
    const received = Date.parse(NOW) + 60_000; // the phone runs a minute ahead
    expect(serverAlignedDeadline('2026-03-01T13:00:00.000Z', NOW, received)).toBe(Date.parse('2026-03-01T13:01:00.000Z'));
    expect(serverAlignedDeadline('2026-03-01T13:00:00.000Z', 'garbage', received)).toBe(Date.parse('2026-03-01T13:00:00.000Z'));
  });

  it('shows days while a day or more is left, seconds only near the end', () => {
    expect(countdownUnits(3 * 86_400_000)).toEqual(['days', 'hours', 'minutes']);
    expect(countdownUnits(5 * 3_600_000)).toEqual(['hours', 'minutes', 'seconds']);
    expect(countdownUnits(59_000)).toEqual(['minutes', 'seconds']);
  });

  it('works out when a plan bought now ends', () => {
    expect(endIfBoughtNow(30, Date.parse(NOW)).toISOString()).toBe('2026-03-31T12:00:00.000Z');
  });
});

describe('quote', () => {
  it('opens Buy when the plan can be sold and the balance covers it', () => {
    expect(quoteView(quote())).toEqual({ coupon: { state: 'none' }, balanceAfter: 5_100, shortfall: 0, blocked: null, canBuy: true });
  });

  it('shows what is missing instead of a balance after', () => {
    const view = quoteView(quote({ available: 1_000, shortfall: 3_900 }));
    expect(view.canBuy).toBe(false);
    expect(view.shortfall).toBe(3_900);
    expect(view.balanceAfter).toBe(0);
  });

  it('keeps Buy closed for a blocked plan whatever the balance', () => {
    expect(quoteView(quote({ blocked: 'sold_out' })).canBuy).toBe(false);
  });

  it('tells an applied coupon from a refused one, and sends only an applied one', () => {
    const applied = quote({ discount: 490, toPay: 4_410, coupon: { code: 'SAVE10', applies: true, reason: null, message: null } });
    expect(quoteView(applied).coupon).toEqual({ state: 'applied', code: 'SAVE10' });
    expect(couponToSend(applied)).toBe('SAVE10');
    const refused = quote({ coupon: { code: 'OLD', applies: false, reason: 'expired', message: 'This coupon has expired.' } });
    expect(quoteView(refused).coupon).toEqual({ state: 'refused', code: 'OLD' });
    expect(quoteView(refused).canBuy).toBe(true);
    expect(couponToSend(refused)).toBeUndefined();
    expect(couponToSend(quote())).toBeUndefined();
  });
});

describe('my plans', () => {
  it('shows on home the active plan that ends last', () => {
    const soon = purchase({ id: 'a', endsAt: '2026-03-10T00:00:00Z' });
    const later = purchase({ id: 'b', endsAt: '2026-04-10T00:00:00Z' });
    expect(pickActivePurchase([soon, later])?.id).toBe('b');
    expect(pickActivePurchase([purchase({ status: 'expired' })])).toBeNull();
    expect(pickActivePurchase([])).toBeNull();
  });
});
