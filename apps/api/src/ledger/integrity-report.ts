import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { LedgerAccountType } from '../db/schema/index';
import { verifyChain, type ChainCheck } from './chain';
import { verifySeals, type SealBreak } from './seal-check';

/**
 * Every money figure is a decimal string of minor units (`"-123"`): sums over many accounts pass
 * 2^53 on a large platform, and in a damaged ledger any figure may. SQL hands them over as text,
 * JavaScript adds them as bigint, JSON carries them as strings — exact at every step.
 */
export interface IntegrityReport {
  ok: boolean;
  generatedAt: string;
  transactionCount: number;
  entryCount: number;
  /** Transactions whose entries do not sum to zero or that have fewer than two entries. */
  unbalancedTransactions: { transactionId: number; entryCount: number; sum: string }[];
  /** Member accounts whose cached balance differs from the sum of their entries. */
  balanceMismatches: { accountId: number; ownerId: string | null; type: string; cached: string; fromEntries: string }[];
  /** Member accounts below zero (cached or by entries). */
  negativeBalances: { accountId: number; ownerId: string | null; type: string; balance: string }[];
  /** Member entries whose running balance does not follow from the entries before them. */
  runningBalanceBreaks: { entryId: number; accountId: number; balanceAfter: string | null; expected: string }[];
  /**
   * Commissions whose state disagrees with the buyer's referral hold (modules/team/sql/referral_flag.sql):
   * on review without an open hold (nobody would ever decide them: the money stays in the upline's
   * pending account), or pending under an open or voided hold (the release job would pay what the
   * hold holds back or an operator voided).
   */
  holdDisagreements: { commissionId: string; memberId: string; status: string; hold: 'none' | 'open' | 'released' | 'voided' }[];
  /**
   * Money on hold = the withdrawals on their way: a member's `member_on_hold` balance equals the sum
   * of their pending and processing withdrawals, per member and currency; a row with `memberId`
   * null is a currency's total.
   */
  onHoldMismatches: BookMismatch[];
  /**
   * A member's `member_commission_pending` balance equals the sum of their pending and on-review
   * commissions, per member and currency; a row with `memberId` null is a currency's total.
   */
  commissionPendingMismatches: BookMismatch[];
  /** The hash chain recomputed from its rows (docs/decisions/0028): links checked and the head reached. */
  chain: { links: number; head: ChainCheck['head'] };
  /** The first place the chain does not hold; empty when whole. */
  chainBreaks: NonNullable<ChainCheck['broken']>[];
  /** The sealed days (docs/decisions/0028): how many were checked and the last one. */
  seals: { count: number; lastDay: string | null };
  /** What the first seal that does not hold says is wrong (signature, chain, a closing balance, a back-dated transaction). */
  sealBreaks: SealBreak[];
  /** Per currency: the sum of every account type; member liabilities plus platform accounts is zero. */
  trialBalance: {
    currency: string;
    accounts: { type: LedgerAccountType; balance: string }[];
    memberLiabilities: string;
    platformTotal: string;
    total: string;
  }[];
}

/** A member account whose balance differs from the business rows it stands for (`expected`). */
interface BookMismatch {
  memberId: string | null;
  currency: string;
  balance: string;
  expected: string;
}

type Row = Record<string, unknown>;
const LIMIT = 100;

