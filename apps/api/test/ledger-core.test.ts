import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema/index';
import {
  ensureMemberAccounts,
  InsufficientFundsError,
  platformAccountId,
  postTransaction,
  constraintOf,
  sqlStateOf,
  withTransaction,
  buildIntegrityReport,
  formatIntegrityReport,
} from '../src/ledger/index';
import { testConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { exportTransactionsCsv } from '../src/modules/wallet/service';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { asSuperuser, insertUser } from './ledger-helpers';

const at = new Date('2026-02-01T00:00:00Z');

describe.each(DATABASE_KINDS)('ledger core and database constraints on %s', (kind) => {
  let database: TestDatabase;
  let memberId: string;
  let available: number;
  let cash: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    memberId = await insertUser(database.handle.db);
    await database.handle.db.transaction(async (tx) => {
      available = (await ensureMemberAccounts(tx, memberId, 'USD')).available;
      cash = await platformAccountId(tx, 'platform_cash', 'USD');
    });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const db = () => database.handle.db;

  it('posts a balanced transaction, updates the cached member balance and records the running balance', async () => {
    const posted = await withTransaction(db(), (tx) =>
      postTransaction(tx, {
        kind: 'recharge',
        entries: [
          { accountId: available, amount: 700 },
          { accountId: cash, amount: -700 },
        ],
        at,
      }),
    );
    expect(posted.created).toBe(true);
    expect(posted.balances.get(available)).toBe(700);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.transactionId} = ${posted.transactionId}`);
    expect(entries.find((entry) => entry.accountId === available)?.balanceAfter).toBe(700);
    expect(entries.find((entry) => entry.accountId === cash)?.balanceAfter).toBeNull();
  });

  it('posts a key once: the same idempotency key returns the first transaction and moves nothing', async () => {
    const post = () =>
      withTransaction(db(), (tx) =>
        postTransaction(tx, {
          kind: 'recharge',
          idempotencyKey: 'core-once',
          entries: [
            { accountId: available, amount: 5 },
            { accountId: cash, amount: -5 },
          ],
          at,
        }),
      );
    const first = await post();
    const second = await post();
    expect(second.created).toBe(false);
    expect(second.transactionId).toBe(first.transactionId);
    const report = await buildIntegrityReport(db(), at);
    expect(report.ok).toBe(true);
  });

  it('refuses in code an unbalanced or empty set of entries', async () => {
    await expect(
      withTransaction(db(), (tx) =>
        postTransaction(tx, {
          kind: 'recharge',
          entries: [
            { accountId: available, amount: 5 },
            { accountId: cash, amount: -4 },
          ],
          at,
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
  });

  it('refuses in the database a transaction whose entries do not sum to zero (checked at commit)', async () => {
    const error = await db()
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(ledgerTransactions)
          .values({ kind: 'recharge' })
          .returning({ id: ledgerTransactions.id });
        await tx.insert(ledgerEntries).values([
          { transactionId: row!.id, accountId: cash, amount: -10 },
          { transactionId: row!.id, accountId: cash, amount: -9 },
        ]);
      })
      .catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe('23514');
    expect(constraintOf(error)).toBe('ledger_transaction_balanced');
  });

  it('refuses in the database a transaction without entries', async () => {
    const error = await db()
      .transaction(async (tx) => {
        await tx.insert(ledgerTransactions).values({ kind: 'recharge' });
      })
      .catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe('23514');
    expect(constraintOf(error)).toBe('ledger_transaction_balanced');
  });

  it('never updates or deletes an entry or a transaction', async () => {
    const update = await db()
      .execute(sql`update ledger_entries set amount = amount + 1`)
      .catch((caught: unknown) => caught);
    expect(sqlStateOf(update)).toBe('55000');
    const remove = await db()
      .execute(sql`delete from ledger_entries`)
      .catch((caught: unknown) => caught);
    expect(sqlStateOf(remove)).toBe('55000');
    const rewrite = await db()
      .execute(sql`update ledger_transactions set memo = 'x'`)
      .catch((caught: unknown) => caught);
    expect(sqlStateOf(rewrite)).toBe('55000');
  });

  it('keeps a member balance from going below zero, in code and in the database', async () => {
    await expect(
      withTransaction(db(), (tx) =>
        postTransaction(tx, {
          kind: 'adjustment_debit',
          entries: [
            { accountId: available, amount: -1_000_000 },
            { accountId: cash, amount: 1_000_000 },
          ],
          at,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const direct = await db()
      .execute(sql`update ledger_accounts set balance = -1 where id = ${available}`)
      .catch((caught: unknown) => caught);
    expect(sqlStateOf(direct)).toBe('23514');
  });

  it('reports a trial balance in which members and platform sum to zero', async () => {
    const report = await buildIntegrityReport(db(), at);
    expect(report.ok).toBe(true);
    const usd = report.trialBalance.find((currency) => currency.currency === 'USD')!;
    expect(usd.memberLiabilities).toBe('705');
    expect(usd.accounts.find((account) => account.type === 'platform_cash')?.balance).toBe('-705');
    expect(usd.total).toBe('0');
  });
  it('detects a tampered cached balance and reports the breach (ledger:verify exits non-zero on it)', async () => {
    await asSuperuser(db(), sql`update ledger_accounts set balance = balance + 1 where id = ${available}`);
    try {
      const report = await buildIntegrityReport(db(), at);
      expect(report.ok).toBe(false);
      expect(report.balanceMismatches).toEqual([expect.objectContaining({ accountId: available, cached: '706', fromEntries: '705' })]);
      const lines = formatIntegrityReport(report);
      expect(lines).toContain('RESULT: BREACH');
      expect(lines.some((line) => line.startsWith('[FAIL]') && line.includes('cached balance'))).toBe(true);
    } finally {
      await asSuperuser(db(), sql`update ledger_accounts set balance = balance - 1 where id = ${available}`);
    }
    const lines = formatIntegrityReport(await buildIntegrityReport(db(), at));
    expect(lines).toContain('RESULT: OK');
  });
  it('streams a CSV export across several keyset batches without losing or repeating a line', async () => {
    const owner = await insertUser(db());
    const count = 25;
    await withTransaction(db(), async (tx) => {
      const accounts = await ensureMemberAccounts(tx, owner, 'USD');
      for (let i = 1; i <= count; i++) {
        await postTransaction(tx, {
          kind: 'recharge',
          entries: [
            { accountId: accounts.available, amount: i },
            { accountId: cash, amount: -i },
          ],
          memo: i === 1 ? '=HYPERLINK("x")' : `n${i}`,
          at,
        });
      }
    });
    const stream = exportTransactionsCsv({ db: db(), clock: new ManualClock(at), config: testConfig() }, owner, {}, 5);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(1 + count);
    const amounts = lines.slice(1).map((line) => line.split(',')[3]);
    expect(new Set(amounts).size).toBe(count);
    expect(lines[1]).toContain(',0.25,');
    // A formula in a memo is defused for spreadsheets.
    expect(lines[count]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
