import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowFromJson, rowsOf } from '../../db/rows';
import {
  bankAccounts,
  payoutFileRows,
  payoutFiles,
  users,
  withdrawalDailyTotals,
  withdrawals,
  withdrawalSettings,
} from '../../db/schema/index';
import type { LedgerLimits } from '../../ledger/index';
import { olderThan, type KeysetCursor } from '../../lib/keyset-cursor';
import { actorJson, type ConsoleActor } from '../audit/index';

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

/** The settings and the fee of `amount` under them, by the database's own withdrawal_fee (sql/withdrawal_fee.sql): what a request would charge. */
export async function readSettingsAndFee(db: Queryable, amount: number): Promise<{ settings: WithdrawalSettingsRow; fee: number }> {
  const [row] = await db
    .select({ settings: withdrawalSettings, fee: sql<string>`withdrawal_fee(${amount}::bigint, ${withdrawalSettings})` })
    .from(withdrawalSettings);
  if (!row) throw new Error('withdrawal_settings has no row (migration 0700 inserts it)');
  return { settings: row.settings, fee: Number(row.fee) };
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

/** A withdrawals row as a database function returned it (to_jsonb). */
type WithdrawalJson = Record<string, unknown>;
const withdrawalRowOf = (json: WithdrawalJson): WithdrawalRow => rowFromJson(withdrawals, json);

export interface RequestInput {
  userId: string;
  sessionId: string;
  bankAccountId: string;
  amount: number;
  /** The fee the member was shown; null when the client sent none. */
  expectedFee: number | null;
  requestKey: string;
  currency: string;
  at: Date;
  limits: LedgerLimits;
  /** At most this many open (pending or processing) withdrawals per member. */
  maxPending: number;
}

/** One request, whole, in the database function withdrawal_request (sql/withdrawal_request.sql): one round trip. */
export async function requestWithdrawal(db: Queryable, input: RequestInput): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  const [row] = await rowsOf<{ replayed: boolean; withdrawal: WithdrawalJson }>(
    db,
    sql`select r.replayed, to_jsonb(r.withdrawal) as withdrawal
        from withdrawal_request(${input.userId}::uuid, ${input.sessionId}::uuid, ${input.bankAccountId}::uuid, ${input.amount}::bigint,
          ${input.requestKey}, ${input.currency}::char(3), ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint,
          ${input.expectedFee}::bigint, ${input.maxPending}::int) r`,
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

/** Settles an open withdrawal once, in the database function withdrawal_settle (sql/withdrawal_settle.sql). */
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
  input: Omit<SettleInput, 'memberId' | 'operatorId' | 'outcome'> & {
    outcome: 'paid' | 'rejected';
    actor: ConsoleActor;
    /** A second person's approval of a result file: both names on the audit row. */
    approval?: { approvedBy: string; approvalId: string };
  },
): Promise<{ withdrawal: WithdrawalRow; replayed: boolean; displayName: string }> {
  const [row] = await rowsOf<{ replayed: boolean; withdrawal: WithdrawalJson; display_name: string | null }>(
    db,
    sql`select r.replayed, to_jsonb(r.withdrawal) as withdrawal, r.display_name
        from withdrawal_settle_audited(${input.id}::uuid, ${input.outcome}, ${actorJson(input.actor, input.approval)}::jsonb,
          ${input.payoutReference}, ${input.reason}, ${input.at}, ${input.limits.amountMax}::bigint, ${input.limits.balanceMax}::bigint) r`,
  );
  return { withdrawal: withdrawalRowOf(row!.withdrawal), replayed: row!.replayed, displayName: row!.display_name ?? '' };
}

/** An operator reveals the bank details (audited); a pending withdrawal becomes processing: withdrawal_reveal (sql/withdrawal_reveal.sql). */
export async function revealWithdrawal(
  db: Queryable,
  input: { id: string; actor: ConsoleActor; at: Date },
): Promise<{ withdrawal: WithdrawalRow; moved: boolean }> {
  const [row] = await rowsOf<{ moved: boolean; withdrawal: WithdrawalJson }>(
    db,
    sql`select r.moved, to_jsonb(r.withdrawal) as withdrawal
        from withdrawal_reveal(${input.id}::uuid, ${actorJson(input.actor)}::jsonb, ${input.at}) r`,
  );
  return { withdrawal: withdrawalRowOf(row!.withdrawal), moved: row!.moved };
}

/** Back in the queue (processing → pending) with a reason, audited: withdrawal_requeue (sql/withdrawal_requeue.sql). */
export async function requeueWithdrawal(
  db: Queryable,
  input: { id: string; actor: ConsoleActor; reason: string; at: Date },
): Promise<{ withdrawal: WithdrawalRow; replayed: boolean; displayName: string }> {
  const [row] = await rowsOf<{ replayed: boolean; withdrawal: WithdrawalJson; display_name: string | null }>(
    db,
    sql`select r.replayed, to_jsonb(r.withdrawal) as withdrawal, r.display_name
        from withdrawal_requeue(${input.id}::uuid, ${actorJson(input.actor)}::jsonb, ${input.reason}, ${input.at}) r`,
  );
  return { withdrawal: withdrawalRowOf(row!.withdrawal), replayed: row!.replayed, displayName: row!.display_name ?? '' };
}

// ------------------------------------------------------------------ payout files

export type PayoutFileRow = typeof payoutFiles.$inferSelect;

/** The payout file of the oldest pending withdrawals, which become processing: withdrawal_export (sql/withdrawal_export.sql). */
export async function exportPayoutFile(
  db: Queryable,
  input: { actor: ConsoleActor; currency: string; limit: number; at: Date },
): Promise<PayoutFileRow> {
  const [row] = await rowsOf<{ file: Record<string, unknown> }>(
    db,
    // One composite out parameter: the function returns the payout_files row itself.
    sql`select to_jsonb(r) as file
        from withdrawal_export(${actorJson(input.actor)}::jsonb, ${input.currency}::char(3), ${input.limit}::integer, ${input.at}) r`,
  );
  return rowFromJson(payoutFiles, row!.file);
}

export async function findPayoutFile(db: Queryable, id: string): Promise<PayoutFileRow | undefined> {
  const [row] = await db.select().from(payoutFiles).where(eq(payoutFiles.id, id));
  return row;
}

export async function findPayoutFiles(db: Queryable, ids: string[]): Promise<PayoutFileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payoutFiles).where(inArray(payoutFiles.id, ids));
}

