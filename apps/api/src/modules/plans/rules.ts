import type { CouponRefusal } from '@orchard/shared';
import type { CommissionSkipReason } from '../../db/schema/index';

/**
 * The pure rules of a purchase: discount, coupon eligibility and the three commission levels.
 * No database here, so the model test (test/plans-model.test.ts) checks the services against the
 * same arithmetic, and a rule reads the same wherever it is used.
 */

export const BASIS_POINTS = 10_000;
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

export interface ReferralRates {
  level1Bp: number;
  level2Bp: number;
  level3Bp: number;
  capBp: number;
  requireActivePlan: boolean;
}

export interface Upline {
  level: 1 | 2 | 3;
  userId: string;
  isFrozen: boolean;
  hasActivePlan: boolean;
}

export interface CommissionLine {
  level: 1 | 2 | 3;
  beneficiaryId: string | null;
  rateBp: number;
  amount: number;
  skipReason: CommissionSkipReason | null;
}

/**
 * The three levels of one purchase. Each level's amount is its rate of the price actually paid,
 * rounded down; the levels together never pass the cap (a level cut to nothing says `cap`). A level
 * that pays nothing says why. The rates used are returned with each line, to be stored with it.
 */
export function commissionLines(paid: number, rates: ReferralRates, uplines: readonly Upline[]): CommissionLine[] {
  const capTotal = Math.floor((paid * rates.capBp) / BASIS_POINTS);
  let paidOut = 0;
  const levelRates = [rates.level1Bp, rates.level2Bp, rates.level3Bp];
  return ([1, 2, 3] as const).map((level) => {
    const rateBp = levelRates[level - 1]!;
    const upline = uplines.find((candidate) => candidate.level === level);
    const skip = (skipReason: CommissionSkipReason): CommissionLine => ({
      level,
      beneficiaryId: upline?.userId ?? null,
      rateBp,
      amount: 0,
      skipReason,
    });
    if (!upline) return skip('no_upline');
    if (upline.isFrozen) return skip('frozen');
    if (rates.requireActivePlan && !upline.hasActivePlan) return skip('no_active_plan');
    const due = Math.floor((paid * rateBp) / BASIS_POINTS);
    if (due === 0) return skip('zero_amount');
    const amount = Math.min(due, capTotal - paidOut);
    if (amount <= 0) return skip('cap');
    paidOut += amount;
    return { level, beneficiaryId: upline.userId, rateBp, amount, skipReason: null };
  });
}

/**
 * What a refund takes back from one released commission: as much as the upline has available,
 * the rest becomes their debt.
 */
export function clawBack(amount: number, available: number): { fromAvailable: number; toDebt: number } {
  const fromAvailable = Math.min(amount, Math.max(0, available));
  return { fromAvailable, toDebt: amount - fromAvailable };
}

/** How a released commission splits: first what the member owes, the rest to their wallet. */
export function settleDebt(amount: number, owed: number): { toDebt: number; toAvailable: number } {
  const toDebt = Math.min(amount, Math.max(0, owed));
  return { toDebt, toAvailable: amount - toDebt };
}
