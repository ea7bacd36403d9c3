import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { linkOrigin } from '../src/modules/accounts/origin';
import { CHALLENGE_MS, CHALLENGES_PER_SESSION, relyingPartyOf } from '../src/modules/accounts/passkeys';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, signInOperator, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';
import { REMOVED_BANK_ACCOUNTS_KEPT } from '../src/modules/withdrawals/bank-accounts';
import {
  asMember,
  asOperator,
  buy,
  createCoupon,
  createPlan,
  fund,
  plansWorld,
  quickMember,
  scalar,
  type PlansWorld,
} from './plans/helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Everything a member (or a visitor) can make the server store is bounded: each test floods one
 * kind of row and checks the flood stops at its bound with a clear 4xx, and that what stays within
 * it still works. The concurrent forms of the caps are in member-bounds-races.test.ts.
 */

const code = (response: { body: string }) => apiErrorSchema.parse(JSON.parse(response.body)).error.code;

describe.each(DATABASE_KINDS)('passkey challenges are bounded (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const count = (where: ReturnType<typeof sql>) =>
    scalar(t.database.handle.db, sql`select count(*)::int as n from webauthn_challenges where ${where}`);

  it('an address that keeps asking for sign-in options is refused with 429 and Retry-After, and stores no more than its budget', async () => {
    const address = randomIp();
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await t.app.inject({ method: 'POST', url: '/api/v1/auth/passkey/options', remoteAddress: address }));
    }
    const granted = answers.filter((answer) => answer.statusCode === 200).length;
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(granted + refused.length).toBe(40);
    expect(refused.length).toBeGreaterThan(0);
    expect(code(refused[0]!)).toBe('RATE_LIMITED');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(sql`purpose = 'sign_in'`)).toBe(granted);
    expect(granted).toBeLessThanOrEqual(30);
    // Another address is not held back by this one.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/passkey/options', remoteAddress: randomIp() })).statusCode).toBe(200);
  });

  it('expired challenges are swept by the next one issued', async () => {
    expect(await count(sql`true`)).toBeGreaterThan(1);
    t.clock.advance(CHALLENGE_MS + 1_000);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/passkey/options', remoteAddress: randomIp() })).statusCode).toBe(200);
    expect(await count(sql`true`)).toBe(1);
  });

  it('a session keeps only its newest few registration challenges, and the newest still works', async () => {
    const member = await registerMember(t);
    const post = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie: member.cookie }, payload });
    expect((await post('/me/step-up', { password: TEST_PASSWORD })).statusCode).toBe(200);
    const issued: Array<{ challengeId: string; options: Record<string, unknown> }> = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1);
      const response = await post('/me/passkeys/options');
      expect(response.statusCode, response.body).toBe(200);
      issued.push(response.json() as { challengeId: string; options: Record<string, unknown> });
    }
    expect(await count(sql`user_id = ${member.userId}`)).toBe(CHALLENGES_PER_SESSION);
    const kept = await t.database.handle.db.execute(sql`select id from webauthn_challenges where user_id = ${member.userId}`);
    expect((kept as unknown as { rows: { id: string }[] }).rows.map((row) => row.id).sort()).toEqual(
      issued
        .slice(-CHALLENGES_PER_SESSION)
        .map((item) => item.challengeId)
        .sort(),
    );
    const device = new SoftAuthenticator(relyingPartyOf(linkOrigin(t.config)).origins[0]!);
    const oldest = issued[0]!;
    const dropped = await post('/me/passkeys', { challengeId: oldest.challengeId, credential: device.create(oldest.options) });
    expect([dropped.statusCode, code(dropped)]).toEqual([400, 'PASSKEY_CHALLENGE_EXPIRED']);
    const newest = issued.at(-1)!;
    const added = await post('/me/passkeys', { challengeId: newest.challengeId, credential: device.create(newest.options) });
    expect(added.statusCode, added.body).toBe(201);
  });
});

