/**
 * The incremental integrity check (docs/decisions/0028): only what changed since the last sealed
 * day, trusting the seal (the full scan stays `buildIntegrityReport`, `npm run ledger:verify`).
 *
 * What it trusts: the last seal's signed payload (its chain head, its period's end) and the
 * closing balances sealed for each account. What it checks: the last seal's signature, its pointer
 * to the seal before and the chain link it names; the chain from just before the first
 * transaction dated after the sealed day (the seal's link or earlier: a link the seal's head
 * covers may be dated after its day) to the head, each link recomputed from the rows; no
 * transaction dated inside the sealed day written after the seal, none below the head without a
 * link; each new transaction balanced; each account that moved since reaching its running balance
 * from its sealed closing, and its cached balance being that running balance. The new
 * transactions are read once, by the chain's check (and those not linked yet, after its head), so
 * the cost follows the entries since the seal, not the size of the ledger.
 */
import type { ChainTransaction, SealPayload, StoredLink } from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { verifyChain, type ChainCheck } from './chain';
import { readChainTransactions, readLinks, rows } from './chain-rows';
import { verifySeals, type SealBreak } from './seal-check';
import { Movements } from './movements';

export interface IncrementalCheck {
  ok: boolean;
  /** The sealed day it starts from (null: nothing sealed yet, so everything is new). */
  since: string | null;
  transactions: number;
  entries: number;
  chain: { links: number; broken: ChainCheck['broken'] };
  sealBreaks: SealBreak[];
  /** Accounts whose movements since the seal do not lead from its closing balance to their running or cached balance. */
  accountBreaks: { accountId: string; closing: string; moved: string; balanceAfter: string | null; cached: string | null }[];
  unbalanced: { transactionId: string; sum: string }[];
  ms: number;
}

/** The link the chain's check starts after: the seal's, or the one before the first transaction dated after its day. */
async function startLink(db: Db | Tx, payload: SealPayload): Promise<StoredLink | null> {
  const [first] = await rows(
    db,
    sql`with dated as materialized (select id from ledger_transactions where created_at >= ${payload.periodEnd}::timestamptz)
        select (select c.seq from ledger_chain c where c.tx_id >= (select min(id) from dated) order by c.tx_id limit 1)::text as seq`,
  );
  const sealed = Number(payload.chain.seq);
  const seq = first?.seq === null || first?.seq === undefined ? sealed : Math.min(sealed, Number(first.seq) - 1);
  if (seq < 1) return null;
  const [link] = await readLinks(db, seq, 1);
  return link && Number(link.seq) === seq ? link : null;
}

export async function incrementalCheck(db: Db | Tx, options: { publishedKeys?: readonly string[] } = {}): Promise<IncrementalCheck> {
  const started = performance.now();
  const [seal] = await rows(db, sql`select s.day::text as day, s.payload from ledger_seals s order by s.day desc limit 1`);
  const since = seal ? String(seal.day) : null;
  const payload = seal ? (JSON.parse(String(seal.payload)) as SealPayload) : null;
  const seals = since ? await verifySeals(db, { fromDay: since, contents: false, publishedKeys: options.publishedKeys }) : { breaks: [] };
  const movements = new Movements(payload?.periodEnd ?? null);
  const from = payload ? await startLink(db, payload) : null;
  const chain = await verifyChain(db, { from, onTransaction: (tx: ChainTransaction) => movements.add(tx) });
  // Transactions not linked yet (committed after the linker's last run) are new too.
  const after = chain.head ? Number(chain.head.txId) : from ? Number(from.txId) : 0;
  const [last] = await rows(db, sql`select max(id)::text as id from ledger_transactions where id > ${after}`);
  if (last?.id !== null && last?.id !== undefined)
    for (const tx of (await readChainTransactions(db, after + 1, Number(last.id))).values()) movements.add(tx);
  const accountBreaks = await movements.accountBreaks(db);
  const result: IncrementalCheck = {
    ok: false,
    since,
    transactions: movements.transactions,
    entries: movements.entries,
    chain: { links: chain.links, broken: chain.broken },
    sealBreaks: seals.breaks,
    accountBreaks,
    unbalanced: movements.unbalanced(),
    ms: 0,
  };
  result.ok = chain.ok && result.sealBreaks.length === 0 && result.accountBreaks.length === 0 && result.unbalanced.length === 0;
  result.ms = Math.round(performance.now() - started);
  return result;
}
