import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { auditLog, consoleRecoveryCodes, consoleTotp } from '../src/db/schema/index';
import { keyringOf, openSecret } from '../src/lib/secret-box';
import { sealConsoleSecrets, totpCodeAt } from '../src/modules/accounts/index';
import { createTestApp, type TestApp } from './app';
import { proveSecondFactor, randomIp, registerMember, signInOperator, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';

/*
 * The console's second factor (issue 30): a console role's session reaches no /admin route until it
 * proved a code from its authenticator app, a recovery code or a passkey; codes are taken once and
 * guessed within a budget; console sessions end after 30 idle minutes; an operator resets another
 * console account's factor, never their own.
 */
describe.each(DATABASE_KINDS)('console second factor on %s', (kind) => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signInOperator>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CONSOLE_IDLE_MINUTES: '30', CONSOLE_STEP_UP_MINUTES: '5' });
    operator = await signInOperator(t);
  });
  afterAll(async () => t?.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, remoteAddress = '10.9.9.9') =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, remoteAddress, ...(payload ? { payload } : {}) });

  /** A member made support by the operator: a console account that has set up nothing. */
  async function newSupport(): Promise<RegisteredMember> {
    const person = await registerMember(t);
    const changed = await call(operator.cookie, 'PUT', `/admin/members/${person.userId}/role`, { role: 'support', reason: 'support desk' });
    expect(changed.statusCode).toBe(200);
    return person;
  }

  async function signIn(person: { email?: string; password: string }): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: randomIp(),
      payload: { account: person.email, password: person.password },
    });
    expect(response.statusCode).toBe(200);
    const line = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('orchard_session='));
    return line!.split(';')[0]!;
  }

  async function enrol(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await call(cookie, 'POST', '/me/second-factor/totp');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await call(cookie, 'POST', '/me/second-factor/totp/confirm', { code: totpCodeAt(secret, t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  it('refuses every console route until the session proves it, then sets up an authenticator with ten recovery codes', async () => {
    const support = await newSupport();
    const refused = await call(support.cookie, 'GET', '/admin/members');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await call(support.cookie, 'GET', '/me/second-factor')).json()).toEqual({
      required: true,
      verified: false,
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });

    const setup = await call(support.cookie, 'POST', '/me/second-factor/totp');
    const body = setup.json() as { secret: string; uri: string; qrSvgDataUrl: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(Buffer.from(body.qrSvgDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    const wrong = await call(support.cookie, 'POST', '/me/second-factor/totp/confirm', {
      code: '000000' === totpCodeAt(body.secret, t.clock.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'CODE_INVALID', fields: { code: 'That code is wrong.' } });

    const confirmed = await call(support.cookie, 'POST', '/me/second-factor/totp/confirm', {
      code: totpCodeAt(body.secret, t.clock.now()),
    });
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.database.handle.db.select().from(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, support.userId));
    expect(stored.map((row) => row.codeHash).join()).not.toContain(recoveryCodes[0]!.slice(5));
    expect((await call(support.cookie, 'GET', '/admin/members')).statusCode).toBe(200);
    expect((await call(support.cookie, 'POST', '/me/second-factor/totp')).statusCode).toBe(409);
  });

  it('takes each code once: a new session needs a code of a later step, or a recovery code, which works once', async () => {
    const support = await newSupport();
    const { secret, recoveryCodes } = await enrol(support.cookie);
    const second = await signIn(support);
    expect((await call(second, 'GET', '/admin/members')).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const replayed = await call(second, 'POST', '/me/second-factor/verify', { code: totpCodeAt(secret, t.clock.now()) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('CODE_USED');
    t.clock.advance(30_000);
    const fresh = await call(second, 'POST', '/me/second-factor/verify', { code: totpCodeAt(secret, t.clock.now()) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ verified: true, totp: true, recoveryCodesLeft: 10 });
    expect((await call(second, 'GET', '/admin/members')).statusCode).toBe(200);

    const third = await signIn(support);
    const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ');
    const recovered = await call(third, 'POST', '/me/second-factor/verify', { code: typed });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toMatchObject({ recoveryCodesLeft: 9 });
    const fourth = await signIn(support);
    expect((await call(fourth, 'POST', '/me/second-factor/verify', { code: recoveryCodes[3]! })).statusCode).toBe(400);
    const methods = await t.database.handle.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, support.userId), eq(auditLog.action, 'second_factor.verified')));
    expect(methods.map((row) => (row.detail as { method: string }).method).sort()).toEqual(['recovery_code', 'totp']);
  });

  it('counts wrong codes against a budget per account: the sixth guess in 15 minutes is refused with Retry-After', async () => {
    const support = await newSupport();
    const { secret } = await enrol(support.cookie);
    const other = await signIn(support);
    const right = totpCodeAt(secret, new Date(t.clock.now().getTime() + 60_000));
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let guess = 0; guess < 5; guess++) {
      expect((await call(other, 'POST', '/me/second-factor/verify', { code: wrongCode }, randomIp())).statusCode).toBe(400);
    }
    const refused = await call(other, 'POST', '/me/second-factor/verify', { code: wrongCode }, randomIp());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(other, 'POST', '/me/second-factor/verify', { code: 'not a code' })).statusCode).toBe(400);
  });

  it('ends a console session after 30 idle minutes, while a member’s lasts', async () => {
    const member = await registerMember(t);
    const support = await newSupport();
    await enrol(support.cookie);
    expect((await call(support.cookie, 'GET', '/admin/members')).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await call(support.cookie, 'GET', '/admin/members')).statusCode).toBe(401);
    expect((await call(support.cookie, 'GET', '/me')).statusCode).toBe(401);
    expect((await call(member.cookie, 'GET', '/me')).statusCode).toBe(200);
    // The operator's own session was idle as long: it signs in again.
    operator = await signInOperator(t);
  });

  it('lets an operator reset another console account’s factor (audited, its sessions end), never their own nor a member’s', async () => {
    const support = await newSupport();
    await enrol(support.cookie);
    const reset = await call(operator.cookie, 'POST', `/admin/members/${support.userId}/second-factor/reset`, { reason: 'Lost phone' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(support.cookie, 'GET', '/me')).statusCode).toBe(401);
    const again = await signIn(support);
    expect((await call(again, 'GET', '/me/second-factor')).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0, verified: false });
    const [entry] = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, support.userId), eq(auditLog.action, 'second_factor.reset')));
    expect(entry).toMatchObject({ actorId: operator.userId, detail: { reason: 'Lost phone', totp: true, recoveryCodes: 10 } });

    const own = await call(operator.cookie, 'POST', `/admin/members/${operator.userId}/second-factor/reset`, { reason: 'Mine' });
    expect(own.statusCode).toBe(409);
    const member = await registerMember(t);
    expect(
      (await call(operator.cookie, 'POST', `/admin/members/${member.userId}/second-factor/reset`, { reason: 'Member' })).statusCode,
    ).toBe(403);
    expect((await call(operator.cookie, 'POST', `/admin/members/${support.userId}/second-factor/reset`, { reason: '' })).statusCode).toBe(
      400,
    );
    // A member has no console to guard.
    expect((await call(member.cookie, 'POST', '/me/second-factor/totp')).statusCode).toBe(403);
    const count = await t.database.handle.db.execute(sql`select count(*)::int as n from console_totp where user_id = ${member.userId}`);
    expect(count.rows[0]).toMatchObject({ n: 0 });
  });

  it('asks for the second factor again before a console money action once five minutes have passed since it was proved', async () => {
    const member = await registerMember(t);
    const own = await signInOperator(t);
    const adjust = (key = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/members/${member.userId}/adjustments`,
        headers: { cookie: own.cookie, 'idempotency-key': key },
        remoteAddress: '10.9.9.9',
        payload: { direction: 'credit', amount: 100, reason: 'Step-up test' },
      });
    t.clock.advance(5 * 60_000 - 1_000);
    const inTime = await adjust();
    expect(inTime.statusCode, inTime.body).toBeLessThan(300);
    t.clock.advance(1_000);
    const lateKey = randomUUID();
    const late = await adjust(lateKey);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: { code: 'STEP_UP_REQUIRED' } });
    // Reads and actions that move no money go on; the session itself is still proved.
    expect((await call(own.cookie, 'GET', '/admin/members')).statusCode).toBe(200);
    expect((await call(own.cookie, 'GET', '/me/second-factor')).json()).toMatchObject({ verified: true });
    await proveSecondFactor(t, own.userId, own.cookie);
    // Refused before the key was claimed: the console sends the same request again, same key, and it runs.
    const again = await adjust(lateKey);
    expect(again.statusCode, again.body).toBeLessThan(300);
  });

  it('keeps authenticator secrets sealed once SECOND_FACTOR_KEY is set, and re-seals them when the key rotates', async () => {
    const support = await newSupport();
    const { secret } = await enrol(support.cookie);
    const db = t.database.handle.db;
    const row = async () => (await db.select().from(consoleTotp).where(eq(consoleTotp.userId, support.userId)))[0]!;
    expect(await row()).toMatchObject({ secret, secretKeyId: null });

    const first = `k1:${randomBytes(32).toString('base64')}`;
    const second = `k2:${randomBytes(32).toString('base64')}`;
    expect(await sealConsoleSecrets(db, keyringOf(first))).toBeGreaterThanOrEqual(1);
    const sealed = await row();
    expect(sealed.secretKeyId).toBe('k1');
    expect(sealed.secret).not.toContain(secret);
    expect(openSecret(keyringOf(first), sealed, support.userId)).toBe(secret);
    // Bound to its row: the same ciphertext under another account's id does not open.
    expect(() => openSecret(keyringOf(first), sealed, operator.userId)).toThrow();
    expect(await sealConsoleSecrets(db, keyringOf(first))).toBe(0);

    // Rotation: the new key first, the old one still listed; the start re-seals with the new one.
    const rotated = `${second},${first}`;
    expect(await sealConsoleSecrets(db, keyringOf(rotated))).toBeGreaterThanOrEqual(1);
    expect((await row()).secretKeyId).toBe('k2');
    // A key taken out of the list too early: the start refuses rather than lock the console out.
    await expect(sealConsoleSecrets(db, keyringOf(`k3:${randomBytes(32).toString('base64')}`))).rejects.toThrow(/k2/);

    // An instance with the key signs the account in with a code from the same app.
    const sealedApp = await buildApp({
      config: testConfig({ CONSOLE_IDLE_MINUTES: '30', SECOND_FACTOR_KEY: rotated }),
      database: t.database.handle,
      clock: t.clock,
    });
    try {
      const signedIn = await sealedApp.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: randomIp(),
        payload: { account: support.email, password: support.password },
      });
      const cookie = [signedIn.headers['set-cookie']].flat().find((value) => value?.startsWith('orchard_session='))!.split(';')[0]!;
      const code = totpCodeAt(secret, new Date(t.clock.now().getTime() + 30_000));
      const verified = await sealedApp.inject({
        method: 'POST',
        url: '/api/v1/me/second-factor/verify',
        headers: { cookie },
        remoteAddress: randomIp(),
        payload: { code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    } finally {
      await sealedApp.close();
    }
  });
});
