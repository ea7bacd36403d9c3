import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, codeSentSchema } from '@orchard/shared';
import { loadConfig, testConfig } from '../src/config';
import { auditLog, outbox, verificationCodes } from '../src/db/schema/index';
import { countCodeAttempt } from '../src/modules/accounts/repository';
import { CODE_MAX_ATTEMPTS } from '../src/modules/accounts/codes';
import { createTestApp, type TestApp } from './app';
import { ACCEPTED_TERMS, latestMessageTo, randomIp, registerMember, sessionCookieFrom, signInOperator, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';

/** Findings of the accounts security review: each test here failed before its fix. */

const uniqueEmail = (label = 'm') => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

function errorOf(response: { json(): unknown }) {
  return apiErrorSchema.parse(response.json()).error;
}

function post(t: TestApp, url: string, payload: unknown, options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: options.ip ?? randomIp(),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

/** Six-digit strings other than `code`. */
function wrongCodes(code: string, count: number): string[] {
  const guesses: string[] = [];
  for (let i = 0; guesses.length < count; i++) {
    const guess = String(100000 + i);
    if (guess !== code) guesses.push(guess);
  }
  return guesses;
}

/** A member with a fresh sign-in link message; returns the 6-digit code from it. */
async function memberWithSignInCode(t: TestApp) {
  const member = await registerMember(t);
  // The registration code just went to this address: one message per minute.
  t.clock.advance(61_000);
  const requested = await post(t, '/auth/sign-in-link/request', { account: member.email });
  expect(requested.statusCode, requested.body).toBe(202);
  const message = await latestMessageTo(t, member.email!);
  expect(message.kind).toBe('sign_in_link');
  const code = message.secret!.split('\n')[1]!;
  expect(code).toMatch(/^\d{6}$/);
  const [row] = await t.database.handle.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.destination, member.email!), eq(verificationCodes.purpose, 'sign_in')))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return { member, code, codeId: row!.id };
}

async function codeRow(t: TestApp, id: string) {
  const [row] = await t.database.handle.db.select().from(verificationCodes).where(eq(verificationCodes.id, id));
  return row!;
}

