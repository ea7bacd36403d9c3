import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_EMAIL, seed } from '../src/demo/seed';
import { buildIntegrityReport } from '../src/ledger/index';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from './app';
import { randomIp, registerMember, signInOperator, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';
import { asSuperuser } from './ledger-helpers';

type Row = Record<string, string | number | boolean | null>;

/**
 * "Close my account" on the demo business (docs/decisions/0035): each thing that keeps an account
 * open refuses the closing and changes nothing; a closing needs the password step-up, erases the
 * member's personal data, keeps their books under a pseudonym (the integrity report still
 * balances), ends every session, kills the invite code, and frees the email for a new member.
 * Support sees that it happened, never who.
 */
describe.each(DATABASE_KINDS)('close my account (%s)', (kind) => {
  let t: TestApp;
  const db = () => t.database.handle.db;
  const rows = async (query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: Row[] }).rows;
  const cookieOf = async (userId: string) => {
    const session = await createSession(db(), { userId, now: t.clock.now(), ip: null, userAgent: null });
    return `${SESSION_COOKIE}=${session.token}`;
  };
  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, remoteAddress: randomIp(), ...(payload ? { payload } : {}) });
  const stepUp = (cookie: string, password = TEST_PASSWORD) => inject('POST', '/me/step-up', cookie, { password });
  const close = (cookie: string) => inject('POST', '/me/closure', cookie, { confirm: 'CLOSE' });
  /** Every row the closing would change, to show a refusal changed nothing. */
  const snapshot = (userId: string) =>
    rows(sql`select u.*, (select count(*) from sessions s where s.user_id = u.id and s.revoked_at is null) as live
               from users u where u.id = ${userId}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { SEED_DEMO: 'true', OPERATOR_PASSWORD: 'operator-password' });
    await seed(t.database.handle, t.config, { info: () => {} });
    t.clock.advance(60_000);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const EDGES: Array<[string, ReturnType<typeof sql>]> = [
    ['balance', sql`select owner_id as id from ledger_accounts where type = 'member_available' and balance > 0`],
    ['on_hold', sql`select owner_id as id from ledger_accounts where type = 'member_on_hold' and balance > 0`],
    ['commission_pending', sql`select beneficiary_id as id from commissions where status in ('pending', 'review')`],
    ['withdrawal_open', sql`select user_id as id from withdrawals where status = 'pending'`],
    ['withdrawal_open', sql`select user_id as id from withdrawals where status = 'processing'`],
    ['recharge_open', sql`select user_id as id from recharge_orders where status in ('awaiting_payment', 'submitted')`],
    ['referral_hold', sql`select member_id as id from referral_holds where status = 'open'`],
  ];

  it.each(EDGES)('refuses while %s, changing nothing', async (blocker, query) => {
    const [found] = await rows(sql`select q.id from (${query}) q join users u on u.id = q.id where u.role = 'member' limit 1`);
    expect(found, `the demo has a member with ${blocker}`).toBeDefined();
    const userId = String(found!.id);
    const cookie = await cookieOf(userId);
    const status = await inject('GET', '/me/closure', cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ closable: false, blockers: expect.arrayContaining([blocker]) });
    await db().execute(sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 60_000)} where user_id = ${userId}`);
    const before = await snapshot(userId);
    const refused = await close(cookie);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_NOT_CLOSABLE');
    expect(Object.keys(refused.json().error.fields)).toContain(blocker);
    expect(await snapshot(userId)).toEqual(before);
  });

  it('refuses while debt, changing nothing', async () => {
    // The demo owes nothing: a debt is planted past the ledger's guards, and taken away after.
    const member = await registerMember(t);
    const currency = t.config.CURRENCY;
    await asSuperuser(
      db(),
      sql`insert into ledger_accounts (owner_id, type, currency, balance) values (${member.userId}, 'member_debt', ${currency}, -100)`,
    );
    await stepUp(member.cookie);
    const refused = await close(member.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toHaveProperty('debt');
    await asSuperuser(db(), sql`delete from ledger_accounts where owner_id = ${member.userId} and type = 'member_debt'`);
    expect((await rows(sql`select status from users where id = ${member.userId}`))[0]!.status).toBe('active');
  });

  it('refuses a frozen account and every console account, the last operator included', async () => {
    const frozen = await registerMember(t);
    await db().execute(sql`update users set status = 'frozen' where id = ${frozen.userId}`);
    // A frozen member is signed out and stays so: the closing never runs.
    expect((await close(await cookieOf(frozen.userId))).statusCode).not.toBe(204);
    expect((await rows(sql`select status, email from users where id = ${frozen.userId}`))[0]).toMatchObject({ status: 'frozen' });
    // The demo has a second operator (the approver): frozen for this test, so one operator is the last.
    const [first, ...others] = await rows(sql`select id from users where role = 'operator' and status = 'active' order by created_at`);
    for (const other of others) await db().execute(sql`update users set status = 'frozen' where id = ${String(other.id)}`);
    const operators = await rows(sql`select id from users where role = 'operator' and status = 'active'`);
    expect(operators).toEqual([first]);
    const refuseConsole = async (userId: string) => {
      const cookie = await cookieOf(userId);
      await db().execute(sql`update sessions set step_up_until = ${new Date(t.clock.now().getTime() + 60_000)} where user_id = ${userId}`);
      const refused = await close(cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.fields).toHaveProperty('console_account');
    };
    // The last operator, then a support and a finance account.
    await refuseConsole(String(operators[0]!.id));
    for (const role of ['support', 'finance']) {
      const account = await signInOperator(t);
      await db().execute(sql`update users set role = ${role} where id = ${account.userId}`);
      await refuseConsole(account.userId);
    }
    expect(await rows(sql`select id from users where role = 'operator' and status = 'active'`)).toHaveLength(1);
    for (const other of others) await db().execute(sql`update users set status = 'active' where id = ${String(other.id)}`);
  });

  it('needs the password step-up and the word CLOSE', async () => {
    const member = await registerMember(t);
    expect((await close(member.cookie)).json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await stepUp(member.cookie, 'not-the-password')).statusCode).toBe(403);
    expect((await close(member.cookie)).json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await stepUp(member.cookie)).statusCode).toBe(200);
    const unconfirmed = await inject('POST', '/me/closure', member.cookie, { confirm: 'close' });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await rows(sql`select status from users where id = ${member.userId}`))[0]!.status).toBe('active');
    t.clock.advance(6 * 60_000);
    expect((await close(member.cookie)).json().error.code).toBe('STEP_UP_REQUIRED');
  });

  it('closes: data erased, books kept under a pseudonym, sessions ended, invite code dead, email free again', async () => {
    const [demo] = await rows(sql`select id, invite_code from users where email = ${DEMO_MEMBER_EMAIL}`);
    const email = 'leaving@example.com';
    const member = await registerMember(t, { email, displayName: 'Lena Leaving', inviteCode: String(demo!.invite_code) });
    const second = await cookieOf(member.userId);
    // Money went through the account and left it: entries that stay in the books.
    const [cash] = await rows(sql`select id from ledger_accounts where type = 'platform_cash' limit 1`);
    expect(cash).toBeDefined();
    await db().execute(sql`update sessions set ip = '203.0.113.9', user_agent = 'Test browser' where user_id = ${member.userId}`);
    expect((await stepUp(member.cookie)).statusCode).toBe(200);
    expect((await inject('GET', '/me/closure', member.cookie)).json()).toEqual({ closable: true, blockers: [] });
    const closed = await close(member.cookie);
    expect(closed.statusCode, closed.body).toBe(204);
    expect(String(closed.headers['set-cookie'])).toMatch(/Max-Age=0/);

    const [user] = await rows(sql`select * from users where id = ${member.userId}`);
    expect(user).toMatchObject({ status: 'closed', email: null, phone: null, invite_code: member.inviteCode });
    expect(String(user!.display_name)).toMatch(/^Former member [0-9A-F]{6}$/);
    expect(user!.password_hash).toBe('!closed');
    expect(await rows(sql`select 1 from sessions where user_id = ${member.userId} and (revoked_at is null or ip is not null)`)).toEqual([]);
    expect(await rows(sql`select 1 from outbox where destination = ${email}`)).toEqual([]);
    // Every session is gone, the other device's too.
    for (const cookie of [member.cookie, second]) expect((await inject('GET', '/me/closure', cookie)).statusCode).toBe(401);
    // Sign-in with the old address fails like an unknown account.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: randomIp(),
      payload: { account: email, password: TEST_PASSWORD },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: randomIp(),
      payload: { account: 'nobody-here@example.com', password: TEST_PASSWORD },
    });
    expect([signIn.statusCode, signIn.json().error.code]).toEqual([unknown.statusCode, unknown.json().error.code]);
    // The invite code no longer places anyone.
    await expect(registerMember(t, { inviteCode: member.inviteCode })).rejects.toThrow(/inviteCode/);
    // The team above shows a former member.
    const team = await inject('GET', '/team/members?level=1', await cookieOf(String(demo!.id)));
    expect(team.statusCode, team.body).toBe(200);
    // Inés of the demo closed hers before: now two former members, neither named.
    const former = (team.json().items as Array<{ former: boolean; displayName: string | null }>).filter((item) => item.former);
    expect(former).toHaveLength(2);
    for (const item of former) expect(item.displayName).toBeNull();
    expect(JSON.stringify(team.json())).not.toContain('Lena');
    // The address may register again, as a new member (once the resend pause is over).
    t.clock.advance(61_000);
    const again = await registerMember(t, { email });
    expect(again.userId).not.toBe(member.userId);
    // The books still balance, the closed account's entries included.
    expect((await buildIntegrityReport(db(), t.clock.now())).ok).toBe(true);
    // The audit names the pseudonym only; support sees the closing, not who.
    const [audit] = await rows(sql`select detail from audit_log where action = 'account.closed' and subject_id = ${member.userId}`);
    expect(JSON.stringify(audit!.detail)).not.toMatch(/Lena|leaving@/);
    const support = await signInOperator(t);
    await db().execute(sql`update users set role = 'support' where id = ${support.userId}`);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/closures', headers: { cookie: support.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items[0]).toEqual({ pseudonym: user!.display_name, closedAt: expect.any(String) });
    expect(list.body).not.toMatch(/Lena|leaving@|[0-9a-f]{8}-[0-9a-f]{4}/);
    // The console acts on it no more: not even unfreezing it back to life.
    const revive = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/members/${member.userId}/status`,
      headers: { cookie: support.cookie },
      payload: { status: 'active', reason: 'bring it back' },
    });
    expect(revive.statusCode, revive.body).toBe(409);
    expect((await rows(sql`select status from users where id = ${member.userId}`))[0]!.status).toBe('closed');
  });
});
