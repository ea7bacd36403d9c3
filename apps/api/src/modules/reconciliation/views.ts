import { type BankLine, SUSPICIOUS_BANK_LINE_REASONS, type BankLineReason } from '@orchard/shared';
import type { LineRow } from './repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Suspicious: money may have gone where it should not (a second payment, a returned payout, a reversal). */
export const isSuspicious = (row: Pick<LineRow, 'reason' | 'reversal'>) =>
  row.reversal || SUSPICIOUS_BANK_LINE_REASONS.includes(row.reason as BankLineReason);

export function toBankLineView(row: LineRow): BankLine {
  return {
    id: row.id,
    bankName: row.bank_name,
    bookedOn: row.booked_on,
    amount: Number(row.amount),
    currency: row.currency,
    details: row.details,
    counterparty: row.counterparty,
    reversal: row.reversal,
    status: row.status,
    reason: row.reason as BankLineReason,
    suspicious: isSuspicious(row),
    resolution: row.resolution,
    resolutionNote: row.resolution_note,
    rechargeOrderId: row.recharge_order_id,
    withdrawalId: row.withdrawal_id,
    suggestions: row.suggestions,
    resolvedByName: row.resolved_by_name,
    resolvedAt: iso(row.resolved_at),
  };
}
