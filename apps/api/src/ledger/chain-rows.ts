import type { ChainAccount, ChainTransaction, StoredLink } from '@orchard/shared/books';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

type Row = Record<string, unknown>;

export async function rows(db: Db | Tx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * A timestamp as `(created_at at time zone 'UTC')::text` gives it (`2026-11-28 18:00:00.1234`:
 * trailing zeros of the fraction dropped) in the chain's spelling, `2026-11-28T18:00:00.123400Z`.
 * Reading it so costs a tenth of `to_char` on the database. Anything else is kept as it reads
 * (it can only make the header differ, never match by accident).
 */
export function chainTime(text: string): string {
  const match = /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/.exec(text);
  return match ? `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(6, '0')}Z` : text;
}

/**
 * The transactions with ids in [from, to] as the chain hashes them (canonical form:
 * packages/shared/src/books/canonical.ts), read from the rows as they are now. Times are read as
 * UTC text with microseconds, ids and amounts as decimal text: nothing is rounded on the way.
 * `accounts` caches the account rows across calls of one check (the platform's are in most).
 */
export async function readChainTransactions(
  db: Db | Tx,
  from: number,
  to: number,
  accounts: Map<string, ChainAccount> = new Map(),
): Promise<Map<string, ChainTransaction>> {
  // One after another: a transaction's connection runs one query at a time.
  const headers = await rows(
    db,
    sql`select id::text as id, kind, (created_at at time zone 'UTC')::text as created_at,
                 idempotency_key, memo, refs::text as refs, reverses_id::text as reverses_id
            from ledger_transactions where id between ${from} and ${to}`,
  );
  const entries = await rows(
    db,
    sql`select id::text as id, transaction_id::text as tx, account_id::text as account, amount::text as amount,
                 balance_after::text as balance_after
            from ledger_entries where transaction_id between ${from} and ${to}`,
  );
  const missing = [...new Set(entries.map((e) => String(e.account)))].filter((id) => !accounts.has(id));
  if (missing.length > 0) {
    const found = await rows(
      db,
      sql`select a.id::text as id, a.owner_id::text as owner, a.type, a.currency::text as currency
            from ledger_accounts a where a.id = any(${`{${missing.join(',')}}`}::bigint[])`,
    );
    for (const a of found)
      accounts.set(String(a.id), { id: String(a.id), ownerId: text(a.owner), type: String(a.type), currency: String(a.currency) });
  }
  const byId = new Map<string, ChainTransaction>();
  for (const h of headers) {
    byId.set(String(h.id), {
      id: String(h.id),
      kind: String(h.kind),
      createdAt: chainTime(String(h.created_at)),
      idempotencyKey: text(h.idempotency_key),
      memo: String(h.memo),
      refs: JSON.parse(String(h.refs)) as unknown,
      reversesId: text(h.reverses_id),
      entries: [],
      accounts: [],
    });
  }
  for (const e of entries) {
    byId.get(String(e.tx))?.entries.push({
      id: String(e.id),
      accountId: String(e.account),
      amount: String(e.amount),
      balanceAfter: text(e.balance_after),
    });
  }
  for (const tx of byId.values()) {
    const named = new Set(tx.entries.map((entry) => entry.accountId));
    tx.accounts = [...named].flatMap((id) => accounts.get(id) ?? []);
  }
  return byId;
}

/** Links with seq in [from, from + limit), in seq order. */
export async function readLinks(db: Db | Tx, fromSeq: number, limit: number): Promise<StoredLink[]> {
  const found = await rows(
    db,
    sql`select seq::text as seq, tx_id::text as tx_id, prev_hash, hash, header_hash, entries_hash, accounts_hash, entry_count
          from ledger_chain c where c.seq >= ${fromSeq} order by c.seq limit ${limit}`,
  );
  return found.map((r) => ({
    seq: String(r.seq),
    txId: String(r.tx_id),
    prevHash: String(r.prev_hash),
    hash: String(r.hash),
    headerHash: String(r.header_hash),
    entriesHash: String(r.entries_hash),
    accountsHash: String(r.accounts_hash),
    entryCount: Number(r.entry_count),
  }));
}

/** The chain's last link, or null while it is empty. */
export async function chainHead(db: Db | Tx): Promise<StoredLink | null> {
  const [last] = await rows(db, sql`select seq from ledger_chain order by seq desc limit 1`);
  if (!last) return null;
  const [link] = await readLinks(db, Number(last.seq), 1);
  return link ?? null;
}
