import type { RechargeOrder } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { type AppError } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { ledgerLimits, moneyRefusalOf, withRetries, type MoneyRefusal } from '../../ledger/index';
import { assertMayActOnFacts } from '../accounts/index';
import { type ConsoleActor, noteConsoleActionRecorded } from '../audit/index';
import { alreadyCredited, orderClosed, orderNotFound } from './order-rules';
import * as repo from './repository';
import { toOrderView } from './views';

/** recharge_credit's refusals (sql/recharge_credit.sql) as the API's errors; the ledger's own as theirs. */
function creditRefusalError(refusal: MoneyRefusal | undefined): AppError | undefined {
  switch (refusal?.code) {
    case 'RECHARGE_ORDER_NOT_FOUND':
      return orderNotFound();
    case 'ALREADY_CREDITED':
      return alreadyCredited();
    case 'RECHARGE_ORDER_CLOSED':
      return orderClosed(String(refusal.detail.status));
    default:
      return undefined;
  }
}

/**
 * Credits an order: one call of recharge_credit (sql/recharge_credit.sql): one ledger transaction (platform
 * cash → member available) under the ledger key `recharge:<order id>`, so the order is credited
 * at most once even if two paths (operator, webhook) race past every other check, the order marked
 * credited, and its audit row.
 */
export async function credit(db: Db | Tx, deps: ServiceDeps, input: Omit<repo.CreditInput, 'at' | 'limits'>) {
  const credited = await repo
    .creditOrder(db, { ...input, at: deps.clock.now(), limits: ledgerLimits(deps.config) })
    .catch((error: unknown) => {
      throw creditRefusalError(moneyRefusalOf(error)) ?? error;
    });
  if (input.actor && !credited.replayed) noteConsoleActionRecorded(input.actor);
  return credited;
}

/**
 * The operator credits an order, at most once. `requestKey` (the Idempotency-Key) is kept on the
 * order: the same request again returns it as a replay; any other credit of a credited order is a 409.
 */
export async function creditOrder(
  deps: ServiceDeps,
  actor: ConsoleActor,
  id: string,
  requestKey: string,
  note?: string,
): Promise<{ order: RechargeOrder; replayed: boolean }> {
  if (!isUuid(id)) throw orderNotFound();
  // Whose order it is never changes: the check needs no lock. Nobody credits their own order.
  const owner = await repo.findOrderOwner(deps.db, id);
  if (!owner) throw orderNotFound();
  assertMayActOnFacts(actor, 'recharge', owner);
  const { order, replayed } = await withRetries(() =>
    credit(deps.db, deps, { orderId: id, actor, note: note ?? null, paymentReference: null, requestKey }),
  );
  return { order: toOrderView(order, deps.clock.now()), replayed };
}