/** Newest first, by keyset on (created_at, id). */
export async function listPayoutFiles(db: Queryable, page: { cursor?: KeysetCursor; limit: number }): Promise<PayoutFileRow[]> {
  return db
    .select()
    .from(payoutFiles)
    .where(olderThan(page.cursor, payoutFiles.createdAt, payoutFiles.id))
    .orderBy(desc(payoutFiles.createdAt), desc(payoutFiles.id))
    .limit(page.limit + 1);
}

/** A file's lines in order, each with the withdrawal it sent (its account snapshot and request time never change). */
export async function payoutFileLines(
  db: Queryable,
  fileId: string,
): Promise<{ line: typeof payoutFileRows.$inferSelect; withdrawal: WithdrawalRow }[]> {
  const found = await db
    .select({ line: payoutFileRows, withdrawal: withdrawals })
    .from(payoutFileRows)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutFileRows.withdrawalId))
    .where(eq(payoutFileRows.fileId, fileId))
    .orderBy(asc(payoutFileRows.line));
  return found;
}

/** Whose withdrawal it is, with what the console's account check needs of them (role, status): one read. */
export async function findWithdrawalOwner(
  db: Queryable,
  id: string,
): Promise<{ id: string; role: (typeof users.$inferSelect)['role']; status: (typeof users.$inferSelect)['status'] } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  return row;
}

export async function findWithdrawal(db: Queryable, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export interface WithdrawalFilter {
  userId?: string;
  /** `open`: pending and processing (the operator's queue). */
  status?: WithdrawalRow['status'] | 'open';
}

function conditions(filter: WithdrawalFilter): SQL | undefined {
  return and(
    filter.userId ? eq(withdrawals.userId, filter.userId) : undefined,
    filter.status === 'open'
      ? inArray(withdrawals.status, ['pending', 'processing'])
      : filter.status
        ? eq(withdrawals.status, filter.status)
        : undefined,
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
      : olderThan(cursor, withdrawals.createdAt, withdrawals.id)
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
