import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@orchard/shared';
import { buildIntegrityReport } from '../src/ledger/index';
import { linkOrigin } from '../src/modules/accounts/origin';
import { CHALLENGES_PER_SESSION, MAX_PASSKEYS, relyingPartyOf } from '../src/modules/accounts/passkeys';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { fund, plansWorld, quickMember, scalar, secondInstance, statusCounts, type PlansWorld, type SecondInstance } from './plans/helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * The short race suite of the caps a member's burst could overrun (member-bounds.test.ts has
 * their sequential forms): each burst is fired at once with Promise.all; on PostgreSQL request i
 * goes to instance i % 2 of two app instances on one database (the scale-out shape).
 */

const code = (response: { body: string }) => apiErrorSchema.parse(JSON.parse(response.body)).error.code;

describe.each(DATABASE_KINDS)('member caps under concurrency (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let second: SecondInstance | undefined;
  let on: (i: number) => FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    if (kind === 'postgres') second = await secondInstance(t);
    on = (i) => (second && i % 2 === 1 ? second.app : t.app);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const stepUpUntil = (userId: string) =>
    t.database.handle.db.execute(
      sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 3_600_000)} where user_id = ${userId}`,
    );

  it(`20 passkeys added at once: exactly ${MAX_PASSKEYS} are stored, the others refused with PASSKEYS_LIMIT`, async () => {
    const member = await quickMember(t);
    // Each add answers a challenge of its own; a session keeps a few, so the burst comes from several sessions.
    const cookies = [member.cookie];
    while (cookies.length * CHALLENGES_PER_SESSION < 20) {
      const session = await createSession(t.database.handle.db, { userId: member.userId, now: t.clock.now(), ip: null, userAgent: null });
      cookies.push(`${SESSION_COOKIE}=${session.token}`);
    }
    await stepUpUntil(member.userId);
    const device = new SoftAuthenticator(relyingPartyOf(linkOrigin(t.config)).origins[0]!);
    const answers: Array<{ cookie: string; body: object }> = [];
    for (const cookie of cookies) {
      for (let i = 0; i < CHALLENGES_PER_SESSION && answers.length < 20; i++) {
        t.clock.advance(1);
        const started = await t.app.inject({ method: 'POST', url: '/api/v1/me/passkeys/options', headers: { cookie } });
        expect(started.statusCode, started.body).toBe(200);
        const { challengeId, options } = started.json() as { challengeId: string; options: Record<string, unknown> };
        answers.push({ cookie, body: { challengeId, credential: device.create(options) } });
      }
    }
    const responses = await Promise.all(
      answers.map(({ cookie, body }, i) =>
        on(i).inject({ method: 'POST', url: '/api/v1/me/passkeys', headers: { cookie }, payload: body }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: MAX_PASSKEYS, 409: 20 - MAX_PASSKEYS });
    expect(new Set(responses.filter((response) => response.statusCode === 409).map(code))).toEqual(new Set(['PASSKEYS_LIMIT']));
    expect(await scalar(t.database.handle.db, sql`select count(*)::int as n from passkeys where user_id = ${member.userId}`)).toBe(
      MAX_PASSKEYS,
    );
  });

  it('30 withdrawals requested at once: exactly WITHDRAWALS_MAX_PENDING wait in the payout queue, the others refused, nothing else held', async () => {
    const max = t.config.WITHDRAWALS_MAX_PENDING;
    const member = await quickMember(t);
    await fund(w, member.userId, 1_000_000);
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/bank-accounts',
      headers: { cookie: member.cookie },
      payload: { holderName: 'Race', bankName: 'Bank', country: 'US', number: '000123456789' },
    });
    const accountId = (account.json() as { id: string }).id;
    await t.database.handle.db.execute(
      sql`update bank_accounts set usable_from = ${new Date(t.clock.now().getTime() - 1_000)} where id = ${accountId}`,
    );
    await stepUpUntil(member.userId);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        on(i).inject({
          method: 'POST',
          url: '/api/v1/withdrawals',
          headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
          payload: { bankAccountId: accountId, amount: 1_101 },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: max, 409: 30 - max });
    expect(new Set(responses.filter((response) => response.statusCode === 409).map(code))).toEqual(
      new Set(['TOO_MANY_PENDING_WITHDRAWALS']),
    );
    expect(
      await scalar(
        t.database.handle.db,
        sql`select count(*)::int as n from withdrawals where user_id = ${member.userId} and status = 'pending'`,
      ),
    ).toBe(max);
    const wallet = (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } })).json() as {
      onHold: number;
    };
    expect(wallet.onHold).toBe(max * 1_101);
    expect((await buildIntegrityReport(t.database.handle.db, t.clock.now())).ok).toBe(true);
  });
});
