import type { BankLineReason } from '@orchard/shared';
import type { Tx } from '../../db/client';
import * as recharge from '../recharge/index';
import * as withdrawals from '../withdrawals/index';
import type { StatementLine } from './statement-line';

/**
 * What the matcher decides for one new bank line (README.md, "Matching"): credit an order, mark a
 * payout paid, note a payout already paid, or queue the line for an operator with a reason and
 * suggestions. It reads; the caller acts on the decision in the line's own transaction.
 */
export interface Suggestion {
  kind: 'recharge_order' | 'withdrawal';
  id: string;
  reference: string;
  amount: number;
  currency: string;
  status: string;
  why: string;
}
export type Decision =
  | { kind: 'credit'; orderId: string }
  | { kind: 'pay'; withdrawalId: string }
  | { kind: 'matched'; reason: 'payout'; withdrawalId: string }
  | { kind: 'queue'; reason: BankLineReason; orderId: string | null; withdrawalId: string | null; suggestions: Suggestion[] };

/** A recharge order's reference as create-order.ts makes them: R and 7 of its alphabet (no 0, 1, I, L, O). */
const ORDER_REFERENCE = /(?<![A-Z0-9])R[2-9A-HJKMNP-Z]{7}(?![A-Z0-9])/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** How long after a payout file is sent its bank line may be booked. */
const PAYOUT_WINDOW_DAYS = 10;

const orderReferencesIn = (text: string) => [...new Set(text.toUpperCase().match(ORDER_REFERENCE) ?? [])];
const uuidsIn = (text: string) => [...new Set((text.match(UUID) ?? []).map((id) => id.toLowerCase()))];

const orderSuggestion = (order: recharge.OrderCandidate, why: string): Suggestion => ({
  kind: 'recharge_order',
  id: order.id,
  reference: order.reference,
  amount: order.amount,
  currency: order.currency,
  status: order.status,
  why,
});
const payoutSuggestion = (payout: withdrawals.WithdrawalCandidate, why: string): Suggestion => ({
  kind: 'withdrawal',
  id: payout.id,
  reference: payout.id,
  amount: payout.net,
  currency: payout.currency,
  status: payout.status,
  why,
});

const queue = (reason: BankLineReason, suggestions: Suggestion[], ids: { orderId?: string; withdrawalId?: string } = {}): Decision => ({
  kind: 'queue',
  reason,
  orderId: ids.orderId ?? null,
  withdrawalId: ids.withdrawalId ?? null,
  suggestions: suggestions.filter((one, index) => suggestions.findIndex((other) => other.id === one.id) === index).slice(0, 5),
});

/** The order a line names, judged against what the bank paid. */
function judgeOrder(line: StatementLine, order: recharge.OrderCandidate, others: Suggestion[]): Decision {
  const named = [orderSuggestion(order, 'reference'), ...others];
  const ids = { orderId: order.id };
  if (order.currency !== line.currency) return queue('amount_mismatch', named, ids);
  if (order.status === 'credited') return queue('already_credited', named, ids);
  if (order.status === 'rejected' || order.status === 'cancelled') return queue('order_closed', named, ids);
  if (line.amount < order.amount) return queue('partial', named, ids);
  if (line.amount > order.amount) return queue('over_payment', named, ids);
  if (order.status === 'expired') return queue('late', named, ids);
  return { kind: 'credit', orderId: order.id };
}

async function decideIncoming(tx: Tx, line: StatementLine): Promise<Decision> {
  const text = `${line.details} ${line.counterparty}`;
  const payouts = await withdrawals.withdrawalsByIds(tx, uuidsIn(text));
  if (line.reversal || payouts.length > 0) {
    // Money back from the bank for a payout it could not deliver: an operator looks at it.
    return queue('payout_returned', payouts.map((payout) => payoutSuggestion(payout, 'reference')), { withdrawalId: payouts[0]?.id });
  }
  const sameAmount = (await recharge.openOrdersOfAmount(tx, line.amount, line.currency)).map((order) => orderSuggestion(order, 'amount'));
  const orders = await recharge.ordersByReferences(tx, orderReferencesIn(text));
  if (orders.length === 0) return queue('unknown_reference', sameAmount);
  const exact = orders.filter((order) => order.amount === line.amount && order.currency === line.currency);
  const chosen = orders.length === 1 ? orders[0]! : exact.length === 1 ? exact[0]! : null;
  if (!chosen) return queue('amount_mismatch', [...orders.map((order) => orderSuggestion(order, 'reference')), ...sameAmount]);
  return judgeOrder(line, chosen, sameAmount);
}

function daysBetween(from: Date, day: string): number {
  return Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from.toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

async function decideOutgoing(tx: Tx, line: StatementLine): Promise<Decision> {
  const net = -line.amount;
  const named = await withdrawals.withdrawalsByIds(tx, uuidsIn(`${line.details} ${line.counterparty}`));
  const sameAmount = (await withdrawals.processingWithdrawalsOfNet(tx, net, line.currency)).map((payout) => payoutSuggestion(payout, 'amount'));
  const payout = named[0];
  if (!payout || named.length > 1) return queue('unknown_payout', [...named.map((one) => payoutSuggestion(one, 'reference')), ...sameAmount]);
  const suggestions = [payoutSuggestion(payout, 'reference'), ...sameAmount];
  const ids = { withdrawalId: payout.id };
  if (line.reversal || payout.net !== net || payout.currency !== line.currency) return queue('payout_mismatch', suggestions, ids);
  if (payout.status === 'paid') return { kind: 'matched', reason: 'payout', withdrawalId: payout.id };
  if (payout.status !== 'processing' || !payout.processingAt) return queue('payout_mismatch', suggestions, ids);
  const days = daysBetween(payout.processingAt, line.bookedOn);
  if (days < 0 || days > PAYOUT_WINDOW_DAYS) return queue('payout_mismatch', suggestions, ids);
  return { kind: 'pay', withdrawalId: payout.id };
}

export function decide(tx: Tx, line: StatementLine): Promise<Decision> {
  return line.amount > 0 ? decideIncoming(tx, line) : decideOutgoing(tx, line);
}
