import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rechargeOrders } from '../../db/schema/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { assertMayActOnFacts } from '../accounts/index';
import type { ConsoleActor } from '../audit/index';
import { credit } from './credit-order';
import { orderNotFound } from './order-rules';
import * as repo from './repository';

/**
 * What bank reconciliation (modules/reconciliation) asks of recharge orders: the orders a bank
 * line names or may pay, and their credit. The credit is the operator's own (credit-order.ts,
 * the database function recharge_credit) with the bank line's id in its idempotency key, so a
 * line credits at most once and an order is credited at most once whichever path comes first.
 */
export interface OrderCandidate {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  status: string;
  createdAt: Date;
}

const candidateColumns = {
  id: rechargeOrders.id,
  reference: rechargeOrders.reference,
  amount: rechargeOrders.amount,
  currency: rechargeOrders.currency,
  status: rechargeOrders.status,
  createdAt: rechargeOrders.createdAt,
};

export async function ordersByReferences(db: Tx, references: readonly string[]): Promise<OrderCandidate[]> {
  if (references.length === 0) return [];
  return db.select(candidateColumns).from(rechargeOrders).where(inArray(rechargeOrders.reference, [...references]));
}

export async function ordersByIds(db: Tx, ids: readonly string[]): Promise<OrderCandidate[]> {
  if (ids.length === 0) return [];
  return db.select(candidateColumns).from(rechargeOrders).where(inArray(rechargeOrders.id, [...ids]));
}

/** Orders still waiting for money of exactly this amount, newest first: suggestions for a line without a reference. */
export async function openOrdersOfAmount(db: Tx, amount: number, currency: string, limit = 3): Promise<OrderCandidate[]> {
  return db
    .select(candidateColumns)
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.amount, amount),
        eq(rechargeOrders.currency, currency),
        inArray(rechargeOrders.status, ['awaiting_payment', 'submitted', 'expired']),
      ),
    )
    .orderBy(desc(rechargeOrders.createdAt))
    .limit(limit);
}

/**
 * Credits `orderId` for bank line `bankLineId`, by `actor` (who imported the statement or decides
 * the line): the account rules first (nobody credits their own order), then recharge_credit under
 * a savepoint, so a refusal (already credited, closed, a limit) leaves the caller's transaction
 * usable and is thrown for it to record.
 */
export async function creditForBankLine(tx: Tx, deps: ServiceDeps, actor: ConsoleActor, orderId: string, bankLineId: string, note: string) {
  const owner = await repo.findOrderOwner(tx, orderId);
  if (!owner) throw orderNotFound();
  assertMayActOnFacts(actor, 'recharge', owner);
  return tx.transaction((savepoint) =>
    credit(savepoint, deps, { orderId, actor, note, paymentReference: `bank-line:${bankLineId}`, requestKey: `bank-line:${bankLineId}` }),
  );
}
