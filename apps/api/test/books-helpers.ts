import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { ensureMemberAccounts, platformAccountId, postTransaction, withTransaction } from '../src/ledger/index';
import { insertUser } from './ledger-helpers';

/** A member recharged `amounts.length` times (one ledger transaction each); answers the member and their wallet account. */
export async function rechargeMember(
  db: Db,
  amounts: number[],
  memberId?: string,
  at?: Date,
): Promise<{ memberId: string; available: number; txIds: number[] }> {
  const member = memberId ?? (await insertUser(db));
  const txIds: number[] = [];
  let available = 0;
  for (const amount of amounts) {
    await withTransaction(db, async (tx) => {
      const accounts = await ensureMemberAccounts(tx, member, 'USD');
      available = accounts.available;
      const cash = await platformAccountId(tx, 'platform_cash', 'USD');
      const posted = await postTransaction(tx, {
        kind: 'recharge',
        entries: [
          { accountId: accounts.available, amount },
          { accountId: cash, amount: -amount },
        ],
        at: at ?? new Date(),
      });
      txIds.push(posted.transactionId);
    });
  }
  return { memberId: member, available, txIds };
}

/** Draws a transaction id and rolls it back: a gap in the ids, as a refused posting leaves. */
export async function leaveIdGap(db: Db): Promise<number> {
  const result = (await db.execute(sql`select nextval('ledger_transactions_id_seq')::text as id`)) as unknown as { rows: { id: string }[] };
  return Number(result.rows[0]?.id);
}
