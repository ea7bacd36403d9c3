import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_EMAIL, seed } from '../src/demo/seed';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';

type Row = Record<string, string | null>;

/**
 * "Download my data" on the demo business: the ZIP holds the member's own profile, sessions,
 * statement, purchases, commissions, team counts, withdrawals and bank accounts (masked), and
 * nothing of any other member; the link works once, for its member only, until it expires; a
 * member may ask a few times a day.
 */
describe.each(DATABASE_KINDS)('download my data (%s)', (kind) => {
  let t: TestApp;
  let me: Row | undefined;
  let others: Row[];
  const db = () => t.database.handle.db;
  const rows = async (query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: Row[] }).rows;
  const cookieOf = async (userId: string) => {
    const session = await createSession(db(), { userId, now: t.clock.now(), ip: null, userAgent: null });
    return `${SESSION_COOKIE}=${session.token}`;
  };
  const ask = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/v1/me/data-export', headers: { cookie } });
  const fetchZip = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(kind, { SEED_DEMO: 'true', OPERATOR_PASSWORD: 'operator-password' });
    await seed(t.database.handle, t.config, { info: () => {} });
    t.clock.advance(60_000);
    [me] = await rows(sql`select id, email, invite_code from users where email = ${DEMO_MEMBER_EMAIL}`);
    others = await rows(sql`select id, email, phone, display_name, invite_code from users where id <> ${me!.id}`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the member their own data, JSON and CSV, and nothing of any other member', async () => {
    const cookie = await cookieOf(me!.id!);
    const link = await ask(cookie);
    expect(link.statusCode, link.body).toBe(201);
    const response = await fetchZip(cookie, link.json().url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    for (const part of [
      'profile',
      'sessions',
      'statement-events',
      'ledger-entries',
      'purchases',
      'commissions',
      'team',
      'withdrawals',
      'bank-accounts',
    ])
      expect(names).toEqual(expect.arrayContaining([`orchard-data/${part}.json`, `orchard-data/${part}.csv`]));
    const text = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const json = (part: string) => JSON.parse(text[`orchard-data/${part}.json`]!) as Row[];
    expect(json('profile')).toMatchObject([{ id: me!.id, email: DEMO_MEMBER_EMAIL, invite_code: me!.invite_code }]);
    expect(json('purchases').length).toBeGreaterThan(0);
    expect(json('commissions').length).toBeGreaterThan(0);
    expect(json('statement-events').length).toBeGreaterThan(0);
    expect(json('team').map((row) => Number(row.level))).toEqual([1, 2, 3]);
    // Withdrawals and bank accounts: the number's last four characters only.
    const numbers = await rows(sql`select number from bank_accounts`);
    expect(json('withdrawals').length).toBeGreaterThan(0);
    for (const row of [...json('withdrawals'), ...json('bank-accounts')]) expect(row.account_number).toMatch(/^•••• [A-Z0-9]{4}$/);
    const everything = Object.values(text).join('\n');
    for (const { number } of numbers) expect(everything).not.toContain(number);
    // No other member: not their id, email, phone, name or invite code.
    for (const other of others)
      for (const value of [other.id, other.email, other.phone, other.display_name, other.invite_code])
        if (value && value.length >= 6) expect(everything, value).not.toContain(value);
  });

  it('works once, for its own member only, until it expires; a few times a day', async () => {
    const [other] = await rows(sql`select id from users where role = 'member' and id <> ${me!.id} limit 1`);
    const mine = await cookieOf(me!.id!);
    const theirs = await cookieOf(other!.id!);
    const link = (await ask(mine)).json().url as string;
    expect((await fetchZip(theirs, link)).statusCode).toBe(404);
    expect((await fetchZip(mine, link)).statusCode).toBe(200);
    expect((await fetchZip(mine, link)).json().error.code).toBe('NOT_FOUND');
    const late = (await ask(mine)).json().url as string;
    t.clock.advance(16 * 60_000);
    expect((await fetchZip(mine, late)).statusCode).toBe(404);
    // Three asked today (one in the first test): the fourth is refused and writes nothing.
    const refused = await ask(mine);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await rows(sql`select count(*)::int as n from data_exports where user_id = ${me!.id}`))[0]!.n).toBe(3);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/data-export' })).statusCode).toBe(401);
    t.clock.advance(86_400_000);
    expect((await ask(await cookieOf(me!.id!))).statusCode).toBe(201);
  });
});
