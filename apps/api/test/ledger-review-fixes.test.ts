import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeOrderSchema, walletSchema } from '@orchard/shared';
import { auditLog } from '../src/db/schema/index';
import { signatureHeader } from '../src/modules/recharge/webhook';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';
import { GATEWAY_SECRET, insertChannels } from './ledger-helpers';

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('ledger review fixes on %s', (kind) => {
  let t: TestApp;
  let alice: { userId: string; cookie: string };
  let bob: { userId: string; cookie: string };
  let operator: { userId: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertChannels(t.database.handle.db);
    alice = await registerMember(t);
    bob = await registerMember(t);
    operator = await signInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (who: { cookie: string }, key?: string) => ({ cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) });
  const wallet = async (who: { cookie: string }) =>
    walletSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: as(who) })).json());
  const auditOf = (subjectId: string) => t.database.handle.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
  const adjust = (memberId: string, key: string, payload: { direction: 'credit' | 'debit'; amount: number; reason: string }) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/members/${memberId}/adjustments`, headers: as(operator, key), payload });
  const createOrder = (who: { cookie: string }, key: string, amount = 5000, channel = 'bank') =>
    t.app.inject({ method: 'POST', url: '/api/v1/recharge/orders', headers: as(who, key), payload: { channel, amount } });
  const sendWebhook = (event: unknown) => {
    const raw = JSON.stringify(event);
    const timestamp = Math.floor(t.clock.now().getTime() / 1000);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments/gw',
      headers: { 'content-type': 'application/json', 'orchard-signature': signatureHeader(GATEWAY_SECRET, timestamp, raw) },
      payload: raw,
    });
  };

  it('H1: an adjustment key reused after its HTTP record expired is refused for another member or amount, replayed for the same one', async () => {
    const key = `adj-${randomUUID()}`;
    const first = await adjust(alice.userId, key, { direction: 'credit', amount: 500, reason: 'goodwill' });
    expect(first.statusCode, first.body).toBe(201);
    const bobBefore = await wallet(bob);
    t.clock.advance(25 * HOUR);

    const otherMember = await adjust(bob.userId, key, { direction: 'credit', amount: 9000, reason: 'refund for order 77' });
    expect(otherMember.statusCode, otherMember.body).toBe(422);
    expect(otherMember.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(otherMember.json().error.message).toMatch(/Idempotency-Key/);
    expect(await wallet(bob)).toEqual(bobBefore);
    expect((await auditOf(bob.userId)).filter((row) => row.action.startsWith('ledger.adjust'))).toHaveLength(0);

    t.clock.advance(25 * HOUR);
    const otherAmount = await adjust(alice.userId, key, { direction: 'credit', amount: 600, reason: 'goodwill' });
    expect(otherAmount.statusCode, otherAmount.body).toBe(422);
    t.clock.advance(25 * HOUR);
    const otherDirection = await adjust(alice.userId, key, { direction: 'debit', amount: 500, reason: 'goodwill' });
    expect(otherDirection.statusCode, otherDirection.body).toBe(422);

    // The same adjustment retried late: the first transaction, no second movement.
    t.clock.advance(25 * HOUR);
    const aliceBefore = await wallet(alice);
    const retried = await adjust(alice.userId, key, { direction: 'credit', amount: 500, reason: 'goodwill' });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().transactionId).toBe(first.json().transactionId);
    expect(await wallet(alice)).toEqual(aliceBefore);
  });

  it('M1: odd dates and cursors are a 400 with a field message, never a 5xx', async () => {
    for (const query of ['to=9999-12-31', 'from=0000-01-01', 'to=0000-01-01', 'from=1969-12-31', 'to=10000-01-01']) {
      for (const url of ['/api/v1/wallet/transactions', '/api/v1/wallet/transactions/export']) {
        const response = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: as(alice) });
        expect(response.statusCode, `${url}?${query} ${response.body}`).toBe(400);
      }
      const admin = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/members/${alice.userId}/transactions?${query}`,
        headers: as(operator),
      });
      expect(admin.statusCode, `${query} ${admin.body}`).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions?to=9999-12-30', headers: as(alice) })).statusCode).toBe(
      200,
    );
    const id = '00000000-0000-0000-0000-000000000000';
    for (const raw of [`+010000-01-01T00:00:00Z|${id}`, `-000001-01-01T00:00:00Z|${id}`, `0000-01-01|${id}`, `1|${id}`]) {
      const cursor = Buffer.from(raw).toString('base64url');
      const member = await t.app.inject({ method: 'GET', url: `/api/v1/recharge/orders?cursor=${cursor}`, headers: as(alice) });
      expect(member.statusCode, `${raw} ${member.body}`).toBe(400);
      expect(member.json().error.fields.cursor).toBeTruthy();
      const admin = await t.app.inject({ method: 'GET', url: `/api/v1/admin/recharge/reviews?cursor=${cursor}`, headers: as(operator) });
      expect(admin.statusCode, `${raw} ${admin.body}`).toBe(400);
    }
  });

  it('M1: arbitrary from/to/cursor/limit/type on the list endpoints never give a 5xx', async () => {
    // Years at and past the edges PostgreSQL and Date disagree on, written as ISO does (±YYYYYY past 9999).
    const year = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(-1, 0, 1, 1969, 1970, 9999, 10000, 275760) },
      fc.integer({ min: -300000, max: 300000 }),
    );
    const yearText = (y: number) =>
      y >= 0 && y <= 9999 ? String(y).padStart(4, '0') : `${y < 0 ? '-' : '+'}${String(Math.abs(y)).padStart(6, '0')}`;
    const day = fc
      .tuple(
        year,
        fc.oneof(fc.constantFrom(1, 12), fc.integer({ min: 1, max: 12 })),
        fc.oneof(fc.constantFrom(1, 31), fc.integer({ min: 1, max: 31 })),
      )
      .map(([y, m, d]) => `${yearText(y)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    const dateLike = fc.oneof(
      fc.string(),
      day,
      day.map((date) => `${date}T23:59:59Z`),
      day.map((date) => `${date}T00:00:00.000Z`),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    const cursorLike = fc.oneof(
      fc.string(),
      fc.string().map((raw) => Buffer.from(raw).toString('base64url')),
      fc.tuple(dateLike, fc.uuid()).map(([at, uuid]) => Buffer.from(`${at}|${uuid}`).toString('base64url')),
      fc.bigInt({ min: 0n, max: 10n ** 19n }).map(String),
    );
    // Mostly well-formed values, so a request usually gets past the other fields to the one under test.
    const limit = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }).map(String) }, fc.string(), fc.integer().map(String));
    const type = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('recharge', 'adjustment_credit,recharge') }, fc.string());
    // Each endpoint's own fields, mostly well-formed, so a request usually gets past the others to the one under test.
    const statement = fc.record({ from: dateLike, to: dateLike, cursor: cursorLike, limit, type }, { requiredKeys: [] });
    const orders = fc.record({ cursor: cursorLike, limit }, { requiredKeys: [] });
    const endpoints = [
      { url: () => '/api/v1/wallet/transactions', who: () => alice, query: statement },
      { url: () => '/api/v1/wallet/transactions/export', who: () => alice, query: statement },
      { url: () => `/api/v1/admin/members/${alice.userId}/transactions`, who: () => operator, query: statement },
      { url: () => '/api/v1/recharge/orders', who: () => alice, query: orders },
      { url: () => '/api/v1/admin/recharge/reviews', who: () => operator, query: orders },
    ];
    const request = fc.oneof(
      ...endpoints.map((endpoint) => endpoint.query.map((query) => ({ url: endpoint.url(), cookie: endpoint.who().cookie, query }))),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ url, cookie, query }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const response = await t.app.inject({ method: 'GET', url: `${url}?${search}`, headers: { cookie } });
        expect(response.statusCode, `${url}?${search} ${response.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('L1: a second, different gateway payment for a credited order is flagged for review, not dropped', async () => {
    const created = await createOrder(alice, randomUUID(), 2500, 'gw');
    expect(created.statusCode, created.body).toBe(201);
    const order = rechargeOrderSchema.parse(created.json());
    const event = (id: string, paymentReference: string) => ({
      id,
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: 2500, currency: 'USD', paymentReference },
    });
    expect((await sendWebhook(event(`evt-${randomUUID()}`, 'pay-1'))).json().outcome).toBe('credited');
    const before = await wallet(alice);
    // The same payment delivered again under a new event id: a duplicate, nothing to flag.
    expect((await sendWebhook(event(`evt-${randomUUID()}`, 'pay-1'))).json().outcome).toBe('duplicate');
    const second = await sendWebhook(event(`evt-${randomUUID()}`, 'pay-2'));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().outcome).toBe('flagged');
    expect(await wallet(alice)).toEqual(before);
    const flags = (await auditOf(order.id)).filter((row) => row.action === 'recharge.flag.gateway');
    expect(flags).toHaveLength(1);
    expect(JSON.stringify(flags[0]!.detail)).toContain('pay-2');
    const reviews = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recharge/reviews?limit=100', headers: as(operator) });
    const item = reviews.json().items.find((row: { id: string }) => row.id === order.id);
    expect(item, reviews.body).toBeTruthy();
    expect(item.status).toBe('credited');
    expect(item.reviewNote).toContain('pay-2');

    // The operator refunds it and closes the flag with a reason: the order stays credited, off the list.
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/reject`,
      headers: as(operator, randomUUID()),
      payload: { reason: 'refunded pay-2 at the gateway' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().status).toBe('credited');
    expect(await wallet(alice)).toEqual(before);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recharge/reviews?limit=100', headers: as(operator) });
    expect(after.json().items.some((row: { id: string }) => row.id === order.id)).toBe(false);
    expect((await auditOf(order.id)).map((row) => row.action)).toContain('recharge.flag.resolve');
  });

  it('L3: a create retried with its key after the HTTP record expired returns the same order', async () => {
    const key = `create-${randomUUID()}`;
    const first = await createOrder(bob, key, 1234);
    expect(first.statusCode, first.body).toBe(201);
    t.clock.advance(25 * HOUR);
    const again = await createOrder(bob, key, 1234);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    t.clock.advance(25 * HOUR);
    const changed = await createOrder(bob, key, 4321);
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('L4: an operator credit writes one audit row with the ip and the note', async () => {
    const created = await createOrder(bob, randomUUID(), 700);
    const order = rechargeOrderSchema.parse(created.json());
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/credit`,
      headers: as(operator, randomUUID()),
      remoteAddress: '203.0.113.9',
      payload: { note: 'matched bank line 42' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await auditOf(order.id);
    expect(rows.map((row) => row.action)).toEqual(['recharge.credit']);
    expect(rows[0]!.ip).toBe('203.0.113.9');
    expect(rows[0]!.detail).toMatchObject({ note: 'matched bank line 42', amount: 700 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('recharge create cap under concurrency on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { RECHARGE_MAX_OPEN_ORDERS: '5' });
    await insertChannels(t.database.handle.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('L3: 20 concurrent creates with distinct keys and a cap of 5 make exactly 5 orders, the rest a clear 409', async () => {
    const member = await registerMember(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/recharge/orders',
          headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
          payload: { channel: 'bank', amount: 1000 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.filter((status) => status === 201),
      responses.map((r) => r.body).join('\n'),
    ).toHaveLength(5);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(15);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.code).toBe('TOO_MANY_OPEN_ORDERS');
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/orders?limit=100', headers: { cookie: member.cookie } });
    expect(list.json().items).toHaveLength(5);
  });
});
