import type { AdminPurchase, RefundPurchaseBody, SentForApproval } from '@orchard/shared';
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
import * as approvals from '../approvals/index';
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
  requestKey?: string,
): Promise<{ purchase: AdminPurchase; sent?: undefined } | { sent: SentForApproval; replayed: boolean }> {
  if (!isUuid(purchaseId)) throw purchaseNotFound();
  try {
    const refunded = await withTransaction(deps.db, (tx) => refundIn(tx, deps, actor, purchaseId, body, requestKey ? 'gated' : null));
    return { purchase: refunded.purchase };
  } catch (error) {
    if (!(error instanceof OverThreshold) || !requestKey) throw error;
    // Nothing moved (the transaction rolled back): the override waits for a second person.
    const { approval, replayed } = await approvals.requestApproval(deps, actor, {
      kind: 'refund_override',
      payload: { purchaseId, planName: error.planName, reason: body.reason, override: true },
      amount: error.debt,
      subjectUserId: error.memberId,
      key: requestKey,
    });
    return { sent: { approval }, replayed };
  }
}

/** Thrown inside the refund's transaction (rolling it back) when the debt it would create is over the approval threshold. */
class OverThreshold extends Error {
  constructor(
    readonly debt: number,
    readonly memberId: string,
    readonly planName: string,
  ) {
    super('the refund override waits for a second person');
  }
}

interface ApprovedBy {
  approver: ConsoleActor;
  approvalId: string;
}

/**
 * The refund itself, in `tx`. `gate` 'gated' (the operator's own request): a claw-back whose debt is
 * over the approval threshold throws OverThreshold before anything is posted. An approved request
 * (`gate` = the approver): never gated; the account rules are the approver's, and both names go on
 * the ledger transaction and the audit row. Its ledger key stays `refund:<purchase>`, so a purchase
 * is refunded once whichever way (and however many requests were approved for it).
 */
async function refundIn(
  tx: Tx,
  deps: ServiceDeps,
  actor: ConsoleActor,
  purchaseId: string,
  body: RefundPurchaseBody,
  gate: 'gated' | ApprovedBy | null,
) {
  const approved = gate !== null && gate !== 'gated' ? gate : null;
  const now = deps.clock.now();
  const purchase = await repo.findPurchase(tx, purchaseId, { lock: true });
  if (!purchase) throw purchaseNotFound();
  const rows = await repo.commissionsOf(tx, [purchaseId], { lock: true });
  // The buyer is paid back and the uplines' commissions taken back: none of them may be the actor.
  const movedFrom = rows.filter((row) => MOVED.includes(row.status)).flatMap((row) => (row.beneficiaryId ? [row.beneficiaryId] : []));
  await assertMayActOn(tx, approved?.approver ?? actor, 'refund', purchase.userId, { alsoMoves: movedFrom, missing: purchaseNotFound });
  if (purchase.status === 'refunded') throw new AppError('REFUND_NOT_ALLOWED', 'This purchase was refunded already.');
  const settings = await repo.readSettings(tx);
  assertRefundAllowed(purchase, rows, settings, body.override, now);

  await returnLimits(tx, purchase, now);
  // A commission on review sits in the pending account too, and is taken back the same way.
  const reversed = rows.filter((row) => MOVED.includes(row.status));
  const accounts = await lockRefundAccounts(tx, purchase, reversed);
  const { entries, commissionBack, clawed } = refundEntries(purchase, reversed, accounts);
  const debt = Object.values(clawed).reduce((sum, split) => sum + split.toDebt, 0);
  if (gate === 'gated' && debt > 0 && (await approvals.needsApproval(deps, debt, tx))) {
    throw new OverThreshold(debt, purchase.userId, purchase.planName);
  }
  const approval: Record<string, string> = approved ? { approvedBy: approved.approver.operatorId, approvalId: approved.approvalId } : {};
  const posted = await postTransaction(tx, {
    kind: 'refund',
    idempotencyKey: `refund:${purchaseId}`,
    entries,
    memo: `Refund: ${purchase.planName}`,
    refs: { purchaseId, planId: purchase.planId, ...approval },
    at: now,
    limits: ledgerLimits(deps.config),
  });
  const updated = await markRefunded(tx, purchase, reversed, {
    by: actor.operatorId,
    reason: body.reason,
    transactionId: posted.transactionId,
    now,
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
      ...approval,
    },
    at: now,
  });
  return { purchase: await toAdminPurchase(tx, updated, settings.refundWindowDays, now), transactionId: posted.transactionId };
}

