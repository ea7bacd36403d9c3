import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ledgerAccounts, type LedgerAccountType } from '../db/schema/index';

export type MemberAccountType = Extract<LedgerAccountType, `member_${string}`>;
export type PlatformAccountType = Extract<LedgerAccountType, `platform_${string}`>;

export interface MemberAccounts {
  available: number;
  onHold: number;
  /** Commissions waiting out the holding period. */
  commissionPending: number;
  /** What the member owes (balance <= 0) after a released commission was taken back. */
  debt: number;
}

const MEMBER_ACCOUNT_TYPES = ['member_available', 'member_on_hold', 'member_commission_pending', 'member_debt'] as const;

function pickMemberAccounts(rows: { id: number; type: string; ownerId?: string | null }[], userId: string): MemberAccounts | null {
  const find = (type: (typeof MEMBER_ACCOUNT_TYPES)[number]) =>
    rows.find((row) => (row.ownerId === undefined || row.ownerId === userId) && row.type === type)?.id;
  const available = find('member_available');
  const onHold = find('member_on_hold');
  const commissionPending = find('member_commission_pending');
  const debt = find('member_debt');
  if (available === undefined || onHold === undefined || commissionPending === undefined || debt === undefined) return null;
  return { available, onHold, commissionPending, debt };
}

/**
 * The member's accounts in `currency` (available, on hold, commission pending, debt), created on
 * first use. Creation is `insert … on conflict do nothing`, so two first movements at once still
 * end with one set.
 */
export async function ensureMemberAccounts(tx: Tx, userId: string, currency: string): Promise<MemberAccounts> {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.currency, currency)));
  let rows = await find();
  if (rows.length < MEMBER_ACCOUNT_TYPES.length) {
    await tx
      .insert(ledgerAccounts)
      .values(MEMBER_ACCOUNT_TYPES.map((type) => ({ ownerId: userId, type, currency, balance: 0 })))
      .onConflictDoNothing();
    rows = await find();
  }
  const accounts = pickMemberAccounts(rows, userId);
  if (!accounts) throw new Error(`member accounts of ${userId} could not be created`);
  return accounts;
}

/** A platform account's id, created on first use. Platform rows are never locked or updated. */
export async function platformAccountId(tx: Tx, type: PlatformAccountType, currency: string): Promise<number> {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.ownerId), eq(ledgerAccounts.type, type), eq(ledgerAccounts.currency, currency)));
  let [row] = await find();
  if (!row) {
    await tx.insert(ledgerAccounts).values({ ownerId: null, type, currency, balance: null }).onConflictDoNothing();
    [row] = await find();
  }
  if (!row) throw new Error(`platform account ${type} could not be created`);
  return row.id;
}

/**
 * A member's accounts and the given platform accounts in one round trip (the hot path of every
 * credit and purchase), creating whichever is missing.
 */
export async function resolveAccounts<P extends PlatformAccountType>(
  tx: Tx,
  userId: string,
  currency: string,
  platformTypes: readonly P[],
): Promise<{ member: MemberAccounts; platform: Record<P, number> }> {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id, type: ledgerAccounts.type, ownerId: ledgerAccounts.ownerId })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.currency, currency),
          or(eq(ledgerAccounts.ownerId, userId), and(isNull(ledgerAccounts.ownerId), inArray(ledgerAccounts.type, [...platformTypes]))),
        ),
      );
  const pick = (rows: Awaited<ReturnType<typeof find>>) => {
    const member = pickMemberAccounts(rows, userId);
    const platform = {} as Record<P, number>;
    for (const type of platformTypes) {
      const id = rows.find((row) => row.ownerId === null && row.type === type)?.id;
      if (id === undefined) return null;
      platform[type] = id;
    }
    return member === null ? null : { member, platform };
  };
  const found = pick(await find());
  if (found) return found;
  const member = await ensureMemberAccounts(tx, userId, currency);
  const platform = {} as Record<P, number>;
  for (const type of platformTypes) platform[type] = await platformAccountId(tx, type, currency);
  return { member, platform };
}

/**
 * Locks member accounts for the rest of the transaction, in ascending id order (the order
 * postTransaction updates them in, so the two never deadlock), and reads their balances: for a
 * movement whose amounts depend on a balance (a claw-back, a debt settlement).
 */
export async function lockMemberBalances(tx: Tx, accountIds: number[]): Promise<Map<number, number>> {
  const sorted = [...new Set(accountIds)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const result = (await tx.execute(
    sql`select id, balance from ledger_accounts where id in (${sql.join(
      sorted.map((id) => sql`${id}`),
      sql`, `,
    )}) and balance is not null order by id for update`,
  )) as unknown as { rows: { id: string | number; balance: string | number }[] };
  return new Map(result.rows.map((row) => [Number(row.id), Number(row.balance)]));
}

/**
 * Several members' accounts in one round trip (a purchase's uplines), creating whichever are
 * missing one member at a time as ensureMemberAccounts does.
 */
export async function ensureMembersAccounts(tx: Tx, userIds: readonly string[], currency: string): Promise<Map<string, MemberAccounts>> {
  const found = new Map<string, MemberAccounts>();
  if (userIds.length === 0) return found;
  const rows = await tx
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type, ownerId: ledgerAccounts.ownerId })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.ownerId, [...userIds]), eq(ledgerAccounts.currency, currency)));
  for (const userId of userIds) {
    found.set(userId, pickMemberAccounts(rows, userId) ?? (await ensureMemberAccounts(tx, userId, currency)));
  }
  return found;
}
