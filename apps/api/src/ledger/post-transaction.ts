import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type LedgerTransactionKind } from '../db/schema/index';
import { AppError } from '../errors';
import { AmountTooLargeError, BalanceLimitError, LEDGER_CEILINGS, type LedgerLimits } from './limits';

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
  /** When it happened (the app clock). */
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

export class InsufficientFundsError extends AppError {
  constructor(readonly accountId: number) {
    super('INSUFFICIENT_FUNDS', 409, 'The balance is too low for this.', { amount: 'The balance is too low for this amount.' });
  }
}

/**
 * An idempotency key already posted for a different movement (another account, direction or
 * amount): a 422, so a reused key is never reported as a success that moved nothing.
 */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      422,
      'This Idempotency-Key was already used for a different money movement (another member, direction or amount). Use a new key for a new request.',
    );
  }
}

/** Entries as a comparable value: the multiset of (account, amount) pairs. */
function entryShape(entries: LedgerEntryInput[]): string {
  return entries
    .map((entry) => `${entry.accountId}:${entry.amount}`)
    .sort()
    .join(',');
}

function assertBalanced(entries: LedgerEntryInput[], limits: LedgerLimits): void {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
      throw new Error(`ledger amount must be a non-zero integer, got ${entry.amount}`);
    // Every entry of a movement is at most the movement itself, so one bound covers them all.
    if (Math.abs(entry.amount) > limits.amountMax) throw new AmountTooLargeError(limits.amountMax);
    sum += entry.amount;
  }
  if (!Number.isSafeInteger(sum) || sum !== 0) throw new Error(`ledger entries must sum to zero, got ${sum}`);
}

/**
 * Writes one balanced transaction inside the caller's database transaction: the transaction row,
 * its entries, and the cached balances of the member accounts it touches.
 *
 * Member rows are changed by a conditional update (`0 <= balance + delta <= balanceMax`) in
 * ascending id order, so two movements on the same accounts queue instead of deadlocking and a
 * balance can never go below zero or, by a credit, past its limit (CHECKs on the column back
 * this up). Platform accounts are not touched at all:
 * their balances are sums of entries, so they never become a point of contention.
 * The database itself refuses an unbalanced transaction at commit (deferred constraint trigger).
 */
export async function postTransaction(tx: Tx, input: PostTransactionInput): Promise<PostedTransaction> {
  const limits = input.limits ?? LEDGER_CEILINGS;
  assertBalanced(input.entries, limits);

  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey ?? null,
      memo: input.memo ?? '',
      refs: input.refs ?? {},
      reversesId: input.reversesId ?? null,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey!));
    if (!existing) throw new Error('idempotent ledger transaction vanished');
    // The key is only a replay when it names the same movement; anything else must not pass as done.
    const entries = await tx
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, existing.id));
    if (existing.kind !== input.kind || entryShape(entries) !== entryShape(input.entries)) throw new IdempotencyKeyReusedError();
    return { transactionId: existing.id, created: false, balances: new Map() };
  }
  const transactionId = inserted[0]!.id;

  const accountIds = [...new Set(input.entries.map((entry) => entry.accountId))].sort((a, b) => a - b);
  const accounts = await tx
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type, isMember: sql<boolean>`${ledgerAccounts.balance} is not null` })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
  if (accounts.length !== accountIds.length) throw new Error('ledger entry names an unknown account');
  const memberIds = new Set(accounts.filter((account) => account.isMember).map((account) => account.id));
  const debtIds = new Set(accounts.filter((account) => account.type === 'member_debt').map((account) => account.id));

  const deltas = new Map<number, number>();
  for (const entry of input.entries) {
    if (memberIds.has(entry.accountId)) deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0) + entry.amount);
  }

  const balances = new Map<number, number>();
  for (const accountId of accountIds) {
    if (!memberIds.has(accountId)) continue;
    const delta = deltas.get(accountId) ?? 0;
    const isDebt = debtIds.has(accountId);
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(
        and(
          eq(ledgerAccounts.id, accountId),
          // A debt account stays within [-balanceMax, 0]: settling never turns it into a credit.
          isDebt
            ? sql`${ledgerAccounts.balance} + ${delta} between ${-limits.balanceMax} and 0`
            : // Only a credit meets the limit: a balance above a limit lowered since can still be spent.
              delta > 0
              ? sql`${ledgerAccounts.balance} + ${delta} <= ${limits.balanceMax}`
              : sql`${ledgerAccounts.balance} + ${delta} >= 0`,
        ),
      )
      .returning({ balance: ledgerAccounts.balance });
    if (!row || row.balance === null) {
      if (isDebt) throw new Error(`debt account ${accountId} would leave [-balanceMax, 0]`);
      throw delta > 0 ? new BalanceLimitError(accountId) : new InsufficientFundsError(accountId);
    }
    balances.set(accountId, row.balance);
  }

  // Running balance per member entry, counted back from the balance after the whole transaction.
  const running = new Map<number, number>();
  for (const [accountId, balance] of balances) running.set(accountId, balance - (deltas.get(accountId) ?? 0));
  await tx.insert(ledgerEntries).values(
    input.entries.map((entry) => {
      let balanceAfter: number | null = null;
      if (memberIds.has(entry.accountId)) {
        balanceAfter = running.get(entry.accountId)! + entry.amount;
        running.set(entry.accountId, balanceAfter);
      }
      return { transactionId, accountId: entry.accountId, amount: entry.amount, balanceAfter, createdAt: input.at };
    }),
  );
  return { transactionId, created: true, balances };
}
