import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_TRANSACTION_KINDS } from '../src/db/schema/index';
import {
  buildIntegrityReport,
  constraintOf,
  ensureMemberAccounts,
  formatIntegrityReport,
  platformAccountId,
  postTransaction,
  sqlStateOf,
  withTransaction,
  type MemberAccounts,
} from '../src/ledger/index';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { insertUser } from './ledger-helpers';

/**
 * "The database guards its own books" (apps/api/src/ledger/README.md, "What the database refuses";
 * docs/decisions/0026): each guard is tried here in plain SQL, as an application bug would write
 * it, and the database refuses it.
 */
describe.each(DATABASE_KINDS)('the database guards its own books on %s', (kind) => {
  let database: TestDatabase;
  let memberId: string;
  let otherId: string;
  let accounts: MemberAccounts;
  let cash: number;
  let committedTransaction: number;

  const db = () => database.handle.db;
  /** Runs `work` in one database transaction and returns what it threw (undefined when it committed). */
  const attempt = (work: (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) => Promise<unknown>) =>
    db()
      .transaction(async (tx) => {
        await work(tx);
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
  const recharge = (amount: number, at = new Date()) =>
    withTransaction(db(), (tx) =>
      postTransaction(tx, {
        kind: 'recharge',
        entries: [
          { accountId: accounts.available, amount },
          { accountId: cash, amount: -amount },
        ],
        at,
      }),
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    memberId = await insertUser(db());
    otherId = await insertUser(db());
    await db().transaction(async (tx) => {
      accounts = await ensureMemberAccounts(tx, memberId, 'USD');
      await ensureMemberAccounts(tx, otherId, 'USD');
      cash = await platformAccountId(tx, 'platform_cash', 'USD');
    });
    committedTransaction = (await recharge(1_000)).transactionId;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  describe('1. a ledger account keeps its owner, type and currency', () => {
    it.each([
      ['owner', sql`owner_id = ${'00000000-0000-4000-8000-000000000000'}::uuid`],
      ['type', sql`type = 'member_on_hold'`],
      ['currency', sql`currency = 'EUR'`],
    ])('refuses a change of its %s', async (_column, change) => {
      const error = await attempt((tx) => tx.execute(sql`update ledger_accounts set ${change} where id = ${accounts.available}`));
      expect(sqlStateOf(error)).toBe('55000');
      expect(constraintOf(error)).toBe('ledger_accounts_immutable');
    });

    it('refuses moving a wallet to another member even with its balance, and never deletes an account', async () => {
      const move = await attempt((tx) =>
        tx.execute(sql`update ledger_accounts set owner_id = ${otherId}::uuid where id = ${accounts.available}`),
      );
      expect(constraintOf(move)).toBe('ledger_accounts_immutable');
      const remove = await attempt((tx) => tx.execute(sql`delete from ledger_accounts where id = ${accounts.debt}`));
      expect(constraintOf(remove)).toBe('ledger_accounts_immutable');
      const [row] = (await db().execute(sql`select owner_id, balance from ledger_accounts where id = ${accounts.available}`)).rows as {
        owner_id: string;
        balance: number;
      }[];
      expect(row).toEqual({ owner_id: memberId, balance: 1_000 });
    });
  });

  describe('2. a posted transaction takes no more entries; entries stay as written', () => {
    it('refuses a balanced pair of entries added to a transaction committed before', async () => {
      // Right in every other respect (kind, running balance, cached balance, date), so only this guard refuses it.
      const error = await attempt(async (tx) => {
        await tx.execute(sql`update ledger_accounts set balance = balance + 5 where id = ${accounts.available}`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
                             select ${committedTransaction}, x.account, x.amount, x.after, t.created_at
                               from ledger_transactions t,
                                    (values (${accounts.available}::bigint, 5::bigint, 1005::bigint), (${cash}::bigint, -5::bigint, null::bigint))
                                      as x(account, amount, after)
                              where t.id = ${committedTransaction}`);
      });
      expect(sqlStateOf(error)).toBe('55000');
      expect(constraintOf(error)).toBe('ledger_entries_with_their_transaction');
    });

    it('takes entries written in the database transaction that wrote their transaction row', async () => {
      const error = await attempt(async (tx) => {
        const { rows } = (await tx.execute(sql`insert into ledger_transactions (kind) values ('recharge') returning id`)) as unknown as {
          rows: { id: number }[];
        };
        await tx.execute(sql`update ledger_accounts set balance = balance + 7 where id = ${accounts.available}`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after)
                             values (${rows[0]!.id}, ${accounts.available}, 7, 1007), (${rows[0]!.id}, ${cash}, -7, null)`);
      });
      expect(error).toBeUndefined();
      // Back to 1,000 by the ledger's own means, for the checks below.
      await withTransaction(db(), async (tx) =>
        postTransaction(tx, {
          kind: 'adjustment_debit',
          entries: [
            { accountId: accounts.available, amount: -7 },
            { accountId: await platformAccountId(tx, 'platform_adjustments', 'USD'), amount: 7 },
          ],
          at: new Date(),
        }),
      );
    });

    it('still refuses to update or delete an entry or a transaction (ledger_refuse_change)', async () => {
      for (const statement of [
        sql`update ledger_entries set amount = amount * 2 where transaction_id = ${committedTransaction}`,
        sql`delete from ledger_entries where transaction_id = ${committedTransaction}`,
        sql`update ledger_transactions set kind = 'refund' where id = ${committedTransaction}`,
        sql`delete from ledger_transactions where id = ${committedTransaction}`,
      ]) {
        expect(sqlStateOf(await attempt((tx) => tx.execute(statement)))).toBe('55000');
      }
    });
  });

  describe('3. a cached balance is the sum of its entries', () => {
    it('refuses, at commit, a balance changed without its entry', async () => {
      const error = await attempt((tx) => tx.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${accounts.available}`));
      expect(sqlStateOf(error)).toBe('23514');
      expect(constraintOf(error)).toBe('ledger_accounts_balance_is_entries');
    });

    it('refuses an entry whose running balance does not follow from the one before', async () => {
      const error = await attempt(async (tx) => {
        const { rows } = (await tx.execute(sql`insert into ledger_transactions (kind) values ('recharge') returning id`)) as unknown as {
          rows: { id: number }[];
        };
        await tx.execute(sql`update ledger_accounts set balance = balance + 3 where id = ${accounts.available}`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after)
                             values (${rows[0]!.id}, ${accounts.available}, 3, 5000), (${rows[0]!.id}, ${cash}, -3, null)`);
      });
      expect(constraintOf(error)).toBe('ledger_entries_running_balance');
    });

    it('refuses a balance that two movements in one database transaction leave off by the amount of one', async () => {
      const error = await attempt(async (tx) => {
        await postTransaction(tx, {
          kind: 'recharge',
          entries: [
            { accountId: accounts.available, amount: 10 },
            { accountId: cash, amount: -10 },
          ],
          at: new Date(),
        });
        await tx.execute(sql`update ledger_accounts set balance = balance - 10 where id = ${accounts.available}`);
      });
      expect(constraintOf(error)).toBe('ledger_accounts_balance_is_entries');
      const [row] = (await db().execute(sql`select balance from ledger_accounts where id = ${accounts.available}`)).rows as { balance: number }[];
      expect(row!.balance).toBe(1_000);
    });
  });

  describe('4. a posting is dated by the ledger clock (ledger_now)', () => {
    it('refuses a backdated transaction row and an entry dated otherwise than its transaction', async () => {
      const backdated = await attempt((tx) =>
        tx.execute(sql`insert into ledger_transactions (kind, created_at) values ('recharge', '2020-01-01T00:00:00Z')`),
      );
      expect(constraintOf(backdated)).toBe('ledger_transactions_dated_by_ledger_now');
      const entry = await attempt(async (tx) => {
        const { rows } = (await tx.execute(sql`insert into ledger_transactions (kind) values ('recharge') returning id`)) as unknown as {
          rows: { id: number }[];
        };
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
                             values (${rows[0]!.id}, ${cash}, -1, null, '2020-01-01T00:00:00Z')`);
      });
      expect(constraintOf(entry)).toBe('ledger_entries_dated_by_ledger_now');
    });

    it('dates a posting by the database clock whatever time the caller passes, outside a test session', async () => {
      const before = Date.now();
      const posted = await withTransaction(db(), async (tx) => {
        // As a production session: the test clock off for this transaction.
        await tx.execute(sql`set local orchard.test_clock = 'off'`);
        return postTransaction(tx, {
          kind: 'recharge',
          entries: [
            { accountId: accounts.available, amount: 1 },
            { accountId: cash, amount: -1 },
          ],
          at: new Date('2020-01-01T00:00:00Z'),
        });
      });
      const { rows } = (await db().execute(
        sql`select t.created_at as t, min(e.created_at) as e from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
             where t.id = ${posted.transactionId} group by t.created_at`,
      )) as unknown as { rows: { t: Date | string; e: Date | string }[] };
      const dated = new Date(rows[0]!.t).getTime();
      expect(dated).toBeGreaterThanOrEqual(before - 60_000);
      expect(new Date(rows[0]!.e).getTime()).toBe(dated);
    });

    it('lets the test clock through ledger_now in a test session, so suites that move time move the ledger', async () => {
      const at = new Date('2030-06-01T12:00:00Z');
      const posted = await recharge(1, at);
      const { rows } = (await db().execute(
        sql`select created_at from ledger_transactions where id = ${posted.transactionId}`,
      )) as unknown as { rows: { created_at: Date | string }[] };
      expect(new Date(rows[0]!.created_at).toISOString()).toBe(at.toISOString());
    });
  });

  describe('5. a kind moves only the accounts it has business with (ledger_kind_accounts)', () => {
    it('refuses a recharge that credits a commission pending account, or a purchase that pays into a wallet', async () => {
      const misplaced = await attempt((tx) =>
        postTransaction(tx, {
          kind: 'recharge',
          entries: [
            { accountId: accounts.commissionPending, amount: 50 },
            { accountId: cash, amount: -50 },
          ],
          at: new Date(),
        }),
      );
      expect(sqlStateOf(misplaced)).toBe('23514');
      expect(constraintOf(misplaced)).toBe('ledger_kind_accounts');
      expect(String((misplaced as Error).message) + String((misplaced as { cause?: Error }).cause?.message)).toMatch(
        /recharge transaction may not raise a member_commission_pending account/,
      );
      const revenue = await withTransaction(db(), (tx) => platformAccountId(tx, 'platform_plan_revenue', 'USD'));
      const reversed = await attempt((tx) =>
        postTransaction(tx, {
          kind: 'plan_purchase',
          entries: [
            { accountId: accounts.available, amount: 50 },
            { accountId: revenue, amount: -50 },
          ],
          at: new Date(),
        }),
      );
      expect(constraintOf(reversed)).toBe('ledger_kind_accounts');
    });

    it('has rows for every kind the ledger knows, each raising one account and lowering another', async () => {
      const { rows } = (await db().execute(
        sql`select kind, array_agg(distinct sign order by sign) as signs from ledger_kind_accounts group by kind order by kind`,
      )) as unknown as { rows: { kind: string; signs: number[] }[] };
      expect(rows.map((row) => row.kind)).toEqual([...LEDGER_TRANSACTION_KINDS].sort());
      for (const row of rows) expect(row.signs.map(Number)).toEqual([-1, 1]);
    });
  });

  describe('6. the integrity report names the cross-row invariants', () => {
    it('names money on hold that no pending or processing withdrawal stands for, per member and in total', async () => {
      expect((await buildIntegrityReport(db(), new Date())).onHoldMismatches).toEqual([]);
      // A bug that holds money without writing the withdrawal: the ledger balances, the books do not.
      await withTransaction(db(), (tx) =>
        postTransaction(tx, {
          kind: 'withdrawal_hold',
          entries: [
            { accountId: accounts.available, amount: -300 },
            { accountId: accounts.onHold, amount: 300 },
          ],
          at: new Date(),
        }),
      );
      const report = await buildIntegrityReport(db(), new Date());
      expect(report.ok).toBe(false);
      expect(report.onHoldMismatches).toEqual([
        { memberId, currency: 'USD', balance: '300', expected: '0' },
        { memberId: null, currency: 'USD', balance: '300', expected: '0' },
      ]);
      const lines = formatIntegrityReport(report);
      expect(lines.some((line) => line.startsWith('[FAIL]') && line.includes('withdrawals on their way'))).toBe(true);
      expect(lines.some((line) => line.includes(`member ${memberId} (USD): on hold 300, pending + processing withdrawals 0`))).toBe(true);
    });

    it('names a commissions pending account that no pending or on-review commission stands for', async () => {
      expect((await buildIntegrityReport(db(), new Date())).commissionPendingMismatches).toEqual([]);
      // As a superuser would: a commission's money in pending, no commission row.
      await withTransaction(db(), async (tx) =>
        postTransaction(tx, {
          kind: 'plan_purchase',
          entries: [
            { accountId: accounts.commissionPending, amount: 40 },
            { accountId: await platformAccountId(tx, 'platform_commission_expense', 'USD'), amount: -40 },
          ],
          at: new Date(),
        }),
      );
      const report = await buildIntegrityReport(db(), new Date());
      expect(report.commissionPendingMismatches).toEqual([
        { memberId, currency: 'USD', balance: '40', expected: '0' },
        { memberId: null, currency: 'USD', balance: '40', expected: '0' },
      ]);
      expect(formatIntegrityReport(report)).toContain('RESULT: BREACH');
      expect(
        formatIntegrityReport(report).some((line) => line.startsWith('[FAIL]') && line.includes('commission pending balance(s) differ')),
      ).toBe(true);
    });
  });
});
