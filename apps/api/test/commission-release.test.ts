import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_MAX_MINOR_CEILING, adminPurchaseSchema, dashboardSchema, type AdminPurchase } from '@orchard/shared';
import { buildIntegrityReport, getMemberBalances } from '../src/ledger/index';
import { releaseDueCommissions, runCommissionRelease } from '../src/modules/plans/commissions';
import { seedFullBalance } from './amount-limits-seed';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, buy, createPlan, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

const MINUTE = 60_000;
const DAY = 86_400_000;

type Member = { userId: string; cookie: string };
interface CommissionRow {
  id: string;
  status: string;
  beneficiary_id: string;
  release_failures: number;
  release_error: string | null;
  release_failed_at: Date | string | null;
  next_release_attempt_at: Date | string | null;
}

const settings = (holdDays: number) => ({
  level1Bp: 1000,
  level2Bp: 500,
  level3Bp: 200,
  capBp: 3000,
  requireActivePlan: false,
  holdDays,
  refundWindowDays: 7,
});
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The release job releases each due commission on its own (modules/plans/commissions.ts,
 * sql/commission_release_try.sql): one that cannot be released is recorded on its row with the
 * reason and tried again later with back-off, and never holds up the others. A release moves money
 * already in the system, so only the ceilings hold it back, never a lowered configured limit.
 */
