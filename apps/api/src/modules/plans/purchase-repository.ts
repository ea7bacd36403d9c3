import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { commissions, purchases, users } from '../../db/schema/index';
import { olderThan, type KeysetCursor as Cursor } from '../../lib/keyset-cursor';
import type { LedgerLimits } from '../../ledger/index';

type Queryable = Db | Tx;
export type PurchaseRow = typeof purchases.$inferSelect;

/** Purchases: one whole purchase (plan_purchase), reads and the console's list (SQL of the plans module). */

/** A purchases row as to_jsonb writes it. */
interface PurchaseSqlRow {
  id: string;
  user_id: string;
  plan_id: string;
  request_key: string;
  plan_name: string;
  duration_days: number;
  currency: string;
  price: number;
  discount: number;
  paid: number;
  coupon_id: string | null;
  coupon_code: string | null;
  starts_at: string;
  ends_at: string;
  status: PurchaseRow['status'];
  refunded_at: string | null;
  refund_reason: string | null;
  refunded_by: string | null;
  ledger_transaction_id: number;
  refund_transaction_id: number | null;
  created_at: string;
}

function purchaseRowOf(row: PurchaseSqlRow): PurchaseRow {
  return {
    id: row.id,
    userId: row.user_id,
    planId: row.plan_id,
    requestKey: row.request_key,
    planName: row.plan_name,
    durationDays: row.duration_days,
    currency: row.currency,
    price: row.price,
    discount: row.discount,
    paid: row.paid,
    couponId: row.coupon_id,
    couponCode: row.coupon_code,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    status: row.status,
    refundedAt: row.refunded_at === null ? null : new Date(row.refunded_at),
    refundReason: row.refund_reason,
    refundedBy: row.refunded_by,
    ledgerTransactionId: row.ledger_transaction_id,
    refundTransactionId: row.refund_transaction_id,
    createdAt: new Date(row.created_at),
  };
}

export interface BuyPlanInput {
  userId: string;
  planId: string;
  requestKey: string;
  coupon: string | null;
  expectedToPay: number | null;
  at: Date;
  limits: LedgerLimits;
}

/**
 * One purchase, whole, in the database function plan_purchase (sql/plan_purchase.sql): one statement,
 * so one round trip and one transaction. Refusals come back as errors with SQLSTATE 'OR001'.
 */
export async function buyPlan(db: Queryable, input: BuyPlanInput): Promise<{ purchase: PurchaseRow; replayed: boolean }> {
  // As JSON: timestamps arrive as ISO 8601 text and numbers as numbers from either driver.
  const [row] = await rowsOf<{ replayed: boolean; purchase: PurchaseSqlRow }>(
    db,
    sql`select r.replayed, to_jsonb(r.purchase) as purchase from plan_purchase(${input.userId}::uuid, ${input.planId}::uuid, ${input.requestKey},
          ${input.coupon}, ${input.expectedToPay}::bigint, ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint) r`,
  );
  return { purchase: purchaseRowOf(row!.purchase), replayed: row!.replayed };
}

export async function findPurchase(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<PurchaseRow | undefined> {
  const query = db.select().from(purchases).where(eq(purchases.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updatePurchase(db: Queryable, id: string, values: Partial<typeof purchases.$inferInsert>): Promise<PurchaseRow> {
  const [row] = await db.update(purchases).set(values).where(eq(purchases.id, id)).returning();
  return row!;
}

export interface PurchaseFilter {
  userId?: string;
  planId?: string;
  status?: 'active' | 'expired' | 'refunded';
  from?: Date;
  to?: Date;
  /** Only purchases with a pending commission whose release failed. */
  releaseFailed?: boolean;
}

function purchaseConditions(filter: PurchaseFilter, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(purchases.userId, filter.userId));
  if (filter.planId) conditions.push(eq(purchases.planId, filter.planId));
  if (filter.status === 'refunded') conditions.push(eq(purchases.status, 'refunded'));
  if (filter.status === 'active') conditions.push(and(eq(purchases.status, 'active'), sql`${purchases.endsAt} > ${now}`)!);
  if (filter.status === 'expired') conditions.push(and(eq(purchases.status, 'active'), sql`${purchases.endsAt} <= ${now}`)!);
  if (filter.from) conditions.push(gte(purchases.createdAt, filter.from));
  if (filter.to) conditions.push(lt(purchases.createdAt, filter.to));
  if (filter.releaseFailed)
    conditions.push(
      sql`exists (select 1 from ${commissions} c where c.purchase_id = ${purchases.id} and c.status = 'pending' and c.release_error is not null)`,
    );
  return conditions;
}

export async function listPurchases(db: Queryable, filter: PurchaseFilter, now: Date, page: { cursor?: Cursor; limit: number }) {
  const paged = and(...purchaseConditions(filter, now), olderThan(page.cursor, purchases.createdAt, purchases.id));
  return db
    .select()
    .from(purchases)
    .where(paged)
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(page.limit + 1);
}

export async function countPurchases(db: Queryable, filter: PurchaseFilter, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(purchases)
    .where(and(...purchaseConditions(filter, now)));
  return Number(row?.total ?? 0);
}

export async function membersByIds(db: Queryable, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; displayName: string; email: string | null; phone: string | null }>();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
