import { sql } from 'drizzle-orm';
import type { DisclosureFigures, DisclosurePeriod, DisclosureStats } from '@orchard/shared';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * The earnings disclosure recounted from the ledger entries themselves, written apart from
 * modules/disclosure/compute.ts (which reads the purchases and commissions tables) so that each
 * checks the other (docs/decisions/0031):
 * - a purchase is its `plan_purchase` transaction (`purchase:<id>`): spent = the debit of the
 *   buyer's available account; it does not count when a `refund:<id>` transaction exists;
 * - a commission is earned by its `commission_release` transaction (`commission-release:<id>`):
 *   the debit of the beneficiary's commission-pending account, dated by the transaction; it does not
 *   count when its purchase was refunded; one credited to pending by a purchase and neither released,
 *   voided (`commission-void:<id>`) nor refunded is waiting.
 * The commissions table is read only to name a commission's level and purchase.
 */
interface Posting {
  kind: string;
  key: string;
  at: Date;
  owner: string;
  type: string;
  amount: number;
}

export async function recountFromLedger(db: Db, now: Date, currency: string, yearFrom: Date): Promise<DisclosureFigures> {
  const postings = (
    await rowsOf<{ kind: string; key: string; at: string | Date; owner: string; type: string; amount: string }>(
      db,
      sql`select t.kind, t.idempotency_key as key, t.created_at as at, a.owner_id as owner, a.type, e.amount::text as amount
            from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
           where a.owner_id is not null and a.currency = ${currency}`,
    )
  ).map((p): Posting => ({ ...p, at: new Date(p.at), amount: Number(p.amount) }));
  const commissionOf = new Map(
    (
      await rowsOf<{ id: string; level: number; purchase_id: string; beneficiary_id: string | null }>(
        db,
        sql`select id, level, purchase_id, beneficiary_id from commissions`,
      )
    ).map((c) => [c.id, c]),
  );
  const members = (await rowsOf<{ id: string; created_at: string | Date }>(db, sql`select id, created_at from users where role = 'member'`))
    .filter((m) => new Date(m.created_at) < now)
    .map((m) => m.id);
  const keys = new Set(postings.map((p) => p.key));
  return {
    lastYear: period(postings, commissionOf, keys, members, yearFrom, now),
    allTime: period(postings, commissionOf, keys, members, null, now),
  };
}

type CommissionInfo = { level: number; purchase_id: string; beneficiary_id: string | null };

function period(
  postings: Posting[],
  commissionOf: Map<string, CommissionInfo>,
  keys: Set<string>,
  members: string[],
  from: Date | null,
  to: Date,
): DisclosurePeriod {
  const inside = (at: Date) => at < to && (from === null || at >= from);
  const refunded = (purchaseId: string) => keys.has(`refund:${purchaseId}`);
  const spent = new Map<string, number>();
  const earned = new Map<string, [number, number, number]>();
  const waiting = new Map<string, number>();
  const memberSet = new Set(members);
  for (const p of postings) {
    if (!inside(p.at)) continue;
    if (p.kind === 'plan_purchase' && p.type === 'member_available' && !refunded(p.key.slice('purchase:'.length)))
      spent.set(p.owner, (spent.get(p.owner) ?? 0) - p.amount);
    if (p.kind === 'commission_release' && p.type === 'member_commission_pending') {
      const commission = commissionOf.get(p.key.slice('commission-release:'.length))!;
      if (refunded(commission.purchase_id)) continue;
      const levels = earned.get(p.owner) ?? [0, 0, 0];
      levels[commission.level - 1]! -= p.amount;
      earned.set(p.owner, levels);
    }
    if (p.kind === 'plan_purchase' && p.type === 'member_commission_pending') {
      const purchaseId = p.key.slice('purchase:'.length);
      const [id] = [...commissionOf].find(([, c]) => c.purchase_id === purchaseId && c.beneficiary_id === p.owner)!;
      const settled = keys.has(`commission-release:${id}`) || keys.has(`commission-void:${id}`) || refunded(purchaseId);
      if (!settled && memberSet.has(p.owner)) waiting.set(p.owner, (waiting.get(p.owner) ?? 0) + p.amount);
    }
  }
  const rows = members.map((id) => {
    const levels = earned.get(id) ?? [0, 0, 0];
    const e = levels[0] + levels[1] + levels[2];
    return { id, levels, earned: e, spent: spent.get(id) ?? 0, net: e - (spent.get(id) ?? 0) };
  });
  const earners = rows.filter((r) => r.earned > 0);
  return {
    from: from ? from.toISOString() : null,
    members: rows.length,
    buyers: rows.filter((r) => spent.has(r.id)).length,
    earners: earners.length,
    belowZero: rows.filter((r) => r.net < 0).length,
    aboveZero: rows.filter((r) => r.net > 0).length,
    earned: {
      earners: stats(earners.map((r) => r.earned)),
      everyone: stats(rows.map((r) => r.earned)),
      total: sum(rows.map((r) => r.earned)),
    },
    net: { earners: stats(earners.map((r) => r.net)), everyone: stats(rows.map((r) => r.net)) },
    spentTotal: sum(rows.map((r) => r.spent)),
    levels: ([1, 2, 3] as const).map((level) => {
      const amounts = rows.map((r) => r.levels[level - 1]!).filter((a) => a > 0);
      const s = stats(amounts);
      return { level, earners: amounts.length, total: sum(amounts), median: s.median, mean: s.mean };
    }),
    waiting: { members: waiting.size, total: sum([...waiting.values()]) },
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Nearest rank: the value at position ceil(p·n) of the ascending list. */
function nearestRank(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

/** The mean rounded to a whole minor unit, halves away from zero (exact, in bigint). */
function roundedMean(values: number[]): number {
  if (values.length === 0) return 0;
  const total = values.reduce((a, b) => a + BigInt(b), 0n);
  const n = BigInt(values.length);
  let quotient = total / n;
  const rest = total % n;
  if ((rest < 0n ? -rest : rest) * 2n >= n) quotient += total < 0n ? -1n : 1n;
  return Number(quotient);
}

function stats(values: number[]): DisclosureStats {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: nearestRank(sorted, 0.5), mean: roundedMean(values), p90: nearestRank(sorted, 0.9), p99: nearestRank(sorted, 0.99) };
}
