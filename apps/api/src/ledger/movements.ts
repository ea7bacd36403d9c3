/**
 * What the transactions since a sealed day moved, gathered as the incremental check reads them
 * (docs/decisions/0028): each transaction's sum, and per account the sum of its entries and its
 * last running balance. Then one read of the moved accounts' sealed closing and cached balances.
 */
import type { ChainTransaction } from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rows } from './chain-rows';

interface Moved {
  delta: bigint;
  lastEntry: bigint;
  lastAfter: string | null;
}

const LIMIT = 100;

export class Movements {
  transactions = 0;
  entries = 0;
  private readonly sums: { id: string; sum: bigint; count: number }[] = [];
  private readonly accounts = new Map<string, Moved>();
  /** The sealed day's end in the chain's spelling (`…T00:00:00.000000Z`); null: everything is new. */
  private readonly end: string | null;

  constructor(periodEnd: string | null) {
    this.end = periodEnd === null ? null : periodEnd.replace(/Z$/, '000Z');
  }

  /** Counts `tx` when it is dated after the sealed day (the chain's check also reads a few before). */
  add(tx: ChainTransaction): void {
    if (this.end !== null && tx.createdAt < this.end) return;
    this.transactions += 1;
    let sum = 0n;
    for (const entry of tx.entries) {
      this.entries += 1;
      const amount = BigInt(entry.amount);
      sum += amount;
      const id = BigInt(entry.id);
      const moved = this.accounts.get(entry.accountId);
      if (!moved) this.accounts.set(entry.accountId, { delta: amount, lastEntry: id, lastAfter: entry.balanceAfter });
      else {
        moved.delta += amount;
        if (id > moved.lastEntry) {
          moved.lastEntry = id;
          moved.lastAfter = entry.balanceAfter;
        }
      }
    }
    if (sum !== 0n || tx.entries.length < 2) this.sums.push({ id: tx.id, sum, count: tx.entries.length });
  }

  unbalanced(): { transactionId: string; sum: string }[] {
    return this.sums
      .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))
      .slice(0, LIMIT)
      .map((t) => ({ transactionId: t.id, sum: t.sum.toString() }));
  }

  /** Member accounts whose sealed closing plus what moved is not their last running balance, or whose cached balance is not. */
  async accountBreaks(
    db: Db | Tx,
  ): Promise<{ accountId: string; closing: string; moved: string; balanceAfter: string | null; cached: string | null }[]> {
    if (this.accounts.size === 0) return [];
    const found = await rows(
      db,
      sql`select a.id::text as id, a.balance::text as cached, coalesce(c.balance, 0)::text as closing
            from unnest(${`{${[...this.accounts.keys()].join(',')}}`}::bigint[]) x(id)
            join ledger_accounts a on a.id = x.id
            left join lateral (select b.balance from ledger_seal_balances b where b.account_id = x.id order by b.day desc limit 1) c on true
           where a.balance is not null`,
    );
    const breaks = [];
    for (const row of found) {
      const moved = this.accounts.get(String(row.id))!;
      const cached = String(row.cached);
      const reached = (BigInt(String(row.closing)) + moved.delta).toString();
      if (reached !== moved.lastAfter || cached !== moved.lastAfter)
        breaks.push({
          accountId: String(row.id),
          closing: String(row.closing),
          moved: moved.delta.toString(),
          balanceAfter: moved.lastAfter,
          cached,
        });
    }
    return breaks.sort((a, b) => Number(BigInt(a.accountId) - BigInt(b.accountId))).slice(0, LIMIT);
  }
}
