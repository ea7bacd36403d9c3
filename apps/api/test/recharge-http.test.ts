import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, ledgerReportSchema, rechargeOrderSchema, statementPageSchema, walletSchema } from '@orchard/shared';
import { signatureHeader } from '../src/modules/recharge/webhook';
import { setPurgeProbability } from '../src/plugins/idempotency';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';
import { GATEWAY_SECRET, insertChannels } from './ledger-helpers';

describe.each(DATABASE_KINDS)('recharge, review, webhook, statement over HTTP on %s', (kind) => {
  let t: TestApp;
  let alice: { userId: string; cookie: string };
  let bob: { userId: string; cookie: string };
  let operator: { userId: string; cookie: string };

  beforeAll(async () => {
    // Every new key also sweeps expired ones here, so that path runs on each request.
    setPurgeProbability(1);
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
  const createOrder = async (who: { cookie: string }, amount = 5000, channel = 'bank') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(who, randomUUID()),
      payload: { channel, amount },
    });
    expect(response.statusCode, response.body).toBe(201);
    return rechargeOrderSchema.parse(response.json());
  };
  const wallet = async (who: { cookie: string }) =>
    walletSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: as(who) })).json());
  const credit = (id: string, key = randomUUID()) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/recharge/orders/${id}/credit`, headers: as(operator, key) });
  const sendWebhook = (event: unknown, options: { secret?: string; timestamp?: number; channel?: string } = {}) => {
    const raw = JSON.stringify(event);
    const timestamp = options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/payments/${options.channel ?? 'gw'}`,
      headers: {
        'content-type': 'application/json',
        'orchard-signature': signatureHeader(options.secret ?? GATEWAY_SECRET, timestamp, raw),
      },
      payload: raw,
    });
  };

  it('lists the enabled channels without any secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/channels', headers: as(alice) });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .items.map((channel: { code: string }) => channel.code)
        .sort(),
    ).toEqual(['bank', 'gw']);
    expect(response.body).not.toContain(GATEWAY_SECRET);
  });

  it("shows members a channel's kind in plain words, never the operator's own name of it", async () => {
    const channels = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/channels', headers: as(alice) });
    expect(
      channels
        .json()
        .items.map((channel: { code: string; name: string }) => [channel.code, channel.name])
        .sort(),
    ).toEqual([
      ['bank', 'Bank transfer'],
      ['gw', 'Card payment'],
    ]);
    expect(channels.body).not.toContain('Test gateway');
    const order = await createOrder(alice, 1500, 'gw');
    expect(order.channel).toEqual({ code: 'gw', kind: 'gateway', name: 'Card payment' });
    for (const url of [`/api/v1/recharge/orders/${order.id}`, '/api/v1/recharge/orders']) {
      const response = await t.app.inject({ method: 'GET', url, headers: as(alice) });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Test gateway');
    }
    // The console keeps the operator's name.
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/admin/payment-channels', headers: as(operator) });
    expect(admin.body).toContain('Test gateway');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${order.id}/cancel`, headers: as(alice) });
    expect(cancelled.json().channel.name).toBe('Card payment');
  });

  it('needs a signed-in member', async () => {
    for (const url of ['/api/v1/wallet', '/api/v1/wallet/transactions', '/api/v1/recharge/orders', '/api/v1/recharge/channels']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('requires an Idempotency-Key to create an order, replays a retry and refuses a reused key', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(alice),
      payload: { channel: 'bank', amount: 5000 },
    });
    expect(missing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('IDEMPOTENCY_KEY_MISSING');

    const key = randomUUID();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(alice, key),
      payload: { channel: 'bank', amount: 5000 },
    });
    expect(first.statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(alice, key),
      payload: { channel: 'bank', amount: 5000 },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(alice, key),
      payload: { channel: 'bank', amount: 6000 },
    });
    expect(other.statusCode).toBe(422);
    expect(apiErrorSchema.parse(other.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another member's key space is their own.
    const bobs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(bob, key),
      payload: { channel: 'bank', amount: 6000 },
    });
    expect(bobs.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${first.json().id}/cancel`, headers: as(alice) });
    await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${bobs.json().id}/cancel`, headers: as(bob) });
  });

  it('refuses bad input with field messages: amount outside the channel, float, string, unknown channel or key', async () => {
    const cases: [unknown, string][] = [
      [{ channel: 'bank', amount: 50 }, 'amount'],
      [{ channel: 'bank', amount: 2_000_000 }, 'amount'],
      [{ channel: 'bank', amount: 10.5 }, 'amount'],
      [{ channel: 'bank', amount: '5000' }, 'amount'],
      [{ channel: 'nope', amount: 5000 }, 'channel'],
      [{ channel: 'bank', amount: 5000, extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/recharge/orders',
        headers: as(alice, randomUUID()),
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(response.json()).error.fields ?? {})).toContain(field);
    }
  });

  it('refuses control characters in text fields with a 400, never a database 5xx', async () => {
    const order = await createOrder(alice, 1500);
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recharge/orders/${order.id}/submit`,
      headers: as(alice),
      payload: { payerReference: 'abc\u0000def' },
    });
    expect(submit.statusCode).toBe(400);
    expect(apiErrorSchema.parse(submit.json()).error.fields).toHaveProperty('payerReference');
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/reject`,
      headers: as(operator, randomUUID()),
      payload: { reason: 'no\u0000pe' },
    });
    expect(reject.statusCode).toBe(400);
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${alice.userId}/adjustments`,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 1, reason: 'bad\u0007bell' },
    });
    expect(adjust.statusCode).toBe(400);
    const webhook = await sendWebhook({
      id: 'evt\u0000x',
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: 1500, currency: 'USD' },
    });
    expect(webhook.statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${order.id}/cancel`, headers: as(alice) });
  });

  it('runs the bank-transfer journey: create → submit → operator credits → wallet and statement', async () => {
    const order = await createOrder(alice, 5000);
    expect(order.status).toBe('awaiting_payment');
    expect(order.reference).toMatch(/^R[0-9A-Z]{7}$/);
    expect(order.instructions).toContain('IBAN');
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(30 * 60_000);

    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recharge/orders/${order.id}/submit`,
      headers: as(alice),
      payload: { payerReference: 'TRX-991' },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().status).toBe('submitted');

    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recharge/reviews', headers: as(operator) });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((entry: { id: string }) => entry.id === order.id);
    expect(item).toMatchObject({ status: 'submitted', payerReference: 'TRX-991', member: { id: alice.userId } });

    const memberTries = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/credit`,
      headers: as(alice, randomUUID()),
    });
    expect(memberTries.statusCode).toBe(403);

    const key = randomUUID();
    const credited = await credit(order.id, key);
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().status).toBe('credited');
    const doubleClick = await credit(order.id, key);
    expect(doubleClick.statusCode).toBe(200);
    expect(doubleClick.headers['idempotent-replayed']).toBe('true');
    const secondOperator = await credit(order.id);
    expect(secondOperator.statusCode).toBe(409);
    expect(apiErrorSchema.parse(secondOperator.json()).error.code).toBe('ALREADY_CREDITED');

    expect(await wallet(alice)).toEqual({ currency: 'USD', fractionDigits: 2, available: 5000, onHold: 0, debt: 0 });
    const statement = statementPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions', headers: as(alice) })).json(),
    );
    expect(statement.items[0]).toMatchObject({
      type: 'recharge',
      amount: 5000,
      balanceAfter: 5000,
      account: 'available',
      reference: order.reference,
    });

    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/recharge/orders/${order.id}`, headers: as(alice) });
    expect(mine.json().status).toBe('credited');
  });

  it('hides one member’s orders and statement from another (404, never 403)', async () => {
    const order = await createOrder(alice, 1000);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/recharge/orders/${order.id}` },
      { method: 'POST' as const, url: `/api/v1/recharge/orders/${order.id}/submit`, payload: { payerReference: 'X' } },
      { method: 'POST' as const, url: `/api/v1/recharge/orders/${order.id}/cancel` },
    ]) {
      const response = await t.app.inject({ ...request, headers: as(bob) });
      expect(response.statusCode, request.url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/recharge/orders/not-a-uuid', headers: as(bob) })).statusCode).toBe(404);
    const bobsOrders = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/orders', headers: as(bob) });
    expect(bobsOrders.json().items.map((o: { id: string }) => o.id)).not.toContain(order.id);
    const bobsStatement = statementPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions', headers: as(bob) })).json(),
    );
    expect(bobsStatement.items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: as(bob) })).statusCode).toBe(403);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${order.id}/cancel`, headers: as(alice) });
    expect(cancelled.json().status).toBe('cancelled');
    expect((await credit(order.id)).statusCode).toBe(409);
  });

  it('expires an unpaid order after 30 minutes: shown expired, cannot be submitted', async () => {
    const order = await createOrder(bob, 2000);
    t.clock.advance(30 * 60_000 + 1000);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/recharge/orders/${order.id}`, headers: as(bob) });
    expect(shown.json().status).toBe('expired');
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recharge/orders/${order.id}/submit`,
      headers: as(bob),
      payload: { payerReference: 'late' },
    });
    expect(late.statusCode).toBe(409);
    expect(apiErrorSchema.parse(late.json()).error.code).toBe('ORDER_EXPIRED');
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/orders?status=expired', headers: as(bob) });
    expect(listed.json().items.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it('rejects with a reason, which the member sees', async () => {
    const order = await createOrder(bob, 3000);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/reject`,
      headers: as(operator, randomUUID()),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/reject`,
      headers: as(operator, randomUUID()),
      payload: { reason: 'No transfer received' },
    });
    expect(rejected.statusCode).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/recharge/orders/${order.id}`, headers: as(bob) });
    expect(shown.json()).toMatchObject({ status: 'rejected', rejectReason: 'No transfer received' });
    expect((await credit(order.id)).statusCode).toBe(409);
    expect((await wallet(bob)).available).toBe(0);
  });

  it('credits through a signed gateway webhook once, and a bad, stale or replayed delivery changes nothing', async () => {
    const order = await createOrder(bob, 2500, 'gw');
    expect(order.paymentUrl).toBe(`https://pay.example/checkout?order=${order.id}&amount=2500`);
    const event = {
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: 2500, currency: 'USD', paymentReference: 'gw-1' },
    };

    const wrong = await sendWebhook(event, { secret: 'whsec_wrong_secret_0000000' });
    expect(wrong.statusCode).toBe(401);
    const stale = await sendWebhook(event, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments/gw',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    const bankChannel = await sendWebhook(event, { channel: 'bank' });
    expect(bankChannel.statusCode).toBe(404);
    expect((await wallet(bob)).available).toBe(0);

    const delivered = await sendWebhook(event);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true, outcome: 'credited' });
    const replayed = await sendWebhook(event);
    expect(replayed.json()).toEqual({ received: true, outcome: 'duplicate' });
    const newEventSameOrder = await sendWebhook({ ...event, id: `evt_${randomUUID()}` });
    expect(newEventSameOrder.json().outcome).toBe('duplicate');
    expect((await wallet(bob)).available).toBe(2500);
  });

  it('flags a gateway payment of another amount for review instead of crediting it', async () => {
    const order = await createOrder(alice, 4000, 'gw');
    const before = (await wallet(alice)).available;
    const response = await sendWebhook({
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: 3999, currency: 'USD' },
    });
    expect(response.json().outcome).toBe('flagged');
    expect((await wallet(alice)).available).toBe(before);
    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recharge/reviews', headers: as(operator) });
    const item = queue.json().items.find((entry: { id: string }) => entry.id === order.id);
    expect(item.reviewNote).toContain('3999');
  });

  it('puts a gateway payment for a cancelled order in the review queue, where the operator can credit it', async () => {
    const order = await createOrder(alice, 1200, 'gw');
    await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${order.id}/cancel`, headers: as(alice) });
    const before = (await wallet(alice)).available;
    const response = await sendWebhook({
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: { orderId: order.id, amount: 1200, currency: 'USD' },
    });
    expect(response.json().outcome).toBe('flagged');
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/recharge/orders/${order.id}`, headers: as(alice) });
    expect(shown.json().status).toBe('submitted');
    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recharge/reviews', headers: as(operator) });
    expect(queue.json().items.find((entry: { id: string }) => entry.id === order.id)?.reviewNote).toContain('cancelled');
    expect((await credit(order.id)).statusCode).toBe(200);
    expect((await wallet(alice)).available).toBe(before + 1200);
  });

  it('adjusts a balance with a reason; a debit beyond the balance is a clear 409', async () => {
    const url = `/api/v1/admin/members/${bob.userId}/adjustments`;
    const noReason = await t.app.inject({
      method: 'POST',
      url,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 100 },
    });
    expect(noReason.statusCode).toBe(400);
    const credited = await t.app.inject({
      method: 'POST',
      url,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 100, reason: 'Goodwill' },
    });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json().wallet.available).toBe(2600);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url,
      headers: as(operator, randomUUID()),
      payload: { direction: 'debit', amount: 999_999, reason: 'Mistake' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(apiErrorSchema.parse(tooMuch.json()).error.code).toBe('INSUFFICIENT_FUNDS');
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${randomUUID()}/adjustments`,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 1, reason: 'x y z' },
    });
    expect(unknown.statusCode).toBe(404);
    const statement = statementPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions?type=adjustment_credit', headers: as(bob) })).json(),
    );
    expect(statement.items).toHaveLength(1);
    expect(statement.items[0]).toMatchObject({ amount: 100, balanceAfter: 2600, memo: 'Goodwill' });

    // The operator sees the same wallet and statement in the console; members and unknown ids do not.
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/members/${bob.userId}/wallet`, headers: as(operator) });
    expect(walletSchema.parse(seen.json()).available).toBe(2600);
    const seenStatement = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/members/${bob.userId}/transactions?type=adjustment_credit`,
      headers: as(operator),
    });
    expect(statementPageSchema.parse(seenStatement.json()).items).toEqual(statement.items);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/members/${bob.userId}/transactions`, headers: as(alice) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/members/${operator.userId}/wallet`, headers: as(operator) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/members/nope/wallet', headers: as(operator) })).statusCode).toBe(404);
  });

  it('pages the statement by keyset, filters by type and date, refuses bad filters', async () => {
    const url = `/api/v1/admin/members/${alice.userId}/adjustments`;
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url,
        headers: as(operator, randomUUID()),
        payload: { direction: 'credit', amount: 10 + i, reason: `bonus ${i}` },
      });
    }
    const first = statementPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions?limit=2', headers: as(alice) })).json(),
    );
    expect(first.items.map((item) => item.amount)).toEqual([14, 13]);
    const second = statementPageSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/wallet/transactions?limit=2&cursor=${first.nextCursor}`, headers: as(alice) })
      ).json(),
    );
    expect(second.items.map((item) => item.amount)).toEqual([12, 11]);
    const day = t.clock.now().toISOString().slice(0, 10);
    const today = statementPageSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/wallet/transactions?from=${day}&to=${day}&type=recharge`, headers: as(alice) })
      ).json(),
    );
    expect(today.items.every((item) => item.type === 'recharge')).toBe(true);
    const future = statementPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions?from=2999-01-01', headers: as(alice) })).json(),
    );
    expect(future.items).toEqual([]);
    for (const query of ['limit=0', 'limit=1.5', 'limit=abc', 'cursor=-1', 'type=bogus', 'from=yesterday', 'x=1']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/wallet/transactions?${query}`, headers: as(alice) })).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('exports the statement as streamed CSV with decimal amounts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions/export', headers: as(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,type,account,amount,balance_after,currency,reference,memo,entry_id,transaction_id');
    expect(lines.some((line) => line.includes(',recharge,available,50.00,50.00,USD,'))).toBe(true);
    const all = statementPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions?limit=100', headers: as(alice) })).json(),
    );
    expect(lines).toHaveLength(1 + all.items.length);
    expect(all.items.length).toBeGreaterThanOrEqual(7);
    const bobs = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions/export', headers: as(bob) });
    expect(bobs.body).not.toContain('bonus');
  });

  it('lets the operator manage channels; the webhook secret is write-only', async () => {
    const body = {
      kind: 'gateway',
      name: 'Other gateway',
      paymentUrlTemplate: 'https://other.example/pay/{reference}',
      webhookSecret: 'another_secret_1234567',
      minAmount: 500,
      maxAmount: 90_000,
    };
    const created = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/payment-channels/other-gw',
      headers: as(operator),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'other-gw', hasWebhookSecret: true, enabled: true });
    expect(created.body).not.toContain('another_secret');
    const { webhookSecret: _secret, ...withoutSecret } = body;
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/payment-channels/other-gw',
      headers: as(operator),
      payload: { ...withoutSecret, enabled: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ enabled: false, hasWebhookSecret: true });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/payment-channels/x',
      headers: as(operator),
      payload: { ...body, minAmount: 100, maxAmount: 50 },
    });
    expect(bad.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/payment-channels', headers: as(operator) });
    expect(list.json().items.map((c: { code: string }) => c.code)).toContain('other-gw');
    const memberView = await t.app.inject({ method: 'GET', url: '/api/v1/recharge/channels', headers: as(alice) });
    expect(memberView.json().items.map((c: { code: string }) => c.code)).not.toContain('other-gw');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/admin/payment-channels/other-gw', headers: as(alice), payload: body })).statusCode,
    ).toBe(403);
  });

  it('reports an intact ledger whose trial balance is zero', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: as(operator) });
    expect(response.statusCode).toBe(200);
    const report = ledgerReportSchema.parse(response.json());
    expect(report.ok).toBe(true);
    expect(report.trialBalance[0]!.total).toBe('0');
    expect(BigInt(report.trialBalance[0]!.memberLiabilities)).toBeGreaterThan(0n);
  });

  it('the review queue reports its exact size across pages, and it shrinks when an order is credited', async () => {
    const size = async (limit: string) => {
      const queue = await t.app.inject({ method: 'GET', url: `/api/v1/admin/recharge/reviews?limit=${limit}`, headers: as(operator) });
      expect(queue.statusCode, queue.body).toBe(200);
      return queue.json() as { items: unknown[]; nextCursor: string | null; total: number };
    };
    const before = (await size('100')).total;
    const carol = await registerMember(t);
    const orders = [];
    for (const amount of [1100, 1200, 1300]) {
      const order = await createOrder(carol, amount);
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/recharge/orders/${order.id}/submit`,
        headers: as(carol),
        payload: { payerReference: `COUNT-${amount}` },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      orders.push(order);
    }
    const firstPage = await size('1');
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.nextCursor).not.toBeNull();
    expect(firstPage.total).toBe(before + 3);
    expect((await credit(orders[0]!.id)).statusCode).toBe(200);
    expect((await size('1')).total).toBe(before + 2);
  });

  it('forgets an Idempotency-Key record after its 24 hours; the order keeps the key, so a late retry is the same order', async () => {
    // No sweep here: the expired record must be replaced by the new request itself.
    setPurgeProbability(0);
    const key = randomUUID();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(alice, key),
      payload: { channel: 'bank', amount: 700 },
    });
    await t.app.inject({ method: 'POST', url: `/api/v1/recharge/orders/${first.json().id}/cancel`, headers: as(alice) });
    t.clock.advance(24 * 3_600_000 + 1000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(alice, key),
      payload: { channel: 'bank', amount: 700 },
    });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).toBe(first.json().id);
    expect(later.json().status).toBe('cancelled');
    setPurgeProbability(1);
  });
});