describe.each(DATABASE_KINDS)('commission release, one commission at a time (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let full: Member;
  let uplines: Member[];
  let poisoned: { commissionId: string; purchaseId: string };
  const db = () => t.database.handle.db;
  const deps = () => ({ db: db(), clock: t.clock, config: t.config });
  const commissionsOf = (where: ReturnType<typeof sql>) =>
    rows<CommissionRow>(
      db(),
      sql`select id, status, beneficiary_id, release_failures, release_error, release_failed_at, next_release_attempt_at
            from commissions where ${where} order by created_at, id`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    expect((await asOperator(w, 'PUT', '/referral-settings', settings(1))).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });
    // The first commission due belongs to an upline whose wallet is at the balance ceiling: its
    // release can never go through while that lasts. Three others fall due with it.
    full = await quickMember(t);
    await seedFullBalance(db(), full.userId, t.config.CURRENCY);
    uplines = [full];
    for (let i = 0; i < 3; i++) uplines.push(await quickMember(t));
    for (const [i, upline] of uplines.entries()) {
      const buyer = await quickMember(t, { referrerId: upline.userId });
      await fund(w, buyer.userId, 1_000);
      const bought = await buy(w, buyer, plan.id);
      expect(bought.statusCode, bought.body).toBe(201);
      if (i === 0) {
        const [row] = await commissionsOf(sql`beneficiary_id = ${full.userId}`);
        poisoned = { commissionId: row!.id, purchaseId: bought.json().id };
      }
      t.clock.advance(1_000);
    }
    t.clock.advance(DAY);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a commission that cannot be released is recorded with its reason and next attempt; every other one is released', async () => {
    const before = await Promise.all(uplines.map((upline) => getMemberBalances(db(), upline.userId, t.config.CURRENCY)));
    const now = t.clock.now();
    const run = await runCommissionRelease(deps());
    expect(run.released).toBe(3);
    expect(run.failed).toEqual([
      { commissionId: poisoned.commissionId, error: 'BALANCE_LIMIT', failures: 1, nextAttemptAt: new Date(now.getTime() + MINUTE) },
    ]);

    const [row] = await commissionsOf(sql`id = ${poisoned.commissionId}`);
    expect({
      ...row,
      release_failed_at: iso(row!.release_failed_at),
      next_release_attempt_at: iso(row!.next_release_attempt_at),
    }).toMatchObject({
      status: 'pending',
      release_failures: 1,
      release_error: 'BALANCE_LIMIT',
      release_failed_at: now.toISOString(),
      next_release_attempt_at: new Date(now.getTime() + MINUTE).toISOString(),
    });
    const others = await commissionsOf(
      sql`beneficiary_id in (${sql.join(
        uplines.slice(1).map((upline) => sql`${upline.userId}`),
        sql`, `,
      )})`,
    );
    expect(others.map((other) => [other.status, other.release_failures, other.release_error])).toEqual([
      ['available', 0, null],
      ['available', 0, null],
      ['available', 0, null],
    ]);
    const after = await Promise.all(uplines.map((upline) => getMemberBalances(db(), upline.userId, t.config.CURRENCY)));
    expect(after.map((balance, i) => balance.available - before[i]!.available)).toEqual([0, 100, 100, 100]);
    expect(after.map((balance) => balance.commissionPending)).toEqual([100, 0, 0, 0]);
    expect(after[0]!.available).toBe(BALANCE_MAX_MINOR_CEILING);
    // Nothing of the refused release was written: one release transaction per released commission.
    expect(
      await rows(db(), sql`select 1 from ledger_transactions where idempotency_key = ${`commission-release:${poisoned.commissionId}`}`),
    ).toEqual([]);
    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('shows the operator the failed release on the purchase, in a filter of its own, and counted on the dashboard', async () => {
    const listed = await asOperator(w, 'GET', `/purchases?commission=release_failed`);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = (listed.json() as { items: AdminPurchase[] }).items.map((item) => adminPurchaseSchema.parse(item));
    expect(items.map((item) => item.id)).toEqual([poisoned.purchaseId]);
    const commission = items[0]!.commissions.find((row) => row.level === 1)!;
    expect(commission).toMatchObject({
      status: 'pending',
      releaseFailure: { error: 'BALANCE_LIMIT', failures: 1 },
    });
    expect(commission.releaseFailure!.nextAttemptAt).toBe(new Date(t.clock.now().getTime() + MINUTE).toISOString());
    // The others show no failure.
    const all = (await asOperator(w, 'GET', `/purchases`)).json() as { items: AdminPurchase[]; total: number };
    expect(all.total).toBe(4);
    expect(all.items.flatMap((item) => item.commissions).filter((row) => row.releaseFailure !== null)).toHaveLength(1);

    const dashboard = await asOperator(w, 'GET', '/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboardSchema.parse(dashboard.json()).queues.failedReleases).toBe(1);
    // The upline reads when it comes: at the next attempt, not at the holding period already past.
    const summary = await t.app.inject({ method: 'GET', url: '/api/v1/me/commissions', headers: { cookie: full.cookie } });
    expect(summary.json()).toMatchObject({ pending: 100, nextReleaseAt: commission.releaseFailure!.nextAttemptAt });
    // A filter the API does not know is a 400 naming it.
    const unknown = await asOperator(w, 'GET', `/purchases?commission=released`);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['commission']);
  });

  it('tries again 1 minute after the first failure, then doubling up to a day, and releases once it can', async () => {
    // Not due again yet: the next run leaves it alone (no second failure counted).
    expect(await runCommissionRelease(deps())).toEqual({ released: 0, failed: [] });
    t.clock.advance(MINUTE - 1_000);
    expect(await runCommissionRelease(deps())).toEqual({ released: 0, failed: [] });
    t.clock.advance(1_000);

    const delays: number[] = [];
    for (let attempt = 2; attempt <= 13; attempt++) {
      const now = t.clock.now();
      const run = await runCommissionRelease(deps());
      expect(run.released).toBe(0);
      expect(run.failed).toHaveLength(1);
      expect(run.failed[0]).toMatchObject({ commissionId: poisoned.commissionId, error: 'BALANCE_LIMIT', failures: attempt });
      const delay = run.failed[0]!.nextAttemptAt!.getTime() - now.getTime();
      delays.push(delay / MINUTE);
      t.clock.advance(delay);
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1440, 1440]);

    // The upline spends some of their wallet: the next attempt goes through.
    const spent = await asOperator(
      w,
      'POST',
      `/members/${full.userId}/adjustments`,
      { direction: 'debit', amount: 1_000, reason: 'Room for the commission' },
      'spend-for-release',
    );
    expect(spent.statusCode, spent.body).toBe(201);
    expect(await runCommissionRelease(deps())).toEqual({ released: 1, failed: [] });
    const [row] = await commissionsOf(sql`id = ${poisoned.commissionId}`);
    // Released: the failure is history (its count stays), nothing is waiting any more.
    expect(row).toMatchObject({
      status: 'available',
      release_failures: 13,
      release_error: null,
      release_failed_at: null,
      next_release_attempt_at: null,
    });
    const balance = await getMemberBalances(db(), full.userId, t.config.CURRENCY);
    expect([balance.available, balance.commissionPending]).toEqual([BALANCE_MAX_MINOR_CEILING - 1_000 + 100, 0]);
    const dashboard = dashboardSchema.parse((await asOperator(w, 'GET', '/dashboard')).json());
    expect(dashboard.queues.failedReleases).toBe(0);
    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }, 60_000);
});

