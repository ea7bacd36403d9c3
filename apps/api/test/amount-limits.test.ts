import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_MINOR_CEILING,
  BALANCE_MAX_MINOR_CEILING,
  apiErrorSchema,
  ledgerReportSchema,
  rechargeOrderSchema,
  walletSchema,
} from '@orchard/shared';
import { testConfig } from '../src/config';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { ensureMemberAccounts, limitErrorOf, withTransaction } from '../src/ledger/index';
import { seedFullBalance } from './amount-limits-seed';
import { createTestApp, type TestApp } from './app';
import { registerMember, signInOperator } from './auth';
import { DATABASE_KINDS } from './database';
import { insertChannels, insertUser } from './ledger-helpers';

type Who = { userId: string; cookie: string };
const as = (who: { cookie: string }, key?: string) => ({ cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) });

/** Everything a refused movement must leave alone. */
async function snapshot(t: TestApp) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.handle.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    transactions: await rows(sql`select count(*)::int as n from ledger_transactions`),
    entries: await rows(sql`select count(*)::int as n from ledger_entries`),
    balances: await rows(sql`select id, balance::text as balance from ledger_accounts order by id`),
    orders: await rows(sql`select id, status from recharge_orders order by id`),
  };
}

describe('money limits: settings and the database agree', () => {
  it('default to the ceilings the 0202 CHECK constraints use, and may only be lowered', () => {
    const config = testConfig();
    expect(config.AMOUNT_MAX_MINOR).toBe(AMOUNT_MAX_MINOR_CEILING);
    expect(config.BALANCE_MAX_MINOR).toBe(BALANCE_MAX_MINOR_CEILING);
    const migration = readFileSync(`${MIGRATIONS_DIR}/0202_money_limits.sql`, 'utf8');
    expect(migration).toContain(`balance <= ${BALANCE_MAX_MINOR_CEILING}`);
    expect(migration).toContain(`amount between -${AMOUNT_MAX_MINOR_CEILING} and ${AMOUNT_MAX_MINOR_CEILING}`);
    expect(BALANCE_MAX_MINOR_CEILING + AMOUNT_MAX_MINOR_CEILING).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(testConfig({ AMOUNT_MAX_MINOR: '5000', BALANCE_MAX_MINOR: '90000' })).toMatchObject({
      AMOUNT_MAX_MINOR: 5000,
      BALANCE_MAX_MINOR: 90000,
    });
    expect(() => testConfig({ BALANCE_MAX_MINOR: String(BALANCE_MAX_MINOR_CEILING + 1) })).toThrow(/BALANCE_MAX_MINOR/);
    expect(() => testConfig({ AMOUNT_MAX_MINOR: '0' })).toThrow(/AMOUNT_MAX_MINOR/);
  });
});

describe.each(DATABASE_KINDS)('configured money limits over HTTP on %s', (kind) => {
  let t: TestApp;
  let member: Who;
  let operator: Who;

  beforeAll(async () => {
    t = await createTestApp(kind, { AMOUNT_MAX_MINOR: '1000', BALANCE_MAX_MINOR: '2500' });
    await insertChannels(t.database.handle.db);
    member = await registerMember(t);
    operator = await signInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const adjust = (amount: number, direction: 'credit' | 'debit' = 'credit') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${member.userId}/adjustments`,
      headers: as(operator, randomUUID()),
      payload: { direction, amount, reason: 'Limit test' },
    });
  const wallet = async () => walletSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: as(member) })).json());

  it('refuses one movement above AMOUNT_MAX_MINOR with a 400 naming the amount, changing nothing', async () => {
    const before = await snapshot(t);
    const refused = await adjust(1001);
    expect(refused.statusCode, refused.body).toBe(400);
    const body = apiErrorSchema.parse(refused.json());
    expect(body.error.code).toBe('AMOUNT_TOO_LARGE');
    expect(body.error.fields?.amount).toBeTruthy();
    expect(await snapshot(t)).toEqual(before);
    // Above the hard ceiling the shared schema refuses it before any service runs.
    const beyond = await adjust(AMOUNT_MAX_MINOR_CEILING + 1);
    expect(beyond.statusCode).toBe(400);
    expect(apiErrorSchema.parse(beyond.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: expect.any(String) } });
    // A recharge order the limit would never let be credited is refused when it is created.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(member, randomUUID()),
      payload: { channel: 'bank', amount: 1001 },
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(apiErrorSchema.parse(order.json()).error.fields?.amount).toContain('to 1000');
    expect(await snapshot(t)).toEqual(before);
  });

  it('credits up to BALANCE_MAX_MINOR, refuses the next credit with a 409 changing nothing, and still lets the member spend', async () => {
    for (const amount of [1000, 1000, 500]) expect((await adjust(amount)).statusCode).toBe(201);
    expect((await wallet()).available).toBe(2500);

    const before = await snapshot(t);
    const refused = await adjust(1);
    expect(refused.statusCode, refused.body).toBe(409);
    const body = apiErrorSchema.parse(refused.json());
    expect(body.error.code).toBe('BALANCE_LIMIT');
    expect(body.error.fields?.amount).toBeTruthy();
    expect(await snapshot(t)).toEqual(before);

    // A recharge credit meets the same limit: the order stays open, nothing moves.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: as(member, randomUUID()),
      payload: { channel: 'bank', amount: 500 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = rechargeOrderSchema.parse(created.json());
    const beforeCredit = await snapshot(t);
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${order.id}/credit`,
      headers: as(operator, randomUUID()),
    });
    expect(credit.statusCode, credit.body).toBe(409);
    expect(apiErrorSchema.parse(credit.json()).error.code).toBe('BALANCE_LIMIT');
    expect(await snapshot(t)).toEqual(beforeCredit);

    expect((await adjust(400, 'debit')).statusCode).toBe(201);
    expect((await wallet()).available).toBe(2100);
  });
});

