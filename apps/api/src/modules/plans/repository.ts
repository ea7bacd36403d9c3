import { DEFAULT_LANGUAGE, inLanguage, type Language } from '@orchard/shared';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { commissions, planMemberCounts, plans, planStockUnits, purchases, referralSettings } from '../../db/schema/index';

export type Queryable = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;
export type SettingsRow = typeof referralSettings.$inferSelect;

// Coupons and purchases have files of their own (coupon-repository.ts, purchase-repository.ts);
// the module's code reads all three as one repository.
export * from './coupon-repository';
export * from './purchase-repository';

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
