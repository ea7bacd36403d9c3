import { eq } from 'drizzle-orm';
import type { AdjustBalanceBody, AdjustmentResult } from '@orchard/shared';
import { users } from '../../db/schema/index';
import { notFound } from '../../errors';
import {
  buildIntegrityReport,
  getMemberBalances,
  minorUnitDigits,
  postTransaction,
  resolveAccounts,
  withTransaction,
} from '../../ledger/index';
import { insertAudit } from '../recharge/repository';
import type { ServiceDeps } from '../recharge/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Credits or debits a member's available balance against the platform adjustments account.
 * `requestKey` (the operator's Idempotency-Key) also becomes the ledger idempotency key, so the
 * adjustment happens once even if the HTTP-level record of the first answer were lost.
 */
export async function adjustBalance(
  deps: ServiceDeps,
  operatorId: string,
  userId: string,
  body: AdjustBalanceBody,
  requestKey: string,
  ip?: string,
): Promise<AdjustmentResult> {
  if (!UUID.test(userId)) throw notFound('No such member.');
  const now = deps.clock.now();
  const currency = deps.config.CURRENCY;
  return withTransaction(deps.db, async (tx) => {
    const [member] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
    if (!member || member.role !== 'member') throw notFound('No such member.');
    const { member: accounts, platform } = await resolveAccounts(tx, userId, currency, ['platform_adjustments']);
    const adjustments = platform.platform_adjustments;
    const signed = body.direction === 'credit' ? body.amount : -body.amount;
    const posted = await postTransaction(tx, {
      kind: body.direction === 'credit' ? 'adjustment_credit' : 'adjustment_debit',
      idempotencyKey: `adjust:${operatorId}:${requestKey}`,
      entries: [
        { accountId: accounts.available, amount: signed },
        { accountId: adjustments, amount: -signed },
      ],
      memo: body.reason,
      refs: { operatorId },
      at: now,
    });
    if (posted.created) {
      await insertAudit(tx, {
        actorId: operatorId,
        action: `ledger.adjust.${body.direction}`,
        subjectType: 'user',
        subjectId: userId,
        ip,
        detail: { amount: body.amount, currency, reason: body.reason, transactionId: posted.transactionId },
        at: now,
      });
    }
    const balances = await getMemberBalances(tx, userId, currency);
    return {
      transactionId: String(posted.transactionId),
      userId,
      direction: body.direction,
      amount: body.amount,
      wallet: { currency, fractionDigits: minorUnitDigits(currency), ...balances },
    };
  });
}

export async function ledgerReport(deps: ServiceDeps) {
  return buildIntegrityReport(deps.db, deps.clock.now());
}

/** The id of an existing member (not an operator); 404 otherwise. */
export async function requireMemberId(deps: ServiceDeps, id: string): Promise<string> {
  if (!UUID.test(id)) throw notFound('No such member.');
  const [member] = await deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
  if (!member || member.role !== 'member') throw notFound('No such member.');
  return member.id;
}
