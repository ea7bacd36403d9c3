import { and, eq, inArray, isNull, or } from 'drizzle-orm';
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
    const available = rows.find((row) => row.ownerId === userId && row.type === 'member_available')?.id;
    const onHold = rows.find((row) => row.ownerId === userId && row.type === 'member_on_hold')?.id;
    const platform = {} as Record<P, number>;
    for (const type of platformTypes) {
      const id = rows.find((row) => row.ownerId === null && row.type === type)?.id;
      if (id === undefined) return null;
      platform[type] = id;
    }
    return available === undefined || onHold === undefined ? null : { member: { available, onHold }, platform };
  };
  const found = pick(await find());
  if (found) return found;
  const member = await ensureMemberAccounts(tx, userId, currency);
  const platform = {} as Record<P, number>;
  for (const type of platformTypes) platform[type] = await platformAccountId(tx, type, currency);
  return { member, platform };
}
