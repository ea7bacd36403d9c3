import { couponRefusalSchema, type CouponRefusal, type Purchase, type PurchasePlanBody, type PurchaseQuote } from '@orchard/shared';
import { AppError } from '../../errors';
import { getMemberBalances, ledgerLimits, ledgerRefusalError, moneyRefusalOf, withRetries, type MoneyRefusal } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { planNotFound } from './catalog';
import * as repo from './repository';
import { COUPON_REFUSAL_MESSAGES, couponRefusal, discountFor, refusalForMember } from './rules';
import { isInSaleWindow, toPurchaseView } from './views';

/** A coupon refused, as the member is told it (`not_yours` reads as `not_found`: rules.ts refusalForMember). */
export class CouponNotApplicableError extends AppError {
  readonly reason: CouponRefusal;
  constructor(reason: CouponRefusal, field: 'coupon' | 'code') {
    const told = refusalForMember(undefined, reason, '') ?? 'not_found';
    super('COUPON_NOT_APPLICABLE', COUPON_REFUSAL_MESSAGES[told], { [field]: COUPON_REFUSAL_MESSAGES[told] });
    this.reason = told;
  }
}

const notOnSale = () => new AppError('PLAN_NOT_ON_SALE', 'This plan is not on sale now.');
const soldOut = () => new AppError('PLAN_SOLD_OUT', 'This plan is sold out.');
const limitReached = (limit: number) =>
  new AppError(
    'PLAN_LIMIT_REACHED',
    limit === 1 ? 'You have bought this plan once, which is the limit.' : `You have bought this plan ${limit} times, which is the limit.`,
  );

/** What a member would pay for a plan with an optional coupon, and why it could not be bought now. Changes nothing. */
export async function quotePurchase(
  deps: ServiceDeps,
  userId: string,
  planId: string,
  couponCode: string | undefined,
): Promise<PurchaseQuote> {
  if (!isUuid(planId)) throw planNotFound();
  const now = deps.clock.now();
  const plan = await repo.findPlan(deps.db, planId);
  if (!plan || !plan.active) throw planNotFound();
  let discount = 0;
  let coupon: PurchaseQuote['coupon'] = null;
  if (couponCode !== undefined) {
    const row = await repo.findCouponByCode(deps.db, couponCode);
    const uses = row ? await repo.memberCouponUses(deps.db, row.id, userId) : 0;
    const reason = refusalForMember(
      row,
      couponRefusal(row, { userId, now, memberUses: uses, plan: { id: plan.id, price: plan.price } }),
      userId,
    );
    if (row && reason === null) discount = discountFor(row, plan.price);
    coupon = { code: couponCode, applies: reason === null, reason, message: reason ? COUPON_REFUSAL_MESSAGES[reason] : null };
  }
  const [remaining, bought, balances] = await Promise.all([
    repo.remainingStock(deps.db, [planId]),
    repo.boughtCounts(deps.db, userId, [planId]),
    getMemberBalances(deps.db, userId, plan.currency),
  ]);
  const toPay = plan.price - discount;
  let blocked: PurchaseQuote['blocked'] = null;
  if (!isInSaleWindow(plan, now)) blocked = 'not_on_sale';
  else if (plan.stock !== null && (remaining.get(planId) ?? 0) === 0) blocked = 'sold_out';
  else if (plan.perMemberLimit !== null && (bought.get(planId) ?? 0) >= plan.perMemberLimit) blocked = 'limit_reached';
  return {
    planId,
    currency: plan.currency,
    price: plan.price,
    discount,
    toPay,
    available: balances.available,
    shortfall: Math.max(0, toPay - balances.available),
    coupon,
    blocked,
  };
}

/** A refusal of the database's plan_purchase (sql/plan_purchase.sql) as the 4xx it stands for. */
function purchaseRefusalError(refusal: MoneyRefusal | undefined): AppError | undefined {
  if (!refusal) return undefined;
  const { code, detail } = refusal;
  switch (code) {
    case 'PLAN_NOT_FOUND':
      return planNotFound();
    case 'PLAN_NOT_ON_SALE':
      return notOnSale();
    case 'PLAN_SOLD_OUT':
      return soldOut();
    case 'PLAN_LIMIT_REACHED':
      return limitReached(Number(detail.limit ?? 0));
    case 'COUPON_NOT_APPLICABLE':
      return new CouponNotApplicableError(couponRefusalSchema.catch('not_found').parse(detail.reason), 'coupon');
    case 'PRICE_CHANGED':
      return new AppError(
        'PRICE_CHANGED',
        `The price is now ${Number(detail.toPay)} (minor units), not ${Number(detail.expected)}. Check it and confirm again.`,
      );
    default:
      return ledgerRefusalError(refusal);
  }
}

export interface PurchaseOutcome {
  purchase: Purchase;
  /** The member's Idempotency-Key had bought this before: nothing moved this time. */
  replayed: boolean;
}

/**
 * Buys a plan from the wallet: one database transaction holds the member's debit (never below
 * zero), the plan revenue, the coupon's discount and its use, the three commission levels, the
 * per-member limit and the stock. It is one call of the database function `plan_purchase`
 * (sql/plan_purchase.sql, docs/decisions/0012): one round trip. `requestKey` (the member's
 * Idempotency-Key) is stored on the purchase, so a retry, a double tap or a second device with
 * the same key gets this purchase back and nothing moves twice.
 */
export async function purchasePlan(
  deps: ServiceDeps,
  userId: string,
  planId: string,
  body: PurchasePlanBody,
  requestKey: string,
): Promise<PurchaseOutcome> {
  if (!isUuid(planId)) throw planNotFound();
  const now = deps.clock.now();
  try {
    const { purchase, replayed } = await withRetries(() =>
      repo.buyPlan(deps.db, {
        userId,
        planId,
        requestKey,
        coupon: body.coupon ?? null,
        expectedToPay: body.expectedToPay ?? null,
        at: now,
        limits: ledgerLimits(deps.config),
      }),
    );
    return { purchase: toPurchaseView(purchase, now), replayed };
  } catch (error) {
    const refusal = moneyRefusalOf(error);
    if (refusal?.code === 'COUPON_NOT_APPLICABLE' && body.coupon) {
      // The database says why (migration 0510); the member is told it as refusalForMember says.
      const coupon = await repo.findCouponByCode(deps.db, body.coupon);
      const reason = refusalForMember(coupon, couponRefusalSchema.catch('not_found').parse(refusal.detail.reason), userId);
      throw new CouponNotApplicableError(reason ?? 'not_found', 'coupon');
    }
    throw purchaseRefusalError(refusal) ?? error;
  }
}
