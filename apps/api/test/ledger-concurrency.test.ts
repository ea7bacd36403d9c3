import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, ledgerReportSchema } from '@orchard/shared';
import { signatureHeader } from '../src/modules/recharge/webhook';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { GATEWAY_SECRET, insertChannels } from './ledger-helpers';

/**
 * Races that only a real PostgreSQL can show (PGlite is one session). Each test fires its
 * requests at once through `app.inject` on a 20-connection pool.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('money under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let operator: { userId: string; cookie: string };
  let secondOperator: { userId: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await insertChannels(t.database.handle.db);
    operator = await signInOperator(t);
    secondOperator = await signInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const headers = (who: { cookie: string }, key?: string) => ({ cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) });
  const createOrder = async (member: { cookie: string }, amount: number, channel = 'bank') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: headers(member, randomUUID()),
      payload: { channel, amount },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; reference: string };
  };
  const balanceOf = async (member: { cookie: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: headers(member) })).json().available as number;
  const countTransactions = async (userId: string) => {
    const result = (await t.database.handle.db.execute(
      sql`select count(distinct e.transaction_id)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.owner_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  };
  const expectLedgerIntact = async () => {
    const report = ledgerReportSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: headers(operator) })).json(),
    );
    expect(report.ok, JSON.stringify(report)).toBe(true);
  };

  it('50 concurrent credits of one order (two operators, double clicks) credit it exactly once', async () => {
    const member = await registerMember(t);
    const order = await createOrder(member, 12_345);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/recharge/orders/${order.id}/credit`,
          headers: headers(i % 2 ? operator : secondOperator, randomUUID()),
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 49 });
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('ALREADY_CREDITED');
    expect(await balanceOf(member)).toBe(12_345);
    expect(await countTransactions(member.userId)).toBe(1);
    await expectLedgerIntact();
  });

  it('100 concurrent deliveries of one webhook event credit once', async () => {
    const member = await registerMember(t);
    const order = await createOrder(member, 4_200, 'gw');
    const raw = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: 4_200, currency: 'USD' },
    });
    const signature = signatureHeader(GATEWAY_SECRET, Math.floor(t.clock.now().getTime() / 1000), raw);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/payments/gw',
          headers: { 'content-type': 'application/json', 'orchard-signature': signature },
          payload: raw,
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 100 });
    const outcomes = responses.map((response) => response.json().outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(99);
    expect(await balanceOf(member)).toBe(4_200);
    expect(await countTransactions(member.userId)).toBe(1);
    await expectLedgerIntact();
  });

  it('100 concurrent debits of the whole balance: exactly one succeeds, the others get a clear 409', async () => {
    const member = await registerMember(t);
    const url = `/api/v1/admin/members/${member.userId}/adjustments`;
    const funded = await t.app.inject({
      method: 'POST',
      url,
      headers: headers(operator, randomUUID()),
      payload: { direction: 'credit', amount: 10_000, reason: 'Opening balance' },
    });
    expect(funded.statusCode).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: headers(operator, randomUUID()),
          payload: { direction: 'debit', amount: 10_000, reason: 'Take it all' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: 99 });
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(member)).toBe(0);
    expect(await countTransactions(member.userId)).toBe(2);
    await expectLedgerIntact();
  });

  it('the same Idempotency-Key sent 20 times at once has one effect', async () => {
    const member = await registerMember(t);
    const key = randomUUID();
    const url = `/api/v1/admin/members/${member.userId}/adjustments`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: headers(operator, key),
          payload: { direction: 'credit', amount: 777, reason: 'Once only' },
        }),
      ),
    );
    const counts = statuses(responses);
    expect(Object.keys(counts).every((status) => status === '201' || status === '409')).toBe(true);
    expect(counts[201]).toBeGreaterThanOrEqual(1);
    const transactionIds = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json().transactionId));
    expect(transactionIds.size).toBe(1);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await balanceOf(member)).toBe(777);
    expect(await countTransactions(member.userId)).toBe(1);

    // A member's own create-order with one key, 20 times at once: one order.
    const orderKey = randomUUID();
    const creates = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/recharge/orders',
          headers: headers(member, orderKey),
          payload: { channel: 'bank', amount: 1000 },
        }),
      ),
    );
    expect(creates.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(new Set(creates.filter((r) => r.statusCode === 201).map((r) => r.json().id)).size).toBe(1);
    const orders = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/orders', headers: headers(member) });
    expect(orders.json().items).toHaveLength(1);
  });

  it('many members credited at once never wait on a platform row and never deadlock', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => registerMember(t)));
    const orders = await Promise.all(members.flatMap((member) => [createOrder(member, 1000), createOrder(member, 2000)]));
    const responses = await Promise.all(
      orders.flatMap((order) => [
        t.app.inject({ method: 'POST', url: `/api/v1/admin/recharge/orders/${order.id}/credit`, headers: headers(operator, randomUUID()) }),
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/recharge/orders/${order.id}/credit`,
          headers: headers(secondOperator, randomUUID()),
        }),
      ]),
    );
    expect(statuses(responses)).toEqual({ 200: 10, 409: 10 });
    for (const member of members) expect(await balanceOf(member)).toBe(3000);
    await expectLedgerIntact();
  });
});
