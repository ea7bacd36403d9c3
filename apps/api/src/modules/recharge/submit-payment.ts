import type { RechargeOrder } from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { withTransaction } from '../../ledger/index';
import { lockOwnOrder, orderClosed, orderExpired } from './order-rules';
import * as repo from './repository';
import { effectiveStatus, toMemberOrderView } from './views';

/** The member says "I have paid" with the payer's reference; the same again is a replay. */
export async function submitPayment(deps: ServiceDeps, userId: string, id: string, payerReference: string): Promise<RechargeOrder> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const order = await lockOwnOrder(tx, userId, id);
    const status = effectiveStatus(order, now);
    if (status === 'submitted' && order.payerReference === payerReference) return toMemberOrderView(order, now);
    if (status === 'expired') throw orderExpired();
    if (status !== 'awaiting_payment') throw orderClosed(status);
    const updated = await repo.updateOrder(tx, order.id, { status: 'submitted', payerReference, submittedAt: now });
    return toMemberOrderView({ ...updated, channel: order.channel }, now);
  });
}
