/**
 * The incremental integrity check (docs/decisions/0028): only what changed since the last sealed
 * day, trusting the seal (the full scan stays `buildIntegrityReport`, `npm run ledger:verify`).
 * Per account the seal's closing balance is the checkpoint: each account that moved since must
 * reach its running balance from there, and its cached balance must be that running balance; the
 * new transactions must balance; the chain from the seal's link on must hold, and the last seal
 * itself. Its cost follows the entries since the seal, not the size of the ledger.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { verifyChain, type ChainCheck } from './chain';
import { readLinks, rows } from './chain-rows';
import { verifySeals, type SealBreak } from './seal-check';

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

export async function incrementalCheck(db: Db | Tx): Promise<IncrementalCheck> {
  const started = performance.now();
  const [seal] = await rows(db, sql`select s.day::text as day, s.chain_seq, s.payload from ledger_seals s order by s.day desc limit 1`);
  const since = seal ? String(seal.day) : null;
  const end = seal ? String((JSON.parse(String(seal.payload)) as { periodEnd: string }).periodEnd) : null;
  const [from] = seal ? await readLinks(db, Number(seal.chain_seq), 1) : [];
  const chain = await verifyChain(db, { from: from ?? null });
  const seals = since ? await verifySeals(db, { fromDay: since }) : { breaks: [] };
  const newTx = sql`select id from ledger_transactions where ${end}::timestamptz is null or created_at >= ${end}::timestamptz`;
  const [counts] = await rows(
    db,
    sql`select (select count(*) from (${newTx}) t)::int as transactions,
               (select count(*) from ledger_entries where transaction_id in (${newTx}))::int as entries`,
  );
  const accountBreaks = await rows(
    db,
    sql`with moved as (
          select e.account_id, sum(e.amount) as delta, (array_agg(e.balance_after order by e.id desc))[1] as last_after
            from ledger_entries e where e.transaction_id in (${newTx}) group by e.account_id)
        select m.account_id::text as account_id, coalesce(c.balance, 0)::text as closing, m.delta::text as moved,
               m.last_after::text as balance_after, a.balance::text as cached
          from moved m join ledger_accounts a on a.id = m.account_id
          left join lateral (select b.balance from ledger_seal_balances b where b.account_id = m.account_id order by b.day desc limit 1) c on true
         where a.balance is not null and (coalesce(c.balance, 0) + m.delta <> m.last_after or a.balance <> m.last_after)
         order by 1 limit 100`,
  );
  const unbalanced = await rows(
    db,
    sql`select e.transaction_id::text as id, sum(e.amount)::text as total from ledger_entries e
         where e.transaction_id in (${newTx}) group by e.transaction_id having sum(e.amount) <> 0 or count(*) < 2 order by 1 limit 100`,
  );
  const result: IncrementalCheck = {
    ok: false,
    since,
    transactions: Number(counts?.transactions ?? 0),
    entries: Number(counts?.entries ?? 0),
    chain: { links: chain.links, broken: chain.broken },
    sealBreaks: seals.breaks,
    accountBreaks: accountBreaks.map((r) => ({
      accountId: String(r.account_id),
      closing: String(r.closing),
      moved: String(r.moved),
      balanceAfter: r.balance_after === null ? null : String(r.balance_after),
      cached: r.cached === null ? null : String(r.cached),
    })),
    unbalanced: unbalanced.map((r) => ({ transactionId: String(r.id), sum: String(r.total) })),
    ms: 0,
  };
  result.ok = chain.ok && result.sealBreaks.length === 0 && result.accountBreaks.length === 0 && result.unbalanced.length === 0;
  result.ms = Math.round(performance.now() - started);
  return result;
}
