import type { BalanceLeaf } from '@orchard/shared/books';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

type Row = Record<string, unknown>;
export async function rows(db: Db | Tx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The advisory lock one sealer holds while it seals a day, on any instance. */
export const SEAL_LOCK = 7_206_029;

export async function lastSeal(db: Db | Tx): Promise<{ day: string; payload: string } | null> {
  const [row] = await rows(db, sql`select day::text as day, payload from ledger_seals order by ledger_seals.day desc limit 1`);
  return row ? { day: String(row.day), payload: String(row.payload) } : null;
}

/** The UTC day of the first ledger transaction (null: none yet). */
export async function firstLedgerDay(db: Db | Tx): Promise<string | null> {
  const [row] = await rows(db, sql`select ((min(created_at)) at time zone 'UTC')::date::text as day from ledger_transactions`);
  return row?.day ? String(row.day) : null;
}

/** True when some transaction dated before `end` is not linked yet (its id is above the head's). */
export async function unlinkedBefore(db: Db | Tx, end: Date, headTxId: number): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`select exists (select 1 from ledger_transactions where created_at < ${end} and id > ${headTxId}) as found`,
  );
  return Boolean(row?.found);
}

export interface MovedAccount {
  accountId: string;
  member: boolean;
  /** Member accounts: the running balance after the day's last entry. */
  lastAfter: string | null;
  delta: string;
}

/** Each account that moved in [start, end) (start null: since the beginning). */
export async function movedAccounts(db: Db | Tx, start: Date | null, end: Date): Promise<MovedAccount[]> {
  const found = await rows(
    db,
    sql`select e.account_id::text as account_id, a.balance is not null as member,
               (array_agg(e.balance_after order by e.id desc))[1]::text as last_after, sum(e.amount)::text as delta
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id in (select id from ledger_transactions where created_at < ${end}
                                      and (${start}::timestamptz is null or created_at >= ${start}::timestamptz))
         group by e.account_id, a.balance is not null`,
  );
  return found.map((r) => ({
    accountId: String(r.account_id),
    member: Boolean(r.member),
    lastAfter: r.last_after === null ? null : String(r.last_after),
    delta: String(r.delta),
  }));
}

export interface ClosingRow extends BalanceLeaf {
  member: boolean;
  /** Set on the accounts the day moved (their rows are written with the seal). */
  moved?: boolean;
}

/**
 * Every account's closing balance as sealed up to `day` (inclusive when `inclusive`): its latest
 * sealed row. `onlyOwner` narrows to one member's accounts.
 */
export async function sealedClosings(db: Db | Tx, day: string, inclusive: boolean, onlyOwner?: string): Promise<ClosingRow[]> {
  const found = await rows(
    db,
    sql`select a.id::text as id, coalesce(a.owner_id::text, '') as owner, a.type, a.currency::text as currency,
               a.owner_id is not null as member, p.balance::text as balance
          from ledger_accounts a
          join lateral (select b.balance from ledger_seal_balances b
                         where b.account_id = a.id and (b.day < ${day}::date or (${inclusive} and b.day = ${day}::date))
                         order by b.day desc limit 1) p on true
         where ${onlyOwner ?? null}::uuid is null or a.owner_id = ${onlyOwner ?? null}::uuid
         order by a.id`,
  );
  return found.map((r) => ({
    accountId: String(r.id),
    ownerId: String(r.owner),
    type: String(r.type),
    currency: String(r.currency),
    balance: String(r.balance),
    member: Boolean(r.member),
  }));
}

/** The accounts named, with what a leaf needs. */
export async function accountsByIds(db: Db | Tx, ids: string[]): Promise<Map<string, Omit<ClosingRow, 'balance'>>> {
  if (ids.length === 0) return new Map();
  const found = await rows(
    db,
    sql`select a.id::text as id, coalesce(a.owner_id::text, '') as owner, a.type, a.currency::text as currency, a.owner_id is not null as member
          from ledger_accounts a where a.id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Map(
    found.map((r) => [
      String(r.id),
      { accountId: String(r.id), ownerId: String(r.owner), type: String(r.type), currency: String(r.currency), member: Boolean(r.member) },
    ]),
  );
}
