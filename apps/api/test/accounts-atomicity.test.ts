import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, signInLinks, users, verificationCodes } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, latestCodeTo, latestMessageTo, randomIp, registerMember, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

/**
 * Each account action is one transaction (docs/decisions/0006): when its last write fails, nothing
 * before it stays written. The fault is a trigger that refuses every new session, installed in this
 * suite's own throwaway database.
 */

const uniqueEmail = () => `atomic-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe.each(DATABASE_KINDS)('account actions are atomic on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: randomIp() });

  async function refuseNewSessions(on: boolean) {
    const db = t.database.handle;
    if (on) {
      await db.withSession(async (session) => {
        await session.exec(`create or replace function refuse_session() returns trigger language plpgsql as $$
          begin raise exception 'injected fault: session insert refused'; end $$`);
        await session.exec('create trigger refuse_session before insert on sessions for each row execute function refuse_session()');
      });
    } else {
      await db.withSession((session) => session.exec('drop trigger if exists refuse_session on sessions'));
    }
  }

  async function signInsAudited(userId: string, method: string) {
    const rows = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in.succeeded'), eq(auditLog.subjectId, userId)));
    return rows.filter((row) => (row.detail as { method?: string }).method === method).length;
  }

  /** A member with a fresh sign-in link message: its token, its code and the code's row. */
  async function memberWithLinkMessage() {
    const member = await registerMember(t);
    t.clock.advance(61_000);
    expect((await post('/auth/sign-in-link/request', { account: member.email! })).statusCode).toBe(202);
    const message = await latestMessageTo(t, member.email!);
    const [token, code] = message.secret!.split('\n') as [string, string];
    const [codeRow] = await t.database.handle.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.destination, member.email!), eq(verificationCodes.purpose, 'sign_in')))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return { member, token, code, codeId: codeRow!.id };
  }

  const codeRow = async (id: string) =>
    (await t.database.handle.db.select().from(verificationCodes).where(eq(verificationCodes.id, id)))[0]!;
  const linksOf = (userId: string) => t.database.handle.db.select().from(signInLinks).where(eq(signInLinks.userId, userId));

  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await refuseNewSessions(false);
    await t?.close();
  });

  it('sign-in code: when the session cannot be written, the code is not spent and the link not retired', async () => {
    const { member, code, codeId } = await memberWithLinkMessage();
    await refuseNewSessions(true);
    try {
      const failed = await post('/auth/sign-in-code', { account: member.email!, code });
      expect(failed.statusCode).toBe(500);
    } finally {
      await refuseNewSessions(false);
    }
    const row = await codeRow(codeId);
    expect(row.consumedAt).toBeNull();
    expect(row.voidedAt).toBeNull();
    expect((await linksOf(member.userId)).every((link) => link.usedAt === null)).toBe(true);
    expect(await signInsAudited(member.userId, 'code')).toBe(0);
    // Nothing was half done: the same code still signs in, once.
    expect((await post('/auth/sign-in-code', { account: member.email!, code })).statusCode).toBe(200);
    expect((await codeRow(codeId)).consumedAt).not.toBeNull();
    expect(await signInsAudited(member.userId, 'code')).toBe(1);
  });

  it('sign-in link: when the session cannot be written, the link is not used and the code not voided', async () => {
    const { member, token, codeId } = await memberWithLinkMessage();
    await refuseNewSessions(true);
    try {
      expect((await post('/auth/sign-in-link', { token })).statusCode).toBe(500);
    } finally {
      await refuseNewSessions(false);
    }
    expect((await linksOf(member.userId)).every((link) => link.usedAt === null)).toBe(true);
    expect((await codeRow(codeId)).voidedAt).toBeNull();
    expect(await signInsAudited(member.userId, 'link')).toBe(0);
    expect((await post('/auth/sign-in-link', { token })).statusCode).toBe(200);
  });

  it('registration code: when the session cannot be written, no account exists and the code still works', async () => {
    const email = uniqueEmail();
    const registered = await post('/auth/register', { email, displayName: 'Atomic', ...ACCEPTED_TERMS, password: TEST_PASSWORD });
    expect(registered.statusCode).toBe(201);
    const { verificationId } = registered.json() as { verificationId: string };
    const code = await latestCodeTo(t, email, 'register_code');
    const registrations = async () =>
      (await t.database.handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.registered'))).length;
    const before = await registrations();
    await refuseNewSessions(true);
    try {
      expect((await post('/auth/verify', { verificationId, code })).statusCode).toBe(500);
    } finally {
      await refuseNewSessions(false);
    }
    expect(await t.database.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await codeRow(verificationId)).consumedAt).toBeNull();
    expect(await registrations()).toBe(before);
    const verified = await post('/auth/verify', { verificationId, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await t.database.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('password sign-in: when the session cannot be written, no sign-in is audited', async () => {
    const member = await registerMember(t);
    await refuseNewSessions(true);
    try {
      expect((await post('/auth/sign-in', { account: member.email!, password: TEST_PASSWORD })).statusCode).toBe(500);
    } finally {
      await refuseNewSessions(false);
    }
    expect(await signInsAudited(member.userId, 'password')).toBe(0);
  });
});
