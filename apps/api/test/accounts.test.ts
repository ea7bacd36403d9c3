import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, codeSentSchema, meSchema } from '@orchard/shared';
import { auditLog, sessions, users, verificationCodes } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import {
  ACCEPTED_TERMS,
  latestCodeTo,
  latestMessageTo,
  randomIp,
  proveSecondFactor,
  registerMember,
  sessionCookieFrom,
  sessionSetCookieFrom,
  signInOperator,
  TEST_PASSWORD,
} from './auth';
import { DATABASE_KINDS } from './database';

const DAY = 24 * 60 * 60 * 1000;
const uniqueEmail = (label = 'm') => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

function errorOf(response: { json(): unknown }) {
  return apiErrorSchema.parse(response.json()).error;
}

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;

  const post = (url: string, payload?: unknown, options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: options.ip ?? randomIp(),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

  async function startRegistration(payload: Record<string, unknown>, ip = randomIp()) {
    const response = await post(
      '/auth/register',
      { displayName: 'New Member', ...ACCEPTED_TERMS, password: TEST_PASSWORD, ...payload },
      { ip },
    );
    expect(response.statusCode, response.body).toBe(201);
    return codeSentSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOX_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('register and verify', () => {
    it('sends a 6-digit code by email, stores it only hashed, and a correct code signs the new member in', async () => {
      const email = uniqueEmail('ada');
      const sent = await startRegistration({ email: `  ${email.toUpperCase()} `, displayName: 'Ada' });
      expect(sent.channel).toBe('email');
      expect(sent.destination).toBe(`${email[0]}•••@example.com`);
      expect(new Date(sent.expiresAt).getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
      expect(new Date(sent.resendAvailableAt).getTime() - t.clock.now().getTime()).toBe(60_000);

      const message = await latestMessageTo(t, email);
      expect(message.kind).toBe('register_code');
      const code = /\b(\d{6})\b/.exec(message.body)![1]!;
      const [row] = await t.database.handle.db.select().from(verificationCodes).where(eq(verificationCodes.id, sent.verificationId));
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);

      const verified = await post('/auth/verify', { verificationId: sent.verificationId, code });
      expect(verified.statusCode, verified.body).toBe(200);
      const setCookie = sessionSetCookieFrom(verified.headers['set-cookie']);
      expect(setCookie).toMatch(/^orchard_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Secure');
      const me = await get('/me', sessionCookieFrom(verified.headers['set-cookie']));
      expect(me.statusCode).toBe(200);
      const body = meSchema.parse(me.json());
      expect(body).toMatchObject({ displayName: 'Ada', email, phone: null, role: 'member' });
      expect(body).not.toHaveProperty('referrerId');
      expect(body.inviteCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      // The session token is stored only as its hash.
      const token = sessionCookieFrom(verified.headers['set-cookie']).split('=')[1]!;
      const stored = await t.database.handle.db.select().from(sessions).where(eq(sessions.userId, body.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]!.tokenHash).not.toContain(token);
    });

    it('registers by phone with the code sent as SMS and the number masked', async () => {
      const phone = uniquePhone();
      const sent = await startRegistration({ phone: `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5)}` });
      expect(sent.channel).toBe('sms');
      expect(sent.destination).toBe(`+1 555 ••• ${phone.slice(-2)}`);
      const message = await latestMessageTo(t, phone);
      expect(message.channel).toBe('sms');
      const verified = await post('/auth/verify', { verificationId: sent.verificationId, code: await latestCodeTo(t, phone) });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().user.phone).toBe(phone);
    });

    it('does not create the account before the code is entered', async () => {
      const email = uniqueEmail();
      await startRegistration({ email });
      const rows = await t.database.handle.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(0);
    });

    it('refuses unknown body keys, naming them', async () => {
      const response = await post('/auth/register', {
        email: uniqueEmail(),
        displayName: 'X',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
        role: 'operator',
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toEqual({ role: 'This field is not allowed.' });
    });

    it('refuses common, short and too-long passwords with a message for the field', async () => {
      for (const [password, pattern] of [
        ['password123', /too common/],
        ['iloveyou', /too common/],
        ['Sunshine', /too common/],
        ['short1', /at least 8/],
        ['x'.repeat(129), /at most 128/],
      ] as const) {
        const response = await post('/auth/register', { email: uniqueEmail(), displayName: 'X', ...ACCEPTED_TERMS, password });
        expect(response.statusCode, password).toBe(400);
        expect(errorOf(response).fields?.password, password).toMatch(pattern);
      }
      // 128 characters is fine; no composition rules.
      await startRegistration({ email: uniqueEmail(), password: 'y'.repeat(128) });
    });

    it('asks for an email or a phone, not both, and checks their shape', async () => {
      const neither = await post('/auth/register', { displayName: 'X', ...ACCEPTED_TERMS, password: TEST_PASSWORD });
      expect(errorOf(neither).fields?.email).toBe('Enter an email address or a phone number.');
      const both = await post('/auth/register', {
        email: uniqueEmail(),
        phone: uniquePhone(),
        displayName: 'X',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
      });
      expect(errorOf(both).fields?.phone).toMatch(/not both/);
      const badEmail = await post('/auth/register', {
        email: 'not-an-email',
        displayName: 'X',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
      });
      expect(errorOf(badEmail).fields?.email).toMatch(/valid email/);
      const badPhone = await post('/auth/register', { phone: '555-1234', displayName: 'X', ...ACCEPTED_TERMS, password: TEST_PASSWORD });
      expect(errorOf(badPhone).fields?.phone).toMatch(/country code/);
      const noName = await post('/auth/register', { email: uniqueEmail(), displayName: '   ', ...ACCEPTED_TERMS, password: TEST_PASSWORD });
      expect(errorOf(noName).fields?.displayName).toBe('Enter your name.');
    });

    it('does not reveal that an address already has an account (its owner is told by message)', async () => {
      const member = await registerMember(t);
      t.clock.advance(61_000);
      const response = await post('/auth/register', {
        email: member.email!.toUpperCase(),
        displayName: 'X',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(201);
      codeSentSchema.parse(response.json());
      expect((await latestMessageTo(t, member.email!)).kind).toBe('register_existing_account');
    });

    it('fixes the referral chain at registration from the invite code, lower-case accepted', async () => {
      const level3 = await registerMember(t);
      const level2 = await registerMember(t, { inviteCode: level3.inviteCode });
      const level1 = await registerMember(t, { inviteCode: level2.inviteCode.toLowerCase() });
      const member = await registerMember(t, { inviteCode: level1.inviteCode });
      const chain = await t.database.handle.db.select({ id: users.id, referrerId: users.referrerId }).from(users);
      const referrerOf = new Map(chain.map((row) => [row.id, row.referrerId]));
      expect(referrerOf.get(member.userId)).toBe(level1.userId);
      expect(referrerOf.get(level1.userId)).toBe(level2.userId);
      expect(referrerOf.get(level2.userId)).toBe(level3.userId);
      // No request can change it: updateMe accepts only the display name.
      const attempt = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: { cookie: member.cookie },
        payload: { displayName: 'Y', referrerId: level3.userId },
      });
      expect(attempt.statusCode).toBe(400);
      expect(errorOf(attempt).fields).toEqual({ referrerId: 'This field is not allowed.' });
      // And the database refuses a self-referral.
      await expect(
        t.database.handle.db.update(users).set({ referrerId: member.userId }).where(eq(users.id, member.userId)),
      ).rejects.toThrow();
    });

    it('refuses an unknown or malformed invite code as a field error', async () => {
      const unknown = await post('/auth/register', {
        email: uniqueEmail(),
        displayName: 'X',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
        inviteCode: 'ZZZZZZZZ',
      });
      expect(unknown.statusCode).toBe(400);
      expect(errorOf(unknown).fields?.inviteCode).toMatch(/No member has this invite code/);
      const malformed = await post('/auth/register', {
        email: uniqueEmail(),
        displayName: 'X',
        ...ACCEPTED_TERMS,
        password: TEST_PASSWORD,
        inviteCode: 'O0O0-1',
      });
      expect(errorOf(malformed).fields?.inviteCode).toMatch(/8 letters and digits/);
      // Empty means none (the form sends what the field holds).
      await startRegistration({ email: uniqueEmail(), inviteCode: '' });
    });

    it('counts wrong codes: says how many tries are left, and the fifth voids the code', async () => {
      const email = uniqueEmail();
      const sent = await startRegistration({ email });
      const code = await latestCodeTo(t, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 4; attempt++) {
        const response = await post('/auth/verify', { verificationId: sent.verificationId, code: wrong });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).fields?.code).toBe(`That code is not right. ${5 - attempt} ${5 - attempt === 1 ? 'try' : 'tries'} left.`);
      }
      const fifth = await post('/auth/verify', { verificationId: sent.verificationId, code: wrong });
      expect(errorOf(fifth).code).toBe('CODE_VOID');
      const right = await post('/auth/verify', { verificationId: sent.verificationId, code });
      expect(right.statusCode).toBe(400);
      expect(errorOf(right).code).toBe('CODE_VOID');
    });

    it('sends a fresh code after 5 wrong tries voided the first one', async () => {
      const email = uniqueEmail();
      const sent = await startRegistration({ email });
      const first = await latestCodeTo(t, email);
      const wrong = first === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await post('/auth/verify', { verificationId: sent.verificationId, code: wrong });
      t.clock.advance(60_000);
      expect((await post('/auth/resend', { verificationId: sent.verificationId })).statusCode).toBe(200);
      const verified = await post('/auth/verify', { verificationId: sent.verificationId, code: await latestCodeTo(t, email) });
      expect(verified.statusCode).toBe(200);
      expect((await post('/auth/resend', { verificationId: sent.verificationId })).statusCode).toBe(409);
    });

    it('lets a code expire after 10 minutes', async () => {
      const email = uniqueEmail();
      const sent = await startRegistration({ email });
      const code = await latestCodeTo(t, email);
      t.clock.advance(10 * 60_000);
      const response = await post('/auth/verify', { verificationId: sent.verificationId, code });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('CODE_EXPIRED');
    });

    it('uses a code once', async () => {
      const email = uniqueEmail();
      const sent = await startRegistration({ email });
      const code = await latestCodeTo(t, email);
      expect((await post('/auth/verify', { verificationId: sent.verificationId, code })).statusCode).toBe(200);
      const again = await post('/auth/verify', { verificationId: sent.verificationId, code });
      expect(again.statusCode).toBe(400);
      expect(errorOf(again).code).toBe('CODE_USED');
    });

    it('resends only after the 60 s cool-down, and the new code replaces the old one', async () => {
      const email = uniqueEmail();
      const sent = await startRegistration({ email });
      const first = await latestCodeTo(t, email);
      t.clock.advance(30_000);
      const early = await post('/auth/resend', { verificationId: sent.verificationId });
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe('30');
      expect(errorOf(early).message).toBe('You can ask for a new code in 30 seconds.');
      t.clock.advance(30_000);
      const resent = await post('/auth/resend', { verificationId: sent.verificationId });
      expect(resent.statusCode, resent.body).toBe(200);
      const second = await latestCodeTo(t, email);
      if (second !== first) {
        const old = await post('/auth/verify', { verificationId: sent.verificationId, code: first });
        expect(old.statusCode).toBe(400);
      }
      const ok = await post('/auth/verify', { verificationId: sent.verificationId, code: second });
      expect(ok.statusCode).toBe(200);
    });

    it('answers an unknown verification id with 404 and a malformed one with a field error', async () => {
      const unknown = await post('/auth/verify', { verificationId: '00000000-0000-4000-8000-000000000000', code: '123456' });
      expect(unknown.statusCode).toBe(404);
      const malformed = await post('/auth/verify', { verificationId: 'nope', code: '12345' });
      expect(malformed.statusCode).toBe(400);
      expect(Object.keys(errorOf(malformed).fields ?? {}).sort()).toEqual(['code', 'verificationId']);
    });
  });

  describe('sign in and sessions', () => {
    it('signs in by email (any case) or phone (any formatting)', async () => {
      const byEmail = await registerMember(t);
      const response = await post('/auth/sign-in', { account: ` ${byEmail.email!.toUpperCase()} `, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(byEmail.userId);
      const phone = uniquePhone();
      const byPhone = await registerMember(t, { phone });
      const viaPhone = await post('/auth/sign-in', {
        account: `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5)}`,
        password: TEST_PASSWORD,
      });
      expect(viaPhone.statusCode).toBe(200);
      expect(viaPhone.json().user.id).toBe(byPhone.userId);
    });

    it('gives the same answer for a wrong password and an unknown account', async () => {
      const member = await registerMember(t);
      const wrong = await post('/auth/sign-in', { account: member.email, password: 'not-the-password' });
      const unknown = await post('/auth/sign-in', { account: uniqueEmail('nobody'), password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(errorOf(wrong)).toEqual({ code: 'INVALID_CREDENTIALS', message: 'The account or password is not right.' });
    });

    it('issues a new token at every sign-in and ends the one the browser had', async () => {
      const member = await registerMember(t);
      const again = await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD }, { cookie: member.cookie });
      const fresh = sessionCookieFrom(again.headers['set-cookie']);
      expect(fresh).not.toBe(member.cookie);
      expect((await get('/me', member.cookie)).statusCode).toBe(401);
      expect((await get('/me', fresh)).statusCode).toBe(200);
    });

    it('signs out server-side: the old cookie no longer works even if replayed', async () => {
      const member = await registerMember(t);
      const out = await post('/auth/sign-out', undefined, { cookie: member.cookie });
      expect(out.statusCode).toBe(204);
      expect(String(out.headers['set-cookie'])).toMatch(/^orchard_session=; .*Max-Age=0/);
      expect((await get('/me', member.cookie)).statusCode).toBe(401);
      // Signing out while signed out is harmless.
      expect((await post('/auth/sign-out')).statusCode).toBe(204);
    });

    it('ends a session idle for 7 days, keeps an active one alive, and ends every session after 30 days', async () => {
      const idle = await registerMember(t);
      const active = await registerMember(t);
      t.clock.advance(6 * DAY);
      expect((await get('/me', active.cookie)).statusCode).toBe(200);
      t.clock.advance(DAY);
      expect((await get('/me', idle.cookie)).statusCode).toBe(401);
      expect((await get('/me', active.cookie)).statusCode).toBe(200);
      for (const day of [13, 19, 25, 29]) {
        t.clock.advance((day === 29 ? 4 : 6) * DAY);
        expect((await get('/me', active.cookie)).statusCode, `day ${day}`).toBe(200);
      }
      t.clock.advance(DAY);
      expect((await get('/me', active.cookie)).statusCode).toBe(401);
    });

    it('ignores a forged or malformed cookie', async () => {
      expect((await get('/me', `orchard_session=${'A'.repeat(43)}`)).statusCode).toBe(401);
      expect((await get('/me', 'orchard_session=../../etc')).statusCode).toBe(401);
    });

    it('lists my sessions, marks the current one, and signs out the others', async () => {
      const member = await registerMember(t);
      const second = sessionCookieFrom(
        (await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).headers['set-cookie'],
      );
      const list = await get('/me/sessions', member.cookie);
      expect(list.statusCode).toBe(200);
      const listed = list.json().sessions as Array<{ current: boolean }>;
      expect(listed).toHaveLength(2);
      expect(listed.filter((session) => session.current)).toHaveLength(1);
      const revoked = await post('/me/sessions/revoke-others', undefined, { cookie: member.cookie });
      expect(revoked.json()).toEqual({ revoked: 1 });
      expect((await get('/me', second)).statusCode).toBe(401);
      expect((await get('/me', member.cookie)).statusCode).toBe(200);
    });

    it('changes the display name and refuses an empty one', async () => {
      const member = await registerMember(t);
      const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: { cookie: member.cookie }, payload });
      const ok = await patch({ displayName: '  Grace Hopper ' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().displayName).toBe('Grace Hopper');
      const empty = await patch({ displayName: '' });
      expect(errorOf(empty).fields?.displayName).toBe('Enter your name.');
      const signedOut = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { displayName: 'X' } });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('cross-site requests', () => {
    it('refuses state changes marked cross-site or from another origin, and allows same-origin ones', async () => {
      const member = await registerMember(t);
      const crossSite = await post('/me/sessions/revoke-others', undefined, {
        cookie: member.cookie,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(errorOf(crossSite).code).toBe('CROSS_SITE_REFUSED');
      const otherOrigin = await post('/auth/sign-out', undefined, { cookie: member.cookie, headers: { origin: 'https://evil.example' } });
      expect(otherOrigin.statusCode).toBe(403);
      const nullOrigin = await post('/auth/sign-out', undefined, { cookie: member.cookie, headers: { origin: 'null' } });
      expect(nullOrigin.statusCode).toBe(403);
      expect((await get('/me', member.cookie)).statusCode).toBe(200);
      const patchCross = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: { cookie: member.cookie, origin: 'http://evil.example' },
        payload: { displayName: 'Pwned' },
      });
      expect(patchCross.statusCode).toBe(403);
      const sameOrigin = await post('/auth/sign-out', undefined, {
        cookie: member.cookie,
        headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.statusCode).toBe(204);
      // Reads are not state changes.
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'sec-fetch-site': 'cross-site' } });
      expect(read.statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('allows 5 failed sign-ins per account per 15 minutes, then answers 429 with Retry-After, even to the right password', async () => {
      const member = await registerMember(t);
      for (let i = 0; i < 5; i++) {
        expect((await post('/auth/sign-in', { account: member.email, password: 'wrong-password' })).statusCode).toBe(401);
      }
      const limited = await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
      expect(errorOf(limited)).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
      });
      t.clock.advance(15 * 60_000);
      expect((await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('allows 20 failed sign-ins per IP per 15 minutes across accounts', async () => {
      const ip = randomIp();
      for (let i = 0; i < 20; i++) {
        expect((await post('/auth/sign-in', { account: uniqueEmail('probe'), password: 'wrong-password' }, { ip })).statusCode).toBe(401);
      }
      const limited = await post('/auth/sign-in', { account: uniqueEmail('probe'), password: 'wrong-password' }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).message).toMatch(/from your network/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post('/auth/sign-in', { account: uniqueEmail('probe'), password: 'wrong-password' })).statusCode).toBe(401);
    });

    it('sends at most 1 code per 60 s and 10 per day to one destination', async () => {
      const member = await registerMember(t);
      // Registration just sent one; wait out the minute.
      t.clock.advance(60_000);
      expect((await post('/auth/password-reset/request', { account: member.email })).statusCode).toBe(202);
      const tooSoon = await post('/auth/sign-in-link/request', { account: member.email });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.headers['retry-after']).toBe('60');
      for (let sent = 2; sent < 10; sent++) {
        t.clock.advance(60_000);
        expect((await post('/auth/password-reset/request', { account: member.email })).statusCode, `send ${sent + 1}`).toBe(202);
      }
      t.clock.advance(60_000);
      const daily = await post('/auth/password-reset/request', { account: member.email });
      expect(daily.statusCode).toBe(429);
      expect(errorOf(daily).message).toMatch(/Too many messages were sent there today/);
      expect(Number(daily.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    });

    it('sends at most 30 codes or links per hour from one IP', async () => {
      const ip = randomIp();
      for (let i = 0; i < 30; i++) {
        expect((await post('/auth/password-reset/request', { account: uniqueEmail('ip') }, { ip })).statusCode).toBe(202);
      }
      const limited = await post('/auth/sign-in-link/request', { account: uniqueEmail('ip') }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(3600);
      expect(errorOf(limited).message).toBe('Too many codes and links were requested from your network. Try again in 60 minutes.');
    });

    // Builds its own app: slower than the shared one on a busy machine.
    it('caps registrations per IP per day', { timeout: 120_000 }, async () => {
      const capped = await createTestApp(kind, { REGISTRATIONS_PER_IP_PER_DAY: '2', OUTBOX_POLL_MS: '0' });
      try {
        const ip = randomIp();
        const register = () =>
          capped.app.inject({
            method: 'POST',
            url: '/api/v1/auth/register',
            remoteAddress: ip,
            payload: { email: uniqueEmail(), displayName: 'X', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
          });
        expect((await register()).statusCode).toBe(201);
        expect((await register()).statusCode).toBe(201);
        const third = await register();
        expect(third.statusCode).toBe(429);
        expect(Number(third.headers['retry-after'])).toBe(24 * 3600);
        expect(errorOf(third).message).toMatch(/Too many accounts were registered from your network today/);
        capped.clock.advance(DAY);
        expect((await register()).statusCode).toBe(201);
      } finally {
        await capped.close();
      }
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same whether or not the account exists; only the owner learns there is none', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      const nobody = uniqueEmail('nobody');
      const known = await post('/auth/password-reset/request', { account: member.email });
      const unknown = await post('/auth/password-reset/request', { account: nobody });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual(unknown.json());
      expect((await latestMessageTo(t, member.email!)).kind).toBe('password_reset_code');
      expect((await latestMessageTo(t, nobody)).kind).toBe('password_reset_no_account');
      // A reset attempt for the unknown account fails exactly like a wrong code.
      const wrongKnown = await post('/auth/password-reset', { account: member.email, code: '000000', password: 'a-new-password-1' });
      const wrongUnknown = await post('/auth/password-reset', { account: nobody, code: '000000', password: 'a-new-password-1' });
      const realCode = await latestCodeTo(t, member.email!);
      if (realCode !== '000000') expect(wrongKnown.json()).toEqual(wrongUnknown.json());
    });

    it('resets with the code, ends every session, and the new password signs in', async () => {
      const member = await registerMember(t);
      const other = sessionCookieFrom(
        (await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).headers['set-cookie'],
      );
      t.clock.advance(60_000);
      await post('/auth/password-reset/request', { account: member.email });
      const code = await latestCodeTo(t, member.email!, 'password_reset_code');
      const common = await post('/auth/password-reset', { account: member.email, code, password: 'password1' });
      expect(errorOf(common).fields?.password).toMatch(/too common/);
      const reset = await post('/auth/password-reset', { account: member.email, code, password: 'a-brand-new-secret' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await get('/me', member.cookie)).statusCode).toBe(401);
      expect((await get('/me', other)).statusCode).toBe(401);
      expect((await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).statusCode).toBe(401);
      expect((await post('/auth/sign-in', { account: member.email, password: 'a-brand-new-secret' })).statusCode).toBe(200);
      const again = await post('/auth/password-reset', { account: member.email, code, password: 'another-new-secret' });
      expect(again.statusCode).toBe(400);
    });

    it('voids a reset code after 5 wrong tries and after 10 minutes', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      await post('/auth/password-reset/request', { account: member.email });
      const code = await latestCodeTo(t, member.email!, 'password_reset_code');
      const wrong = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++)
        expect(
          (await post('/auth/password-reset', { account: member.email, code: wrong, password: 'a-brand-new-secret' })).statusCode,
        ).toBe(400);
      expect((await post('/auth/password-reset', { account: member.email, code, password: 'a-brand-new-secret' })).statusCode).toBe(400);

      t.clock.advance(60_000);
      await post('/auth/password-reset/request', { account: member.email });
      const fresh = await latestCodeTo(t, member.email!, 'password_reset_code');
      t.clock.advance(10 * 60_000);
      expect((await post('/auth/password-reset', { account: member.email, code: fresh, password: 'a-brand-new-secret' })).statusCode).toBe(
        400,
      );
      expect((await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('change password', () => {
    it('signed in: checks the current password, keeps this session and ends the others', async () => {
      const member = await registerMember(t);
      const other = sessionCookieFrom(
        (await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).headers['set-cookie'],
      );
      const wrong = await post(
        '/auth/password',
        { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret' },
        { cookie: member.cookie },
      );
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong).fields?.currentPassword).toBe('This is not your current password.');
      const common = await post('/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'qwertyuiop' }, { cookie: member.cookie });
      expect(errorOf(common).fields?.newPassword).toMatch(/too common/);
      const long = await post(
        '/auth/password',
        { currentPassword: TEST_PASSWORD, newPassword: 'z'.repeat(129) },
        { cookie: member.cookie },
      );
      expect(errorOf(long).fields?.newPassword).toMatch(/at most 128/);
      const ok = await post(
        '/auth/password',
        { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' },
        { cookie: member.cookie },
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await get('/me', member.cookie)).statusCode).toBe(200);
      expect((await get('/me', other)).statusCode).toBe(401);
      expect((await post('/auth/sign-in', { account: member.email, password: 'a-brand-new-secret' })).statusCode).toBe(200);
    });

    it('signed out: asks for the account too and ends every session', async () => {
      const member = await registerMember(t);
      const missing = await post('/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' });
      expect(errorOf(missing).fields?.account).toBeTruthy();
      const unknown = await post('/auth/password', {
        account: uniqueEmail('nobody'),
        currentPassword: TEST_PASSWORD,
        newPassword: 'a-brand-new-secret',
      });
      const wrong = await post('/auth/password', {
        account: member.email,
        currentPassword: 'not-my-password',
        newPassword: 'a-brand-new-secret',
      });
      expect(unknown.json()).toEqual(wrong.json());
      const ok = await post('/auth/password', { account: member.email, currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' });
      expect(ok.statusCode).toBe(200);
      expect((await get('/me', member.cookie)).statusCode).toBe(401);
    });
  });

  describe('sign-in links', () => {
    async function requestLink(account: string, redirect?: string) {
      const response = await post('/auth/sign-in-link/request', { account, ...(redirect ? { redirect } : {}) });
      expect(response.statusCode, response.body).toBe(202);
      const message = await latestMessageTo(t, account);
      const url = /(http\S+\/auto_way\?\S+)/.exec(message.body)?.[1];
      return { response, message, url: url ? new URL(url) : undefined };
    }

    it('sends a single-use link that signs in and returns to a safe redirect', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      const { url } = await requestLink(member.email!, '/plan/abc?x=1');
      expect(url?.pathname).toBe('/auto_way');
      expect(url?.origin).toBe('http://localhost:3000');
      const token = url!.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url!.searchParams.get('redirect')).toBe('/plan/abc?x=1');
      const consumed = await post('/auth/sign-in-link', { token });
      expect(consumed.statusCode, consumed.body).toBe(200);
      expect(consumed.json()).toMatchObject({ user: { id: member.userId }, redirect: '/plan/abc?x=1' });
      expect((await get('/me', sessionCookieFrom(consumed.headers['set-cookie']))).statusCode).toBe(200);
      const reused = await post('/auth/sign-in-link', { token });
      expect(reused.statusCode).toBe(400);
      expect(errorOf(reused).code).toBe('LINK_USED');
    });

    it('says why a link does not work: unknown, expired; and never redirects off-site', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      const { url } = await requestLink(member.email!, '//evil.example/x');
      expect(url!.searchParams.get('redirect')).toBeNull();
      // Dot segments that resolve to //evil.example are caught before the link is issued.
      const other = await registerMember(t);
      t.clock.advance(60_000);
      const dotted = await requestLink(other.email!, '/..//evil.example/x');
      expect(dotted.url!.searchParams.get('redirect')).toBeNull();
      const unknown = await post('/auth/sign-in-link', { token: 'x'.repeat(43) });
      expect(errorOf(unknown).code).toBe('LINK_INVALID');
      t.clock.advance(15 * 60_000);
      const expired = await post('/auth/sign-in-link', { token: url!.searchParams.get('token')! });
      expect(errorOf(expired).code).toBe('LINK_EXPIRED');
      expect(errorOf(expired).message).toMatch(/expired/);
    });

    it('also carries a 6-digit code that signs in once; using either the code or the link retires the other', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      const { message, url } = await requestLink(member.email!);
      const code = /enter this code on the sign-in page: (\d{6})/.exec(message.body)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      const wrongCode = await post('/auth/sign-in-code', { account: member.email, code: wrong });
      const unknownAccount = await post('/auth/sign-in-code', { account: uniqueEmail('nobody'), code: wrong });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json()).toEqual(unknownAccount.json());
      const signedIn = await post('/auth/sign-in-code', { account: member.email, code });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().user.id).toBe(member.userId);
      expect((await post('/auth/sign-in-code', { account: member.email, code })).statusCode).toBe(400);
      const link = await post('/auth/sign-in-link', { token: url!.searchParams.get('token')! });
      expect(errorOf(link).code).toBe('LINK_USED');

      t.clock.advance(60_000);
      const second = await requestLink(member.email!);
      const secondCode = /enter this code on the sign-in page: (\d{6})/.exec(second.message.body)![1]!;
      expect((await post('/auth/sign-in-link', { token: second.url!.searchParams.get('token')! })).statusCode).toBe(200);
      expect((await post('/auth/sign-in-code', { account: member.email, code: secondCode })).statusCode).toBe(400);
    });

    it('answers the same for an unknown account', async () => {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      const known = await requestLink(member.email!);
      const nobody = await requestLink(uniqueEmail('nobody'));
      expect(known.response.json()).toEqual(nobody.response.json());
      expect(nobody.url).toBeUndefined();
      expect(nobody.message.kind).toBe('sign_in_link_no_account');
    });

    it('lets an operator issue a link for a member, audited; a member cannot', async () => {
      const operator = await signInOperator(t);
      const member = await registerMember(t);
      const asMember = await post(
        `/admin/members/${member.userId}/sign-in-links`,
        { reason: 'support ticket 42' },
        { cookie: member.cookie },
      );
      expect(asMember.statusCode).toBe(403);
      const issued = await post(
        `/admin/members/${member.userId}/sign-in-links`,
        { reason: 'support ticket 42' },
        { cookie: operator.cookie },
      );
      expect(issued.statusCode, issued.body).toBe(201);
      const token = new URL(issued.json().url).searchParams.get('token')!;
      const consumed = await post('/auth/sign-in-link', { token });
      expect(consumed.json().user.id).toBe(member.userId);
      const [entry] = await t.database.handle.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in_link.issued'));
      expect(entry).toMatchObject({
        actorId: operator.userId,
        subjectId: member.userId,
        detail: expect.objectContaining({ reason: 'support ticket 42' }),
      });
      const missing = await post(
        `/admin/members/00000000-0000-4000-8000-000000000000/sign-in-links`,
        { reason: 'x y z' },
        { cookie: operator.cookie },
      );
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('operator console', () => {
    it('refuses members on every /admin route with 403 and visitors with 401', async () => {
      const member = await registerMember(t);
      for (const url of ['/admin/members', `/admin/members/${member.userId}`, '/admin/outbox', '/admin/audit-log']) {
        expect((await get(url, member.cookie)).statusCode, url).toBe(403);
        expect((await get(url)).statusCode, url).toBe(401);
      }
      const promote = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/members/${member.userId}/role`,
        headers: { cookie: member.cookie },
        payload: { role: 'operator', reason: 'me me me' },
      });
      expect(promote.statusCode).toBe(403);
    });

    it('searches members, shows one with its referrer, and pages', async () => {
      const operator = await signInOperator(t);
      const referrer = await registerMember(t, { displayName: 'Findable Referrer' });
      const member = await registerMember(t, { displayName: 'Findable Person', inviteCode: referrer.inviteCode });
      const byName = await get('/admin/members?q=findable%20person', operator.cookie);
      expect(byName.statusCode).toBe(200);
      expect(byName.json().items.map((item: { id: string }) => item.id)).toEqual([member.userId]);
      const byCode = await get(`/admin/members?q=${member.inviteCode.toLowerCase()}`, operator.cookie);
      expect(byCode.json().items[0].id).toBe(member.userId);
      const wildcard = await get('/admin/members?q=%25', operator.cookie);
      expect(wildcard.json().total).toBe(0);
      const page = await get('/admin/members?limit=1&offset=0', operator.cookie);
      expect(page.json().items).toHaveLength(1);
      expect(page.json().total).toBeGreaterThan(2);
      const bad = await get('/admin/members?limit=1000', operator.cookie);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).fields?.limit).toBe('Use a whole number from 1 to 100.');
      const detail = await get(`/admin/members/${member.userId}`, operator.cookie);
      expect(detail.json()).toMatchObject({
        member: { id: member.userId, status: 'active' },
        referrer: { id: referrer.userId },
        activeSessionCount: 1,
      });
    });

    it('shows the outbox with each message and its status', async () => {
      const operator = await signInOperator(t);
      const email = uniqueEmail();
      await startRegistration({ email });
      await t.app.outbox.drain();
      const list = await get(`/admin/outbox?destination=${encodeURIComponent(email)}`, operator.cookie);
      expect(list.statusCode).toBe(200);
      const [message] = list.json().items;
      expect(message).toMatchObject({ kind: 'register_code', channel: 'email', destination: email, status: 'logged' });
      // Outside development the code itself is blanked (outbox-secrets.test.ts has who sees it where).
      expect(message.body).not.toMatch(/\b\d{6}\b/);
      expect(message.body).toContain('••••••');
    });

    it('changes roles and freezes accounts with a reason, all in the audit log', async () => {
      const operator = await signInOperator(t);
      const member = await registerMember(t);
      const put = (url: string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: { cookie: operator.cookie }, payload });
      const promoted = await put(`/admin/members/${member.userId}/role`, { role: 'operator', reason: 'new support hire' });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json().role).toBe('operator');
      // A console role proves its second factor before the console answers (console-second-factor.test.ts).
      expect(errorOf(await get('/admin/members', member.cookie)).code).toBe('SECOND_FACTOR_REQUIRED');
      await proveSecondFactor(t, member.userId, member.cookie);
      expect((await get('/admin/members', member.cookie)).statusCode).toBe(200);
      expect((await put(`/admin/members/${operator.userId}/role`, { role: 'member', reason: 'oops' })).statusCode).toBe(409);
      const demoted = await put(`/admin/members/${member.userId}/role`, { role: 'member', reason: 'left the team' });
      expect(demoted.json().role).toBe('member');
      expect((await get('/admin/members', member.cookie)).statusCode).toBe(403);

      // Support reaches members, but cannot give roles, nor sign in as anyone with console access.
      const support = await registerMember(t);
      expect((await put(`/admin/members/${support.userId}/role`, { role: 'support', reason: 'support desk' })).statusCode).toBe(200);
      await proveSecondFactor(t, support.userId, support.cookie);
      expect((await get('/admin/members', support.cookie)).statusCode).toBe(200);
      const escalate = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/members/${support.userId}/role`,
        headers: { cookie: support.cookie },
        payload: { role: 'operator', reason: 'promote myself' },
      });
      expect(escalate.statusCode).toBe(403);
      const linkForOperator = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/members/${operator.userId}/sign-in-links`,
        headers: { cookie: support.cookie },
        payload: { reason: 'take over the operator' },
      });
      expect(linkForOperator.statusCode).toBe(403);
      expect(errorOf(linkForOperator).message).toBe('Sign-in links cannot be issued for someone with console access.');

      const frozen = await put(`/admin/members/${member.userId}/status`, { status: 'frozen', reason: 'chargeback investigation' });
      expect(frozen.json().status).toBe('frozen');
      expect((await get('/me', member.cookie)).statusCode).toBe(401);
      const signIn = await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD });
      expect(signIn.statusCode).toBe(403);
      expect(errorOf(signIn).code).toBe('ACCOUNT_FROZEN');
      await put(`/admin/members/${member.userId}/status`, { status: 'active', reason: 'cleared' });
      expect((await post('/auth/sign-in', { account: member.email, password: TEST_PASSWORD })).statusCode).toBe(200);

      const log = await get(`/admin/audit-log?subjectId=${member.userId}&limit=100`, operator.cookie);
      const actions = (log.json().items as Array<{ action: string }>).map((item) => item.action);
      expect(actions).toEqual(
        expect.arrayContaining(['account.registered', 'sign_in.succeeded', 'role.changed', 'member.frozen', 'member.unfrozen']),
      );
      const roleChanges = await get(`/admin/audit-log?action=role.changed&subjectId=${member.userId}`, operator.cookie);
      expect(roleChanges.json().items[0]).toMatchObject({
        actorId: operator.userId,
        actorName: 'Test Operator',
        detail: { from: 'operator', to: 'member', reason: 'left the team' },
      });
    });

    it('records sign-ins, failures and password changes in the audit log', async () => {
      const operator = await signInOperator(t);
      const member = await registerMember(t);
      await post('/auth/sign-in', { account: member.email, password: 'wrong-password' });
      await post('/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' }, { cookie: member.cookie });
      const log = await get(`/admin/audit-log?subjectId=${member.userId}&limit=100`, operator.cookie);
      const actions = (log.json().items as Array<{ action: string }>).map((item) => item.action);
      expect(actions).toEqual(expect.arrayContaining(['sign_in.succeeded', 'sign_in.failed', 'password.changed']));
      const failures = await get('/admin/audit-log?action=sign_in', operator.cookie);
      expect((failures.json().items as Array<{ action: string }>).every((item) => item.action.startsWith('sign_in.'))).toBe(true);
    });
  });

  describe('concurrency and hostile input', () => {
    it('completes a registration once when the code is sent twice at the same time', async () => {
      const email = uniqueEmail();
      const sent = await startRegistration({ email });
      const code = await latestCodeTo(t, email);
      const results = await Promise.all(
        Array.from({ length: 4 }, () => post('/auth/verify', { verificationId: sent.verificationId, code })),
      );
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400]);
      expect(await t.database.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });

    it('signs in once with a link used by several tabs at the same time', async () => {
      const member = await registerMember(t);
      const operator = await signInOperator(t);
      const issued = await post(`/admin/members/${member.userId}/sign-in-links`, { reason: 'race test' }, { cookie: operator.cookie });
      const token = new URL(issued.json().url).searchParams.get('token')!;
      const results = await Promise.all(Array.from({ length: 5 }, () => post('/auth/sign-in-link', { token })));
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    });

    it('lets no more than 5 guesses through when they arrive all at once', async () => {
      const member = await registerMember(t);
      const results = await Promise.all(
        Array.from({ length: 12 }, () => post('/auth/sign-in', { account: member.email, password: 'wrong-password' })),
      );
      const codes = results.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 401)).toHaveLength(5);
      expect(codes.filter((code) => code === 429)).toHaveLength(7);
    });

    it('answers control characters and odd input with 4xx, never 5xx', async () => {
      const operator = await signInOperator(t);
      const bodies: Array<[string, unknown]> = [
        ['/auth/sign-in', { account: 'a\u0000b@example.com', password: 'x' }],
        ['/auth/sign-in', { account: 'a@b.c', password: 'x'.repeat(100_000) }],
        ['/auth/sign-in', { account: ['a@b.c'], password: 1 }],
        ['/auth/register', { email: 'x\u0000@example.com', displayName: 'A\u0000', ...ACCEPTED_TERMS, password: TEST_PASSWORD }],
        ['/auth/register', { phone: '+1\u0000555', displayName: 'A', ...ACCEPTED_TERMS, password: TEST_PASSWORD }],
        ['/auth/password-reset/request', { account: '+' }],
        ['/auth/sign-in-link', { token: '\u0000' }],
        ['/auth/sign-in-link/request', { account: 'a@b.co', redirect: '/\u0000' }],
        ['/auth/verify', { verificationId: '00000000-0000-4000-8000-000000000000', code: '１２３４５６' }],
        ['/auth/sign-in', null],
        ['/auth/sign-in', 'just a string'],
      ];
      for (const [url, payload] of bodies) {
        const response = await post(url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBeLessThan(500);
      }
      for (const url of [
        '/admin/members?q=%00',
        '/admin/outbox?destination=%00',
        '/admin/audit-log?action=%00&subjectId=%00',
        '/admin/members/not-a-uuid',
        '/admin/members?limit=abc',
      ]) {
        const response = await get(url, operator.cookie);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.statusCode, url).not.toBe(200);
      }
    });
  });

  it('lists every accounts operationId in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(ids).toEqual(
      expect.arrayContaining([
        'register',
        'verifyCode',
        'resendCode',
        'signIn',
        'signOut',
        'getMe',
        'updateMe',
        'requestPasswordReset',
        'resetPassword',
        'changePassword',
        'requestSignInLink',
        'consumeSignInLink',
        'listSessions',
        'revokeOtherSessions',
        'listMembers',
        'getMember',
        'listOutbox',
        'listAuditLog',
        'issueSignInLink',
        'signInWithCode',
        'getAuthOptions',
        'setMemberRole',
        'setMemberStatus',
      ]),
    );
    const getMe = document.paths['/api/v1/me']!.get as { security?: unknown };
    expect(getMe.security).toEqual([{ session: [] }]);
  });
});

describe.each(DATABASE_KINDS)('accounts with special configuration on %s', (kind) => {
  // Builds its own app: slower than the shared one on a busy machine.
  it('requires an invite code when REQUIRE_INVITE=true', { timeout: 120_000 }, async () => {
    const t = await createTestApp(kind, { REQUIRE_INVITE: 'true', OUTBOX_POLL_MS: '0' });
    try {
      const options = await t.app.inject({ method: 'GET', url: '/api/v1/auth/options' });
      expect(options.json().requireInvite).toBe(true);
      const without = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: uniqueEmail(), displayName: 'X', ...ACCEPTED_TERMS, password: TEST_PASSWORD },
      });
      expect(without.statusCode).toBe(400);
      expect(errorOf(without).fields?.inviteCode).toMatch(/invite code is required/);
      const operator = await signInOperator(t);
      const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: operator.cookie } })).json();
      const member = await registerMember(t, { inviteCode: me.inviteCode });
      expect(member.userId).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  // Builds its own app: slower than the shared one on a busy machine.
  it('names the cookie __Host-orchard_session and marks it Secure over HTTPS', { timeout: 120_000 }, async () => {
    const t = await createTestApp(kind, { TRUST_PROXY: '1', OUTBOX_POLL_MS: '0' });
    try {
      const member = await registerMember(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': randomIp() },
        payload: { account: member.email, password: TEST_PASSWORD },
      });
      const setCookie = sessionSetCookieFrom(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-orchard_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
      const cookie = setCookie.split(';')[0]!;
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie, 'x-forwarded-proto': 'https' } });
      expect(me.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  // Builds its own app: slower than the shared one on a busy machine.
  it('puts PUBLIC_URL into sign-in links instead of the request host', { timeout: 120_000 }, async () => {
    const t = await createTestApp(kind, { PUBLIC_URL: 'https://orchard.example', OUTBOX_POLL_MS: '0' });
    try {
      const member = await registerMember(t);
      t.clock.advance(60_000);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link/request',
        headers: { host: 'evil.example' },
        payload: { account: member.email },
      });
      const message = await latestMessageTo(t, member.email!);
      expect(message.body).toContain('https://orchard.example/auto_way?token=');
      expect(message.body).not.toContain('evil.example');
    } finally {
      await t.close();
    }
  });
});
