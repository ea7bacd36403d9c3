import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type LedgerTransactionKind } from '../db/schema/index';

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

/** The member accounts a statement shows; the debt account is told by the commission summary instead. */
export type StatementAccount = 'available' | 'on_hold' | 'commission_pending';
const STATEMENT_ACCOUNT_TYPES = {
  available: 'member_available',
  on_hold: 'member_on_hold',
  commission_pending: 'member_commission_pending',
} as const;
const ACCOUNT_OF_TYPE: Record<string, StatementAccount> = {
  member_available: 'available',
  member_on_hold: 'on_hold',
  member_commission_pending: 'commission_pending',
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

/** A page of the member's entries, newest first, by keyset on the entry id (no OFFSET). */
export async function listMemberEntries(db: Db | Tx, userId: string, currency: string, filter: StatementFilter): Promise<StatementEntry[]> {
  const conditions: SQL[] = [eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.currency, currency)];
  conditions.push(
    filter.account
      ? eq(ledgerAccounts.type, STATEMENT_ACCOUNT_TYPES[filter.account])
      : inArray(ledgerAccounts.type, Object.values(STATEMENT_ACCOUNT_TYPES)),
  );
  if (filter.kinds && filter.kinds.length > 0) conditions.push(inArray(ledgerTransactions.kind, filter.kinds));
  if (filter.from) conditions.push(gte(ledgerEntries.createdAt, filter.from));
  if (filter.to) conditions.push(lt(ledgerEntries.createdAt, filter.to));
  if (filter.beforeId !== undefined) conditions.push(lt(ledgerEntries.id, filter.beforeId));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      accountType: ledgerAccounts.type,
      amount: ledgerEntries.amount,
      balanceAfter: sql<number>`coalesce(${ledgerEntries.balanceAfter}, 0)`.mapWith(Number),
      memo: ledgerTransactions.memo,
      refs: ledgerTransactions.refs,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.id))
    .limit(filter.limit);
  return rows.map(({ accountType, ...row }) => ({ ...row, account: ACCOUNT_OF_TYPE[accountType] ?? 'available' }));
}
