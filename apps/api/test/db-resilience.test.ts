import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, rechargeOrderSchema, walletSchema } from '@orchard/shared';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { createTestApp, type TestApp } from './app';
import { createTestDatabase } from './database';
import { registerMember, signInOperator } from './auth';
import { insertChannels } from './ledger-helpers';

/**
 * Issue 9, defect 1: a PostgreSQL backend terminated while a request is inside its transaction
 * (restart, failover, pg_terminate_backend). Only PostgreSQL has backends to terminate.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a database connection lost mid-transaction on postgres', () => {
  let t: TestApp;
  let databaseName: string;
  let member: { userId: string; cookie: string };
  let operator: { userId: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await insertChannels(t.database.handle.db);
    member = await registerMember(t);
    operator = await signInOperator(t);
    [{ name: databaseName }] = (await query<{ name: string }>('select current_database() as name')) as [{ name: string }];
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (who: { cookie: string }, key?: string) => ({ cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) });
  const query = <Row>(text: string, params: unknown[] = []) => t.database.handle.withSession((session) => session.query<Row>(text, params));

  /** Everything a money request may write: ledger rows, member balances, orders, idempotency records, audit. */
  const snapshot = async () => ({
    transactions: await query('select id, kind, idempotency_key from ledger_transactions order by id'),
    entries: await query('select id, account_id, amount, balance_after from ledger_entries order by id'),
    balances: await query('select id, balance from ledger_accounts order by id'),
    orders: await query('select id, status, ledger_transaction_id from recharge_orders order by id'),
    idempotency: await query('select scope, key, state from idempotency_keys order by scope, key'),
    audit: await query('select count(*)::int as n from audit_log'),
  });

  /**
   * Sends `request` while another connection holds the member's ledger rows locked, so the request
   * waits inside its transaction (it has already written its ledger_transactions row); then
   * terminates that backend, as a failover would, and lets go of the lock.
   */
  async function interrupt(send: () => Promise<import('light-my-request').Response>) {
    const blocker = new pg.Client({ connectionString: urlOf(databaseName) });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from ledger_accounts where owner_id = $1 for update', [member.userId]);
      const pending = send();
      let pid: number | undefined;
      for (let tries = 0; tries < 200 && pid === undefined; tries++) {
        const { rows } = await blocker.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(pid, 'the request never waited inside its transaction').toBeDefined();
      await blocker.query('select pg_terminate_backend($1)', [pid]);
      const response = await pending;
      await blocker.query('rollback');
      return response;
    } finally {
      await blocker.end();
    }
  }

  function expectUnavailable(response: import('light-my-request').Response) {
    expect(response.statusCode, response.body).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error.code).toBe('UNAVAILABLE');
    expect(body.error.message.length).toBeGreaterThan(0);
  }

  it('answers 503 with Retry-After, keeps serving, leaves nothing half-done, and the same key can be retried', async () => {
    // A first adjustment creates the member's ledger accounts (the rows the next requests wait on).
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${member.userId}/adjustments`,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 500, reason: 'Opening balance' },
    });
    expect(first.statusCode, first.body).toBe(201);

    // 1. An operator adjustment interrupted mid-transaction.
    const before = await snapshot();
    const adjustKey = randomUUID();
    const adjust = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/members/${member.userId}/adjustments`,
        headers: as(operator, adjustKey),
        payload: { direction: 'credit', amount: 250, reason: 'Goodwill' },
      });
    expectUnavailable(await interrupt(adjust));
    expect(await snapshot()).toEqual(before);

    // The process still serves, on a fresh connection.
    const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: as(member) });
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(walletSchema.parse(wallet.json()).available).toBe(500);

    // The interrupted request's Idempotency-Key is not stuck "in progress": its retry runs, once.
    const retried = await adjust();
    expect(retried.statusCode, retried.body).toBe(201);
    const replayed = await adjust();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');

    // 2. Crediting a recharge order, interrupted the same way: the order stays open.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(member, randomUUID()),
      payload: { channel: 'bank', amount: 5000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = rechargeOrderSchema.parse(created.json());
    const creditKey = randomUUID();
    const credit = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/recharge/orders/${order.id}/credit`, headers: as(operator, creditKey) });
    const beforeCredit = await snapshot();
    expectUnavailable(await interrupt(credit));
    expect(await snapshot()).toEqual(beforeCredit);

    const creditedOnRetry = await credit();
    expect(creditedOnRetry.statusCode, creditedOnRetry.body).toBe(200);
    expect(rechargeOrderSchema.parse(creditedOnRetry.json()).status).toBe('credited');
    const after = walletSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: as(member) })).json());
    expect(after.available).toBe(500 + 250 + 5000);

    const report = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: as(operator) });
    expect(report.statusCode).toBe(200);
    expect(report.json().ok).toBe(true);
  });

  it('a purchase cut off mid-transaction moves nothing, counts nothing, and its key runs once on retry', async () => {
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/plans',
      headers: as(operator),
      payload: { name: 'Resilience plan', price: 300, durationDays: 30, perMemberLimit: 1, stock: 5 },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const planId = (plan.json() as { id: string }).id;
    const plansState = async () => ({
      purchases: await query('select id from purchases order by id'),
      counts: await query('select plan_id, user_id, bought from plan_member_counts order by plan_id, user_id'),
      units: await query('select unit, purchase_id from plan_stock_units where plan_id = $1 order by unit', [planId]),
      commissions: await query('select count(*)::int as n from commissions'),
    });
    const before = { ...(await snapshot()), ...(await plansState()) };
    const key = randomUUID();
    const buy = () => t.app.inject({ method: 'POST', url: `/api/v1/plans/${planId}/purchase`, headers: as(member, key), payload: {} });
    expectUnavailable(await interrupt(buy));
    expect({ ...(await snapshot()), ...(await plansState()) }).toEqual(before);
    // The per-member limit of 1 was not spent by the lost attempt: the retry buys, once.
    const retried = await buy();
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await buy()).headers['idempotent-replayed']).toBe('true');
    expect(await query('select count(*)::int as n from purchases where plan_id = $1', [planId])).toEqual([{ n: 1 }]);
  });

  it('answers 503 when the connection dies while a statement runs (pg_sleep), then serves the next request', async () => {
    const pending = query('select pg_sleep(30)').then(
      () => 'finished',
      (error: unknown) => error,
    );
    let pid: number | undefined;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (let tries = 0; tries < 200 && pid === undefined; tries++) {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'`,
          [databaseName],
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    const outcome = await pending;
    expect(outcome).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: as(member) })).statusCode).toBe(200);
  });
});

/** TEST_DATABASE_URL pointed at another database on the same server. */
function urlOf(name: string): string {
  const parsed = new URL(process.env.TEST_DATABASE_URL!);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a checked-out connection lost between two statements on postgres', () => {
  it('fails the next statement as unavailable instead of crashing, and the pool serves the next caller', async () => {
    const database = await createTestDatabase('postgres', { poolSize: 2 });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const outcome = await database.handle
        .withSession(async (session) => {
          await session.exec('begin');
          const [{ pid }] = (await session.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }];
          // Idle in transaction, the client checked out: the server's FATAL arrives with no query running.
          await admin.query('select pg_terminate_backend($1)', [pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await session.query('select 1');
          return 'finished';
        })
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      await expect(database.handle.ping()).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await database.destroy();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: update ledger_accounts …'), { cause });
  it('knows a lost database by SQLSTATE, socket code or driver message, through wrappers', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code }))), code).toBe(true);
    }
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });
  it('leaves every other error alone', () => {
    for (const code of ['23505', '23514', '40001', '22003', undefined]) {
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code })))).toBe(false);
    }
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated unexpectedly')).toBe(false);
  });
});
