import type { AdminPurchase, RefundPurchaseBody } from '@orchard/shared';
import { AppError, notFound } from '../../errors';
import {
  ensureMemberAccounts,
  ledgerLimits,
  lockMemberBalances,
  postTransaction,
  resolveAccounts,
  withTransaction,
  type LedgerEntryInput,
} from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { assertMayActOn } from '../admin/account-policy';
import { recordConsoleAction, type ConsoleActor } from '../audit/console';
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
    const uplines = rows.filter((row) => MOVED.includes(row.status)).flatMap((row) => (row.beneficiaryId ? [row.beneficiaryId] : []));
    await assertMayActOn(tx, actor, 'refund', purchase.userId, { alsoMoves: uplines, missing: purchaseNotFound });
    if (purchase.status === 'refunded') throw new AppError('REFUND_NOT_ALLOWED', 409, 'This purchase was refunded already.');
    const settings = await repo.readSettings(tx);
    const windowEnds = purchase.createdAt.getTime() + settings.refundWindowDays * DAY_MS;
    const released = rows.filter((row) => row.status === 'available');
    if (!body.override && now.getTime() > windowEnds) {
      throw new AppError(
        'REFUND_NOT_ALLOWED',
        409,
        `The refund window of ${settings.refundWindowDays} days has passed. Refund with the override to go ahead anyway.`,
      );
    }
    if (!body.override && released.length > 0) {
      throw new AppError(
        'REFUND_NOT_ALLOWED',
        409,
        'A commission of this purchase was released already. Refund with the override to take it back from the upline.',
      );
    }

    const { member, platform } = await resolveAccounts(tx, purchase.userId, purchase.currency, [
      'platform_plan_revenue',
      'platform_promotions_expense',
      'platform_commission_expense',
    ]);
    const entries: LedgerEntryInput[] = [{ accountId: platform.platform_plan_revenue, amount: -purchase.price }];
    if (purchase.paid > 0) entries.push({ accountId: member.available, amount: purchase.paid });
    if (purchase.discount > 0) entries.push({ accountId: platform.platform_promotions_expense, amount: purchase.discount });
    let commissionBack = 0;
    const clawed: Record<string, { fromAvailable: number; toDebt: number }> = {};
    for (const row of rows) {
      // A commission on review sits in the pending account too, and is taken back the same way.
      if (row.status !== 'pending' && row.status !== 'review' && row.status !== 'available') continue;
      const upline = await ensureMemberAccounts(tx, row.beneficiaryId!, purchase.currency);
      commissionBack += row.amount;
      if (row.status === 'pending' || row.status === 'review') {
        entries.push({ accountId: upline.commissionPending, amount: -row.amount });
        continue;
      }
      const balances = await lockMemberBalances(tx, [upline.available, upline.debt]);
      const split = clawBack(row.amount, balances.get(upline.available) ?? 0);
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

    for (const row of rows) {
      if (row.status === 'pending' || row.status === 'review' || row.status === 'available')
        await repo.markCommission(tx, row.id, { status: 'reversed', reversedAt: now });
    }
    if (purchase.couponId) {
      await repo.returnCouponUse(tx, purchase.couponId, purchase.userId);
      await repo.markRedemptionReturned(tx, purchaseId, now);
    }
    await repo.uncountMemberPurchase(tx, purchase.planId, purchase.userId);
    await repo.releaseStockUnit(tx, purchaseId);
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
