import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { LedgerAccountType } from '../db/schema/index';

export interface IntegrityReport {
  ok: boolean;
  generatedAt: string;
  transactionCount: number;
  entryCount: number;
  /** Transactions whose entries do not sum to zero or that have fewer than two entries. */
  unbalancedTransactions: { transactionId: number; entryCount: number; sum: number }[];
  /** Member accounts whose cached balance differs from the sum of their entries. */
  balanceMismatches: { accountId: number; ownerId: string | null; type: string; cached: number; fromEntries: number }[];
  /** Member accounts below zero (cached or by entries). */
  negativeBalances: { accountId: number; ownerId: string | null; type: string; balance: number }[];
  /** Member entries whose running balance does not follow from the entries before them. */
  runningBalanceBreaks: { entryId: number; accountId: number; balanceAfter: number; expected: number }[];
  /** Per currency: the sum of every account type; member liabilities plus platform accounts is zero. */
  trialBalance: {
    currency: string;
    accounts: { type: LedgerAccountType; balance: number }[];
    memberLiabilities: number;
    platformTotal: number;
    total: number;
  }[];
}

type Row = Record<string, unknown>;
const LIMIT = 100;

async function rows(db: Db | Tx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const num = (value: unknown) => Number(value);

/** Checks every invariant of the ledger (issue 4, item 9). Read-only; safe to run any time. */
export async function buildIntegrityReport(db: Db | Tx, now: Date): Promise<IntegrityReport> {
  const [counts] = await rows(
    db,
    sql`select (select count(*) from ledger_transactions)::bigint as transactions, (select count(*) from ledger_entries)::bigint as entries`,
  );
  const unbalanced = await rows(
    db,
    sql`select t.id, count(e.id)::bigint as n, coalesce(sum(e.amount), 0)::bigint as total
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0
        order by t.id limit ${LIMIT}`,
  );
  const mismatches = await rows(
    db,
    sql`select a.id, a.owner_id, a.type, a.balance, coalesce(s.total, 0)::bigint as total
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.balance is not null and a.balance <> coalesce(s.total, 0)
        order by a.id limit ${LIMIT}`,
  );
  const negative = await rows(
    db,
    sql`select a.id, a.owner_id, a.type, least(a.balance, coalesce(s.total, 0))::bigint as balance
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.owner_id is not null and (a.balance < 0 or coalesce(s.total, 0) < 0)
        order by a.id limit ${LIMIT}`,
  );
  const breaks = await rows(
    db,
    sql`select id, account_id, balance_after, expected from (
          select e.id, e.account_id, e.balance_after,
                 sum(e.amount) over (partition by e.account_id order by e.id)::bigint as expected
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.owner_id is not null) x
        where balance_after is distinct from expected
        order by id limit ${LIMIT}`,
  );
  const sums = await rows(
    db,
    sql`select a.currency, a.type, coalesce(sum(e.amount), 0)::bigint as total
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        group by a.currency, a.type order by a.currency, a.type`,
  );

  const byCurrency = new Map<string, { type: LedgerAccountType; balance: number }[]>();
  for (const row of sums) {
    const list = byCurrency.get(String(row.currency)) ?? [];
    list.push({ type: row.type as LedgerAccountType, balance: num(row.total) });
    byCurrency.set(String(row.currency), list);
  }
  const trialBalance = [...byCurrency].map(([currency, accounts]) => {
    const memberLiabilities = accounts.filter((a) => a.type.startsWith('member_')).reduce((sum, a) => sum + a.balance, 0);
    const platformTotal = accounts.filter((a) => a.type.startsWith('platform_')).reduce((sum, a) => sum + a.balance, 0);
    return { currency, accounts, memberLiabilities, platformTotal, total: memberLiabilities + platformTotal };
  });

  const report: IntegrityReport = {
    ok: false,
    generatedAt: now.toISOString(),
    transactionCount: num(counts?.transactions ?? 0),
    entryCount: num(counts?.entries ?? 0),
    unbalancedTransactions: unbalanced.map((row) => ({ transactionId: num(row.id), entryCount: num(row.n), sum: num(row.total) })),
    balanceMismatches: mismatches.map((row) => ({
      accountId: num(row.id),
      ownerId: (row.owner_id as string | null) ?? null,
      type: String(row.type),
      cached: num(row.balance),
      fromEntries: num(row.total),
    })),
    negativeBalances: negative.map((row) => ({
      accountId: num(row.id),
      ownerId: (row.owner_id as string | null) ?? null,
      type: String(row.type),
      balance: num(row.balance),
    })),
    runningBalanceBreaks: breaks.map((row) => ({
      entryId: num(row.id),
      accountId: num(row.account_id),
      balanceAfter: num(row.balance_after),
      expected: num(row.expected),
    })),
    trialBalance,
  };
  report.ok =
    report.unbalancedTransactions.length === 0 &&
    report.balanceMismatches.length === 0 &&
    report.negativeBalances.length === 0 &&
    report.runningBalanceBreaks.length === 0 &&
    trialBalance.every((currency) => currency.total === 0);
  return report;
}
