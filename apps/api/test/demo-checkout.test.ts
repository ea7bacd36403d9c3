import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rechargeOrderSchema, walletSchema } from '@orchard/shared';
import { paymentChannels, paymentWebhookEvents, rechargeOrders } from '../src/db/schema/index';
import { DEMO_CHECKOUT_TEMPLATE, seedDemoPaymentChannels } from '../src/modules/recharge/demo-channels';
import { cardNumberProblem } from '../src/modules/recharge/demo-checkout';
import { createTestApp, type TestApp } from './app';
import { registerMember, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';

/*
 * The demo card gateway is a checkout the app serves itself while demo data is on (newcomer item 1;
 * before, the demo channel sent members to pay.demo-gateway.invalid, which does not exist): "Pay"
 * sends the real signed webhook and the order is credited once; "Fail" credits nothing; only the
 * order's own member reaches it; and without demo data there is no such page at all.
 */

const CHECKOUT = '/demo-gateway/checkout';

async function createCardOrder(t: TestApp, member: RegisteredMember, amount = 1_000) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/recharge/orders',
    headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
    payload: { channel: 'demo-gateway', amount },
  });
  expect(response.statusCode, response.body).toBe(201);
  return rechargeOrderSchema.parse(response.json());
}

function openCheckout(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

function submit(t: TestApp, member: { cookie: string } | null, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: CHECKOUT,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(member ? { cookie: member.cookie } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
}

async function availableOf(t: TestApp, member: RegisteredMember) {
  return walletSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } })).json())
    .available;
}

async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.handle.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
  return row!;
}

