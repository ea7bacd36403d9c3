import { randomUUID } from 'node:crypto';
import type { CouponRefusal, Purchase, PurchasePlanBody, PurchaseQuote } from '@orchard/shared';
import { AppError } from '../../errors';
import {
  ensureMembersAccounts,
  getMemberBalances,
  IdempotencyKeyReusedError,
  ledgerLimits,
  postTransaction,
  resolveAccounts,
  withTransaction,
  type LedgerEntryInput,
} from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { planNotFound } from './catalog';
import { releaseCommission } from './commissions';
import * as repo from './repository';
import { commissionLines, COUPON_REFUSAL_MESSAGES, couponRefusal, DAY_MS, discountFor } from './rules';
import { isInSaleWindow, toPurchaseView } from './views';

export class CouponNotApplicableError extends AppError {
  constructor(
    readonly reason: CouponRefusal,
    field: 'coupon' | 'code',
  ) {
    super('COUPON_NOT_APPLICABLE', 422, COUPON_REFUSAL_MESSAGES[reason], { [field]: COUPON_REFUSAL_MESSAGES[reason] });
  }
}

const notOnSale = () => new AppError('PLAN_NOT_ON_SALE', 409, 'This plan is not on sale now.');
const soldOut = () => new AppError('PLAN_SOLD_OUT', 409, 'This plan is sold out.');
const limitReached = (limit: number) =>
  new AppError('PLAN_LIMIT_REACHED', 409, `You have bought this plan ${limit === 1 ? 'once' : `${limit} times`}, which is the limit.`);

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
    const reason = couponRefusal(row, { userId, now, memberUses: uses, plan: { id: plan.id, price: plan.price } });
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

/**
 * Buys a plan from the wallet: one database transaction holds the member's debit (never below
 * zero), the plan revenue, the coupon's discount and its use, the three commission levels, the
 * per-member limit and the stock. `requestKey` (the member's Idempotency-Key) is stored on the
 * purchase, so a retry, a double tap or a second device with the same key gets this purchase back
 * and nothing moves twice.
 */