describe.each(DATABASE_KINDS)('balances at the ceiling and platform totals past 2^53 on %s', (kind) => {
  let t: TestApp;
  let member: Who;
  let operator: Who;
  const fullMembers: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await registerMember(t);
    operator = await signInOperator(t);
    // Ten members at the ceiling hold 10^16 minor units between them: past 2^53 (≈ 9.007 × 10^15).
    for (let i = 0; i < 10; i++) {
      const id = await insertUser(t.database.handle.db);
      await seedFullBalance(t.database.handle.db, id);
      fullMembers.push(id);
    }
    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${member.userId}/adjustments`,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 1235, reason: 'An odd amount' },
    });
    expect(credited.statusCode, credited.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("shows a full member's wallet to the operator, and refuses the next credit with nothing changed", async () => {
    const full = fullMembers[0]!;
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/members/${full}/wallet`, headers: as(operator) });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(walletSchema.parse(seen.json()).available).toBe(BALANCE_MAX_MINOR_CEILING);

    const before = await snapshot(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${full}/adjustments`,
      headers: as(operator, randomUUID()),
      payload: { direction: 'credit', amount: 1, reason: 'One more' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('BALANCE_LIMIT');
    expect(await snapshot(t)).toEqual(before);
  });

  it('reports member liabilities and platform cash past 2^53 exactly, as decimal strings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/report', headers: as(operator) });
    expect(response.statusCode, response.body).toBe(200);
    const report = ledgerReportSchema.parse(response.json());
    expect(report.ok).toBe(true);
    const usd = report.trialBalance.find((book) => book.currency === 'USD')!;
    const owed = 10n * BigInt(BALANCE_MAX_MINOR_CEILING) + 1235n;
    expect(owed > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(usd.memberLiabilities).toBe(owed.toString());
    expect(usd.accounts.find((account) => account.type === 'member_available')?.balance).toBe(owed.toString());
    expect(usd.accounts.find((account) => account.type === 'platform_cash')?.balance).toBe(
      (-10n * BigInt(BALANCE_MAX_MINOR_CEILING)).toString(),
    );
    expect(usd.accounts.find((account) => account.type === 'platform_adjustments')?.balance).toBe('-1235');
    expect(usd.platformTotal).toBe((-owed).toString());
    expect(usd.total).toBe('0');
  });

  it('turns a ceiling CHECK the database enforces into the 4xx, never a 500', async () => {
    const full = fullMembers[1]!;
    // A write that skips the service's check meets the database's CHECK on the balance column.
    const attempt = withTransaction(t.database.handle.db, async (tx) => {
      const { available } = await ensureMemberAccounts(tx, full, 'USD');
      await tx.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${available}`);
    });
    await expect(attempt).rejects.toMatchObject({ code: 'BALANCE_LIMIT', statusCode: 409 });
    expect(limitErrorOf(new Error('unrelated'))).toBeUndefined();
  });
});
