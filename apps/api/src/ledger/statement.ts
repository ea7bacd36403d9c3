import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { ledgerAccounts, type LedgerTransactionKind } from '../db/schema/index';

export interface StatementFilter {
  kinds?: LedgerTransactionKind[];
  account?: StatementAccount;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Keyset cursor: only entries with a smaller id. */
  beforeId?: number;
  limit: number;
}

/** The member accounts a statement shows: all four, what the member owes after a claw-back (debt) too. */
export type StatementAccount = 'available' | 'on_hold' | 'commission_pending' | 'debt';
const STATEMENT_ACCOUNT_TYPES = {
  available: 'member_available',
  on_hold: 'member_on_hold',
  commission_pending: 'member_commission_pending',
  debt: 'member_debt',
} as const;
/** The types of the member accounts a statement reads. */
export const MEMBER_ACCOUNT_TYPES: string[] = Object.values(STATEMENT_ACCOUNT_TYPES);
const ACCOUNT_OF_TYPE: Record<string, StatementAccount> = {
  member_available: 'available',
  member_on_hold: 'on_hold',
  member_commission_pending: 'commission_pending',
  member_debt: 'debt',
};

export interface StatementEntry {
  id: number;
  transactionId: number;
  kind: LedgerTransactionKind;
  account: StatementAccount;
  amount: number;
  balanceAfter: number;
  memo: string;
  refs: Record<string, string>;
  createdAt: Date;
}

/** The member's balances in `currency`; zero before their first movement. */
export async function getMemberBalances(
  db: Db | Tx,
  userId: string,
  currency: string,
): Promise<{ available: number; onHold: number; commissionPending: number; debt: number }> {
  const rows = await db
    .select({ type: ledgerAccounts.type, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.currency, currency)));
  return {
    available: rows.find((row) => row.type === 'member_available')?.balance ?? 0,
    onHold: rows.find((row) => row.type === 'member_on_hold')?.balance ?? 0,
    commissionPending: rows.find((row) => row.type === 'member_commission_pending')?.balance ?? 0,
    /** Owed by the member, as a positive number. */
    debt: Math.abs(rows.find((row) => row.type === 'member_debt')?.balance ?? 0),
  };
}

/** A text[] parameter (the values are the ledger's own names and ids: no quotes in them). */
export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replaceAll('"', '')}"`).join(',')}}`}::text[]`;
export const bigintArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::bigint[]`;

/**
 * The conditions of a statement page on an entry `e` (of transaction `t`) read along account `a`:
 * the given ones, then the period and the keyset cursor. The entries' and the events' pages share them.
 */
export function pageConditions(filter: { from?: Date; to?: Date; beforeId?: number }, ...given: SQL[]): SQL {
  const conditions: SQL[] = [sql`e.account_id = a.id`, ...given];
  if (filter.from) conditions.push(sql`e.created_at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`e.created_at < ${filter.to}`);
  if (filter.beforeId !== undefined) conditions.push(sql`e.id < ${filter.beforeId}`);
  return sql.join(conditions, sql` and `);
}

/** An entry as a raw query reads it (`e`, its transaction `t`, its account's type). */
export interface StatementEntryRow {
  id: string | number;
  transaction_id: string | number;
  kind: LedgerTransactionKind;
  type: string;
  amount: string | number;
  balance_after: string | number | null;
  memo: string;
  refs: Record<string, string>;
  created_at: Date | string;
}

export function statementEntryOf(row: StatementEntryRow): StatementEntry {
  return {
    id: Number(row.id),
    transactionId: Number(row.transaction_id),
    kind: row.kind,
    account: ACCOUNT_OF_TYPE[row.type] ?? 'available',
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after ?? 0),
    memo: row.memo,
    refs: row.refs,
    createdAt: new Date(row.created_at),
  };
}

/**
 * A page of the member's entries, newest first, by keyset on the entry id (no OFFSET). Each of
 * their (at most four) accounts is read backwards along its own index (`account_id, id desc`),
 * at most a page each, and the pages are merged: the work is bounded by the member's own entries.
 * One join over the whole ledger ordered by id let PostgreSQL walk the primary key backwards
 * through every entry looking for the member's — 0.8 s at 10 M entries for a new member with none.
 */
export async function listMemberEntries(db: Db | Tx, userId: string, currency: string, filter: StatementFilter): Promise<StatementEntry[]> {
  const types = filter.account ? [STATEMENT_ACCOUNT_TYPES[filter.account]] : MEMBER_ACCOUNT_TYPES;
  const kinds = filter.kinds && filter.kinds.length > 0 ? [sql`t.kind = any(${textArray(filter.kinds)})`] : [];
  const rows = await rowsOf<StatementEntryRow>(
    db,
    sql`select page.*, a.type
          from ledger_accounts a
          cross join lateral (
            select e.id, e.transaction_id, t.kind, e.amount, e.balance_after, t.memo, t.refs, e.created_at
              from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
             where ${pageConditions(filter, ...kinds)}
             order by e.id desc
             limit ${filter.limit}
          ) page
         where a.owner_id = ${userId} and a.currency = ${currency} and a.type = any(${textArray(types)})
         order by page.id desc
         limit ${filter.limit}`,
  );
  return rows.map(statementEntryOf);
}
