import type { ServiceDeps } from '../../lib/service-deps';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import * as repo from './repository';
import { toOrderView } from './views';

/** The console's list of orders to review (by default those waiting for an operator). */
export async function listReviews(
  deps: ServiceDeps,
  query: { status?: repo.OperatorOrderFilter['status']; member?: string; cursor?: string; limit?: string },
) {
  const now = deps.clock.now();
  const limit = query.limit ? Number(query.limit) : 20;
  const cursor = decodeCursor(query.cursor);
  const filter: repo.OperatorOrderFilter = { status: query.status ?? 'review', userId: query.member };
  await repo.expireDueOrders(deps.db, now);
  const rows = await repo.listOrdersForReview(deps.db, { cursor, limit: limit + 1, filter });
  const total = await repo.countOrdersForReview(deps.db, filter);
  const page = rows.slice(0, limit);
  return {
    total,
    items: page.map((order) => ({
      ...toOrderView(order, now),
      member: { id: order.member.id, displayName: order.member.displayName, email: order.member.email, phone: order.member.phone },
      reviewNote: order.reviewNote,
    })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}
