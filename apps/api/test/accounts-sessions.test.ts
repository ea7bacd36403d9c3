import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, sessionListSchema } from '@orchard/shared';
import { sessions } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, sessionCookieFrom, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

/** Issue 9, defect 6: a cap on live sessions per member, and a paged session list (failed before the fix). */

describe.each(DATABASE_KINDS)('sessions per member on %s', (kind) => {
  let t: TestApp;
  const signIn = async (account: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { account, password: TEST_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookieFrom(response.headers['set-cookie']);
  };
  const list = (cookie: string, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/me/sessions${query}`, headers: { cookie } });
  const liveCount = async (userId: string) =>
    (
      await t.database.handle.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    ).length;

  beforeAll(async () => {
    t = await createTestApp(kind, { MAX_SESSIONS_PER_MEMBER: '3', OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs out the oldest sessions beyond the cap and tells the member on the list', async () => {
    const member = await registerMember(t);
    const cookies = [member.cookie];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1_000);
      cookies.push(await signIn(member.email!));
    }
    expect(await liveCount(member.userId)).toBe(3);
    // The two oldest (registration and the first sign-in) were signed out, the newest three work.
    for (const cookie of cookies.slice(0, 2)) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
    }
    const page = sessionListSchema.parse((await list(cookies[4]!)).json());
    expect(page.sessions).toHaveLength(3);
    expect(page.maxSessions).toBe(3);
    expect(page.endedByCapRecently).toBe(2);
    expect(page.nextCursor).toBeNull();
    const ended = await t.database.handle.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(ended.filter((row) => row.endReason === 'session_cap')).toHaveLength(2);
    // "Recently" means the last 30 days.
    t.clock.advance(31 * 24 * 60 * 60_000);
    const later = await signIn(member.email!);
    expect(sessionListSchema.parse((await list(later)).json()).endedByCapRecently).toBe(0);
  });

  it('holds the cap when sign-ins arrive in parallel', async () => {
    const member = await registerMember(t);
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          payload: { account: member.email, password: TEST_PASSWORD },
          remoteAddress: ip,
        }),
      ),
    );
    expect(results.map((response) => response.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await liveCount(member.userId)).toBe(3);
  });

  it('pages the list newest first with a cursor, the current session flagged', async () => {
    const member = await registerMember(t);
    t.clock.advance(1_000);
    await signIn(member.email!);
    t.clock.advance(1_000);
    const newest = await signIn(member.email!);
    const first = sessionListSchema.parse((await list(newest, '?limit=2')).json());
    expect(first.sessions).toHaveLength(2);
    expect(first.sessions[0]!.current).toBe(true);
    expect(first.sessions[1]!.current).toBe(false);
    expect(Date.parse(first.sessions[0]!.createdAt)).toBeGreaterThan(Date.parse(first.sessions[1]!.createdAt));
    expect(first.nextCursor).not.toBeNull();
    const second = sessionListSchema.parse((await list(newest, `?limit=2&cursor=${first.nextCursor}`)).json());
    expect(second.sessions).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.sessions, ...second.sessions].map((session) => session.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a bad cursor or limit with a field message, never a 5xx', async () => {
    const member = await registerMember(t);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?limit=abc', 'limit'],
      ['?cursor=not*a*cursor', 'cursor'],
      [`?cursor=${Buffer.from('2026-01-01T00:00:00.000Z|nope').toString('base64url')}`, 'cursor'],
      [`?cursor=${Buffer.from('99999-01-01T00:00:00.000Z|00000000-0000-0000-0000-000000000000').toString('base64url')}`, 'cursor'],
    ] as const) {
      const response = await list(member.cookie, query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.fields?.[field]).toBeTruthy();
    }
    expect((await list(member.cookie, '?limit=50')).statusCode).toBe(200);
  });
});
