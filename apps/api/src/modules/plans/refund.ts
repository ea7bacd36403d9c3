import { sql } from 'drizzle-orm';
import type { AdminPurchase, RefundPurchaseBody } from '@orchard/shared';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  ensureMemberAccounts,
  ledgerLimits,
  lockMemberBalances,
  postTransaction,
  resolveAccounts,
  withTransaction,
  type LedgerEntryInput,
  type MemberAccounts,
} from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { assertMayActOn } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { toAdminPurchase } from './purchases-console';
import * as repo from './repository';
import { clawBack, DAY_MS } from './rules';

const purchaseNotFound = () => notFound('No such purchase.');
/** The commissions a refund takes back (a commission on review sits in the pending account too). */
const MOVED: readonly string[] = ['pending', 'review', 'available'];

/**
 * Refunds a purchase in one transaction: the member gets back what they paid, the plan ends, the
 * coupon use is returned, pending commissions are reversed. Past the refund window, or once a
 * commission of it was released, only with `override`: a released commission is then taken back
 * from the upline's available balance as far as it goes, and the rest becomes their debt, which
 * their next released commissions settle first. A wallet never goes below zero.
 *
 * Locks, in the one lock order (apps/api/src/ledger/README.md): the purchase, its commissions in
 * ascending id order, its stock unit and its coupon; then the member's guard rows (the plan's
 * per-member count, then the coupon's per-member uses); then EVERY member account the refund
 * touches (the buyer's wallet, each upline's pending, available and debt accounts) in one
 * statement in ascending id order, before any balance is read or posted; last the team totals
 * (the purchase's status, then its commissions'). Taken upline by upline the accounts were out of
 * id order, and a refund deadlocked with a release or a purchase on the same uplines.
 */
