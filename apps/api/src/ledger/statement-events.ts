import { sql, type SQL } from 'drizzle-orm';
import type { StatementEventKind } from '@orchard/shared';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { bigintArray, MEMBER_ACCOUNT_TYPES, pageConditions, statementEntryOf, textArray, type StatementEntryRow } from './statement';
import {
  eventView,
  type CommissionRow,
  type EventEntry,
  type EventObjects,
  type PurchaseRow,
  type StatementEventView,
  type WithdrawalRow,
} from './statement-event-view';

/**
 * The member's statement as events: one line per money object (a recharge order, a purchase, a
 * commission, a withdrawal …), however many ledger transactions it took, with its state now.
 *
 * Which event an entry belongs to is read from its transaction's kind, its refs and the account
 * (`EVENT_KEY`); an event's place in the statement is its first movement (the entry that opens it,
 * `OPENS_EVENT`), so a withdrawal stays where it was requested when it is paid days later. A page
 * reads the member's opening entries backwards along each account's index (`account_id, id desc`),
 * as `listMemberEntries` does, then the later movements of just those events by their
 * idempotency keys (`withdrawal-settle:<id>`, `commission-release:<id>`, `refund:<purchase id>` …,
 * the unique index): the work is bounded by the page, not by the ledger.
 *
 * The entries of one event, with their accounts and balances after, come with it: the detail sheet
 * shows them, and a later statement of events and entries for a period can reuse this view.
 */

export interface StatementEventFilter {
  kinds?: StatementEventKind[];
  /** Inclusive lower bound on the event's first movement. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Keyset cursor: only events whose first entry has a smaller id. */
  beforeId?: number;
  limit: number;
}

/**
 * The event of an entry (`e`) of a transaction (`t`) on a member account (`a`). A member has at
 * most one commission per purchase (uplines are distinct), so `commission:<purchase id>` names it.
 * In a refund the buyer's entry is the credit to available; every other member entry of it takes a
 * commission back. A release's entry on what is owed settles a debt: its own event.
 */
const EVENT_KEY = sql`case
  when t.kind = 'recharge' then 'recharge:' || coalesce(t.refs ->> 'rechargeOrderId', t.id::text)
  when t.kind in ('adjustment_credit', 'adjustment_debit') then 'adjustment:' || t.id
  when t.kind = 'plan_purchase' and a.type = 'member_available' then 'purchase:' || (t.refs ->> 'purchaseId')
  when t.kind = 'plan_purchase' then 'commission:' || (t.refs ->> 'purchaseId')
  when t.kind = 'commission_release' and a.type = 'member_debt' then 'debt_settled:' || (t.refs ->> 'commissionId')
  when t.kind = 'commission_release' then 'commission:' || (t.refs ->> 'purchaseId')
  when t.kind = 'refund' and a.type = 'member_available' and e.amount > 0 then 'refund:' || (t.refs ->> 'purchaseId')
  when t.kind = 'refund' then 'commission:' || (t.refs ->> 'purchaseId')
  when t.kind in ('withdrawal_hold', 'withdrawal_paid', 'withdrawal_release') then 'withdrawal:' || (t.refs ->> 'withdrawalId')
  when t.kind = 'coupon_credit' then 'coupon_credit:' || coalesce(t.refs ->> 'redemptionId', t.id::text)
  when t.kind = 'reversal' and t.refs ? 'commissionId' then 'commission:' || (t.refs ->> 'purchaseId')
  else 'reversal:' || t.id
end`;

/** Whether the entry is part of its event's first movement (every other one comes later: a payout, a release, a claw-back, a void). */
const OPENS_EVENT = sql`not (
  t.kind in ('withdrawal_paid', 'withdrawal_release')
  or (t.kind = 'commission_release' and a.type <> 'member_debt')
  or (t.kind = 'refund' and not (a.type = 'member_available' and e.amount > 0))
  or (t.kind = 'reversal' and t.refs ? 'commissionId')
)`;

/** The event kind of an opening entry (the prefix of its key). */
const EVENT_KIND = sql`split_part(${EVENT_KEY}, ':', 1)`;

interface MemberAccounts {
  ids: number[];
  availableId: number;
  debtId: number;
}

/** The page's events, newest first, with their first entry (`top`) and lowest entry (`position`) ids. */
interface OpeningPage {
  order: string[];
  position: Map<string, number>;
  top: Map<string, number>;
  transactions: number[];
}