describe.each(DATABASE_KINDS)('accounts review fixes on %s', (kind) => {
  let t: TestApp;
  let operator: { userId: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
    operator = await signInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('C1: five wrong tries void a code', () => {
    it('refuses the right sign-in code after 5 wrong ones, and accepts it as the 5th try', async () => {
      const first = await memberWithSignInCode(t);
      for (const guess of wrongCodes(first.code, 5)) {
        const wrong = await post(t, '/auth/sign-in-code', { account: first.member.email, code: guess });
        expect(wrong.statusCode).toBe(400);
      }
      const late = await post(t, '/auth/sign-in-code', { account: first.member.email, code: first.code });
      expect(late.statusCode).toBe(400);
      expect(errorOf(late).code).toBe('CODE_INVALID');
      expect((await codeRow(t, first.codeId)).attempts).toBe(CODE_MAX_ATTEMPTS);

      const second = await memberWithSignInCode(t);
      for (const guess of wrongCodes(second.code, 4)) {
        expect((await post(t, '/auth/sign-in-code', { account: second.member.email, code: guess })).statusCode).toBe(400);
      }
      const fifth = await post(t, '/auth/sign-in-code', { account: second.member.email, code: second.code });
      expect(fifth.statusCode, fifth.body).toBe(200);
    });

    it('refuses the right registration code after 5 wrong ones', async () => {
      const email = uniqueEmail('c1');
      const ip = randomIp();
      const started = await post(t, '/auth/register', { email, displayName: 'C1', ...ACCEPTED_TERMS, password: TEST_PASSWORD }, { ip });
      expect(started.statusCode).toBe(201);
      const { verificationId } = codeSentSchema.parse(started.json());
      const code = (await latestMessageTo(t, email)).secret!;
      for (const guess of wrongCodes(code, 5)) {
        expect((await post(t, '/auth/verify', { verificationId, code: guess })).statusCode).toBe(400);
      }
      const late = await post(t, '/auth/verify', { verificationId, code });
      expect(late.statusCode).toBe(400);
      expect(errorOf(late).code).toBe('CODE_VOID');
    });

    it('limits code attempts per account (any IP) and per IP (any account)', async () => {
      const { member } = await memberWithSignInCode(t);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await post(t, '/auth/sign-in-code', { account: member.email, code: '000000' })).statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Password reset shares the per-account budget.
      const reset = await post(t, '/auth/password-reset', { account: member.email, code: '000000', password: 'a-new-password-9' });
      expect(reset.statusCode).toBe(429);

      const ip = randomIp();
      const fromOneIp: number[] = [];
      for (let i = 0; i < 31; i++) {
        fromOneIp.push((await post(t, '/auth/sign-in-code', { account: uniqueEmail('ip'), code: '000000' }, { ip })).statusCode);
      }
      expect(fromOneIp.slice(0, 30).every((status) => status === 400)).toBe(true);
      expect(fromOneIp[30]).toBe(429);
      const verify = await post(t, '/auth/verify', { verificationId: crypto.randomUUID(), code: '000000' }, { ip });
      expect(verify.statusCode).toBe(404);
    });
  });

  describe('M2: control characters in free text', () => {
    it('answers 400, never 500, for a NUL byte in any accounts text field', async () => {
      const member = await registerMember(t);
      const admin = (method: 'PUT' | 'POST' | 'PATCH', url: string, payload: object) =>
        t.app.inject({ method, url: `/api/v1/admin${url}`, payload, headers: { cookie: operator.cookie }, remoteAddress: randomIp() });
      const nul = 'because\u0000reasons';
      const responses = [
        await admin('PUT', `/members/${member.userId}/role`, { role: 'operator', reason: nul }),
        await admin('PUT', `/members/${member.userId}/status`, { status: 'frozen', reason: nul }),
        await admin('POST', `/members/${member.userId}/sign-in-links`, { reason: nul }),
        await admin('POST', `/members/${member.userId}/sign-in-links`, { reason: 'support call', redirect: '/home\u0000' }),
        await post(t, '/auth/sign-in-link/request', { account: member.email, redirect: '/home\u0000x' }),
        await post(t, '/auth/sign-in-link', { token: 'abc\u0000def' }),
        await post(t, '/auth/register', { email: uniqueEmail(), displayName: 'Nul\u0000Name', ...ACCEPTED_TERMS, password: TEST_PASSWORD }),
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/me',
          payload: { displayName: 'a\u0000b' },
          headers: { cookie: member.cookie },
        }),
      ];
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(400);
      }
    });
  });

  describe('M4: registering an address that has an account', () => {
    it('answers like a fresh registration, tells the owner, and the code never works', async () => {
      const member = await registerMember(t);
      t.clock.advance(61_000);
      const ip = randomIp();
      const again = await post(
        t,
        '/auth/register',
        { email: member.email, displayName: 'Someone', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
        { ip },
      );
      expect(again.statusCode, again.body).toBe(201);
      const sent = codeSentSchema.parse(again.json());
      const fresh = await post(
        t,
        '/auth/register',
        { email: uniqueEmail(), displayName: 'Fresh', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
        { ip },
      );
      expect(Object.keys(fresh.json() as object).sort()).toEqual(Object.keys(sent).sort());

      const notice = await latestMessageTo(t, member.email!);
      expect(notice.kind).toBe('register_existing_account');
      expect(notice.body).toContain('already has one');
      expect(notice.body).not.toMatch(/\b\d{6}\b/);
      expect(notice.secret).toBeNull();

      const verify = await post(t, '/auth/verify', { verificationId: sent.verificationId, code: '123456' });
      expect(verify.statusCode).toBe(400);
      expect(errorOf(verify).code).toBe('CODE_INVALID');
      expect(errorOf(verify).message).toMatch(/not right/);

      // The send limits apply before anything is looked up: a second try within a minute is refused.
      const third = await post(t, '/auth/register', {
        email: member.email,
        displayName: 'Someone',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
      });
      expect(third.statusCode).toBe(429);
    });

    it('resending for such a registration sends the notice again, not a code', async () => {
      const member = await registerMember(t);
      t.clock.advance(61_000);
      const again = await post(t, '/auth/register', {
        email: member.email,
        displayName: 'Someone',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
      });
      const { verificationId } = codeSentSchema.parse(again.json());
      t.clock.advance(61_000);
      const resent = await post(t, '/auth/resend', { verificationId });
      expect(resent.statusCode, resent.body).toBe(200);
      const notice = await latestMessageTo(t, member.email!);
      expect(notice.kind).toBe('register_existing_account');
      expect(notice.secret).toBeNull();
    });
  });

  describe('M5: the operator outbox view', () => {
    // Outside development even a logged message's secrets are blanked; outbox-secrets.test.ts has
    // the one place they show (development, no transport, an operator, a member's message).
    it('blanks codes and links, whatever the status, outside development', async () => {
      const destination = uniqueEmail('outbox');
      const now = t.clock.now();
      const base = {
        kind: 'sign_in_link',
        channel: 'email' as const,
        destination,
        secret: 'tok3nTOKEN_value\n654321',
        subject: 'Your code 654321',
        body: 'Open https://x.example/auto_way?token=tok3nTOKEN_value or enter 654321',
        nextAttemptAt: now,
        createdAt: now,
      };
      await t.database.handle.db.insert(outbox).values([
        { ...base, status: 'pending' },
        { ...base, status: 'failed', lastError: 'smtp down' },
        { ...base, status: 'logged' },
      ]);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/outbox?destination=${encodeURIComponent(destination)}`,
        headers: { cookie: operator.cookie },
      });
      expect(response.statusCode).toBe(200);
      const items = (response.json() as { items: Array<{ status: string; subject: string; body: string }> }).items;
      expect(items).toHaveLength(3);
      for (const item of items) {
        const text = `${item.subject}\n${item.body}`;
        expect(text).not.toContain('654321');
        expect(text).not.toContain('tok3nTOKEN_value');
        expect(text).toContain('••••••');
      }
    });
  });
});

describe('M3: TRUST_PROXY', () => {
  it('takes a hop count or a list of proxies, never true', () => {
    expect(testConfig().TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.10']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('with TRUST_PROXY=1 the client IP is the address the load balancer saw, not one the client wrote', { timeout: 120_000 }, async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: '1', OUTBOX_POLL_MS: '0' });
    try {
      const account = uniqueEmail('proxy');
      const response = await post(
        t,
        '/auth/sign-in',
        { account, password: 'not-the-password' },
        { ip: '10.0.0.2', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } },
      );
      expect(response.statusCode).toBe(401);
      const rows = await t.database.handle.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in.failed'));
      const entry = rows.find((row) => (row.detail as { account?: string }).account === account);
      expect(entry?.ip).toBe('203.0.113.9');
    } finally {
      await t.close();
    }
  });
});

describe('L2: over HTTPS only the __Host- session cookie counts', () => {
  it('refuses a plain orchard_session cookie on a secure request', { timeout: 120_000 }, async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: '1', OUTBOX_POLL_MS: '0' });
    try {
      const member = await registerMember(t);
      const token = sessionCookieFrom(member.cookie).split('=')[1]!;
      const me = (cookie: string, https: boolean) =>
        t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie, ...(https ? { 'x-forwarded-proto': 'https' } : {}) } });
      expect((await me(`orchard_session=${token}`, false)).statusCode).toBe(200);
      expect((await me(`orchard_session=${token}`, true)).statusCode).toBe(401);
      expect((await me(`__Host-orchard_session=${token}`, true)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('C1: code attempts under concurrency on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('postgres', { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts at most 5 attempts on a code, however many arrive at once', async () => {
    const { codeId } = await memberWithSignInCode(t);
    const results = await Promise.all(
      Array.from({ length: 60 }, () => countCodeAttempt(t.database.handle.db, codeId, CODE_MAX_ATTEMPTS, t.clock.now())),
    );
    const counted = results.filter((row) => row !== undefined).map((row) => row!.attempts);
    expect(counted.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect((await codeRow(t, codeId)).attempts).toBe(5);
  });

  it('a parallel burst of wrong sign-in codes voids the code: the right one after it fails', async () => {
    const { member, code, codeId } = await memberWithSignInCode(t);
    // 8 wrong guesses at once (under the per-account limit of 10), each from its own address.
    const burst = await Promise.all(
      wrongCodes(code, 8).map((guess) => post(t, '/auth/sign-in-code', { account: member.email, code: guess })),
    );
    expect(burst.map((response) => response.statusCode)).toEqual(Array(8).fill(400));
    const row = await codeRow(t, codeId);
    expect(row.attempts).toBe(CODE_MAX_ATTEMPTS);
    expect(row.voidedAt).not.toBeNull();
    const late = await post(t, '/auth/sign-in-code', { account: member.email, code });
    expect(late.statusCode).toBe(400);
    expect(late.headers['set-cookie']).toBeUndefined();
  });

  it('a parallel burst of wrong registration codes voids the code: the right one after it fails', async () => {
    const email = uniqueEmail('burst');
    const started = await post(t, '/auth/register', { email, displayName: 'Burst', ...ACCEPTED_TERMS, password: TEST_PASSWORD });
    const { verificationId } = codeSentSchema.parse(started.json());
    const code = (await latestMessageTo(t, email)).secret!;
    const burst = await Promise.all(wrongCodes(code, 8).map((guess) => post(t, '/auth/verify', { verificationId, code: guess })));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(8).fill(400));
    expect((await codeRow(t, verificationId)).attempts).toBe(CODE_MAX_ATTEMPTS);
    const late = await post(t, '/auth/verify', { verificationId, code });
    expect(late.statusCode).toBe(400);
  });

  it('100 parallel guesses with the right code in the middle: at most 5 are judged, at most one signs in', async () => {
    const { member, code, codeId } = await memberWithSignInCode(t);
    const guesses = wrongCodes(code, 99);
    guesses.splice(50, 0, code);
    const responses = await Promise.all(guesses.map((guess) => post(t, '/auth/sign-in-code', { account: member.email, code: guess })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
    // The per-account limit lets 10 through; of those the code row counts 5.
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(10);
    const signedIn = statuses.filter((status) => status === 200).length;
    expect(signedIn).toBeLessThanOrEqual(1);
    const row = await codeRow(t, codeId);
    expect(row.attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    // Signed in only if the right guess was among the counted ones: then the code is used, not void.
    if (signedIn === 1) expect(row.consumedAt).not.toBeNull();
    else expect(row.consumedAt).toBeNull();
  });
});