export async function refundPurchase(
  deps: ServiceDeps,
  actor: ConsoleActor,
  purchaseId: string,
  body: RefundPurchaseBody,
): Promise<AdminPurchase> {
  if (!isUuid(purchaseId)) throw purchaseNotFound();
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const purchase = await repo.findPurchase(tx, purchaseId, { lock: true });
    if (!purchase) throw purchaseNotFound();
    const rows = await repo.commissionsOf(tx, [purchaseId], { lock: true });
    // The buyer is paid back and the uplines' commissions taken back: none of them may be the actor.
    const movedFrom = rows.filter((row) => MOVED.includes(row.status)).flatMap((row) => (row.beneficiaryId ? [row.beneficiaryId] : []));
    await assertMayActOn(tx, actor, 'refund', purchase.userId, { alsoMoves: movedFrom, missing: purchaseNotFound });
    if (purchase.status === 'refunded') throw new AppError('REFUND_NOT_ALLOWED', 'This purchase was refunded already.');
    const settings = await repo.readSettings(tx);
    const windowEnds = purchase.createdAt.getTime() + settings.refundWindowDays * DAY_MS;
    const released = rows.filter((row) => row.status === 'available');
    if (!body.override && now.getTime() > windowEnds) {
      throw new AppError(
        'REFUND_NOT_ALLOWED',
        `The refund window of ${settings.refundWindowDays} days has passed. Refund with the override to go ahead anyway.`,
      );
    }
    if (!body.override && released.length > 0) {
      throw new AppError(
        'REFUND_NOT_ALLOWED',
        'A commission of this purchase was released already. Refund with the override to take it back from the upline.',
      );
    }

    // The stock unit and the coupon, then the member's guard rows: before any ledger account.
    await repo.releaseStockUnit(tx, purchaseId);
    if (purchase.couponId) await lockCoupon(tx, purchase.couponId);
    await repo.uncountMemberPurchase(tx, purchase.planId, purchase.userId);
    if (purchase.couponId) {
      await repo.returnCouponUse(tx, purchase.couponId, purchase.userId);
      await repo.markRedemptionReturned(tx, purchaseId, now);
    }

    // A commission on review sits in the pending account too, and is taken back the same way.
    const reversed = rows.filter((row) => row.status === 'pending' || row.status === 'review' || row.status === 'available');
    const { member, platform } = await resolveAccounts(tx, purchase.userId, purchase.currency, [
      'platform_plan_revenue',
      'platform_promotions_expense',
      'platform_commission_expense',
    ]);
    const uplines = new Map<string, MemberAccounts>();
    for (const row of reversed) {
      if (!uplines.has(row.beneficiaryId!))
        uplines.set(row.beneficiaryId!, await ensureMemberAccounts(tx, row.beneficiaryId!, purchase.currency));
    }
    const touched = [purchase.paid > 0 ? member.available : undefined];
    for (const row of reversed) {
      const upline = uplines.get(row.beneficiaryId!)!;
      touched.push(...(row.status === 'available' ? [upline.available, upline.debt] : [upline.commissionPending]));
    }
    // Every member account of the refund in one statement, ascending id: the balances read here
    // (for the claw-back) stay as read until the posting below.
    const balances = await lockMemberBalances(
      tx,
      touched.filter((id): id is number => id !== undefined),
    );

    const entries: LedgerEntryInput[] = [{ accountId: platform.platform_plan_revenue, amount: -purchase.price }];
    if (purchase.paid > 0) entries.push({ accountId: member.available, amount: purchase.paid });
    if (purchase.discount > 0) entries.push({ accountId: platform.platform_promotions_expense, amount: purchase.discount });
    let commissionBack = 0;
    const clawed: Record<string, { fromAvailable: number; toDebt: number }> = {};
    for (const row of reversed) {
      const upline = uplines.get(row.beneficiaryId!)!;
      commissionBack += row.amount;
      if (row.status === 'pending' || row.status === 'review') {
        entries.push({ accountId: upline.commissionPending, amount: -row.amount });
        continue;
      }
      const available = balances.get(upline.available) ?? 0;
      const split = clawBack(row.amount, available);
      // Two released commissions to one upline take from what the first one left.
      balances.set(upline.available, available - split.fromAvailable);
      clawed[row.id] = split;
      if (split.fromAvailable > 0) entries.push({ accountId: upline.available, amount: -split.fromAvailable });
      if (split.toDebt > 0) entries.push({ accountId: upline.debt, amount: -split.toDebt });
    }
    if (commissionBack > 0) entries.push({ accountId: platform.platform_commission_expense, amount: commissionBack });
    const posted = await postTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `refund:${purchaseId}`,
      entries,
      memo: `Refund: ${purchase.planName}`,
      refs: { purchaseId, planId: purchase.planId },
      at: now,
      limits: ledgerLimits(deps.config),
    });

    // The purchase before its commissions: their triggers keep the team totals, the buyer's row
    // first, then the uplines' by level (the lock order's last step).
    const updated = await repo.updatePurchase(tx, purchaseId, {
      status: 'refunded',
      refundedAt: now,
      refundReason: body.reason,
      refundedBy: actor.operatorId,
      refundTransactionId: posted.transactionId,
      // The plan ends with the refund; one that had ended already keeps its end (a refund past the
      // window, with the override, must not make the plan look as if it ran until the refund).
      endsAt: now.getTime() > purchase.startsAt.getTime() && now.getTime() < purchase.endsAt.getTime() ? now : purchase.endsAt,
    });
    for (const row of reversed) await repo.markCommission(tx, row.id, { status: 'reversed', reversedAt: now });
    await recordConsoleAction(tx, actor, {
      action: 'purchase.refund',
      subjectType: 'purchase',
      subjectId: purchaseId,
      detail: {
        member: purchase.userId,
        paid: purchase.paid,
        reason: body.reason,
        override: body.override,
        commissionsReversed: commissionBack,
        clawedBack: clawed,
        transactionId: posted.transactionId,
      },
      at: now,
    });
    return toAdminPurchase(tx, updated, settings.refundWindowDays, now);
  });
}

/** The coupon's row, locked before the member's guard rows (the lock order) and updated after them. */
async function lockCoupon(tx: Tx, couponId: string): Promise<void> {
  await tx.execute(sql`select 1 from coupons where id = ${couponId} for no key update`);
}
