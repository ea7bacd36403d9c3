import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { registerMember, TEST_PASSWORD, type RegisteredMember } from './auth';
import { insertChannels } from './ledger-helpers';
import { asMember, asOperator, createPlan, fund, plansWorld, scalar, type PlansWorld } from './plans/helpers';

/**
 * Every money request costs at most three round trips to the database, the session read and the
 * idempotency record included (docs/decisions/0012): counted at the PostgreSQL driver while the
 * request runs. A service that goes back to a transaction of statements, or a route that goes back
 * to the separate idempotency record (claim before, store after), fails here.
 */
const MAX_ROUND_TRIPS = 3;
const HOUR = 3_600_000;
const IBAN = 'DE89370400440532013000';

describe.skipIf(!process.env.TEST_DATABASE_URL)('round trips per money request on PostgreSQL', () => {
  let t: TestApp;
  let w: PlansWorld;
  let member: RegisteredMember;
  const originalQuery = pg.Client.prototype.query;
  let counted = 0;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    w = await plansWorld(t);
    member = await registerMember(t);
    await insertChannels(t.database.handle.db);
    // Every query of every pooled connection passes here (pg.Pool's clients are pg.Client).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      counted += 1;
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });
  afterEach(() => {
    counted = 0;
  });
  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await t?.close();
  });

  /** The round trips `request` costs, after one warm-up request of the same kind. */
  async function roundTrips(request: () => Promise<{ statusCode: number; body: string }>, expected: number) {
    counted = 0;
    const response = await request();
    expect(response.statusCode, response.body).toBe(expected);
    // The counter sees the driver: at least the session read and the call itself.
    expect(counted).toBeGreaterThanOrEqual(2);
    return counted;
  }

  it('an operator adjustment: session read and ledger_adjust', async () => {
    await fund(w, member.userId, 1_000);
    const adjust = () =>
      asOperator(
        w,
        'POST',
        `/members/${member.userId}/adjustments`,
        { direction: 'credit', amount: 500, reason: 'goodwill' },
        randomUUID(),
      );
    // The two-person approval's threshold is read by ledger_adjust itself (docs/decisions/0033).
    expect(await roundTrips(adjust, 201)).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it('an operator credit of a recharge order', async () => {
    const order = async () => {
      const created = await asMember(w, member, 'POST', '/recharge/orders', { channel: 'bank', amount: 2_000 }, randomUUID());
      expect(created.statusCode, created.body).toBe(201);
      return (created.json() as { id: string }).id;
    };
    await asOperator(w, 'POST', `/recharge/orders/${await order()}/credit`, {}, randomUUID());
    const id = await order();
    expect(await roundTrips(() => asOperator(w, 'POST', `/recharge/orders/${id}/credit`, {}, randomUUID()), 200)).toBeLessThanOrEqual(
      MAX_ROUND_TRIPS,
    );
  });

  it('a plan purchase', async () => {
    const plan = await createPlan(w, { price: 100 });
    await asMember(w, member, 'POST', `/plans/${plan.id}/purchase`, {}, randomUUID());
    expect(await roundTrips(() => asMember(w, member, 'POST', `/plans/${plan.id}/purchase`, {}, randomUUID()), 201)).toBeLessThanOrEqual(
      MAX_ROUND_TRIPS,
    );
  });

  it('a withdrawal request and its settlement by the operator', async () => {
    await fund(w, member.userId, 50_000);
    const account = await asMember(w, member, 'POST', '/me/bank-accounts', {
      holderName: 'Ana',
      bankName: 'N26',
      country: 'DE',
      number: IBAN,
    });
    expect(account.statusCode, account.body).toBe(201);
    t.clock.advance(25 * HOUR);
    expect((await asMember(w, member, 'POST', '/me/step-up', { password: TEST_PASSWORD })).statusCode).toBe(200);
    const bankAccountId = (account.json() as { id: string }).id;
    const request = () => asMember(w, member, 'POST', '/withdrawals', { bankAccountId, amount: 10_000 }, randomUUID());
    const first = await request();
    expect(first.statusCode, first.body).toBe(201);
    let second: { statusCode: number; body: string } | undefined;
    expect(
      await roundTrips(async () => {
        second = await request();
        return second;
      }, 201),
    ).toBeLessThanOrEqual(MAX_ROUND_TRIPS);

    const ids = [first, second!].map((response) => (JSON.parse(response.body) as { id: string }).id);
    await asOperator(w, 'POST', `/withdrawals/${ids[0]}/pay`, { payoutReference: 'BANK-1' }, randomUUID());
    expect(
      await roundTrips(() => asOperator(w, 'POST', `/withdrawals/${ids[1]}/pay`, { payoutReference: 'BANK-2' }, randomUUID()), 200),
    ).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    // The audit rows were written by the same calls.
    expect(
      await scalar(
        t.database.handle.db,
        sql`select count(*) as n from audit_log where action = 'withdrawal.pay' and subject_id = ${ids[1]!}`,
      ),
    ).toBe(1);
  });
});