describe.each(DATABASE_KINDS)('the demo checkout with demo data on (%s)', (kind) => {
  let t: TestApp;
  /** A member of their own per test: open orders are capped per member. */
  let member: RegisteredMember;
  let stranger: RegisteredMember;
  beforeAll(async () => {
    t = await createTestApp(kind, { SEED_DEMO: 'true', OUTBOX_POLL_MS: '0' });
    await seedDemoPaymentChannels(t.database.handle);
    stranger = await registerMember(t);
  });
  beforeEach(async () => {
    member = await registerMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the card order sends the member to the checkout, which shows the amount, the reference, a card field, Pay and Fail', async () => {
    const order = await createCardOrder(t, member, 1_250);
    expect(order.paymentUrl).toBe(`${CHECKOUT}?order=${order.id}&reference=${order.reference}&amount=1250&currency=USD`);
    const page = await openCheckout(t, order.paymentUrl!, { cookie: member.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('$12.50');
    expect(page.body).toContain(order.reference);
    expect(page.body).toMatch(/<label for="card">Card number<\/label>/);
    expect(page.body).toMatch(/<button[^>]*value="pay"[^>]*>Pay \$12\.50<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="fail"[^>]*>Fail payment<\/button>/);
  });

  it('speaks the member’s language, or the one picked on the page', async () => {
    const order = await createCardOrder(t, member);
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: member.cookie },
      payload: { language: 'es' },
    });
    expect(chosen.statusCode).toBe(200);
    const spanish = await openCheckout(t, order.paymentUrl!, { cookie: member.cookie, 'accept-language': 'en-US' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Número de tarjeta');
    expect(spanish.body).toContain('Hacer fallar el pago');
    const chinese = await openCheckout(t, `${order.paymentUrl!}&lang=zh`, { cookie: member.cookie });
    expect(chinese.body).toContain('<html lang="zh">');
    expect(chinese.body).toContain('卡号');
    // The page's own language links keep the order and the reference.
    expect(chinese.body).toContain(`href="${CHECKOUT}?order=${order.id}&amp;reference=${order.reference}&amp;lang=en"`);
  });

  it('only the order’s own member, signed in, with its reference, reaches it: anyone else gets 404', async () => {
    const order = await createCardOrder(t, member);
    expect((await openCheckout(t, order.paymentUrl!)).statusCode).toBe(404);
    expect((await openCheckout(t, order.paymentUrl!, { cookie: stranger.cookie })).statusCode).toBe(404);
    const wrongReference = order.paymentUrl!.replace(`reference=${order.reference}`, 'reference=ZZZZZZZZ');
    expect((await openCheckout(t, wrongReference, { cookie: member.cookie })).statusCode).toBe(404);
    const paid = await submit(t, stranger, { order: order.id, reference: order.reference, card: '4242 4242 4242 4242', outcome: 'pay' });
    expect(paid.statusCode).toBe(404);
    expect((await orderRow(t, order.id)).status).toBe('awaiting_payment');
  });

  it('Fail sends a payment.failed event: nothing credited, the order still waits, the page says declined', async () => {
    const order = await createCardOrder(t, member);
    const before = await availableOf(t, member);
    const failed = await submit(t, member, { order: order.id, reference: order.reference, card: '', outcome: 'fail' });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toMatch(/&declined=1$/);
    expect((await orderRow(t, order.id)).status).toBe('awaiting_payment');
    expect(await availableOf(t, member)).toBe(before);
    const events = await t.database.handle.db
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.orderId, order.id), eq(paymentWebhookEvents.channelCode, 'demo-gateway')));
    expect(events.map((event) => event.outcome)).toEqual(['ignored: payment failed']);
    const page = await openCheckout(t, failed.headers.location as string, { cookie: member.cookie });
    expect(page.body).toContain('Payment declined');
    expect(page.body).toContain('nothing was credited');
  });

  it('a card number that fails the check is refused beside the field; nothing is sent', async () => {
    const order = await createCardOrder(t, member);
    const refused = await submit(t, member, { order: order.id, reference: order.reference, card: '4242 4242 4242 4241', outcome: 'pay' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This card number does not pass the card check. Check the digits.');
    expect(refused.body).toMatch(/aria-invalid="true"/);
    const events = await t.database.handle.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.orderId, order.id));
    expect(events).toEqual([]);
  });

  it('Pay delivers the signed webhook: the order is credited once, even when Pay is pressed twice', async () => {
    const order = await createCardOrder(t, member, 2_000);
    const before = await availableOf(t, member);
    const form = { order: order.id, reference: order.reference, card: '4242 4242 4242 4242', outcome: 'pay' };
    const [first, second] = await Promise.all([submit(t, member, form), submit(t, member, form)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('credited');
    expect(row.gatewayPaymentReference).toBe(`demo_${order.reference}`);
    // A second press is the same payment, not a second one to refund.
    expect(row.flaggedAt).toBeNull();
    expect(await availableOf(t, member)).toBe(before + 2_000);
    const events = await t.database.handle.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.orderId, order.id));
    expect(events.map((event) => event.outcome)).toContain('credited');

    const page = await openCheckout(t, first.headers.location as string, { cookie: member.cookie });
    expect(page.body).toContain('Payment approved');
    const again = await submit(t, member, form);
    expect(again.statusCode).toBe(303);
    expect(await availableOf(t, member)).toBe(before + 2_000);
  });

  it('signs with the channel’s current secret: after the operator sets a new one, Pay still credits', async () => {
    await t.database.handle.db
      .update(paymentChannels)
      .set({ webhookSecret: 'whsec_rotated_0123456789abcdef' })
      .where(eq(paymentChannels.code, 'demo-gateway'));
    const order = await createCardOrder(t, member);
    const paid = await submit(t, member, { order: order.id, reference: order.reference, card: '4000 0000 0000 0002', outcome: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect((await orderRow(t, order.id)).status).toBe('credited');
  });

  it('an expired order cannot be paid here, and a channel pointed at a real gateway is never paid here', async () => {
    const order = await createCardOrder(t, member);
    await t.database.handle.db
      .update(rechargeOrders)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1_000) })
      .where(eq(rechargeOrders.id, order.id));
    const page = await openCheckout(t, order.paymentUrl!, { cookie: member.cookie });
    expect(page.body).toContain('This order cannot be paid here');
    const late = await submit(t, member, { order: order.id, reference: order.reference, card: '4242 4242 4242 4242', outcome: 'pay' });
    expect(late.statusCode).toBe(303);
    expect((await orderRow(t, order.id)).status).not.toBe('credited');

    const open = await createCardOrder(t, member);
    await t.database.handle.db
      .update(paymentChannels)
      .set({ paymentUrlTemplate: 'https://pay.example/checkout?order={orderId}' })
      .where(eq(paymentChannels.code, 'demo-gateway'));
    try {
      const url = `${CHECKOUT}?order=${open.id}&reference=${open.reference}`;
      expect((await openCheckout(t, url, { cookie: member.cookie })).statusCode).toBe(404);
      const paid = await submit(t, member, { order: open.id, reference: open.reference, card: '4242 4242 4242 4242', outcome: 'pay' });
      expect(paid.statusCode).toBe(404);
      expect((await orderRow(t, open.id)).status).toBe('awaiting_payment');
    } finally {
      await t.database.handle.db
        .update(paymentChannels)
        .set({ paymentUrlTemplate: DEMO_CHECKOUT_TEMPLATE })
        .where(eq(paymentChannels.code, 'demo-gateway'));
    }
  });
});