describe.each(DATABASE_KINDS)('a lowered limit never holds back a release (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  const db = () => t.database.handle.db;
  beforeAll(async () => {
    // The purchases come in under a balance limit of 2,000 and a movement limit of 1,000.
    t = await createTestApp(kind, { AMOUNT_MAX_MINOR: '1000', BALANCE_MAX_MINOR: '2000' });
    w = await plansWorld(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the release job releases commissions past limits lowered since the purchase', async () => {
    expect((await asOperator(w, 'PUT', '/referral-settings', settings(1))).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });
    const upline = await quickMember(t);
    // 1,950 in two credits: one movement is at most 1,000 here.
    await fund(w, upline.userId, 1_000);
    await fund(w, upline.userId, 950);
    const buyer = await quickMember(t, { referrerId: upline.userId });
    await fund(w, buyer.userId, 1_000);
    expect((await buy(w, buyer, plan.id)).statusCode).toBe(201);
    t.clock.advance(DAY + 1_000);
    // Since then the movement limit went down to 50 (the commission is 100) and the balance limit
    // to 1,000 (the upline holds 1,950 already).
    const lowered = { ...t.config, AMOUNT_MAX_MINOR: 50, BALANCE_MAX_MINOR: 1_000 };
    expect(await releaseDueCommissions({ db: db(), clock: t.clock, config: lowered })).toBe(1);
    const balance = await getMemberBalances(db(), upline.userId, t.config.CURRENCY);
    expect([balance.available, balance.commissionPending]).toEqual([2_050, 0]);
  });

  it('a purchase with no holding period that would take an upline past the balance limit goes through; that commission is skipped (balance_limit), never released past it', async () => {
    expect((await asOperator(w, 'PUT', '/referral-settings', settings(0))).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });
    const upline = await quickMember(t);
    // 1,950 in two credits: one movement is at most 1,000 here.
    await fund(w, upline.userId, 1_000);
    await fund(w, upline.userId, 950);
    const buyer = await quickMember(t, { referrerId: upline.userId });
    await fund(w, buyer.userId, 1_000);
    const bought = await buy(w, buyer, plan.id);
    expect(bought.statusCode, bought.body).toBe(201);
    const balance = await getMemberBalances(db(), upline.userId, t.config.CURRENCY);
    expect([balance.available, balance.commissionPending]).toEqual([1_950, 0]);
    const skipped = await rows<{ status: string; skip_reason: string | null }>(
      db(),
      sql`select c.status, c.skip_reason from commissions c join purchases p on p.id = c.purchase_id
           where p.user_id = ${buyer.userId} and c.beneficiary_id = ${upline.userId}`,
    );
    expect(skipped).toEqual([{ status: 'skipped', skip_reason: 'balance_limit' }]);
    const report = await buildIntegrityReport(db(), t.clock.now());
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
