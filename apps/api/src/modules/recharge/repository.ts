import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowFromJson, rowsOf } from '../../db/rows';
import type { LedgerLimits } from '../../ledger/index';
import { actorJson, type ConsoleActor } from '../audit/index';
import { paymentChannels, paymentWebhookEvents, rechargeOrders, users, type RechargeOrderStatus } from '../../db/schema/index';

export type Queryable = Db | Tx;
export type OrderRow = typeof rechargeOrders.$inferSelect;
export type ChannelRow = typeof paymentChannels.$inferSelect;
export type OrderWithChannel = OrderRow & { channel: ChannelRow };

export async function findChannel(db: Queryable, code: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.code, code));
  return row;
}

export async function listChannels(db: Queryable, onlyEnabled: boolean): Promise<ChannelRow[]> {
  return db
    .select()
    .from(paymentChannels)
    .where(onlyEnabled ? eq(paymentChannels.enabled, true) : undefined)
    .orderBy(asc(paymentChannels.sortOrder), asc(paymentChannels.code));
}

export async function upsertChannel(db: Queryable, values: typeof paymentChannels.$inferInsert): Promise<ChannelRow> {
  const { code: _code, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(paymentChannels)
    .values(values)
    .onConflictDoUpdate({ target: paymentChannels.code, set: changes })
    .returning();
  return row!;
}

export async function insertOrder(db: Queryable, values: typeof rechargeOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(rechargeOrders).values(values).returning();
  return row!;
}

/**
 * Serializes order creation per member until the transaction ends (a transaction-scoped advisory
 * lock in its own key space), so the open-order count and the insert cannot interleave.
 */
export async function lockMemberOrderCreation(db: Queryable, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_SPACE}, hashtext(${userId}::text))`);
}
const CREATE_LOCK_SPACE = 727_274_201;

/** The order a member created with this Idempotency-Key, if any. */
export async function findOrderByCreateKey(db: Queryable, userId: string, createKey: string): Promise<OrderWithChannel | undefined> {
  const [row] = await db
    .select({ order: rechargeOrders, channel: paymentChannels })
    .from(rechargeOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.code, rechargeOrders.channelCode))
    .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.createKey, createKey)));
  return row ? { ...row.order, channel: row.channel } : undefined;
}

export async function countOpenOrders(db: Queryable, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.userId, userId),
        or(
          and(eq(rechargeOrders.status, 'awaiting_payment'), sql`${rechargeOrders.expiresAt} > ${now.toISOString()}`),
          eq(rechargeOrders.status, 'submitted'),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Marks orders past their expiry as expired (of one member, or all). Submitted orders wait for review instead. */
export async function expireDueOrders(db: Queryable, now: Date, userId?: string): Promise<void> {
  await db
    .update(rechargeOrders)
    .set({ status: 'expired' })
    .where(
      and(
        eq(rechargeOrders.status, 'awaiting_payment'),
        lte(rechargeOrders.expiresAt, now),
        userId ? eq(rechargeOrders.userId, userId) : undefined,
      ),
    );
}

async function withChannels(db: Queryable, rows: OrderRow[]): Promise<OrderWithChannel[]> {
  if (rows.length === 0) return [];
  const codes = [...new Set(rows.map((row) => row.channelCode))];
  const channels = await db.select().from(paymentChannels).where(inArray(paymentChannels.code, codes));
  const byCode = new Map(channels.map((channel) => [channel.code, channel]));
  return rows.map((row) => ({ ...row, channel: byCode.get(row.channelCode)! }));
}

/** One order, optionally only when it belongs to `userId`; `lock` takes its row lock for the rest of the transaction. */
/** Whose order it is, with what the console's account check needs of them (role, status): one read. */
export async function findOrderOwner(
  db: Queryable,
  id: string,
): Promise<{ id: string; role: (typeof users.$inferSelect)['role']; status: (typeof users.$inferSelect)['status'] } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(rechargeOrders)
    .innerJoin(users, eq(users.id, rechargeOrders.userId))
    .where(eq(rechargeOrders.id, id));
  return row;
}

export async function findOrder(
  db: Queryable,
  id: string,
  options: { userId?: string; lock?: boolean } = {},
): Promise<OrderWithChannel | undefined> {
  const query = db
    .select({ order: rechargeOrders, channel: paymentChannels })
    .from(rechargeOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.code, rechargeOrders.channelCode))
    .where(and(eq(rechargeOrders.id, id), options.userId ? eq(rechargeOrders.userId, options.userId) : undefined));
  const [row] = options.lock ? await query.for('update', { of: rechargeOrders }) : await query;
  return row ? { ...row.order, channel: row.channel } : undefined;
}

export async function findOrderByReference(db: Queryable, reference: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.reference, reference));
  return row;
}

export type { KeysetCursor as OrderCursor } from '../../lib/keyset-cursor';
import { olderThan, type KeysetCursor as OrderCursor } from '../../lib/keyset-cursor';

function beforeCursor(cursor: OrderCursor | undefined): SQL | undefined {
  return olderThan(cursor, rechargeOrders.createdAt, rechargeOrders.id);
}

export async function listOrdersOfMember(
  db: Queryable,
  userId: string,
  options: { status?: RechargeOrderStatus; cursor?: OrderCursor; limit: number },
): Promise<OrderWithChannel[]> {
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.userId, userId),
        options.status ? eq(rechargeOrders.status, options.status) : undefined,
        beforeCursor(options.cursor),
      ),
    )
    .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
    .limit(options.limit);
  return withChannels(db, rows);
}

/**
 * Orders waiting for an operator: submitted ones, any the gateway flagged that are not settled,
 * and credited ones the gateway paid a second time (flagged_at).
 */
/** Orders an operator must look at: paid by the member's word, or flagged by a gateway event. */
const needsReview = () =>
  or(
    eq(rechargeOrders.status, 'submitted'),
    and(isNotNull(rechargeOrders.reviewNote), inArray(rechargeOrders.status, ['awaiting_payment', 'expired'])),
    isNotNull(rechargeOrders.flaggedAt),
  );

/** Which orders the operator's list shows: the review queue, every order, or one status; optionally one member's. */
export interface OperatorOrderFilter {
  status: 'review' | 'all' | RechargeOrderStatus;
  userId?: string;
}

const operatorFilter = (filter: OperatorOrderFilter): SQL | undefined =>
  and(
    filter.status === 'review' ? needsReview() : filter.status === 'all' ? undefined : eq(rechargeOrders.status, filter.status),
    filter.userId ? eq(rechargeOrders.userId, filter.userId) : undefined,
  );

/** The size of the operator's list (the console's navigation shows the review queue's). */
export async function countOrdersForReview(db: Queryable, filter: OperatorOrderFilter = { status: 'review' }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(rechargeOrders).where(operatorFilter(filter));
  return Number(row?.total ?? 0);
}

export async function listOrdersForReview(db: Queryable, options: { cursor?: OrderCursor; limit: number; filter?: OperatorOrderFilter }) {
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(and(operatorFilter(options.filter ?? { status: 'review' }), beforeCursor(options.cursor)))
    .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
    .limit(options.limit);
  const orders = await withChannels(db, rows);
  const userIds = [...new Set(orders.map((order) => order.userId))];
  const members =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, displayName: users.displayName, email: users.email, phone: users.phone })
          .from(users)
          .where(inArray(users.id, userIds));
  const byId = new Map(members.map((member) => [member.id, member]));
  return orders.map((order) => ({ ...order, member: byId.get(order.userId)! }));
}

export async function updateOrder(db: Queryable, id: string, changes: Partial<typeof rechargeOrders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db.update(rechargeOrders).set(changes).where(eq(rechargeOrders.id, id)).returning();
  return row!;
}

/** Records a gateway event; false when it was already recorded (a retry or a replay). */
export async function recordWebhookEvent(db: Queryable, channelCode: string, eventId: string, receivedAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ channelCode, eventId, outcome: 'received', receivedAt })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

export async function settleWebhookEvent(db: Queryable, channelCode: string, eventId: string, orderId: string | null, outcome: string) {
  await db
    .update(paymentWebhookEvents)
    .set({ orderId, outcome })
    .where(and(eq(paymentWebhookEvents.channelCode, channelCode), eq(paymentWebhookEvents.eventId, eventId)));
}

/** The audit log has one writer for every module. */
export { insertAudit } from '../audit/index';

export interface CreditInput {
  orderId: string;
  /** The operator; null for the gateway's webhook. */
  actor: ConsoleActor | null;
  note: string | null;
  paymentReference: string | null;
  /** The operator's Idempotency-Key, kept on the order. */
  requestKey: string | null;
  at: Date;
  limits: LedgerLimits;
}

/** Credits an order once, with its audit row: the database function recharge_credit (sql/recharge_credit.sql). */
export async function creditOrder(db: Queryable, input: CreditInput): Promise<{ order: OrderWithChannel; replayed: boolean }> {
  const [row] = await rowsOf<{ replayed: boolean; recharge_order: Record<string, unknown>; channel: Record<string, unknown> }>(
    db,
    sql`select replayed, recharge_order, channel
          from recharge_credit(${input.orderId}::uuid, ${input.actor ? actorJson(input.actor) : null}::jsonb, ${input.note},
            ${input.paymentReference}, ${input.requestKey}, ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint)`,
  );
  return {
    replayed: row!.replayed,
    order: { ...rowFromJson(rechargeOrders, row!.recharge_order), channel: rowFromJson(paymentChannels, row!.channel) },
  };
}
