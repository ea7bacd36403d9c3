import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIntegrityReport, getMemberBalances } from '../src/ledger/index';
import { createTestApp, type TestApp } from './app';
import { asOperator, buy, createPlan, fund, plansWorld, quickMember, rows, type PlansWorld } from './plans/helpers';

/** A client of its own on the test app's PostgreSQL database: a transaction the test holds open. */
async function sideClient(t: TestApp): Promise<pg.Client> {
  const [current] = await t.database.handle.withSession((session) => session.query<{ name: string }>('select current_database() as name'));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${current!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/**
 * Waits until `work` has finished or some session of this database other than `except` waits for
 * a lock; says which came first. (A wait, not a timing: it only decides what is observed.)
 */
async function finishedOrBlocked<T>(probe: pg.Client, except: number[], work: Promise<T>): Promise<'finished' | 'blocked'> {
  let finished = false;
  void work
    .finally(() => {
      finished = true;
    })
    .catch(() => undefined);
  for (let poll = 0; poll < 2_000; poll++) {
    if (finished) return 'finished';
    const waiting = await probe.query<{ n: number }>(
      `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database() and not (l.pid = any($1::int[]))`,
      [except],
    );
    if (waiting.rows[0]!.n > 0) return 'blocked';
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('neither finished nor blocked');
}

const accountId = async (t: TestApp, userId: string, type: string) =>
  Number(
    (
      await rows<{ id: string }>(
        t.database.handle.db,
        sql`select id from ledger_accounts where owner_id = ${userId} and type = ${type} and currency = ${t.config.CURRENCY}`,
      )
    )[0]!.id,
  );

/**
 * The one lock order (apps/api/src/ledger/README.md), pinned where the code broke it: a function
 * that already holds ledger accounts never waits for another one out of ascending id order.
 * Each test holds one account in a transaction of its own and looks at what the money function
 * holds while it waits, or whether it waits at all. PostgreSQL only: PGlite is one session.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the lock order on PostgreSQL', () => {
  let t: TestApp;
  let w: PlansWorld;
  let holder: pg.Client;
  let probe: pg.Client;
  let pids: number[];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    w = await plansWorld(t);
    holder = await sideClient(t);
    probe = await sideClient(t);
    pids = [
      (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
      (await probe.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
    ];
  });
  afterAll(async () => {
    await holder?.end();
    await probe?.end();
    await t?.close();
  });

  const settings = (holdDays: number) =>
    asOperator(w, 'PUT', '/referral-settings', {
      level1Bp: 1000,
      level2Bp: 500,
      level3Bp: 200,
      capBp: 3000,
      requireActivePlan: false,
      holdDays,
      refundWindowDays: 7,
    });

  it("a purchase with no holding period takes the upline's accounts up front, in ascending id with the buyer's: it waits for them before holding any, then releases the commission at once", async () => {
    expect((await settings(0)).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });
    const upline = await quickMember(t);
    await fund(w, upline.userId, 500);
    const buyer = await quickMember(t, { referrerId: upline.userId });
    await fund(w, buyer.userId, 1_000);
    const uplineAvailable = await accountId(t, upline.userId, 'member_available');
    const buyerAvailable = await accountId(t, buyer.userId, 'member_available');

    // Another transaction holds the upline's wallet (a withdrawal, a refund, a release …). The
    // purchase waits for it in plan_purchase's one ascending-id lock of every member account it
    // will touch, so while it waits it holds no account out of order: the buyer's wallet is free
    // whenever its id comes after the upline's.
    await holder.query('begin');
    await holder.query('select 1 from ledger_accounts where id = $1 for update', [uplineAvailable]);
    const purchase = buy(w, buyer, plan.id, {}, randomUUID());
    const seen = await finishedOrBlocked(probe, pids, purchase);
    if (buyerAvailable > uplineAvailable) {
      const free = await probe.query('select 1 from ledger_accounts where id = $1 for update skip locked', [buyerAvailable]);
      expect(free.rowCount).toBe(1);
    }
    await holder.query('rollback');
    expect(seen).toBe('blocked');
    const bought = await purchase;
    expect(bought.statusCode, bought.body).toBe(201);

    const [commission] = await rows<{ id: string; status: string; release_error: string | null }>(
      t.database.handle.db,
      sql`select id, status, release_error from commissions where purchase_id = ${bought.json().id} and level = 1`,
    );
    expect(commission).toMatchObject({ status: 'available', release_error: null });
    const balances = await getMemberBalances(t.database.handle.db, upline.userId, t.config.CURRENCY);
    expect([balances.available, balances.commissionPending]).toEqual([600, 0]);
    expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);
  });

  it('a refund takes every member account it touches in one pass, in ascending id order, before it waits for any', async () => {
    expect((await settings(0)).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });
    // Accounts are made on first use: the grandparent's first, then the parent's, then the buyer's,
    // so the uplines' ids ascend from the top of the chain while a refund walks it from the bottom.
    const top = await quickMember(t);
    await fund(w, top.userId, 500);
    const parent = await quickMember(t, { referrerId: top.userId });
    await fund(w, parent.userId, 500);
    const buyer = await quickMember(t, { referrerId: parent.userId });
    await fund(w, buyer.userId, 1_000);
    const bought = await buy(w, buyer, plan.id, {}, randomUUID());
    expect(bought.statusCode, bought.body).toBe(201);
    // No holding period: both commissions were released with the purchase, so the refund takes
    // them back from the uplines' wallets (the override).
    const touched = {
      topAvailable: await accountId(t, top.userId, 'member_available'),
      topDebt: await accountId(t, top.userId, 'member_debt'),
      parentAvailable: await accountId(t, parent.userId, 'member_available'),
      parentDebt: await accountId(t, parent.userId, 'member_debt'),
      buyerAvailable: await accountId(t, buyer.userId, 'member_available'),
    };
    const lowest = Math.min(...Object.values(touched));
    expect(lowest).toBe(touched.topAvailable);
    const others = Object.values(touched).filter((id) => id !== lowest);

    await holder.query('begin');
    await holder.query('select 1 from ledger_accounts where id = $1 for update', [lowest]);
    const refund = w.t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/purchases/${bought.json().id}/refund`,
      headers: { cookie: w.operator.cookie, 'idempotency-key': randomUUID() },
      payload: { reason: 'Lock order', override: true },
    });
    const seen = await finishedOrBlocked(probe, pids, refund);
    // While the refund waits for the lowest account it holds no other: each can be taken at once.
    let othersFree: boolean;
    try {
      await holder.query('select 1 from ledger_accounts where id = any($1::bigint[]) order by id for update nowait', [others]);
      othersFree = true;
    } catch {
      othersFree = false;
    }
    await holder.query('rollback');
    const answer = await refund;
    expect(seen).toBe('blocked');
    expect(othersFree).toBe(true);
    expect(answer.statusCode, answer.body).toBe(200);
    const balances = await Promise.all(
      [top, parent, buyer].map((who) => getMemberBalances(t.database.handle.db, who.userId, t.config.CURRENCY)),
    );
    expect(balances.map((balance) => balance.available)).toEqual([500, 500, 1_000]);
    expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);
  });
});
