import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { couponMemberUses, couponRedemptions, coupons, users } from '../../db/schema/index';
import { olderThan, type KeysetCursor as Cursor } from '../../lib/keyset-cursor';

type Queryable = Db | Tx;
export type CouponRow = typeof coupons.$inferSelect;

/** Coupons: their rows, members' uses and saved coupons, redemptions (SQL of the plans module). */

export async function findCouponByCode(db: Queryable, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
  return row;
}

/** A coupon; `lock` takes its row FOR UPDATE (an edit waits for redemptions in flight, and they for it). */
export async function findCoupon(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(eq(coupons.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function memberCouponUses(db: Queryable, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ uses: couponMemberUses.uses })
    .from(couponMemberUses)
    .where(and(eq(couponMemberUses.couponId, couponId), eq(couponMemberUses.userId, userId)));
  return row?.uses ?? 0;
}

/** One more use by this member, unless that passes the per-member cap (row lock per coupon and member). */
export async function countMemberCouponUse(tx: Tx, couponId: string, userId: string, cap: number, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ uses: number }>(
    tx,
    sql`insert into coupon_member_uses (coupon_id, user_id, uses, last_used_at) values (${couponId}, ${userId}, 1, ${now})
        on conflict (coupon_id, user_id) do update set uses = coupon_member_uses.uses + 1, last_used_at = ${now}
        where coupon_member_uses.uses < ${cap}::int
        returning uses`,
  );
  return rows.length === 1;
}

/** One more redemption in all, unless that passes the total cap. */
export async function countCouponRedemption(tx: Tx, couponId: string): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} + 1` })
    .where(and(eq(coupons.id, couponId), sql`(${coupons.totalCap} is null or ${coupons.redeemedCount} < ${coupons.totalCap})`))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

export async function returnCouponUse(tx: Tx, couponId: string, userId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} - 1` })
    .where(eq(coupons.id, couponId));
  await tx
    .update(couponMemberUses)
    .set({ uses: sql`greatest(${couponMemberUses.uses} - 1, 0)` })
    .where(and(eq(couponMemberUses.couponId, couponId), eq(couponMemberUses.userId, userId)));
}

export async function saveCouponForMember(tx: Tx, couponId: string, userId: string, now: Date): Promise<void> {
  await tx
    .insert(couponMemberUses)
    .values({ couponId, userId, uses: 0, savedAt: now })
    .onConflictDoUpdate({
      target: [couponMemberUses.couponId, couponMemberUses.userId],
      set: { savedAt: sql`coalesce(${couponMemberUses.savedAt}, ${now})` },
    });
}

/** The member's coupons: saved or used by them, or assigned to them. Bounded. */
export async function listMemberCoupons(db: Queryable, userId: string) {
  return db
    .select({ coupon: coupons, uses: couponMemberUses.uses, savedAt: couponMemberUses.savedAt, lastUsedAt: couponMemberUses.lastUsedAt })
    .from(coupons)
    .leftJoin(couponMemberUses, and(eq(couponMemberUses.couponId, coupons.id), eq(couponMemberUses.userId, userId)))
    .where(or(eq(couponMemberUses.userId, userId), eq(coupons.assignedMemberId, userId)))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(200);
}

export interface CouponFilter {
  q?: string;
  kind?: CouponRow['kind'];
  batch?: string;
}

function couponConditions(filter: CouponFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(ilike(coupons.code, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.kind) conditions.push(eq(coupons.kind, filter.kind));
  if (filter.batch) conditions.push(eq(coupons.batch, filter.batch));
  return conditions;
}

export async function listCoupons(db: Queryable, filter: CouponFilter, page: { cursor?: Cursor; limit: number }) {
  const conditions = couponConditions(filter);
  const where = and(...conditions);
  const paged = and(where, olderThan(page.cursor, coupons.createdAt, coupons.id));
  const items = await db
    .select()
    .from(coupons)
    .where(paged)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(page.limit + 1);
  const [total] = await db.select({ total: count() }).from(coupons).where(where);
  return { items, total: Number(total?.total ?? 0) };
}

export async function exportCoupons(db: Queryable, filter: CouponFilter, limit: number): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(...couponConditions(filter)))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
}

export async function insertCoupons(db: Queryable, values: (typeof coupons.$inferInsert)[]): Promise<CouponRow[]> {
  return db.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
}

export async function updateCoupon(
  db: Queryable,
  id: string,
  values: Partial<typeof coupons.$inferInsert>,
): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row;
}

export async function findRedemption(db: Queryable, id: string): Promise<typeof couponRedemptions.$inferSelect | undefined> {
  const [row] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.id, id));
  return row;
}

export async function insertRedemption(db: Queryable, values: typeof couponRedemptions.$inferInsert): Promise<void> {
  await db.insert(couponRedemptions).values(values);
}

export async function listRedemptions(db: Queryable, couponId: string, page: { cursor?: Cursor; limit: number }) {
  const where = and(eq(couponRedemptions.couponId, couponId), olderThan(page.cursor, couponRedemptions.createdAt, couponRedemptions.id));
  return db
    .select({ redemption: couponRedemptions, displayName: users.displayName })
    .from(couponRedemptions)
    .innerJoin(users, eq(users.id, couponRedemptions.userId))
    .where(where)
    .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
    .limit(page.limit + 1);
}

export async function markRedemptionReturned(tx: Tx, purchaseId: string, now: Date): Promise<void> {
  await tx.update(couponRedemptions).set({ status: 'returned', returnedAt: now }).where(eq(couponRedemptions.purchaseId, purchaseId));
}

/** A coupon's row, locked before the member's guard rows (the lock order) and updated after them (a refund). */
export async function lockCoupon(tx: Tx, couponId: string): Promise<void> {
  await tx.execute(sql`select 1 from coupons where id = ${couponId} for no key update`);
}

/** Serializes a member's redeems of one key (an advisory lock to the end of the transaction): a retry waits, then finds the first. */
export async function lockRedemptionKey(tx: Tx, redemptionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727274503, hashtext(${redemptionId}))`);
}
