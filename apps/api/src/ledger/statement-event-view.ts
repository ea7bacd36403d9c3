import type { StatementEventKind, StatementEventState } from '@orchard/shared';
import type { StatementAccount, StatementEntry } from './statement';

/**
 * One event of the member's statement (see `statement-events.ts`) from what its page read: its
 * entries, the object behind it (a withdrawal, a commission, a purchase) and the running balance.
 * Each event kind's state and timeline come from its object; the amounts, from its entries.
 */

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

/** A member entry with the event it belongs to and whether it is part of its first movement. */
export type EventEntry = StatementEntry & { key: string; opens: boolean };

type Timestamp = Date | string;

export interface WithdrawalRow {
  id: string;
  status: string;
  payout_reference: string | null;
  created_at: Timestamp;
  processing_at: Timestamp | null;
  resolved_at: Timestamp | null;
}

export interface CommissionRow {
  id: string;
  purchase_id: string;
  status: string;
  created_at: Timestamp;
  released_at: Timestamp | null;
  reversed_at: Timestamp | null;
}

export interface PurchaseRow {
  id: string;
  status: string;
  plan_name: string;
  created_at: Timestamp;
  refunded_at: Timestamp | null;
}

/** The objects behind the page's events, by their ids (a commission by its purchase's). */
export interface EventObjects {
  withdrawals: Map<string, WithdrawalRow>;
  commissionsByPurchase: Map<string, CommissionRow>;
  purchases: Map<string, PurchaseRow>;
  /** What releases of commissions (by purchase id) paid on the member's debt: counted as the commission's. */
  debtPaidOutOf: Map<string, number>;
}

type Timeline = StatementEventView['timeline'];

interface EventStatus {
  state: StatementEventState;
  timeline: Timeline;
  reference: string | null;
  amount: number;
  availableEffect: number;
}

const at = (value: Timestamp) => new Date(value);

const sumOf = (entries: StatementEntry[], accounts: StatementAccount[]) =>
  entries.filter((entry) => accounts.includes(entry.account)).reduce((total, entry) => total + entry.amount, 0);

function referenceOf(refs: Record<string, string>): string | null {
  return refs.reference ?? refs.rechargeOrderId ?? refs.purchaseId ?? refs.withdrawalId ?? null;
}

function commissionStatus(base: EventStatus, commission: CommissionRow | undefined, debtPaid: number, openedAt: Date): EventStatus {
  const timeline: Timeline = [{ state: commission?.status === 'review' ? 'review' : 'pending', at: openedAt }];
  if (commission?.released_at) timeline.push({ state: 'available', at: at(commission.released_at) });
  if (commission?.reversed_at) timeline.push({ state: 'reversed', at: at(commission.reversed_at) });
  const state = (commission?.status as StatementEventState | undefined) ?? 'pending';
  return { ...base, state, timeline, availableEffect: base.availableEffect + debtPaid };
}

function withdrawalStatus(base: EventStatus, withdrawal: WithdrawalRow | undefined, openedAt: Date): EventStatus {
  const status = withdrawal?.status ?? 'pending';
  const state: StatementEventState =
    status === 'pending' ? 'requested' : status === 'processing' ? 'processing' : status === 'paid' ? 'paid' : 'returned';
  const timeline: Timeline = [{ state: 'requested', at: withdrawal ? at(withdrawal.created_at) : openedAt }];
  if (withdrawal?.processing_at) timeline.push({ state: 'processing', at: at(withdrawal.processing_at) });
  if (withdrawal?.resolved_at && (state === 'paid' || state === 'returned')) timeline.push({ state, at: at(withdrawal.resolved_at) });
  return { ...base, state, timeline, reference: withdrawal?.payout_reference ? withdrawal.payout_reference : base.reference };
}

function purchaseStatus(base: EventStatus, purchase: PurchaseRow | undefined): EventStatus {
  if (purchase?.status !== 'refunded') return base;
  const timeline = purchase.refunded_at ? [...base.timeline, { state: 'refunded' as const, at: at(purchase.refunded_at) }] : base.timeline;
  return { ...base, state: 'refunded', timeline };
}

/** The event's state, timeline, reference and amounts, by its kind. */
function statusOf(kind: StatementEventKind, objectId: string, entries: EventEntry[], objects: EventObjects): EventStatus {
  const openingEntries = entries.filter((entry) => entry.opens);
  const first = openingEntries[0] ?? entries[0]!;
  const base: EventStatus = {
    state: 'completed',
    timeline: [{ state: 'completed', at: first.createdAt }],
    reference: referenceOf(first.refs),
    amount: sumOf(openingEntries, ['available', 'commission_pending']),
    availableEffect: sumOf(entries, ['available']),
  };
  switch (kind) {
    case 'commission':
      return commissionStatus(base, objects.commissionsByPurchase.get(objectId), objects.debtPaidOutOf.get(objectId) ?? 0, first.createdAt);
    case 'debt_settled': {
      const amount = -sumOf(openingEntries, ['debt']);
      return { ...base, amount, availableEffect: amount };
    }
    case 'withdrawal':
      return withdrawalStatus(base, objects.withdrawals.get(objectId), first.createdAt);
    case 'purchase':
      return purchaseStatus(base, objects.purchases.get(objectId));
    default:
      return base;
  }
}

/** The event `key` (`<kind>:<object id>`) of the page from its entries (oldest first), its objects and its position. */
export function eventView(
  key: string,
  entries: EventEntry[],
  objects: EventObjects,
  place: { position: number; availableAfter: number },
): StatementEventView {
  const kind = key.slice(0, key.indexOf(':')) as StatementEventKind;
  const objectId = key.slice(key.indexOf(':') + 1);
  const first = entries.find((entry) => entry.opens) ?? entries[0]!;
  const last = entries[entries.length - 1] ?? first;
  return {
    id: key,
    kind,
    ...statusOf(kind, objectId, entries, objects),
    availableAfter: place.availableAfter,
    held: Math.max(0, sumOf(entries, ['on_hold'])),
    memo: first.memo,
    occurredAt: first.createdAt,
    updatedAt: last.createdAt,
    entries: entries.map(({ key: _key, opens: _opens, ...entry }) => entry),
    position: place.position,
  };
}
