import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { LedgerTransactionKind } from '../db/schema/index';
import { ledgerRefusalError, moneyRefusalOf } from './database-errors';
import { AmountTooLargeError, LEDGER_CEILINGS, type LedgerLimits } from './limits';

export { IdempotencyKeyReusedError, InsufficientFundsError } from './refusals';

export interface LedgerEntryInput {
  accountId: number;
  /** Signed minor units: positive raises the account's balance, negative lowers it. */
  amount: number;
}

export interface PostTransactionInput {
  kind: LedgerTransactionKind;
  /** Makes the effect happen at most once: posting the same key again returns the first transaction. */
  idempotencyKey?: string;
  entries: LedgerEntryInput[];
  memo?: string;
  refs?: Record<string, string>;
  reversesId?: number;
  /**
   * The app clock. The database dates the transaction itself (`ledger_now()`, sql/ledger_now.sql);
   * only a test session (the test clock on) takes this time, so tests that move time move the ledger's.
   */
  at: Date;
  /** Per-movement and balance limits (`ledgerLimits(config)`); the database's ceilings when omitted. */
  limits?: LedgerLimits;
}

export interface PostedTransaction {
  transactionId: number;
  /** False when the idempotency key had already been posted (nothing moved this time). */
  created: boolean;
  /** Member account id → balance after this transaction (only when created). */
  balances: Map<number, number>;
}

function assertBalanced(entries: LedgerEntryInput[], limits: LedgerLimits): void {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
      throw new Error(`ledger amount must be a non-zero integer, got ${entry.amount}`);
    if (!Number.isSafeInteger(entry.accountId)) throw new Error(`ledger account must be an id, got ${entry.accountId}`);
    // Every entry of a movement is at most the movement itself, so one bound covers them all.
    if (Math.abs(entry.amount) > limits.amountMax) throw new AmountTooLargeError(limits.amountMax);
    sum += entry.amount;
  }
  if (!Number.isSafeInteger(sum) || sum !== 0) throw new Error(`ledger entries must sum to zero, got ${sum}`);
}

/** A list of integers as a PostgreSQL array literal (the values are checked integers). */
function bigintArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/**
 * Writes one balanced transaction inside the caller's database transaction: the transaction row,
 * its entries, and the cached balances of the member accounts it touches. One round trip: the
 * database function `ledger_post` (sql/ledger_post.sql) holds the rules.
 *
 * Member rows are changed by a conditional update (`0 <= balance + delta <= balanceMax`; a debt
 * account within [-balanceMax, 0]) in ascending id order, so two movements on the same accounts
 * queue instead of deadlocking and a balance can never go below zero or, by a credit, past its
 * limit (CHECKs on the column back this up). Platform accounts are not touched at all: their
 * balances are sums of entries, so they never become a point of contention. The database itself
 * refuses an unbalanced transaction at commit (deferred constraint trigger).
 */
export async function postTransaction(tx: Tx, input: PostTransactionInput): Promise<PostedTransaction> {
  const limits = input.limits ?? LEDGER_CEILINGS;
  assertBalanced(input.entries, limits);
  let posted: { id: number; created: boolean; balances: Record<string, number> };
  try {
    const result = (await tx.execute(
      sql`select ledger_post(${input.kind}, ${input.idempotencyKey ?? null}, ${bigintArray(input.entries.map((entry) => entry.accountId))}::bigint[],
            ${bigintArray(input.entries.map((entry) => entry.amount))}::bigint[], ${input.memo ?? ''}, ${JSON.stringify(input.refs ?? {})}::jsonb,
            ${input.reversesId ?? null}::bigint, ${limits.amountMax}::bigint, ${limits.balanceMax}::bigint) as posted
          from (select ledger_now(${input.at}::timestamptz)) as clock`,
    )) as unknown as { rows: { posted: typeof posted }[] };
    posted = result.rows[0]!.posted;
  } catch (error) {
    throw ledgerRefusalError(moneyRefusalOf(error)) ?? error;
  }
  return {
    transactionId: Number(posted.id),
    created: posted.created,
    balances: new Map(Object.entries(posted.balances).map(([id, balance]) => [Number(id), Number(balance)])),
  };
}