async function readAccounts(db: Db | Tx, userId: string, currency: string): Promise<MemberAccounts | null> {
  const accounts = await rowsOf<{ id: string | number; type: string }>(
    db,
    sql`select id, type from ledger_accounts where owner_id = ${userId} and currency = ${currency} and type = any(${textArray(MEMBER_ACCOUNT_TYPES)})`,
  );
  if (accounts.length === 0) return null;
  const idOf = (type: string) => Number(accounts.find((account) => account.type === type)?.id ?? 0);
  return { ids: accounts.map((account) => Number(account.id)), availableId: idOf('member_available'), debtId: idOf('member_debt') };
}

/**
 * 1. The opening entries of the page's events: at most limit per account (one opening entry per
 *    event and account), merged newest first, grouped into at most limit events.
 */
async function readOpeningPage(db: Db | Tx, accounts: MemberAccounts, filter: StatementEventFilter): Promise<OpeningPage> {
  const kinds = filter.kinds && filter.kinds.length > 0 ? [sql`${EVENT_KIND} = any(${textArray(filter.kinds)})`] : [];
  const opening = await rowsOf<{ id: string | number; transaction_id: string | number; key: string }>(
    db,
    sql`select page.id, page.transaction_id, page.key
          from ledger_accounts a
          cross join lateral (
            select e.id, e.transaction_id, ${EVENT_KEY} as key
              from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
             where ${pageConditions(filter, OPENS_EVENT, ...kinds)}
             order by e.id desc
             limit ${filter.limit}
          ) page
         where a.id = any(${bigintArray(accounts.ids)})
         order by page.id desc`,
  );
  const page: OpeningPage = { order: [], position: new Map(), top: new Map(), transactions: [] };
  const transactions = new Set<number>();
  for (const row of opening) {
    const id = Number(row.id);
    if (!page.position.has(row.key)) {
      if (page.order.length === filter.limit) continue;
      page.order.push(row.key);
      page.top.set(row.key, id);
    }
    page.position.set(row.key, Math.min(page.position.get(row.key) ?? id, id));
    transactions.add(Number(row.transaction_id));
  }
  page.transactions = [...transactions];
  return page;
}

/** 2. The objects behind the events, for their state, and their later movements' idempotency keys. */
async function readObjects(db: Db | Tx, userId: string, order: string[]) {
  const idsOf = (prefix: string) => order.filter((key) => key.startsWith(`${prefix}:`)).map((key) => key.slice(prefix.length + 1));
  const withdrawalIds = idsOf('withdrawal');
  const commissionPurchaseIds = idsOf('commission');
  const purchaseIds = [...idsOf('purchase'), ...idsOf('refund')];
  const read = async <T>(ids: string[], query: SQL): Promise<T[]> => (ids.length === 0 ? [] : rowsOf<T>(db, query));
  const withdrawals = await read<WithdrawalRow>(
    withdrawalIds,
    sql`select id, status, payout_reference, created_at, processing_at, resolved_at
          from withdrawals where id = any(${textArray(withdrawalIds)}::uuid[]) and user_id = ${userId}`,
  );
  const commissions = await read<CommissionRow>(
    commissionPurchaseIds,
    sql`select id, purchase_id, status, created_at, released_at, reversed_at
          from commissions where purchase_id = any(${textArray(commissionPurchaseIds)}::uuid[]) and beneficiary_id = ${userId}`,
  );
  const purchases = await read<PurchaseRow>(
    purchaseIds,
    sql`select id, status, plan_name, created_at, refunded_at from purchases where id = any(${textArray(purchaseIds)}::uuid[])`,
  );
  const laterKeys = [
    ...withdrawalIds.map((id) => `withdrawal-settle:${id}`),
    ...commissionPurchaseIds.map((id) => `refund:${id}`),
    ...commissions.flatMap((commission) => [`commission-release:${commission.id}`, `commission-void:${commission.id}`]),
  ];
  return { withdrawals, commissions, purchases, laterKeys };
}

