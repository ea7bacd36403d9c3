import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { linkOrigin } from '../src/modules/accounts/origin';
import { relyingPartyOf } from '../src/modules/accounts/passkeys';
import { createTestApp, type TestApp } from './app';
import { registerMember, sessionCookieFrom, TEST_PASSWORD, type RegisteredMember } from './auth';
import { DATABASE_KINDS } from './database';
import { asOperator, plansWorld, scalar, type PlansWorld } from './plans/helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Passkeys (issue: reach): added only after the password is entered again, used to sign in and as
 * the step-up before a withdrawal; every answer checked against a challenge used once, the
 * members' origin and the member's own passkeys.
 */

type Options = { challengeId: string; options: Record<string, unknown> };

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let ana: RegisteredMember;
  let ben: RegisteredMember;
  let origin: string;
  let device: SoftAuthenticator;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    ana = await registerMember(t);
    ben = await registerMember(t);
    origin = relyingPartyOf(linkOrigin(t.config)).origins[0]!;
    device = new SoftAuthenticator(origin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object = {}, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: cookie ? { cookie } : {}, payload });
  const code = (response: { body: string }) => apiErrorSchema.parse(JSON.parse(response.body)).error.code;

  async function addPasskey(member: RegisteredMember, authenticator = device) {
    expect((await post('/me/step-up', { password: TEST_PASSWORD }, member.cookie)).statusCode).toBe(200);
    const started = await post('/me/passkeys/options', {}, member.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const { challengeId, options } = started.json() as Options;
    return post('/me/passkeys', { challengeId, credential: authenticator.create(options), name: 'My phone' }, member.cookie);
  }

  it('adds a passkey only after the password is entered again, and lists it', async () => {
    const early = await post('/me/passkeys/options', {}, ana.cookie);
    expect([early.statusCode, code(early)]).toEqual([403, 'STEP_UP_REQUIRED']);
    const added = await addPasskey(ana);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'My phone', synced: false, lastUsedAt: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/me/passkeys', headers: { cookie: ana.cookie } });
    expect((list.json() as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([(added.json() as { id: string }).id]);
    expect(
      await scalar(
        t.database.handle.db,
        sql`select count(*) as n from audit_log where action = 'passkey.added' and actor_id = ${ana.userId}`,
      ),
    ).toBe(1);
  });

  it('refuses an answer to someone else’s challenge, a challenge used twice, or one from another origin', async () => {
    await post('/me/step-up', { password: TEST_PASSWORD }, ana.cookie);
    const anas = (await post('/me/passkeys/options', {}, ana.cookie)).json() as Options;
    // Ben answers Ana's challenge with his session: not his challenge.
    await post('/me/step-up', { password: TEST_PASSWORD }, ben.cookie);
    const other = new SoftAuthenticator(origin);
    const stolen = await post('/me/passkeys', { challengeId: anas.challengeId, credential: other.create(anas.options) }, ben.cookie);
    expect([stolen.statusCode, code(stolen)]).toEqual([400, 'PASSKEY_CHALLENGE_EXPIRED']);
    // A phishing page's origin.
    const evil = new SoftAuthenticator('https://orchard.evil.example');
    const phished = await post('/me/passkeys', { challengeId: anas.challengeId, credential: evil.create(anas.options) }, ana.cookie);
    expect([phished.statusCode, code(phished)]).toEqual([400, 'PASSKEY_FAILED']);
    // That try used the challenge up.
    const again = await post('/me/passkeys', { challengeId: anas.challengeId, credential: other.create(anas.options) }, ana.cookie);
    expect(code(again)).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await scalar(t.database.handle.db, sql`select count(*) as n from passkeys where user_id = ${ana.userId}`)).toBe(1);
  });

  it('signs in with the passkey, once per challenge, and not with a forged or unknown one', async () => {
    const start = async () => (await post('/auth/passkey/options')).json() as Options;
    const first = await start();
    const signedIn = await post('/auth/passkey', { challengeId: first.challengeId, credential: device.get(first.options) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as { user: { id: string } }).user.id).toBe(ana.userId);
    const cookie = sessionCookieFrom(signedIn.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect((me.json() as { id: string }).id).toBe(ana.userId);
    const replay = await post('/auth/passkey', { challengeId: first.challengeId, credential: device.get(first.options) });
    expect([replay.statusCode, code(replay)]).toEqual([400, 'PASSKEY_CHALLENGE_EXPIRED']);

    const second = await start();
    const answer = device.get(second.options);
    const forged = { ...answer, response: { ...answer.response, signature: answer.response.signature.replace(/^.{8}/, 'AAAAAAAA') } };
    expect(code(await post('/auth/passkey', { challengeId: second.challengeId, credential: forged }))).toBe('PASSKEY_FAILED');

    const third = await start();
    const stranger = new SoftAuthenticator(origin);
    stranger.create({ rp: { id: third.options.rpId }, user: { id: 'nobody' }, challenge: 'x' });
    const unknown = await post('/auth/passkey', { challengeId: third.challengeId, credential: stranger.get(third.options) });
    expect([unknown.statusCode, code(unknown)]).toEqual([401, 'PASSKEY_FAILED']);

    // An answer after the challenge's five minutes.
    const late = await start();
    t.clock.advance(6 * 60_000);
    expect(code(await post('/auth/passkey', { challengeId: late.challengeId, credential: device.get(late.options) }))).toBe(
      'PASSKEY_CHALLENGE_EXPIRED',
    );
    expect(
      await scalar(
        t.database.handle.db,
        sql`select count(*) as n from audit_log where action = 'sign_in.succeeded' and detail->>'method' = 'passkey' and actor_id = ${ana.userId}`,
      ),
    ).toBe(1);
  });

  it('confirms a withdrawal with the passkey instead of the password, only with the member’s own', async () => {
    const session = await post('/auth/sign-in', { account: ana.email, password: TEST_PASSWORD });
    const cookie = sessionCookieFrom(session.headers['set-cookie']);
    const steppedUp = async () =>
      scalar(
        t.database.handle.db,
        sql`select count(*) as n from sessions where user_id = ${ana.userId} and revoked_at is null and step_up_until > ${t.clock.now()}`,
      );
    const before = await steppedUp();
    const options = (await post('/me/step-up/passkey/options', {}, cookie)).json() as Options;
    expect((options.options.allowCredentials as unknown[]).length).toBe(1);
    // Ben cannot use Ana's passkey to confirm his own withdrawals.
    const bens = (await post('/me/step-up/passkey/options', {}, ben.cookie)).statusCode;
    expect(bens).toBe(404);
    const done = await post('/me/step-up/passkey', { challengeId: options.challengeId, credential: device.get(options.options) }, cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(await steppedUp()).toBe(before + 1);
  });

  it('lets a member remove only their own passkeys, and a frozen member not sign in with one', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/me/passkeys', headers: { cookie: ana.cookie } })).json() as {
      items: { id: string }[];
    };
    const id = list.items[0]!.id;
    const bens = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/passkeys/${id}`, headers: { cookie: ben.cookie } });
    expect(bens.statusCode).toBe(404);

    const frozen = await asOperator(w, 'PUT', `/members/${ana.userId}/status`, { status: 'frozen', reason: 'passkey test' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const options = (await post('/auth/passkey/options')).json() as Options;
    const refused = await post('/auth/passkey', { challengeId: options.challengeId, credential: device.get(options.options) });
    expect([refused.statusCode, code(refused)]).toEqual([403, 'ACCOUNT_FROZEN']);
    await asOperator(w, 'PUT', `/members/${ana.userId}/status`, { status: 'active', reason: 'cleared' });

    // Freezing ended Ana's sessions: she signs in again with the password to remove the passkey.
    const cookie = sessionCookieFrom((await post('/auth/sign-in', { account: ana.email, password: TEST_PASSWORD })).headers['set-cookie']);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/passkeys/${id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(204);
    const after = (await post('/auth/passkey/options')).json() as Options;
    expect(code(await post('/auth/passkey', { challengeId: after.challengeId, credential: device.get(after.options) }))).toBe(
      'PASSKEY_FAILED',
    );
  });
});
