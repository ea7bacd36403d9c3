import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { registerMember, sessionCookieFrom, TEST_PASSWORD, type RegisteredMember } from './auth';
import { plansWorld, secondInstance, type PlansWorld, type SecondInstance } from './plans/helpers';

/**
 * Copies of sessions and wallets answer reads for at most READ_CACHE_MS (docs/decisions/0018);
 * here 5 s, so that anything seen sooner than that was dropped by an announcement, not by age.
 * Two instances on one PostgreSQL, as in the scale-out shape: a change made through one reaches
 * the other's copies through LISTEN/NOTIFY; a write on the same instance drops them at once.
 */
const TTL_MS = 5_000;
/** Well under the copies' age limit: an answer within it comes from an announcement. */
const WITHIN_MS = 3_000;

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WITHIN_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('copies of sessions and wallets on two instances (PostgreSQL)', () => {
  let t: TestApp;
  let w: PlansWorld;
  let other: SecondInstance;
  let member: RegisteredMember;

  beforeAll(async () => {
    t = await createTestApp('postgres', { READ_CACHE_MS: String(TTL_MS) });
    other = await secondInstance(t);
    w = await plansWorld(t);
    member = await registerMember(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const wallet = async (app: TestApp['app'], cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie } })).json() as { available: number };

  it('a balance moved through the other instance shows on this one long before the copy would expire', async () => {
    expect((await wallet(t.app, member.cookie)).available).toBe(0);
    expect((await wallet(t.app, member.cookie)).available).toBe(0);
    const adjusted = await other.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${member.userId}/adjustments`,
      headers: { cookie: w.operator.cookie, 'idempotency-key': randomUUID() },
      payload: { direction: 'credit', amount: 700, reason: 'cache test' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const seen = await eventually(
      () => wallet(t.app, member.cookie),
      (value) => value.available === 700,
    );
    expect(seen.available).toBe(700);
  });

  it('a session ended through the other instance stops working on this one at once', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { account: member.email, password: TEST_PASSWORD },
    });
    const cookie = sessionCookieFrom(signedIn.headers['set-cookie']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie } })).statusCode).toBe(200);
    // "Sign out other devices" from the member's first session, through the other instance.
    const revoked = await other.app.inject({
      method: 'POST',
      url: '/api/v1/me/sessions/revoke-others',
      headers: { cookie: member.cookie },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const status = await eventually(
      async () => (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie } })).statusCode,
      (code) => code === 401,
    );
    expect(status).toBe(401);
  });

  it('a member’s own write drops this instance’s copies before the answer leaves: signed out means signed out', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { account: member.email, password: TEST_PASSWORD },
    });
    const cookie = sessionCookieFrom(signedIn.headers['set-cookie']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie } })).statusCode).toBe(401);
  });
});
