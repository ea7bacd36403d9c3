import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, inLanguage, type Language } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  commissions,
  couponMemberUses,
  couponRedemptions,
  coupons,
  planMemberCounts,
  plans,
  planStockUnits,
  purchases,
  referralSettings,
  users,
} from '../../db/schema/index';
import type { KeysetCursor as Cursor } from '../../lib/keyset-cursor';
import type { LedgerLimits } from '../../ledger/index';

export type Queryable = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;
export type SettingsRow = typeof referralSettings.$inferSelect;

// ------------------------------------------------------------------ settings

export async function readSettings(db: Queryable): Promise<SettingsRow> {
  const [row] = await db.select().from(referralSettings);
  if (!row) throw new Error('referral_settings has no row (migration 0500 inserts it)');
  return row;
}

export async function updateSettings(db: Queryable, values: Omit<SettingsRow, 'id'>): Promise<SettingsRow> {
  const [row] = await db.update(referralSettings).set(values).where(eq(referralSettings.id, true)).returning();
  return row!;
}

// ------------------------------------------------------------------ plans

/** A plan; `lock` takes its row FOR UPDATE (saves of one plan queue on it). */
export async function findPlan(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<PlanRow | undefined> {
  const query = db.select().from(plans).where(eq(plans.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Plans for the console (all) or for members (active ones whose sale has not ended). Bounded: a catalogue, not a log. */
export async function listPlans(db: Queryable, filter: { forMembersAt?: Date }): Promise<PlanRow[]> {
  const at = filter.forMembersAt;
  return db
    .select()
    .from(plans)
    .where(at ? and(eq(plans.active, true), or(isNull(plans.saleEndsAt), sql`${plans.saleEndsAt} > ${at}`)) : undefined)
    .orderBy(asc(plans.sortOrder), asc(plans.createdAt))
    .limit(200);
}

export async function insertPlan(db: Queryable, values: typeof plans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlan(db: Queryable, id: string, values: Partial<typeof plans.$inferInsert>): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}

/** Units left per plan (only plans with stock have units). */
export async function remainingStock(db: Queryable, planIds: string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: planStockUnits.planId, left: count() })
    .from(planStockUnits)
    .where(and(inArray(planStockUnits.planId, planIds), isNull(planStockUnits.purchaseId)))
    .groupBy(planStockUnits.planId);
  return new Map(rows.map((row) => [row.planId, Number(row.left)]));
}

/** Purchases not refunded, per plan. */
export async function soldCounts(db: Queryable, planIds: string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: purchases.planId, sold: count() })
    .from(purchases)
    .where(and(inArray(purchases.planId, planIds), eq(purchases.status, 'active')))
    .groupBy(purchases.planId);
  return new Map(rows.map((row) => [row.planId, Number(row.sold)]));
}

export async function boughtCounts(db: Queryable, userId: string, planIds: string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: planMemberCounts.planId, bought: planMemberCounts.bought })
    .from(planMemberCounts)
    .where(and(eq(planMemberCounts.userId, userId), inArray(planMemberCounts.planId, planIds)));
  return new Map(rows.map((row) => [row.planId, row.bought]));
}

/**
 * Sets a plan's stock to `stock` units in all (null = not limited), touching only what changes
 * (the caller holds the plan row's lock, so saves of one plan queue):
 * - the same number of units as now: nothing is written (nor counted, when the stock before is given);
 * - more: the new units take the lowest numbers not in use (so numbers never pass the largest stock
 *   there is, PLAN_STOCK_MAX, however often a plan is saved), without locking the others;
 * - fewer (or none): every unit is locked first, so it waits for purchases holding one, and the
 *   highest-numbered free units go; when more units are sold than `stock`, nothing changes and the
 *   number sold is returned. Sold units are never touched.
 * A unit's states: free (purchase_id null) → sold by plan_purchase (SKIP LOCKED, after the wallet
 * paid) → free again by a refund (releaseStockUnit); only this function adds or removes units.
 */
export async function setStock(
  tx: Tx,
  planId: string,
  stock: number | null,
  /** The plan's stock before this save, when known: a limited stock keeps exactly that many units, so the same number again writes nothing. */
  previous?: number | null,
): Promise<{ tooFewBy: number } | null> {
  if (stock !== null && stock === previous) return null;
  const [now] = await rowsOf<{ units: number }>(tx, sql`select count(*)::int as units from plan_stock_units where plan_id = ${planId}`);
  const units = now?.units ?? 0;
  if (stock !== null && stock > units) {
    await tx.execute(
      sql`insert into plan_stock_units (plan_id, unit)
          select ${planId}, n from generate_series(1, ${stock}::int) as n
           where not exists (select 1 from plan_stock_units u where u.plan_id = ${planId} and u.unit = n)
           order by n limit ${stock - units}::int`,
    );
    return null;
  }
  if (stock === units) return null;
  const locked = await rowsOf<{ unit: number; purchase_id: string | null }>(
    tx,
    sql`select unit, purchase_id from plan_stock_units where plan_id = ${planId} order by unit for update`,
  );
  const taken = locked.filter((unit) => unit.purchase_id !== null).length;
  if (stock !== null && stock < taken) return { tooFewBy: taken };
  const free = locked.filter((unit) => unit.purchase_id === null).map((unit) => unit.unit);
  const drop = stock === null ? free : free.slice(free.length - (locked.length - stock));
  if (drop.length > 0) {
    await tx.execute(
      sql`delete from plan_stock_units where plan_id = ${planId} and purchase_id is null
            and unit = any(${`{${drop.join(',')}}`}::int[])`,
    );
  }
  return null;
}

