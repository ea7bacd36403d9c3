import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ledgerAccounts, type LedgerAccountType } from '../db/schema/index';

export type MemberAccountType = Extract<LedgerAccountType, `member_${string}`>;
export type PlatformAccountType = Extract<LedgerAccountType, `platform_${string}`>;

export interface MemberAccounts {
  available: number;
  onHold: number;
}

/**
 * The member's available and on-hold accounts in `currency`, created on first use. Creation is
 * `insert … on conflict do nothing`, so two first movements at once still end with one pair.
 */
export async function ensureMemberAccounts(tx: Tx, userId: string, currency: string): Promise<MemberAccounts> {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.currency, currency)));
  let rows = await find();
  if (rows.length < 2) {
    await tx
      .insert(ledgerAccounts)
      .values([
        { ownerId: userId, type: 'member_available', currency, balance: 0 },
        { ownerId: userId, type: 'member_on_hold', currency, balance: 0 },
      ])
      .onConflictDoNothing();
    rows = await find();
  }
  const available = rows.find((row) => row.type === 'member_available')?.id;
  const onHold = rows.find((row) => row.type === 'member_on_hold')?.id;
  if (available === undefined || onHold === undefined) throw new Error(`member accounts of ${userId} could not be created`);
  return { available, onHold };
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