describe.each(DATABASE_KINDS)('what a member keeps in the payout queue and the bank-account list is bounded (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const as = (who: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const addAccount = async (who: { cookie: string }, number: string, country = 'US') => {
    const response = await as(who, 'POST', '/me/bank-accounts', { holderName: 'Ana', bankName: 'Bank', country, number });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const accountRows = (userId: string) =>
    scalar(t.database.handle.db, sql`select count(*)::int as n from bank_accounts where user_id = ${userId}`);

  it(`holds at most WITHDRAWALS_MAX_PENDING pending withdrawals per member; a retry of one made still answers, a cancelled one makes room`, async () => {
    const max = t.config.WITHDRAWALS_MAX_PENDING;
    const member = await quickMember(t);
    await fund(w, member.userId, 1_000_000);
    const accountId = await addAccount(member, '000123456789');
    await t.database.handle.db.execute(
      sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - 1_000)} where id = ${accountId}`,
    );
    await t.database.handle.db.execute(
      sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 3_600_000)} where user_id = ${member.userId}`,
    );
    const keys: string[] = [];
    const request = (key: string = randomUUID()) => as(member, 'POST', '/withdrawals', { bankAccountId: accountId, amount: 1_101 }, key);
    for (let i = 0; i < max; i++) {
      keys.push(randomUUID());
      const made = await request(keys[i]);
      expect(made.statusCode, made.body).toBe(201);
    }
    const before = (await as(member, 'GET', '/wallet')).json() as { available: number; onHold: number };
    for (let i = 0; i < 20; i++) {
      const refused = await request();
      expect([refused.statusCode, code(refused)]).toEqual([409, 'TOO_MANY_PENDING_WITHDRAWALS']);
      expect(apiErrorSchema.parse(refused.json()).error.message).toMatch(new RegExp(`${max} withdrawals waiting`));
    }
    expect((await as(member, 'GET', '/wallet')).json()).toEqual(before);
    expect(await scalar(t.database.handle.db, sql`select count(*)::int as n from withdrawals where user_id = ${member.userId}`)).toBe(max);
    // The same request again (a lost answer retried) gives the withdrawal back instead of refusing it.
    const retried = await request(keys[0]);
    expect(retried.statusCode, retried.body).toBe(201);
    const first = (retried.json() as { id: string }).id;
    expect(
      await scalar(t.database.handle.db, sql`select count(*)::int as n from withdrawals where id = ${first} and request_key = ${keys[0]!}`),
    ).toBe(1);
    expect((await as(member, 'POST', `/withdrawals/${first}/cancel`)).statusCode).toBe(200);
    expect((await request()).statusCode).toBe(201);
    expect((await request()).statusCode).toBe(409);
  });

  it('adding and removing bank accounts in a loop stores no more than the live ones and a bounded few removed', async () => {
    const member = await quickMember(t);
    for (let i = 0; i < 4; i++) await addAccount(member, `00012345${String(i).padStart(4, '0')}`);
    // The same number churned: one removed row of it is kept.
    for (let i = 0; i < 12; i++) {
      const id = await addAccount(member, '999988887777');
      expect((await as(member, 'DELETE', `/me/bank-accounts/${id}`)).statusCode).toBe(204);
      t.clock.advance(1_000);
    }
    expect(await accountRows(member.userId)).toBe(4 + 1);
    // Ever new numbers: the newest REMOVED_BANK_ACCOUNTS_KEPT removed ones are kept.
    const made = REMOVED_BANK_ACCOUNTS_KEPT + 4;
    for (let i = 0; i < made; i++) {
      const id = await addAccount(member, `5550000${String(i).padStart(5, '0')}`);
      expect((await as(member, 'DELETE', `/me/bank-accounts/${id}`)).statusCode).toBe(204);
      t.clock.advance(1_000);
    }
    expect(await accountRows(member.userId)).toBe(4 + REMOVED_BANK_ACCOUNTS_KEPT);
    const kept = await t.database.handle.db.execute(
      sql`select number from bank_accounts where user_id = ${member.userId} and removed_at is not null order by number`,
    );
    expect((kept as unknown as { rows: { number: string }[] }).rows.map((row) => row.number)).toEqual(
      Array.from(
        { length: REMOVED_BANK_ACCOUNTS_KEPT },
        (_, i) => `5550000${String(made - REMOVED_BANK_ACCOUNTS_KEPT + i).padStart(5, '0')}`,
      ),
    );
    const list = (await as(member, 'GET', '/me/bank-accounts')).json() as { items: unknown[] };
    expect(list.items).toHaveLength(4);
  });

  it('a removed account a withdrawal was made to stays, however many are removed after it', async () => {
    const member = await quickMember(t);
    await fund(w, member.userId, 100_000);
    const paidTo = await addAccount(member, '000111222333');
    await t.database.handle.db.execute(
      sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - 1_000)} where id = ${paidTo}`,
    );
    await t.database.handle.db.execute(
      sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 3_600_000)} where user_id = ${member.userId}`,
    );
    const made = await as(member, 'POST', '/withdrawals', { bankAccountId: paidTo, amount: 5_000 }, randomUUID());
    expect(made.statusCode, made.body).toBe(201);
    expect((await as(member, 'DELETE', `/me/bank-accounts/${paidTo}`)).statusCode).toBe(204);
    for (let i = 0; i < REMOVED_BANK_ACCOUNTS_KEPT + 2; i++) {
      const id = await addAccount(member, `7770000${String(i).padStart(5, '0')}`);
      expect((await as(member, 'DELETE', `/me/bank-accounts/${id}`)).statusCode).toBe(204);
      t.clock.advance(1_000);
    }
    expect(await scalar(t.database.handle.db, sql`select count(*)::int as n from bank_accounts where id = ${paidTo}`)).toBe(1);
    expect(await accountRows(member.userId)).toBe(1 + REMOVED_BANK_ACCOUNTS_KEPT);
    // The operator still pays it from its snapshot.
    const id = (made.json() as { id: string }).id;
    expect((await asOperator(w, 'POST', `/withdrawals/${id}/pay`, { payoutReference: 'PAID-1' })).statusCode).toBe(200);
  });
});