export async function releaseStockUnit(tx: Tx, purchaseId: string): Promise<void> {
  await tx.update(planStockUnits).set({ purchaseId: null }).where(eq(planStockUnits.purchaseId, purchaseId));
}

export async function uncountMemberPurchase(tx: Tx, planId: string, userId: string): Promise<void> {
  await tx
    .update(planMemberCounts)
    .set({ bought: sql`${planMemberCounts.bought} - 1` })
    .where(and(eq(planMemberCounts.planId, planId), eq(planMemberCounts.userId, userId)));
}

// ------------------------------------------------------------------ coupons

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

/** Plans' names, in `language` where the plan has one there (else the default language's). */
export async function planNames(db: Queryable, ids: string[], language: Language = DEFAULT_LANGUAGE): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: plans.id, name: plans.name, translations: plans.translations })
    .from(plans)
    .where(inArray(plans.id, ids));
  return new Map(rows.map((row) => [row.id, inLanguage({ name: row.name }, row.translations, language).texts.name]));
}

/** Plans' default-language names with their translations (a purchase's snapshot is named in the member's language while it is still the plan's name). */
export async function planNameTexts(db: Queryable, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; translations: PlanRow['translations'] }>();
  const rows = await db
    .select({ id: plans.id, name: plans.name, translations: plans.translations })
    .from(plans)
    .where(inArray(plans.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, translations: row.translations }]));
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
  const paged = page.cursor
    ? and(
        where,
        or(lt(coupons.createdAt, page.cursor.createdAt), and(eq(coupons.createdAt, page.cursor.createdAt), lt(coupons.id, page.cursor.id))),
      )
    : where;
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
  const base = eq(couponRedemptions.couponId, couponId);
  const where = page.cursor
    ? and(
        base,
        or(
          lt(couponRedemptions.createdAt, page.cursor.createdAt),
          and(eq(couponRedemptions.createdAt, page.cursor.createdAt), lt(couponRedemptions.id, page.cursor.id)),
        ),
      )
    : base;
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

// ------------------------------------------------------------------ purchases

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
  const where = and(...purchaseConditions(filter, now));
  const paged = page.cursor
    ? and(
        where,
        or(
          lt(purchases.createdAt, page.cursor.createdAt),
          and(eq(purchases.createdAt, page.cursor.createdAt), lt(purchases.id, page.cursor.id)),
        ),
      )
    : where;
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

// ------------------------------------------------------------------ commissions

/**
 * A purchase's commissions by level. With `lock`, the rows are locked in ascending id order (the
 * lock order: apps/api/src/ledger/README.md), then given back by level all the same.
 */
export async function commissionsOf(db: Queryable, purchaseIds: string[], options: { lock?: boolean } = {}): Promise<CommissionRow[]> {
  if (purchaseIds.length === 0) return [];
  const where = inArray(commissions.purchaseId, purchaseIds);
  if (!options.lock) return db.select().from(commissions).where(where).orderBy(asc(commissions.level));
  const rows = await db.select().from(commissions).where(where).orderBy(asc(commissions.id)).for('update');
  return rows.sort((a, b) => a.level - b.level);
}

export async function markCommission(db: Queryable, id: string, values: Partial<typeof commissions.$inferInsert>): Promise<void> {
  await db.update(commissions).set(values).where(eq(commissions.id, id));
}

/**
 * The commissions due by `now` (pending, and past their holding period or their next attempt after
 * a failed release), the longest waiting first; read without locks: each release takes its row.
 */
export async function dueCommissionIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from commissions
         where status = 'pending' and coalesce(next_release_attempt_at, release_at) <= ${now}
         order by coalesce(next_release_attempt_at, release_at), id
         limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export interface ReleaseOutcome {
  outcome: 'released' | 'failed' | 'skipped';
  /** When failed: the reason, how many attempts failed so far, and when the job tries again. */
  error: string | null;
  failures: number | null;
  nextAttemptAt: Date | null;
}

/**
 * Releases one commission, or records why it could not be, in one statement (its own transaction):
 * commission_release_try, sql/commission_release_try.sql.
 */
export async function releaseCommission(db: Queryable, id: string, now: Date): Promise<ReleaseOutcome> {
  const [row] = await rowsOf<{
    outcome: ReleaseOutcome['outcome'];
    release_error: string | null;
    release_failures: number | null;
    next_attempt_at: Date | string | null;
  }>(db, sql`select * from commission_release_try(${id}::uuid, ${now})`);
  return {
    outcome: row!.outcome,
    error: row!.release_error,
    failures: row!.release_failures,
    nextAttemptAt: row!.next_attempt_at === null ? null : new Date(row!.next_attempt_at),
  };
}

/** Records a release that failed outside the database function (commission_release_failed.sql). */
export async function recordReleaseFailure(db: Queryable, id: string, now: Date, error: string): Promise<void> {
  await db.execute(sql`select commission_release_failed(${id}::uuid, ${now}, ${error})`);
}

export async function commissionTotals(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      released: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} = 'available'), 0)::text`,
      // A release that failed comes at its next attempt.
      nextReleaseAt: sql<Date | null>`min(coalesce(${commissions.nextReleaseAttemptAt}, ${commissions.releaseAt})) filter (where ${commissions.status} = 'pending')`,
    })
    .from(commissions)
    .where(eq(commissions.beneficiaryId, userId));
  const next = row?.nextReleaseAt;
  return { released: Number(row?.released ?? 0), nextReleaseAt: next ? new Date(next) : null };
}
