/**
 * The ledger's hash chain (docs/decisions/0028). The chain job links committed transactions in id
 * order, each link hashing its transaction's canonical form and the link before
 * (`@orchard/shared/books`); `verifyChain` recomputes every link from the rows as they read now
 * and names the first place that does not hold.
 *
 * Commit order is not id order: a transaction that drew id 10 may commit after id 11. So the job
 * links only below a horizon every writer has passed: it reads the last id drawn (`L`, the
 * sequence) and then the next transaction id to be assigned (`X`, `pg_snapshot_xmax`); once no
 * transaction older than `X` is running, every id up to `L` that will ever commit has committed,
 * and the visible ones are linked, in id order; the missing ones were rolled back. "Running" is
 * this database's: a transaction older than `X` holds the horizon unless the server shows it
 * running in another database (a long report elsewhere on the server does not hold linking back;
 * one whose database the job's role may not see, or a prepared transaction, still does). The job uses the horizon it read on its previous run, so a writer has a whole poll
 * interval between drawing its id and writing its row (one INSERT statement). Nothing of this
 * touches the money path: postings never wait for the chain, and no row is hot.
 */
import { hash as nodeHash } from 'node:crypto';
import {
  GENESIS_HASH,
  checkLink,
  linkHash,
  partHashes,
  useSyncSha256,
  type ChainAccount,
  type ChainBreak,
  type ChainTransaction,
  type StoredLink,
} from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ledgerChain } from '../db/schema/index';
import { chainHead, readChainTransactions, readLinks, rows } from './chain-rows';

// On the server, node:crypto's SHA-256: the same hashes as WebCrypto's, without a thread-pool round trip each.
useSyncSha256((data) => nodeHash('sha256', data, 'hex'));

/** The advisory lock the chain job holds while it links: one linker at a time, on any instance. */
const CHAIN_LOCK = 7_206_028;
const BATCH = 1000;

export interface ChainHorizon {
  /** The last transaction id drawn when the horizon was read. */
  lastId: number;
  /** The next database transaction id then (xid8 as text). */
  xmax: string;
}

export async function chainHorizon(db: Db): Promise<ChainHorizon> {
  // Two statements in this order: an id drawn before the first is written by a transaction
  // whose xid is below the second's xmax (or will be, within its one INSERT).
  const [seq] = await rows(db, sql`select case when is_called then last_value else 0 end as last_id from ledger_transactions_id_seq`);
  const [snap] = await rows(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
  return { lastId: Number(seq?.last_id ?? 0), xmax: String(snap?.xmax) };
}

export interface LinkRun {
  /** False when the horizon is not passed yet or another linker holds the lock: try again later. */
  ready: boolean;
  linked: number;
}

/** Links every committed transaction up to the horizon, in id order, BATCH per database transaction. */
export async function linkChain(db: Db, horizon: ChainHorizon): Promise<LinkRun> {
  let linked = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [gate] = await rows(
        tx,
        sql`select pg_try_advisory_xact_lock(${CHAIN_LOCK}) as locked,
                   not exists (select 1 from pg_snapshot_xip(pg_current_snapshot()) running(xid)
                                where running.xid < ${horizon.xmax}::xid8
                                  and not exists (select 1 from pg_stat_activity other
                                                   where other.backend_xid = xid(running.xid)
                                                     and other.datname is distinct from current_database()))
                   as passed`,
      );
      if (!gate?.locked || !gate.passed) return null;
      const head = await chainHead(tx);
      const fromId = head ? Number(head.txId) + 1 : 1;
      const [range] = await rows(
        tx,
        sql`select max(id) as last from (select id from ledger_transactions where id between ${fromId} and ${horizon.lastId}
             order by id limit ${BATCH}) x`,
      );
      if (range?.last === null || range?.last === undefined) return 0;
      const txs = await readChainTransactions(tx, fromId, Number(range.last));
      const ordered = [...txs.values()].sort((a, b) => Number(a.id) - Number(b.id));
      let prev = head ? { seq: Number(head.seq), hash: head.hash } : { seq: 0, hash: GENESIS_HASH };
      const values = [];
      for (const transaction of ordered) {
        const parts = await partHashes(transaction);
        const seq = prev.seq + 1;
        const hash = await linkHash(String(seq), prev.hash, parts);
        values.push({ seq, txId: Number(transaction.id), prevHash: prev.hash, hash, ...parts });
        prev = { seq, hash };
      }
      if (values.length > 0) await tx.insert(ledgerChain).values(values);
      return values.length;
    });
    if (step === null) return { ready: false, linked };
    linked += step;
    if (step < BATCH) return { ready: true, linked };
  }
}