describe.each(DATABASE_KINDS)('uploads have a daily quota per uploader (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_QUOTA_MIB_PER_DAY: '3' });
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const image = (bytes: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - PNG_SIGNATURE.length, 7)]);
  const upload = (cookie: string, body: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/images', headers: { cookie, 'content-type': 'image/png' }, payload: body });
  const stored = () => scalar(t.database.handle.db, sql`select count(*)::int as n from content_images`);

  it('12 uploads of 1 MiB: the quota’s worth are stored, the rest refused with 429 and Retry-After until the day has passed', async () => {
    const results = [];
    for (let i = 0; i < 12; i++) {
      if (i > 0) t.clock.advance(60_000);
      results.push(await upload(w.operator.cookie, image(1_048_576)));
    }
    expect(results.slice(0, 3).map((result) => result.statusCode)).toEqual([201, 201, 201]);
    const refused = results.slice(3);
    expect(refused.every((result) => result.statusCode === 429 && code(result) === 'RATE_LIMITED')).toBe(true);
    expect(apiErrorSchema.parse(refused[0]!.json()).error.message).toMatch(/upload allowance/);
    // The first upload leaves the 24-hour window 24 h after it was made: the wait says so.
    const wait = Number(refused.at(-1)!.headers['retry-after']);
    expect(wait).toBe(24 * 3600 - 11 * 60);
    expect(await stored()).toBe(3);
    // Another operator has a quota of their own.
    const other = await signInOperator(t);
    expect((await upload(other.cookie, image(1_000))).statusCode).toBe(201);
    // Once the first upload has aged out, one more fits.
    t.clock.advance(wait * 1000);
    expect((await upload(w.operator.cookie, image(1_048_576))).statusCode).toBe(201);
    expect((await upload(w.operator.cookie, image(1_048_576))).statusCode).toBe(429);
  });
});

