import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { LedgerAccountType } from '../db/schema/index';

export type PlatformAccountType = Extract<LedgerAccountType, `platform_${string}`>;

export interface MemberAccounts {
  available: number;
  onHold: number;
  /** Commissions waiting out the holding period. */
  commissionPending: number;
  /** What the member owes (balance <= 0) after a released commission was taken back. */
  debt: number;
}

interface MemberAccountsRow {
  available: number | string;
  on_hold: number | string;
  commission_pending: number | string;
  debt: number | string;
}

function toMemberAccounts(row: MemberAccountsRow): MemberAccounts {
  return {
    available: Number(row.available),
    onHold: Number(row.on_hold),
    commissionPending: Number(row.commission_pending),
    debt: Number(row.debt),
  };
}

/**
 * The member's accounts in `currency` (available, on hold, commission pending, debt), created on
 * first use by the database function `ledger_member_accounts` (sql/ledger_member_accounts.sql): two first
 * movements at once still end with one set.
 */
export async function ensureMemberAccounts(tx: Tx, userId: string, currency: string): Promise<MemberAccounts> {
  const result = (await tx.execute(sql`select * from ledger_member_accounts(${userId}::uuid, ${currency}::char(3))`)) as unknown as {
    rows: MemberAccountsRow[];
  };
  return toMemberAccounts(result.rows[0]!);
}

/** A platform account's id, created on first use. Platform rows are never locked or updated. */
export async function platformAccountId(tx: Tx, type: PlatformAccountType, currency: string): Promise<number> {
  const result = (await tx.execute(sql`select ledger_platform_account(${type}, ${currency}::char(3)) as id`)) as unknown as {
    rows: { id: number | string }[];
  };
  return Number(result.rows[0]!.id);
}

/**
 * A member's accounts and the given platform accounts in one round trip (the hot path of every
 * credit), creating whichever is missing.
 */
export async function resolveAccounts<P extends PlatformAccountType>(
  tx: Tx,
  userId: string,
  currency: string,
  platformTypes: readonly P[],
): Promise<{ member: MemberAccounts; platform: Record<P, number> }> {
  const result = (await tx.execute(
    sql`select m.*, array(select ledger_platform_account(t, ${currency}::char(3)) from unnest(${`{${platformTypes.join(',')}}`}::text[]) with ordinality as p(t, i) order by i)::text[] as platform
        from ledger_member_accounts(${userId}::uuid, ${currency}::char(3)) m`,
  )) as unknown as { rows: (MemberAccountsRow & { platform: string[] })[] };
  const row = result.rows[0]!;
  const platform = {} as Record<P, number>;
  platformTypes.forEach((type, index) => {
    platform[type] = Number(row.platform[index]);
  });
  return { member: toMemberAccounts(row), platform };
}

/**
 * Locks member accounts for the rest of the transaction, in ascending id order (the order
 * ledger_post updates them in, so the two never deadlock), and reads their balances: for a
 * movement whose amounts depend on a balance (a claw-back).
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
