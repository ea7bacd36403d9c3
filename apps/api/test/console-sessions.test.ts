import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSessionList, Role } from '@orchard/shared';
import { auditLog, users } from '../src/db/schema/index';
import { generateInviteCode } from '../src/lib/invite-code';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';

/*
 * The console's own sessions (/admin/console-sessions): an operator sees every live session of an
 * operator, support or finance account (never a member's), with the address's last part hidden,
 * and ends another console account's; the ended session's next request is 401, and the audit log
 * says who ended whose. Support and finance can do neither; nobody ends their own here.
 */
describe.each(DATABASE_KINDS)('console sessions on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** An account of `role`, signed in from `ip` with its second factor proved (a member: no factor). */
  async function account(role: Role, ip = '203.0.113.7') {
    const db = t.database.handle.db;
    const [row] = await db
      .insert(users)
      .values({
        email: `sessions-${randomBytes(6).toString('hex')}@test.local`,
        displayName: `Sessions ${role}`,
        passwordHash: 'not-a-real-hash',
        inviteCode: generateInviteCode(),
        role,
      })
      .returning({ id: users.id });
    const now = t.clock.now();
    const session = await createSession(db, {
      userId: row!.id,
      now,
      ip,
      userAgent: 'Test agent',
      secondFactorAt: role === 'member' ? null : now,
    });
    return { id: row!.id, sessionId: session.sessionId, cookie: `${SESSION_COOKIE}=${session.token}` };
  }

  const call = (cookie: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, remoteAddress: '198.51.100.4' });

  it('lists only console accounts’ live sessions, the address masked and the caller’s own flagged', async () => {
    const operator = await account('operator');
    const support = await account('support', '192.0.2.55');
    const member = await account('member');
    const response = await call(operator.cookie, 'GET', '/admin/console-sessions');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as ConsoleSessionList;
    const ids = list.items.map((item) => item.id);
    expect(ids).toContain(operator.sessionId);
    expect(ids).toContain(support.sessionId);
    expect(ids).not.toContain(member.sessionId);
    expect(list.items.every((item) => item.role !== 'member')).toBe(true);
    const own = list.items.find((item) => item.id === operator.sessionId)!;
    expect(own.current).toBe(true);
    const theirs = list.items.find((item) => item.id === support.sessionId)!;
    expect(theirs).toMatchObject({ current: false, role: 'support', ip: '192.0.2.•', userAgent: 'Test agent', userId: support.id });
    expect(theirs.secondFactorAt).not.toBeNull();
    expect(response.body).not.toContain('192.0.2.55');
  });

  it('ends another console account’s session: its next request is 401, and the audit log says so', async () => {
    const operator = await account('operator');
    const finance = await account('finance');
    expect((await call(finance.cookie, 'GET', '/me')).statusCode).toBe(200);
    const revoked = await call(operator.cookie, 'POST', `/admin/console-sessions/${finance.sessionId}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await call(finance.cookie, 'GET', '/me')).statusCode).toBe(401);
    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'console_session.revoked'), eq(auditLog.subjectId, finance.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(operator.id);
    expect(entries[0]!.detail).toMatchObject({ sessionId: finance.sessionId, role: 'finance' });
    // Ended already: nothing more to end.
    expect((await call(operator.cookie, 'POST', `/admin/console-sessions/${finance.sessionId}/revoke`)).statusCode).toBe(404);
  });

  it('refuses one’s own session and a member’s, and changes nothing', async () => {
    const operator = await account('operator');
    const member = await account('member');
    const own = await call(operator.cookie, 'POST', `/admin/console-sessions/${operator.sessionId}/revoke`);
    expect(own.statusCode).toBe(409);
    const theirs = await call(operator.cookie, 'POST', `/admin/console-sessions/${member.sessionId}/revoke`);
    expect(theirs.statusCode).toBe(403);
    expect((await call(operator.cookie, 'GET', '/me')).statusCode).toBe(200);
    expect((await call(member.cookie, 'GET', '/me')).statusCode).toBe(200);
  });

  it('lets neither support nor finance list or end console sessions', async () => {
    const operator = await account('operator');
    for (const role of ['support', 'finance'] as const) {
      const staff = await account(role);
      expect((await call(staff.cookie, 'GET', '/admin/console-sessions')).statusCode).toBe(403);
      expect((await call(staff.cookie, 'POST', `/admin/console-sessions/${operator.sessionId}/revoke`)).statusCode).toBe(403);
    }
    expect((await call(operator.cookie, 'GET', '/me')).statusCode).toBe(200);
  });
});