async function rows(db: Db | Tx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Counts and ids: far below 2^53. */
const num = (value: unknown) => Number(value);
/** A money figure read as `…::text`: checked to be an integer, kept as its exact digits. */
function minor(value: unknown): string {
  const text = String(value);
  if (!/^-?\d+$/.test(text)) throw new Error(`ledger figure is not an integer: ${text}`);
  return text;
}

/** Transactions with fewer than two entries, or whose entries do not sum to zero. */
async function unbalancedTransactions(db: Db | Tx): Promise<IntegrityReport['unbalancedTransactions']> {
  const found = await rows(
    db,
    sql`select t.id, count(e.id)::bigint as n, coalesce(sum(e.amount), 0)::text as total
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0
        order by t.id limit ${LIMIT}`,
  );
  return found.map((row) => ({ transactionId: num(row.id), entryCount: num(row.n), sum: minor(row.total) }));
}

/** Member accounts whose cached balance is not the sum of their entries. */
async function balanceMismatches(db: Db | Tx): Promise<IntegrityReport['balanceMismatches']> {
  const found = await rows(
    db,
    sql`select a.id, a.owner_id, a.type, a.balance::text as balance, coalesce(s.total, 0)::text as total
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.balance is not null and a.balance <> coalesce(s.total, 0)
        order by a.id limit ${LIMIT}`,
  );
  return found.map((row) => ({
    accountId: num(row.id),
    ownerId: (row.owner_id as string | null) ?? null,
    type: String(row.type),
    cached: minor(row.balance),
    fromEntries: minor(row.total),
  }));
}

/** Member accounts on the wrong side of zero, by their cached balance or by their entries. */
async function negativeBalances(db: Db | Tx): Promise<IntegrityReport['negativeBalances']> {
  // A debt account (what a member owes after a claw-back) is the one member account that stays at
  // or below zero: for it the breach is a balance above zero.
  const found = await rows(
    db,
    sql`select a.id, a.owner_id, a.type,
          (case when a.type = 'member_debt' then greatest(a.balance, coalesce(s.total, 0))
                else least(a.balance, coalesce(s.total, 0)) end)::text as balance
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.owner_id is not null and (
          (a.type <> 'member_debt' and (a.balance < 0 or coalesce(s.total, 0) < 0))
          or (a.type = 'member_debt' and (a.balance > 0 or coalesce(s.total, 0) > 0)))
        order by a.id limit ${LIMIT}`,
  );
  return found.map((row) => ({
    accountId: num(row.id),
    ownerId: (row.owner_id as string | null) ?? null,
    type: String(row.type),
    balance: minor(row.balance),
  }));
}

/** Member entries whose balance after is not the running sum of their account's entries. */
async function runningBalanceBreaks(db: Db | Tx): Promise<IntegrityReport['runningBalanceBreaks']> {
  const found = await rows(
    db,
    sql`select id, account_id, balance_after::text as balance_after, expected::text as expected from (
          select e.id, e.account_id, e.balance_after,
                 sum(e.amount) over (partition by e.account_id order by e.id) as expected
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.owner_id is not null) x
        where balance_after is distinct from expected
        order by id limit ${LIMIT}`,
  );
  return found.map((row) => ({
    entryId: num(row.id),
    accountId: num(row.account_id),
    balanceAfter: row.balance_after === null ? null : minor(row.balance_after),
    expected: minor(row.expected),
  }));
}

/** Commissions whose state disagrees with their buyer's referral hold. */
async function holdDisagreements(db: Db | Tx): Promise<IntegrityReport['holdDisagreements']> {
  const found = await rows(
    db,
    sql`(select c.id, p.user_id, c.status, coalesce(h.status, 'none') as hold
           from commissions c join purchases p on p.id = c.purchase_id left join referral_holds h on h.member_id = p.user_id
          where c.status = 'review' and h.status is distinct from 'open'
          order by c.id limit ${LIMIT})
        union all
        (select c.id, p.user_id, c.status, h.status as hold
           from referral_holds h join purchases p on p.user_id = h.member_id join commissions c on c.purchase_id = p.id
          where h.status in ('open', 'voided') and c.status = 'pending'
          order by c.id limit ${LIMIT})`,
  );
  return found.slice(0, LIMIT).map((row) => ({
    commissionId: String(row.id),
    memberId: String(row.user_id),
    status: String(row.status),
    hold: row.hold as IntegrityReport['holdDisagreements'][number]['hold'],
  }));
}

// Cross-row invariants: an account's balance against the business rows it stands for. Each
// member (full join: a member with money held and no withdrawal, or the reverse), then each
// currency's total.
async function bookMismatches(db: Db | Tx, accountType: string, expected: ReturnType<typeof sql>): Promise<BookMismatch[]> {
  const found = await rows(
    db,
    sql`with book as (
            select a.owner_id as member_id, a.currency, a.balance from ledger_accounts a where a.type = ${accountType}
          ), owed as (${expected}),
          joined as (
            select coalesce(b.member_id, o.member_id) as member_id, coalesce(b.currency, o.currency)::text as currency,
                   coalesce(b.balance, 0)::numeric as balance, coalesce(o.total, 0)::numeric as expected
              from book b full join owed o on o.member_id = b.member_id and o.currency = b.currency
          )
          (select member_id, currency, balance::text as balance, expected::text as expected
             from joined where balance <> expected order by currency, member_id limit ${LIMIT})
          union all
          (select null, currency, sum(balance)::text, sum(expected)::text
             from joined group by currency having sum(balance) <> sum(expected) order by currency)`,
  );
  return found.map((row) => ({
    memberId: (row.member_id as string | null) ?? null,
    currency: String(row.currency),
    balance: minor(row.balance),
    expected: minor(row.expected),
  }));
}

/** Each currency's accounts by type, their sums, and whether members' and platform's together are zero. */
async function trialBalance(db: Db | Tx): Promise<IntegrityReport['trialBalance']> {
  const sums = await rows(
    db,
    sql`select a.currency, a.type, coalesce(sum(e.amount), 0)::text as total
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        group by a.currency, a.type order by a.currency, a.type`,
  );

  const byCurrency = new Map<string, { type: LedgerAccountType; balance: string }[]>();
  for (const row of sums) {
    const list = byCurrency.get(String(row.currency)) ?? [];
    list.push({ type: row.type as LedgerAccountType, balance: minor(row.total) });
    byCurrency.set(String(row.currency), list);
  }
  const sumOf = (accounts: { balance: string }[]) => accounts.reduce((sum, account) => sum + BigInt(account.balance), 0n);
  const trialBalance = [...byCurrency].map(([currency, accounts]) => {
    const memberLiabilities = sumOf(accounts.filter((a) => a.type.startsWith('member_')));
    const platformTotal = sumOf(accounts.filter((a) => a.type.startsWith('platform_')));
    return {
      currency,
      accounts,
      memberLiabilities: memberLiabilities.toString(),
      platformTotal: platformTotal.toString(),
      total: (memberLiabilities + platformTotal).toString(),
    };
  });
  return trialBalance;
}

/** Checks every invariant of the ledger (issue 4, item 9). Read-only; safe to run any time. */
export async function buildIntegrityReport(db: Db | Tx, now: Date, options: { publishedKeys?: readonly string[] } = {}): Promise<IntegrityReport> {
  const [counts] = await rows(
    db,
    sql`select (select count(*) from ledger_transactions)::bigint as transactions, (select count(*) from ledger_entries)::bigint as entries`,
  );
  const chain = await verifyChain(db);
  const seals = await verifySeals(db, { publishedKeys: options.publishedKeys });
  const report: IntegrityReport = {
    ok: false,
    generatedAt: now.toISOString(),
    transactionCount: num(counts?.transactions ?? 0),
    entryCount: num(counts?.entries ?? 0),
    unbalancedTransactions: await unbalancedTransactions(db),
    balanceMismatches: await balanceMismatches(db),
    negativeBalances: await negativeBalances(db),
    runningBalanceBreaks: await runningBalanceBreaks(db),
    holdDisagreements: await holdDisagreements(db),
    onHoldMismatches: await bookMismatches(
      db,
      'member_on_hold',
      sql`select w.user_id as member_id, w.currency, sum(w.amount) as total
          from withdrawals w where w.status in ('pending', 'processing') group by w.user_id, w.currency`,
    ),
    commissionPendingMismatches: await bookMismatches(
      db,
      'member_commission_pending',
      sql`select c.beneficiary_id as member_id, p.currency, sum(c.amount) as total
          from commissions c join purchases p on p.id = c.purchase_id
         where c.status in ('pending', 'review') group by c.beneficiary_id, p.currency`,
    ),
    chain: { links: chain.links, head: chain.head },
    chainBreaks: chain.broken ? [chain.broken] : [],
    seals: { count: seals.seals, lastDay: seals.lastDay },
    sealBreaks: seals.breaks,
    trialBalance: await trialBalance(db),
  };
  report.ok =
    report.unbalancedTransactions.length === 0 &&
    report.balanceMismatches.length === 0 &&
    report.negativeBalances.length === 0 &&
    report.runningBalanceBreaks.length === 0 &&
    report.holdDisagreements.length === 0 &&
    report.onHoldMismatches.length === 0 &&
    report.commissionPendingMismatches.length === 0 &&
    report.chainBreaks.length === 0 &&
    report.sealBreaks.length === 0 &&
    report.trialBalance.every((currency) => currency.total === '0');
  return report;
}
