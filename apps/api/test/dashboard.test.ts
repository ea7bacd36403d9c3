import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, buy, createPlan, fund, plansWorld, type PlansWorld, quickMember, referralSettings, rows } from './plans/helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The same figures counted straight from the domain tables, for a window [from, to). */
async function recount(t: TestApp, from: Date, to: Date) {
  const [row] = await rows<Record<string, string>>(
    t.database.handle.db,
    sql`select
      (select count(*) from users where role = 'member' and created_at >= ${from} and created_at < ${to})::text as members,
      (select coalesce(sum(paid), 0) from purchases where created_at >= ${from} and created_at < ${to})::text as purchases,
      (select count(*) from purchases where created_at >= ${from} and created_at < ${to})::text as purchase_count,
      (select coalesce(sum(paid), 0) from purchases where refunded_at >= ${from} and refunded_at < ${to})::text as refunds,
      (select coalesce(sum(amount), 0) from commissions where status <> 'skipped' and created_at >= ${from} and created_at < ${to})::text as earned,
      (select coalesce(sum(amount), 0) from commissions where released_at >= ${from} and released_at < ${to})::text as released`,
  );
  return row!;
}

describe.each(DATABASE_KINDS)('console dashboard (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => t?.close());

  const dashboard = async () => {
    const response = await asOperator(w, 'GET', '/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Dashboard;
  };

  it('equals a direct recount of the same data for today, 7 and 30 days, and counts the queues exactly', async () => {
    await asOperator(w, 'PUT', '/referral-settings', referralSettings());
    const plan = await createPlan(w, { price: 5_000 });
    // Activity spread over 40 days, so each window holds a different part of it.
    t.clock.advance(-40 * DAY);
    let upline = await quickMember(t);
    for (let day = 0; day < 40; day += 3) {
      t.clock.advance(3 * DAY);
      const member = await quickMember(t, { referrerId: upline.userId });
      await t.database.handle.db.execute(sql`update users set created_at = ${t.clock.now()} where id = ${member.userId}`);
      await fund(w, member.userId, 5_000);
      expect((await buy(w, member, plan.id)).statusCode).toBe(201);
      upline = member;
    }
    t.clock.advance(2 * DAY);
    const { releaseDueCommissions } = await import('../src/modules/plans/commissions');
    await releaseDueCommissions({ db: t.database.handle.db, clock: t.clock, config: t.config });

    const figures = await dashboard();
    const now = t.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const hourEnd = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
    const windows = {
      today: dayStart,
      last7Days: new Date(hourEnd.getTime() - 7 * DAY),
      last30Days: new Date(dayStart.getTime() - 29 * DAY),
    } as const;
    for (const [name, from] of Object.entries(windows) as Array<[keyof typeof windows, Date]>) {
      const expected = await recount(t, from, hourEnd);
      const totals = figures.totals[name];
      expect(
        {
          members: totals.members.count,
          purchases: totals.purchases.amount,
          purchaseCount: totals.purchases.count,
          refunds: totals.refunds.amount,
          earned: totals.commissions_earned.amount,
          released: totals.commissions_released.amount,
        },
        name,
      ).toEqual({
        members: Number(expected.members),
        purchases: Number(expected.purchases),
        purchaseCount: Number(expected.purchase_count),
        refunds: Number(expected.refunds),
        earned: Number(expected.earned),
        released: Number(expected.released),
      });
    }
    expect(figures.totals.last30Days.purchases.count).toBeGreaterThan(figures.totals.last7Days.purchases.count);
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.reduce((sum, day) => sum + day.values.purchases, 0)).toBe(figures.totals.last30Days.purchases.amount);

    const [queues] = await rows<{ recharges: number; withdrawals: number; reviews: number; failed: number }>(
      t.database.handle.db,
      sql`select (select count(*)::int from recharge_orders where status = 'submitted') as recharges,
                 (select count(*)::int from withdrawals where status = 'pending') as withdrawals,
                 (select count(*)::int from referral_holds where status = 'open') as reviews,
                 (select count(*)::int from commissions where status = 'pending' and release_error is not null) as failed`,
    );
    expect(figures.queues).toEqual({
      recharges: queues!.recharges,
      withdrawals: queues!.withdrawals,
      referralReviews: queues!.reviews,
      failedReleases: queues!.failed,
    });
  });

  it('counts a purchase made after the last run once the figures are read again (a late commit is recounted too)', async () => {
    const before = await dashboard();
    const plan = await createPlan(w, { price: 1_000 });
    const member = await quickMember(t);
    await fund(w, member.userId, 1_000);
    expect((await buy(w, member, plan.id)).statusCode).toBe(201);
    t.clock.advance(20_000);
    const after = await dashboard();
    expect(after.totals.today.purchases.amount - before.totals.today.purchases.amount).toBe(1_000);
    // The settled hours were not recounted: the mark moved to the previous hour.
    const [mark] = await rows<{ recount_from: Date }>(t.database.handle.db, sql`select recount_from from dashboard_rollup_mark`);
    expect(new Date(mark!.recount_from).getTime()).toBe(Math.floor(t.clock.now().getTime() / HOUR) * HOUR - HOUR);
  });
});