describe.each(DATABASE_KINDS)('the demo checkout with demo data off (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SEED_DEMO: 'false', OUTBOX_POLL_MS: '0' });
    // Even a channel that points at it (demo data turned off later) finds no checkout.
    await seedDemoPaymentChannels(t.database.handle);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('there is no checkout route: GET and POST answer 404 and nothing is credited', async () => {
    const member = await registerMember(t);
    const order = await createCardOrder(t, member);
    const page = await openCheckout(t, order.paymentUrl!, { cookie: member.cookie });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Card number');
    const paid = await submit(t, member, { order: order.id, reference: order.reference, card: '4242 4242 4242 4242', outcome: 'pay' });
    expect(paid.statusCode).toBe(404);
    expect((await orderRow(t, order.id)).status).toBe('awaiting_payment');
  });
});

describe('card numbers', () => {
  it('takes 12–19 digits passing the Luhn check, spaces allowed', () => {
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('5555555555554444')).toBeNull();
    expect(cardNumberProblem('4242 4242 4242 4241')).toMatch(/card check/);
    expect(cardNumberProblem('4242')).toMatch(/12 to 19 digits/);
    expect(cardNumberProblem('4242 4242 abcd 4242')).toMatch(/12 to 19 digits/);
  });
});

describe.each(DATABASE_KINDS)('migration 1030 on a database seeded before (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('points the old demo gateway at the demo checkout, leaves a changed one alone, and refuses another site’s //host', async () => {
    const old = 'https://pay.demo-gateway.invalid/checkout?order={orderId}&reference={reference}&amount={amount}&currency={currency}';
    const channel = { kind: 'gateway' as const, webhookSecret: 'whsec_0123456789abcdef', minAmount: 100, maxAmount: 10_000 };
    await t.database.handle.db.insert(paymentChannels).values([
      { ...channel, code: 'demo-gateway', name: 'Card (demo gateway)', paymentUrlTemplate: old },
      { ...channel, code: 'real-gateway', name: 'Real', paymentUrlTemplate: 'https://pay.example/c?o={orderId}' },
    ]);
    const migration = readFileSync(new URL('../src/db/migrations/1030_demo_checkout.sql', import.meta.url), 'utf8');
    await t.database.handle.withSession((session) => session.exec(migration));
    const rows = await t.database.handle.db.select().from(paymentChannels);
    expect(rows.find((row) => row.code === 'demo-gateway')?.paymentUrlTemplate).toBe(DEMO_CHECKOUT_TEMPLATE);
    expect(rows.find((row) => row.code === 'real-gateway')?.paymentUrlTemplate).toBe('https://pay.example/c?o={orderId}');
    for (const template of ['//evil.example/pay', '/\\evil.example/pay', 'javascript:alert(1)']) {
      await expect(
        t.database.handle.db.update(paymentChannels).set({ paymentUrlTemplate: template }).where(eq(paymentChannels.code, 'real-gateway')),
        template,
      ).rejects.toThrow();
    }
  });
});
