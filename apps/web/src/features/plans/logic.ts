import type { CouponRefusal, MyCoupon, Plan, Purchase, PurchaseQuote } from '@orchard/shared';
import { formatPercent } from '../../lib/format';
import type { PlansT } from './messages';

/** Money in minor units → text with its currency (the caller binds formatMoney to the currency). */
export type MoneyText = (minor: number) => string;

// ---------------------------------------------------------------- plans

export type Availability = 'on_sale' | 'upcoming' | 'ended' | 'sold_out' | 'limit_reached' | 'not_on_sale';

/**
 * Whether a plan can be bought, and if not, why, in the order a member would want to hear it:
 * a limit they reached is about them; sold out and sale dates are about the plan. `now` is the
 * server's time (serverTime), so a phone with a wrong clock reads the same answer.
 */
export function planAvailability(plan: Plan, now: number = Date.parse(plan.serverTime)): Availability {
  if (plan.perMemberLimit !== null && plan.boughtByMe >= plan.perMemberLimit) return 'limit_reached';
  if (plan.remainingStock !== null && plan.remainingStock <= 0) return 'sold_out';
  if (plan.saleStartsAt && Date.parse(plan.saleStartsAt) > now) return 'upcoming';
  if (plan.saleEndsAt && Date.parse(plan.saleEndsAt) <= now) return 'ended';
  return plan.onSale ? 'on_sale' : 'not_on_sale';
}

/** "You have 1 of 2" once bought, "Up to 2 per member" before; null without a limit. */
export function limitText(plan: Pick<Plan, 'perMemberLimit' | 'boughtByMe'>, t: PlansT): string | null {
  if (plan.perMemberLimit === null) return null;
  return plan.boughtByMe > 0
    ? t('plan.limitMine', { mine: plan.boughtByMe, limit: plan.perMemberLimit })
    : t('plan.limitOpen', { limit: plan.perMemberLimit });
}

export { serverAlignedDeadline } from '../../lib/server-time';

/** The units a countdown shows: days while a day or more is left, seconds only in the last hour. */
export function countdownUnits(remainingMs: number): Array<'days' | 'hours' | 'minutes' | 'seconds'> {
  if (remainingMs >= 86_400_000) return ['days', 'hours', 'minutes'];
  if (remainingMs >= 3_600_000) return ['hours', 'minutes', 'seconds'];
  return ['minutes', 'seconds'];
}

/** When a plan bought now would end (for the confirm sheet; the server sets the real dates). */
export function endIfBoughtNow(durationDays: number, now: number = Date.now()): Date {
  return new Date(now + durationDays * 86_400_000);
}

// ---------------------------------------------------------------- coupons

/**
 * A coupon's kind and value in words: "10% off, up to $5.00", "$3.00 off", "$2.00 wallet credit".
 * The percentage is written the language's way (Intl: "10%", "10 %"), as the console writes it.
 */
export function couponValueText(
  coupon: Pick<MyCoupon, 'kind' | 'value' | 'maxDiscount'>,
  money: MoneyText,
  t: PlansT,
  locale?: string,
): string {
  switch (coupon.kind) {
    case 'percent_off': {
      const percent = formatPercent(coupon.value * 100, locale);
      return coupon.maxDiscount === null
        ? t('coupons.percentOff', { percent })
        : t('coupons.percentOffMax', { percent, max: money(coupon.maxDiscount) });
    }
    case 'amount_off':
      return t('coupons.amountOff', { amount: money(coupon.value) });
    case 'wallet_credit':
      return t('coupons.walletCredit', { amount: money(coupon.value) });
  }
}

export type CouponState = MyCoupon['state'];
export const COUPON_STATES: readonly CouponState[] = ['available', 'used', 'expired'];

/** The member's coupons by state, each group in the order the API gave. */
export function couponsByState(items: readonly MyCoupon[]): Record<CouponState, MyCoupon[]> {
  const groups: Record<CouponState, MyCoupon[]> = { available: [], used: [], expired: [] };
  for (const coupon of items) groups[coupon.state].push(coupon);
  return groups;
}

