import type { RechargeOrder, RechargeOrderStatus } from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { isUuid } from '../../lib/uuid';
import { orderNotFound } from './order-rules';
import * as repo from './repository';
import { toMemberOrderView } from './views';

/** A member's reads of their own orders (an order past its expiry is marked expired first). */
export async function listOrders(
  deps: ServiceDeps,
  userId: string,
  query: { status?: RechargeOrderStatus; cursor?: string; limit?: string },
) {
  const now = deps.clock.now();
  const limit = query.limit ? Number(query.limit) : 20;
  const cursor = decodeCursor(query.cursor);
  await repo.expireDueOrders(deps.db, now, userId);
  const rows = await repo.listOrdersOfMember(deps.db, userId, { status: query.status, cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    items: page.map((order) => toMemberOrderView(order, now)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function getOrder(deps: ServiceDeps, userId: string, id: string): Promise<RechargeOrder> {
  if (!isUuid(id)) throw orderNotFound();
  const order = await repo.findOrder(deps.db, id, { userId });
  if (!order) throw orderNotFound();
  return toMemberOrderView(order, deps.clock.now());
}