export async function purchasePlan(
  deps: ServiceDeps,
  userId: string,
  planId: string,
  body: PurchasePlanBody,
  requestKey: string,
): Promise<Purchase> {
  if (!isUuid(planId)) throw planNotFound();
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    // Two requests with one key at once: the second waits here, then finds the first one's purchase.
    await repo.lockPurchaseKey(tx, userId, requestKey);
    const existing = await repo.findPurchaseByKey(tx, userId, requestKey);
    if (existing) {
      if (existing.planId !== planId || (existing.couponCode ?? undefined) !== body.coupon) throw new IdempotencyKeyReusedError();
      return toPurchaseView(existing, now);
    }
    const plan = await repo.findPlan(tx, planId);
    if (!plan || !plan.active) throw planNotFound();
    if (!isInSaleWindow(plan, now)) throw notOnSale();

    const coupon = body.coupon === undefined ? undefined : await repo.findCouponByCode(tx, body.coupon);
    if (body.coupon !== undefined) {
      const uses = coupon ? await repo.memberCouponUses(tx, coupon.id, userId) : 0;
      const reason = couponRefusal(coupon, { userId, now, memberUses: uses, plan: { id: plan.id, price: plan.price } });
      if (reason) throw new CouponNotApplicableError(reason, 'coupon');
    }
    const discount = coupon ? discountFor(coupon, plan.price) : 0;
    const paid = plan.price - discount;
    if (body.expectedToPay !== undefined && body.expectedToPay !== paid) {
      throw new AppError(
        'PRICE_CHANGED',
        409,
        `The price is now ${paid} (minor units), not ${body.expectedToPay}. Check it and confirm again.`,
      );
    }

    // The guards, each a conditional write whose row lock covers only what it guards.
    if (!(await repo.countMemberPurchase(tx, planId, userId, plan.perMemberLimit))) throw limitReached(plan.perMemberLimit ?? 0);
    if (coupon) {
      if (!(await repo.countMemberCouponUse(tx, coupon.id, userId, coupon.perMemberCap, now)))
        throw new CouponNotApplicableError('member_cap_reached', 'coupon');
      if (!(await repo.countCouponRedemption(tx, coupon.id))) throw new CouponNotApplicableError('cap_reached', 'coupon');
    }
    const purchaseId = randomUUID();
    // Sold out for certain: no free unit at all (units being claimed right now still count as free).
    if (plan.stock !== null && ((await repo.remainingStock(tx, [planId])).get(planId) ?? 0) === 0) throw soldOut();

    const settings = await repo.readSettings(tx);
    const lines = commissionLines(paid, settings, await repo.findUplines(tx, userId, now));
    const paying = lines.filter((line) => line.skipReason === null);
    const commissionTotal = paying.reduce((sum, line) => sum + line.amount, 0);

    const { member, platform } = await resolveAccounts(tx, userId, plan.currency, [
      'platform_plan_revenue',
      'platform_promotions_expense',
      'platform_commission_expense',
    ]);
    const entries: LedgerEntryInput[] = [{ accountId: platform.platform_plan_revenue, amount: plan.price }];
    if (paid > 0) entries.push({ accountId: member.available, amount: -paid });
    if (discount > 0) entries.push({ accountId: platform.platform_promotions_expense, amount: -discount });
    if (commissionTotal > 0) entries.push({ accountId: platform.platform_commission_expense, amount: -commissionTotal });
    const uplines = await ensureMembersAccounts(
      tx,
      paying.map((line) => line.beneficiaryId!),
      plan.currency,
    );
    for (const line of paying) entries.push({ accountId: uplines.get(line.beneficiaryId!)!.commissionPending, amount: line.amount });
    const posted = await postTransaction(tx, {
      kind: 'plan_purchase',
      idempotencyKey: `purchase:${purchaseId}`,
      entries,
      memo: `Plan: ${plan.name}`,
      refs: { purchaseId, planId },
      at: now,
      limits: ledgerLimits(deps.config),
    });
    // The unit is claimed only once the wallet has paid: claimStockUnit passes over units that other
    // purchases hold (SKIP LOCKED), so a purchase about to fail (not enough money) must hold none,
    // or members who can pay are told "sold out" while units are left.
    if (plan.stock !== null && !(await repo.claimStockUnit(tx, planId, purchaseId))) throw soldOut();

    const purchase = await repo.insertPurchase(tx, {
      id: purchaseId,
      userId,
      planId,
      requestKey,
      planName: plan.name,
      durationDays: plan.durationDays,
      currency: plan.currency,
      price: plan.price,
      discount,
      paid,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      startsAt: now,
      endsAt: new Date(now.getTime() + plan.durationDays * DAY_MS),
      status: 'active',
      ledgerTransactionId: posted.transactionId,
      createdAt: now,
    });
    if (coupon) {
      await repo.insertRedemption(tx, {
        couponId: coupon.id,
        userId,
        purchaseId,
        amount: discount,
        status: 'applied',
        ledgerTransactionId: posted.transactionId,
        createdAt: now,
      });
    }
    const releaseAt = new Date(now.getTime() + settings.holdDays * DAY_MS);
    const rows = await repo.insertCommissions(
      tx,
      lines.map((line) => ({
        purchaseId,
        level: line.level,
        beneficiaryId: line.beneficiaryId,
        rateBp: line.rateBp,
        amount: line.amount,
        status: line.skipReason ? ('skipped' as const) : ('pending' as const),
        skipReason: line.skipReason,
        releaseAt: line.skipReason ? null : releaseAt,
        createdAt: now,
      })),
    );
    // No holding period: the commissions are available with the purchase itself.
    if (settings.holdDays === 0) {
      for (const row of rows) {
        if (row.status !== 'pending') continue;
        await releaseCommission(
          tx,
          deps,
          { id: row.id, beneficiaryId: row.beneficiaryId!, amount: row.amount, currency: plan.currency, purchaseId },
          now,
        );
      }
    }
    return toPurchaseView(purchase, now);
  });
}
