import type { LedgerTransactionType } from '@orchard/shared';

/* The /trx/log route validates its search params with this file, so it is on the first load: keep it tiny. */

/** Transaction types in the order the filter offers them. */
export const STATEMENT_TYPES: readonly LedgerTransactionType[] = [
  'recharge',
  'plan_purchase',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_release',
  'coupon_credit',
  'adjustment_credit',
  'adjustment_debit',
  'reversal',
];

const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /trx/log search params, read by hand (this runs in the route's validateSearch, which is part
 * of the first bundle, so no zod): unknown types and malformed dates are dropped.
 */
export function parseStatementSearch(search: Record<string, unknown>): { type?: string; from?: string; to?: string } {
  const result: { type?: string; from?: string; to?: string } = {};
  if (typeof search.type === 'string' && (STATEMENT_TYPES as readonly string[]).includes(search.type)) result.type = search.type;
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DATE_PARAM.test(value) && !Number.isNaN(Date.parse(value))) result[key] = value;
  }
  return result;
}
