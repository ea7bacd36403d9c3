/**
 * Checks the sealed days against the books as they read now (docs/decisions/0028): each seal's
 * signature and its pointer to the seal before, the chain link it names, the closing balances
 * it recorded against the day's entries, its Merkle root against those balances, and no
 * transaction dated inside a sealed day that the seal's chain head does not cover (back-dated).
 * From a given day on only: the incremental report checks the last day, `ledger:verify` all.
 *
 * A seal carries the public key that verifies it, so whoever can rewrite the table can re-sign a
 * changed day with a key of their own. With `publishedKeys` (the operator's published keys, the
 * well-known URL's list), a seal whose key is not one of them is a break of its own (`key`).
 */
import { leafHash, merkleRoot, sha256Hex, verifySealSignature, type SealPayload } from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rows } from './chain-rows';

export interface SealBreak {
  day: string;
  problem: 'key' | 'signature' | 'previous' | 'chain' | 'balance' | 'root' | 'backdated';
  detail: string;
}

export interface SealCheck {
  seals: number;
  lastDay: string | null;
  breaks: SealBreak[];
}

interface SealRow {
  day: string;
  payload: string;
  signature: string;
  publicKey: string;
}

async function sealsFrom(db: Db | Tx, fromDay: string | null): Promise<SealRow[]> {
  const found = await rows(
    db,
    sql`select day::text as day, payload, signature, public_key from ledger_seals
         where ${fromDay}::date is null or day >= ${fromDay}::date order by day`,
  );
  return found.map((r) => ({
    day: String(r.day),
    payload: String(r.payload),
    signature: String(r.signature),
    publicKey: String(r.public_key),
  }));
}

/** Each sealed balance of `day` that the day's entries no longer give (or that is missing). */
async function balanceBreaks(db: Db | Tx, day: string, first: boolean): Promise<SealBreak[]> {
  const found = await rows(
    db,
    sql`with moved as (
          select e.account_id, a.balance is not null as member,
                 (array_agg(e.balance_after order by e.id desc))[1]::numeric as last_after, sum(e.amount)::numeric as delta
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
           where e.transaction_id in (select id from ledger_transactions
                                       where created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
                                         and (${first} or created_at >= ${day}::date::timestamp at time zone 'UTC'))
           group by e.account_id, a.balance is not null),
        expected as (
          select m.account_id, case when m.member then m.last_after
                 else coalesce((select b.balance from ledger_seal_balances b where b.account_id = m.account_id and b.day < ${day}::date
                                 order by b.day desc limit 1), 0) + m.delta end as balance
            from moved m)
        select coalesce(x.account_id, s.account_id)::text as account_id, x.balance::text as expected, s.balance::text as sealed
          from expected x full join (select account_id, balance from ledger_seal_balances where day = ${day}::date) s
            on s.account_id = x.account_id
         where x.balance is distinct from s.balance
         order by 1 limit 20`,
  );
  return found.map((r) => ({
    day,
    problem: 'balance',
    detail: `account ${String(r.account_id)}: sealed closing ${String(r.sealed ?? 'none')}, the entries now give ${String(r.expected ?? 'no movement')}`,
  }));
}

/** The sealed balances against the day's entries, and the member balances against the signed Merkle root. */
async function contentBreaks(db: Db | Tx, seal: SealRow, payload: SealPayload, first: boolean): Promise<SealBreak[]> {
  const breaks = await balanceBreaks(db, seal.day, first);
  const leaves = await rows(
    db,
    sql`select a.id::text as id, a.owner_id::text as owner, a.type, a.currency::text as currency, p.balance::text as balance
          from ledger_accounts a
          join lateral (select b.balance from ledger_seal_balances b where b.account_id = a.id and b.day <= ${seal.day}::date
                         order by b.day desc limit 1) p on true
         where a.owner_id is not null order by a.id`,
  );
  const hashes = await Promise.all(
    leaves.map((l) =>
      leafHash({
        accountId: String(l.id),
        ownerId: String(l.owner),
        type: String(l.type),
        currency: String(l.currency),
        balance: String(l.balance),
      }),
    ),
  );
  if ((await merkleRoot(hashes)) !== payload.balancesRoot)
    breaks.push({ day: seal.day, problem: 'root', detail: 'the member balances no longer give the Merkle root it signed' });
  return breaks;
}

/**
 * One seal: its signature, its pointer to the seal before, the chain link it names, no later
 * transaction dated inside its day; with `contents`, its balances and root against the books too.
 */
async function checkOne(db: Db | Tx, seal: SealRow, previous: SealRow | null, first: boolean, options: SealCheckOptions): Promise<SealBreak[]> {
  const at = (problem: SealBreak['problem'], detail: string): SealBreak => ({ day: seal.day, problem, detail });
  const payload = JSON.parse(seal.payload) as SealPayload;
  if (options.publishedKeys && !options.publishedKeys.includes(seal.publicKey))
    return [at('key', 'it is signed with a key that is not one of the published keys')];
  if (!(await verifySealSignature(seal.payload, seal.signature, seal.publicKey)))
    return [at('signature', 'its signature does not verify with its public key')];
  if (previous && payload.previous !== (await sha256Hex(previous.payload)))
    return [at('previous', `it does not point to the seal of ${previous.day}`)];
  const [link] = await rows(
    db,
    sql`select hash from ledger_chain where seq = ${payload.chain.seq}::bigint and tx_id = ${payload.chain.txId}::bigint`,
  );
  if (!link || String(link.hash) !== payload.chain.hash)
    return [at('chain', `the chain link ${payload.chain.seq} it sealed is not the one in the chain now`)];
  const breaks = options.contents === false ? [] : await contentBreaks(db, seal, payload, first);
  const [late] = await rows(
    db,
    sql`select id::text as id from ledger_transactions where created_at < ${payload.periodEnd}::timestamptz and id > ${payload.chain.txId}::bigint
         order by id limit 1`,
  );
  if (late) breaks.push(at('backdated', `transaction ${String(late.id)} is dated inside the sealed day but was written after the seal`));
  return breaks;
}

/**
 * Checks the seals from `fromDay` (null: all); stops at the first seal that breaks. `contents:
 * false` checks each seal's signature, pointer, chain link and back-dated transactions only, not
 * its balances against the day's entries and its Merkle root (a cost that follows the accounts).
 */
export interface SealCheckOptions {
  fromDay?: string | null;
  contents?: boolean;
  /** The public keys (base64url) a seal may be signed with; unset: any key that verifies it. */
  publishedKeys?: readonly string[];
}

export async function verifySeals(db: Db | Tx, options: SealCheckOptions = {}): Promise<SealCheck> {
  const fromDay = options.fromDay ?? null;
  const seals = await sealsFrom(db, fromDay);
  let previous: SealRow | null = null;
  if (fromDay) {
    const [before] = await rows(
      db,
      sql`select day::text as day, payload, signature, public_key from ledger_seals where day < ${fromDay}::date order by day desc limit 1`,
    );
    if (before)
      previous = {
        day: String(before.day),
        payload: String(before.payload),
        signature: String(before.signature),
        publicKey: String(before.public_key),
      };
  }
  let checked = 0;
  for (const seal of seals) {
    const breaks = await checkOne(db, seal, previous, previous === null, options);
    checked += 1;
    if (breaks.length > 0) return { seals: checked, lastDay: seal.day, breaks };
    previous = seal;
  }
  return { seals: checked, lastDay: previous?.day ?? null, breaks: [] };
}
