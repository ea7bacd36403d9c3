import { sql, type SQL } from 'drizzle-orm';
import type { StatementEventKind, StatementEventState } from '@orchard/shared';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { LedgerTransactionKind } from '../db/schema/index';
import type { StatementAccount, StatementEntry } from './statement';

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

export interface StatementEventView {
  id: string;
  kind: StatementEventKind;
  state: StatementEventState;
  amount: number;
  availableAfter: number;
  availableEffect: number;
  held: number;
  reference: string | null;
  memo: string;
  occurredAt: Date;
  updatedAt: Date;
  timeline: { state: StatementEventState; at: Date }[];
  entries: StatementEntry[];
  /** The keyset position: the id of the event's first entry. */
  position: number;
}

const MEMBER_TYPES = ['member_available', 'member_on_hold', 'member_commission_pending', 'member_debt'];
const ACCOUNT_OF_TYPE: Record<string, StatementAccount> = {
  member_available: 'available',
  member_on_hold: 'on_hold',
  member_commission_pending: 'commission_pending',
  member_debt: 'debt',
};

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

const textArray = (values: readonly string[]) => sql`${`{${values.map((value) => `"${value.replaceAll('"', '')}"`).join(',')}}`}::text[]`;
const bigintArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::bigint[]`;

interface EntryRow {
  id: string | number;
  transaction_id: string | number;
  kind: LedgerTransactionKind;
  type: string;
  amount: string | number;
  balance_after: string | number | null;
  memo: string;
  refs: Record<string, string>;
  created_at: Date | string;
  key: string;
  opens: boolean;
}

function referenceOf(refs: Record<string, string>): string | null {
  return refs.reference ?? refs.rechargeOrderId ?? refs.purchaseId ?? refs.withdrawalId ?? null;
}

function toEntry(row: EntryRow): StatementEntry & { key: string; opens: boolean } {
  return {
    id: Number(row.id),
    transactionId: Number(row.transaction_id),
    kind: row.kind,
    account: ACCOUNT_OF_TYPE[row.type] ?? 'available',
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after ?? 0),
    memo: row.memo,
    refs: row.refs,
    createdAt: new Date(row.created_at),
    key: row.key,
    opens: row.opens,
  };
}

const sum = (entries: StatementEntry[], accounts: StatementAccount[]) =>
  entries.filter((entry) => accounts.includes(entry.account)).reduce((total, entry) => total + entry.amount, 0);

/** A page of the member's events, newest first (by their first movement), keyset on that entry's id. */
export async function listMemberEvents(
  db: Db | Tx,
  userId: string,
  currency: string,
  filter: StatementEventFilter,
): Promise<StatementEventView[]> {
  const accounts = await rowsOf<{ id: string | number; type: string }>(
    db,
    sql`select id, type from ledger_accounts where owner_id = ${userId} and currency = ${currency} and type = any(${textArray(MEMBER_TYPES)})`,
  );
  if (accounts.length === 0) return [];
  const accountIds = accounts.map((account) => Number(account.id));
  const availableId = Number(accounts.find((account) => account.type === 'member_available')?.id ?? 0);
  const debtId = Number(accounts.find((account) => account.type === 'member_debt')?.id ?? 0);

  // 1. The opening entries of the page's events: at most limit per account (one opening entry per
  //    event and account), merged newest first.
  const conditions: SQL[] = [sql`e.account_id = a.id`, OPENS_EVENT];
  if (filter.kinds && filter.kinds.length > 0) conditions.push(sql`${EVENT_KIND} = any(${textArray(filter.kinds)})`);
  if (filter.from) conditions.push(sql`e.created_at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`e.created_at < ${filter.to}`);
  if (filter.beforeId !== undefined) conditions.push(sql`e.id < ${filter.beforeId}`);
  const opening = await rowsOf<{ id: string | number; transaction_id: string | number; key: string }>(
    db,
    sql`select page.id, page.transaction_id, page.key
          from ledger_accounts a
          cross join lateral (
            select e.id, e.transaction_id, ${EVENT_KEY} as key
              from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
             where ${sql.join(conditions, sql` and `)}
             order by e.id desc
             limit ${filter.limit}
          ) page
         where a.id = any(${bigintArray(accountIds)})
         order by page.id desc`,
  );
  const order: string[] = [];
  const position = new Map<string, number>();
  const top = new Map<string, number>();
  const openingTransactions = new Set<number>();
  for (const row of opening) {
    const id = Number(row.id);
    if (!position.has(row.key)) {
      if (order.length === filter.limit) continue;
      order.push(row.key);
      top.set(row.key, id);
    }
    position.set(row.key, Math.min(position.get(row.key) ?? id, id));
    openingTransactions.add(Number(row.transaction_id));
  }
  if (order.length === 0) return [];

  // 2. The objects behind them, for their state and their later movements' keys.
  const idsOf = (prefix: string) => order.filter((key) => key.startsWith(`${prefix}:`)).map((key) => key.slice(prefix.length + 1));
  const withdrawalIds = idsOf('withdrawal');
  const commissionPurchaseIds = idsOf('commission');
  const purchaseIds = [...idsOf('purchase'), ...idsOf('refund')];
  const withdrawals =
    withdrawalIds.length === 0
      ? []
      : await rowsOf<{
          id: string;
          status: string;
          payout_reference: string | null;
          created_at: Date | string;
          processing_at: Date | string | null;
          resolved_at: Date | string | null;
        }>(
          db,
          sql`select id, status, payout_reference, created_at, processing_at, resolved_at
                from withdrawals where id = any(${textArray(withdrawalIds)}::uuid[]) and user_id = ${userId}`,
        );
  const commissions =
    commissionPurchaseIds.length === 0
      ? []
      : await rowsOf<{
          id: string;
          purchase_id: string;
          status: string;
          created_at: Date | string;
          released_at: Date | string | null;
          reversed_at: Date | string | null;
        }>(
          db,
          sql`select id, purchase_id, status, created_at, released_at, reversed_at
                from commissions where purchase_id = any(${textArray(commissionPurchaseIds)}::uuid[]) and beneficiary_id = ${userId}`,
        );
  const purchases =
    purchaseIds.length === 0
      ? []
      : await rowsOf<{ id: string; status: string; plan_name: string; created_at: Date | string; refunded_at: Date | string | null }>(
          db,
          sql`select id, status, plan_name, created_at, refunded_at from purchases where id = any(${textArray(purchaseIds)}::uuid[])`,
        );
  const laterKeys = [
    ...withdrawalIds.map((id) => `withdrawal-settle:${id}`),
    ...commissionPurchaseIds.map((id) => `refund:${id}`),
    ...commissions.flatMap((commission) => [`commission-release:${commission.id}`, `commission-void:${commission.id}`]),
  ];

  // 3. Every entry of the member in those transactions, each assigned to its event.
  const entryRows = await rowsOf<EntryRow>(
    db,
    sql`select e.id, e.transaction_id, t.kind, a.type, e.amount, e.balance_after, t.memo, t.refs, e.created_at,
               ${EVENT_KEY} as key, ${OPENS_EVENT} as opens
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
         where (t.id = any(${bigintArray([...openingTransactions])}) or t.idempotency_key = any(${textArray(laterKeys)}))
           and e.account_id = any(${bigintArray(accountIds)})
         order by e.id`,
  );
  const entriesOf = new Map<string, ReturnType<typeof toEntry>[]>();
  // A debt paid out of a commission's release is its own event; the commission counts it as earned.
  const debtPaidOutOf = new Map<string, number>();
  for (const row of entryRows) {
    const entry = toEntry(row);
    if (entry.kind === 'commission_release' && entry.account === 'debt' && entry.refs.purchaseId) {
      debtPaidOutOf.set(entry.refs.purchaseId, (debtPaidOutOf.get(entry.refs.purchaseId) ?? 0) + entry.amount);
    }
    if (!position.has(entry.key)) continue;
    entriesOf.set(entry.key, [...(entriesOf.get(entry.key) ?? []), entry]);
  }

  // 4. The running available balance: the real balance after the event's first movement, plus
  //    what later movements of events begun by then have added since (a release, a return, a
  //    claw-back, and a debt paid out of a commission counted as the commission's).
  const tops = order.map((key) => top.get(key)!);
  const minTop = Math.min(...tops);
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
                     and e2.account_id = any(${bigintArray(accountIds)})) as opener
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
           where e.id > ${minTop}
             and ((e.account_id = ${availableId} and (t.kind in ('withdrawal_release', 'commission_release') or (t.kind = 'refund' and e.amount < 0)))
               or (e.account_id = ${debtId} and t.kind = 'commission_release'))`,
    ),
  ]);
  const realAfterOf = new Map(realAfter.map((row) => [Number(row.top), Number(row.balance ?? 0)]));
  const lateEntries = late.map((row) => ({ id: Number(row.id), amount: Number(row.amount), opener: Number(row.opener ?? Infinity) }));

  const withdrawalById = new Map(withdrawals.map((row) => [row.id, row]));
  const commissionByPurchase = new Map(commissions.map((row) => [row.purchase_id, row]));
  const purchaseById = new Map(purchases.map((row) => [row.id, row]));
  const at = (value: Date | string) => new Date(value);

  return order.map((key): StatementEventView => {
    const entries = entriesOf.get(key) ?? [];
    const kind = key.slice(0, key.indexOf(':')) as StatementEventKind;
    const objectId = key.slice(key.indexOf(':') + 1);
    const openingEntries = entries.filter((entry) => entry.opens);
    const first = openingEntries[0] ?? entries[0]!;
    const last = entries[entries.length - 1] ?? first;
    const eventTop = top.get(key)!;
    const availableAfter =
      (realAfterOf.get(eventTop) ?? 0) +
      lateEntries.filter((entry) => entry.id > eventTop && entry.opener <= eventTop).reduce((total, entry) => total + entry.amount, 0);
    let availableEffect = sum(entries, ['available']);
    let amount = sum(openingEntries, ['available', 'commission_pending']);
    let state: StatementEventState = 'completed';
    let timeline: StatementEventView['timeline'] = [{ state: 'completed', at: first.createdAt }];
    let reference = referenceOf(first.refs);
    if (kind === 'commission') {
      availableEffect += debtPaidOutOf.get(objectId) ?? 0;
      const commission = commissionByPurchase.get(objectId);
      state = (commission?.status as StatementEventState | undefined) ?? 'pending';
      timeline = [{ state: commission?.status === 'review' ? 'review' : 'pending', at: first.createdAt }];
      if (commission?.released_at) timeline.push({ state: 'available', at: at(commission.released_at) });
      if (commission?.reversed_at) timeline.push({ state: 'reversed', at: at(commission.reversed_at) });
    } else if (kind === 'debt_settled') {
      amount = -sum(openingEntries, ['debt']);
      availableEffect = amount;
    } else if (kind === 'withdrawal') {
      const withdrawal = withdrawalById.get(objectId);
      const status = withdrawal?.status ?? 'pending';
      state = status === 'pending' ? 'requested' : status === 'processing' ? 'processing' : status === 'paid' ? 'paid' : 'returned';
      timeline = [{ state: 'requested', at: withdrawal ? at(withdrawal.created_at) : first.createdAt }];
      if (withdrawal?.processing_at) timeline.push({ state: 'processing', at: at(withdrawal.processing_at) });
      if (withdrawal?.resolved_at && (state === 'paid' || state === 'returned')) timeline.push({ state, at: at(withdrawal.resolved_at) });
      if (withdrawal?.payout_reference) reference = withdrawal.payout_reference;
    } else if (kind === 'purchase') {
      const purchase = purchaseById.get(objectId);
      if (purchase?.status === 'refunded') {
        state = 'refunded';
        if (purchase.refunded_at) timeline.push({ state: 'refunded', at: at(purchase.refunded_at) });
      }
    }
    return {
      id: key,
      kind,
      state,
      amount,
      availableAfter,
      availableEffect,
      held: Math.max(0, sum(entries, ['on_hold'])),
      reference,
      memo: first.memo,
      occurredAt: first.createdAt,
      updatedAt: last.createdAt,
      timeline,
      entries: entries.map(({ key: _key, opens: _opens, ...entry }) => entry),
      position: position.get(key)!,
    };
  });
}
