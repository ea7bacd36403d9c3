import type { RechargeOrder } from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { withTransaction } from '../../ledger/index';
import { assertMayActOn } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { alreadyCredited, CREDITABLE, orderClosed, orderNotFound } from './order-rules';
import * as repo from './repository';
import { toOrderView } from './views';

/**
 * The operator rejects an order no payment came for; on a credited order flagged for a second
 * gateway payment, it closes the flag instead (the order stays credited).
 */
export async function rejectOrder(deps: ServiceDeps, actor: ConsoleActor, id: string, reason: string): Promise<RechargeOrder> {
  if (!isUuid(id)) throw orderNotFound();
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const order = await repo.findOrder(tx, id, { lock: true });
    if (!order) throw orderNotFound();
    await assertMayActOn(tx, actor, 'recharge', order.userId);
    if (order.status === 'credited' && order.flaggedAt) {
      // A second gateway payment for a credited order: the operator refunded or dismissed it.
      // The order stays credited; the flag closes, with the reason in the audit log.
      const updated = await repo.updateOrder(tx, order.id, { flaggedAt: null });
      await recordConsoleAction(tx, actor, {
        action: 'recharge.flag.resolve',
        subjectType: 'recharge_order',
        subjectId: order.id,
        detail: { reason, reviewNote: order.reviewNote },
        at: now,
      });
      return toOrderView({ ...updated, channel: order.channel }, now);
    }
    if (order.status === 'credited') throw alreadyCredited();
    if (!CREDITABLE.includes(order.status)) throw orderClosed(order.status);
    const updated = await repo.updateOrder(tx, order.id, {
      status: 'rejected',
      rejectReason: reason,
      resolvedAt: now,
      resolvedBy: actor.operatorId,
    });
    await recordConsoleAction(tx, actor, {
      action: 'recharge.reject',
      subjectType: 'recharge_order',
      subjectId: order.id,
      detail: { reason, from: order.status, amount: order.amount },
      at: now,
    });
    return toOrderView({ ...updated, channel: order.channel }, now);
  });
}
