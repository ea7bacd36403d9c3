import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, rechargeOrderSchema, rechargeReviewPageSchema } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';

/** The operator's order list beyond the queue: handled orders by status, one member's orders. */
describe.each(DATABASE_KINDS)('operator recharge list filters on %s', (kind) => {
  let t: TestApp;
  let alice: { userId: string; cookie: string };
  let bob: { userId: string; cookie: string };
  let operator: { userId: string; cookie: string };
  const ids: Record<string, string> = {};

  const as = (who: { cookie: string }, key?: string) => ({ cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) });
  const createOrder = async (who: { cookie: string }, amount: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(who, randomUUID()),
      payload: { channel: 'bank', amount },
    });
    expect(response.statusCode, response.body).toBe(201);
    return rechargeOrderSchema.parse(response.json());
  };
  const submit = async (who: { cookie: string }, id: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recharge/orders/${id}/submit`,
      headers: as(who),
      payload: { payerReference: `P-${id.slice(0, 6)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/recharge/reviews${query}`, headers: as(operator) });
    expect(response.statusCode, response.body).toBe(200);
    return rechargeReviewPageSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertChannels(t.database.handle.db);
    alice = await registerMember(t);
    bob = await registerMember(t);
    operator = await signInOperator(t);
    // Alice: one credited, one rejected, one waiting; Bob: one waiting, one never paid.
    ids.credited = (await createOrder(alice, 2100)).id;
    await submit(alice, ids.credited);
    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${ids.credited}/credit`,
      headers: as(operator, randomUUID()),
    });
    expect(credited.statusCode, credited.body).toBe(200);
    ids.rejected = (await createOrder(alice, 2200)).id;
    await submit(alice, ids.rejected);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${ids.rejected}/reject`,
      headers: as(operator, randomUUID()),
      payload: { reason: 'No such transfer arrived' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    ids.aliceWaiting = (await createOrder(alice, 2300)).id;
    await submit(alice, ids.aliceWaiting);
    ids.bobWaiting = (await createOrder(bob, 2400)).id;
    await submit(bob, ids.bobWaiting);
    ids.bobUnpaid = (await createOrder(bob, 2500)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('without a status lists only the queue, as before', async () => {
    const page = await list('?limit=100');
    expect(page.items.map((item) => item.id).sort()).toEqual([ids.aliceWaiting, ids.bobWaiting].sort());
    expect(page.total).toBe(2);
  });

  it('lists handled orders by status, with the exact total of that status', async () => {
    const credited = await list('?status=credited');
    expect(credited.items.map((item) => item.id)).toEqual([ids.credited]);
    expect(credited.total).toBe(1);
    const rejected = await list('?status=rejected');
    expect(rejected.items).toHaveLength(1);
    expect(rejected.items[0]).toMatchObject({ id: ids.rejected, status: 'rejected', rejectReason: 'No such transfer arrived' });
    const all = await list('?status=all&limit=100');
    expect(all.total).toBe(5);
  });

  it("lists one member's orders of every status, paged by cursor with the member's total", async () => {
    const first = await list(`?status=all&member=${alice.userId}&limit=2`);
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(first.items.every((item) => item.member.id === alice.userId)).toBe(true);
    const second = await list(`?status=all&member=${alice.userId}&limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.id).sort()).toEqual([ids.credited, ids.rejected, ids.aliceWaiting].sort());
    const bobQueue = await list(`?member=${bob.userId}`);
    expect(bobQueue.items.map((item) => item.id)).toEqual([ids.bobWaiting]);
  });

  it('answers a bad status or member id with a 400 naming the field', async () => {
    for (const query of ['?status=paid', `?member=not-a-uuid`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/recharge/reviews${query}`, headers: as(operator) });
      expect(response.statusCode, query).toBe(400);
      const error = apiErrorSchema.parse(response.json());
      expect(JSON.stringify(error), query).toMatch(query.includes('status') ? /status/ : /member/);
    }
  });

  it('is for operators only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recharge/reviews?status=all', headers: as(alice) });
    expect(response.statusCode).toBe(403);
  });
});
