import { sql } from 'drizzle-orm';
import { AMOUNT_MAX_MINOR_CEILING, BALANCE_MAX_MINOR_CEILING } from '@orchard/shared';
import type { Db } from '../src/db/client';
import { ensureMemberAccounts, platformAccountId, withTransaction } from '../src/ledger/index';

/**
 * Brings a member's available balance to exactly the balance ceiling the way the ledger would
 * have: BALANCE_MAX / AMOUNT_MAX recharges of the largest allowed amount against platform cash, with
 * their running balances, written by one SQL statement each (posting a thousand transactions one
 * by one would only make the suite slow). The database's own checks still run on every row.
 */
export async function seedFullBalance(db: Db, userId: string, currency = 'USD'): Promise<void> {
  const credits = BALANCE_MAX_MINOR_CEILING / AMOUNT_MAX_MINOR_CEILING;
  await withTransaction(db, async (tx) => {
    const { available } = await ensureMemberAccounts(tx, userId, currency);
    const cash = await platformAccountId(tx, 'platform_cash', currency);
    await tx.execute(sql`
      with t as (
        insert into ledger_transactions (kind, idempotency_key, memo, created_at)
        select 'recharge', 'seed:' || ${userId} || ':' || g, 'seeded to the ceiling', now()
        from generate_series(1, ${credits}::int) g
        returning id
      ), n as (select id, row_number() over (order by id) as k from t)
      insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
      select id, account_id, amount, balance_after, now() from (
        select id, k, ${available}::bigint as account_id, ${AMOUNT_MAX_MINOR_CEILING}::bigint as amount,
               k * ${AMOUNT_MAX_MINOR_CEILING}::bigint as balance_after
        from n
        union all
        select id, k, ${cash}::bigint, -${AMOUNT_MAX_MINOR_CEILING}::bigint, null from n
      ) rows
      order by k, amount desc`);
    await tx.execute(sql`update ledger_accounts set balance = ${BALANCE_MAX_MINOR_CEILING}::bigint where id = ${available}`);
  });
}
