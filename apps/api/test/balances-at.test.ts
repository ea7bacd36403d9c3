import fc from 'fast-check';
import { accountBalanceAtSchema, balancesAtSchema, periodBalancesSchema } from '@orchard/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../src/config';
import type { Db } from '../src/db/client';
import {
  accountBalanceAt,
  ensureMemberAccounts,
  linkChainNow,
  memberBalancesAt,
  platformAccountId,
  postTransaction,
  withTransaction,
} from '../src/ledger/index';
import { ManualClock } from '../src/lib/clock';
import { sealDueDays, signingKeyFor } from '../src/modules/books/seal';
import { createTestApp, type TestApp } from './app';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { insertUser } from './ledger-helpers';
import { plansWorld, asOperator, quickMember, type PlansWorld } from './plans/helpers';

vi.setConfig({ testTimeout: 120_000 });
const START = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;

type Posting = { member: 0 | 1; amount: number; credit: boolean; gap: number };

/** Posts each posting (a recharge, or a debit when the wallet holds enough) at rising times; answers what it posted, per account. */
async function post(db: Db, members: string[], postings: Posting[]) {
  const moved: { accountId: number; at: number; amount: number; member?: number }[] = [];
  const held = [0, 0];
  let at = START;
  for (const p of postings) {
    at += p.gap;
    if (!p.credit && held[p.member]! < p.amount) continue;
    await withTransaction(db, async (tx) => {
      const accounts = await ensureMemberAccounts(tx, members[p.member]!, 'USD');
      const other = await platformAccountId(tx, p.credit ? 'platform_cash' : 'platform_adjustments', 'USD');
      const amount = p.credit ? p.amount : -p.amount;
      await postTransaction(tx, {
        kind: p.credit ? 'recharge' : 'adjustment_debit',
        entries: [
          { accountId: accounts.available, amount },
          { accountId: other, amount: -amount },
        ],
        at: new Date(at),
      });
      moved.push({ accountId: accounts.available, at, amount, member: p.member }, { accountId: other, at, amount: -amount });
    });
    held[p.member]! += p.credit ? p.amount : -p.amount;
  }
  return { moved, end: at };
}

/**
 * Balances at a point in time (ledger/balance-at.ts) against a model: random postings over three
 * days (two of them sealed), random instants; each account's balance at an instant is the sum of
 * its movements dated strictly before it, member accounts from their running balance, platform
 * accounts from the sealed closing plus what followed.
 */
describe.each(DATABASE_KINDS)('balances at a point in time on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('agrees with the sum of the movements dated before any instant, sealed days or not', async () => {
    database = await createTestDatabase(kind, { poolSize: 4 });
    const db = database.handle.db;
    const members = [await insertUser(db), await insertUser(db)];
    const posting = fc.record({
      member: fc.constantFrom<0 | 1>(0, 1),
      amount: fc.integer({ min: 1, max: 5000 }),
      credit: fc.boolean(),
      gap: fc.integer({ min: 1, max: 3 * HOUR }),
    });
    const { moved, end } = await post(db, members, fc.sample(posting, { numRuns: 60, seed: 28 }));
    await linkChainNow(db);
    const sealed = await sealDueDays({
      db,
      clock: new ManualClock(new Date(START + 2 * 24 * HOUR + 10 * 60_000)),
      key: signingKeyFor(testConfig())!,
    });
    expect(sealed.sealed.length).toBeGreaterThan(0);
    const accounts = [...new Set(moved.map((m) => m.accountId))];
    const model = (accountId: number, at: number) =>
      moved.filter((m) => m.accountId === accountId && m.at < at).reduce((sum, m) => sum + m.amount, 0);
    const instants = fc.oneof(fc.integer({ min: START - HOUR, max: end + HOUR }), fc.constantFrom(...moved.map((m) => m.at)));
    await fc.assert(
      fc.asyncProperty(instants, fc.constantFrom(...accounts), async (at, accountId) => {
        const found = await accountBalanceAt(db, accountId, new Date(at));
        expect(found?.balance).toBe(String(model(accountId, at)));
      }),
      { numRuns: 60, seed: 2028 },
    );
    // The member's view: the same instants through memberBalancesAt, the wallet's running balance.
    const wallet = (member: number, at: number) =>
      moved.filter((m) => m.member === member && m.at < at).reduce((sum, m) => sum + m.amount, 0);
    for (const at of fc.sample(instants, { numRuns: 20, seed: 7 }))
      for (const member of [0, 1])
        expect((await memberBalancesAt(db, members[member]!, 'USD', new Date(at))).available).toBe(wallet(member, at));
    expect(await accountBalanceAt(db, 999_999, new Date())).toBeNull();
  });
});

/** The statement period's opening and closing (/trx/log), and the console's balance-at reads. */
describe.each(DATABASE_KINDS)('balances at an instant through the API on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let member: { userId: string; cookie: string };
  let available = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    member = await quickMember(t);
    const db = t.database.handle.db;
    ({ available } = await rechargeMember(db, [1000], member.userId, new Date('2026-02-01T10:00:00Z')));
    await rechargeMember(db, [250], member.userId, new Date('2026-02-03T10:00:00Z'));
    await rechargeMember(db, [40], member.userId, new Date('2026-02-05T10:00:00Z'));
  });
  afterAll(async () => t?.close());
  const get = (url: string, cookie = member.cookie) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });

  it("opens a dated statement with the balance at its start and closes it with the balance at its end's day", async () => {
    const response = await get('/wallet/period-balances?from=2026-02-02&to=2026-02-03');
    expect(response.statusCode, response.body).toBe(200);
    const body = periodBalancesSchema.parse(response.json());
    expect(body.opening).toMatchObject({ at: '2026-02-02T00:00:00.000Z', available: 1000, currency: 'USD' });
    expect(body.closing).toMatchObject({ at: '2026-02-04T00:00:00.000Z', available: 1250 });
    const open = periodBalancesSchema.parse((await get('/wallet/period-balances')).json());
    expect(open.opening).toBeNull();
    expect(open.closing.available).toBe(1290);
  });

  it('refuses a malformed date with a message, and anyone signed out', async () => {
    const bad = await get('/wallet/period-balances?from=2026-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/date/i);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet/period-balances' })).statusCode).toBe(401);
  });

  it("gives the operator a member's balances and any account's balance at an instant, and nothing to a member", async () => {
    const mine = await asOperator(w, 'GET', `/members/${member.userId}/balances-at?at=2026-02-04`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(balancesAtSchema.parse(mine.json())).toMatchObject({ available: 1250, at: '2026-02-04T00:00:00.000Z' });
    const account = await asOperator(w, 'GET', `/ledger/accounts/${available}/balance-at?at=2026-02-01T10:00:00.001Z`);
    expect(account.statusCode, account.body).toBe(200);
    expect(accountBalanceAtSchema.parse(account.json())).toMatchObject({
      accountId: String(available),
      balance: '1000',
      type: 'member_available',
    });
    expect((await asOperator(w, 'GET', `/ledger/accounts/99999999/balance-at?at=2026-02-04`)).statusCode).toBe(404);
    expect((await asOperator(w, 'GET', `/ledger/accounts/abc/balance-at?at=2026-02-04`)).statusCode).toBe(400);
    expect((await asOperator(w, 'GET', `/members/${member.userId}/balances-at?at=yesterday`)).statusCode).toBe(400);
    const asMember = await get(`/admin/ledger/accounts/${available}/balance-at?at=2026-02-04`);
    expect([401, 403]).toContain(asMember.statusCode);
  });
});
