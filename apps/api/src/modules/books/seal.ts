import { leafHash, merkleRoot, sealPayloadText, sha256Hex, type SealPayload } from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { ledgerSealBalances, ledgerSeals } from '../../db/schema/index';
import { chainHead } from '../../ledger/index';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';
import { loadSigningKey, type SigningKey } from './signing-key';

const DAY_MS = 86_400_000;
/** A day is sealed this long after it ends at the earliest: a transaction begun before midnight has committed by then. */
const SEAL_GRACE_MS = 5 * 60_000;

export interface SealDeps {
  db: Db;
  clock: Clock;
  key: SigningKey | null;
}

type SealWait = 'no_key' | 'locked' | 'no_ledger' | 'day_not_over' | 'chain_behind';
export interface SealRun {
  sealed: string[];
  /** Why it stopped: the next day is not due yet, or cannot be sealed now. */
  waiting: SealWait;
}

const keys = new WeakMap<Config, SigningKey | null>();
/** The configured signing key, loaded once per configuration. */
export function signingKeyFor(config: Config): SigningKey | null {
  if (!keys.has(config)) keys.set(config, loadSigningKey(config));
  return keys.get(config) ?? null;
}

export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const nextDay = (day: string) => new Date(dayStart(day).getTime() + DAY_MS).toISOString().slice(0, 10);
const byId = (a: { accountId: string }, b: { accountId: string }) => Number(a.accountId) - Number(b.accountId);

/** Every account's closing balance at the end of `day`: the last sealed ones, moved by the day's entries. */
async function closingsOf(tx: Tx, day: string, previous: boolean, start: Date | null, end: Date): Promise<repo.ClosingRow[]> {
  const closings = new Map((previous ? await repo.sealedClosings(tx, day, false) : []).map((row) => [row.accountId, row]));
  const moved = await repo.movedAccounts(tx, start, end);
  const meta = await repo.accountsByIds(
    tx,
    moved.filter((m) => !closings.has(m.accountId)).map((m) => m.accountId),
  );
  for (const m of moved) {
    const before = closings.get(m.accountId);
    const base = before ?? meta.get(m.accountId)!;
    const balance = m.member ? (m.lastAfter ?? '0') : (BigInt(before?.balance ?? '0') + BigInt(m.delta)).toString();
    closings.set(m.accountId, { ...base, balance, moved: true });
  }
  return [...closings.values()].sort(byId);
}

async function sealNextDay(db: Db, key: SigningKey, now: Date): Promise<string | SealWait> {
  return db.transaction(async (tx): Promise<string | SealWait> => {
    const [gate] = await repo.rows(tx, sql`select pg_try_advisory_xact_lock(${repo.SEAL_LOCK}) as locked`);
    if (!gate?.locked) return 'locked';
    const last = await repo.lastSeal(tx);
    const day = last ? nextDay(last.day) : await repo.firstLedgerDay(tx);
    if (!day) return 'no_ledger';
    const end = dayStart(nextDay(day));
    if (now.getTime() < end.getTime() + SEAL_GRACE_MS) return 'day_not_over';
    const head = await chainHead(tx);
    if (!head || (await repo.unlinkedBefore(tx, end, Number(head.txId)))) return 'chain_behind';
    const closings = await closingsOf(tx, day, last !== null, last ? dayStart(day) : null, end);
    const members = closings.filter((row) => row.member);
    const payload: SealPayload = {
      v: 1,
      day,
      periodEnd: end.toISOString(),
      chain: { seq: head.seq, txId: head.txId, hash: head.hash },
      balancesRoot: await merkleRoot(await Promise.all(members.map(leafHash))),
      memberAccounts: members.length,
      platform: closings
        .filter((row) => !row.member)
        .map(({ accountId, type, currency, balance }) => ({ accountId, type, currency, balance })),
      previous: last ? await sha256Hex(last.payload) : null,
      keyId: key.publicKey.keyId,
    };
    const text = sealPayloadText(payload);
    await tx.insert(ledgerSeals).values({
      day,
      chainSeq: Number(head.seq),
      balancesRoot: payload.balancesRoot,
      payload: text,
      signature: key.sign(text),
      keyId: key.publicKey.keyId,
      publicKey: key.publicKey.publicKey,
    });
    const moved = closings.filter((row) => row.moved);
    for (let i = 0; i < moved.length; i += 1000)
      await tx
        .insert(ledgerSealBalances)
        .values(moved.slice(i, i + 1000).map((row) => ({ day, accountId: Number(row.accountId), balance: row.balance })));
    return day;
  });
}

/**
 * Seals every UTC day that is over (by SEAL_GRACE_MS) and covered by the hash chain, oldest
 * first, one database transaction per day. Idempotent and safe on several instances: one sealer
 * at a time (an advisory lock), and a day is sealed once (its primary key).
 */
export async function sealDueDays(deps: SealDeps, maxDays = 400): Promise<SealRun> {
  const sealed: string[] = [];
  if (!deps.key) return { sealed, waiting: 'no_key' };
  for (let i = 0; i < maxDays; i++) {
    const outcome = await sealNextDay(deps.db, deps.key, deps.clock.now());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(outcome)) return { sealed, waiting: outcome as SealWait };
    sealed.push(outcome);
  }
  return { sealed, waiting: 'day_not_over' };
}