/**
 * Links everything committed now: reads a horizon, waits (up to `waitMs`) for the transactions
 * running then, and links. For the console's seal action and the tests.
 */
export async function linkChainNow(db: Db, waitMs = 5_000): Promise<LinkRun> {
  const horizon = await chainHorizon(db);
  const until = Date.now() + waitMs;
  for (;;) {
    const run = await linkChain(db, horizon);
    if (run.ready || Date.now() > until) return run;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ChainCheck {
  ok: boolean;
  /** Links checked. */
  links: number;
  head: { seq: string; txId: string; hash: string } | null;
  /** The first place that does not hold; null when whole. */
  broken: ChainBreak | null;
}

interface LinkBatch {
  links: StoredLink[];
  txs: Map<string, ChainTransaction>;
}

async function readBatch(db: Db | Tx, fromSeq: number, accounts: Map<string, ChainAccount>): Promise<LinkBatch> {
  const links = await readLinks(db, fromSeq, BATCH);
  if (links.length === 0) return { links, txs: new Map() };
  return { links, txs: await readChainTransactions(db, Number(links[0]!.txId), Number(links.at(-1)!.txId), accounts) };
}

/** The first transaction below the head (and above `fromId`) with no link, if the counts say there is one. */
async function unlinkedBelow(db: Db | Tx, fromId: number, headId: number, links: number): Promise<ChainBreak | null> {
  // Links are in strictly rising id order and each names a transaction that exists (checked), so
  // as many transactions as links in (fromId, headId] means none is missing one: a count, not a probe each.
  const [count] = await rows(db, sql`select count(*)::int as n from ledger_transactions where id > ${fromId} and id <= ${headId}`);
  if (Number(count?.n ?? 0) === links) return null;
  const [unlinked] = await rows(
    db,
    sql`select t.id::text as id from ledger_transactions t
         where t.id > ${fromId} and t.id < ${headId}
           and not exists (select 1 from ledger_chain c where c.tx_id = t.id)
         order by t.id limit 1`,
  );
  if (!unlinked) return null;
  const txId = String(unlinked.id);
  return {
    seq: null,
    txId,
    problem: 'unlinked',
    detail: `transaction ${txId} lies before the chain's head but has no link: written after its place was linked`,
  };
}

/**
 * Recomputes the chain from its rows and the transactions as they read now, from link `fromSeq`
 * (1: the whole chain; a sealed link: only what came after, trusting the seal), and then looks for
 * a transaction written below the head that has no link (inserted after its place was linked).
 * The next batch is read while this one is hashed. `onTransaction` sees each transaction checked.
 */
export async function verifyChain(
  db: Db | Tx,
  options: { from?: StoredLink | null; onTransaction?: (tx: ChainTransaction) => void } = {},
): Promise<ChainCheck> {
  let previous: StoredLink | null = options.from ?? null;
  let links = 0;
  const result = (broken: ChainBreak | null): ChainCheck => ({
    ok: broken === null,
    links,
    head: previous ? { seq: previous.seq, txId: previous.txId, hash: previous.hash } : null,
    broken,
  });
  const accounts = new Map<string, ChainAccount>();
  let pending = readBatch(db, previous ? Number(previous.seq) + 1 : 1, accounts);
  for (;;) {
    const batch = await pending;
    if (batch.links.length === 0) break;
    pending = readBatch(db, Number(batch.links.at(-1)!.seq) + 1, accounts);
    for (const link of batch.links) {
      const tx = batch.txs.get(link.txId) ?? null;
      const broken = await checkLink(link, previous, tx);
      if (broken) {
        await pending.catch(() => undefined);
        return result(broken);
      }
      if (tx) options.onTransaction?.(tx);
      previous = link;
      links += 1;
    }
  }
  const fromId = options.from ? Number(options.from.txId) : 0;
  return result(previous ? await unlinkedBelow(db, fromId, Number(previous.txId), links) : null);
}
