import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Money posted per transaction kind (the credit side, minor units), for `/metrics`: counted once
 * per instance and then kept up to date, so a scrape costs the transactions posted since the last
 * one, not the whole ledger. It counts what the hash chain has linked (ledger/chain.ts): the chain
 * takes committed transactions in id order below a horizon every writer has passed, so a
 * transaction is counted once and none is skipped, which counting by id alone could not promise
 * (id 10 may commit after id 11). The totals trail the chain job by its interval
 * (LEDGER_CHAIN_POLL_MS); the first scrape after a start reads everything linked so far.
 */
export function moneyPostedTotals(db: Db): () => Promise<ReadonlyMap<string, bigint>> {
  const totals = new Map<string, bigint>();
  let through = 0;
  let reading: Promise<void> | null = null;

  async function advance() {
    const head = await db.execute(sql`select coalesce(max(tx_id), 0)::text as id from ledger_chain`);
    const headId = Number((head.rows[0] as { id: string } | undefined)?.id ?? 0);
    if (headId <= through) return;
    const posted = await db.execute(sql`select t.kind, sum(e.amount)::text as posted
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.amount > 0
      where t.id > ${through} and t.id <= ${headId} group by t.kind`);
    for (const row of posted.rows as Array<{ kind: string; posted: string }>)
      totals.set(row.kind, (totals.get(row.kind) ?? 0n) + BigInt(row.posted));
    through = headId;
  }

  return async () => {
    // Scrapes at once share one read, so no range is added twice.
    reading ??= advance().finally(() => {
      reading = null;
    });
    await reading;
    return totals;
  };
}
