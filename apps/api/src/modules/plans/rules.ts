import type { CouponRefusal } from '@orchard/shared';

/**
 * The pure rules the server applies itself: a coupon's discount and eligibility (the quote and
 * the wallet-credit redemption) and a refund's claw-back. The purchase applies the same coupon
 * rules in the database (plan_coupon_discount, plan_coupon_refusal in sql/, with the
 * commission levels in sql/plan_commission_lines.sql); test/plans-rules-sql.test.ts holds the two to the
 * same answers, so a quote never promises what the purchase refuses.
 */

export const DAY_MS = 86_400_000;

export interface CouponTerms {
  kind: 'percent_off' | 'amount_off' | 'wallet_credit';
  value: number;
  maxDiscount: number | null;
  minSpend: number;
  planIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  totalCap: number | null;
  perMemberCap: number;
  assignedMemberId: string | null;
  active: boolean;
  redeemedCount: number;
}

/** What a plan coupon takes off a price: never more than the price, never a fraction of a minor unit. */
export function discountFor(coupon: Pick<CouponTerms, 'kind' | 'value' | 'maxDiscount'>, price: number): number {
  if (coupon.kind === 'wallet_credit') return 0;
  if (coupon.kind === 'amount_off') return Math.min(coupon.value, price);
  // Integer arithmetic: price ≤ 10^12 and value ≤ 100, so the product stays exact.
  const percent = Math.floor((price * coupon.value) / 100);
  return Math.min(percent, coupon.maxDiscount ?? percent, price);
}

/** Why a coupon cannot be used (for redeeming it, or on a plan when `plan` is given), or null. */
export function couponRefusal(
  coupon: CouponTerms | undefined,
  context: { userId: string; now: Date; memberUses: number; plan?: { id: string; price: number } },
): CouponRefusal | null {
  if (!coupon) return 'not_found';
  if (!coupon.active) return 'inactive';
  if (coupon.assignedMemberId !== null && coupon.assignedMemberId !== context.userId) return 'not_yours';
  if (coupon.startsAt && context.now.getTime() < coupon.startsAt.getTime()) return 'not_started';
  if (coupon.endsAt && context.now.getTime() >= coupon.endsAt.getTime()) return 'expired';
  if (context.memberUses >= coupon.perMemberCap) return 'member_cap_reached';
  if (coupon.totalCap !== null && coupon.redeemedCount >= coupon.totalCap) return 'cap_reached';
  if (context.plan) {
    if (coupon.kind === 'wallet_credit') return 'wrong_kind';
    if (coupon.planIds.length > 0 && !coupon.planIds.includes(context.plan.id)) return 'not_for_plan';
    if (context.plan.price < coupon.minSpend) return 'below_minimum';
  }
  return null;
}

/**
 * The refusal a member is told. A coupon assigned to another member does not exist for them: the
 * same answer as a code nobody has (`not_found`), in whatever state it is, so a guesser cannot
 * tell which codes exist (and coupon-guesses.ts counts it as a miss).
 */
export function refusalForMember(
  coupon: Pick<CouponTerms, 'assignedMemberId'> | undefined,
  reason: CouponRefusal | null,
  userId: string,
): CouponRefusal | null {
  if (coupon && coupon.assignedMemberId !== null && coupon.assignedMemberId !== userId) return 'not_found';
  return reason === 'not_yours' ? 'not_found' : reason;
}

export const COUPON_REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  not_found: 'There is no coupon with this code.',
  inactive: 'This coupon is no longer offered.',
  not_started: 'This coupon cannot be used yet.',
  expired: 'This coupon has expired.',
  below_minimum: 'This plan costs less than the coupon’s minimum spend.',
  not_for_plan: 'This coupon is for other plans.',
  cap_reached: 'This coupon has been used as often as it may be.',
  member_cap_reached: 'You have used this coupon as often as you may.',
  not_yours: 'This coupon belongs to another member.',
  wrong_kind: 'This is a wallet credit code: redeem it on the Coupons page.',
};

/**
 * What a refund takes back from one released commission: as much as the upline has available,
 * the rest becomes their debt.
 */
export function clawBack(amount: number, available: number): { fromAvailable: number; toDebt: number } {
  const fromAvailable = Math.min(amount, Math.max(0, available));
  return { fromAvailable, toDebt: amount - fromAvailable };
}
