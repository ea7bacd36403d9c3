import type { VerifiableStatementQuery } from '@orchard/shared';
import {
  leafHash,
  merkleProofs,
  statementLineText,
  STATEMENT_FORMAT,
  type StatementLine,
  type StatementSeal,
  type VerifiableStatement,
} from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { ServiceDeps } from '../../lib/service-deps';
import * as repo from './repository';
import { dayStart, nextDay, signingKeyFor } from './seal';

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) => new Date(dayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function sealRow(db: Db, day: string): Promise<{ payload: string; signature: string; publicKey: string } | null> {
  const [row] = await repo.rows(db, sql`select payload, signature, public_key from ledger_seals where day = ${day}::date`);
  return row ? { payload: String(row.payload), signature: String(row.signature), publicKey: String(row.public_key) } : null;
}

/** The seal of `day` with the member's balances in it and their Merkle proofs. */
async function sealWithProofs(db: Db, day: string, role: StatementSeal['role'], memberId: string): Promise<StatementSeal | null> {
  const seal = await sealRow(db, day);
  if (!seal) return null;
  const leaves = (await repo.sealedClosings(db, day, true)).filter((row) => row.member);
  const mine = leaves.flatMap((row, index) => (row.ownerId === memberId ? [index] : []));
  const { proofs } = await merkleProofs(await Promise.all(leaves.map(leafHash)), mine);
  const balances = mine.map((index) => {
    const { accountId, ownerId, type, currency, balance } = leaves[index]!;
    return { leaf: { accountId, ownerId, type, currency, balance }, proof: proofs.get(index)! };
  });
  return { role, day, ...seal, balances };
}

/**
 * The member's verifiable statement for sealed days [from, to] (docs/decisions/0028): every ledger
 * line of theirs in the period, each signed, and the seals of the day before `from` (opening) and of
 * `to` (closing) with the proofs of their balances. Only sealed days: `to` is at most the last one.
 */
export async function verifiableStatement(
  deps: ServiceDeps,
  memberId: string,
  query: VerifiableStatementQuery,
): Promise<VerifiableStatement> {
  const key = signingKeyFor(deps.config);
  const last = await repo.lastSeal(deps.db);
  if (!key || !last) throw new AppError('NOT_FOUND');
  let to = query.to && query.to < last.day ? query.to : last.day;
  let from = query.from ?? shiftDay(to, -29);
  if (from > to) [from, to] = [to, from];
  const opening = await sealWithProofs(deps.db, shiftDay(from, -1), 'opening', memberId);
  const closing = await sealWithProofs(deps.db, to, 'closing', memberId);
  if (!closing) throw new AppError('NOT_FOUND');
  const found = await repo.rows(
    deps.db,
    sql`select e.id::text as entry_id, t.id::text as tx_id, t.kind, a.id::text as account_id, a.type, e.amount::text as amount,
               e.balance_after::text as balance_after,
               to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
          from ledger_accounts a
          join ledger_entries e on e.account_id = a.id
          join ledger_transactions t on t.id = e.transaction_id
         where a.owner_id = ${memberId}::uuid and t.created_at < ${dayStart(nextDay(to))}
           and (${opening ? dayStart(from) : null}::timestamptz is null or t.created_at >= ${opening ? dayStart(from) : null}::timestamptz)
         order by e.id`,
  );
  const lines: StatementLine[] = found.map((r, i) => {
    const line = {
      entryId: String(r.entry_id),
      transactionId: String(r.tx_id),
      kind: String(r.kind),
      createdAt: String(r.created_at),
      accountId: String(r.account_id),
      accountType: String(r.type),
      amount: String(r.amount),
      balanceAfter: String(r.balance_after),
    };
    return { line: i + 1, ...line, signature: key.sign(statementLineText(memberId, line)) };
  });
  const accounts = await repo.rows(
    deps.db,
    sql`select id::text as id, type, currency::text as currency from ledger_accounts where owner_id = ${memberId}::uuid order by id`,
  );
  const balancesOf = (seal: StatementSeal | null) =>
    accounts.map((a) => ({
      accountId: String(a.id),
      balance: seal?.balances.find((b) => b.leaf.accountId === String(a.id))?.leaf.balance ?? '0',
    }));
  return {
    format: STATEMENT_FORMAT,
    memberId,
    generatedAt: deps.clock.now().toISOString(),
    period: { from, to },
    keyId: key.publicKey.keyId,
    publicKey: key.publicKey.publicKey,
    accounts: accounts.map((a) => ({ accountId: String(a.id), type: String(a.type), currency: String(a.currency) })),
    opening: balancesOf(opening),
    closing: balancesOf(closing),
    lines,
    seals: opening ? [opening, closing] : [closing],
  };
}
