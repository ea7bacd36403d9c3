import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, signInOperator, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';

/*
 * Maintenance mode (issue 30): the operator's switch (audited) or the deploy's MAINTENANCE_MODE key
 * makes every money-moving request answer 503 MAINTENANCE with Retry-After, nothing moved, while
 * reads, sign-ins and the rest go on; the app's banner reads GET /maintenance.
 */
describe.each(DATABASE_KINDS)('maintenance mode on %s', (kind) => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signInOperator>>;
  let member: Awaited<ReturnType<typeof registerMember>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertChannels(t.database.handle.db);
    operator = await signInOperator(t);
    member = await registerMember(t);
  });
  afterAll(async () => t?.close());

  const order = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
      payload: { channel: 'bank', amount: 5_000 },
    });
  const orders = async () =>
    (await t.database.handle.db.execute(sql`select count(*)::int as n from recharge_orders where user_id = ${member.userId}`)).rows[0];
  const turn = (on: boolean, cookie = operator.cookie, extra: object = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/maintenance', headers: { cookie }, payload: { on, reason: 'Upgrade to 2.0', ...extra } });

  it('stops money moving while on, keeps reads and sign-ins going, and moves again once off; the switch is audited', async () => {
    expect((await order()).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/maintenance' })).json()).toMatchObject({ on: false, source: null });

    const on = await turn(true, operator.cookie, { message: 'Back at 02:00 UTC' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ on: true, source: 'operator', message: 'Back at 02:00 UTC' });
    const before = await orders();
    const refused = await order();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('300');
    expect(refused.json().error.code).toBe('MAINTENANCE');
    expect(await orders()).toEqual(before);
    // A money route with no Idempotency-Key of its own (the gateway's webhook) is refused too.
    const webhook = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/payments/bank', payload: {} });
    expect(webhook.statusCode).toBe(503);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/maintenance' })).json()).toMatchObject({ on: true, message: 'Back at 02:00 UTC' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: randomIp(),
      payload: { account: member.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    expect((await turn(false)).json()).toMatchObject({ on: false, source: null, message: null });
    expect((await order()).statusCode).toBe(201);
    const entries = await t.database.handle.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'system'), eq(auditLog.subjectId, 'maintenance')));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['maintenance.off', 'maintenance.on']);
    expect(new Set(entries.map((entry) => entry.actorId))).toEqual(new Set([operator.userId]));
  });

  it('is the operator’s switch: support and finance are refused, a reason is required', async () => {
    const staff = await signInOperator(t);
    await t.database.handle.db.execute(sql`update users set role = 'finance' where id = ${staff.userId}`);
    expect((await turn(true, staff.cookie)).statusCode).toBe(403);
    expect((await turn(true, operator.cookie, { reason: '' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/maintenance' })).json()).toMatchObject({ on: false });
  });

  it('is on whatever the switch says when the deploy sets MAINTENANCE_MODE', async () => {
    const deployed = await createTestApp(kind, { MAINTENANCE_MODE: 'true' });
    try {
      await insertChannels(deployed.database.handle.db);
      const someone = await registerMember(deployed);
      expect((await deployed.app.inject({ method: 'GET', url: '/api/v1/maintenance' })).json()).toMatchObject({ on: true, source: 'environment' });
      const refused = await deployed.app.inject({
        method: 'POST',
        url: '/api/v1/recharge/orders',
        headers: { cookie: someone.cookie, 'idempotency-key': randomUUID() },
        payload: { channel: 'bank', amount: 5_000 },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('MAINTENANCE');
    } finally {
      await deployed.close();
    }
  });

  it('shows operators each job, the queues and maintenance mode on the System page; not support', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/admin/system', headers: { cookie: operator.cookie } });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      jobs: expect.arrayContaining([expect.objectContaining({ name: 'commission release', failures: 0, lastError: null })]),
      queues: { rechargesToReview: expect.any(Number), payouts: expect.any(Number), referralHolds: expect.any(Number) },
      maintenance: { on: false },
    });
    const staff = await signInOperator(t);
    await t.database.handle.db.execute(sql`update users set role = 'support' where id = ${staff.userId}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/system', headers: { cookie: staff.cookie } })).statusCode).toBe(403);
  });
});
