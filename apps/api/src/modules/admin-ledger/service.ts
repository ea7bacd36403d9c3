import type { AdjustBalanceBody, AdjustmentResult, ListTransactionsQuery } from '@orchard/shared';
import { notFound } from '../../errors';
import {
  buildIntegrityReport,
  getMemberBalances,
  ledgerLimits,
  minorUnitDigits,
  postTransaction,
  resolveAccounts,
  withTransaction,
} from '../../ledger/index';
import { recordConsoleAction, type ConsoleActor } from '../audit/console';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import * as wallet from '../wallet/service';
import { findMemberId } from './repository';

/**
 * Credits or debits a member's available balance against the platform adjustments account.
 * `requestKey` (the operator's Idempotency-Key) also becomes the ledger idempotency key, so the
 * adjustment happens once even if the HTTP-level record of the first answer were lost or expired;
 * the key reused for another member, direction or amount is a 422 `IDEMPOTENCY_KEY_REUSED`.
 */
export async function adjustBalance(
  deps: ServiceDeps,
  actor: ConsoleActor,
  userId: string,
  body: AdjustBalanceBody,
  requestKey: string,
): Promise<AdjustmentResult> {
  if (!isUuid(userId)) throw notFound('No such member.');
  const now = deps.clock.now();
  const currency = deps.config.CURRENCY;
  return withTransaction(deps.db, async (tx) => {
    if (!(await findMemberId(tx, userId))) throw notFound('No such member.');
    const { member: accounts, platform } = await resolveAccounts(tx, userId, currency, ['platform_adjustments']);
    const adjustments = platform.platform_adjustments;
    const signed = body.direction === 'credit' ? body.amount : -body.amount;
    const posted = await postTransaction(tx, {
      kind: body.direction === 'credit' ? 'adjustment_credit' : 'adjustment_debit',
      idempotencyKey: `adjust:${actor.operatorId}:${requestKey}`,
      entries: [
        { accountId: accounts.available, amount: signed },
        { accountId: adjustments, amount: -signed },
      ],
      memo: body.reason,
      // Who and how much are also in the entries; the refs make the transaction readable on its own.
      refs: { operatorId: actor.operatorId, userId, direction: body.direction, amount: String(body.amount) },
      at: now,
      limits: ledgerLimits(deps.config),
    });
    // A replay of the same adjustment (same member, direction, amount) was audited when it was made;
    // the same key for anything else never gets here (postTransaction refuses it with a 422).
    if (posted.created) {
      await recordConsoleAction(tx, actor, {
        action: `ledger.adjust.${body.direction}`,
        subjectType: 'user',
        subjectId: userId,
        detail: { amount: body.amount, currency, reason: body.reason, transactionId: posted.transactionId },
        at: now,
      });
    }
    const { available, onHold } = await getMemberBalances(tx, userId, currency);
    return {
      transactionId: String(posted.transactionId),
      userId,
      direction: body.direction,
      amount: body.amount,
      wallet: { currency, fractionDigits: minorUnitDigits(currency), available, onHold },
    };
  });
}

export async function ledgerReport(deps: ServiceDeps) {
  return buildIntegrityReport(deps.db, deps.clock.now());
}

/** A member's wallet as the operator sees it (the member's own view); 404 for anyone else. */
export async function memberWallet(deps: ServiceDeps, id: string) {
  return wallet.getWallet(deps, await requireMemberId(deps, id));
}

/** A member's statement, as the member sees it; 404 for anyone else. */
export async function memberTransactions(deps: ServiceDeps, id: string, query: ListTransactionsQuery) {
  return wallet.listTransactions(deps, await requireMemberId(deps, id), query);
}

/** The id of an existing member (not an operator); 404 otherwise. */
export async function requireMemberId(deps: ServiceDeps, id: string): Promise<string> {
  const memberId = isUuid(id) ? await findMemberId(deps.db, id) : undefined;
  if (!memberId) throw notFound('No such member.');
  return memberId;
}