/** The date a coupon card names: when it was used, when it ended, from or until when it is valid. */
export function couponWhen(
  coupon: Pick<MyCoupon, 'state' | 'startsAt' | 'endsAt' | 'lastUsedAt'>,
  now: number,
): { kind: 'usedOn' | 'endedOn' | 'validFrom' | 'validUntil'; at: string } | { kind: 'noEnd'; at: null } {
  if (coupon.state === 'used' && coupon.lastUsedAt) return { kind: 'usedOn', at: coupon.lastUsedAt };
  if (coupon.state === 'expired' && coupon.endsAt) return { kind: 'endedOn', at: coupon.endsAt };
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return { kind: 'validFrom', at: coupon.startsAt };
  return coupon.endsAt ? { kind: 'validUntil', at: coupon.endsAt } : { kind: 'noEnd', at: null };
}

/**
 * The member's coupons worth offering at checkout of this plan: plan coupons still available,
 * with a use left, for this plan (or every plan), and whose minimum spend the price meets.
 */
export function couponsForPlan(items: readonly MyCoupon[], plan: Pick<Plan, 'id' | 'price'>): MyCoupon[] {
  return items.filter(
    (coupon) =>
      coupon.state === 'available' &&
      coupon.kind !== 'wallet_credit' &&
      coupon.usesLeft > 0 &&
      coupon.minSpend <= plan.price &&
      (coupon.plans.length === 0 || coupon.plans.some((entry) => entry.id === plan.id)),
  );
}

/**
 * Why a coupon does not apply, in words. English readers get the server's sentence when it has
 * one (it can name the amount, like the error catalogue's rule in locales/errors.ts); other
 * languages, and answers without one, get the catalogue's sentence for the reason, with the
 * minimum spend filled in when the member's own coupon says what it is.
 */
export function refusalText(
  coupon: { reason: CouponRefusal | null; message: string | null },
  t: PlansT,
  { locale = 'en', minSpend, money }: { locale?: string; minSpend?: number; money?: MoneyText } = {},
): string {
  if (locale.split('-')[0] === 'en' && coupon.message) return coupon.message;
  if (coupon.reason === 'below_minimum' && minSpend !== undefined && minSpend > 0 && money)
    return t('refusal.below_minimum_amount', { amount: money(minSpend) });
  if (coupon.reason) return t(`refusal.${coupon.reason}`);
  return coupon.message ?? t('refusal.unknown');
}

// ---------------------------------------------------------------- quote

type QuoteBlock = NonNullable<PurchaseQuote['blocked']>;

export interface QuoteView {
  /** The coupon line: none asked, applied (with its discount), or refused. */
  coupon: { state: 'none' } | { state: 'applied'; code: string } | { state: 'refused'; code: string };
  /** What the member's balance would be after buying (never below zero: then the shortfall shows). */
  balanceAfter: number;
  /** Missing from the balance; 0 when it covers the price. */
  shortfall: number;
  /** The plan cannot be bought now, whatever the balance. */
  blocked: QuoteBlock | null;
  /** All clear: the buy button works. */
  canBuy: boolean;
}

/** What the quote means for the page: the coupon line, the balance after, and whether Buy is open. */
export function quoteView(quote: PurchaseQuote): QuoteView {
  const coupon: QuoteView['coupon'] = !quote.coupon
    ? { state: 'none' }
    : quote.coupon.applies
      ? { state: 'applied', code: quote.coupon.code }
      : { state: 'refused', code: quote.coupon.code };
  const shortfall = Math.max(0, quote.shortfall);
  return {
    coupon,
    balanceAfter: Math.max(0, quote.available - quote.toPay),
    shortfall,
    blocked: quote.blocked,
    canBuy: quote.blocked === null && shortfall === 0,
  };
}

/** The coupon to send with a purchase: only one the quote accepted (a refused one would fail the purchase). */
export function couponToSend(quote: PurchaseQuote): string | undefined {
  return quote.coupon?.applies ? quote.coupon.code : undefined;
}

// ---------------------------------------------------------------- purchases

/** The active plan /home shows: the one that ends last (the member is covered until then). */
export function pickActivePurchase(items: readonly Purchase[]): Purchase | null {
  let best: Purchase | null = null;
  for (const item of items) {
    if (item.status !== 'active') continue;
    if (!best || Date.parse(item.endsAt) > Date.parse(best.endsAt)) best = item;
  }
  return best;
}
