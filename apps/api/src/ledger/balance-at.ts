/**
 * Balances at a point in time (docs/decisions/0028). The balance of an account at an instant is
 * what its entries dated strictly before that instant sum to: so a period [from, to) opens with
 * the balance at `from` and closes with the balance at `to`, and the period's lines lead from one
 * to the other.
 *
 * A member account keeps its running balance on each entry (`balance_after`, written while the
 * account's row is locked): its balance at an instant is that of its last entry before it, one
 * probe of `ledger_entries_account_time_idx`. A platform account keeps none (it is hot): its
 * balance is the closing balance of the last sealed day before the instant (`ledger_seal_balances`)
 * plus its entries since that day's end, a range of the same index: the cost is at most a day or
 * so of its entries, not its whole history.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rows } from './chain-rows';

export interface MemberBalancesAt {
  available: number;
  onHold: number;
  commissionPending: number;
  /** Owed by the member, as a positive number. */
  debt: number;
}

/** The member's balances in `currency` at `at` (zero before their first movement). */
export async function memberBalancesAt(db: Db | Tx, userId: string, currency: string, at: Date): Promise<MemberBalancesAt> {
  const found = await rows(
    db,
    sql`select a.type, coalesce(l.balance_after, 0) as balance
          from ledger_accounts a
          left join lateral (select e.balance_after from ledger_entries e
                              where e.account_id = a.id and e.created_at < ${at}
                              order by e.created_at desc, e.id desc limit 1) l on true
         where a.owner_id = ${userId} and a.currency = ${currency}`,
  );
  const of = (type: string) => Number(found.find((row) => row.type === type)?.balance ?? 0);
  return {
    available: of('member_available'),
    onHold: of('member_on_hold'),
    commissionPending: of('member_commission_pending'),
    debt: Math.abs(of('member_debt')),
  };
}

export interface AccountBalanceAt {
  accountId: string;
  ownerId: string | null;
  type: string;
  currency: string;
  /** Minor units as a decimal string (a platform account's sum may pass 2^53). */
  balance: string;
  /** The sealed day whose closing balance it started from (platform accounts), or null. */
  sealedDay: string | null;
}

/** Any account's balance at `at`; null when there is no such account. */
export async function accountBalanceAt(db: Db | Tx, accountId: number, at: Date): Promise<AccountBalanceAt | null> {
  const [account] = await rows(
    db,
    sql`select id::text as id, owner_id::text as owner_id, type, currency::text as currency, balance is not null as member
          from ledger_accounts where id = ${accountId}`,
  );
  if (!account) return null;
  const base = {
    accountId: String(account.id),
    ownerId: account.owner_id === null ? null : String(account.owner_id),
    type: String(account.type),
    currency: String(account.currency),
  };
  if (account.member) {
    const [last] = await rows(
      db,
      sql`select balance_after::text as balance from ledger_entries where account_id = ${accountId} and created_at < ${at}
           order by created_at desc, id desc limit 1`,
    );
    return { ...base, balance: String(last?.balance ?? '0'), sealedDay: null };
  }
  const [found] = await rows(
    db,
    sql`with sealed as (select day from ledger_seals where (day + 1)::timestamp at time zone 'UTC' <= ${at} order by day desc limit 1),
             closing as (select b.day, b.balance from ledger_seal_balances b, sealed
                          where b.account_id = ${accountId} and b.day <= sealed.day order by b.day desc limit 1)
        select (select day::text from sealed) as sealed_day,
               (coalesce((select balance from closing), 0) + coalesce((
                  select sum(e.amount) from ledger_entries e
                   where e.account_id = ${accountId} and e.created_at < ${at}
                     and e.created_at >= coalesce(((select day from closing) + 1)::timestamp at time zone 'UTC', '-infinity')), 0))::text as balance`,
  );
  return { ...base, balance: String(found?.balance ?? '0'), sealedDay: found?.sealed_day === null ? null : String(found?.sealed_day) };
}