/**
 * A refund override a second person approved (modules/approvals), run in the approving transaction:
 * the requester stays the one who refunded, the approver is named beside them.
 */
export const refundOverrideApproval: approvals.ApprovalAction = {
  permission: 'purchases',
  accountAction: 'refund',
  apply: async (tx, deps, request, approver) => {
    const payload = request.payload as { purchaseId: string; reason: string };
    const requester = { ...approver, operatorId: request.requestedBy };
    const approval = { approver, approvalId: request.id };
    const refunded = await refundIn(tx, deps, requester, payload.purchaseId, { reason: payload.reason, override: true }, approval);
    return { transactionId: String(refunded.transactionId) };
  },
};

/** Past the refund window, or once a commission was released, a refund needs the override. */
function assertRefundAllowed(
  purchase: repo.PurchaseRow,
  rows: repo.CommissionRow[],
  settings: Pick<repo.SettingsRow, 'refundWindowDays'>,
  override: boolean | undefined,
  now: Date,
) {
  const windowEnds = purchase.createdAt.getTime() + settings.refundWindowDays * DAY_MS;
  if (!override && now.getTime() > windowEnds) {
    throw new AppError(
      'REFUND_NOT_ALLOWED',
      `The refund window of ${settings.refundWindowDays} days has passed. Refund with the override to go ahead anyway.`,
    );
  }
  if (!override && rows.some((row) => row.status === 'available')) {
    throw new AppError(
      'REFUND_NOT_ALLOWED',
      'A commission of this purchase was released already. Refund with the override to take it back from the upline.',
    );
  }
}

/** The stock unit and the coupon, then the member's guard rows (plan count, coupon uses): before any ledger account. */
async function returnLimits(tx: Tx, purchase: repo.PurchaseRow, now: Date) {
  await repo.releaseStockUnit(tx, purchase.id);
  if (purchase.couponId) await repo.lockCoupon(tx, purchase.couponId);
  await repo.uncountMemberPurchase(tx, purchase.planId, purchase.userId);
  if (purchase.couponId) {
    await repo.returnCouponUse(tx, purchase.couponId, purchase.userId);
    await repo.markRedemptionReturned(tx, purchase.id, now);
  }
}

interface RefundAccounts {
  member: MemberAccounts;
  platform: Record<'platform_plan_revenue' | 'platform_promotions_expense' | 'platform_commission_expense', number>;
  uplines: Map<string, MemberAccounts>;
  balances: Map<number, number>;
}

/**
 * Every member account of the refund locked in one statement, ascending id (the buyer's wallet,
 * each upline's pending, or available and debt for a released commission): the balances read
 * here (for the claw-back) stay as read until the posting.
 */
async function lockRefundAccounts(tx: Tx, purchase: repo.PurchaseRow, reversed: repo.CommissionRow[]): Promise<RefundAccounts> {
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
  const balances = await lockMemberBalances(
    tx,
    touched.filter((id): id is number => id !== undefined),
  );
  return { member, platform, uplines, balances };
}

/** The refund's entries: the price back out of revenue, the buyer's money back, each commission taken back (a released one as far as the upline's balance goes, the rest as debt). */
function refundEntries(
  purchase: repo.PurchaseRow,
  reversed: repo.CommissionRow[],
  { member, platform, uplines, balances }: RefundAccounts,
) {
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
  return { entries, commissionBack, clawed };
}

/**
 * The purchase refunded, then its commissions reversed: their triggers keep the team totals, the
 * buyer's row first, then the uplines' by level (the lock order's last step).
 */
async function markRefunded(
  tx: Tx,
  purchase: repo.PurchaseRow,
  reversed: repo.CommissionRow[],
  refund: { by: string; reason: string; transactionId: number; now: Date },
) {
  const { now } = refund;
  const updated = await repo.updatePurchase(tx, purchase.id, {
    status: 'refunded',
    refundedAt: now,
    refundReason: refund.reason,
    refundedBy: refund.by,
    refundTransactionId: refund.transactionId,
    // The plan ends with the refund; one that had ended already keeps its end (a refund past the
    // window, with the override, must not make the plan look as if it ran until the refund).
    endsAt: now.getTime() > purchase.startsAt.getTime() && now.getTime() < purchase.endsAt.getTime() ? now : purchase.endsAt,
  });
  for (const row of reversed) await repo.markCommission(tx, row.id, { status: 'reversed', reversedAt: now });
  return updated;
}
