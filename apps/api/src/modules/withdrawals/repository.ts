import { and, asc, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bankAccounts, users, withdrawalDailyTotals, withdrawals, withdrawalSettings, type AccountSnapshot } from '../../db/schema/index';
import type { LedgerLimits } from '../../ledger/index';
import type { KeysetCursor } from '../../lib/keyset-cursor';
import { actorJson, type ConsoleActor } from '../audit/console';

export type Queryable = Db | Tx;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalSettingsRow = typeof withdrawalSettings.$inferSelect;

// ------------------------------------------------------------------ settings

export async function readSettings(db: Queryable): Promise<WithdrawalSettingsRow> {
  const [row] = await db.select().from(withdrawalSettings);
  if (!row) throw new Error('withdrawal_settings has no row (migration 0700 inserts it)');
  return row;
}

export async function updateSettings(db: Queryable, values: Omit<WithdrawalSettingsRow, 'id'>): Promise<WithdrawalSettingsRow> {
  const [row] = await db.update(withdrawalSettings).set(values).where(eq(withdrawalSettings.id, true)).returning();
  return row!;
}

// ------------------------------------------------------------------ bank accounts

export async function listBankAccounts(db: Queryable, userId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id))
    .limit(50);
}

export async function findBankAccount(db: Queryable, userId: string, id: string): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)));
  return row;
}

/** Serializes a member's bank account changes (the cap, the one default) until the transaction ends. */
export async function lockMemberAccounts(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
}

export async function insertBankAccount(tx: Tx, values: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [row] = await tx.insert(bankAccounts).values(values).returning();
  return row!;
}

export async function updateBankAccount(tx: Tx, id: string, values: Partial<typeof bankAccounts.$inferInsert>): Promise<BankAccountRow> {
  const [row] = await tx.update(bankAccounts).set(values).where(eq(bankAccounts.id, id)).returning();
  return row!;
}

/**
 * Deletes the member's removed accounts that no withdrawal refers to, beyond the newest `keep`
 * numbers (an older row of a number kept is deleted too). Returns how many went.
 */
export async function pruneRemovedBankAccounts(tx: Tx, userId: string, keep: number): Promise<number> {
  const gone = await rowsOf<{ id: string }>(
    tx,
    sql`with removed as (
          select b.id, row_number() over (partition by b.number_hash order by b.removed_at desc, b.id desc) as copy, b.removed_at
            from bank_accounts b
           where b.user_id = ${userId} and b.removed_at is not null
             and not exists (select 1 from withdrawals w where w.user_id = ${userId} and w.bank_account_id = b.id)),
        numbers as (
          select id, row_number() over (order by removed_at desc, id desc) as newest from removed where copy = 1)
        delete from bank_accounts
         where id in (select id from removed where copy > 1) or id in (select id from numbers where newest > ${keep})
        returning id`,
  );
  return gone.length;
}

export async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(bankAccounts)
    .set({ isDefault: false })
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true), isNull(bankAccounts.removedAt)));
}

// ------------------------------------------------------------------ withdrawals

