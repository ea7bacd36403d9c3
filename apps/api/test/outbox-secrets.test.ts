import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../src/db/schema/index';
import { generateInviteCode } from '../src/lib/invite-code';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from './app';
import { latestMessageTo, randomIp, registerMember } from './auth';
import { DATABASE_KINDS } from './database';

/*
 * The console's outbox never hands out a live secret (a code, a sign-in link) but where it is the
 * delivery channel by design: in development, with no transport for the message's channel, to an
 * operator, for a member's message. A console account's codes never show there, so that support
 * cannot reset an operator's password with a code read in the outbox and sign in as them.
 */

type Viewer = 'operator' | 'support' | 'finance';
const VIEWERS: Viewer[] = ['operator', 'support', 'finance'];

interface Staff {
  userId: string;
  cookie: string;
  email: string;
}

/** A console account written straight into the database and signed in (no password hashing: suites stay quick). */
async function staffAccount(t: TestApp, role: Viewer): Promise<Staff> {
  const db = t.database.handle.db;
  const email = `${role}-${randomBytes(6).toString('hex')}@orchard.local`;
  const [row] = await db
    .insert(users)
    .values({ email, displayName: `Test ${role}`, passwordHash: 'not-a-real-hash', role, inviteCode: generateInviteCode() })
    .returning({ id: users.id });
  const now = t.clock.now();
  const session = await createSession(db, { userId: row!.id, now, ip: null, userAgent: null, secondFactorAt: now });
  return { userId: row!.id, cookie: `${SESSION_COOKIE}=${session.token}`, email };
}

async function staffOf(t: TestApp): Promise<Record<Viewer, Staff>> {
  const staff = {} as Record<Viewer, Staff>;
  for (const role of VIEWERS) staff[role] = await staffAccount(t, role);
  return staff;
}

/** What `viewer` reads of the messages to `destination`: the texts, or the refusal's status. */
async function outboxAs(t: TestApp, viewer: Staff, destination: string): Promise<string | number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/outbox?destination=${encodeURIComponent(destination)}`,
    headers: { cookie: viewer.cookie },
  });
  if (response.statusCode !== 200) return response.statusCode;
  const items = (response.json() as { items: { subject: string; body: string }[] }).items;
  expect(items.length).toBeGreaterThan(0);
  return items.map((item) => `${item.subject}\n${item.body}`).join('\n');
}

describe.each(DATABASE_KINDS)('secrets in the console outbox on %s', (kind) => {
  describe('in development with no mail server (the default)', () => {
    let t: TestApp;
    let staff: Record<Viewer, Staff>;
    beforeAll(async () => {
      t = await createTestApp(kind, { NODE_ENV: 'development', OUTBOX_POLL_MS: '0' });
      staff = await staffOf(t);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    it("does not let support take over an operator: the operator's reset code is never in the outbox, for anyone", async () => {
      const target = await staffAccount(t, 'operator');
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/request',
        remoteAddress: randomIp(),
        payload: { account: target.email },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      await t.app.outbox.drain();
      const message = await latestMessageTo(t, target.email);
      expect(message).toMatchObject({ kind: 'password_reset_code', status: 'logged' });
      const code = message.secret!;
      expect(code).toMatch(/^\d{6}$/);
      for (const role of VIEWERS) {
        const seen = await outboxAs(t, staff[role], target.email);
        expect({ role, shows: typeof seen === 'string' && seen.includes(code) }).toEqual({ role, shows: false });
      }
      // And so support has nothing to reset the operator's password with.
      expect(await outboxAs(t, staff.support, target.email)).toContain('••••••');
    });

    it("shows a member's registration code and sign-in link to the operator only", async () => {
      const member = await registerMember(t);
      t.clock.advance(61_000); // past the resend cool-down of the registration code
      const linked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link/request',
        remoteAddress: randomIp(),
        payload: { account: member.email },
      });
      expect(linked.statusCode, linked.body).toBe(202);
      await t.app.outbox.drain();
      const link = await latestMessageTo(t, member.email!);
      expect(link).toMatchObject({ kind: 'sign_in_link', status: 'logged' });
      const [token, code] = link.secret!.split('\n') as [string, string];
      const seen = Object.fromEntries(
        await Promise.all(
          VIEWERS.map(async (role) => {
            const text = await outboxAs(t, staff[role], member.email!);
            return [role, typeof text === 'number' ? text : { token: text.includes(token), code: text.includes(code) }];
          }),
        ),
      );
      expect(seen).toEqual({ operator: { token: true, code: true }, support: { token: false, code: false }, finance: 403 });
    });

    it('never shows the codes of support or finance either, and hides them again once the member joins the console', async () => {
      const member = await registerMember(t);
      t.clock.advance(61_000);
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/request',
        remoteAddress: randomIp(),
        payload: { account: member.email },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      await t.app.outbox.drain();
      const code = (await latestMessageTo(t, member.email!)).secret!;
      expect(await outboxAs(t, staff.operator, member.email!)).toContain(code);
      for (const role of ['support', 'finance'] as const) {
        await t.database.handle.db.execute(sql`update users set role = ${role} where id = ${member.userId}`);
        expect({ role, shows: String(await outboxAs(t, staff.operator, member.email!)).includes(code) }).toEqual({ role, shows: false });
      }
    });

    it('blanks what is still on its way or failed', async () => {
      const destination = `pending-${Date.now()}@example.com`;
      const now = t.clock.now();
      const base = {
        kind: 'register_code',
        channel: 'email' as const,
        destination,
        secret: '654321',
        subject: '654321 is your code',
        body: 'Your code is 654321',
        nextAttemptAt: now,
        createdAt: now,
      };
      await t.database.handle.db.insert(outbox).values([
        { ...base, status: 'pending' },
        { ...base, status: 'failed', lastError: 'smtp down' },
      ]);
      const text = String(await outboxAs(t, staff.operator, destination));
      expect(text).not.toContain('654321');
      expect(text).toContain('••••••');
    });
  });

  describe.each([
    ['outside development', { NODE_ENV: 'production' }],
    ['with a mail server configured', { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' }],
  ] as const)('%s', (_, overrides) => {
    let t: TestApp;
    let staff: Record<Viewer, Staff>;
    beforeAll(async () => {
      t = await createTestApp(kind, { ...overrides, OUTBOX_POLL_MS: '0' });
      staff = await staffOf(t);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    it("shows nobody a member's code, even one that was only logged", async () => {
      const destination = `logged-${Date.now()}@example.com`;
      const now = t.clock.now();
      await t.database.handle.db.insert(outbox).values({
        kind: 'register_code',
        channel: 'email',
        destination,
        secret: '135790',
        subject: '135790 is your code',
        body: 'Your code is 135790',
        status: 'logged',
        nextAttemptAt: now,
        createdAt: now,
      });
      for (const role of ['operator', 'support'] as const) {
        const text = String(await outboxAs(t, staff[role], destination));
        expect({ role, shows: text.includes('135790') }).toEqual({ role, shows: false });
      }
    });
  });
});