/** 3. Every entry of the member in the events' transactions, grouped by event (oldest first). */
async function readEventEntries(db: Db | Tx, accounts: MemberAccounts, page: OpeningPage, laterKeys: string[]) {
  const rows = await rowsOf<StatementEntryRow & { key: string; opens: boolean }>(
    db,
    sql`select e.id, e.transaction_id, t.kind, a.type, e.amount, e.balance_after, t.memo, t.refs, e.created_at,
               ${EVENT_KEY} as key, ${OPENS_EVENT} as opens
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
         where (t.id = any(${bigintArray(page.transactions)}) or t.idempotency_key = any(${textArray(laterKeys)}))
           and e.account_id = any(${bigintArray(accounts.ids)})
         order by e.id`,
  );
  const entriesOf = new Map<string, EventEntry[]>();
  // A debt paid out of a commission's release is its own event; the commission counts it as earned.
  const debtPaidOutOf = new Map<string, number>();
  for (const row of rows) {
    const entry: EventEntry = { ...statementEntryOf(row), key: row.key, opens: row.opens };
    if (entry.kind === 'commission_release' && entry.account === 'debt' && entry.refs.purchaseId) {
      debtPaidOutOf.set(entry.refs.purchaseId, (debtPaidOutOf.get(entry.refs.purchaseId) ?? 0) + entry.amount);
    }
    if (!page.position.has(entry.key)) continue;
    entriesOf.set(entry.key, [...(entriesOf.get(entry.key) ?? []), entry]);
  }
  return { entriesOf, debtPaidOutOf };
}

/**
 * 4. The running available balance after each event (by its first entry's id): the real balance
 *    after the event's first movement, plus what later movements of events begun by then have
 *    added since (a release, a return, a claw-back, and a debt paid out of a commission counted as
 *    the commission's).
 */
async function readAvailableAfter(db: Db | Tx, accounts: MemberAccounts, tops: number[]): Promise<(top: number) => number> {
  const { availableId, debtId } = accounts;
  const [realAfter, late] = await Promise.all([
    rowsOf<{ top: string | number; balance: string | number | null }>(
      db,
      sql`select r.top, (select e.balance_after from ledger_entries e
                           where e.account_id = ${availableId} and e.id <= r.top order by e.id desc limit 1) as balance
            from unnest(${bigintArray(tops)}) as r(top)`,
    ),
    rowsOf<{ id: string | number; amount: string | number; opener: string | number | null }>(
      db,
      sql`select e.id, e.amount,
                 (select min(e2.id) from ledger_transactions t2 join ledger_entries e2 on e2.transaction_id = t2.id
                   where t2.idempotency_key = case when t.kind = 'withdrawal_release' then 'withdrawal-hold:' || (t.refs ->> 'withdrawalId')
                                                   else 'purchase:' || (t.refs ->> 'purchaseId') end
                     and e2.account_id = any(${bigintArray(accounts.ids)})) as opener
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
           where e.id > ${Math.min(...tops)}
             and ((e.account_id = ${availableId} and (t.kind in ('withdrawal_release', 'commission_release') or (t.kind = 'refund' and e.amount < 0)))
               or (e.account_id = ${debtId} and t.kind = 'commission_release'))`,
    ),
  ]);
  const realAfterOf = new Map(realAfter.map((row) => [Number(row.top), Number(row.balance ?? 0)]));
  const lateEntries = late.map((row) => ({ id: Number(row.id), amount: Number(row.amount), opener: Number(row.opener ?? Infinity) }));
  return (top) =>
    (realAfterOf.get(top) ?? 0) +
    lateEntries.filter((entry) => entry.id > top && entry.opener <= top).reduce((total, entry) => total + entry.amount, 0);
}

/** A page of the member's events, newest first (by their first movement), keyset on that entry's id. */
export async function listMemberEvents(
  db: Db | Tx,
  userId: string,
  currency: string,
  filter: StatementEventFilter,
): Promise<StatementEventView[]> {
  const accounts = await readAccounts(db, userId, currency);
  if (!accounts) return [];
  const page = await readOpeningPage(db, accounts, filter);
  if (page.order.length === 0) return [];
  const { withdrawals, commissions, purchases, laterKeys } = await readObjects(db, userId, page.order);
  const { entriesOf, debtPaidOutOf } = await readEventEntries(db, accounts, page, laterKeys);
  const availableAfter = await readAvailableAfter(
    db,
    accounts,
    page.order.map((key) => page.top.get(key)!),
  );
  const objects: EventObjects = {
    withdrawals: new Map(withdrawals.map((row) => [row.id, row])),
    commissionsByPurchase: new Map(commissions.map((row) => [row.purchase_id, row])),
    purchases: new Map(purchases.map((row) => [row.id, row])),
    debtPaidOutOf,
  };
  return page.order.map((key) =>
    eventView(key, entriesOf.get(key) ?? [], objects, {
      position: page.position.get(key)!,
      availableAfter: availableAfter(page.top.get(key)!),
    }),
  );
}