/** A withdrawals row as to_jsonb writes it. */
interface WithdrawalJson {
  id: string;
  user_id: string;
  request_key: string;
  bank_account_id: string;
  account_snapshot: AccountSnapshot;
  currency: string;
  amount: number;
  fee: number;
  net: number;
  status: WithdrawalRow['status'];
  payout_reference: string | null;
  reject_reason: string | null;
  hold_transaction_id: number;
  settle_transaction_id: number | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

function withdrawalRowOf(row: WithdrawalJson): WithdrawalRow {
  return {
    id: row.id,
    userId: row.user_id,
    requestKey: row.request_key,
    bankAccountId: row.bank_account_id,
    accountSnapshot: row.account_snapshot,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    status: row.status,
    payoutReference: row.payout_reference,
    rejectReason: row.reject_reason,
    holdTransactionId: row.hold_transaction_id,
    settleTransactionId: row.settle_transaction_id,
    createdAt: new Date(row.created_at),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
    resolvedBy: row.resolved_by,
  };
}

export interface RequestInput {
  userId: string;
  sessionId: string;
  bankAccountId: string;
  amount: number;
  requestKey: string;
  currency: string;
  at: Date;
  limits: LedgerLimits;
}

/** How many of the member's withdrawals are pending, and whether one was made with this Idempotency-Key. */
export async function pendingWithdrawals(db: Queryable, userId: string, requestKey: string): Promise<{ pending: number; madeWithKey: boolean }> {
  const [row] = await rowsOf<{ pending: number; made_with_key: boolean }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending, coalesce(bool_or(request_key = ${requestKey}), false) as made_with_key
          from withdrawals where user_id = ${userId} and (status = 'pending' or request_key = ${requestKey})`,
  );
  return { pending: row?.pending ?? 0, madeWithKey: row?.made_with_key ?? false };
}

/** One request, whole, in the database function withdrawal_request (sql/withdrawal_request.sql): one round trip. */
export async function requestWithdrawal(db: Queryable, input: RequestInput): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  const [row] = await rowsOf<{ replayed: boolean; withdrawal: WithdrawalJson }>(
    db,
    sql`select r.replayed, to_jsonb(r.withdrawal) as withdrawal
        from withdrawal_request(${input.userId}::uuid, ${input.sessionId}::uuid, ${input.bankAccountId}::uuid, ${input.amount}::bigint,
          ${input.requestKey}, ${input.currency}::char(3), ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint) r`,
  );
  return { withdrawal: withdrawalRowOf(row!.withdrawal), replayed: row!.replayed };
}

export interface SettleInput {
  id: string;
  outcome: 'paid' | 'rejected' | 'cancelled';
  /** A member cancelling: only their own withdrawal is found. */
  memberId: string | null;
  operatorId: string | null;
  payoutReference: string | null;
  reason: string | null;
  at: Date;
  limits: LedgerLimits;
}

/** Settles a pending withdrawal once, in the database function withdrawal_settle (sql/withdrawal_settle.sql). */
export async function settleWithdrawal(db: Queryable, input: SettleInput): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  const [row] = await rowsOf<{ replayed: boolean; withdrawal: WithdrawalJson }>(
    db,
    sql`select r.replayed, to_jsonb(r.withdrawal) as withdrawal
        from withdrawal_settle(${input.id}::uuid, ${input.outcome}, ${input.memberId}::uuid, ${input.operatorId}::uuid,
          ${input.payoutReference}, ${input.reason}, ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint) r`,
  );
  return { withdrawal: withdrawalRowOf(row!.withdrawal), replayed: row!.replayed };
}

/** An operator pays or rejects a withdrawal, with its audit row: withdrawal_settle_audited (sql/withdrawal_settle_audited.sql). */
export async function settleWithdrawalAudited(
  db: Queryable,
  input: Omit<SettleInput, 'memberId' | 'operatorId' | 'outcome'> & { outcome: 'paid' | 'rejected'; actor: ConsoleActor },
): Promise<{ withdrawal: WithdrawalRow; replayed: boolean; displayName: string }> {
  const [row] = await rowsOf<{ replayed: boolean; withdrawal: WithdrawalJson; display_name: string | null }>(
    db,
    sql`select r.replayed, to_jsonb(r.withdrawal) as withdrawal, r.display_name
        from withdrawal_settle_audited(${input.id}::uuid, ${input.outcome}, ${actorJson(input.actor)}::jsonb,
          ${input.payoutReference}, ${input.reason}, ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint) r`,
  );
  return { withdrawal: withdrawalRowOf(row!.withdrawal), replayed: row!.replayed, displayName: row!.display_name ?? '' };
}

export async function findWithdrawal(db: Queryable, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export interface WithdrawalFilter {
  userId?: string;
  status?: WithdrawalRow['status'];
}

function conditions(filter: WithdrawalFilter): SQL | undefined {
  return and(
    filter.userId ? eq(withdrawals.userId, filter.userId) : undefined,
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
  );
}

/** Newest first (a member's history), or oldest first (the payout queue). */
export async function listWithdrawals(
  db: Queryable,
  filter: WithdrawalFilter,
  page: { cursor?: KeysetCursor; limit: number; oldestFirst?: boolean },
): Promise<WithdrawalRow[]> {
  const where = conditions(filter);
  const cursor = page.cursor;
  const after = cursor
    ? page.oldestFirst
      ? or(
          sql`${withdrawals.createdAt} > ${cursor.createdAt}`,
          and(eq(withdrawals.createdAt, cursor.createdAt), sql`${withdrawals.id} > ${cursor.id}`),
        )
      : or(lt(withdrawals.createdAt, cursor.createdAt), and(eq(withdrawals.createdAt, cursor.createdAt), lt(withdrawals.id, cursor.id)))
    : undefined;
  return db
    .select()
    .from(withdrawals)
    .where(and(where, after))
    .orderBy(
      ...(page.oldestFirst ? [asc(withdrawals.createdAt), asc(withdrawals.id)] : [desc(withdrawals.createdAt), desc(withdrawals.id)]),
    )
    .limit(page.limit + 1);
}

export async function countWithdrawals(db: Queryable, filter: WithdrawalFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(withdrawals).where(conditions(filter));
  return Number(row?.total ?? 0);
}

/** What a member has asked to withdraw on the UTC day of `at`. */
export async function usedToday(db: Queryable, userId: string, at: Date): Promise<number> {
  const day = at.toISOString().slice(0, 10);
  const [row] = await db
    .select({ total: withdrawalDailyTotals.total })
    .from(withdrawalDailyTotals)
    .where(and(eq(withdrawalDailyTotals.userId, userId), eq(withdrawalDailyTotals.day, day)));
  return row?.total ?? 0;
}

export async function displayNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((row) => [row.id, row.displayName]));
}