describe.each(DATABASE_KINDS)('coupon codes cannot be guessed freely (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const redeem = (who: { cookie: string }, couponCode: string, remoteAddress = '10.9.9.9') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/me/coupons/redeem',
      remoteAddress,
      headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
      payload: { code: couponCode },
    });
  const keysOf = (userId: string) =>
    scalar(t.database.handle.db, sql`select count(*)::int as n from idempotency_keys where scope = ${userId}`);
  const guess = (i: number) => `NOPE${String(i).padStart(6, '0')}`;

  it('another member’s coupon and a code nobody has get the same answer, on redeem, quote and purchase', async () => {
    const owner = await quickMember(t);
    const guesser = await quickMember(t);
    await fund(w, guesser.userId, 10_000);
    await createCoupon(w, { code: 'PERSONAL-ANA', kind: 'amount_off', value: 100, assignedMemberId: owner.userId });
    await createCoupon(w, { code: 'PERSONAL-OFF', kind: 'amount_off', value: 100, assignedMemberId: owner.userId, active: false });
    const plan = await createPlan(w, { price: 1_000 });
    const answer = (response: { statusCode: number; body: string }) => [response.statusCode, JSON.parse(response.body)];
    const nobody = answer(await redeem(guesser, 'NOBODY-HAS-IT'));
    expect(nobody[0]).toBe(422);
    expect(answer(await redeem(guesser, 'PERSONAL-ANA'))).toEqual(nobody);
    expect(answer(await redeem(guesser, 'PERSONAL-OFF'))).toEqual(nobody);
    const quote = async (couponCode: string) =>
      ((await asMember(w, guesser, 'GET', `/plans/${plan.id}/quote?coupon=${couponCode}`)).json() as { coupon: object }).coupon;
    const quoted = await quote('NOBODY-HAS-IT');
    expect(quoted).toMatchObject({ applies: false, reason: 'not_found' });
    expect({ ...(await quote('PERSONAL-ANA')), code: 'NOBODY-HAS-IT' }).toEqual(quoted);
    expect({ ...(await quote('PERSONAL-OFF')), code: 'NOBODY-HAS-IT' }).toEqual(quoted);
    const bought = answer(await buy(w, guesser, plan.id, { coupon: 'NOBODY-HAS-IT' }));
    expect(bought[0]).toBe(422);
    expect(answer(await buy(w, guesser, plan.id, { coupon: 'PERSONAL-ANA' }))).toEqual(bought);
    expect(answer(await buy(w, guesser, plan.id, { coupon: 'PERSONAL-OFF' }))).toEqual(bought);
    // Its owner still uses it.
    expect((await asMember(w, owner, 'GET', `/plans/${plan.id}/quote?coupon=PERSONAL-ANA`)).json().coupon).toMatchObject({ applies: true });
  });

  it('a member trying codes in a burst is stopped with 429 and Retry-After after a few misses; misses leave no idempotency records', async () => {
    const guesser = await quickMember(t);
    await createCoupon(w, { code: 'WELCOME-CREDIT', kind: 'wallet_credit', value: 500 });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => redeem(guesser, guess(i), randomIp())));
    const missed = answers.filter((answer) => answer.statusCode === 422);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(missed.length + limited.length).toBe(60);
    expect(missed.length).toBeLessThanOrEqual(10);
    expect(limited.length).toBeGreaterThanOrEqual(50);
    expect(code(limited[0]!)).toBe('RATE_LIMITED');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await keysOf(guesser.userId)).toBe(0);
    // Past the budget a real code waits too (what guessing costs is the wait), on every way in.
    expect((await redeem(guesser, 'WELCOME-CREDIT', randomIp())).statusCode).toBe(429);
    const plan = await createPlan(w, { price: 1_000 });
    expect((await asMember(w, guesser, 'GET', `/plans/${plan.id}/quote?coupon=${guess(99)}`)).statusCode).toBe(429);
    expect((await asMember(w, guesser, 'GET', `/plans/${plan.id}/quote`)).statusCode).toBe(200);
    expect((await buy(w, guesser, plan.id, { coupon: guess(98) })).statusCode).toBe(429);
    // The window ends: the real code works.
    t.clock.advance(15 * 60_000 + 1_000);
    const credited = await redeem(guesser, 'WELCOME-CREDIT', randomIp());
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json()).toMatchObject({ outcome: 'credited', amount: 500 });
  });

  it('many members trying codes from one address share that address’s budget', async () => {
    const address = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const member = await quickMember(t);
      for (let j = 0; j < 5; j++) statuses.push((await redeem(member, guess(100 + i * 5 + j), address)).statusCode);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // Another address is not held back.
    expect((await redeem(await quickMember(t), guess(999), randomIp())).statusCode).toBe(422);
  });
});
